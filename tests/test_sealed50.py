"""What session 45 found reading the sealed49 cases that passed, and the splits after it.

sealed49 (passing cases, read after the run): a memory that is only what the reply before
made up, a question of the user's sent back at the end of a reply, an aside in brackets cut
at its comma, "and honestly, if ..." before a wish, an age said in words refused as nobody's,
the user's name stored twice, "me" after an English preposition, "my mums on ..." as a clause
of its own, "more" asked with nothing to go on; and of its failures: a state said of "she"
kept as the user's, "and i said" after a long clause, fragments in a row, a short reply said
again whole, an article before a name, "remind me ..." as a question, and an Italian relative
date. sealed50 (below its heading): "was" in the third person, "below mine", a date taken back
after "- no,", a pasted calendar entry, a name after "im" with no greeting, a memory written as
a form's fields, a time of day alone, an ending led by a capital "No longer", a shown memory
copied with the day's date, a title after "is a", and recall of the household's and of a name
with its "'s" (a password in quotes and a passport number in brackets: the secrets corpus).
sealed51 (below its heading): a part called hypothetical with no condition, a question filed as
a fact, a heading taken for a name, a count of steps said apart, a quotation cut at its comma,
and news of someone named by who they are filed as small talk."""

from __future__ import annotations

from datetime import date

from chatbot.agents.asking import asks
from chatbot.agents.copies import copied_opening, without_copied_sentences
from chatbot.agents.follow_up import asks_for_more, with_what_for
from chatbot.agents.foreign_dates import with_foreign_date
from chatbot.agents.grounding import grounding
from chatbot.agents.hypothetical import before_hypothetical
from chatbot.agents.memory_form import without_article_before_name
from chatbot.agents.owners import with_owner, with_relation
from chatbot.agents.part_calls import tool_calls
from chatbot.agents.parts import split_parts
from chatbot.agents.pieces import bracketed
from chatbot.agents.put_right import announces_a_correction
from chatbot.agents.referents import of_someone, said_of_them
from chatbot.agents.reply_requests import as_asked
from chatbot.agents.reply_style import style_of
from chatbot.agents.restated import without_restated_facts
from chatbot.agents.told import named, recalled
from chatbot.agents.user_name import user_name
from chatbot.agents.wording import third_person
from chatbot.memory.timeparse import find_span
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


def test_a_state_said_of_she_is_the_relations_not_the_users():
    said = ("staying at my mums in margate from tomorrow to water her orchids while shes on a "
            "cruise.")
    entries = [fact(said, "Stays at mum's in Margate", "On a cruise")]
    texts = _texts(tool_calls(entries, [], message=said, known=said, day=DAY))
    assert "Their mum is on a cruise" in texts, texts
    assert "On a cruise" not in texts
    assert said_of_them("On a cruise", "my sister Ana is away while she's on a cruise") == (
        "Ana is on a cruise")
    assert said_of_them("On a cruise", "I'm on a cruise") is None


def test_and_i_after_a_long_clause_starts_a_clause_of_its_own():
    said = ("okay so my neighbour jedediah the one with the bantams is off to bhutan for the "
            "whole of april and i said id let his hens out every morning while hes away")
    assert len(split_parts(said)) == 2
    assert split_parts("my sister and i moved to leeds") == ["my sister and i moved to leeds"]


def test_fragments_in_a_row_are_one_part():
    assert split_parts("no nightshades. intolerant. fyi") == ["no nightshades. intolerant. fyi"]
    assert split_parts("hi. im Bo. 2 cats.") == ["hi.", "im Bo.", "2 cats."]
    assert split_parts("2 cats. both chew plants. houseplant ideas?") == [
        "2 cats.", "both chew plants.", "houseplant ideas?"]


def test_a_short_reply_an_earlier_one_said_whole_is_a_copy():
    earlier = ["Sure! I don't know anything about Soraya."]
    assert copied_opening("I don't know anything about Soraya.", earlier) == earlier[0]
    assert copied_opening("Goodbye!", ["Sure! Goodbye!"]) is None


def test_an_article_the_model_put_before_a_name_goes():
    part = "My friend Aurelio is in Marrakech for a week."
    assert without_article_before_name("A Aurelio is in Marrakech", part) == (
        "Aurelio is in Marrakech")
    assert without_article_before_name("The Hague is lovely", "I live in The Hague") == (
        "The Hague is lovely")


def test_remind_me_asks():
    assert asks("remind me whose chickens im looking after next month")
    assert not asks("I walk the dog every morning.")


def test_a_relative_time_in_another_language_is_dated_in_code():
    said = "Ah e tra tre settimane vado a Brindisi per il matrimonio di mio cugino"
    texts = _texts(tool_calls([fact(said, "Going to Brindisi")], [], message=said, known=said,
                              day=DAY))
    assert texts == [f'Said: "{said}" (on 5 April 2024)'], texts
    assert with_foreign_date('Said: "Mañana voy a Madrid"', DAY).endswith("(on 16 March 2024)")
    assert with_foreign_date('Said: "Ich fliege morgen nach Wien"', DAY).endswith(
        "(on 16 March 2024)")
    # the morning is no day, nor is a greeting
    assert with_foreign_date('Said: "Por la mañana corro"', DAY) == 'Said: "Por la mañana corro"'
    assert with_foreign_date('Said: "Guten Morgen"', DAY) == 'Said: "Guten Morgen"'


# sealed50 ------------------------------------------------------------------------------------


def test_was_stays_was_and_below_mine_is_theirs():
    assert third_person("I were there") == "Was there"
    assert third_person("My landlord lives in the flat below mine") == (
        "Their landlord lives in the flat below theirs")
    assert third_person("I work at the Wieliczka salt mine") == (
        "Works at the Wieliczka salt mine")


def test_a_date_taken_back_after_a_dash_and_no_is_the_new_one():
    said = ("my boss Ingeborg is off in Tbilisi for a conference so I'm minding her venus "
            "flytrap until tuesday - no, wednesday, she lands wednesday night")
    entries = [fact(said, "Boss Ingeborg is off in Tbilisi for a conference",
                    "Minding her venus flytrap until tuesday", "No, Wednesday")]
    texts = _texts(tool_calls(entries, [], message=said, known=said, day=DAY))
    assert not any(t.lower().startswith("no") for t in texts), texts
    assert any("flytrap" in t and "19 March" not in t for t in texts), texts
    # "no" that takes back no date is no take-back
    assert split_parts("I walk the dog on tuesday, no idea why")


def test_a_pasted_entry_with_a_date_line_is_one_part():
    said = ("can you remember this for me? pasting from my calendar:\n\nResidence permit "
            "appointment\nWed 27 Mar 2024, 09:40 - 10:20\nImmigration Office, Counter 6")
    parts = split_parts(said)
    assert parts[-1] == ("Residence permit appointment - Wed 27 Mar 2024, 09:40 - 10:20 - "
                         "Immigration Office, Counter 6"), parts
    # a pasted profile has no date line: its lines stay apart
    assert split_parts("from my profile:\n- Name: Donncha\n- Job: boat builder")[1:] == [
        "- Name: Donncha", "- Job: boat builder"]


def test_a_name_after_im_with_no_greeting_is_the_users():
    said = "im zuleika btw. nurse, neonatal unit, wicklow general"
    entries = [{"part": "im zuleika btw.", "kind": "small_talk"},
               fact("nurse, neonatal unit, wicklow general", "Occupation as a nurse",
                    "Unit as a neonatal unit", "Location as Wicklow General")]
    texts = _texts(tool_calls(entries, [], message=said, known=said, day=DAY,
                              parts=[e["part"] for e in entries]))
    assert "Is called Zuleika" in texts, texts
    # a memory written as a form's fields is the user's own words instead
    assert "Nurse, neonatal unit, wicklow general" in texts, texts
    assert not any(" as " in t for t in texts), texts


def test_a_time_of_day_alone_is_no_memory():
    said = "on my break. 3am lol"
    entries = [fact("on my break.", "Break time"), fact("3am lol", "Time of day")]
    assert tool_calls(entries, [], message=said, known=said, day=DAY,
                      parts=["on my break.", "3am lol"]) == [("noop", {})]


def test_an_ending_led_by_no_longer_is_the_users_words():
    said = "I left the call centre in February and I'm training as a thatcher now."
    text = "No longer works in a call centre: left the call centre in February (as of March 2024)"
    assert not grounding(text, [said], [], "Works in a call centre").unsupported


def test_a_shown_memory_copied_takes_no_date_from_chat_about_the_day():
    said = "evening! quiet one at the locks tonight"
    shown = {0: "Works as a lock-keeper on the canal", 1: "Lives in Devizes"}
    entries = [{"part": "evening!", "kind": "small_talk"},
               fact("quiet one at the locks tonight", "Works as a lock-keeper on the canal")]
    calls = tool_calls(entries, [0, 1], message=said, known=said, shown=shown, day=DAY,
                       reviews=[{"now": "unchanged"}, {"now": "unchanged"}],
                       parts=[e["part"] for e in entries])
    assert "update_memory" not in [name for name, _ in calls], calls
    assert all(t == shown[0] for t in _texts(calls)), calls  # a copy the store keeps once


def test_a_title_and_name_after_my_relation_is_an_article_is_theirs():
    known = "My landlord is a Mr Abernethy. And he's putting the rent up in June, apparently."
    assert with_relation("Mr Abernethy is putting the rent up in June", known) == (
        "Their landlord Mr Abernethy is putting the rent up in June")


def test_recall_of_the_households_and_a_named_ones_possessive():
    told = recalled("Whose dog is staying with us again?",
                    ["Friend Oonagh's dog is staying with them this weekend"])
    assert told.startswith("You told me") and "Oonagh" in told, told
    assert asks("ayy which game did i say i grind again")
    assert "Marit's birthday" in named("when is Marit's birthday?",
                                       ["Sister Marit's birthday is on 9 June"])


def test_a_reply_that_is_the_users_message_whole_is_asked_for_again(store):
    said = ("Hi! Setting this up for the first time. Easiest if I just paste my signature: "
            "Rosalind Vanterpool, Senior Conservator")
    llama = ScriptedLlama([chat_reply(said, False), chat_reply("Welcome, Rosalind!", False),
                           json_parts([fact(p, p) for p in split_parts(said)])],
                          template=CHATML)
    with ChatSession("rosalind", store, scripted_local_lm(llama), background=False) as s:
        reply = s.turn(said)
    assert reply.error is None and reply.response == "Welcome, Rosalind!", reply


def test_a_state_for_years_reaches_up_to_now():
    assert find_span("Married for 25 years", DAY) is None
    assert find_span("moving to Japan for 2 years", DAY) is not None


def test_a_thing_named_after_its_owners_colon_is_theirs():
    said = ("My friend Oonagh's dog is staying with us this weekend: Gulliver, an enormous "
            "Leonberger. He sheds like mad.")
    assert with_owner("Gulliver is an enormous Leonberger", said) == (
        "Oonagh's dog Gulliver is an enormous Leonberger")
    assert with_owner("Gulliver sheds like mad", "He sheds like mad.", said) == (
        "Oonagh's dog Gulliver sheds like mad")
    assert with_owner("Gulliver sheds like mad", "He sheds like mad.") == (
        "Gulliver sheds like mad")


def test_a_slight_correction_announced_is_no_preference():
    assert announces_a_correction("ok SLIGHT CORRECTION to what i told you last time.")
    assert not announces_a_correction("fix my bike please")


# sealed51 ------------------------------------------------------------------------------------


def test_a_part_called_hypothetical_with_no_condition_is_the_users_fact():
    said = "also joined the juggling club bc my flatmate wouldnt shut up abt it lol."
    texts = _texts(tool_calls([{"part": said, "kind": "hypothetical"}], [], message=said,
                              known=said, day=DAY, parts=[said]))
    assert any("juggling club" in t for t in texts), texts
    # a wish stays a wish
    wish = "if i ever won the lottery id buy a boat"
    assert tool_calls([{"part": wish, "kind": "hypothetical"}], [], message=wish, known=wish,
                      day=DAY, parts=[wish]) == [("noop", {})]


def test_a_question_filed_as_a_fact_replaces_nothing():
    shown = {0: 'Said: "Volám sa Maroš, som hodinár a bývam v Nitre."'}
    said = "Kde teraz bývam? A čím sa živím?"
    entries = [{**fact("Kde teraz bývam?", "Lives in Nitre"), "memories": [
        {"memory": "Lives in Nitre", "category": "home", "replaces": 0}]},
        {"part": "A čím sa živím?", "kind": "question"}]
    calls = tool_calls(entries, [0], message=said, known=said, shown=shown, day=DAY,
                       reviews=[{"now": "unchanged"}], parts=[e["part"] for e in entries])
    assert calls == [("noop", {})], calls


def test_a_heading_before_a_colon_is_no_name():
    said = "Novinka: minulý týždeň sme sa s rodinou presťahovali do Trenčína!"
    assert user_name({"part": said, "user_name": "Novinka"}, said) is None
    assert user_name({"part": "My name is Ana: hi!", "user_name": "Ana"},
                     "My name is Ana: hi!") == "Ana"


def test_a_count_of_steps_said_apart_is_kept_and_applied():
    said = ("1. Hi, new here.\n2. I want every answer as numbered steps, please.\n"
            "3. Five steps max.\n4. That's all for now.")
    parts = split_parts(said)
    assert parts == ["Hi, new here.", "I want every answer as numbered steps, please.",
                     "Five steps max.", "That's all for now."]
    assert as_asked("Max steps per answer", "Five steps max.") == 'Asked: "Five steps max."'
    style = style_of(["Wants answers in numbered steps", 'Asked: "Five steps max."'])
    assert style.numbered and style.sentences == 5


def test_a_quotation_is_one_piece():
    said = ("My sister just rang and her exact words were 'Gulliver got the falconer job at the "
            "castle in Matlock, he starts in May!' Gulliver's my brother-in-law, he's been "
            "after that job for years.")
    assert split_parts(said)[0].endswith("he starts in May!'")
    assert bracketed("Gulliver's my brother-in-law") == []


def test_news_of_someone_named_by_who_they_are_is_kept():
    said = "oh and Rhodri's teacher Mrs Loveday is retiring at Easter, he's devastated."
    assert of_someone(said, []) == (
        "Rhodri's teacher Mrs Loveday is retiring at Easter, he's devastated.")
    assert of_someone("lovely weather in Leeds today", []) is None
