"""The behaviour benchmark (scripts/eval_agents.py) end to end with a scripted LM.

Real store on disk (reopened between sessions), real embedder; only the LM is scripted. A
script that does the right thing passes a case's checks, one that does not fails them: the
checks can fail.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from dspy.utils import DummyLM

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import agent_checks  # noqa: E402
import eval_agents  # noqa: E402
from agent_cases import CASES  # noqa: E402
from agent_cases_fresh import FRESH_CASES  # noqa: E402
from agent_cases_sealed import SEALED_CASES  # noqa: E402
from agent_cases_sealed2 import SEALED2_CASES  # noqa: E402
from agent_cases_sealed3 import SEALED3_CASES  # noqa: E402
from agent_cases_unseen import UNSEEN_CASES  # noqa: E402

from scripted import answer, finish, step, summary  # noqa: E402


def run(tmp_path: Path, cases: str, script: list[dict], *extra: str) -> tuple[int, dict]:
    out = tmp_path / "out.json"
    code = eval_agents.main(["--cases", cases, "--json", str(out), *extra], lm=DummyLM(script))
    return code, json.loads(out.read_text())


def checks_of(report: dict, name: str) -> dict[str, bool]:
    return next(r["checks"] for r in report["cases"] if r["case"] == name)


KOFI_GOOD = [
    finish(), answer("Nice to meet you, Kofi!", True),                         # session 1
    step("add_memory", {"memory_text": "Is called Kofi", "categories": ["identity"]}),
    step("add_memory", {"memory_text": "Works as a software tester", "categories": ["work"]}),
    finish(), summary(),
    step("fetch_similar_memories", {"search_text": "name", "categories": []}),  # session 2
    finish(), answer("Yes: your name is Kofi.", False),
]
KOFI_FORGETFUL = [
    finish(), answer("Hello!", True), finish(), summary("nothing"),
    finish(), answer("I'm afraid I don't know.", False),
]


def test_two_sessions_pass_when_the_agent_stores_and_uses_the_facts(tmp_path, capsys):
    code, report = run(tmp_path, "intro_kofi", KOFI_GOOD)
    checks = checks_of(report, "intro_kofi")
    assert code == 0 and all(checks.values()), checks
    assert {"stored_kofi", "stored_tester", "reply_mentions_kofi", "replied",
            "memory_no_example_words"} <= set(checks)
    row = report["cases"][0]
    # The second session ran on the reopened store: session 1's memories are still there.
    assert {"Is called Kofi", "Works as a software tester"} <= {
        m["text"] for m in row["memories"][1]["a"] if m["valid"]}
    for turn in row["turns"]:
        assert 0 < turn["ttft_s"] <= turn["reply_s"]
    # Critical path = calls counted when turn() returns; a scripted update may already have run.
    first = row["turns"][0]
    assert first["lm_calls"] >= 2 and first["lm_calls"] + first["update_lm_calls"] >= 4
    assert report["splits"]["tuned"]["passed"] == 1
    assert "intro_kofi" in capsys.readouterr().out


def test_the_same_case_fails_when_nothing_is_stored(tmp_path):
    code, report = run(tmp_path, "intro_kofi", KOFI_FORGETFUL)
    checks = checks_of(report, "intro_kofi")
    assert code == 1
    assert not checks["stored_kofi"] and not checks["stored_tester"]
    assert not checks["reply_mentions_kofi"] and checks["replied"]
    assert report["classes"]["introduction"]["tuned"] == {"passed": 0, "cases": 1}


def test_each_agent_is_checked_against_the_examples_its_prompt_can_hold():
    # The memory agent's example hypothetical ("I'd go sailing") is never in a reply's
    # prompt; the response agent's examples are.
    assert "sail" in agent_checks.MEMORY_EXAMPLE_FACTS
    assert "sail" not in agent_checks.REPLY_EXAMPLE_FACTS
    assert {"teach", "leed"} <= agent_checks.REPLY_EXAMPLE_FACTS
    # ... and a memory against the memory agent's: "weekend" is only the response agent's.
    assert "weekend" in agent_checks.REPLY_EXAMPLE_FACTS
    assert "weekend" not in agent_checks.MEMORY_EXAMPLE_FACTS


def test_an_example_fact_in_a_memory_fails_the_leak_check(tmp_path):
    assert {"teach", "leed"} <= agent_checks.MEMORY_EXAMPLE_FACTS  # from prompts/examples
    script = [finish(), answer("Hi Kofi!", True),
              step("add_memory", {"memory_text": "Is called Kofi, a teacher in Leeds",
                                  "categories": ["identity"]}),
              finish(), summary(),
              finish(), answer("Kofi.", False)]
    _, report = run(tmp_path, "intro_kofi", script)
    checks = checks_of(report, "intro_kofi")
    assert checks["stored_kofi"] and not checks["memory_no_example_words"]


@pytest.mark.parametrize("reply, ok", [("- Play daily puzzles\n- Review your games", True),
                                       ("Play puzzles every day and review your games.", False)])
def test_a_seeded_procedural_memory_and_the_bullet_check(tmp_path, reply, ok):
    script = [step("fetch_similar_memories", {"search_text": "chess", "categories": []}),
              finish(), answer(reply, False)]
    _, report = run(tmp_path, "proc_seeded_bullets", script)
    row = report["cases"][0]
    assert row["checks"]["reply_bullets"] is ok and row["checks"]["nothing_stored"]
    seeded = {m["text"]: m["memory_type"] for m in row["memories"][0]["a"]}
    assert seeded["Wants answers as bullet points"] == "procedural"


def test_filters_list_and_bad_input(capsys):
    assert eval_agents.main(["--list", "--split", "held_out"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed and all(line.split()[2] == "held_out" for line in listed)
    assert eval_agents.main(["--list", "--class", "legacy"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 8
    assert eval_agents.main(["--cases", "no_such_case"]) == 2
    assert "unknown case(s): no_such_case" in capsys.readouterr().err


def test_the_fresh_split_runs_alone_and_stays_out_of_all(capsys):
    assert eval_agents.main(["--list", "--split", "fresh"]) == 0
    fresh = capsys.readouterr().out.splitlines()
    assert len(fresh) == len(FRESH_CASES) >= 23
    assert all(line.split()[2] == "fresh" for line in fresh)
    assert eval_agents.main(["--list", "--split", "all"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert len(listed) == len(CASES) + 8 and not any(" fresh" in line for line in listed)
    name = FRESH_CASES[0].name
    assert eval_agents.main(["--list", "--cases", name]) == 0  # a named one still runs
    assert capsys.readouterr().out.split()[0] == name


def test_the_unseen_split_runs_alone_and_stays_out_of_all(capsys):
    assert eval_agents.main(["--list", "--split", "unseen"]) == 0
    unseen = capsys.readouterr().out.splitlines()
    assert len(unseen) == len(UNSEEN_CASES) >= 24
    assert all(line.split()[2] == "unseen" for line in unseen)
    assert eval_agents.main(["--list", "--split", "all"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert len(listed) == len(CASES) + 8 and not any(" unseen" in line for line in listed)
    name = UNSEEN_CASES[0].name
    assert eval_agents.main(["--list", "--cases", name]) == 0  # a named one still runs
    assert capsys.readouterr().out.split()[0] == name
    names = [c.name for c in eval_agents.CASES]
    assert len(set(names)) == len(names)  # no name shared across the splits


@pytest.mark.parametrize("split, cases", [("sealed", SEALED_CASES), ("sealed2", SEALED2_CASES),
                                          ("sealed3", SEALED3_CASES)])
def test_a_sealed_split_runs_alone_and_stays_out_of_all(capsys, split, cases):
    assert eval_agents.main(["--list", "--split", split]) == 0
    own = capsys.readouterr().out.splitlines()
    assert len(own) == len(cases) == 24
    assert all(line.split()[2] == split for line in own)
    assert eval_agents.main(["--list", "--split", "all"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert len(listed) == len(CASES) + 8
    for other in ("all", "sealed", "sealed2", "sealed3"):  # in no other split
        if other != split:
            assert eval_agents.main(["--list", "--split", other]) == 0
            assert not any(line.split()[2] == split
                           for line in capsys.readouterr().out.splitlines())
    names = [c.name for c in eval_agents.CASES]
    assert len(set(names)) == len(names)  # no name shared across the splits


@pytest.mark.parametrize("cases", [FRESH_CASES, UNSEEN_CASES, SEALED_CASES, SEALED2_CASES,
                                   SEALED3_CASES],
                         ids=["fresh", "unseen", "sealed", "sealed2", "sealed3"])
def test_every_apart_case_builds_and_fails_when_the_agents_do_nothing(cases):
    """A run of each fresh, unseen, sealed, sealed2 or sealed3 case that replies "ok N" and
    stores nothing: every check runs, and only the classes where storing nothing is right can
    pass."""
    assert len({c.name for c in cases}) == len(cases)
    passed = set()
    for c in cases:
        before = {a: [agent_checks.Mem(f"{a}{i}", t, k, True) for i, (t, _, k) in enumerate(v)]
                  for a, v in c.seed.items()}
        turns = [agent_checks.Turn(no, s.user, m, f"ok {i}")
                 for no, s in enumerate(c.sessions) for i, m in enumerate(s.messages)]
        run = agent_checks.CaseRun(users={"a": "ua", "b": "ub"}, seeds={}, before=before,
                                   sessions=[before for _ in c.sessions], turns=turns, typed="")
        results = [k.test(run) for k in c.all_checks()]
        assert len(results) >= 3 and all(isinstance(r, bool) for r in results), c.name
        passed |= {c.cls} if all(results) else set()
    assert passed <= {"assistant_answer", "secret", "small_talk", "repetition"}


def test_the_case_set_covers_every_class_and_holds_a_third_out():
    classes = {c.cls for c in CASES}
    assert len(CASES) >= 44 and len({c.name for c in CASES}) == len(CASES)
    for held in (True, False):
        assert all(any(c.held_out is held for c in CASES if c.cls == k) for k in classes)
    assert 0.25 <= sum(c.held_out for c in CASES) / len(CASES) <= 0.4


def test_date_and_language_helpers():
    assert agent_checks.dates_in("Driving exam on 22 March 2024", 2024)[0].isoformat() == \
        "2024-03-22"
    assert agent_checks.dates_in("Exam on March 22nd", 2024)[0].day == 22
    assert agent_checks.language_ratio("Puedes hacer el ejercicio de la plancha", "es") > 0.2
    assert agent_checks.similar("Sure, here it is.", "sure, here  it is.")


def fake_run(memories: list[str], replies: list[str], typed: str = "",
             other: list[str] = ()) -> agent_checks.CaseRun:
    """A run of one session: user a's memories at its end, the replies of its turns."""
    mems = {"a": [agent_checks.Mem(str(i), t, "semantic", True) for i, t in enumerate(memories)],
            "b": [agent_checks.Mem(f"b{i}", t, "semantic", True) for i, t in enumerate(other)]}
    turns = [agent_checks.Turn(0, "a", typed, r) for r in replies]
    return agent_checks.CaseRun(users={"a": "ua", "b": "ub"}, seeds={}, before={"a": [], "b": []},
                                sessions=[mems], turns=turns, typed=typed)


@pytest.mark.parametrize("check, good, bad", [
    (agent_checks.dated("exam", first="2024-03-22"),
     fake_run(["Has a driving exam on 22 March 2024"], ["ok"]),
     fake_run(["Has a driving exam next Friday"], ["ok"])),
    (agent_checks.third_person(),
     fake_run(["Plays bass"], ["ok"]), fake_run(["I play bass"], ["ok"])),
    (agent_checks.separate("vet", "daughter"),
     fake_run(["Works as a vet", "Has twin daughters"], ["ok"]),
     fake_run(["Is a vet with twin daughters"], ["ok"])),
    (agent_checks.never_repeated("4539 1488 0343 6467"),
     fake_run([], ["I never keep card numbers."]), fake_run([], ["It is 4539-1488-0343-6467."])),
    (agent_checks.in_language("es"),
     fake_run([], ["Puedes hacer la plancha y el puente, con calma."]),
     fake_run([], ["You can do the plank and the bridge, slowly."])),
    (agent_checks.in_language("de"),
     fake_run([], ["Du kannst die Planke und die Brücke machen, aber langsam."]),
     fake_run([], ["Puedes hacer la plancha y el puente, con calma."])),
    (agent_checks.metric(),
     fake_run([], ["A marathon is 42.2 km."]), fake_run([], ["A marathon is 26.2 miles."])),
    (agent_checks.no_repeated_reply(),
     fake_run([], ["Try a risotto.", "Try a curry."]),
     fake_run([], ["Try a risotto.", "Try a risotto!"])),
    (agent_checks.no_repeated_reply(any_earlier=True),
     fake_run([], ["Try a risotto.", "Try a curry.", "Try a tagine."]),
     fake_run([], ["Try a risotto.", "Try a curry.", "Try a risotto!"])),
    (agent_checks.isolated("a", "b", "zagreb"),
     fake_run(["Lives in Zagreb"], []),
     fake_run(["Lives in Zagreb"], [], other=["Lives in Zagreb"])),
])
def test_each_check_passes_and_fails(check, good, bad):
    assert check.test(good) and not check.test(bad)


def test_only_any_earlier_catches_a_reply_that_comes_back_later():
    run = fake_run([], ["Try a risotto.", "Try a curry.", "Try a risotto!"])
    assert agent_checks.no_repeated_reply().test(run)
    assert not agent_checks.no_repeated_reply(any_earlier=True).test(run)


def test_the_reply_limit_requests_are_new_users_with_checks_that_can_fail():
    import re

    import eval_reply_limits

    built = {g: eval_reply_limits.cases(g) for g in ("tuning", "held_out", "recall")}
    assert [len(v) for v in built.values()] == [16, 16, 12]
    names = {c.name for v in built.values() for c in v}
    assert not names & {c.name for c in CASES}  # not benchmark cases
    for limit, _, _, _, must, bad in (eval_reply_limits.TUNING
                                      + eval_reply_limits.HELD_OUT):
        # a reply that ignores the limit fails: it names none of it
        assert not re.search(must, "Here are two ideas for you.", re.I), limit
        re.compile(bad)
    held = {r[3] for r in eval_reply_limits.HELD_OUT}
    assert not held & {r[3] for r in eval_reply_limits.TUNING}
