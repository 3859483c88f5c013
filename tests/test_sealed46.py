"""What the sealed46 and sealed47 held-back splits found (session 44), each read after it ran.
sealed46: a sorting
reply cut short by its token cap, a reply that fills one sentence frame over and over, a plan
that only points back at the assistant's tip, a clause that left out its "I'm" before "to
<verb> a ...", a wish before "but for now" and the real fact after it, chat that says a shown
fact again, a remark about the user's own typing filed as how to reply, and a request to be
reminded of a code beside a question. sealed47 (below its heading): a memory in the reply's words,
chat restating a fact with common words added, a clause after "so" dated by the one before,
"but realistically" and "I should mention that" before the user's words, a name with its
"'s", a weekday's evenings, "I must correct something", and questions about the assistant.
sealed48 (below its heading): a correction in fragments, "forget that" after the words that
name it, the assistant's words beside the user's in a memory, a name between commas, a format
asked to stop, a word limit in words, news of someone named before filed as how to reply, a pub
quiz, a pasted list, the user's name claimed by the reply, and an ending after a lead-in.
sealed49: a named thing after "his" (and a PIN typed as one word, in the secrets corpus)."""

from __future__ import annotations

from datetime import date

from chatbot.agents.as_user import said_to_them
from chatbot.agents.asking import asked_someone
from chatbot.agents.endings import ending_and_next
from chatbot.agents.hypothetical import before_hypothetical, is_hypothetical
from chatbot.agents.new_facts import _dated, with_said_date
from chatbot.agents.opening import about_the_assistant
from chatbot.agents.owners import with_owner
from chatbot.agents.part_calls import tool_calls
from chatbot.agents.parts import complete_entries, split_parts
from chatbot.agents.put_right import announces_a_correction, said_apart
from chatbot.agents.referents import with_referents
from chatbot.agents.reply_style import restyle, style_of
from chatbot.agents.restated import repeats_shown
from chatbot.agents.statements import is_news
from chatbot.agents.streaming import loop_start
from chatbot.memory.timeparse import find_span
from chatbot.session import ChatSession

from scripted import CHATML, ScriptedLlama, chat_reply, fact, json_parts, scripted_local_lm

DAY = date(2024, 3, 15)


def _texts(calls):
    return [f["text"] for tool, args in calls if tool == "add_memory" for f in args["facts"]]


LONG = ("Right, long update, bear with me. My son Caspian started at a new school in Harrogate "
        "this week. I finally joined a kayak polo club that trains on Wednesday evenings. And "
        "my cockatiel Crumpet has learned to whistle the Tetris theme.")


def test_a_sorting_reply_cut_short_keeps_its_complete_entries():
    parts = split_parts(LONG)
    reply = json_parts([fact(parts[0], kind="small_talk"),
                        fact(parts[1], "Son Caspian started at a new school in Harrogate"),
                        fact(parts[2], "Joined a kayak polo club")])
    cut = reply[:reply.index("Joined a kayak") + 10]  # the token cap, mid-entry
    entries = complete_entries(cut, parts)
    assert [e["part"] for e in entries] == parts
    assert [e["kind"] for e in entries] == ["small_talk", "fact", "small_talk", "small_talk"]
    assert complete_entries('{"sorted_parts": [{"part": "Right', parts) == []
    assert complete_entries("not json at all", parts) == []


def test_the_complete_entries_of_a_cut_reply_are_stored_and_counted(store):
    parts = split_parts(LONG)
    reply = json_parts([fact(parts[0], kind="small_talk"),
                        fact(parts[1], "Son Caspian started at a new school in Harrogate"),
                        fact(parts[2], "Joined a kayak polo club that trains on Wednesdays")])
    cut = reply[:reply.index("Joined a kayak") + 10]
    llama = ScriptedLlama([chat_reply("What a week!", True), cut], template=CHATML)
    with ChatSession("cass", store, scripted_local_lm(llama), background=False) as s:
        s.turn(LONG)
        texts = [m.memory_text for m in store.list("cass")]
        assert s.last_update.counts["malformed_steps"] == 1
    assert any("Caspian" in t and "Harrogate" in t for t in texts)
    # the parts the reply never reached are read by code: the cockatiel's trick is the
    # cockatiel's, kept in the user's words or not at all, never lost for the son's
    assert not any("kayak" in t and "Caspian" in t for t in texts)


def test_a_reply_filling_one_sentence_frame_over_and_over_is_a_loop():
    looping = ("I'm glad to hear that Caspian likes his school. I'm glad you joined the club. "
               "I'm glad you're having fun with your son. I'm glad you're having fun with your "
               "cockatiel. I'm glad you're having fun with your club. I'm glad you're having "
               "fun with your school.")
    at = loop_start(looping)
    assert at is not None
    assert looping[:at].rstrip().endswith("I'm glad you're having fun with your son.")
    # three sentences alike, or a list whose lines start alike, is no loop
    assert loop_start("You can try oats. You can try rice. You can try rye bread.") is None
    assert loop_start("- 1 cup of flour\n- 1 cup of sugar\n- 1 cup of milk\n- 1 egg") is None


def test_a_plan_that_only_points_back_at_the_tip_is_not_kept():
    message = "Perfect, thank you. I will try that this evening."
    parts = split_parts(message)
    entries = [fact(parts[0], kind="small_talk"), fact(parts[1], "Descales kettle easily")]
    calls = tool_calls(entries, [], message=message,
                       known=f"What is the easiest way to descale a kettle? {message}",
                       day=DAY, parts=parts)
    assert calls == [("noop", {})]
    # a part that says it of something it names is its own
    message = "I got a new kettle and I love it"
    assert _texts(tool_calls([fact(message, "Got a new kettle")], [], message=message,
                             known=message, day=DAY)) == ["Got a new kettle"]


def test_a_clause_that_left_out_its_im_before_to_verb_is_the_users():
    message = "learning to ride a unicycle rn 😅 any tips"
    parts = split_parts(message)
    entries = [fact(p, kind="small_talk") for p in parts]
    assert _texts(tool_calls(entries, [], message=message, known=message, day=DAY,
                             parts=parts)) == ["Is learning to ride a unicycle"]
    # an everyday errand is not
    message = "going to see the doctor later, any tips"
    parts = split_parts(message)
    assert tool_calls([fact(p, kind="small_talk") for p in parts], [], message=message,
                      known=message, day=DAY, parts=parts) == [("noop", {})]


def test_a_wish_before_but_for_now_keeps_only_the_real_fact():
    said = ("If money were no object I'd buy a vineyard in Tuscany, but for now I'm a parcel "
            "courier in Swansea.")
    assert is_hypothetical(said)
    assert before_hypothetical(said) == "I'm a parcel courier in Swansea."
    entries = [fact(said, "Wants to buy a vineyard in Tuscany", "Is a parcel courier in Swansea")]
    assert _texts(tool_calls(entries, [], message=said, known=said, day=DAY)) == [
        "Is a parcel courier in Swansea"]
    # a wish after "but" is no real clause
    assert before_hypothetical("if i won the lottery id buy a boat but i would also quit") is None
    assert is_hypothetical("If the weather were nicer we would go out")


def test_chat_that_says_a_shown_fact_again_adds_nothing():
    shown = {0: "Does calligraphy as a hobby", 1: "Lives in Saltash"}
    message = "been doing sooo much calligraphy lately ✍️ still my fave thing to do"
    entry = {"part": message, "kind": "fact", "user_name": None,
             "memories": [{"memory": "Lives in Saltash", "category": "location", "replaces": 1}]}
    assert tool_calls([entry], [0, 1], message=message, known=message, shown=shown,
                      reviews=[{"now": "unchanged"}, {"now": "unchanged"}], day=DAY) == [
        ("noop", {})]
    assert repeats_shown(message, shown, DAY) == 0
    # news beside the same hobby is not the shown fact again
    for news in ("doing calligraphy for my sisters wedding invitations this month",
                 "i sold my first calligraphy commission", "i dont do calligraphy anymore",
                 "i started calligraphy classes in Truro"):
        assert repeats_shown(news, shown, DAY) is None, news


def test_a_remark_about_the_users_own_typing_is_no_reply_preference():
    message = "oops correction: ysolde's a blacksmith not a stonemason 🔨 dunno why i typed that"
    parts = split_parts(message)
    entries = [fact(parts[0], "Ysolde is a blacksmith", kind="how_to_reply"),
               *[{"part": p, "kind": "how_to_reply", "user_name": None,
                  "memories": [{"memory": "Typed incorrectly", "category": "mistakes"}]}
                 for p in parts[1:]]]
    calls = tool_calls(entries, [0], message=message, known=message, parts=parts,
                       shown={0: "Their partner Ysolde is a stonemason"}, day=DAY)
    assert not [a for tool, a in calls if tool == "add_memory" and a["reply_preferences"]]
    assert [(a["memory_id"], "blacksmith" in a["updated_memory_text"])
            for tool, a in calls if tool == "update_memory"] == [(0, True)]


def test_a_code_to_be_reminded_of_beside_a_question_is_no_reply_preference():
    message = ("oh btw the code for our front door is [redacted secret], dont let me forget "
               "lol. anyway whats a good plant for a dark hallway?")
    parts = split_parts(message)
    entries = [{"part": parts[0], "kind": "how_to_reply", "user_name": None,
                "memories": [{"memory": "Wants to know about plant for dark hallway",
                              "category": "preferences"}]},
               *[{"part": p, "kind": "question"} for p in parts[1:]]]
    calls = tool_calls(entries, [], message=message, known=message, parts=parts, day=DAY)
    assert calls == [("noop", {})]


# sealed47 ------------------------------------------------------------------------------------


def test_a_memory_in_the_replys_words_keeps_the_users_own():
    message = "between jobs atm. applying everywhere."
    parts = split_parts(message)
    entries = [fact(p, "Looking for job opportunities", kind="plan_or_event") for p in parts]
    reply = ("I see you're looking for job opportunities. Have you considered applying to "
             "multiple companies?")
    texts = _texts(tool_calls(entries, [], message=message, known=message, day=DAY,
                              parts=parts, replied=[reply]))
    assert texts and all("opportunit" not in t for t in texts)
    assert any("between jobs" in t.lower() for t in texts)
    # the user's own words are kept whatever the reply said
    message = "i just started a pottery course"
    assert _texts(tool_calls([fact(message, "Started a pottery course")], [], message=message,
                             known=message, day=DAY, replied=["A pottery course sounds fun!"])
                  ) == ["Started a pottery course"]


def test_chat_restating_a_fact_with_common_words_added_adds_nothing():
    shown = {0: "Capoeira twice a week"}
    message = "oh btw capoeira is basically my whole personality now lol, still twice a week"
    calls = tool_calls([fact(message, "Capoeira is my whole personality now")], [0],
                       message=message, known=message, shown=shown,
                       reviews=[{"now": "unchanged"}], day=DAY)
    assert calls == [("noop", {})]
    # a rare word beside it is news
    message = "capoeira is my whole life now, just got my first berimbau"
    calls = tool_calls([fact(message, "Got their first berimbau")], [0], message=message,
                       known=message, shown=shown, reviews=[{"now": "unchanged"}], day=DAY)
    assert any("berimbau" in t for t in _texts(calls))


def test_a_clause_after_so_is_not_dated_by_the_one_before():
    said = ("um so just so you know i started night shifts at the sorting office in dundalk "
            "last week so i sleep till about two in the afternoon now")
    assert with_said_date("Sleeps till about two in the afternoon now", said, DAY) == (
        "Sleeps till about two in the afternoon now")
    started = with_said_date("Started night shifts at the sorting office", said, DAY)
    assert _dated(started, DAY)[0] == (
        "Started night shifts at the sorting office in the week of 4 March 2024")


def test_lead_words_before_the_users_own_clause_are_not_kept():
    said = ("if i didnt have the kids id probably sell everything move to madeira and surf all "
            "day lol. but realistically im working on a tugboat in stornoway for the forseeable")
    parts = split_parts(said)
    entries = [fact(parts[0], kind="hypothetical"),
               *[fact(p, "Working on a tugboat in Stornoway", kind="plan_or_event")
                 for p in parts[1:]]]
    texts = _texts(tool_calls(entries, [], message=said, known=said, day=DAY, parts=parts))
    assert texts and not any("realistically" in t.lower() for t in texts)
    said = ("I should mention that my husband Ptolemy is a glaciologist, and I myself am a "
            "glazier.")
    parts = split_parts(said)
    entries = [fact(parts[0], "Husband is a glaciologist"),
               *[fact(p, "Is a glazier") for p in parts[1:]]]
    texts = _texts(tool_calls(entries, [], message=said, known=said, day=DAY, parts=parts))
    assert any("Ptolemy is a glaciologist" in t for t in texts)
    assert not any("mention" in t.lower() for t in texts)


def test_she_after_a_name_with_its_s_is_that_person():
    before = ["I'm looking after my friend Philippa's hermit crabs until 6 April"]
    assert with_referents("she's hiking in Patagonia.", before) == (
        "Their friend Philippa is hiking in Patagonia.")


def test_a_weekdays_evenings_are_a_habit_not_a_date():
    assert find_span("I joined a handbell group that meets on Wednesday evenings", DAY) is None
    assert find_span("my exam is on Wednesday evening", DAY) is not None


def test_a_correction_announced_with_must_is_only_an_announcement():
    assert announces_a_correction("I must correct something I told you last time.")
    assert announces_a_correction("I should correct something I told you before.")
    assert not announces_a_correction("I must correct my essay tonight.")


def test_questions_about_what_the_assistant_is_are_about_the_assistant():
    assert about_the_assistant("Ha, fair enough. What do you actually run on, are you a big "
                               "model or a small one?")
    assert about_the_assistant("Do you ever get bored of answering questions all day?")
    assert not about_the_assistant("are you able to recommend a book for my trip?")
    assert not about_the_assistant("What should I cook tonight?")


def test_a_memory_in_the_replys_words_is_stored_in_the_users_own(store):
    said = "between jobs atm. applying everywhere."
    parts = split_parts(said)
    llama = ScriptedLlama([chat_reply("I see you're looking for job opportunities.", True),
                           json_parts([fact(p, "Looking for job opportunities",
                                            kind="plan_or_event") for p in parts])],
                          template=CHATML)
    with ChatSession("noor", store, scripted_local_lm(llama), background=False) as s:
        s.turn(said)
        assert not [a for a in s.last_update.actions if a.event == "REJECTED"]
    texts = [m.memory_text for m in store.list("noor")]
    assert any(t.lower().startswith("between jobs") for t in texts), texts
    assert not any("atm" in t or "opportunit" in t for t in texts), texts


# sealed48 ------------------------------------------------------------------------------------


def test_a_correction_in_fragments_is_read_whole():
    message = "correction. not knaresborough. thirsk."
    parts = split_parts(message)
    entries = [{"part": p, "kind": "how_to_reply", "user_name": None,
                "memories": [{"memory": "Corrected address to Thirsk",
                              "category": "preferences"}]} for p in parts]
    shown = {0: "Works at a plant nursery in Knaresborough"}
    assert tool_calls(entries, [0], message=message, known=message, shown=shown,
                      reviews=[{"now": "unchanged"}], day=DAY, parts=parts) == [
        ("update_memory", {"memory_id": 0, "categories": [],
                           "updated_memory_text": "Works at a plant nursery in Thirsk"})]
    assert announces_a_correction("correction.")
    # chat is no correction: "not bad. thanks" puts no word right
    assert said_apart("how's the knee? not bad. thanks") is None


def test_forget_that_removes_what_the_words_before_it_named():
    message = ("Some time ago I mentioned my therapy appointments; please forget that entirely."
               " Everything else you know about me is fine to keep.")
    parts = split_parts(message)
    shown = {0: "Sees a therapist every Thursday for anxiety", 1: "Works as a cartographer",
             2: "Has a dachshund called Pretzel"}
    entries = [{"part": parts[0], "kind": "forget", "removes": 0},
               {"part": parts[1], "kind": "forget", "removes": 1},
               *[fact(p, "Works as a cartographer") for p in parts[2:]]]
    calls = tool_calls(entries, [0, 1, 2], message=message, known=message, shown=shown,
                       day=DAY, parts=parts)
    assert [a["memory_ids"] for tool, a in calls if tool == "delete_memory"] == [[0]]


def test_a_memory_in_the_assistants_words_beside_the_users_keeps_the_users():
    message = "omg perfect, grabbing a calathea this weekend then 🙌🌿"
    asked = "which houseplants are actually safe for cats? mine chews everything"
    replied = ["Good options that are non-toxic to cats include spider plants, calatheas, "
               "Boston ferns and parlour palms.", "Great! Calatheas are a great choice for cats."]
    entries = [fact(message, "Calatheas are a great choice for cats")]
    texts = _texts(tool_calls(entries, [], message=message, known=f"{asked} {message}",
                              day=DAY, replied=replied, earlier=[asked]))
    assert texts and not any("great" in t.lower() or "choice" in t for t in texts)


def test_a_name_between_commas_starts_a_clause_of_its_own():
    said = ("My naturalisation interview is two weeks from today, and my closest friend, "
            "Oddny, is expecting her first baby on the 3rd of May.")
    entries = [fact(said, "Naturalization interview in two weeks",
                    "Closest friend expecting baby")]
    texts = _texts(tool_calls(entries, [], message=said, known=said, day=DAY))
    assert len(texts) == 2 and "Oddny" in texts[1] and "Oddny" not in texts[0]
    # a list is not split at its commas
    assert len(split_parts("I love my dog, my cat, and my hamster")) <= 2


def test_a_format_asked_to_stop_is_a_standing_preference_and_applied():
    message = ("can u stop w the emojis pls 🙃 theyre giving me a headache. and always do "
               "numbered lists when u give me steps or options")
    parts = split_parts(message)
    entries = [fact(parts[0], kind="small_talk"), fact(parts[1], kind="small_talk"),
               *[fact(p, "Always uses numbered lists", kind="how_to_reply") for p in parts[2:]]]
    [(tool, args)] = tool_calls(entries, [], message=message, known=message, day=DAY,
                                parts=parts)
    assert any("emoji" in p for p in args["reply_preferences"])
    style = style_of(args["reply_preferences"])
    assert style.emoji is False
    assert restyle("Great choice! 🌿 Pack light 🙌", style) == "Great choice! Pack light"
    assert style_of(["i love emojis"]).emoji is True
    assert style_of(["can you put that in a list?"]).emoji is None


def test_a_word_limit_in_words_and_appreciate_is_a_request():
    said = "I would also appreciate it if every answer stayed under sixty words."
    assert style_of([said]).sentences == 3
    assert not is_news(said)


def test_news_of_someone_named_before_filed_as_how_to_reply_is_a_fact():
    earlier = ["My son Eero has his first swimming gala on Saturday."]
    part = "He's terrified of the diving board though."
    entries = [{"part": part, "kind": "how_to_reply", "user_name": None, "about": "Eero",
                "memories": [{"memory": "Eero is scared of the diving board",
                              "category": "fear"}]}]
    calls = tool_calls(entries, [], message=part, known=" ".join([*earlier, part]),
                       day=DAY, earlier=earlier)
    assert calls == [("add_memory", {"facts": [
        {"text": "Their son Eero is scared of the diving board", "categories": ["fear"],
         "kind": "fact"}], "reply_preferences": []})]


def test_a_pub_quiz_is_no_memory_test():
    message = ("Can you help me write a short toast for my sister's wedding? Her name is Pilar "
               "and she's marrying a clockmaker called Evander, they met at a pub quiz.")
    assert asked_someone(message) is None
    assert asked_someone("pop quiz: what does my sister do?") == "sister"


def test_a_pasted_list_line_is_stored_without_its_dash_and_a_name_label_is_the_name(store):
    said = ("Copied this from my profile so you know who I am:\n- Name: Donncha Ó Dálaigh\n"
            "- Job: boat builder")
    llama = ScriptedLlama([chat_reply("Welcome!", True),
                           json_parts([fact(p, p.strip()) for p in split_parts(said)[1:]])],
                          template=CHATML)
    with ChatSession("donncha", store, scripted_local_lm(llama), background=False) as s:
        s.turn(said)
    texts = [m.memory_text for m in store.list("donncha")]
    assert "Is called Donncha Ó Dálaigh" in texts, texts
    assert not any(t.startswith("-") for t in texts), texts


def test_the_users_name_claimed_by_the_reply_goes():
    reply = "Hey! It's nice to meet you. I'm Tilda, and I'm here to help. How about you?"
    assert said_to_them(reply, "heyy 👋 im tilda, new here lol. i drive trams in oulu") == (
        "Hey! It's nice to meet you. How about you?")
    assert said_to_them("Hello! I'm Tilda, a friendly AI assistant. I know you drive trams.",
                        "wat do u know abt me", ["Is called Tilda"]) == (
        "Hello! I know you drive trams.")
    # the assistant's own name stays
    assert said_to_them("Hello! I'm Qwen, a friendly AI assistant.", "hi", ["Is called Tilda"]
                        ) == "Hello! I'm Qwen, a friendly AI assistant."


def test_an_ending_after_a_lead_in_and_its_dash_is_the_users_clause():
    part = ("right, loads has changed since we last spoke so bear with me — I left the farm "
            "shop at the end of April and moved up to Montrose, I'm running the wine list")
    ending, after = ending_and_next(part, ["Works as a cheesemonger at a farm shop in Stroud"])
    assert ending == "I left the farm shop at the end of April and moved up to Montrose"
    assert after == "I'm running the wine list"


# sealed49 ------------------------------------------------------------------------------------


def test_a_named_thing_after_his_is_the_named_relations():
    said = ("My friend Aurelio is in Marrakech for a week, so his dog Waffles is staying with "
            "me until Thursday.")
    assert with_owner("Waffles is staying with me", said) == (
        "Aurelio's dog Waffles is staying with me")
    # not a place, and not twice
    assert with_owner("Mog is a tabby", "I live in Rome and her cat Mog is a tabby") == (
        "Mog is a tabby")
    assert with_owner("Sister's cat Mog is a tabby",
                      "my sister Ana lives in Rome and her cat Mog is a tabby") == (
        "Sister's cat Mog is a tabby")
