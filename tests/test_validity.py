"""Validity in time: dates in the user's words resolved at write time, and expired memories
out of default search but listable and searchable for the past."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta

import pytest

from chatbot.cli.main import main
from chatbot.config import Settings
from chatbot.errors import ConfigError
from chatbot.memory import MemoryStore
from chatbot.memory.timeparse import find_span, validity
from chatbot.memory.validity import describe_memory, status

WEDNESDAY = date(2026, 4, 29)


@pytest.mark.parametrize("text, start, end", [
    ("my sister is visiting next week", "2026-05-04", "2026-05-10"),
    ("dentist tomorrow at 9", "2026-04-30", "2026-04-30"),
    ("the day after tomorrow I fly", "2026-05-01", "2026-05-01"),
    ("dinner next Friday", "2026-05-01", "2026-05-01"),
    ("party on 3 May", "2026-05-03", "2026-05-03"),
    ("on the 3rd of May 2027", "2027-05-03", "2027-05-03"),
    ("March 3", "2027-03-03", "2027-03-03"),           # passed this year: the next one
    ("back in two days", "2026-05-01", "2026-05-01"),
    ("in a couple of weeks", "2026-05-13", "2026-05-13"),
    ("in Berlin for two weeks", "2026-04-29", "2026-05-12"),
    ("this weekend", "2026-05-02", "2026-05-03"),
    ("next month", "2026-05-01", "2026-05-31"),
    ("deadline 2026-06-10", "2026-06-10", "2026-06-10"),
    ("went to Rome last week", "2026-04-20", "2026-04-26"),
    ("three days ago", "2026-04-26", "2026-04-26"),
    ("due at the end of the month", "2026-04-30", "2026-04-30"),
    ("by the end of next week", "2026-05-10", "2026-05-10"),
    ("until the end of June", "2026-06-30", "2026-06-30"),
    ("flies out two weeks from now", "2026-05-13", "2026-05-13"),
    ("the wedding is the week after next", "2026-05-11", "2026-05-17"),
    ("this coming Saturday", "2026-05-02", "2026-05-02"),
    ("dentist on the 15th", "2026-05-15", "2026-05-15"),
    ("on the 29th", "2026-04-29", "2026-04-29"),       # today counts
    ("flies home on 15th", "2026-05-15", "2026-05-15"),
    ("house-sitting until the 20th", "2026-05-20", "2026-05-20"),  # a bound: next month's
    ("lending my projector to Tjorven til the 20th", "2026-05-20", "2026-05-20"),  # sealed29
    ("the rent is due by the 30th", "2026-04-30", "2026-04-30"),
    ("exam on Friday 5 June", "2026-06-05", "2026-06-05"),  # the date says which Friday
    ("within three weeks", "2026-05-20", "2026-05-20"),
    ("over the next two weeks", "2026-04-29", "2026-05-12"),
    ("a week from Friday", "2026-05-08", "2026-05-08"),
    ("two weeks from tomorrow", "2026-05-14", "2026-05-14"),
    ("on Monday after next", "2026-05-11", "2026-05-11"),
    ("due on the 14th of next month", "2026-05-14", "2026-05-14"),
    ("my defence is on Thursday next week", "2026-05-07", "2026-05-07"),  # that week's
    ("Monday this week", "2026-04-27", "2026-04-27"),
    ("away from Tuesday to Saturday next week", "2026-05-05", "2026-05-09"),
    ("off Friday-Monday this week", "2026-05-01", "2026-05-04"),  # runs into the next week
    ("away Tuesday to Thursday", "2026-05-05", "2026-05-07"),  # the coming Tuesday
    ("squeeze in a weekday trip next week", "2026-05-04", "2026-05-10"),  # not "in a week"
])
def test_time_expressions_resolve_to_dates(text, start, end):
    span = find_span(text, WEDNESDAY)
    assert span is not None, text
    assert (span.start.isoformat(), span.end.isoformat()) == (start, end)


@pytest.mark.parametrize("text", ["lives on the 2nd floor", "plays chess on Sunday",
                                  "got married on 3 May", "likes the summer",
                                  "works Monday to Friday"])
def test_no_date_said_relative_to_today(text):
    span = find_span(text, WEDNESDAY)
    assert span is None or not span.relative, span


@pytest.mark.parametrize("text, stored, valid", [
    ("Is in Montevideo for two weeks", "Is in Montevideo from 29 April to 12 May 2026",
     ("2026-04-29", "2026-05-12")),
    ("Is staying in Lima until the end of the month", "Is staying in Lima until 30 April 2026",
     (None, "2026-04-30")),
    ("Thesis is due at the end of the month", "Thesis is due on 30 April 2026",
     ("2026-04-30", "2026-04-30")),
    ("Must send the report by Friday", "Must send the report by 1 May 2026",
     (None, "2026-05-01")),
    ("Is away until next Friday", "Is away until 1 May 2026", (None, "2026-05-01")),
    ("Starts a new job next month", "Starts a new job in May 2026", ("2026-05-01", "2026-05-31")),
    # "until" governs the clause: the stay lasts to the day the clause ends on.
    ("Parents are staying until they fly home on the 15th",
     "Parents are staying until they fly home on 15 May 2026", (None, "2026-05-15")),
])
def test_relative_dates_are_written_as_dates(text, stored, valid):
    from chatbot.agents.new_facts import _dated
    assert _dated(text, WEDNESDAY) == (stored, *valid)


@pytest.mark.parametrize("text", ["Has been teaching for eight years",
                                  "Has been vegan for ten years", "Taught for eight years now"])
def test_a_length_of_time_up_to_now_is_not_a_coming_span(text):
    # It was stored "Has been teaching from 15 March to 12 March 2032".
    assert find_span(text, WEDNESDAY) is None
    assert find_span("Has been asked to stay for the next two weeks", WEDNESDAY).relative


def test_a_length_said_with_the_time_it_falls_in_does_not_start_today():
    from chatbot.agents.new_facts import _dated
    # "for a fortnight in April" had been stored "from 29 April to 12 May" (today's date on).
    visit = "Brother Auberon is coming to stay for a fortnight in April"
    assert _dated(visit, WEDNESDAY) == (visit, None, None)
    assert find_span("Is away for a week over the summer", WEDNESDAY) is None
    # The time it falls in is the span: "next month" is May.
    span = find_span("Is staying with us for two weeks next month", WEDNESDAY)
    assert (span.start.isoformat(), span.end.isoformat()) == ("2026-05-01", "2026-05-31")
    # A length alone still starts today.
    assert find_span("Is off work for three days", WEDNESDAY).start == WEDNESDAY


@pytest.mark.parametrize("text, written", [
    ("Party a week on Saturday", "Party on 9 May 2026"),
    ("Dentist Tuesday week", "Dentist on 12 May 2026"),
    ("Starts a new job on the first of next month", "Starts a new job on 1 May 2026"),
    ("Recital on the twenty-second", "Recital on 22 May 2026"),
    ("Surgery in three days' time", "Surgery on 2 May 2026"),
    ("Sister arrives on Friday the 1st", "Sister arrives on 1 May 2026"),
    # the weekday named is not that date's: no date
    ("Sister arrives on Thursday the 1st", "Sister arrives on Thursday the 1st"),
    ("Meeting on the second floor", "Meeting on the second floor"),
])
def test_more_ways_of_saying_a_coming_day_are_resolved(text, written):
    from chatbot.agents.new_facts import _dated
    assert _dated(text, WEDNESDAY, event=True)[0] == written


@pytest.mark.parametrize("text, start, end", [
    ("Is away from the 3rd to the 9th of May", "2026-05-03", "2026-05-09"),
    ("In Crete from 28 May to 3 June", "2026-05-28", "2026-06-03"),
    ("Festival runs May 30 to June 2", "2026-05-30", "2026-06-02"),
    ("Booked a cottage in the Dordogne from June 1st to the 20th", "2026-06-01", "2026-06-20"),
    ("Conference 3-9 May", "2026-05-03", "2026-05-09"),
    # "for three weeks from May 2" had been read as three weeks from today
    ("In Rome for three weeks from May 2", "2026-05-02", "2026-05-22"),
    ("Parents visit from the 4th of July for ten days", "2026-07-04", "2026-07-13"),
    ("Fieldwork in Bulawayo for three weeks from the start of May", "2026-05-01", "2026-05-21"),
])
def test_a_stay_between_two_dates_spans_both(text, start, end):
    from chatbot.agents.new_facts import _dated, with_said_date
    span = find_span(text, WEDNESDAY)
    assert (span.start.isoformat(), span.end.isoformat()) == (start, end)
    assert _dated(text, WEDNESDAY, event=True)[1:] == (start, end)
    # a memory that kept only the first day gets the user's whole phrase, once
    part = "My parents visit from the 4th of July for ten days"
    assert with_said_date("Parents visit from the 4th of July", part, WEDNESDAY) == (
        "Parents visit from the 4th of July for ten days")
    # a memory that kept only the length gets the time it starts
    part = "i'll be doing fieldwork in Bulawayo for three weeks from the start of May"
    assert with_said_date("Fieldwork in Bulawayo for three weeks", part, WEDNESDAY) == (
        "Fieldwork in Bulawayo for three weeks from the start of May")


def test_a_date_the_model_made_up_goes():
    from chatbot.agents.new_facts import with_said_date
    part = "booked it!! going to Kotor for two weeks this summer"
    # The model wrote today's date on for "this summer": its dates go, the user's words stay.
    assert with_said_date("Going to Kotor from 29 April to 12 May 2026", part, WEDNESDAY) == (
        "Going to Kotor for two weeks this summer")
    # A date the part gives in digits or in words is the user's.
    for text, said in (("Was born on 3 May 1990", "I was born on 3 May 1990"),
                       ("Wedding is on 22 May 2026", "The wedding is on the twenty-second of May")):
        assert with_said_date(text, said, WEDNESDAY) == text


def test_a_weekday_in_a_plan_is_the_coming_one():
    from chatbot.agents.new_facts import _dated
    interview = "Has a job interview at the museum on Thursday"
    assert _dated(interview, WEDNESDAY, event=True) == (
        "Has a job interview at the museum on 30 April 2026", "2026-04-30", "2026-04-30")
    # In a fact too, when the user has one such thing on the day ("Has a ...", "Got an
    # audition for the local panto on tuesday": "I've got", said short); a habit's verb, a
    # plural day or "every" is not a date.
    assert _dated(interview, WEDNESDAY)[1:] == ("2026-04-30", "2026-04-30")
    assert _dated("Got an audition for the local panto on tuesday", WEDNESDAY)[1] == "2026-05-05"
    assert _dated("Plays chess on Sunday", WEDNESDAY) == ("Plays chess on Sunday", None, None)
    assert _dated("Has a piano lesson on Thursdays", WEDNESDAY)[1] is None
    assert _dated("Plays chess every Sunday", WEDNESDAY, event=True) == (
        "Plays chess every Sunday", None, None)
    # Told in the past: the last such day, history (no end).
    assert _dated("Went to a gig on Saturday", WEDNESDAY, event=True) == (
        "Went to a gig on 25 April 2026", None, None)
    assert _dated("Was at the museum on Thursday", WEDNESDAY) == (
        "Was at the museum on 23 April 2026", None, None)
    # A plan led by a noun is a coming one; a part of the day after the date reads on.
    assert _dated("Ferry to Portree on Friday morning", WEDNESDAY, event=True) == (
        "Ferry to Portree on the morning of 1 May 2026", "2026-05-01", "2026-05-01")
    # A weekday with a plural part of the day is a habit: no date.
    assert _dated("Started a welding course on tuesday nights", WEDNESDAY, event=True) == (
        "Started a welding course on tuesday nights", None, None)


@pytest.mark.parametrize("text, start, end", [
    ("My daughter started nursery on Monday, and my husband works nights", "2026-04-27", None),
    ("my parents fly in 10 days from now and stay for a week", "2026-05-09", "2026-05-15"),
    ("arriving on the 3rd for two weeks, can't wait", "2026-05-03", "2026-05-16"),
    ("my sister comes tomorrow for a few days", "2026-04-30", "2026-05-02"),
    ("landing on Monday for 3 nights", "2026-05-04", "2026-05-06"),
    ("I was at the dentist on Friday", "2026-04-24", None),
    ("staying with me from Monday, for two weeks", "2026-05-04", "2026-05-17"),
    ("away for two weeks from tomorrow", "2026-04-30", "2026-05-13"),
])
def test_a_weekday_told_in_the_past_or_a_stay_from_a_day(text, start, end):
    span = find_span(text, WEDNESDAY)
    assert span.relative and span.start.isoformat() == start
    assert span.end.isoformat() == (end or start)


@pytest.mark.parametrize("text", [
    "I'm opening a stall at the Saturday market", "my Monday class", "a Sunday roast",
    "I put the bins out on Monday", "I've booked a table on Friday", "plays chess on Sunday"])
def test_a_weekday_that_names_a_thing_or_a_habit_is_no_past_date(text):
    span = find_span(text, WEDNESDAY)
    assert span is None or (not span.relative and span.start > WEDNESDAY)


def test_validity_of_a_memory():
    assert validity("Sister visits next week", WEDNESDAY) == ("2026-05-04", "2026-05-10")
    assert validity("Is in Berlin until Friday", WEDNESDAY) == (None, "2026-05-01")
    assert validity("Has a cast until 3 May", WEDNESDAY) == (None, "2026-05-03")
    assert validity("Went to Rome last week", WEDNESDAY) == (None, None)  # history: for good
    assert validity("Likes tea", WEDNESDAY) == (None, None)
    assert validity("Maybe 3 cats", WEDNESDAY) == (None, None)


def test_a_memory_that_says_its_dates_is_not_dated_twice(store):
    lima = store.get(store.add("ann", "Is in Lima from 29 April to 12 May 2026",
                               valid_from="2026-04-29", valid_until="2026-05-12"))
    berlin = store.get(store.add("ann", "Is in Berlin for a while", valid_until="2026-05-12"))
    assert describe_memory(lima, WEDNESDAY).endswith("Is in Lima from 29 April to 12 May 2026 "
                                                     f"(noted {lima.observed_at[:10]})")
    assert "until 2026-05-12" in describe_memory(berlin, WEDNESDAY)
    # Once over, it is marked past all the same.
    assert "past: from 2026-04-29 until 2026-05-12" in describe_memory(lima, date(2026, 6, 1))


def test_expired_memories_leave_default_search(store):
    today = datetime.now(UTC).date()
    past = (today - timedelta(days=3)).isoformat()
    soon = (today + timedelta(days=3)).isoformat()
    gone = store.add("ann", "Sister Marta is visiting Lisbon", valid_from=past,
                     valid_until=(today - timedelta(days=1)).isoformat())
    coming = store.add("ann", "Brother Rui is visiting Lisbon", valid_until=soon)
    always = store.add("ann", "Lives in Lisbon")
    found = [m.id for m in store.search("ann", "who is visiting Lisbon", limit=5)]
    assert gone not in found and coming in found and always in found
    assert gone in [m.id for m in store.search("ann", "who is visiting", include_expired=True)]
    assert gone not in [m.id for m in store.list("ann")]
    assert gone in [m.id for m in store.list("ann", include_deleted=True)]
    assert store.get(gone).valid_from == past
    # a replay's reference time decides what has expired
    then = datetime.combine(today - timedelta(days=2), datetime.min.time(), UTC)
    assert gone in [m.id for m in store.search("ann", "who is visiting", now=then)]
    with pytest.raises(ConfigError, match="valid_until must be an ISO date"):
        store.add("ann", "Bad", valid_until="next week")


def test_cli_list_all_shows_expired(capsys, embedder):
    yesterday = (datetime.now(UTC).date() - timedelta(days=1)).isoformat()
    with MemoryStore.from_settings(Settings()) as store:
        store.add("ann", "Sister Marta is visiting", valid_until=yesterday)
    assert main(["memories", "list", "--user", "ann", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert main(["memories", "list", "--user", "ann", "--all", "--json"]) == 0
    [record] = json.loads(capsys.readouterr().out)
    assert record["valid_until"] == yesterday and record["valid"]


def test_the_agent_reads_past_facts_as_past(store):
    """What the response agent reads (chatbot.memory.validity.describe_memory) on a search
    that includes expired memories: the past fact is there, marked as past."""
    today = datetime.now(UTC).date()
    last_week = (today - timedelta(days=7)).isoformat()
    yesterday = (today - timedelta(days=1)).isoformat()
    soon = (today + timedelta(days=3)).isoformat()
    store.add("ann", "Sister Marta is visiting Lisbon", ["family"], valid_from=last_week,
              valid_until=yesterday)
    store.add("ann", "Brother Rui is in Lisbon", ["family"], valid_until=soon)
    store.add("ann", "Has two sisters", ["family"])
    hits = store.search("ann", "sister visiting Lisbon", limit=5, include_expired=True)
    said = {m.memory_text: describe_memory(m, today) for m in hits}
    assert said["Sister Marta is visiting Lisbon"].endswith(
        f"(noted {hits[0].observed_at[:10]}; past: from {last_week} until {yesterday})")
    assert said["Brother Rui is in Lisbon"].endswith(f"; until {soon})")
    assert said["Has two sisters"] == f"[family] Has two sisters (noted {today.isoformat()})"
    marta = next(m for m in hits if m.memory_text.startswith("Sister"))
    assert status(marta, today) == "past"
    assert status(marta, today - timedelta(days=3)) == "current"  # a replay of last week
    assert status(marta, today - timedelta(days=8)) == "upcoming"


def test_cli_search_all_finds_the_past_and_marks_it(capsys, monkeypatch, embedder):
    monkeypatch.setenv("COLUMNS", "200")  # one table row a line
    yesterday = (datetime.now(UTC).date() - timedelta(days=1)).isoformat()
    with MemoryStore.from_settings(Settings()) as store:
        store.add("ann", "Sister Marta is visiting", valid_until=yesterday)
    assert main(["memories", "search", "sister visiting", "--user", "ann"]) == 0
    assert "nothing found" in capsys.readouterr().err
    assert main(["memories", "search", "sister visiting", "--user", "ann", "--all"]) == 0
    assert f"past: until {yesterday}" in capsys.readouterr().out
    assert main(["memories", "list", "--user", "ann", "--all"]) == 0
    assert f"past: until {yesterday}" in capsys.readouterr().out


def test_a_past_event_of_today_stays_true_after_today():
    from chatbot.agents.new_facts import _dated
    # "Got a gecko today" was valid until today: the gecko left default search the next day.
    assert _dated("Got a gecko today", WEDNESDAY) == ("Got a gecko on 29 April 2026", None, None)
    assert _dated("Adopted a cat today", WEDNESDAY, event=True)[1:] == (None, None)
    assert _dated("Has a dentist appointment today", WEDNESDAY, event=True)[1:] == (
        "2026-04-29", "2026-04-29")


def test_a_stay_said_over_a_joining_word_dates_only_its_own_clause():
    from chatbot.agents.new_facts import with_said_date
    part = ("my parents fly in 10 days from now and stay for a week, so I need to clear out the "
            "guest room")
    assert find_span(with_said_date("Parents are coming to stay for a week", part, WEDNESDAY),
                     WEDNESDAY).start.isoformat() == "2026-05-09"
    assert with_said_date("Guest room needs to be cleared out", part, WEDNESDAY) == (
        "Guest room needs to be cleared out")


def test_since_a_weekday_is_the_last_one_and_stays_since():
    from chatbot.agents.new_facts import _dated
    span = find_span("been in Logro\u00f1o since Tuesday, boxes everywhere", WEDNESDAY)
    assert (span.start.isoformat(), span.phrase) == ("2026-04-28", "since Tuesday")
    assert _dated("Lives in Logro\u00f1o since Monday", WEDNESDAY)[0] == (
        "Lives in Logro\u00f1o since 27 April 2026")


def test_a_question_about_what_is_coming_up_asks_about_the_next_two_weeks():
    from datetime import date, datetime

    from chatbot.memory.found import UPCOMING_DAYS, asked_time
    now = datetime(2024, 3, 29, 12)
    # sealed30: "anything on my calendar coming up soon?" named no time code read
    span = asked_time("anything on my calendar coming up soon?", now)
    assert (span.start, span.end) == (date(2024, 3, 29), date(2024, 4, 11))
    assert (span.end - span.start).days == UPCOMING_DAYS - 1
    # a time the question names wins; no time asked, none read
    assert asked_time("anything coming up for me this week?", now).end == date(2024, 3, 31)
    assert asked_time("how do i descale a kettle?", now) is None


def test_a_weekday_said_as_a_habit_is_no_date():
    from datetime import date

    from chatbot.agents.statements import statements
    from chatbot.memory.timeparse import find_span
    today = date(2024, 3, 15)
    # sealed31: "i still go freediving every sunday" was dated 17 March and kept again beside
    # "Goes freediving on Sundays"
    assert find_span("i still go freediving every sunday", today) is None
    assert find_span("my group meets every other Tuesday evening", today) is None
    assert statements("btw i still go freediving every sunday, best part of my week tbh",
                      {0: "Goes freediving on Sundays"}, today) == []
    # one coming day still is
    assert find_span("got an audition on tuesday", today).start == date(2024, 3, 19)
