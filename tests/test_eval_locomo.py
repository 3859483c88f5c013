"""LoCoMo evaluation: loading, normalisation, ingestion with provenance, metric arithmetic, CLI.

The data is a tiny LoCoMo-format file written here; the real benchmark is never read by tests.
"""

from __future__ import annotations

import json
import math
import sys

import pytest
from dspy.utils import DummyLM

from chatbot.cli.main import main
from chatbot.evaluation import locomo, metrics
from chatbot.evaluation.ingest import distinct_batches, ingest_direct, windows
from chatbot.evaluation.runner import EvalConfig, aggregate, run_locomo
from chatbot.memory.query import search_text

from scripted import answer, finish, step

SAMPLE = {
    "sample_id": "conv-t1",
    "conversation": {
        "speaker_a": "Alice",
        "speaker_b": "Bob",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Alice", "dia_id": "D1:1",
             "text": "I adopted a beagle puppy last week and named him Rex."},
            {"speaker": "Bob", "dia_id": "D1:2", "text": "Lovely! I have been practising a lot.",
             "blip_caption": "a photo of a cello on a stand", "img_url": ["http://x/y.jpg"]},
            {"speaker": "Alice", "dia_id": "D1:3", "text": "Thanks!"},
            {"speaker": "Alice", "dia_id": "D1:4", "text": "Thanks!"},
        ],
        "session_2_date_time": "10:04 am on 19 June, 2023",
        "session_2": [
            {"speaker": "Alice", "dia_id": "D2:1",
             "text": "We moved to Lisbon because I got a job at a bakery there."},
            {"speaker": "Bob", "dia_id": "D2:2",
             "text": "My cello recital is this Saturday in Porto."},
        ],
        "session_3_date_time": "9:00 am on 1 July, 2023",
        "session_3": "this session was lost",
    },
    "qa": [
        {"question": "What is the name of Alice's dog?", "answer": "Rex",
         "evidence": ["D1:1"], "category": 4},
        {"question": "Why did Alice move to Lisbon after getting a dog?", "answer": "a bakery job",
         "evidence": ["D2:1; D1:1"], "category": 1},
        {"question": "When is Bob's cello recital?", "answer": "Saturday",
         "evidence": ["D:2:2"], "category": 2},
        {"question": "Which instrument does Bob play?", "answer": 2023,
         "evidence": ["D01:02"], "category": 3},
        {"question": "What is Bob's cat called?", "adversarial_answer": "Tom",
         "evidence": ["D1:2"], "category": 5},
        {"question": "What did Alice say?", "answer": "thanks", "evidence": ["D"], "category": 4},
    ],
}
SECOND = {
    "sample_id": "conv-t2",
    "conversation": {"speaker_a": "Cy", "speaker_b": "Di",
                     "session_1_date_time": "8:00 pm on 1 January, 2024",
                     "session_1": [{"speaker": "Cy", "dia_id": "D1:1", "text": "I love chess."}]},
    "qa": [{"question": "What does Cy love?", "answer": "chess", "evidence": ["D1:1"],
            "category": 4}],
}


@pytest.fixture
def data_file(tmp_path):
    path = tmp_path / "locomo-tiny.json"
    path.write_text(json.dumps([SAMPLE, SECOND]), encoding="utf-8")
    return path


# ----------------------------------------------------------------------------- loading


def test_normalise_evidence_fixes_the_known_malformed_ids():
    assert locomo.normalise_evidence("D8:6; D9:17") == ["D8:6", "D9:17"]
    assert locomo.normalise_evidence("D:11:26") == ["D11:26"]
    assert locomo.normalise_evidence("D30:05") == ["D30:5"]
    assert locomo.normalise_evidence("D") == []
    assert locomo.normalise_evidence("D3:4") == ["D3:4"]


def test_session_date_and_turn_text():
    date = locomo.parse_session_date("1:56 pm on 8 May, 2023")
    assert date.isoformat() == "2023-05-08T13:56:00"
    assert locomo.parse_session_date("12:09 am on 13 September, 2023").isoformat() == \
        "2023-09-13T00:09:00"
    assert locomo.parse_session_date("sometime") is None
    bob = locomo.parse_sample(SAMPLE).sessions[0].turns[1]
    assert locomo.turn_text(bob, date) == (
        "[8 May 2023] Bob: Lovely! I have been practising a lot. "
        "[shares a photo of a cello on a stand]")


def test_load_skips_non_list_sessions_category_5_and_empty_evidence(data_file):
    convs = locomo.load_locomo(data_file)
    assert [c.sample_id for c in convs] == ["conv-t1", "conv-t2"]
    c = convs[0]
    assert [s.number for s in c.sessions] == [1, 2]
    assert c.turn_count == 6
    assert c.skipped == {"non_list_sessions": 1, "category_5": 1, "no_evidence": 1,
                         "bad_turns": 0}
    assert [(q.id, q.category, q.evidence) for q in c.questions] == [
        ("conv-t1/q0", 4, ("D1:1",)),
        ("conv-t1/q1", 1, ("D2:1", "D1:1")),
        ("conv-t1/q2", 2, ("D2:2",)),
        ("conv-t1/q3", 3, ("D1:2",)),
    ]
    assert c.questions[3].answer == "2023"  # numeric answers become text
    assert [c.sample_id for c in locomo.load_locomo(data_file, ["conv-t2"])] == ["conv-t2"]


@pytest.mark.parametrize("content, message", [
    (None, "not found"),
    (b"{not json", "not valid JSON (line 1"),
    (b"\xff\xfe\x00bad", "not UTF-8"),
    (b'{"sample_id": "x"}', "expected a non-empty JSON list"),
    (b'[{"sample_id": "x", "conversation": {}}]', "has no valid 'qa'"),
])
def test_bad_data_files_raise_one_line(tmp_path, content, message):
    path = tmp_path / "data.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(locomo.DataError) as err:
        locomo.load_locomo(path)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_unknown_conversation_names_the_available_ones(data_file):
    with pytest.raises(locomo.DataError, match="no conversation conv-99 .* conv-t1, conv-t2"):
        locomo.load_locomo(data_file, ["conv-99"])


# --------------------------------------------------------------------------- ingestion


def test_direct_ingestion_one_memory_per_turn_with_provenance(store, data_file):
    conv = locomo.load_locomo(data_file)[0]
    stats = ingest_direct(store, conv, context=0)
    assert stats["turns"] == 6 and stats["memory_add"] == 6
    memories = store.list("conv-t1")
    by_id = {m.source.message_ids[0]: m for m in memories}
    assert sorted(by_id) == ["D1:1", "D1:2", "D1:3", "D1:4", "D2:1", "D2:2"]
    assert all(len(m.source.message_ids) == 1 for m in memories)
    # the same words at two dia_ids stay two memories
    assert by_id["D1:3"].memory_text == by_id["D1:4"].memory_text == "[8 May 2023] Alice: Thanks!"
    assert by_id["D1:3"].id != by_id["D1:4"].id
    assert by_id["D1:1"].observed_at.startswith("2023-05-08T13:56")
    assert by_id["D2:2"].observed_at.startswith("2023-06-19T10:04")
    assert by_id["D2:2"].source.session_id == "conv-t1/session_2"
    assert store.count("conv-t2") == 0  # each conversation is its own user scope


def test_direct_ingestion_with_previous_turn_as_context(store, data_file):
    conv = locomo.load_locomo(data_file)[0]
    stats = ingest_direct(store, conv)  # the default: one previous turn of the session
    assert stats["turns"] == 6 and stats["with_context"] == 4
    by_last = {m.source.message_ids[-1]: m for m in store.list("conv-t1")}
    # provenance is exactly the turns whose text the memory holds; sessions are not crossed
    assert by_last["D1:1"].source.message_ids == ["D1:1"]
    assert by_last["D1:2"].source.message_ids == ["D1:1", "D1:2"]
    assert by_last["D2:1"].source.message_ids == ["D2:1"]
    assert by_last["D2:2"].source.message_ids == ["D2:1", "D2:2"]
    text = by_last["D1:2"].memory_text
    assert "beagle puppy" in text and "practising a lot" in text
    # the turn itself first, its context after it (a long context can never push it out)
    assert text.index("practising") < text.index("beagle")


def test_search_query_drops_speaker_names_and_hypothetical_scaffolding():
    speakers = ("Alice", "Bob")
    assert search_text("What is the name of Alice's dog?", speakers) == (
        "What is the name of dog")
    assert search_text("Why did Alice and Bob both move?", speakers) == (
        "Why did and both move")
    assert search_text("Would Bob likely enjoy a cello recital?", speakers) == (
        "enjoy a cello recital")
    assert search_text("What would Alice's favourite city likely be?", speakers) == (
        "favourite city be")
    # scaffolding is only removed from hypothetical questions; other names stay
    assert search_text("Did Alice visit Carol in Porto?", speakers) == (
        "Did visit Carol in Porto")
    # nothing left but the names: the question as it is
    assert search_text("Alice?", speakers) == "Alice?"
    assert search_text("Where is Rex?") == "Where is Rex"


def test_distinct_batches_keep_repeated_texts_apart():
    items = [{"text": t} for t in ["a", "b", "a", "c", "a"]]
    batches = distinct_batches(items, 3)
    assert [[i["text"] for i in b] for b in batches] == [["a", "b", "c"], ["a"], ["a"]]
    assert windows(list(range(7)), 3) == [[0, 1, 2], [3, 4, 5], [6]]


# ----------------------------------------------------------------------------- metrics


def test_metrics_on_a_hand_made_ranking():
    # memory provenance, best first; evidence D1, D2, D5 (D5 never retrieved)
    ranked = [["D9"], ["D1", "D2"], ["D3"], ["D2"]]
    gold = ["D1", "D2", "D5"]
    assert metrics.recall_at_k(ranked, gold, 1) == 0.0
    assert metrics.recall_at_k(ranked, gold, 2) == pytest.approx(2 / 3)
    assert metrics.recall_at_k(ranked, gold, 10) == pytest.approx(2 / 3)
    assert metrics.hit_at_k(ranked, gold, 1) == 0.0
    assert metrics.hit_at_k(ranked, gold, 2) == 1.0
    assert metrics.reciprocal_rank(ranked, gold) == 0.5
    # only rank 2 adds evidence (rank 4 repeats D2): DCG = 1/log2(3);
    # ideal = three relevant on top = 1 + 1/log2(3) + 1/2
    expected = (1 / math.log2(3)) / (1 + 1 / math.log2(3) + 0.5)
    assert metrics.ndcg_at_k(ranked, gold, 10) == pytest.approx(expected)
    assert expected == pytest.approx(0.29608, abs=1e-5)


def test_turn_recall_counts_distinct_turns_read_not_memories():
    # three-turn memories that overlap: the budget is spent on distinct ids, in rank order
    ranked = [["D1", "D2", "D3"], ["D2", "D3", "D4"], ["D7", "D8", "D9"]]
    gold = ["D4", "D8"]
    assert metrics.turn_recall(ranked, gold, budget=3) == 0.0  # D1-D3 read, nothing found
    assert metrics.turn_recall(ranked, gold, budget=4) == 0.5  # D4 is the 4th distinct id
    assert metrics.turn_recall(ranked, gold, budget=5) == 0.5  # D7 read, D8 not yet
    assert metrics.turn_recall(ranked, gold, budget=6) == 1.0
    assert metrics.turn_recall(ranked, [], budget=20) == 0.0
    # recall@k rewards the bigger unit; turns@budget does not
    assert metrics.recall_at_k(ranked, gold, 3) == 1.0


def test_ndcg_direct_mode_shape_and_edges():
    # one dia_id per memory: relevant at ranks 1 and 3 out of 2 evidence ids
    assert metrics.ndcg_at_k([["a"], ["x"], ["b"]], ["a", "b"], 10) == pytest.approx(
        (1 + 0.5) / (1 + 1 / math.log2(3)))
    assert metrics.ndcg_at_k([["a"], ["b"]], ["a", "b"], 10) == pytest.approx(1.0)
    assert metrics.ndcg_at_k([["b"], ["a"]], ["a", "b"], 1) == pytest.approx(1.0)
    assert metrics.ndcg_at_k([], ["a"], 10) == 0.0
    assert metrics.recall_at_k([["a"]], [], 5) == 0.0
    assert metrics.reciprocal_rank([["x"], ["y"]], ["a"]) == 0.0


def test_percentile_and_answer_scores():
    assert metrics.percentile([4, 1, 3, 2], 50) == 2.5
    assert metrics.percentile([1, 2, 3, 4], 95) == pytest.approx(3.85)
    assert metrics.percentile([], 50) == 0.0
    assert metrics.answer_tokens("The cat, a dog!") == ["cat", "dog"]
    # pred {cat, sat} vs gold {cat, sat, down}: P = 1, R = 2/3
    assert metrics.token_f1("The cat sat.", "a cat sat down") == pytest.approx(0.8)
    assert metrics.bleu1("The cat sat.", "a cat sat down") == pytest.approx(math.exp(-0.5))
    assert metrics.bleu1("cat cat cat", "cat") == pytest.approx(1 / 3)  # clipped, no penalty
    assert metrics.token_f1("Rex", "rex") == 1.0 and metrics.token_f1("", "rex") == 0.0


def test_aggregate_means_by_category_with_string_keys():
    def rec(cat, r1, ms):
        return {"category": cat, "metrics": {"recall@1": r1, "mrr": r1, "search_ms": ms}}

    agg = aggregate([rec(1, 1.0, 10.0), rec(1, 0.0, 20.0), rec(4, 0.5, 30.0)])
    assert agg["overall"]["n"] == 3 and agg["overall"]["recall@1"] == pytest.approx(0.5)
    assert agg["overall"]["search_ms_p50"] == 20.0
    assert agg["overall"]["search_ms_p95"] == pytest.approx(29.0)
    assert agg["by_category"]["1"] == {"n": 2, "recall@1": 0.5, "mrr": 0.5,
                                       "search_ms_p50": 15.0, "search_ms_p95": 19.5}
    assert list(agg["by_category"]) == ["1", "4"]


# ------------------------------------------------------------------------ whole runs

OVERALL_KEYS = {"n", "recall@1", "recall@5", "recall@10", "recall@20", "ndcg@10", "hit@10",
                "mrr", "search_ms_p50", "search_ms_p95"}


def test_run_direct_records_and_aggregate(store, data_file):
    convs = locomo.load_locomo(data_file)
    results = run_locomo(store, convs, EvalConfig(), data_file=data_file, data_sha256="x")
    assert set(results) == {"settings", "ingest", "timing", "aggregate", "questions"}
    s = results["settings"]
    assert s["mode"] == "direct" and s["k"] == [1, 5, 10, 20] and s["engine"] == store.engine
    assert s["embedder"] == store.embedder.name and s["skipped"]["category_5"] == 1
    assert results["ingest"]["memories"] == {"conv-t1": 6, "conv-t2": 1}
    qs = {q["id"]: q for q in results["questions"]}
    assert list(qs) == ["conv-t1/q0", "conv-t1/q1", "conv-t1/q2", "conv-t1/q3", "conv-t2/q0"]
    q0 = qs["conv-t1/q0"]
    assert q0["evidence"] == ["D1:1"] and q0["category"] == 4
    # every memory of the conversation fits in the top 20, and only its own
    assert len(q0["retrieved"]) == 6
    assert sorted(r["message_ids"][-1] for r in q0["retrieved"]) == [
        "D1:1", "D1:2", "D1:3", "D1:4", "D2:1", "D2:2"]
    assert {"memory_id", "score", "message_ids", "text"} <= set(q0["retrieved"][0])
    assert "D1:1" in q0["retrieved"][0]["message_ids"]  # the dog question finds the dog turn
    assert q0["metrics"]["recall@1"] == 1.0 and q0["metrics"]["mrr"] == 1.0
    for q in qs.values():
        ranked = [r["message_ids"] for r in q["retrieved"]]
        assert q["metrics"]["recall@20"] == 1.0 and q["metrics"]["hit@10"] == 1.0
        assert q["metrics"]["recall@5"] == metrics.recall_at_k(ranked, q["evidence"], 5)
        assert q["metrics"]["ndcg@10"] == pytest.approx(
            metrics.ndcg_at_k(ranked, q["evidence"], 10))
    agg = results["aggregate"]
    assert OVERALL_KEYS <= set(agg["overall"]) and agg["overall"]["n"] == 5
    assert set(agg["by_category"]) == {"1", "2", "3", "4"}
    assert agg["by_category"]["4"]["n"] == 2
    assert agg["overall"]["recall@5"] == pytest.approx(
        sum(q["metrics"]["recall@5"] for q in qs.values()) / 5)
    json.dumps(results)  # the whole record is JSON


def test_run_agent_mode_memories_carry_window_provenance(store, data_file):
    conv = locomo.load_locomo(data_file, ["conv-t1"])
    lm = DummyLM([
        step("add_memory", {"memory_text": "Alice has a beagle called Rex",
                            "categories": ["pets"]}),
        finish(),
        step("add_memory", {"memory_text": "Alice moved to Lisbon for a bakery job",
                            "categories": ["location"]}),
        finish(),
    ])
    results = run_locomo(store, conv, EvalConfig(mode="agent", lm=lm))
    assert results["ingest"]["events"]["memory_add"] == 2
    assert results["ingest"]["events"]["updater_runs"] == 2
    memories = {m.memory_text: m for m in store.list("conv-t1")}
    dog = memories["Alice has a beagle called Rex"]
    assert dog.source.message_ids == ["D1:1", "D1:2", "D1:3", "D1:4"]
    assert dog.source.session_id == "conv-t1/session_1" and dog.source.actor == "locomo_agent"
    assert dog.observed_at.startswith("2023-05-08")
    # both speakers reach the agent by name, as user messages
    prompt = str(lm.history[0]["messages"])
    assert "Alice (user): I adopted" in prompt and "Bob (user): Lovely!" in prompt
    move = memories["Alice moved to Lisbon for a bakery job"]
    assert move.source.message_ids == ["D2:1", "D2:2"]
    by_id = {q["id"]: q for q in results["questions"]}
    assert by_id["conv-t1/q1"]["metrics"]["recall@20"] == 1.0  # D2:1 and D1:1, two memories
    assert results["aggregate"]["overall"]["recall@20"] == 1.0


def test_run_with_answers_and_judge(store, data_file):
    conv = locomo.load_locomo(data_file, ["conv-t2"])
    lm = DummyLM([
        step("fetch_similar_memories", {"search_text": "Cy loves", "categories": []}),
        finish(), answer("Chess.", False),
    ])
    judge_lm = DummyLM([{"reason": "same game", "label": "CORRECT"}])
    results = run_locomo(store, conv, EvalConfig(answer=True, lm=lm, judge_lm=judge_lm,
                                                 answer_modes=("memory",)))
    [q] = results["questions"]
    qa = q["answers"]["memory"]
    assert qa["response"] == "Chess." and qa["f1"] == 1.0 and qa["bleu1"] == 1.0
    assert qa["lm_calls"] == 3 and qa["judge"] == "CORRECT" and qa["judge_lm_calls"] == 1
    assert qa["searches"][0]["message_ids"] == ["D1:1"]
    overall = results["aggregate"]["overall"]["answers"]["memory"]
    assert overall["f1"] == 1.0 and overall["judge_accuracy"] == 1.0 and overall["lm_calls"] == 3


# -------------------------------------------------------------------------------- CLI


def test_cli_eval_writes_json(data_file, tmp_path, engine, capsys):
    out = tmp_path / "results.json"
    code = main(["eval", "locomo", "--data", str(data_file), "--conversations", "conv-t1",
                 "--k", "1,3", "--engine", engine, "--out", str(out), "--json"])
    assert code == 0
    printed = json.loads(capsys.readouterr().out)
    saved = json.loads(out.read_text())
    assert printed["aggregate"] == saved["aggregate"]
    assert saved["settings"]["k"] == [1, 3] and saved["settings"]["engine"] == engine
    assert saved["settings"]["conversations"] == ["conv-t1"]
    assert len(saved["settings"]["data_sha256"]) == 64
    assert {"recall@1", "recall@3", "hit@10", "ndcg@10"} <= set(saved["aggregate"]["overall"])
    assert saved["aggregate"]["overall"]["n"] == 4 and len(saved["questions"]) == 4
    assert saved["settings"]["query"] == "rewrite"
    assert 0.0 <= saved["aggregate"]["overall"]["turns@20"] <= 1.0
    q0 = saved["questions"][0]
    assert q0["question"] == "What is the name of Alice's dog?"
    assert q0["query"] == search_text(q0["question"], ["Alice", "Bob"]) != q0["question"]


def test_cli_eval_can_search_with_the_question_as_it_is(data_file, tmp_path, capsys):
    out = tmp_path / "results.json"
    assert main(["eval", "locomo", "--data", str(data_file), "--conversations", "conv-t1",
                 "--query", "question", "--out", str(out), "--json"]) == 0
    saved = json.loads(out.read_text())
    assert saved["settings"]["query"] == "question"
    assert all(q["query"] == q["question"] for q in saved["questions"])


def test_cli_store_dir_is_reused_only_as_it_was_built(data_file, tmp_path, capsys):
    """A kept store serves the next run with the same ingestion; another --context, or a
    conversation whose ingestion was stopped, is one line and exit 1, not a silent mismatch."""
    kept, out = tmp_path / "kept", tmp_path / "r.json"
    args = ["eval", "locomo", "--data", str(data_file), "--conversations", "conv-t1",
            "--store-dir", str(kept), "--out", str(out), "--json"]
    assert main(args) == 0
    first = json.loads(out.read_text())
    assert main(args) == 0
    again = json.loads(out.read_text())
    assert first["ingest"]["reused"] == [] and again["ingest"]["reused"] == ["conv-t1"]
    assert again["aggregate"]["overall"]["recall@5"] == first["aggregate"]["overall"]["recall@5"]
    capsys.readouterr()
    assert main([*args, "--context", "0"]) == 1
    err = capsys.readouterr().err.strip()
    assert "context 2 (this run: 0)" in err and "\n" not in err
    built = json.loads((kept / "eval-ingest.json").read_text())
    built["conv-t1"]["complete"] = False  # as a run stopped while ingesting leaves it
    (kept / "eval-ingest.json").write_text(json.dumps(built))
    assert main(args) == 1
    assert "did not finish" in capsys.readouterr().err


def test_cli_eval_table(data_file, engine, capsys):
    assert main(["eval", "locomo", "--data", str(data_file), "--engine", engine]) == 0
    out = capsys.readouterr().out
    assert "overall" in out and "single-hop" in out and "ref hybrid RRF" in out
    assert "TURNS@20" in out


@pytest.mark.parametrize("setup", ["missing", "malformed", "unknown-conv"])
def test_cli_bad_data_is_one_line_and_exit_1(tmp_path, data_file, capsys, setup):
    path = tmp_path / "missing.json"
    extra = []
    if setup == "malformed":
        path.write_text("[{]")
    elif setup == "unknown-conv":
        path, extra = data_file, ["--conversations", "conv-404"]
    assert main(["eval", "locomo", "--data", str(path), *extra]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("chatbot: error: ") and "\n" not in err and "Traceback" not in err


def test_cli_plot_without_matplotlib_says_how_to_install(data_file, tmp_path, monkeypatch,
                                                        capsys):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails as if not installed
    code = main(["eval", "locomo", "--data", str(data_file), "--plot", str(tmp_path / "c.png")])
    assert code == 1
    err = capsys.readouterr().err.strip()
    assert "pip install matplotlib" in err and "\n" not in err
    assert not (tmp_path / "c.png").exists()


def test_cli_plot_writes_a_png(data_file, tmp_path, engine):
    pytest.importorskip("matplotlib")
    chart = tmp_path / "c.png"
    assert main(["eval", "locomo", "--data", str(data_file), "--engine", engine,
                 "--plot", str(chart)]) == 0
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_answer_and_judge_use_the_configured_lms(data_file, engine, monkeypatch, capsys):
    built = []

    def fake_build_lm(settings):
        built.append((settings.lm, settings.lm_temperature))
        if settings.lm == "judge/model":
            return DummyLM([{"reason": "same", "label": "CORRECT"}])
        return DummyLM([finish(), answer("chess", False)])

    monkeypatch.setattr("chatbot.lm.build_lm", fake_build_lm)
    code = main(["eval", "locomo", "--data", str(data_file), "--conversations", "conv-t2",
                 "--engine", engine, "--answer", "--answer-modes", "memory",
                 "--judge-lm", "judge/model", "--json"])
    assert code == 0
    assert built[1] == ("judge/model", 0.0)
    overall = json.loads(capsys.readouterr().out)["aggregate"]["overall"]["answers"]["memory"]
    assert overall["f1"] == 1.0 and overall["judge_accuracy"] == 1.0 and overall["lm_calls"] == 2
