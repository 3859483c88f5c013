"""Standing preferences that code applies itself (agents/reply_style.py): which formats a
user's procedural memories ask for, and the reply in those formats."""

from __future__ import annotations

import pytest

from chatbot.agents.reply_style import (
    PLAIN,
    ReplyStyle,
    as_bullets,
    as_prose,
    at_most,
    in_force,
    restyle,
    style_of,
)
from chatbot.agents.units import to_12_hour, to_24_hour


@pytest.mark.parametrize(("preferences", "expected"), [
    (["Wants answers as bullet points"], ReplyStyle(bullets=True)),
    (["Prefers short answers in a list"], ReplyStyle(bullets=True)),
    (['Asked: "A standing request: whenever you mention times, use the 24-hour clock, never '
      'am or pm."'], ReplyStyle(clock="24h")),
    (["Prefers the twelve-hour clock"], ReplyStyle(clock="12h")),
    (["Never use am or pm"], ReplyStyle(clock="24h")),
    (["Don't use bullet points"], ReplyStyle(bullets=False)),
    (["Write answers in point form"], ReplyStyle(bullets=True)),
    (["Keep answers brief, two sentences at most"], ReplyStyle(sentences=2)),
    (['Asked: "From now on give me a single sentence, nothing more."'], ReplyStyle(sentences=1)),
    (["Wants one-sentence answers in bullet points"], ReplyStyle(bullets=True, sentences=1)),
    (["Wants every reply in Spanish", "Likes a friendly tone", "Use full sentences"], PLAIN),
    (["Prefers metric units"], ReplyStyle(units="metric")),
    ([], PLAIN),
])
def test_the_formats_a_preference_asks_for(preferences, expected):
    assert style_of(preferences) == expected


def test_a_later_preference_overrides_an_earlier_one():
    assert style_of(["Wants answers as bullet points",
                     "Does not want bullet points any more"]) == ReplyStyle(bullets=False)
    assert style_of(["Wants two-sentence answers", "No longer limit me to two sentences"]) \
        == PLAIN
    assert style_of(["Uses the 24-hour clock", "Prefers the 12-hour clock"]).clock == "12h"
    both = style_of(["Wants bullet points", "Uses the 24h clock"])
    assert both == ReplyStyle(bullets=True, clock="24h") and both.active


@pytest.mark.parametrize(("said", "expected"), [
    ("You should get there at 7:25 in the evening.", "You should get there at 19:25."),
    ("Leave by 7 pm and arrive at 12 am. Then rest.", "Leave by 19:00 and arrive at 00:00. "
                                                      "Then rest."),
    ("It opens at 9.30 a.m. daily", "It opens at 09:30 daily"),
    ("Meet at 6 this evening or at 11 at night.", "Meet at 18:00 this evening or at 23:00."),
    ("at 12:15 pm, or at 7 o'clock in the morning", "at 12:15, or at 07:00"),
    # Not a time: a count before a part of the day, a bare number, a time already on 24 hours.
    ("Do 10 in the morning and 10 in the evening.", "Do 10 in the morning and 10 in the "
                                                    "evening."),
    ("Bake for 25 minutes at 200 degrees; the bus is at 19:05.",
     "Bake for 25 minutes at 200 degrees; the bus is at 19:05."),
])
def test_times_on_the_24_hour_clock(said, expected):
    assert to_24_hour(said) == expected


def test_times_on_the_12_hour_clock_only_where_they_differ():
    assert to_12_hour("Train at 19:25, back at 07:10 or 0:30; it ended 3:2.") == \
        "Train at 7:25 pm, back at 07:10 or 12:30 am; it ended 3:2."
    assert to_12_hour("at 7:25 pm") == "at 7:25 pm"


def test_a_reply_as_bullet_points():
    one_long_bullet = ("- To get better at chess, learn the basic openings. Practise tactics "
                       "daily, e.g. with puzzles. Join a club for feedback.")
    assert as_bullets(one_long_bullet) == (
        "- To get better at chess, learn the basic openings.\n"
        "- Practise tactics daily, e.g. with puzzles.\n"
        "- Join a club for feedback.")
    assert as_bullets("Tips:\n1. Sleep early. 2. Avoid screens.") == \
        "Tips:\n- Sleep early.\n- Avoid screens."
    listed = "Here you go:\n- one idea\n- another idea"
    assert as_bullets(listed) == listed  # the model wrote a list: left as it is
    assert as_bullets("Yes, Dr. Ruiz said so.") == "Yes, Dr. Ruiz said so."  # one sentence


def test_restyle_applies_every_format_asked_for_and_nothing_else():
    reply = "Leave at 6 pm. Take a jacket."
    assert restyle(reply, PLAIN) == reply
    assert restyle(reply, ReplyStyle(bullets=True, clock="24h")) == \
        "- Leave at 18:00.\n- Take a jacket."


def test_units_a_preference_asks_for():
    assert style_of(["Please use metric units, I don't understand miles or pounds."]).units \
        == "metric"
    assert style_of(["Always use kilometres, kilos and Celsius"]).units == "metric"
    assert style_of(["Give me distances in miles and temperatures in Fahrenheit"]).units \
        == "imperial"
    assert style_of(["Prefers metric units", "Wants miles again"]).units == "imperial"


@pytest.mark.parametrize(("said", "expected"), [
    ("A marathon is 26.2 miles long.", "A marathon is 42.2 km long."),
    ("The bath should be around 37°C (98.6°F).", "The bath should be around 37°C."),
    ("Heat it to 98.6°F (about 37°C) first.", "Heat it to about 37°C first."),
    ("It weighs 150 pounds and is 6 feet tall; bake at 350°F for 1,200 miles at 65 mph.",
     "It weighs 68 kg and is 1.8 m tall; bake at 177°C for 1,931 km at 105 km/h."),
    ("Add 8 fl oz of milk and 3 ounces of flour.", "Add 237 ml of milk and 85 g of flour."),
    ("Stand in 4 in. of water, 20 km away.", "Stand in 4 in. of water, 20 km away."),
])
def test_imperial_quantities_in_metric(said, expected):
    assert restyle(said, ReplyStyle(units="metric")) == expected
    assert restyle(said, ReplyStyle(units="imperial")) == said


def test_a_list_for_a_user_who_asked_for_bullet_points_has_bullets():
    assert as_bullets("- 1. Go to bed on time.\n- 2. Avoid screens.\n- 3.") == \
        "- Go to bed on time.\n- Avoid screens."
    assert as_bullets("Try:\n1) Sleep early\n2) Read\n* Walk") == \
        "Try:\n- Sleep early\n- Read\n- Walk"



def test_numbered_steps_asked_for_are_numbered():
    from chatbot.agents.reply_style import restyle, style_of
    style = style_of(['Asked: "Whenever they ask how to do something, break it into numbered '
                      'steps so they can follow along one at a time."'])
    assert style.bullets and style.numbered
    assert restyle("- Find the hole.\n- Patch it.\n3) Pump it up.", style) == \
        "1. Find the hole.\n2. Patch it.\n3. Pump it up."
    assert restyle("Tools:\nFind the hole. Patch it.", style) == \
        "Tools:\n1. Find the hole.\n2. Patch it."
    assert not style_of(["Wants bullet points"]).numbered
    assert not style_of(["Wants numbered steps", "Wants bullet points"]).numbered


def test_a_preference_overridden_on_its_formats_is_not_in_force():
    said = ["Wants answers as bullet points", "Wants replies in German",
            'Asked: "Could you stop putting everything in bullet points?"',
            "Wants short answers in bullet points and the 24-hour clock",
            "No bullet points, please"]
    # The first and third are overridden on their only format (bullets, then none, then
    # bullets again); the fourth keeps its clock in force, so it stays.
    assert in_force(said) == [said[1], said[3], said[4]]
    assert in_force(said[:2]) == said[:2]


def test_a_list_as_prose_for_a_user_who_asked_for_none():
    assert as_prose("Try these:\n- Sleep in a cool room\n- **Use** a fan\n1. Skip coffee!\n"
                    "Sleep well.") == ("Try these: Sleep in a cool room. Use a fan. Skip "
                                       "coffee!\n\nSleep well.")
    assert as_prose("- Only one bullet") == "- Only one bullet"


def test_at_most_a_number_of_sentences():
    reply = "Sure! Onions release a gas. It stings the eyes. Chill them first."
    assert at_most(reply, 1) == "Onions release a gas."
    assert at_most(reply, 2) == "Onions release a gas. It stings the eyes."
    assert at_most(reply, 4) == reply
    assert at_most("Tips:\n- one\n- two\n- three", 2) == "Tips:\n- one\n- two"


def test_a_limit_in_sentences_is_one_of_short_sentences():
    # sealed30: asked for "two or three sentences max", three sentences of 29 words each
    long = ("Since you asked how to descale a kettle, I can tell you that you can fill it "
            "halfway with equal parts of white vinegar and water and then bring it to the "
            "boil gently.")
    reply = f"{long} {long} {long}"
    assert at_most(reply, 3) == long  # 33 words: two would be 66, over 3 x 20
    assert at_most(reply, 4) == f"{long} {long}"
    assert at_most(long, 1) == long  # the first sentence is always kept
    assert at_most(f"{long} Rinse it.", 2) == f"{long} Rinse it."


def test_ranges_in_metric():
    assert restyle("It weighs 25-30 pounds (11-14 kg), 2 to 3 feet tall.",
                   ReplyStyle(units="metric")) == "It weighs 11-14 kg, 0.6-0.9 m tall."


def test_a_height_in_feet_and_inches_is_one_metric_figure():
    assert restyle("He is 5 ft 10 in tall; she is 5'4\" and he 6 feet 2 inches.",
                   ReplyStyle(units="metric")) == "He is 1.8 m tall; she is 1.6 m and he 1.9 m."


def test_a_reply_with_code_is_left_as_written():
    reply = "Like this:\n```python\nitems.reverse()\n```\nThat reverses it in place. Done."
    assert restyle(reply, ReplyStyle(bullets=True, sentences=1, units="metric")) == reply


def test_money_and_em_dashes_are_not_formats():
    # "prices in pounds" is sterling: it neither asks for imperial units nor ends metric ones,
    # and a sentence about money keeps its pounds; "no em dashes" says nothing of lists.
    assert style_of(["Use metric units", "Give prices in pounds"]).units == "metric"
    assert restyle("The ticket costs 20 pounds. The flour weighs 2 pounds.",
                   ReplyStyle(units="metric")) == \
        "The ticket costs 20 pounds. The flour weighs 0.9 kg."
    assert style_of(["No em dashes, please"]) == PLAIN
    assert style_of(["Write in point form with dashes"]).bullets is True


def test_a_limit_said_loosely_and_a_numbered_list_are_read():
    # "keep your replies to a sentence or two" and "the steps as a numbered list" had been
    # stored as preferences that no format was read from: the replies ran on, in paragraphs.
    assert style_of(['Asked: "keep your replies to a sentence or two, I read them on my '
                     'phone"']).sentences == 2
    for said, most in (("Wants one or two sentences", 2), ("Wants a couple of sentences", 2),
                       ("Wants two or three sentences at most", 3)):
        assert style_of([said]).sentences == most, said
    assert style_of(["Does not want a sentence or two, wants detail"]).sentences is None
    # Short replies asked for without a number of sentences, or as a limit on words or lines.
    for asked, limit in (("short answers only", 3), ("please be concise", 3),
                         ("keep it brief", 3), ("tl;dr style please", 3),
                         ("one-liners please", 1), ("two lines max", 2),
                         ("no more than two sentences", 2), ("answer in under 60 words", 3),
                         ("no need to be brief", None), ("Wants short chapters in books", None),
                         ("Prefers short answers in a list", None)):
        assert style_of([asked]).sentences == limit, asked
    assert style_of(['Asked: "give me the steps as a numbered list"']).bullets is True
    assert style_of(["Wants numbered steps"]).bullets is True


def test_an_item_numbered_twice_is_numbered_once():
    # sealed29: after code's "1. " the model wrote "1. Start ...", and every item kept both
    reply = "1. 1. Pick a soft bar of soap.\n2. 2. Draw the outline.\n3. 3. Carve slowly."
    assert as_bullets(reply, numbered=True) == (
        "1. Pick a soft bar of soap.\n2. Draw the outline.\n3. Carve slowly.")


def test_a_request_kept_in_the_users_words_stays_as_typed_and_is_read_in_chat_spelling():
    from chatbot.agents.wording import third_person
    # sealed31: 'Asked: "... keep your replies short pls, they hate walls of text."'
    asked = 'Asked: "heyy one thing, keep ur replies short pls, i hate walls of text."'
    assert third_person(asked) == asked
    assert style_of([asked]).sentences == 3
    assert third_person("i hate walls of text") == "Hates walls of text"
