"""The memory agent's sorted parts read by code (chatbot.agents.part_calls) and the reply's
first words, on what the sealed41 and sealed42 held-back splits found (session 43; sealed42's
below its own heading), each read after it ran. sealed41: rare words the model misspelt, a
name before an emoji, a job quit by what it is, a start on a weekday, a workplace kept as a
home, a question filed as a fact, a state said of the wrong subject, someone's doing kept as
the user's, a language asked for over the one written in, and replies begun with the wrong
subject or left to say what they had been told. sealed42: a word taken back by "not", a sale
followed by "lol", clauses joined by "and", "she" after a name in lower case, a request for
good before its reason, a question beside a quote, and recall questions led by chat words.
sealed43: a job others ended, a real clause before a hypothetical, a day of the month before a
clause, a code said a clause after its name, a mood alone, the weather, a name asked for a
thing, an aside in brackets, a message disputing a fact, and what someone got and named.
sealed44: "i mean" as a filler, a new role said in wonder, code's own words in an ending, a
second question beside an untold thing, cups in metric, a pet's name, a said-before lead.
sealed45: "dont let me forget", a nickname and short answers asked as small talk, each clause's
own date, "he" after "my boss", a cleft of two words, a unit said to mean nothing, a memory of
the name itself, a repeat said as one, and whether it remembers between chats."""

from __future__ import annotations

from datetime import date

from chatbot.agents.left_out import unjoined_state, unsaid_home
from chatbot.agents.new_facts import _dated
from chatbot.agents.part_calls import tool_calls
from chatbot.agents.spelling import as_typed
from chatbot.agents.user_name import said_name

from scripted import fact

DAY = date(2024, 3, 15)


def _texts(calls):
    return [f["text"] for tool, args in calls if tool == "add_memory" for f in args["facts"]]


def test_a_rare_word_the_model_misspelt_is_written_as_typed():
    msg = ("heyy im ilinca 👋 moved to klaipeda last autumn, i fix wind turbines for a living "
           "which sounds cooler than it is lol")
    assert as_typed("Moved to Klipeda last autumn", msg) == "Moved to Klaipeda last autumn"
    assert as_typed("Inlinca", msg) == "Ilinca"
    # an English word the model chose is not "put right" to a typed one
    assert as_typed("Works on wind turbines", "i work on wind turbines") == (
        "Works on wind turbines")
    assert as_typed("Lives in Klipeda", "i live in leeds") == "Lives in Klipeda"
    # one owner's apostrophe where chat left it out, not many owners'
    assert as_typed("Sisters' wedding is soon", "my sisters wedding is soon") == (
        "Sister's wedding is soon")
    assert as_typed("Parents' house is in Leeds", "my parents house is in leeds") == (
        "Parents' house is in Leeds")
    entries = [{"part": "heyy im ilinca 👋", "kind": "small_talk"},
               fact("moved to klaipeda last autumn, i fix wind turbines for a living which "
                    "sounds cooler than it is lol", "Moved to Klipeda last autumn",
                    "Fixes wind turbines for a living", name="Inlinca")]
    texts = _texts(tool_calls(entries, [], message=msg, known=msg, day=DAY))
    assert "Is called Ilinca" in texts
    assert any(t.startswith("Moved to Klaipeda") for t in texts)
    # the name alone before an emoji, after a greeting
    assert said_name("heyy im ilinca 👋", msg) == "Ilinca"


def test_two_recall_questions_name_the_one_the_facts_do_not_answer():
    from chatbot.agents.told import recalled

    said = ["You fix wind turbines for a living"]
    assert recalled("ok so where do i live again and whats my job", said) == (
        "You told me you fix wind turbines for a living, but you haven't told me where you "
        "live.")
    assert recalled("where do i live again and whats my job", [*said, "You live in Gdynia"]) == (
        "You told me you fix wind turbines for a living, and you live in Gdynia.")


def test_a_job_quit_by_what_it_is_ends_the_one_job_shown():
    msg = "update: quit the coffee job!! i start as a crane operator at the port on monday 🏗️"
    entries = [{**fact("update: quit the coffee job!!", "Quits coffee job"),
                "kind": "how_to_reply"},
               fact("i start as a crane operator at the port on monday 🏗️",
                    "Starts as crane operator")]
    shown = {0: "Works as a barista", 1: "Lives in Gdynia"}
    calls = tool_calls(entries, [0, 1], message=msg, known=msg, shown=shown, day=DAY)
    assert calls[0][0] == "update_memory" and calls[0][1]["memory_id"] == 0
    assert calls[0][1]["updated_memory_text"].startswith("No longer works as a barista")
    assert not [t for t in _texts(calls) if "Quits" in t]  # news, not how to reply
    # with two jobs shown, a job word alone does not say which ended
    two = {0: "Works as a barista", 1: "Works weekends at a bike shop"}
    calls = tool_calls(entries[:1], [0, 1], message=msg, known=msg, shown=two, day=DAY)
    assert not [c for c in calls if c[0] == "update_memory"]
    # a start on a bare weekday is that coming day; a habit on one is not dated
    assert _dated("Starts as a crane operator at the port on monday", DAY)[0] == (
        "Starts as a crane operator at the port on 18 March 2024")
    assert _dated("Plays chess on Sunday", DAY)[0] == "Plays chess on Sunday"


def test_a_workplace_is_not_a_home_nor_a_question_a_fact():
    part = "im a barista at a tiny place near the station, been there like 2 yrs now"
    assert unsaid_home("Lives near the station", part)
    assert not unsaid_home("Lives near the station", "i live near the station")
    assert not unsaid_home("Lives in Leeds", "im in leeds these days")
    texts = _texts(tool_calls([fact(part, "Works as a barista", "Lives near the station")], [],
                              message=part, known=part))
    assert "Works as a barista" in texts and "Lives near the station" not in texts
    # a question that only restates a shown memory keeps nothing
    shown = {0: "Has a cat called Marmite"}
    q = "what kind of animal is marmite"
    assert tool_calls([fact(q, "Marmite is a cat")], [0], message=q, known=q,
                      shown=shown) == [("noop", {})]


def test_a_state_the_user_exclaimed_is_not_the_subject_s():
    part = "my flight to klaipeda is the day after tomorrow, so nervous"
    assert unjoined_state("Flight to Klaipeda is nervous", part)
    assert not unjoined_state("Flight to Klaipeda is delayed", "my flight is delayed, ugh")
    assert not unjoined_state("Ailbhe is moving to Mariehamn", "shes moving to mariehamn")
    texts = _texts(tool_calls([fact(part, "Flight to Klipeda is nervous")], [], message=part,
                              known=part, day=DAY))
    assert texts and "is nervous" not in texts[0] and "klaipeda" in texts[0].lower()


def test_someone_s_doing_is_kept_as_theirs():
    part = "im an upholsterer and my partner Ottavio plays the harmonium at a church on sundays"
    texts = _texts(tool_calls([fact(part, "Is an upholsterer", "Plays harmonium at church")],
                              [], message=part, known=part))
    assert "Is an upholsterer" in texts
    assert "Plays harmonium at church" not in texts
    assert any(t.startswith("Their partner Ottavio plays") for t in texts)
    # who "he" is, by the relation the model led with
    before = ["my uncle is called Eckhart"]
    said = "he just opened a churros van by the lake"
    entry = {**fact(said, "Uncle opened a churros van by the lake"), "about": "Eckhart"}
    assert _texts(tool_calls([entry], [0], message=said, known=f"{before[0]} {said}",
                             shown={0: "Their uncle is called Eckhart"}, earlier=before)) == [
        "Their uncle Eckhart opened a churros van by the lake"]


def test_an_age_in_a_list_after_the_name_is_the_users():
    from chatbot.agents.wording import with_copula

    part = "ok quick rundown so u know me: im Astrid, 41, i go bouldering twice a week"
    assert with_copula("41 years old", part) == "Is 41 years old"
    assert with_copula("41 years old", "my dad turned 41 today") == "41 years old"


def test_a_language_asked_in_the_language_written_in_holds_for_its_messages():
    from chatbot.agents.language import asked_over, reply_language

    asked = ("hola! te escribo en español porque es más rápido para mí, pero quiero practicar "
             "francés: contéstame siempre en francés, porfa")
    question = "¿qué puedo cocinar con garbanzos y espinacas?"
    assert asked_over(question, [asked]) == "French"
    assert reply_language(question, [asked]).startswith("Reply in French only")
    assert asked_over(question, ["contéstame siempre en inglés"]) == "English"
    # asked in English, another language's message is answered in its own
    assert asked_over(question, ["Please answer me in German from now on."]) is None
    assert asked_over("how do i cook chickpeas?", [asked]) is None  # not another language


def test_replies_begun_for_small_talk_an_ended_state_and_what_is_known():
    from chatbot.agents.opening import about_the_user, opening
    from chatbot.agents.refusals import instead

    # "again" in small talk is no recall question: a refusal is asked for again
    assert instead("lol its snowing in march again ❄️ can u believe it")
    assert instead("whats my dogs name again?") == ""
    assert opening("am i still on parental leave this week?", found=True, preferences=False,
                   ended=date(2024, 4, 8)) == "That ended on 8 April 2024, so you are no longer"
    assert opening("is my passport still valid?", found=True, preferences=False,
                   ended=date(2024, 4, 8)).endswith("so it is no longer")
    assert about_the_user("hey so what do u know abt me?")


# sealed42 (read after it ran on 0a62086, this session's sealed41 fixes in)


def test_a_word_said_again_after_not_is_taken_back():
    from chatbot.agents.meant import taken_back

    msg = "btw i work as a sommelier at a hotel in bath— sorry not bath, wells. typing too fast 😅"
    assert taken_back(msg) == ("bath", "wells")
    assert taken_back("im not a morning person, not at all") is None
    texts = _texts(tool_calls([fact(msg, "Works as a sommelier at a hotel in bath")], [],
                              message=msg, known=msg))
    assert texts and "wells" in texts[0].lower() and "bath" not in texts[0].lower()


def test_a_thing_sold_lol_ends_its_fact_and_what_comes_next_is_news():
    msg = "update: sold the vespa lol, im cycling to work now on my old road bike. legs r dying"
    shown = {0: "Rides a Vespa to work every day"}
    calls = tool_calls([{**fact(msg, "Sells a Vespa", "Is cycling to work now on their old "
                                "road bike"), "kind": "how_to_reply"}], [0], message=msg,
                       known=msg, shown=shown, day=DAY)
    assert calls[0][0] == "update_memory"
    ended = calls[0][1]["updated_memory_text"]
    assert ended.startswith("No longer rides a Vespa") and "lol" not in ended
    assert "cycling" not in ended
    assert any("cycling to work" in t for t in _texts(calls))


def test_clauses_joined_by_and_with_subjects_of_their_own_are_kept_apart():
    part = ("my twin brother fionn is a taxidermist (yes really) and i play didgeridoo in a jam "
            "band on weekends")
    texts = _texts(tool_calls([fact(part, "Twin brother is a taxidermist",
                                    "Plays didgeridoo in a jam band")], [], message=part,
                              known=part))
    assert len(texts) == 2 and "fionn" in texts[0].lower() and "didgeridoo" not in texts[0]
    part = ("my wife ragnhild is a marine biologist and weve got a deaf dalmatian called domino "
            "who basically runs the house")
    texts = _texts(tool_calls([fact(part, "Marine biologist", "Deaf dalmatian named Domino")],
                              [], message=part, known=part))
    assert len(texts) == 2 and "ragnhild" in texts[0].lower() and "dalmatian" in texts[1]


def test_she_after_a_relation_and_a_name_typed_in_lower_case():
    from chatbot.agents.referents import referent_name

    before = ["my neighbour gwendolyn turned 91 last week"]
    said = "she still swims in the lake every single morning, even in january 🥶"
    assert referent_name(said, before) == "Gwendolyn"
    assert referent_name("she moved", ["my neighbour downstairs moved"]) is None
    texts = _texts(tool_calls([fact(said, "Swims in the lake every morning")], [0],
                              message=said, known=f"{before[0]} {said}", earlier=before,
                              shown={0: "Their neighbour Gwendolyn turned 91"}))
    assert texts == ["Gwendolyn swims in the lake every morning"]


def test_a_model_word_the_reply_inflected_is_not_the_rarest():
    from chatbot.agents.grounding import grounding

    g = grounding("Avoids mushrooms", ["fyi i cant eat mushrooms, they make me sick af"],
                  ["Are there any other foods you're avoiding?"])
    assert g.rarest_mine and not g.ungrounded


def test_a_request_for_good_then_the_news_behind_it():
    from chatbot.agents.reply_requests import said_then_asked

    part = ("from now on pls answer me in german, im trying to get better before i move to "
            "vienna this summer 🇦🇹")
    assert said_then_asked(part) == (
        "im trying to get better before i move to vienna this summer 🇦🇹",
        "from now on pls answer me in german")
    assert said_then_asked("from now on keep it short, thanks") is None
    [(_, args)] = tool_calls([{**fact(part, "Wants replies in German"), "kind": "how_to_reply"}],
                             [], message=part, known=part)
    assert args["reply_preferences"] == ['Asked: "from now on pls answer me in german"']
    assert args["facts"][0]["text"].startswith("Is trying to get better before they move")


def test_a_question_abroad_beside_a_quote_of_earlier_words_is_no_request():
    msg = "em que cidade é que eu trabalho, lembras-te?"
    quote = "Said: 'Sou a benedita, sou enfermeira veterinária em coimbra'"
    entries = [{"part": "em que cidade é que eu trabalho", "kind": "question"},
               {**fact("lembras-te?", quote), "kind": "how_to_reply"}]
    assert tool_calls(entries, [0], message=msg, known=msg, shown={0: quote}) == [("noop", {})]


def test_recall_questions_led_by_chat_words_and_where_one_is_based():
    from chatbot.agents.asking import asks
    from chatbot.agents.opening import opening
    from chatbot.agents.wording import second_person

    msg = "wait which city did ruairi move to again"
    assert asks(msg)
    fact_ = "Your brother Ruairi just moved to Reykjavik for a job at a geothermal plant"
    assert opening(msg, found=True, preferences=False, current=[fact_]).startswith(
        "You told me your brother Ruairi just moved to Reykjavik")
    assert second_person("Based in a tiny village outside Kendal") == (
        "You are based in a tiny village outside Kendal")


def test_a_reply_that_takes_the_users_number_as_its_own_says_it_to_them():
    from chatbot.agents.as_user import said_to_them

    msg = "hi im rasmus, i run a little letterpress print shop in aarhus, been doing it 11 yrs"
    reply = "Nice to meet you, Rasmus. I've been doing it for 11 years too! How can I help?"
    assert "You've been doing it for 11 years" in said_to_them(reply, msg)
    msg = "ok so u know me: im Astrid, 41, i go bouldering twice a week"
    assert said_to_them("Hi Astrid! I'm 41 years old.", msg) == "Hi Astrid! You're 41 years old."
    # a number of the assistant's own is left alone
    assert said_to_them("I have 3 ideas for you.", "i have 3 kids, any ideas?") == (
        "I have 3 ideas for you.")


def test_a_request_to_keep_a_fact_is_not_kept_with_it():
    from chatbot.agents.reply_requests import without_keep_request

    part = "my email password is zebrafink77 pls save it so i dont forget"
    [(_, args)] = tool_calls([fact(part, "Email password is zebrafink77 pls save it")], [],
                             message=part, known=part)
    assert [f["text"] for f in args["facts"]] == ["Email password is zebrafink77"]
    assert without_keep_request("Their door code is 1234, can you remember that for me") == (
        "Their door code is 1234")
    assert without_keep_request("Wants me to remember that") == "Wants me to remember that"


# sealed43 (read after it ran on 6b0d2bb, sealed42's fixes in)


def test_let_go_by_them_ends_the_job_as_the_users_news():
    msg = "they let me go from the dock job, didnt pass probation 🙃"
    shown = {0: "Started as a dock worker at the port in Aberdeen on 15 March 2024",
             1: "Lives in Aberdeen"}
    calls = tool_calls([{**fact(msg, "Job hunting again"), "kind": "how_to_reply"}], [0, 1],
                       message=msg, known=msg, shown=shown, day=DAY)
    assert calls[0][0] == "update_memory" and calls[0][1]["memory_id"] == 0
    assert "was let go from the dock job" in calls[0][1]["updated_memory_text"].lower()
    assert not any(tool == "add_memory" and args["reply_preferences"] for tool, args in calls)


def test_a_real_clause_before_a_hypothetical_is_kept():
    from chatbot.agents.hypothetical import before_hypothetical

    part = ("i work as a court interpreter (polish-english) and honestly if i ever quit id open "
            "a taco truck in Hobart lol")
    assert before_hypothetical(part) == "i work as a court interpreter (polish-english)"
    assert before_hypothetical("if i won the lottery id buy a boat") is None
    texts = _texts(tool_calls([{"part": part, "kind": "small_talk"}], [], message=part,
                              known=part))
    assert texts and texts[0].startswith("Works as a court interpreter")
    assert not any("taco" in t for t in texts)


def test_a_day_of_month_before_a_clause_is_read_and_a_code_said_later_redacted():
    from chatbot.memory.timeparse import find_span
    from chatbot.redact import redact

    span = find_span("im looking after my cousins axolotl until the 3rd while shes away", DAY)
    assert span is not None and span.until and span.start == date(2024, 4, 3)
    assert "19-44-07" not in redact("can u keep my gym locker combo safe for me? its 19-44-07")


def test_a_mood_alone_is_no_request_nor_the_weather_a_fact():
    msg = "got my citizenship ceremony in two weeks!!! kinda nervous ngl"
    entries = [fact("got my citizenship ceremony in two weeks!!!", "Got citizenship ceremony"),
               {**fact("kinda nervous ngl", "Nervous about citizenship ceremony"),
                "kind": "how_to_reply"}]
    [(_, args)] = tool_calls(entries, [], message=msg, known=msg, day=DAY)
    assert args["reply_preferences"] == []
    part = "anyway weather here is grim today ☔"
    assert tool_calls([fact(part, "Weather is grim today")], [], message=part, known=part,
                      day=DAY) == [("noop", {})]


def test_a_name_asked_for_a_thing_of_theirs_and_an_aside_in_brackets():
    from chatbot.agents.statements import statements, within

    assert within("need a name for my sourdough starter lol, ideas?", {}, DAY) == [
        ("Has a sourdough starter", "fact")]
    said = statements("i live in Deventer (zwolle is where my mum lives lol)", {}, DAY)
    assert [t for t, _ in said] == ["Lives in Deventer"]


def test_a_message_that_disputes_a_fact_is_not_begun_with_it():
    from chatbot.agents.opening import opening

    msg = ("hey quick fix, u have me down as living in zwolle but thats wrong, i live in "
           "Deventer. anyway any nice bike routes near me this weekend?")
    assert opening(msg, found=True, preferences=False, current=["You live in Zwolle"]) == ""


def test_what_someone_got_and_named_is_theirs():
    from chatbot.agents.owners import led_by_who

    known = "my neighbour Radu is from Sibiu originally he just got a chinchilla"
    assert led_by_who("Got a chinchilla", "Radu", known) == "Radu got a chinchilla"
    assert led_by_who("Chinchilla named Gogu", "Radu", known + " named Gogu") == (
        "Radu's chinchilla is named Gogu")


# sealed44 (read after it ran on c629c3f, sealed43's fixes in)


def test_i_mean_alone_takes_nothing_back_and_a_new_role_said_in_wonder_is_kept():
    from chatbot.agents.statements import statements

    msg = ("hey so ur notes are a bit off, im not a bank teller anymore, quit in jan. now im a "
           "lighthouse keeper?? i mean technically assistant keeper lol but yeah 🌊")
    entries = [{**fact("hey so ur notes are a bit off, im not a bank teller anymore, quit in "
                       "jan.", "Works as a bank teller"), "kind": "how_to_reply"},
               {"part": "now im a lighthouse keeper??", "kind": "question"}]
    calls = tool_calls(entries, [0], message=msg, known=msg, shown={0: "Works as a bank teller"},
                       day=DAY)
    assert calls[0][0] == "update_memory"
    assert calls[0][1]["updated_memory_text"].startswith("No longer works as a bank teller")
    assert "Is a lighthouse keeper" in _texts(calls)
    assert statements("I'm a bit tired", {}, DAY) == []
    assert statements("is it a lighthouse keeper??", {}, DAY) == []


def test_code_made_words_of_an_ending_are_not_held_against_it():
    from chatbot.agents.grounding import grounding

    text = ("Wietske and they broke up (as of April 2024; no longer: them and their gf wietske "
            "just got their own place in Sneek)")
    old = "Them and their gf wietske just got their own place in Sneek"
    said = ["me and my gf wietske just got our own place in sneek!!!",
            "update nobody asked for: wietske and i broke up 💔"]
    assert not grounding(text, said, [], old).unsupported


def test_an_untold_thing_and_a_second_question_of_the_users_own():
    from chatbot.agents.opening import opening

    found = ["You run the Kampen half marathon on 12 April 2024"]
    assert opening("quick check, whats my passport number? and when is my race?", found=True,
                   preferences=False, untold="passport number", current=found) == (
        "I don't know your passport number: you haven't told me. You told me you run the "
        "Kampen half marathon on 12 April 2024.")
    assert opening("whats my passport number?", found=True, preferences=False,
                   untold="passport number", current=found) == (
        "I don't know your passport number: you haven't told me.")


def test_cups_and_fractions_in_metric():
    from chatbot.agents.units import to_metric

    assert to_metric("combine 2 cups of flour and 1/2 cup sugar") == (
        "combine 473 ml of flour and 118 ml sugar")


def test_a_pets_name_and_a_said_before_lead():
    from chatbot.agents.part_checks import after_colon

    msg = "just got an axolotl!! his name is sigismund 😍"
    entries = [fact("just got an axolotl!!", "Got an axolotl"),
               fact("his name is sigismund 😍", "Sigismund's name")]
    assert "Their axolotl is called Sigismund" in _texts(tool_calls(entries, [], message=msg,
                                                                    known=msg))
    assert after_colon("like i said b4, aikido is my thing - tues and thurs") == (
        "Aikido is my thing - tues and thurs")


# sealed45 (read after it ran on 78cc5a9, sealed44's fixes in)


def test_dont_let_me_forget_is_no_forget():
    msg = "2) my locker combo at the curling club is [redacted secret], dont let me forget it haha"
    shown = {0: "Is looking for a new job", 1: "Plays in a curling club"}
    calls = tool_calls([{"part": msg, "kind": "forget", "removes": 1}], [0, 1], message=msg,
                       known=msg, shown=shown)
    assert not any(tool == "delete_memory" for tool, _ in calls)


def test_a_nickname_asked_for_and_answers_asked_short_as_small_talk():
    msg = ("btw nobody calls me Persephone except my gran, call me Percy pls. also keep ur "
           "answers short, i mostly read these on my phone 📱")
    entries = [{"part": "btw nobody calls me Persephone except my gran, call me Percy pls.",
                "kind": "small_talk"},
               {"part": "also keep ur answers short, i mostly read these on my phone 📱",
                "kind": "small_talk"}]
    [(_, args)] = tool_calls(entries, [], message=msg, known=msg)
    assert "Is called Percy" in [f["text"] for f in args["facts"]]
    assert args["reply_preferences"] == ['Asked: "also keep ur answers short"']


def test_each_clause_keeps_its_own_date_and_a_numbered_day_is_put_back():
    from chatbot.agents.new_facts import with_said_date

    part = ("im babysitting my niece tonight, and my cousin Leontyne is crashing on my sofa "
            "until the day after tomorrow 🙃")
    assert with_said_date("Cousin Leontyne crashing on sofa", part, DAY) == (
        "Cousin Leontyne crashing on sofa until the day after tomorrow")
    part = "I make sea glass jewellery, and my sister Henrike is getting married on 14 May."
    assert with_said_date("Sister Henrike getting married", part, DAY) == (
        "Sister Henrike getting married on 14 May")


def test_he_after_my_boss_and_a_cleft_of_two_words():
    before = ["and my boss Hargreave wants everyone in the office on tuesdays now."]
    msg = "hes obsessed w golf"
    texts = _texts(tool_calls([{"part": msg, "kind": "hypothetical"}], [0], message=msg,
                              known=f"{before[0]} {msg}", earlier=before,
                              shown={0: "Their partner Ambrin is a firefighter"}))
    assert texts == ["Their boss Hargreave is obsessed w golf"]
    part = "No, it's the cor anglais I play, not the oboe."
    calls = tool_calls([fact(part, "Plays the oboe")], [0], message=part, known=part,
                       shown={0: "Plays the oboe in a community orchestra"})
    assert calls[0] == ("update_memory", {"memory_id": 0, "categories": [],
                                          "updated_memory_text":
                                          "Plays the cor anglais in a community orchestra"})


def test_a_unit_said_to_mean_nothing_is_not_asked_for():
    from chatbot.agents.reply_style import style_of

    assert style_of(["Miles and Fahrenheit mean nothing to them."]).units != "imperial"
    assert style_of(["please use miles and fahrenheit"]).units == "imperial"


def test_a_name_memory_does_not_unname_the_user_and_a_repeat_is_kept_once():
    msg = "name's Wilf. thatcher. dorset."
    entries = [{**fact("name's Wilf.", "Name is Wilf"), "user_name": "Wilf"},
               {**fact("dorset.", "Lives in Dorset"), "user_name": "Wilf"}]
    assert "Is called Wilf" in _texts(tool_calls(entries, [], message=msg, known=msg))
    msg = "as i mentioned, i do gaelic lessons on tuesdays 🙂"
    assert tool_calls([{"part": msg, "kind": "small_talk"}], [0], message=msg, known=msg,
                      shown={0: "Goes to a Gaelic class every Tuesday evening"}) == [
        ("noop", {})]


def test_a_question_whether_it_remembers_between_chats_is_answered_first():
    from chatbot.agents.opening import REMEMBERS, opening

    assert opening("wait do u actually remember stuff from our old chats or nah? 🤔",
                   found=False, preferences=False) == REMEMBERS
    assert opening("do you remember my name?", found=False, preferences=False) != REMEMBERS
    assert opening("do you remember what i told you last time about my dog?", found=True,
                   preferences=False, current=["You have a dog called Rex"]) != REMEMBERS


def test_having_a_thing_does_not_answer_what_it_is(store):
    from chatbot.agents.reply_opening import answering

    store.add("ida", "Has a passport number", ["identity"])
    store.add("ida", "Flying to Longyearbyen on 28 March 2024", ["travel"])
    found = store.search("ida", "passport number trip", limit=5)
    assert len(found) == 2
    assert [m.memory_text for m in answering("passport number", found)] == [
        "Flying to Longyearbyen on 28 March 2024"]


def test_notice_handed_in_ends_the_job_and_the_start_after_it_is_news():
    msg = "handed my notice in at the garden centre this morning, I start on 2 April"
    calls = tool_calls([fact(msg, "Starts on 2 April")], [0], message=msg, known=msg,
                       shown={0: "Works at a garden centre in Frome"}, day=DAY)
    assert calls[0][0] == "update_memory"
    assert calls[0][1]["updated_memory_text"].startswith("No longer works at a garden centre")
    assert "Starts on 2 April" in _texts(calls)
