"""The privacy policy: kinds never stored, categories without secrets, typed lines per user and
redacted, and what may be sent to a hosted LM."""

from __future__ import annotations

import pytest

from chatbot.cli.repl import input_history_file, redacted_history
from chatbot.config import Settings
from chatbot.errors import ConfigError
from chatbot.memory import MemoryStore
from chatbot.privacy import NotStoredError, PrivacyPolicy, for_hosted_lm, is_hosted
from chatbot.redact import MARKER

KEY = "sk-proj-T0pS3cretKeyMaterial123456"

HEALTH = ["Was diagnosed with type 2 diabetes last year", "Takes insulin every morning",
          "Sees a therapist on Tuesdays", "Is allergic to peanuts", "Has asthma"]
FINANCES = ["Earns 85k a year", "Has a mortgage with ING", "Owes $4,000 on a credit card",
            "Salary went up in March", "Keeps 20,000 euros in savings"]
NEITHER = ["Lives in Lisbon", "Likes hiking in the Alps", "Works as a teacher",
           "Has a dog called Rex", "Plays the piano", "Visits the doctor's office as a nurse",
           "Supports Benfica", "Reads about banking history for fun"]


def test_a_category_holding_a_secret_is_dropped(tmp_path, embedder):
    with MemoryStore(path=tmp_path / "s", embedder=embedder) as store:
        mid = store.add("ann", "Uses the OpenAI API", ["work", KEY, "AKIAIOSFODNN7EXAMPLE"])
        assert store.get(mid).categories == ["work"]
        assert KEY.lower() not in store.categories("ann")


def test_default_policy_stores_health_and_finances(tmp_path, embedder):
    with MemoryStore(path=tmp_path / "s", embedder=embedder) as store:
        for text in HEALTH[:1] + FINANCES[:1]:
            store.add("ann", text)
        assert len(store.list("ann")) == 2


def test_never_store_refuses_before_any_write(tmp_path, embedder):
    with MemoryStore(path=tmp_path / "s", embedder=embedder) as store:
        store.privacy = PrivacyPolicy.from_kinds("health,finances")
        refused = 0
        for text in HEALTH + FINANCES:
            with pytest.raises(NotStoredError):
                store.add("ann", text)
            refused += 1
        with pytest.raises(NotStoredError):
            store.add("ann", "Sees Dr Silva", ["health"])  # its category names the kind
        for text in NEITHER:
            store.add("ann", text)
        assert sorted(m.memory_text for m in store.list("ann")) == sorted(NEITHER)
        assert refused == len(HEALTH + FINANCES)
        # bulk writers skip such items and say why; an edit cannot smuggle one in
        results = store.add_many("ann", [{"text": HEALTH[0]}, {"text": "Owns a red bike"}])
        assert [r.event for r in results] == ["NOOP", "ADD"]
        assert results[0].reason == "not stored: health"
        mid = store.list("ann")[0].id
        with pytest.raises(NotStoredError):
            store.update(mid, "Lives in Lisbon, takes insulin")
        assert store.get(mid).memory_text == NEITHER[0]


def test_policy_from_settings(tmp_path, embedder, monkeypatch):
    monkeypatch.setenv("CHATBOT_NEVER_STORE", "health")
    monkeypatch.setenv("CHATBOT_DATA_DIR", str(tmp_path))
    settings = Settings()
    assert PrivacyPolicy.from_kinds(settings.never_store).never_store == {"credentials", "health"}
    with pytest.raises(ConfigError, match="unknown kind 'hobbies'"):
        PrivacyPolicy.from_kinds("hobbies")


def test_input_history_is_per_user_and_redacted(tmp_path):
    ann, bob = input_history_file(tmp_path, "ann"), input_history_file(tmp_path, "bob")
    assert ann != bob and ann.parent == bob.parent
    history = redacted_history(ann)
    history.append_string("my gmail password is hunter2-Zq9 and card 4111 1111 1111 1111")
    history.append_string("hello")
    raw = ann.read_text()
    assert "hunter2-Zq9" not in raw and "4111 1111" not in raw and MARKER in raw
    history.switch(bob)
    assert list(history.load_history_strings()) == []
    history.append_string("bob's line")
    assert "bob's line" in bob.read_text() and "bob's line" not in ann.read_text()
    history.switch(ann)
    assert list(history.load_history_strings())[0] == "hello"  # newest first


def test_text_for_a_hosted_lm():
    assert KEY not in for_hosted_lm(f"my key is {KEY}")
    assert for_hosted_lm(f"my key is {KEY}", redact_enabled=False).endswith(KEY)
    assert not is_hosted("local") and not is_hosted("local:/m/x.gguf")
    assert not is_hosted("openai/qwen", "http://localhost:8080/v1")
    assert is_hosted("openai/gpt-4o-mini") and is_hosted("anthropic/claude-3-5-haiku")


def test_a_redacting_lm_never_sends_a_secret():
    import dspy
    from dspy.utils import DummyLM

    from chatbot.privacy import redacting

    lm = redacting(DummyLM([{"answer": "noted"}, {"answer": "again"}]))
    assert redacting(lm) is lm
    with dspy.context(lm=lm):
        pred = dspy.Predict("question -> answer")(question=f"my OpenAI key is {KEY}, ok?")
    assert pred.answer == "noted"
    sent = str(lm.history[-1]["messages"])
    assert KEY not in sent and MARKER in sent and "my OpenAI key is" in sent
    copied = lm.copy()  # DSPy copies LMs; the copy still redacts
    with dspy.context(lm=copied):
        dspy.Predict("question -> answer")(question=f"again {KEY}")
    assert KEY not in str(copied.history[-1]["messages"])


def test_the_app_redacts_what_it_sends_to_a_hosted_lm(tmp_path):
    from chatbot.cli.app import build_lm

    hosted = build_lm(Settings(lm="openai/gpt-4o-mini", lm_api_key="x"))
    assert getattr(hosted, "redacts_secrets", False)
    here = build_lm(Settings(lm="openai/qwen", lm_api_base="http://localhost:8080/v1"))
    assert not getattr(here, "redacts_secrets", False)
    off = build_lm(Settings(lm="openai/gpt-4o-mini", lm_api_key="x", redact_hosted_lm=False))
    assert not getattr(off, "redacts_secrets", False)
