"""What the reply reads of the memories a search found (chatbot.memory.found): each line once,
bounded, dated once; real store, real embeddings."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from chatbot.agents.response import ResponseAgent, SearchCall
from chatbot.memory.chunking import Line, message_memories
from chatbot.memory.found import CONTEXT_CHARS, LEAD_CHARS, show_found

TURNS = [
    Line("D1:1", "Ana", "I adopted a beagle puppy last week and named him Rex."),
    Line("D1:2", "Ben", "Congrats! What made you pick a beagle? " + "They are lovely dogs. " * 20),
    Line("D1:3", "Ana", "My neighbour breeds them, and Rex was the calmest of the litter."),
    Line("D1:4", "Ben", "Does Rex get along with your cat Miso?"),
]


def stored_session(store, user="ann"):
    """The session as direct ingestion stores it: each turn with the two before it."""
    items = [{"text": text, "source": {"session_id": "s1", "message_ids": ids},
              "observed_at": "2023-05-08T13:56:00"}
             for i, turn in enumerate(TURNS)
             for text, ids in message_memories(turn, TURNS[max(0, i - 2):i], "[8 May 2023] ")]
    store.add_many(user, items, actor="test", dedup=False)
    return store.search(user, "Rex the beagle puppy", limit=5, include_expired=True)


def test_each_line_is_shown_once_and_bounded(store):
    hits = stored_session(store)
    assert len(hits) == 4
    shown = show_found(hits)
    lines = [line.removeprefix("- ").removeprefix("  ") for line in shown.split("\n")]
    bodies = [line.removeprefix("[8 May 2023] ") for line in lines]
    assert len(bodies) == len(set(bodies)) == len(TURNS)  # every turn, none twice
    before = "\n".join(f"- {m.memory_text}" for m in hits)
    assert len(shown) < 0.7 * len(before)
    # Ben's long turn: clipped as the context of Ana's reply, whole as its own memory's turn,
    # and shown once, whole.
    [long_line] = [b for b in bodies if b.startswith("Ben: Congrats")]
    assert long_line == f"Ben: {TURNS[1].content.strip()}" and len(long_line) > CONTEXT_CHARS
    # The date once per memory, as its header; no "noted" copy of it, no empty category label.
    assert "noted" not in shown and "uncategorised" not in shown
    assert shown.count("[8 May 2023]") == shown.count("\n- ") + 1


def test_a_line_repeated_inside_one_memory_is_shown_once(store):
    """Code and chat repeat lines ("}", "Thanks!") within one memory too."""
    store.add("ann", "User: my config:\n}\nAssistant: ok\n}\nAssistant: ok, and more")
    [hit] = store.search("ann", "config", limit=5)
    assert show_found([hit]).split("\n")[:4] == [
        "- User: my config:", "  }", "  Assistant: ok", "  Assistant: ok, and more (noted "
        + hit.observed_at[:10] + ")"]


def test_a_long_memory_is_bounded(store):
    store.add("ann", "Plans a trip: " + "visit the old harbour and the market, " * 40)
    [hit] = store.search("ann", "trip harbour", limit=5)
    line = show_found([hit]).split(" (noted")[0]
    assert len(line) <= LEAD_CHARS + 2 and line.endswith("\u2026")


def test_a_fact_reads_with_its_categories_and_dates(store):
    today = datetime.now(UTC).date()
    yesterday = (today - timedelta(days=1)).isoformat()
    store.add("ann", "Sister Marta was visiting Lisbon", ["family"], valid_until=yesterday)
    store.add("ann", "Has two sisters", ["family"])
    store.add("ann", "Likes green tea")
    hits = store.search("ann", "sisters tea", limit=5, include_expired=True)
    shown = show_found(hits, today).split("\n")
    assert f"- [family] Has two sisters (noted {today.isoformat()})" in shown
    assert f"- Likes green tea (noted {today.isoformat()})" in shown
    assert any(line.endswith(f"past: until {yesterday})") for line in shown)
    assert show_found([]) == "(nothing stored about this user yet)"


def test_the_reply_reads_the_found_memories_this_way(store):
    hits = stored_session(store)
    agent = ResponseAgent(store, "ann")
    agent.searches = [SearchCall("Rex", [], results=hits), SearchCall("dog", [], results=hits)]
    assert agent.found_text() == show_found(hits)
