"""The query path (memory.query), stemmed keywords, entities, and the relevance floor."""

from __future__ import annotations

import pytest

from chatbot.errors import ConfigError
from chatbot.memory.entities import EntityCounts, boost, extract
from chatbot.memory.keywords import KeywordEncoder
from chatbot.memory.query import search_text
from chatbot.memory.ranking import PRODUCT_FLOOR, RankingConfig


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
