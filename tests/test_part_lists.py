"""The memory agent's sorted parts read by code (chatbot.agents.part_calls), on the held-back
cases of sessions 38 on: the small model writes one list of memories for every part of a
message (each part keeps what is its own; nothing the worked examples say comes in), chat
typed without apostrophes, a correction put as "it's the X ..., not the Y", thanks filed as
how to reply."""

from __future__ import annotations

from datetime import date

from chatbot.agents.example_words import copies_examples, example_words
from chatbot.agents.guards import of_the_moment
from chatbot.agents.new_facts import _dated, with_said_date
from chatbot.agents.owners import whose_clause, with_relation
from chatbot.agents.part_calls import tool_calls
from chatbot.agents.part_checks import after_colon, without_misplaced
from chatbot.agents.parts import split_parts
from chatbot.agents.statements import statements
from chatbot.agents.user_name import user_name
from chatbot.agents.wording import second_person, third_person, with_copula

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


def test_a_fact_typed_without_apostrophes_before_a_question_is_a_part_of_its_own():
    assert split_parts("ive had a dodgy achilles ever since a skiing accident, what cardio "
                       "can i do that wont wreck it?") == [
        "ive had a dodgy achilles ever since a skiing accident",
        "what cardio can i do that wont wreck it?"]


def test_off_for_a_cuppa_is_of_the_moment():
    assert of_the_moment("right, im off for a cuppa, speak soon")
    assert of_the_moment("I'm off to put the kettle on")
    assert not of_the_moment("I'm off to Lisbon on Friday")  # a place and a time


def test_its_the_x_not_the_y_puts_the_shown_memory_right_accents_aside():
    part = ("quick correction, its the concertina i play at the folk session, not the "
            "bodhran.")
    shown = {0: "Plays the bodhrán at a folk session on Thursdays", 1: "Lives in Dingwall"}
    entries = [{"part": part, "kind": "how_to_reply", "user_name": None,
                "memories": [{"memory": "Corrected the information about the instrument",
                              "category": "hobbies", "replaces": None}]}]
    assert tool_calls(entries, [0, 1], message=part, known=part, shown=shown) == [
        ("update_memory", {"memory_id": 0, "categories": [],
                           "updated_memory_text": "Plays the concertina at a folk session on "
                                                  "Thursdays"})]


def test_thanks_filed_as_how_to_reply_beside_an_unrelated_memory_is_no_request():
    part = "ahh that makes sense, ta"
    entries = [{"part": part, "kind": "how_to_reply", "user_name": None,
                "memories": [{"memory": "Sundial tells time by the position of the sun",
                              "category": "science"}]}]
    assert tool_calls(entries, [], message=part, known=part) == [("noop", {})]
    # a request that does not say "you" still is one
    ask = "keep it short"
    entries = [{"part": ask, "kind": "how_to_reply", "user_name": None,
                "memories": [{"memory": "Wants concise replies", "category": "preferences"}]}]
    [(tool, args)] = tool_calls(entries, [], message=ask, known=ask)
    assert tool == "add_memory" and args["reply_preferences"]


def test_a_rare_thing_after_a_hyphenated_word_is_stated():
    said = statements("We've just bought a second-hand motorhome and she needs a name.", {},
                      date(2024, 3, 15))
    assert [k for _, k in said] == ["fact"] and "motorhome" in said[0][0]


def test_a_memory_led_by_a_verb_is_led_by_no_relation():
    # the user's words and the shown memory run together: "... of my week Sings in ..."
    assert with_relation("Sings in a gospel choir",
                         "the highlight of my week Sings in a gospel choir") == (
        "Sings in a gospel choir")
    assert with_relation("Bartholomew: favourite dish is goulash",
                         "my grandfather Bartholomew loves goulash") == (
        "Their grandfather Bartholomew: favourite dish is goulash")


def test_a_memory_of_what_he_does_said_in_the_same_part_is_his():
    part = ("Just so you know, my landlord is a guy called Reginald and he lives right "
            "downstairs from me.")
    [(tool, args)] = tool_calls([fact(part, "Landlord is Reginald",
                                      "Lives right downstairs from me")], [],
                                message=part, known=part)
    assert [f["text"] for f in args["facts"]] == [
        "Landlord is Reginald", "Reginald lives right downstairs from me"]
    assert whose_clause("Landlord is Reginald", part) is None  # led by no verb
    # the user's own verb is the user's
    assert whose_clause("Lives in Leeds", "I live in Leeds and my brother Tom works in York") \
        is None


def test_a_date_said_in_one_clause_dates_only_the_memories_of_that_clause():
    part = ("got him from a farm last week, hes black with a speckled tail and he crows at "
            "4am every single day")
    day = date(2024, 3, 15)
    assert with_said_date("Got a rooster from a farm", part, day) == (
        "Got a rooster from a farm last week")
    assert with_said_date("Rooster is black with a speckled tail", part, day) == (
        "Rooster is black with a speckled tail")


def test_a_week_is_written_as_the_week_and_until_a_span_as_its_last_day():
    day = date(2024, 3, 15)
    assert _dated("Got a rooster last week", day) == (
        "Got a rooster in the week of 4 March 2024", None, None)
    assert _dated("Has a dentist appointment next week", day) == (
        "Has a dentist appointment in the week of 18 March 2024", "2024-03-18", "2024-03-24")
    assert _dated("Away until next week", day) == ("Away until 24 March 2024", None,
                                                   "2024-03-24")
    assert _dated("Off work till next month", day)[0] == "Off work till April 2024"


def test_a_clause_left_out_replaces_a_memory_it_says_in_full():
    part = "I ring the bells at our parish church in Brora every Sunday."
    [(_, args)] = tool_calls([fact(part, "Rings bells at Brora church")], [], message=part,
                             known=part)
    assert [f["text"] for f in args["facts"]] == [
        "Rings the bells at their parish church in Brora every Sunday"]
    # two memories of one part, one saying all the other says: the fuller one
    entries = without_misplaced([fact(part, "Rings bells at Brora church",
                                      "Rings the church bells in Brora every Sunday")])
    assert [m["memory"] for m in entries[0]["memories"]] == [
        "Rings the church bells in Brora every Sunday"]


def test_a_time_the_part_says_elsewhere_is_not_replaced_by_the_dated_one():
    part = ("i sell my own chutney at the saturday market in Ambleside, absolutely knackered "
            "after today")
    day = date(2024, 3, 15)
    assert with_said_date("Sells chutney at Saturday market in Ambleside", part, day) == (
        "Sells chutney at Saturday market in Ambleside")
    assert _dated("Knackered after today", day)[0] == "Knackered after 15 March 2024"


def test_someone_named_after_who_they_are_is_said_to_the_user_as_theirs():
    assert second_person("Husband Bartolo works as a ferryman") == (
        "Your husband Bartolo works as a ferryman")
    assert second_person("Brother moved to Madrid last month") == (
        "Your brother moved to Madrid last month")
    assert second_person("Friend Tom is visiting their flat") == (
        "Your friend Tom is visiting your flat")
    assert second_person("Partner called Sam") == "You have a partner called Sam"
    # a name is no relation
    assert second_person("Anna Maria lives in Rome") == "Anna Maria lives in Rome"


def test_chat_in_lower_case_is_put_in_the_third_person_too():
    assert third_person("im 47, i do beatboxing at open mic nights") == (
        "Is 47, they do beatboxing at open mic nights")
    assert third_person("i work as a tinsmith and i live in whitstable") == (
        "Works as a tinsmith and lives in whitstable")
    assert third_person("I moved to Leeds and I love it") == "Moved to Leeds and loves it"
    # Italian's "i" is an article
    assert third_person("Vado con i miei amici al mare") == "Vado con i miei amici al mare"


def test_a_lead_in_about_the_telling_is_not_kept_with_the_users_words():
    for said, kept in [
            ("not sure if i mentioned it but i do zumba on tuesday mornings",
             "I do zumba on tuesday mornings"),
            ("Just so you know, my landlord is Reginald", "My landlord is Reginald"),
            ("btw i moved to Leeds", "I moved to Leeds"),
            ("as I said before, I am vegan", "I am vegan")]:
        assert after_colon(said) == kept
    assert after_colon("I like tea") == "I like tea"


def test_a_greeting_and_the_users_name_before_their_clause_are_not_the_fact():
    # sealed30: "hi im Ngaio i build wooden boats ..." was kept whole as the job
    said = "hi im Ngaio i build wooden boats for a living down in Fremantle"
    assert after_colon(said, "Ngaio") == "I build wooden boats for a living down in Fremantle"
    assert after_colon("hey there, I'm Ngaio, i live in Perth", "Ngaio") == "I live in Perth"
    assert after_colon("Hello, my name is Ana and I teach yoga", "Ana") == "I teach yoga"
    # the name stays when it is not kept as the user's, or is someone else's; the greeting goes
    assert after_colon(said) == "Im Ngaio i build wooden boats for a living down in Fremantle"
    assert after_colon(said, "Ana") == after_colon(said)
    # sealed32: "Heya, they're a kelp farmer ..."
    assert after_colon("heya, im a kelp farmer near Kodiak") == "Im a kelp farmer near Kodiak"
    assert after_colon("Hey Jude is my song") == "Hey Jude is my song"
    assert after_colon("im Ngaio", "Ngaio") == "im Ngaio"


def test_not_sure_if_i_mentioned_it_denies_nothing():
    part = "not sure if i mentioned it but i do zumba on tuesday mornings"
    shown = {0: "Participates in Zumba"}
    calls = tool_calls([fact(part, "Participates in Zumba")], [0], message=part, known=part,
                       shown=shown)
    assert not any(tool == "update_memory" for tool, _ in calls)
    # a real denial still puts the shown memory right
    wrong = "I need to correct something: Ziggy is actually a salamander, not a lizard."
    calls = tool_calls([fact(wrong, "Lizard Ziggy loves crickets")], [0], message=wrong,
                       known=wrong, shown={0: "Lizard Ziggy loves crickets"})
    assert calls[0][0] == "update_memory"
    assert "salamander" in calls[0][1]["updated_memory_text"].lower()


def test_wednesday_coming_is_the_coming_one_even_after_a_past_verb():
    day = date(2024, 3, 15)  # a Friday
    assert _dated("Their viola exam got moved to wednesday coming", day, True) == (
        "Their viola exam got moved to 20 March 2024", "2024-03-20", "2024-03-20")


LINDY = ("ok so a few things: im 52, just took up lindy hop, my husband crispin works on "
         "submarines, and weve got a tank of guppies in the kitchen.")


def test_a_list_of_facts_keeps_a_memory_each_and_the_clause_whose_name_was_dropped():
    # sealed26: the model's four memories dropped "crispin", and the whole part was kept as
    # one memory of four facts.
    entries = [fact(LINDY, "Age is 52", "Lindy hop taken up", "Husband works on submarines",
                    "Tank of guppies in kitchen")]
    [(tool, args)] = tool_calls(entries, [], message=LINDY, known=LINDY)
    assert tool == "add_memory"
    assert [f["text"] for f in args["facts"]] == [
        "Age is 52", "Lindy hop taken up", "Their husband crispin works on submarines",
        "Tank of guppies in kitchen"]


def test_a_clause_replaces_a_memory_only_when_one_stands_for_it():
    from chatbot.agents.rare_words import with_rare_clauses
    found = [("Age is 52", [], None), ("Lindy hop taken up", [], None)]
    # no memory says anything of the husband's clause: not mended here (the part is kept)
    assert with_rare_clauses(LINDY, found) is None
    # one clause, or one memory: nothing to share out
    assert with_rare_clauses("my husband crispin works on submarines",
                             [("Husband works on submarines", [], None),
                              ("Works on submarines", [], None)]) is None
    assert with_rare_clauses(LINDY, [("Husband works on submarines", [], None)]) is None
    # "weve" is we've, not a rare word the memory left out
    assert with_rare_clauses("im 52, and weve got a tank of guppies",
                             [("Age is 52", [], None),
                              ("Tank of guppies", [], None)]) is None


def test_a_greeting_before_the_users_clause_does_not_keep_it_with_the_question():
    message = ("hello, im a cheesemaker in normandy and i start at 5am, whats a good "
               "breakfast to keep me going til lunch?")
    parts = split_parts(message)
    # (cut at "and i" as the same typed "I'm ... and I start" is: each clause a part)
    assert parts == ["hello, im a cheesemaker in normandy", "i start at 5am",
                     "whats a good breakfast to keep me going til lunch?"]
    # filed as small talk, the clause is still the user's fact
    assert statements(parts[0], {}, None) == [("Is a cheesemaker in normandy", "fact")]
    # a long first clause is no greeting
    assert len(split_parts("so the thing is that the weather, what do you think?")) == 1


def test_its_x_i_love_not_y_puts_x_in_place_of_the_whole_name_y_begins():
    from chatbot.agents.put_right import put_right_words
    part = "its rooibos i love, not lapsang"
    assert put_right_words(part) == [("rooibos", "lapsang")]
    entries = [fact(part, "Favourite tea is lapsang souchong")]
    shown = {0: "Favourite tea is lapsang souchong", 1: "Lives in Launceston"}
    [(tool, args)] = tool_calls(entries, [0, 1], message=part, known=part, shown=shown)
    assert (tool, args["updated_memory_text"]) == ("update_memory", "Favourite tea is rooibos")
    # a common word after the old one is not its name: "a degu, not a gerbil"
    entries = [fact("oh wait, it's a degu, not a gerbil", "Gerbil from the shelter")]
    shown = {0: "Is bringing home a gerbil from the shelter"}
    [(tool, args)] = tool_calls(entries, [0], message="oh wait, it's a degu, not a gerbil",
                                known="", shown=shown)
    assert args["updated_memory_text"] == "Is bringing home a degu from the shelter"


def test_a_fact_led_by_someone_of_the_users_thing_is_theirs_when_said_to_them():
    # sealed31: "You told me Godson's first communion in Bastia on 29 March 2024."
    assert second_person("Godson's first communion in Bastia on 29 March 2024") == (
        "Your godson's first communion in Bastia on 29 March 2024")
    assert second_person("Sister's wedding is in May") == "Your sister's wedding is in May"


def test_a_fact_led_by_a_favourite_thing_is_the_users_when_said_to_them():
    assert second_person("Favourite tea is rooibos") == "Your favourite tea is rooibos"
    assert second_person("Favourites include their mum's scones") == (
        "Your favourites include your mum's scones")
    assert second_person("Lives in Leeds") == "You live in Leeds"


def test_a_month_the_model_left_out_goes_back_in_the_memory():
    day = date(2024, 3, 15)
    # sealed26: "in june" was lost
    assert with_said_date("Uncle Aloysius moving to the Azores",
                          "hes moving to the azores in june", day) == (
        "Uncle Aloysius moving to the Azores in June")
    # not into another clause's memory, nor twice
    part = "im a nurse and im off to spain in august"
    assert with_said_date("Works as a nurse", part, day) == "Works as a nurse"
    assert with_said_date("Birthday is in June", "my birthday is in june", day) == (
        "Birthday is in June")
    # sealed28: "since september" was lost
    assert with_said_date("Granddaughter Aslaug lives with them",
                          "my granddaughter Aslaug lives with me since september", day) == (
        "Granddaughter Aslaug lives with them since September")


def test_a_name_said_after_names_without_its_apostrophe_is_the_users():
    message = "evening! names Zephaniah, im a distiller at a small place in Kinsale"
    parts = split_parts(message)
    entries = [{"part": parts[0], "kind": "small_talk"},
               fact(parts[1], "Distiller at Kinsale")]
    [(tool, args)] = tool_calls(entries, [], message=message, known=message, parts=parts)
    assert [f["text"] for f in args["facts"]] == ["Is called Zephaniah",
                                                  "Is a distiller at Kinsale"]
    # not someone else's name, nor a plain word
    assert user_name(fact("my sister's name is Ana", "Sister is Ana"),
                     "my sister's name is Ana") is None
    assert user_name(fact("names are hard to remember", "Forgets names"),
                     "names are hard to remember") is None
    assert user_name(fact("names bartek, i fix bikes", "Fixes bikes"),
                     "names bartek, i fix bikes") == "Bartek"


def test_a_request_to_keep_what_was_said_is_no_standing_preference():
    message = ("the lockbox code at my holiday let in puglia is [redacted secret], can u hang "
               "on to it for me?")
    parts = split_parts(message)
    assert parts == ["the lockbox code at my holiday let in puglia is [redacted secret]",
                     "can u hang on to it for me?"]
    entries = [fact(parts[0], "Lockbox code at holiday let in Puglia is [redacted secret]"),
               fact(parts[1], "Wants the lockbox code kept", kind="how_to_reply")]
    [(tool, args)] = tool_calls(entries, [], message=message, known=message, parts=parts)
    assert [f["text"] for f in args["facts"]] == [
        "Lockbox code at holiday let in Puglia is [redacted secret]"]
    assert args["reply_preferences"] == []
    # asked with the fact in it, the fact is kept as one; a format asked for stays a preference
    said = "can you remember that my mums birthday is on 3 May"
    [(_, args)] = tool_calls([fact(said, "Mum's birthday is on 3 May", kind="how_to_reply")],
                             [], message=said, known=said)
    assert [f["text"] for f in args["facts"]] == ["Mum's birthday is on 3 May"]
    assert args["reply_preferences"] == []
    short = "please remember I prefer bullet points"
    [(_, args)] = tool_calls([fact(short, "Prefers bullet points", kind="how_to_reply")],
                             [], message=short, known=short)
    assert args["reply_preferences"] == ["Prefers bullet points"] and args["facts"] == []


def test_a_question_without_its_mark_filed_as_how_to_reply_keeps_no_answer():
    # sealed27: the model's answer was kept as a standing preference
    said = "how do i stop my glasses fogging up when its cold outside"
    answer = ("To stop your glasses fogging up when it's cold outside, you can try using a "
              "humidifier or a vaporizer.")
    assert tool_calls([fact(said, answer, kind="how_to_reply")], [], message=said,
                      known=said) == [("noop", {})]


def test_a_fact_said_after_im_typed_without_its_apostrophe_gets_its_verb():
    # sealed28: "58 years old", told back as written
    part = "ok few things abt me: im 58, widower, i do cross-country skiing all winter"
    assert with_copula("58 years old", part) == "Is 58 years old"
    assert second_person(with_copula("58 years old", part)) == "You are 58 years old"


def test_a_clause_that_left_its_i_out_is_the_users_after_and_too():
    # sealed27: "Retrained and they work as a forensic photographer since january"
    assert third_person("retrained and i work as a forensic photographer since january") == (
        "Retrained and works as a forensic photographer since january")
    assert third_person("got a puppy and im training him") == "Got a puppy and is training him"
    # someone else leads: the user after "and" is "they"
    assert third_person("my husband left and i cried") == "Their husband left and they cried"


def test_laughter_typed_after_a_fact_is_not_stored_with_it(store):
    from chatbot.session import ChatSession

    from scripted import CHATML, ScriptedLlama, chat_reply, json_parts, scripted_local_lm
    said = "my flatmate Ildiko just got a job as a gravedigger lol"
    llama = ScriptedLlama([chat_reply("Quite a job!", True),
                           json_parts([fact(said, "Their flatmate Ildiko just got a job as a "
                                                  "gravedigger lol")])], template=CHATML)
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        s.turn(said)
    assert [m.memory_text for m in store.list("ines")] == [
        "Their flatmate Ildiko just got a job as a gravedigger"]



def test_a_tag_asking_the_assistant_to_agree_is_not_stored_with_the_fact(store):
    from chatbot.session import ChatSession

    from scripted import CHATML, ScriptedLlama, chat_reply, json_parts, scripted_local_lm
    # sealed31: "..., isnt that wild" was kept as part of the cousin's job
    said = "my cousin Bedwyr got a job as a ghillie in perthshire, isnt that wild"
    llama = ScriptedLlama([chat_reply("Wow!", True),
                           json_parts([fact(said, "Their cousin Bedwyr got a job as a ghillie "
                                                  "in perthshire, isn't that wild")])],
                          template=CHATML)
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        s.turn(said)
    assert [m.memory_text for m in store.list("ines")] == [
        "Their cousin Bedwyr got a job as a ghillie in perthshire"]


def test_an_interjection_is_no_rare_word_the_memory_left_out():
    # sealed28: "argh" kept the part's own words as the brother's new memory
    part = "argh no, i meant Hamar, not Lillehammer."
    shown = {0: "Their big brother Thorvald is a stuntman based in Lillehammer"}
    new = "Their big brother Thorvald is a stuntman based in Hamar"
    message = f"{part} brain is mush today sorry"
    calls = tool_calls([fact(part, new, kind="how_to_reply"),
                        {"part": "brain is mush today sorry", "kind": "small_talk"}], [0],
                       message=message, known=f"{message} {shown[0]}", shown=shown,
                       reviews=[{"memory": shown[0], "now": "unchanged"}])
    assert calls == [("update_memory", {"memory_id": 0, "updated_memory_text": new,
                                        "categories": ["misc"]})]


def test_a_typed_emoticon_ends_a_sentence_and_no_memory_keeps_it():
    message = ("sprained my thumb so no model railway for a couple of weeks :( what else can i "
               "do with myself this weekend?")
    parts = split_parts(message)
    assert parts == ["sprained my thumb so no model railway for a couple of weeks :(",
                     "what else can i do with myself this weekend?"]
    assert split_parts("see you at 3:15pm ok") == ["see you at 3:15pm ok"]
    # filed as small talk, the clause without its "I" is still the user's
    [(text, _)] = statements(parts[0], {}, date(2024, 3, 15))
    assert text.startswith("Sprained their thumb so no model railway")
    from chatbot.agents.memory_tools import _LAUGH_TAIL
    assert _LAUGH_TAIL.sub("", text) == (
        "Sprained their thumb so no model railway for a couple of weeks")
    assert statements("living in Kalmar", {}, None) == [("Is living in Kalmar", "fact")]


def test_a_job_ended_keeps_no_new_memory_that_only_its_verb_adds_to():
    # sealed28: "Started working as a cutler" ("started" is a worked example's word)
    part = ("small update: i stopped the coppersmith work back in febuary, these days im a "
            "cutler - i make kitchen knives")
    shown = {0: "Works as a coppersmith", 1: "Has a son called Oswin", 2: "Lives in Visby"}
    entries = [fact(part, "Stopped working as a coppersmith", "Started working as a cutler",
                    "Makes kitchen knives")]
    calls = tool_calls(entries, [0, 1, 2], message=part, shown=shown, day=date(2024, 3, 15),
                       known=f"{part} {' '.join(shown.values())}",
                       reviews=[{"memory": shown[0], "now": "no_longer_true"},
                                {"memory": shown[1], "now": "unchanged"},
                                {"memory": shown[2], "now": "unchanged"}])
    [(tool, args)] = calls
    assert tool == "update_memory" and "cutler" in args["updated_memory_text"]


def test_a_question_filed_as_a_fact_keeps_no_answer():
    # sealed28: "Jerboas eat grasses and other plants" was kept as the user's
    said = "what do jerboas even eat"
    assert tool_calls([fact(said, "Jerboas eat grasses and other plants")], [], message=said,
                      known=said) == [("noop", {})]
    # a plan said inside the question is still kept
    trip = "what should i pack for the trip we're taking to Lisbon next month"
    [(tool, args)] = tool_calls([fact(trip, "Packing for Lisbon")], [], message=trip,
                                known=trip, day=date(2024, 3, 15))
    assert [f["text"] for f in args["facts"]] == ["Is taking the trip to Lisbon next month"]
    # sealed31: asked without "?", after "and", with "whats a ...": the answers were kept
    for said, answer in (("whats a good oven temp to roast salsify",
                          "175°C is a good oven temperature for salsify"),
                         ("and roughly how heavy is a big watermelon",
                          "Big watermelon is approximately 10 kg in weight")):
        assert tool_calls([fact(said, answer)], [], message=said, known=said) == [("noop", {})]
    # a statement led by "what" is no question
    said = "what i love most is hiking in the Tatras"
    [(tool, _)] = tool_calls([fact(said, "Loves hiking in the Tatras")], [], message=said,
                             known=said)
    assert tool == "add_memory"


def test_a_name_said_as_chat_introduces_one_is_the_users():
    # sealed28: "hiya, Eudora here :)" was filed as small talk and nothing was kept
    assert statements("hiya, Eudora here :)", {}, None) == [("Is called Eudora", "fact")]
    assert user_name(fact("yo, Gottfried here.", "Carves marionettes"),
                     "yo, Gottfried here. i carve marionettes") == "Gottfried"
    # a place said to be "here" is no name
    assert statements("Kalmar here is cold", {}, None) == []
    assert user_name(fact("Kalmar here is cold", "Lives in Kalmar"), "Kalmar here is cold") is None


def test_a_job_said_to_be_over_with_im_not_anymore_ends_and_nothing_else_takes_its_news():
    # sealed29: the job stayed, and "Lives in Pärnu" became the zamboni
    message = ("heads up, im not laying bricks anymore. since february i drive the zamboni at "
               "the ice arena in town")
    shown = {0: "Works as a bricklayer", 1: "Lives in Pärnu", 2: "Has a sister called Ignacia"}
    new = "since february i drive the zamboni at the ice arena in town"
    entries = [{"part": "heads up, im not laying bricks anymore.", "kind": "small_talk"},
               fact(new, "Lives in Pärnu", replaces=1)]
    calls = tool_calls(entries, [0, 1, 2], message=message, shown=shown, day=date(2024, 3, 15),
                       known=f"{message} {' '.join(shown.values())}",
                       reviews=[{"memory": shown[i], "now": "unchanged"} for i in range(3)])
    assert [tool for tool, _ in calls] == ["update_memory", "add_memory"]
    assert calls[0][1]["memory_id"] == 0
    assert calls[0][1]["updated_memory_text"].startswith("No longer works as a bricklayer")
    assert "zamboni" in calls[1][1]["facts"][0]["text"]


def test_news_that_left_its_i_out_before_a_question_is_read_for_memory():
    from chatbot.agents.guards import nothing_to_remember
    message = "just adopted a pot bellied pig called Kumquat, what do they even eat??"
    assert not nothing_to_remember(message)  # sealed29: the memory agent was not run
    assert split_parts(message) == ["just adopted a pot bellied pig called Kumquat",
                                    "what do they even eat??"]
    assert nothing_to_remember("Any ideas for dinner?")


def test_an_imperative_request_filed_as_a_plan_keeps_nothing():
    # sealed29: "Gimme 3 things to do on a drizzly on 17 March 2024 when they're stuck inside"
    said = "gimme 3 things to do on a drizzly sunday when im stuck inside"
    assert tool_calls([fact(said, "Read a book", "Listen to music", kind="plan_or_event")], [],
                      message=said, known=said, day=date(2024, 3, 15)) == [("noop", {})]
    from chatbot.memory.timeparse import find_span
    assert find_span(said, date(2024, 3, 15)) is None  # "a drizzly sunday" is a kind of day


def test_a_memory_with_no_content_word_goes_and_is_a_rare_name_is_the_users_name(store):
    from chatbot.session import ChatSession

    from scripted import CHATML, ScriptedLlama, chat_reply, json_parts, scripted_local_lm
    said = "I'm Wilhelmus and I tune church organs, I'm British, most mornings I cycle"
    llama = ScriptedLlama([chat_reply("Nice to meet you!", True),
                           json_parts([fact(said, "Is Wilhelmus", "Tunes church organs",
                                            "Is British", "Most mornings")])], template=CHATML)
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        s.turn(said)
    # sealed29: "Is Wilhelmus" and "Most mornings" were stored as written
    assert sorted(m.memory_text for m in store.list("ines")) == [
        "Is British", "Is called Wilhelmus", "Tunes church organs"]


def test_one_capitalised_name_put_right_for_another_in_the_shown_memory():
    # sealed29: the memory became "Ugh wait they mixed up the breeds, ..."
    part = "ugh wait i mixed up the breeds, Rambutan is a Chartreux not an Abyssinian"
    shown = {0: "Got an Abyssinian kitten named Rambutan on 15 March 2024"}
    calls = tool_calls([fact(part, shown[0], kind="how_to_reply")], [0], message=part,
                       known=f"{part} {shown[0]}", shown=shown, day=date(2024, 3, 15),
                       reviews=[{"memory": shown[0], "now": "unchanged"}])
    assert calls == [("update_memory", {"memory_id": 0, "categories": [],
                                        "updated_memory_text": "Got a Chartreux kitten named "
                                                               "Rambutan on 15 March 2024"})]
    # a name of two words is left to the sentence's own reading
    car = "Actually my car is a Honda Civic, not a Toyota."
    calls = tool_calls([fact(car, "Drives a Toyota Corolla")], [0], message=car, known=car,
                       shown={0: "Drives a Toyota Corolla"})
    assert calls[0][1]["updated_memory_text"] != "Drives a Civic Corolla"


def test_sealed29_again_the_wrong_copy_the_question_with_news_and_chat_before_a_question():
    from chatbot.agents.guards import is_one_question
    from chatbot.agents.opening import about_the_user
    # a job said to be over beside a copy of another shown memory ends only the job
    part = "heads up, im not laying bricks anymore."
    shown = {0: "Works as a bricklayer", 1: "Lives in Pärnu", 2: "Has a sister called Ignacia"}
    calls = tool_calls([fact(part, "Lives in Pärnu", kind="how_to_reply")], [0, 1, 2],
                       message=part, known=f"{part} {' '.join(shown.values())}", shown=shown,
                       day=date(2024, 3, 15),
                       reviews=[{"memory": shown[i], "now": "unchanged"} for i in range(3)])
    assert [(tool, args.get("memory_id")) for tool, args in calls] == [("update_memory", 0)]
    assert "Pärnu" not in calls[0][1]["updated_memory_text"]
    # news before the question is no question alone; chat words before a question about me
    assert not is_one_question("just adopted a pot bellied pig called Kumquat, what do they "
                               "even eat??")
    assert about_the_user("so uh what have u got on me so far")


def test_two_clauses_run_on_after_im_and_a_word_are_two_parts():
    from datetime import date

    from chatbot.agents.parts import split_parts
    from chatbot.agents.statements import statements
    # sealed30: "im 52" was lost inside the mead
    assert split_parts("so about me im 52 i brew my own mead in the garden shed and my husband "
                       "Themba teaches maths") == [
        "so about me im 52", "i brew my own mead in the garden shed",
        "my husband Themba teaches maths"]
    assert split_parts("im a nurse i live in Perth") == ["im a nurse", "i live in Perth"]
    # not after a name (it stays with its clause), nor inside "im not sure i can"
    assert len(split_parts("hi im Ngaio i build wooden boats")) == 1
    assert len(split_parts("im not sure i can come")) == 1
    # the age, filed as nothing to keep, is kept by its structure after "so about me"
    assert statements("so about me im 52", {}, date(2024, 3, 15)) == [("Is 52 years old", "fact")]
    assert statements("im 5 minutes away", {}, date(2024, 3, 15)) == []


def test_a_question_before_the_last_one_is_cut_from_the_users_statement_too():
    from chatbot.agents.parts import split_parts
    # sealed30: "Is making tamale filling for 8 people, how much pork shoulder do they need"
    assert split_parts("I'm making tamale filling for 8 people, how much pork shoulder do I "
                       "need and how hot should the oven be?") == [
        "I'm making tamale filling for 8 people",
        "how much pork shoulder do I need and how hot should the oven be?"]
    assert split_parts("i just adopted a hedgehog, what should i feed him, and how often?") == [
        "i just adopted a hedgehog", "what should i feed him, and how often?"]
    # one question after the statement is cut as before
    assert split_parts("I have a sesame allergy, can you suggest a snack?") == [
        "I have a sesame allergy", "can you suggest a snack?"]


def test_a_memory_of_only_where_a_thing_is_joins_the_memory_that_names_it():
    from chatbot.agents.part_checks import joined_details
    # sealed30: "Bakery on our street" was kept alone beside the bakery
    found = [("Neighbour Zanele opened a bakery", ["family"], None),
             ("Bakery on our street", ["home"], None)]
    assert joined_details(found) == [
        ("Neighbour Zanele opened a bakery on our street", ["family"], None)]
    # a memory of its own, or one that replaces a shown one, is left
    kept = [("Has a bakery", [], None), ("Lives in Leeds", [], None)]
    assert joined_details(kept) == kept
    linked = [("Opened a bakery", [], None), ("Bakery on Elm Street", [], 0)]
    assert joined_details(linked) == linked
    # the words the part says right after another memory's last word
    part = "anyway rn im a subtitler, mostly korean dramas"
    found = [("Is a subtitler", ["work"], None), ("Korean dramas", ["interests"], None)]
    assert joined_details(found, part) == [
        ("Is a subtitler, mostly korean dramas", ["work"], None)]
    # not across a new clause
    part = "im a subtitler and i love korean dramas"
    found = [("Is a subtitler", [], None), ("Korean dramas", [], None)]
    assert joined_details(found, part) == found


def test_a_move_said_of_a_shown_home_the_old_place_named_is_its_new_version():
    # sealed31: filed as small talk, and "Sister Benedikta lives in Siracusa" stayed
    part = "no wait sorry, she moved to ragusa last yr, siracusa was ages ago lol"
    shown = {0: "Sister Benedikta lives in Siracusa", 1: "Lives in Bari"}
    calls = tool_calls([{"part": part, "kind": "small_talk"}], [0, 1], message=part,
                       known=part, shown=shown)
    assert calls == [("update_memory", {"memory_id": 0, "categories": [],
                                        "updated_memory_text": "Sister Benedikta lives in Ragusa"})]
    # a move that names no shown home changes none
    part = "she moved to ragusa last yr"
    calls = tool_calls([{"part": part, "kind": "small_talk"}], [0, 1], message=part,
                       known=part, shown=shown)
    assert not any(tool == "update_memory" for tool, _ in calls)


def test_a_plan_said_with_an_ing_verb_and_a_month_is_kept_from_small_talk():
    from datetime import date
    # sealed31: "trying to practise before i move to poitiers in september" kept nothing
    [(text, kind)] = statements("trying to practise before i move to poitiers in september", {},
                                date(2024, 3, 15))
    assert "poitiers in september" in text and text.startswith("Is trying")
    # a time word alone, or an -ing noun, is no statement of the user's
    assert statements("morning i went for a run", {}, date(2024, 3, 15)) == []


def test_a_name_the_model_misspelled_is_written_as_the_user_typed_it():
    from chatbot.agents.owners import led_by_who
    known = "my best mate Eyvind is training to be a guide. hes moving to bolzano"
    # sealed31: "Their best mate Eyvind: evyind is moving to Bolzano for summer"
    assert led_by_who("Evyind is moving to Bolzano", "Eyvind", known) == (
        "Eyvind is moving to Bolzano")
    # another name, not close enough, is someone else
    assert led_by_who("Marta is moving to Rome", "Martin", "my friend Martin and Marta") == (
        "Marta is moving to Rome")


def test_a_vague_time_the_memory_says_already_is_not_added_again():
    part = "hes moving to bolzano for it in the summer"
    assert with_said_date("Eyvind is moving to Bolzano for summer", part,
                          date(2024, 3, 15)) == "Eyvind is moving to Bolzano for summer"
    assert with_said_date("Eyvind is moving to Bolzano", part, date(2024, 3, 15)) == (
        "Eyvind is moving to Bolzano in the summer")


def test_a_taken_back_day_is_the_new_version_of_the_shown_memory():
    # sealed30: "wait no its wensdays" added Wednesday beside Tuesday, and a clause that only
    # points back ("i always mix those two up") was kept as a fact
    part = "wait no its wensdays, i always mix those two up"
    shown = {0: "Their lacemaking group meets every Tuesday evening"}
    calls = tool_calls([fact(part, "Lacemaking group meets every Wednesday evening",
                             kind="how_to_reply")], [0], message=part, known=part, shown=shown,
                       reviews=[{"memory": shown[0], "now": "unchanged"}])
    assert calls == [("update_memory", {
        "memory_id": 0, "updated_memory_text": "Lacemaking group meets every Wednesday evening",
        "categories": ["misc"]})]
    # without taking anything back, another day is another memory
    part = "my lacemaking group meets every Wednesday evening too"
    calls = tool_calls([fact(part, "Lacemaking group meets every Wednesday evening")], [0],
                       message=part, known=part, shown=shown)
    assert [tool for tool, _ in calls] == ["add_memory"]


def test_someones_move_to_another_place_is_the_new_version_of_their_home():
    from chatbot.agents.corrections import moved_from
    shown = {0: "Sister Benedikta lives in Siracusa", 1: "Lives in Bari"}
    # sealed31: "Sister Benedikta moved to Ragusa last year" was kept beside the old home
    assert moved_from("Sister Benedikta moved to Ragusa last year", shown, {}) == 0
    assert moved_from("Brother Tom moved to Ragusa", shown, {}) is None
    assert moved_from("Moved to Ragusa", shown, {}) == 1  # the user's own
    part = "no wait sorry, she moved to ragusa last yr, siracusa was ages ago lol"
    known = f"my sister benedikta lives in siracusa btw {part}"
    calls = tool_calls([fact(part, "Sister Benedikta moved to Ragusa last year")], [0, 1],
                       message=part, known=known, shown=shown)
    assert [(tool, args.get("memory_id")) for tool, args in calls] == [("update_memory", 0)]


def test_sealed32_requests_for_good_a_past_before_a_place_and_things_not_to_keep():
    from chatbot.agents.guards import stems
    from chatbot.agents.language import asked_language
    from chatbot.agents.reply_requests import asks_not_to_keep, for_good
    # "always" of a format code applies is a request for good; not any "can you always"
    assert for_good("random request but can u always use celsius and km with me?")
    assert not for_good("can you always tell when milk is off?")
    # a past form before a place it names is the user's ("grew up in Mauritius")
    [(text, _)] = statements("grew up in Mauritius, miles and fahrenheit mean nothing to me",
                             {}, date(2024, 3, 15))
    assert text.startswith("Grew up in Mauritius")
    assert statements("Paris is lovely", {}, date(2024, 3, 15)) == []
    # asked not to keep it: nothing of the part is kept
    said = "oh and the door code for our building is 5581 but dont save that lol"
    assert asks_not_to_keep(said) and not asks_not_to_keep("save me a seat")
    assert tool_calls([fact(said, "Door code is [redacted secret]")], [], message=said,
                      known=said) == [("noop", {})]
    # a language asked for in its own name
    assert asked_language(["Antworte mir bitte immer auf Deutsch, auch wenn ich mal Englisch "
                           "schreibe"]) == "German"
    assert asked_language(["je vis en France"]) is None
    # one stem for "silkie", "silkies" and "silky"
    assert stems("silkie") == stems("silkies") == stems("silky")


def test_an_emoji_or_wish_me_luck_after_a_fact_is_not_stored_with_it(store):
    from chatbot.session import ChatSession

    from scripted import CHATML, ScriptedLlama, chat_reply, json_parts, scripted_local_lm
    said = "kia ora, im a bone carver in Gisborne 🙂"
    llama = ScriptedLlama([chat_reply("Kia ora!", True),
                           json_parts([fact(said, "Is a bone carver in Gisborne 🙂")])],
                          template=CHATML)
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        s.turn(said)
    assert [m.memory_text for m in store.list("ines")] == ["Is a bone carver in Gisborne"]


def test_a_delete_asked_in_another_language_that_names_the_memory_is_not_refused(store):
    from chatbot.agents.memory_tools import _named_abroad
    store.add("ines", "Has a boyfriend called Unai", ["family"])
    [unai] = store.list("ines")
    # sealed32: "lo dejé con Unai el mes pasado" (no English word of retraction)
    assert _named_abroad(["holaa, te cuento: lo dejé con Unai el mes pasado"], [unai])
    # not one that names someone else, nor an English message (its words are read)
    assert not _named_abroad(["holaa, te cuento: lo dejé con Iker el mes pasado"], [unai])
    assert not _named_abroad(["I had lunch with Unai today"], [unai])


def test_sealed33_conditions_taken_back_names_and_questions_without_their_mark():
    from chatbot.agents.asking import asked_someone, asks
    from chatbot.agents.hypothetical import is_hypothetical
    from chatbot.agents.reply_requests import own_question
    # "if i ever ..." is a condition whatever follows
    assert is_hypothetical("if i ever win big on the horses im opening a lahmacun place lol")
    assert not is_hypothetical("if i finish work early im going to the gym")
    # a name said to take something back, then a clause of its own: two parts
    assert split_parts("no wait i meant Bacolod, iloilo is where my parents live lol") == [
        "no wait i meant Bacolod", "iloilo is where my parents live lol"]
    assert split_parts("oh Dave, i love him") == ["oh Dave, i love him"]
    msg = "no wait i meant Bacolod, iloilo is where my parents live lol"
    shown = {0: "Works as a seed analyst at the rice research station in Iloilo"}
    calls = tool_calls([{"part": "no wait i meant Bacolod", "kind": "small_talk"},
                        fact("iloilo is where my parents live lol", "Parents live in Iloilo")],
                       [0], message=msg, known=f"im a seed analyst in Iloilo {msg}", shown=shown)
    assert calls[0] == ("update_memory", {
        "memory_id": 0, "categories": [],
        "updated_memory_text": "Works as a seed analyst at the rice research station in Bacolod"})
    assert calls[1][1]["facts"][0]["text"] == "Parents live in Iloilo"
    # "where's my job again?" asks for the job
    assert asked_someone("where's my job again?") is None
    # a question typed without its mark, after a statement
    assert split_parts("my mother in law is visiting on sunday and i wanna cook her beshbarmak, "
                       "never made it b4, where do i even start")[-1] == "where do i even start"
    assert split_parts("I live in Oslo, which is nice") == ["I live in Oslo, which is nice"]
    assert asks("black spots on my bathroom ceiling, how do i get rid of them")
    assert not asks("black spots on my bathroom ceiling, which is gross.")
    # a question of the user's led by its wh-word is no reply preference
    assert own_question("what cut of meat works if the butcher has no horse meat lol")
    assert own_question("black spots on my bathroom ceiling, how do i get rid of them")
    assert not own_question("what i love is bullet points")


def test_sealed34_a_weekday_leading_its_clause_and_a_tail_after_a_comma():
    from chatbot.memory.timeparse import find_span
    today = date(2024, 3, 15)  # a Friday
    span = find_span("Tuesday at 9 I've got my first agility trial with my dog Brann", today)
    assert (span.start, span.relative) == (date(2024, 3, 19), True)
    assert find_span("saturday we're driving up to Inverness", today).relative
    assert not find_span("Tuesday I went to the gym", today).relative
    part = "Tuesday at 9 I've got my first agility trial with my dog Brann, bit nervous tbh"
    assert with_said_date("First agility trial with Brann", part, today) == (
        "First agility trial with Brann on 19 March 2024")
    # the tail after the comma is not dated by the clause's time
    assert with_said_date("Bit nervous", part, today) == "Bit nervous"
    # a paraphrase of neither piece still is
    assert with_said_date("Has a driving exam", "got my test next friday, wish me luck",
                          today).endswith("next friday")


def test_sealed34_someone_named_by_where_they_are_and_who_she_is_after():
    from chatbot.agents.own_words import drops_whose
    from chatbot.agents.referents import referent_name, with_clause_referents, with_referents
    part = "the lady next door is Mrs Okonkwo"
    assert drops_whose(part, "Mrs Okonkwo is a character from a novel")
    assert not drops_whose("The meeting is on Friday", "Meeting on Friday")
    [(tool, args)] = tool_calls([fact(part, "Mrs Okonkwo is a character from a novel")], [],
                                message=part, known=part)
    assert [f["text"] for f in args["facts"]] == [part]
    said = "she breeds cochin hens in her back garden"
    assert with_referents(said, [part]) == "Mrs Okonkwo breeds cochin hens in her back garden"
    assert with_referents("shes 91", [part]) == "Mrs Okonkwo is 91"
    assert referent_name("he plays bass", ["the guy upstairs is Tomasz, nice guy"]) == "Tomasz"
    assert with_referents("they moved", [part]) == "they moved"  # one person: not "they"
    # the clause before, in the same part, says who "she" is
    clauses = [("my daughter Nneka turns 7 next month", ["age"], None),
               ("she's obsessed w/ jellyfish", ["interests"], None)]
    assert [t for t, _, _ in with_clause_referents(clauses, [])] == [
        "my daughter Nneka turns 7 next month", "Their daughter Nneka is obsessed w/ jellyfish"]
    msg = "my daughter Nneka turns 7 next month and she's obsessed w/ jellyfish"
    [(tool, args)] = tool_calls([fact(msg, "Turns 7 next month", "Obsessed with jellyfish")],
                                [], message=msg, known=msg)
    assert "Their daughter Nneka is obsessed w/ jellyfish" in [f["text"] for f in args["facts"]]


def test_sealed34_a_name_with_u_a_salt_mine_and_and_on_weekends():
    from chatbot.agents.casual import with_apostrophes
    from chatbot.agents.left_out import left_out
    assert with_apostrophes("i grow vanilla on vava'u and u know it") == (
        "i grow vanilla on vava'u and you know it")
    assert third_person("my neighbour got hired at the Wieliczka salt mine") == (
        "Their neighbour got hired at the Wieliczka salt mine")
    assert third_person("I work in a coal mine") == "Works in a coal mine"
    for mine, theirs in [("that car is mine", "That car is theirs"),
                         ("a friend of mine is coming", "A friend of theirs is coming"),
                         ("this one is mine", "This one is theirs")]:
        assert third_person(mine) == theirs
    part = "i grow vanilla on vava'u (tonga) and on weekends i help my uncle with his taro patch"
    found = [("Grows vanilla on Vava'u", ["food"], None),
             ("Helps uncle with taro patch", ["family"], None)]
    # the clause after "and on weekends i" is covered; the rest is kept apart, not whole
    assert left_out(part, found, "Tevita") == ["Grows vanilla on vava'u (tonga)"]


def test_sealed34_news_then_so_and_a_request_for_good_and_an_ok_that_asks_nothing():
    from chatbot.agents.reply_requests import asks_nothing, for_good, said_then_asked
    part = ("im moving to Feldkirch in the summer for work and my german is still bad, so "
            "from now on please only answer me in german")
    assert for_good("from now on please only answer me in german")
    assert said_then_asked(part) == (
        "im moving to Feldkirch in the summer for work and my german is still bad",
        "from now on please only answer me in german")
    assert said_then_asked("its raining, so from now on please answer in german") is None
    assert said_then_asked("i like short replies, so keep it up") is None
    entry = {**fact(part, "Moving to Feldkirch in the summer for work", "German is still bad"),
             "kind": "how_to_reply"}
    [(tool, args)] = tool_calls([entry], [], message=part, known=part)
    assert [f["text"] for f in args["facts"]] == [
        "Moving to Feldkirch in the summer for work", "German is still bad"]
    assert args["reply_preferences"] == ['Asked: "from now on please only answer me in german"']
    assert asks_nothing("Ready to answer in German", ["preferences"], "ok?")
    assert not asks_nothing("No emojis", ["preferences"], "no emojis")
    entry = {**fact("ok?", "Ready to answer in German"), "kind": "how_to_reply"}
    assert tool_calls([entry], [], message="ok?", known="ok?") == [("noop", {})]


def test_sealed34_mixed_the_two_up_an_echoed_request_and_someone_nobody_told_of():
    from chatbot.agents.as_user import without_echoed_request
    from chatbot.agents.asking import asked_name
    from chatbot.agents.left_out import only_points_back
    from chatbot.agents.untold import without_guesses
    assert only_points_back("I mixed the two up")
    shown = {0: "Colleague Dagrun will be running Hammerfest office"}
    said = "I mixed the two up."
    entry = {**fact(said, shown[0]), "kind": "how_to_reply"}
    assert tool_calls([entry], [0], message=said, known=f"{shown[0]} {said}",
                      shown=shown) == [("noop", {})]
    ask = ("One request before anything else: whenever you give me steps or tips, please put "
           "them in a numbered list. I'm dyslexic and long paragraphs are hard for me.")
    assert without_echoed_request("I understand. When you give me steps or tips, please list "
                                  "them in a numbered list.", ask) == "I understand."
    kept = "Sure! Please tell me what you need."
    assert without_echoed_request(kept, ask) == kept
    # someone only the user can have told of, asked who they are, with no "again"
    assert asked_name("who is Ieva? what does she do for work?") == "Ieva"
    assert asked_name("whos ieva") == "Ieva"
    assert asked_name("who is Einstein?") is None
    assert asked_name("who is coming tonight?") is None
    assert without_guesses("You haven't told me anything about Ieva. Ieva is a software "
                           "developer. Would you like to tell me about her?") == (
        "You haven't told me anything about Ieva. Would you like to tell me about her?")


def test_sealed34_a_greeting_by_the_name_of_someone_the_message_tells_of():
    from chatbot.agents.as_user import without_their_name
    assert without_their_name("Hallo Hartmut! Wie schön.",
                              "Mein Nachbar Hartmut züchtet Brieftauben") == "Hallo! Wie schön."
    assert without_their_name("Hello Halina, great news.",
                              "omg my neighbour Halina finally got hired") == "Hello, great news."
    kept = "Bonjour Gwendal, ça va ?"
    assert without_their_name(kept, "slt ! moi c Gwendal, jsuis cordonnier") == kept


def test_sealed34_a_memory_that_runs_on_into_and_we_is_two():
    from chatbot.agents.memory_form import clauses_apart
    joined = "Their husband Ilie make the best sarmale and we have a cat named Cozonac"
    assert clauses_apart([(joined, ["family"], None)]) == [
        ("Their husband Ilie make the best sarmale", ["family"], None),
        ("Has a cat named Cozonac", ["family"], None)]
    one = ("I live in Oslo and I work as a nurse", [], None)  # one subject: third_person's
    assert clauses_apart([one]) == [one]
    msg = ("i work as ship's cook on a danube river cruiser, my husband Ilie make the best "
           "sarmale and we have a cat with three legs named Cozonac")
    [(tool, args)] = tool_calls([fact(msg, "Works as ship's cook on a Danube river cruiser",
                                      "Has a husband named Ilie", "Makes the best sarmale",
                                      "Has a cat named Cozonac")], [], message=msg, known=msg)
    texts = [f["text"] for f in args["facts"]]
    assert "Has a cat with three legs named Cozonac" in texts
    assert not any("and we" in t for t in texts)


def test_sealed34_the_clause_with_its_end_is_kept_not_only_the_remark_after_it():
    from chatbot.agents.left_out import left_out
    part = ("im looking after my colleague's pitcher plants till wednesday while she's away, "
            "they're kinda creepy lol")
    remark = "Colleague's pitcher plants are creepy"
    # the remark says what another clause says of the plants: not dated by this clause's time
    assert with_said_date(remark, part, date(2024, 3, 15)) == remark
    assert left_out(part, [(remark, ["pet"], None)], None) == [
        "Is looking after their colleague's pitcher plants till wednesday while she's away"]
    # a memory with the day covers it
    assert left_out(part, [("Looking after colleague's pitcher plants till Wednesday", [],
                            None)], None) == []
    assert _dated(left_out(part, [(remark, [], None)], None)[0], date(2024, 3, 15))[2] == (
        "2024-03-20")


def test_sealed34_a_reply_that_starts_over_inside_quotes_is_cut_there():
    from chatbot.agents.streaming import without_repeated_sentences
    said = 'Me dijiste: "Soy Maialen, soy pastora de ovejas latxas en la sierra de Aralar."'
    twice = f'{said} "Ah, y nada mas." "{said} "Ah, y'
    assert without_repeated_sentences(twice) == f'{said} "Ah, y nada mas."'
    kept = "You told me your sister lives in Rome. You told me your sister works in Rome."
    assert without_repeated_sentences(kept) == kept


def test_sealed34_i_dont_play_the_y_i_play_the_x_is_the_memory_put_right():
    from chatbot.agents.put_right import put_right_words
    msg = ("ah sorry mate i got it wrong last time, i dont play the sackbut, i play the shawm. "
           "the sackbut is my mate's instrument")
    assert split_parts(msg) == ["ah sorry mate i got it wrong last time",
                                "i dont play the sackbut, i play the shawm.",
                                "the sackbut is my mate's instrument"]
    part = "i dont play the sackbut, i play the shawm."
    assert put_right_words(part) == [("shawm", "sackbut")]
    shown = {0: "Plays the sackbut in a renaissance band", 1: "Lives in Wagga Wagga"}
    # however the model files the denial: a forget, a fact, how to reply
    for entry in ({"part": part, "kind": "forget", "removes": 0},
                  fact(part, "Plays the shawm"),
                  {**fact(part, "Plays the shawm"), "kind": "how_to_reply"}):
        entries = [{"part": "ah sorry mate i got it wrong last time", "kind": "small_talk"},
                   entry, fact("the sackbut is my mate's instrument",
                               "Sackbut is my mate's instrument")]
        assert tool_calls(entries, [0, 1], message=msg, known=msg, shown=shown,
                          parts=split_parts(msg)) == [
            ("update_memory", {"memory_id": 0, "categories": [],
                               "updated_memory_text": "Plays the shawm in a renaissance band"}),
            ("add_memory", {"facts": [{"text": "Sackbut is my mate's instrument",
                                       "categories": ["misc"], "kind": "fact"}],
                            "reply_preferences": []})]


def test_sealed34_their_words_kept_without_the_emoji_they_end_with():
    from chatbot.agents.own_words import in_their_words
    assert in_their_words("moi c Gwendal, jsuis cordonnier à Paimpol 😁",
                          [("Is a cobbler", [], None)]) == [
        ('Said: "Moi c Gwendal, jsuis cordonnier à Paimpol"', [], None)]


def test_a_memory_led_by_the_users_verb_in_its_base_form_is_in_the_third_person():
    from chatbot.agents.memory_form import with_their_verb
    part = "btw i play kabaddi with my cousins every saturday"
    assert with_their_verb("Play kabaddi with cousins", part) == "Plays kabaddi with cousins"
    assert with_their_verb("Spend mornings at the allotment",
                           "i usually spend mornings at the allotment") == (
        "Spends mornings at the allotment")
    assert with_their_verb("Work is stressful", "i work a lot and work is stressful") == (
        "Work is stressful")
    assert with_their_verb("Went to Rome", "i went to Rome") == "Went to Rome"
    [(tool, args)] = tool_calls([fact(part, "Play kabaddi with cousins")], [], message=part,
                                known=part)
    assert args["facts"][0]["text"].startswith("Plays kabaddi with cousins")


def test_how_often_the_user_does_it_goes_with_the_memory_of_its_clause():
    from chatbot.agents.habits import with_habit
    part = "btw i play kabaddi with my cousins every saturday"
    assert with_habit([("Plays kabaddi with cousins", [], None)], part) == [
        ("Plays kabaddi with cousins every saturday", [], None)]
    kept = [("Plays kabaddi on Saturdays", [], None)]
    assert with_habit(kept, "i play kabaddi on Saturdays") == kept
    assert with_habit([("Swims", [], None), ("Works as a nurse", [], None)],
                      "i swim twice a week and i work as a nurse")[0][0] == "Swims twice a week"
    # not after a memory of another clause
    other = [("Sister lives in Leeds", [], None)]
    assert with_habit(other, "my sister visits every weekend, she lives in Leeds") == other
    assert with_habit([("Makes elderflower cordial", [], None)],
                      "i just make elderflower cordial in my kitchen every june")[0][0] == (
        "Makes elderflower cordial every june")


def test_sealed35_a_yes_no_question_a_purchase_and_a_lowercase_intro_abroad():
    from chatbot.agents.part_checks import told_abroad
    assert statements("am i still on that darkroom waitlist or what", {}, None) == []
    assert statements("just bought a venus fly trap for my desk at work, need a name for him",
                      {}, None) == [("Just bought a venus fly trap for their desk at work", "fact")]
    part = ("holaa q tal, me llamo arantxa y soy cerrajera en getxo, bueno en realidad vivo en "
            "algorta pero es lo mismo jaja")
    assert told_abroad(part, set())
    assert not told_abroad("holaa q tal, todo bien por aqui, y tu que tal estas hoy", set())
    [(tool, args)] = tool_calls([{"part": part, "kind": "small_talk"}], [], message=part,
                                known=part)
    assert args["facts"][0]["text"].startswith('Said: "Holaa q tal, me llamo arantxa')


def test_sealed35_a_name_typed_in_lower_case_and_memories_led_by_it():
    from chatbot.agents.user_name import as_theirs
    msg = ("hi!! names kealoha, most people just say K. i service escalators and lifts in "
           "shopping centres, nights mostly")
    entries = [{"part": "hi!!", "kind": "small_talk"},
               {**fact("names kealoha, most people just say K.", "Kealoha goes by K"),
                "user_name": "user"},
               {**fact("i service escalators and lifts in shopping centres, nights mostly",
                       "Kealoha services escalators and lifts in shopping centres"),
                "user_name": "user"}]
    [(tool, args)] = tool_calls(entries, [], message=msg, known=msg)
    texts = [f["text"] for f in args["facts"]]
    assert "Is called Kealoha" in texts
    assert "Services escalators and lifts in shopping centres" in texts
    assert as_theirs("Kealoha is a nurse", "Kealoha") == "Kealoha is a nurse"
    assert as_theirs("Anna lives in Oslo", "Kealoha") == "Anna lives in Oslo"


def test_sealed35_i_meant_the_x_tmrw_a_doer_and_the_monday_after_that():
    from chatbot.agents.grounding import grounding
    from chatbot.agents.meant import meant_instead
    from chatbot.memory.timeparse import find_span
    updates: dict = {}
    assert meant_instead("no wait sorry i meant the xylophone lol, the banjo is her cousin.",
                          {0: "Daughter has a solo on the banjo"}, updates)
    assert updates[0]["updated_memory_text"] == "Daughter has a solo on the xylophone"
    assert not meant_instead("sorry i meant tuesday, the dentist is tuesday",
                              {0: "Dentist appointment on Monday"}, {})
    assert find_span("concert is tmrw", date(2024, 3, 15)).start == date(2024, 3, 16)
    # "Hat maker" is the user's "i make hats", not the assistant's words
    said = grounding("Hat maker", ["i make hats for a living"], ["You're a hat maker!"])
    assert said.from_assistant == 0
    part = ("ok 2 things for my calendar: hearing test this wednesday at 9:40, and my "
            "dissertation is due the monday after that")
    today = date(2024, 3, 15)
    assert with_said_date("Dissertation due the next Monday", part, today) == (
        "Dissertation due on 25 March 2024")
    assert with_said_date("Dissertation due", part, today) == "Dissertation due on 25 March 2024"
    assert _dated(with_said_date("Hearing test on Wednesday at 9:40", part, today),
                  today, True)[0] == "Hearing test on 20 March 2024 at 9:40"


def test_sealed35_replies_do_you_remember_a_person_a_fact_taken_over_and_a_promise():
    from chatbot.agents.as_user import said_to_them, without_claimed_humanity
    from chatbot.agents.asking import asked_self
    from chatbot.agents.copies import without_instructions
    from chatbot.agents.prompts import load_prompt
    from chatbot.agents.response import PROMPT
    assert asked_self("ok so what do i do for work, do u remember") == "what you do for work"
    assert without_claimed_humanity("I'm a real person. How can I help?") == (
        "I'm an AI assistant, not a person. How can I help?")
    kept = "I'm not a person, I'm a bot."
    assert without_claimed_humanity(kept) == kept
    facts = ["Works as a tollbooth operator", "Lives in Badajoz"]
    assert said_to_them("I work as a tollbooth operator.", "ok prove it then, whats my job",
                        facts) == "You work as a tollbooth operator."
    assert said_to_them("I love Badajoz too!", "i live in badajoz", facts) == (
        "I love Badajoz too!")
    reply = ("I understand. I will not repeat or guess a secret. I will be concise and helpful. "
             "I will keep my answers short from now on.")
    assert without_instructions(reply, load_prompt(PROMPT)) == (
        "I understand. I will keep my answers short from now on.")


def test_sealed35_a_list_limit_a_phrase_put_right_abroad_and_an_adverb_is_no_verb():
    from chatbot.agents.memory_form import with_their_verb
    from chatbot.agents.put_right import reworded_anyway
    from chatbot.agents.reply_style import restyle, style_of
    style = style_of(['Asked: "from now on: numbered steps, 5 max, no intro paragraph pls"'])
    assert (style.numbered, style.sentences) == (True, 5)
    assert style_of(['Asked: "use bullet points"']).sentences is None
    steps = "\n".join(f"{i}. Step {i} here." for i in range(1, 11))
    assert restyle(steps, style).splitlines()[-1] == "5. Step 5 here."
    updates: dict = {}
    said = ("Said: \"Moi c'est bertille, je suis prof de maths à rodez et le week-end je fais "
            "du tir à l'arc\"")
    assert reworded_anyway("ah non attends je me suis trompée, c'est de la plongée, pas du tir à "
                           "l'arc mdr", {0: said}, updates)
    assert updates[0]["updated_memory_text"].endswith("le week-end je fais de la plongée\"")
    assert with_their_verb("Never drinks coffee", "I never drink coffee") == "Never drinks coffee"
    assert with_their_verb("Do payroll for a garden center chain",
                           "i do payroll for a garden center chain") == (
        "Does payroll for a garden center chain")


def test_sealed34_a_title_given_as_who_she_is_and_her_verb_as_she_said_it():
    from chatbot.agents.owners import led_by_who
    before = "the lady next door is Mrs Okonkwo"
    said = "she breeds cochin hens in her back garden, shes 91 and still sharper than me haha"
    entry = {**fact(said, "Breed cochin hens"), "about": "Mrs"}
    known = f"{before} {said}"
    [(tool, args)] = tool_calls([entry], [], message=said, known=known, earlier=[before])
    assert args["facts"][0]["text"] == "Mrs Okonkwo breeds cochin hens"
    assert led_by_who("Retired ferry captain", "Rosalind", "my aunt Rosalind") == (
        "Rosalind: retired ferry captain")


def test_sealed36_secrets_said_with_its_and_in_spanish_are_redacted():
    from chatbot.redact import redact
    said = "can u hang onto the key box code for my nans house, its 5927. she lives in youghal"
    assert "5927" not in redact(said) and "youghal" in redact(said)
    assert "Mandarina-4718" not in redact("la clave del wifi del taller es Mandarina-4718.")
    for kept in ("the code is fine, its just slow", "la clave es importante"):
        assert redact(kept) == kept


def test_sealed36_dont_save_that_deletes_nothing_it_does_not_name_and_a_mushy_head():
    from chatbot.agents.questions import split_question
    said = ("also had a massive row with my sister-in-law this morning but dont save that pls, "
            "i just wanna forget about it")
    entry = {"part": said, "kind": "forget", "removes": 0}
    assert tool_calls([entry], [0], message=said, known=said,
                      shown={0: "Lives in Temuco"}) == [("noop", {})]
    asked = "sorry my head is mush today, whats my sons name again"
    assert split_question(asked) == ["sorry my head is mush today", "whats my sons name again"]
    shown = {0: "Has a son called Wayra", 1: "Lives in Iquique"}
    assert tool_calls([{"part": asked, "kind": "question"}], [0, 1], message=asked, known=asked,
                      shown=shown, day=date(2024, 3, 15)) == [("noop", {})]
    assert statements("my head is all over the place this week", {}, date(2024, 3, 15)) == []
    assert statements("i totally blanked", {}, None) == []


def test_sealed36_i_meant_july_she_after_a_lowercase_name_and_an_idle_condition():
    from chatbot.agents.hypothetical import is_hypothetical
    from chatbot.agents.referents import referent_name
    msg = ("no wait sorry i meant july!! june is the stag do. my head is all over the place "
           "this week")
    shown = {0: "Brother fiachra is getting married in June in Zacatecas",
             1: "Fiancee is from Zacatecas"}
    entries = [{**fact("no wait sorry i meant july!!", "Stag do in July"), "kind": "how_to_reply"},
               fact("june is the stag do.", "Stag do in June"),
               {**fact("my head is all over the place this week", "Head is all over the place"),
                "kind": "how_to_reply"}]
    calls = tool_calls(entries, [0, 1], message=msg, known=msg, shown=shown,
                       day=date(2024, 3, 15))
    assert calls[0] == ("update_memory", {
        "memory_id": 0, "categories": [],
        "updated_memory_text": "Brother fiachra is getting married in July in Zacatecas"})
    assert [f["text"] for f in calls[1][1]["facts"]] == ["Stag do in June"]
    before = ["my neighbour ailbhe lent me her log splitter for the weekend"]
    assert referent_name("shes moving to mariehamn in may tho", before) == "Ailbhe"
    part = "shes moving to mariehamn in may tho so i need to give it back before then"
    [(tool, args)] = tool_calls([fact(part, "Moving to Mariehamn in May")], [], message=part,
                                known=f"{before[0]} {part}", earlier=before)
    assert args["facts"][0]["text"].startswith("Ailbhe is moving to Mariehamn")
    assert is_hypothetical("if it ever got picked up by the guardian id frame it lol")
    assert not is_hypothetical("if it rains tomorrow ill stay in")


def test_sealed36_a_name_beside_capitals_runner_ducks_and_french_typed_as_chat():
    from chatbot.agents.language import language_of, message_language
    msg = ("yo im marisela 👋 i narrate audiobooks for a living, mostly fantasy ones so i do a "
           "LOT of goblin voices")
    entries = [{"part": "yo im marisela 👋", "kind": "small_talk"},
               {**fact("i narrate audiobooks for a living", "Narrates audiobooks"),
                "user_name": "Marisela"}]
    [(tool, args)] = tool_calls(entries, [], message=msg, known=msg)
    assert "Is called Marisela" in [f["text"] for f in args["facts"]]
    said = ("ok quick intro so u have context: im a ghostwriter, mostly memoirs for retired "
            "footballers, i keep runner ducks in the yard")
    assert ("Keeps runner ducks in the yard", "fact") in statements(said, {}, None)
    assert statements("i need some help with my homework", {}, None) == []
    question = "tu te rappelles c koi mon taf deja?"
    assert language_of(question) is None and message_language(question) == "French"
    assert message_language("so nervous lol") is None


def test_sealed36_a_job_quit_and_the_next_one_are_two_memories():
    from chatbot.agents.endings import ending_and_next
    part = ("i quit the captioning job, starting as a tea taster for an importer in swindon on "
            "monday.")
    old = ["Does live captioning for a tv company, mostly the subtitles on the evening news."]
    assert ending_and_next(part, old) == (
        "i quit the captioning job",
        "starting as a tea taster for an importer in swindon on monday")
    assert ending_and_next("i quit the choir, starting the choir again was a mistake",
                           ["Sings in a choir"])[1] is None
    entry = fact(part, "Quit captioning job", "Tea tasting job started")
    calls = tool_calls([entry], [0], message=part, known=f"{old[0]} {part}", shown={0: old[0]},
                       day=date(2024, 3, 15))
    assert calls[0][1]["updated_memory_text"] == (
        "No longer does live captioning for a tv company, mostly the subtitles on the evening "
        "news: quit the captioning job (as of March 2024)")
    assert {"text": "Starting as a tea taster for an importer in swindon on monday",
            "categories": [], "kind": "event"} in calls[1][1]["facts"]


def test_sealed36_an_it_part_keeps_the_name_the_part_before_gave_its_thing():
    from chatbot.agents.referents import with_its_name
    before = ["signed up for an evening knife making course!!"]
    part = "it starts 3 weeks from today and runs til the end of june"
    assert with_its_name("Course starts in 3 weeks", part, before) == (
        "Evening knife making course starts in 3 weeks")
    assert with_its_name("Course starts in 3 weeks", "the course starts soon", before) == (
        "Course starts in 3 weeks")
    [(tool, args)] = tool_calls([fact(part, "Course starts in 3 weeks")], [], message=part,
                                known=f"{before[0]} {part}", earlier=before)
    assert args["facts"][0]["text"].startswith("Evening knife making course starts")


def test_sealed36_he_after_someone_named_last_in_a_question_is_kept():
    from chatbot.agents.referents import of_someone, with_referents
    before = ["can u help me plan a birthday party for my nephew tenoch?"]
    part = "hes turning 8 and is completely obsessed with seahorses rn"
    assert of_someone(part, before) == (
        "Their nephew tenoch is turning 8 and is completely obsessed with seahorses rn")
    assert of_someone("she's great", ["my sister Ana lives in Rome"]) is None
    assert of_someone("is he turning 8 this year?", before) is None
    assert with_referents("she loves it", ["i went to see my sister yesterday"]) == "she loves it"
    entries = [{"part": before[0], "kind": "question"}, {"part": part, "kind": "question"}]
    msg = f"{before[0]} {part}"
    [(tool, args)] = tool_calls(entries, [], message=msg, known=msg)
    assert args["facts"][0]["text"].startswith("Their nephew tenoch is turning 8")


def test_sealed36_an_output_field_named_in_a_reply_and_a_memory_that_is_a_name_alone():
    from chatbot.agents.copies import without_field_names
    reply = "1. Step one.\n2. Step two.\n\nDann setze `save_memory`: True."
    assert without_field_names(reply) == "1. Step one.\n2. Step two."
    assert without_field_names("Hello there.") == "Hello there."
    msg = "hi im chidubem, i have sickle cell so i get tired easy, and i drive trams in gliwice"
    [(tool, args)] = tool_calls([{**fact(msg, "Sickle cell disease", "Gliwice"),
                                  "user_name": "Chidubem"}], [], message=msg, known=msg)
    texts = [f["text"] for f in args["facts"]]
    assert "Gliwice" not in texts and any("drive trams in gliwice" in t for t in texts)


def test_sealed36_whats_my_job_these_days_asks_for_the_job():
    from chatbot.agents.asking import asked_mine
    assert asked_mine("whats my job these days? updating my linkedin and my head is mush") == "job"
    assert asked_mine("what's my job again?") == "job"


def test_sealed35_what_starts_on_a_day_holds_from_it_on():
    today = date(2024, 3, 15)
    assert _dated("Starts a new job on Monday", today, True) == (
        "Starts a new job on 18 March 2024", "2024-03-18", None)
    assert _dated("Has a dentist appointment on Monday", today, True)[1:] == (
        "2024-03-18", "2024-03-18")


def test_review_an_age_said_today_is_kept_and_a_mood_is_not():
    today = date(2024, 3, 15)
    assert statements("im 40 today!!", {}, today) != []
    assert statements("i feel rough today", {}, today) == []
