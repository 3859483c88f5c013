"""What the reply reads of the memories a search found (chatbot.memory.found): each line once,
bounded, dated once; real store, real embeddings."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest

from chatbot.agents.guards import SMALL_MODEL
from chatbot.agents.response import ResponseAgent, SearchCall
from chatbot.agents.wording import second_person
from chatbot.memory.chunking import Line, message_memories
from chatbot.memory.found import CONTEXT_CHARS, LEAD_CHARS, show_found, with_days

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


def test_a_relative_time_is_followed_by_the_days_it_names(store):
    """Counting back from the memory's date is left to code, not to the reader."""
    turns = [Line("D2:1", "Ana", "I went to the support group yesterday, and last week I "
                                 "started painting again."),
             Line("D2:2", "Ben", "Today? No, I'll join you next month.")]
    items = [{"text": text, "source": {"session_id": "s2", "message_ids": ids},
              "observed_at": "2023-05-08T13:56:00"}
             for i, turn in enumerate(turns)
             for text, ids in message_memories(turn, turns[:i], "[8 May 2023] ")]
    store.add_many("ann", items, actor="test", dedup=False)
    shown = show_found(store.search("ann", "support group painting", limit=5))
    assert "yesterday (7 May 2023)," in shown
    assert "last week (1-7 May 2023) I started" in shown
    assert "next month (June 2023)." in shown
    assert "Today? No" in shown  # the memory's own day: nothing to add


def test_days_read_at_the_span_s_own_precision():
    said = date(2023, 12, 8)
    assert with_days("I painted it last year", said) == "I painted it last year (2022)"
    assert with_days("two years ago", said) == "two years ago (2021)"
    assert with_days("a month ago", said) == "a month ago (November 2023)"
    assert with_days("for 2 months", said) == "for 2 months (December 2023 - February 2024)"
    assert with_days("by the end of the month", said) == \
        "by the end of the month (31 December 2023)"
    assert with_days("next Friday, and in 3 weeks", said) == \
        "next Friday (15 December 2023), and in 3 weeks (29 December 2023)"
    assert with_days("on 3 May, at 5 pm", said) == "on 3 May, at 5 pm"  # not relative: as said


def test_a_time_the_message_asks_about_is_compared_with_each_dated_memory(store):
    """Whether a dated fact holds at the time asked about is worked out in code."""
    friday = date(2024, 3, 15)
    store.add("ann", "Has jury duty from 18 March to 29 March 2024", ["plans"],
              valid_from="2024-03-18", valid_until="2024-03-29")
    store.add("ann", "Visits Porto from 8 April to 12 April 2024", ["plans"],
              valid_from="2024-04-08", valid_until="2024-04-12")
    store.add("ann", "Lives in Leeds", ["home"])
    hits = store.search("ann", "jury duty Porto Leeds", limit=5, include_expired=True)
    shown = show_found(hits, friday, "Could I fit in a trip to the coast next week?")
    lines = {line.split(" (")[0]: line for line in shown.split("\n")}
    assert lines["- [plans] Has jury duty from 18 March to 29 March 2024"].endswith(
        "overlaps next week: 18-24 March 2024)")
    assert lines["- [plans] Visits Porto from 8 April to 12 April 2024"].endswith(
        "not during next week (18-24 March 2024))")
    assert "overlaps" not in lines["- [home] Lives in Leeds"]  # no dates: nothing to compare
    # No time in the message, or none at all: the memories read as before.
    assert show_found(hits, friday, "What's new?") == show_found(hits, friday)
    assert "overlaps" not in show_found(hits, friday)


@pytest.mark.parametrize("stored, said", [
    ("Lives in Montreal", "You live in Montreal"),
    ("Is vegetarian", "You are vegetarian"),
    ("Has a horse named Sturmi", "You have a horse named Sturmi"),
    ("Does not eat meat", "You do not eat meat"),
    ("Was on a contract until 30 April", "You were on a contract until 30 April"),
    ("Studies law at McGill", "You study law at McGill"),
    ("Teaches maths", "You teach maths"),
    ("Always uses metric units", "You always use metric units"),
    ("Moved from Lisbon to Porto", "You moved from Lisbon to Porto"),
    ("Got a gecko", "You got a gecko"),
    ("Is driving to Sudbury for their uncle's 60th", "You are driving to Sudbury for your "
     "uncle's 60th"),
    ("Drives them to school", "You drive them to school"),
    ("Their sister is Ana", "Your sister is Ana"),
    ("Their neighbour opened a bar near them", "Your neighbour opened a bar near you"),
    ("Parents are visiting in May", "Your parents are visiting in May"),
    ("Is called Kofi", "Your name is Kofi"),  # the name fact code writes
    ("Sister Ana lives in Rome", "Your sister Ana lives in Rome"),  # someone of theirs
    # Not a subjectless fact, or not English: as stored.
    ("Sturmi is a horse", "Sturmi is a horse"),
    ("Cuthbert's a park ranger", "Cuthbert's a park ranger"),  # a name's, not a verb
    ("Es vegetariano", "Es vegetariano"),
    ("Vive en Sevilla desde 2020", "Vive en Sevilla desde 2020"),
    ('Said: "Vivo en Sevilla desde 2020"', 'You said: "Vivo en Sevilla desde 2020"'),
    ("[8 May 2023] Ana: I adopted a beagle", "[8 May 2023] Ana: I adopted a beagle"),
])
def test_a_fact_is_said_to_the_user(stored, said):
    assert second_person(stored) == said


def test_the_reply_reads_facts_said_to_the_user_and_messages_as_said(store):
    store.add("ann", "Is allergic to peanuts", ["health"])
    store.add_many("ann", [{"text": "Ann: My horse Sturmi is lame",
                            "source": {"speaker": "Ann"}}], actor="test", dedup=False)
    hits = store.search("ann", "peanuts horse Sturmi", limit=5)
    agent = ResponseAgent(store, "ann", limits=SMALL_MODEL)
    agent.searches = [SearchCall("peanuts", [], results=hits)]
    shown = agent.found_text()
    assert "- [health] You are allergic to peanuts" in shown
    assert "- Ann: My horse Sturmi is lame" in shown
    off = ResponseAgent(store, "ann", limits=replace(SMALL_MODEL, facts_to_you=False))
    off.searches = agent.searches
    assert "- [health] Is allergic to peanuts" in off.found_text()


def test_a_fact_that_bounds_every_suggestion_is_shown_first(store):
    # Third, after where the user lives and works, the embedded model reasoned from those
    # and suggested shrimp to a user allergic to shellfish.
    store.add("ann", "Lives in Porto", ["home"])
    store.add("ann", "Works as a bus driver", ["work"])
    store.add("ann", "Is allergic to shellfish", ["Health"])
    store.add("ann", "Is vegan", ["diet", "food"])
    hits = store.search("ann", "Where in Porto could I drive a bus for dinner?", limit=5)
    order = [m.memory_text for m in hits]
    agent = ResponseAgent(store, "ann", limits=SMALL_MODEL)
    agent.searches = [SearchCall("dinner", [], results=hits)]
    shown = [line.split("] ", 1)[1].split(" (noted")[0] for line in agent.found_text().splitlines()]
    limiting = [t for t in order if t in ("Is allergic to shellfish", "Is vegan")]
    others = [t for t in order if t not in limiting]
    assert shown == [second_person(t) for t in limiting + others]
    assert order.index("Lives in Porto") < order.index("Is allergic to shellfish")  # moved
