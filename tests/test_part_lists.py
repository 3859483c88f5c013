"""The memory agent's sorted parts when the small model writes one list of memories for every
part of a message (chatbot.agents.part_calls): each part keeps what is its own, nothing the
worked examples say comes in, and the same fact is kept once."""

from __future__ import annotations

from chatbot.agents.own_words import copies_examples, example_words
from chatbot.agents.part_calls import tool_calls
from chatbot.agents.part_checks import without_misplaced
from chatbot.agents.parts import split_parts
from chatbot.agents.user_name import user_name
from chatbot.agents.wording import second_person, with_copula

from scripted import fact

GERTRUDE = ("Good evening. My name is Gertrude; I am a retired bailiff and I live in Torshavn "
            "with my husband.")


def _sorted(memories: list[str]) -> list[dict]:
    """What the model wrote for GERTRUDE: the same three memories under every part."""
    parts = split_parts(GERTRUDE)
    entries = [fact(p, *memories, name="Gertrude") for p in parts[1:]]
    for e in entries:
        for m, category in zip(e["memories"], ("work", "home", "family"), strict=False):
            m["category"] = category
    return [{"part": parts[0], "kind": "small_talk"}, *entries]


def test_a_sentence_ended_by_a_semicolon_is_a_part_without_it():
    assert split_parts(GERTRUDE) == ["Good evening.", "My name is Gertrude",
                                     "I am a retired bailiff",
                                     "I live in Torshavn with my husband."]


def test_each_part_keeps_its_own_and_an_example_word_nobody_said_is_not_stored():
    entries = _sorted(["Retired bailiff", "Lives in Torshavn", "Married to husband"])
    [(tool, args)] = tool_calls(entries, [], message=GERTRUDE, known=GERTRUDE,
                                parts=split_parts(GERTRUDE))
    assert tool == "add_memory"
    texts = [f["text"] for f in args["facts"]]
    assert texts == ["Is a retired bailiff", "Is called Gertrude",
                     "I live in Torshavn with my husband."]
    # the part in its own words files under the category of the memory most like it
    assert args["facts"][-1]["categories"] == ["home"]


def test_the_example_vocabulary_is_the_examples_facts_not_their_wording():
    words = example_words()
    assert "marri" in words or any(w.startswith("marri") for w in words)
    # the words every memory is worded with are not in it, nor dates
    assert not {"call", "called", "a", "as", "in", "june", "april", "month"} & words
    assert copies_examples("Married to husband", "I live in Torshavn with my husband")
    assert not copies_examples("Lives with her husband", "I live in Torshavn with my husband")
    # said by the user: theirs
    assert not copies_examples("Married to Tom", "I got married to Tom last year")


def test_the_users_own_name_after_my_name_is_is_theirs_not_someones():
    assert user_name({"user_name": "Gertrude"}, GERTRUDE) == "Gertrude"
    assert user_name({"user_name": "Bo"}, "My friends call me Bo") == "Bo"
    # someone of the user's, however many words name them
    assert user_name({"user_name": "Elowen"}, "My daughter Elowen started nursery") is None
    assert user_name({"user_name": "Ana"}, "my sister's name is Ana") is None
    assert user_name({"user_name": "Ana"}, "my sister is called Ana") is None


def test_a_word_in_ed_said_after_i_am_is_what_the_user_is():
    assert with_copula("Retired bailiff", "I am a retired bailiff") == "Is a retired bailiff"
    assert second_person("Is a retired bailiff") == "You are a retired bailiff"
    assert with_copula("Retired", "i am retired now") == "Is retired"
    assert with_copula("Married to Tom", "I'm married to Tom") == "Is married to Tom"
    # what the user did stays a verb
    assert with_copula("Moved to Lisbon", "I moved to Lisbon") == "Moved to Lisbon"
    assert with_copula("Retired in 2019", "I retired in 2019") == "Retired in 2019"


def test_a_memory_listed_under_every_part_is_kept_under_the_part_it_is_about():
    parts = split_parts(GERTRUDE)[1:]
    entries = without_misplaced([fact(p, "Retired bailiff", "Lives in Torshavn") for p in parts])
    assert [[m["memory"] for m in e["memories"]] for e in entries] == [
        [], ["Retired bailiff"], ["Lives in Torshavn"]]
    # listed under one part only, a memory stays where the model put it
    alone = [fact(parts[0], "Lives in Torshavn"), fact(parts[1], "Retired bailiff")]
    assert without_misplaced(alone) == alone
