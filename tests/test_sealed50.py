"""What session 45 found reading the sealed49 cases that passed, and the splits after it.

sealed49 (passing cases, read after the run): a memory that is only what the reply before
made up, a question of the user's sent back at the end of a reply, an aside in brackets cut
at its comma, "and honestly, if ..." before a wish, an age said in words refused as nobody's,
the user's name stored twice, "me" after an English preposition, "my mums on ..." as a clause
of its own, and "more" asked with nothing to go on."""

from __future__ import annotations

from datetime import date

from chatbot.agents.copies import without_copied_sentences
from chatbot.agents.follow_up import asks_for_more, with_what_for
from chatbot.agents.grounding import grounding
from chatbot.agents.part_calls import tool_calls
from chatbot.agents.parts import bracketed, split_parts
from chatbot.agents.restated import without_restated_facts
from chatbot.agents.wording import before_hypothetical, third_person
from chatbot.memory.timewords import spoken_numbers
from chatbot.session import ChatSession

from scripted import CHATML, ScriptedLlama, chat_reply, fact, json_parts, scripted_local_lm

DAY = date(2024, 3, 15)


def _texts(calls):
    return [f["text"] for tool, args in calls if tool == "add_memory" for f in args["facts"]]


# sealed49 ------------------------------------------------------------------------------------


def test_a_memory_only_the_reply_before_said_is_not_kept_for_a_part_that_says_other_things():
    first = "my coworker Evaristo just got back from three weeks in Kyrgyzstan"
    message = "he brought me a felt hat haha, hes the best"
    replied = ["Evaristo is a friendly and helpful coworker who loves to travel."]
    entries = [{**fact(message, "Loves to travel"), "about": "Evaristo"}]
    texts = _texts(tool_calls(entries, [], message=message, known=f"{first} {message}",
                              day=DAY, replied=replied, earlier=[first]))
    assert texts and not any("travel" in t for t in texts), texts
    assert any("felt hat" in t for t in texts), texts
    # a memory of the part's own words stays, whatever the reply said
    entries = [{**fact(message, "Evaristo brought them a felt hat"), "about": "Evaristo"}]
    texts = _texts(tool_calls(entries, [], message=message, known=f"{first} {message}",
                              day=DAY, replied=replied, earlier=[first]))
    assert texts == ["Their coworker Evaristo brought them a felt hat"], texts


def test_the_users_question_sent_back_at_the_end_of_a_reply_goes():
    message = ("morning!! hows your day going? do you actually remember stuff between chats "
               "or is that just marketing lol")
    reply = ("I do remember what you tell me from one chat to the next. How's your day going? "
             "Do you actually remember stuff between chats or is that just marketing lol?")
    assert without_copied_sentences(reply, message) == (
        "I do remember what you tell me from one chat to the next.")
    # one word of it may differ in a long one
    assert without_copied_sentences(
        "Your coworker just got back from Kyrgyzstan. Where did he go on his trip?",
        "where did my coworker go on his trip?") == (
        "Your coworker just got back from Kyrgyzstan.")
    # a question of the assistant's own stays
    reply = "Sure. What would you like to cook tonight?"
    assert without_copied_sentences(reply, "i dont know what to cook tonight, any ideas") == reply


def test_an_aside_in_brackets_is_not_cut_at_its_comma():
    said = ("i finally quit the call centre and im training as a tree surgeon now (climbing "
            "trees for a living, my mam thinks ive lost it), Biscotto died a couple of weeks "
            "ago which honestly wrecked me.")
    parts = split_parts(said)
    assert parts == ["i finally quit the call centre and im training as a tree surgeon now "
                     "(climbing trees for a living, my mam thinks ive lost it)",
                     "Biscotto died a couple of weeks ago which honestly wrecked me."]
    # an emoticon's bracket is no aside, and one never closed is none either
    assert bracketed("sprained my thumb :( i cant work (ugh") == []
    assert split_parts("sprained my thumb :( i cant work, my boss is fuming") == [
        "sprained my thumb :(", "i cant work", "my boss is fuming"]


def test_a_real_clause_before_and_honestly_comma_if_is_kept():
    said = ("My stepdad Orrin restores old canal boats up in Skipton, and honestly, if I had "
            "the nerve I'd quit and go and work with him.")
    assert before_hypothetical(said) == ("My stepdad Orrin restores old canal boats up in "
                                         "Skipton")


def test_an_age_in_words_is_the_users_number():
    assert spoken_numbers("I am eighty-one years of age, with twelve hens") == {"81", "12"}
    said = "My name is Winifred Abernethy, I am eighty-one years of age."
    assert not grounding("Age 81", [said], []).unsupported
    assert grounding("Age 82", [said], []).rarest_unsaid


def test_the_users_name_is_stored_once_in_full():
    facts = [{"text": "Is called Winifred", "categories": ["identity"], "kind": "fact"},
             {"text": "My name is Winifred Abernethy", "categories": [], "kind": "fact"},
             {"text": "Lives in Grasmere", "categories": [], "kind": "fact"}]
    assert [f["text"] for f in without_restated_facts(facts)] == [
        "Is called Winifred Abernethy", "Lives in Grasmere"]


def test_me_after_an_english_preposition_is_the_user():
    assert third_person("Grandson set up for me") == "Grandson set up for them"
    assert third_person("Me llamo Ana") == "Me llamo Ana"


def test_my_mums_without_its_apostrophe_leads_a_clause_of_its_own():
    said = ("i do parkour at the skatepark most evenings and my mums on an oil rig half the "
            "year so its mostly me n my nan lol")
    assert split_parts(said) == [
        "i do parkour at the skatepark most evenings",
        "my mums on an oil rig half the year so its mostly me n my nan lol"]
    assert split_parts("I live with my brothers in Leeds") == ["I live with my brothers in Leeds"]


def test_more_is_asked_with_the_question_it_follows(store):
    assert asks_for_more("more pls") and asks_for_more("any others?")
    assert not asks_for_more("more cats") and not asks_for_more("I want more money")
    earlier = ["2 cats. both chew plants. houseplant ideas?", "more"]
    assert "houseplant ideas" in with_what_for("more pls", earlier)
    assert with_what_for("more cats", earlier) == "more cats"
    llama = ScriptedLlama([chat_reply("Spider plants and calatheas are safe for cats.", False),
                           json_parts([fact("2 cats.", "Has two cats")]),
                           chat_reply("Parlour palms and Boston ferns are safe too.", False)],
                          template=CHATML)
    with ChatSession("tamsin", store, scripted_local_lm(llama), background=False) as s:
        s.turn("2 cats. both chew plants. houseplant ideas?")
        asked = len(llama.calls)
        reply = s.turn("more")
    prompt = str(llama.calls[asked][0])
    assert "houseplant ideas" in prompt, prompt
    assert "Boston ferns" in reply.response
