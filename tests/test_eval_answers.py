"""Answer runs of the LoCoMo eval: sampling, answer modes and baselines, the answers report.

A tiny LoCoMo-format file written here; the LM is scripted (DummyLM, or a scripted llama.cpp
behind the real embedded engine for the small-model path); store and embedder are real.
"""

from __future__ import annotations

import json

import pytest
from dspy.utils import DummyLM
from rich.console import Console

from chatbot.cli.main import main
from chatbot.evaluation import locomo
from chatbot.evaluation.answering import oracle_context, recent_context
from chatbot.evaluation.modes import ANSWER_PREFERENCES, ANSWER_TOKENS
from chatbot.evaluation.report import answers_table, print_results
from chatbot.evaluation.runner import EvalConfig, run_locomo
from chatbot.evaluation.sampling import allocate, sample_questions

from scripted import ScriptedLlama, answer, chat_reply, finish, scripted_local_lm, step


def turn(dia_id: str, speaker: str, text: str) -> dict[str, str]:
    return {"dia_id": dia_id, "speaker": speaker, "text": text}


SAMPLE = {
    "sample_id": "conv-a",
    "conversation": {
        "speaker_a": "Alice", "speaker_b": "Bob",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [turn("D1:1", "Alice", "I adopted a beagle puppy and named him Rex."),
                      turn("D1:2", "Bob", "I play the cello in an orchestra.")],
        "session_2_date_time": "10:04 am on 19 June, 2023",
        "session_2": [turn("D2:1", "Alice", "We moved to Lisbon for a bakery job."),
                      turn("D2:2", "Bob", "My recital is on Saturday in Porto.")],
    },
    "qa": [
        {"question": "What is the name of Alice's dog?", "answer": "Rex",
         "evidence": ["D1:1"], "category": 4},
        {"question": "Where did Alice move?", "answer": "Lisbon", "evidence": ["D2:1"],
         "category": 4},
        {"question": "When is Bob's recital?", "answer": "Saturday", "evidence": ["D2:2"],
         "category": 2},
        {"question": "Which instrument does Bob play?", "answer": "cello",
         "evidence": ["D1:2"], "category": 3},
        {"question": "Why did Alice move after getting a dog?", "answer": "a bakery job",
         "evidence": ["D2:1", "D1:1"], "category": 1},
    ],
}
SECOND = {
    "sample_id": "conv-b",
    "conversation": {"speaker_a": "Cy", "speaker_b": "Di",
                     "session_1_date_time": "8:00 pm on 1 January, 2024",
                     "session_1": [turn("D1:1", "Cy", "I love chess.")]},
    "qa": [{"question": "What does Cy love?", "answer": "chess", "evidence": ["D1:1"],
            "category": 4}],
}


@pytest.fixture
def data_file(tmp_path):
    path = tmp_path / "locomo-tiny.json"
    path.write_text(json.dumps([SAMPLE, SECOND]), encoding="utf-8")
    return path


# ----------------------------------------------------------------------------- sampling

def test_allocate_is_equal_per_category_and_gives_a_small_category_all_it_has():
    assert allocate({1: 50, 2: 50, 3: 50, 4: 50}, 60) == {1: 15, 2: 15, 3: 15, 4: 15}
    assert allocate({1: 50, 2: 50, 3: 4, 4: 50}, 60) == {1: 19, 2: 19, 3: 4, 4: 18}
    assert allocate({1: 2, 4: 3}, 60) == {1: 2, 4: 3}  # asking for more takes everything


def test_sample_is_stratified_reproducible_and_drops_empty_conversations(data_file):
    convs = locomo.load_locomo(data_file)
    sampled, info = sample_questions(convs, 3, seed=7)
    again, _ = sample_questions(convs, 3, seed=7)
    ids = [q.id for c in sampled for q in c.questions]
    assert ids == [q.id for c in again for q in c.questions] and len(ids) == 3
    # four categories, three questions: three different ones, the largest (4) first
    cats = sorted(q.category for c in sampled for q in c.questions)
    assert cats == [1, 2, 4]
    assert info == {"questions": 3, "seed": 7, "drawn": 3, "of": 6,
                    "by_category": {"1": 1, "2": 1, "3": 0, "4": 1}}
    assert all(c.questions for c in sampled)
    seeds = {tuple(q.id for c in sample_questions(convs, 3, s)[0] for q in c.questions)
             for s in range(12)}
    assert len(seeds) == 3  # the seed picks one of category 4's three questions
    with pytest.raises(ValueError):
        sample_questions(convs, 0, 1)


# ------------------------------------------------------------------------ baselines' text

def test_recent_context_keeps_the_last_turns_that_fit_oldest_first(data_file):
    conv = locomo.load_locomo(data_file, ["conv-a"])[0]
    everything = recent_context(conv, 10_000)
    assert everything.splitlines()[0].startswith("- [8 May 2023] Alice: I adopted")
    last = "- [19 June 2023] Bob: My recital is on Saturday in Porto."
    assert everything.splitlines()[-1] == last
    last_two = recent_context(conv, 40)  # 120 characters: the two last turns only
    assert [line.split("] ")[1][:8] for line in last_two.splitlines()] == ["Alice: W", "Bob: My "]
    assert recent_context(conv, 1) == ""


def test_oracle_context_is_the_evidence_turns_in_conversation_order(data_file):
    conv = locomo.load_locomo(data_file, ["conv-a"])[0]
    text = oracle_context(conv, conv.questions[4])
    assert text.splitlines() == [
        "- [8 May 2023] Alice: I adopted a beagle puppy and named him Rex.",
        "- [19 June 2023] Alice: We moved to Lisbon for a bakery job."]


# ---------------------------------------------------------------------------- answer runs

def _prompts(lm) -> list[str]:
    return ["\n".join(str(m.get("content", "")) for m in h["messages"]) for h in lm.history]


def test_every_mode_answers_the_same_question_from_its_own_context(store, data_file):
    convs = locomo.load_locomo(data_file, ["conv-a"])
    convs[0].questions = [convs[0].questions[2]]  # "When is Bob's recital?" (evidence D2:2)
    lm = DummyLM([
        # memory: the tool loop of a standard LM (DummyLM), then the answer
        step("fetch_similar_memories", {"search_text": "Bob recital", "categories": []}),
        finish(), answer("On Saturday.", False),
        {"response": "I don't know.", "save_memory": False},  # none
        {"response": "Saturday in Porto.", "save_memory": False},  # recent
        {"response": "Saturday", "save_memory": False},  # oracle
    ])
    judge_lm = DummyLM([{"reason": "r", "label": label}
                        for label in ("CORRECT", "WRONG", "CORRECT", "CORRECT")])
    config = EvalConfig(answer=True, lm=lm, judge_lm=judge_lm, recent_tokens=20)
    saved: list[dict] = []
    results = run_locomo(store, convs, config, checkpoint=saved.append)
    # the results so far after each mode: a stopped run keeps the modes it finished
    assert [list(p["aggregate"]["overall"]["answers"]) for p in saved][:2] == [
        ["memory"], ["memory", "none"]]
    assert len(saved) == 4 and all(p["partial"] for p in saved) and "partial" not in results
    [q] = results["questions"]
    answers = q["answers"]
    assert list(answers) == ["memory", "none", "recent", "oracle"]
    assert "D2:2" in answers["memory"]["searches"][0]["message_ids"]
    assert answers["memory"]["lm_calls"] == 3 and answers["none"]["lm_calls"] == 1
    assert [answers[m]["f1"] for m in ("none", "oracle")] == [0.0, 1.0]
    assert answers["recent"]["f1"] == pytest.approx(0.5)
    assert all(not answers[m]["searches"] for m in ("none", "recent", "oracle"))
    memory, none, recent, oracle = _prompts(lm)[2:]
    assert "nothing stored about this user" in none and "Porto" not in none
    assert "[19 June 2023] Bob: My recital" in recent and "beagle" not in recent  # 60 chars
    assert "Bob: My recital is on Saturday" in oracle and "Lisbon" not in oracle
    agg = results["aggregate"]
    modes = agg["overall"]["answers"]
    assert modes["memory"]["judge_accuracy"] == 1.0 and modes["none"]["judge_accuracy"] == 0.0
    assert modes["oracle"]["f1"] == 1.0 and modes["none"]["n"] == 1
    assert agg["by_category"]["2"]["answers"]["recent"]["f1"] == pytest.approx(0.5)
    assert results["settings"]["answer_modes"] == ["memory", "none", "recent", "oracle"]
    assert set(results["timing"]["answer_modes_s"]) == set(modes)
    json.dumps(results)


def test_react_mode_searches_with_the_models_words_on_the_small_model(store, data_file):
    """On the embedded model memory mode searches the question in code (one LM call); react
    lets the model write the search text first (the query gap of docs/evaluation.md)."""
    convs = locomo.load_locomo(data_file, ["conv-b"])
    llama = ScriptedLlama([
        chat_reply("Chess.", False),  # memory: code searched, one answer call
        "[[ ## next_thought ## ]]\nsearch\n\n[[ ## next_tool_name ## ]]\nfetch_similar_memories"
        '\n\n[[ ## next_tool_args ## ]]\n{"search_text": "favourite game", "categories": []}'
        "\n\n[[ ## completed ## ]]",
        chat_reply("Cy loves chess.", False),
    ])
    config = EvalConfig(answer=True, lm=scripted_local_lm(llama),
                        answer_modes=("memory", "react"))
    [q] = run_locomo(store, convs, config)["questions"]
    memory, react = q["answers"]["memory"], q["answers"]["react"]
    assert memory["lm_calls"] == 1 and memory["searches"][0]["search_text"] == "What does Cy love?"
    assert react["lm_calls"] == 2 and react["searches"][0]["search_text"] == "favourite game"
    assert memory["f1"] == 1.0 and react["f1"] == pytest.approx(0.5)
    assert memory["tokens"] == 15 and react["tokens"] == 30  # the scripted llama's usage
    # Every answer call reads the reader's short-answer preference and is capped.
    answer_calls = [llama.calls[0], llama.calls[2]]
    for messages, kwargs in answer_calls:
        assert ANSWER_PREFERENCES in messages[-1]["content"]
        assert kwargs["max_tokens"] == ANSWER_TOKENS


def test_answers_without_a_preference_read_the_apps_default(store, data_file):
    convs = locomo.load_locomo(data_file, ["conv-b"])
    llama = ScriptedLlama([chat_reply("Chess.", False)])
    config = EvalConfig(answer=True, lm=scripted_local_lm(llama), answer_modes=("memory",),
                        preferences="", answer_tokens=None)
    results = run_locomo(store, convs, config)
    [(messages, kwargs)] = llama.calls
    assert ANSWER_PREFERENCES not in messages[-1]["content"]
    assert "[[ ## preferences ## ]]\n(none)" in messages[-1]["content"]
    assert kwargs["max_tokens"] == 512  # the small-model limits as the app has them
    assert results["settings"]["preferences"] == ""


def test_answers_table_rows_per_mode_and_the_gap_line(store, data_file):
    convs = locomo.load_locomo(data_file, ["conv-b"])
    lm = DummyLM([finish(), answer("chess", False),
                  {"response": "no idea", "save_memory": False},
                  {"response": "chess", "save_memory": False}])
    results = run_locomo(store, convs, EvalConfig(
        answer=True, lm=lm, answer_modes=("memory", "none", "oracle")))
    results["timing"]["total_s"] = 1.0
    table = answers_table(results)
    assert [c.header for c in table.columns][:4] == ["mode", "n", "F1", "F1 4 single-hop"]
    console = Console(width=200, record=True)
    print_results(results, console)
    text = console.export_text()
    assert "retrieval (oracle - memory) +0.000, reading (1 - oracle) 0.000" in text
    assert "memory" in text and "oracle" in text and ", none " in text


def test_cli_sample_and_answer_modes_are_recorded(data_file, tmp_path, engine, monkeypatch):
    monkeypatch.setattr("chatbot.lm.build_lm", lambda settings: DummyLM(
        [{"response": "chess", "save_memory": False}] * 4))
    out = tmp_path / "r.json"
    assert main(["eval", "locomo", "--data", str(data_file), "--engine", engine,
                 "--questions", "2", "--seed", "3", "--answer", "--answer-modes", "none,oracle",
                 "--out", str(out)]) == 0
    saved = json.loads(out.read_text())
    sample = saved["settings"]["sample"]
    assert sample["questions"] == 2 and sample["seed"] == 3
    assert len(saved["questions"]) == 2 and saved["settings"]["answer_modes"] == ["none", "oracle"]
    assert set(saved["aggregate"]["overall"]["answers"]) == {"none", "oracle"}
    assert "partial" not in saved  # the checkpoints were overwritten by the whole result


@pytest.mark.parametrize("argv, message", [
    (["--questions", "0"], "1 or more"),
    (["--answer", "--answer-modes", "memory,psychic"], "unknown answer mode psychic"),
])
def test_cli_bad_sample_or_mode_is_one_line(data_file, capsys, argv, message):
    with pytest.raises(SystemExit) as exc:
        main(["eval", "locomo", "--data", str(data_file), *argv])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
