"""The memory agent's sorted parts read by code (chatbot.agents.part_calls) and the reply's
checks, on what the sealed37, sealed38 and sealed39 held-back splits found (session 42), each
read after it ran: words the message itself takes back, a new job after a quit one, facts filed
as small talk, clauses kept apart from what they are about, dates code could not read, names
after a greeting, requests not to keep what follows, languages asked for in other languages,
and replies that denied being a bot, looped or refused."""

from __future__ import annotations

from datetime import date

from chatbot.agents.as_user import NOT_HUMAN, without_claimed_humanity
from chatbot.agents.meant import taken_back
from chatbot.agents.memory_form import with_asked_thing, with_their_verb
from chatbot.agents.new_facts import _dated, with_said_date
from chatbot.agents.part_calls import tool_calls
from chatbot.agents.statements import statements
from chatbot.agents.user_name import said_name

from scripted import fact

DAY = date(2024, 3, 15)


def test_a_word_the_message_takes_back_is_put_right_in_its_own_parts():
    msg = ("so update, i quit the stagehand gig, im a deckhand on the lake ferry now... no wait "
           "i meant the river ferry not the lake one. same thing basically lol")
    assert taken_back(msg) == ("lake", "river")
    assert taken_back("i work on the lake ferry, no wait i meant the river ferry") == (
        "lake", "river")
    # The old word is a shown memory's, not the message's: not this one (meant_instead's).
    assert taken_back("no wait sorry i meant the xylophone lol, the banjo is her cousin.") is None
    entries = [
        {"part": "so update, i quit the stagehand gig, im a deckhand on the lake ferry now...",
         "kind": "plan_or_event", "memories": [{"memory": "Quit stagehand gig", "replaces": None}]},
        {"part": "no wait i meant the river ferry not the lake one.", "kind": "forget",
         "removes": 0},
        {"part": "same thing basically lol", "kind": "small_talk"}]
    calls = tool_calls(entries, [0], message=msg, known=msg, shown={0: "Works as a stagehand"},
                       day=DAY)
    assert calls[0][0] == "update_memory" and calls[0][1]["memory_id"] == 0
    assert calls[0][1]["updated_memory_text"].startswith("No longer works as a stagehand")
    assert "river" not in calls[0][1]["updated_memory_text"]  # not "Works as a river"
    assert [f["text"] for f in calls[1][1]["facts"]] == ["Is a deckhand on the river ferry now"]
    assert not any(c[0] == "delete_memory" for c in calls)


def test_facts_filed_as_small_talk_after_a_lead_or_of_a_sensitivity_are_kept():
    assert statements("heads up, im sensitive to sulphites, they give me awful headaches", {},
                      DAY) == [("Is sensitive to sulphites", "fact")]
    assert statements("but in real life i do night shifts at a bottling plant lol", {}, DAY) == [
        ("Does night shifts at a bottling plant in real life", "fact")]
    assert statements("on weekends i work at a bakery", {}, DAY) == [
        ("Works at a bakery on weekends", "fact")]
    # No thing named, a verb, or a hypothetical: nothing.
    assert statements("im tired of waiting", {}, DAY) == []
    assert statements("im going to bed", {}, DAY) == []
    assert statements("honestly if i had the money id quit everything and open a surf shack in "
                      "tofino.", {}, DAY) == []
    # Known already: nothing new.
    assert statements("im sensitive to sulphites", {0: "Is sensitive to sulphites"}, DAY) == []


def test_a_relative_clause_and_an_ing_detail_stay_with_what_they_are_about():
    part = ("ive got a kombucha scoby called gloopy that lives on top of teh fridge, hes "
            "basically a pet at this point 😂")
    [(_, args)] = tool_calls([fact(part, "Has a kombucha scoby called gloopy",
                                   "Lives on top of the fridge")], [], message=part, known=part)
    assert [f["text"] for f in args["facts"]] == [
        "Has a kombucha scoby called gloopy that lives on top of the fridge"]
    part = "my aunt genoveva just got home from 3 months in antarctica doing research on krill"
    [(_, args)] = tool_calls([fact(part, "Aunt Genoveva returned from Antarctica",
                                   "Research on krill")], [], message=part, known=part)
    assert [f["text"] for f in args["facts"]] == [
        "Aunt Genoveva returned from Antarctica doing research on krill"]


def test_a_date_the_memory_gives_unreadably_is_the_clauses_own_with_its_thing():
    part = ("borrowed a tile cutter off my brother in law for the bathroom reno, i have to give "
            "it back by the 28th")
    text = with_said_date("Due to 28th", part, DAY)
    assert text == "Has to give the tile cutter back by the 28th"
    written, _, until = _dated(text, DAY)
    assert "28 March 2024" in written and until == "2024-03-28"
    # A memory with no number, or one the date reads, is left to the usual dating.
    assert "28th" not in with_said_date("Borrowed a tile cutter", part, DAY)


def test_an_activity_the_question_named_and_both_verbs_in_the_third_person():
    asked = "any tips for not falling off a slackline constantly??"
    part = "i practise in the park near my flat in katowice most evenings after work"
    assert with_asked_thing("i practise in the park near my flat", part, asked) == (
        "i practise slackline in the park near my flat")
    assert with_asked_thing("Lives in Katowice", "i live in katowice", asked) == (
        "Lives in Katowice")  # no verb of doing
    assert with_asked_thing("Practises in the park", "i practise in the park",
                            "is it sunny?") == "Practises in the park"  # names nothing rare
    msg = "any tips for not falling off a slackline constantly?? " + part
    entries = [{"part": asked, "kind": "question"}, fact(part, part)]
    [(_, args)] = tool_calls(entries, [], message=msg, known=msg)
    assert "slackline" in args["facts"][0]["text"]
    assert with_their_verb("Tune and fix pipe organs", "i tune and fix pipe organs") == (
        "Tunes and fixes pipe organs")


def test_a_name_after_a_greeting_and_im():
    msg = "heyy so im berit, i run a tiny smokehouse in vardø (far far north norway)"
    assert said_name(msg, msg) == "Berit"
    assert said_name("hey im kealoha", "hey im kealoha") == "Kealoha"
    for state in ("hi im jetlagged, any tips", "hey im tired, help", "hey im pescatarian."):
        assert said_name(state, state) is None


def test_a_reply_denying_it_is_a_program_says_what_it_is():
    assert without_claimed_humanity(
        "Since you asked if I'm a bot, I'm not. I remember things.") == (
        f"{NOT_HUMAN} I remember things.")
    assert without_claimed_humanity("I'm not a bot, I'm here to help.") == NOT_HUMAN
    for kept in ("I'm a bot. I'm not a person.", "Hello! I'm not sure what you mean by bot.",
                 "I'm an AI, I'm not able to taste food."):
        assert without_claimed_humanity(kept) == kept


# sealed38 (session 42), read after it ran held back.

def test_a_cleft_correction_the_old_word_first_and_a_remark_about_a_thing_is_no_request():
    msg = ("quick fix lol its not the theremin i play, its the musical saw. the theremins my "
           "bandmates thing")
    entries = [{**fact("quick fix lol its not the theremin i play, its the musical saw.",
                       "Theremin is not played"), "kind": "how_to_reply"},
               {**fact("the theremins my bandmates thing",
                       "Bandmates think theremin is not played"), "kind": "how_to_reply"}]
    shown = {0: "Plays the theremin in a band", 1: "Lives in Tavira"}
    assert tool_calls(entries, [0, 1], message=msg, known=msg, shown=shown) == [
        ("update_memory", {"memory_id": 0, "updated_memory_text": "Plays the musical saw in a band",
                           "categories": []})]


def test_a_name_taken_back_mid_message_and_an_age_the_model_remarked_on():
    msg = ("ok so about me: im 52, i make my own cider (its awful lol), my wife Olwen runs a cafe "
           "by the harbour in Isafjordur no wait i meant Stromness, isafjordur is where her "
           "sister lives")
    assert taken_back(msg) == ("Isafjordur", "Stromness")
    entries = [fact("ok so about me: im 52, i make my own cider (its awful lol)",
                    "52 is a great age", "Makes cider"),
               fact("my wife Olwen runs a cafe by the harbour in Isafjordur no wait i meant "
                    "Stromness, isafjordur is where her sister lives", "Runs cafe in Stromness",
                    "Sister lives in Isafjordur")]
    [(_, args)] = tool_calls(entries, [], message=msg, known=msg)
    texts = [f["text"] for f in args["facts"]]
    assert texts[:2] == ["Is 52 years old", "Makes cider"]
    assert "Stromness" in texts[2] and "no wait" not in texts[2]
    assert "Isafjordur is where her sister lives" in texts[2]  # said after it: the sister's


def test_the_same_fact_again_in_another_language_is_not_kept_twice():
    msg = "zoals ik al zei, ik doe elke zomer aan fierljeppen 😄"
    shown = {0: "Said: 'Ik doe aan fierljeppen in de zomer, echt super leuk'"}
    entries = [fact(msg, 'Said: "Ik doe aan fierljeppen in de zomer, echt super leuk"')]
    assert tool_calls(entries, [0], message=msg, known=msg, shown=shown) == [("noop", {})]
    # Something new beside it is kept, in the user's words.
    msg = "ik doe aan fierljeppen in de zomer en ik woon in Dokkum"
    [(_, args)] = tool_calls([fact(msg, "Doet aan fierljeppen")], [0], message=msg, known=msg,
                             shown=shown)
    assert "Dokkum" in args["facts"][0]["text"]


def test_an_english_part_the_identifier_calls_french_is_kept_in_english():
    msg = "yo. names Hilaire, i run sea kayak tours out of Svolvaer and i collect antique compasses"
    [(_, args)] = tool_calls([fact("i collect antique compasses", "Collects antique compasses")],
                             [], message=msg, known=msg)
    assert [f["text"] for f in args["facts"]] == ["Collects antique compasses"]


def test_a_question_abroad_beside_the_answer_keeps_nothing_and_a_job_reordered():
    from chatbot.agents.wording import with_copula
    msg = "come faccio a togliere la cera di candela da un tappeto di lana?"
    entries = [{**fact(msg, "Use a thick cloth and an iron"), "kind": "how_to_reply"}]
    assert tool_calls(entries, [], message=msg, known=msg) == [("noop", {})]
    assert with_copula("Pilot hot air balloon", "im a hot air balloon pilot now, wild right") == (
        "Is a hot air balloon pilot")
    assert with_copula("Lives in Oslo", "im a hot air balloon pilot now") == "Lives in Oslo"


def test_now_before_the_users_clause_and_a_request_for_good_without_please():
    from chatbot.agents.guards import nothing_to_remember
    from chatbot.agents.part_checks import after_colon
    from chatbot.agents.reply_requests import for_good
    assert after_colon("but rn im a whale watching guide in Husavik") == (
        "Im a whale watching guide in Husavik")
    msg = "ngl ur answers r way too long 😅 from now on keep it to 2 sentences max ok?"
    assert nothing_to_remember(msg) and for_good(msg)  # the session runs the memory agent
    assert not for_good("from now on im vegan") and not for_good("from now on the gym is shut")


def test_a_word_written_over_and_over_is_a_loop():
    from chatbot.agents.streaming import loop_start
    text = "A salad with tangy tangy tangy tangy tangy tangy tangy"
    assert text[:loop_start(text)] == "A salad with tangy "
    assert loop_start("go team go team go team go team go team go ") == len("go team ")
    for fine in ("ha ha ha ha", "very very very good", "1. a\n2. b\n3. c"):
        assert loop_start(fine) is None


def test_a_memory_test_asks_to_be_reminded():
    from chatbot.agents.told import recalled
    facts = ["You run a tiny smokehouse in Vardø", "Your name is Berit"]
    assert recalled("ok memory test, what do i do for work and where", facts).startswith(
        "You told me you run a tiny smokehouse in Vardø")
    assert recalled("what should i cook tonight?", facts) == ""
    assert "your name is Berit" in recalled("bet u forgot my name already lol", facts)


def test_a_message_asking_not_to_be_kept_is_answered_that_it_is_not():
    from chatbot.agents.opening import WONT_KEEP, opening
    said = ("btw dont remember this part: the code for my storage unit is [redacted secret]. but "
            "u can remember that i just moved to Kaikoura")
    assert opening(said, found=False, preferences=False) == WONT_KEEP
    assert opening("the door code is 5581 but dont save that lol", found=True,
                   preferences=False) == WONT_KEEP
    # Not in another language's reply, nor for a message that asks nothing of the kind.
    assert opening(said, found=False, preferences=True) != WONT_KEEP
    assert opening("no guardes esto: mi pin es 1234", found=False, preferences=False) != WONT_KEEP
    assert opening("do you remember my dog?", found=False, preferences=False) != WONT_KEEP
    assert opening("pls dont remember any of this ok? whats the usual visa processing time",
                   found=False, preferences=False) != WONT_KEEP  # the question is answered


# sealed39 (session 42), read after it ran held back.

def test_do_u_remember_my_name_asks_for_the_users_own_name():
    from chatbot.agents.asking import asked_someone
    assert asked_someone("do u remember my name? and what i teach?") is None
    assert asked_someone("what does my wife do again?") == "wife"


def test_a_request_not_to_keep_what_follows_holds_until_the_message_turns():
    from chatbot.agents.reply_requests import turns_to_another, withholds_what_follows
    msg = ("pls dont remember any of this convo ok? my passport no is [redacted secret] and im "
           "applying for a visa for Morocco, whats the usual processing time")
    entries = [{**fact("pls dont remember any of this convo ok?", "Removes conversation history"),
                "kind": "how_to_reply"},
               fact("my passport no is [redacted secret] and im applying for a visa for Morocco",
                    "Visa application to Morocco"),
               {**fact("whats the usual processing time", "Visa processing time"),
                "kind": "how_to_reply"}]
    assert tool_calls(entries, [], message=msg, known=msg) == [("noop", {})]
    assert withholds_what_follows("pls dont remember any of this convo ok?")
    assert not withholds_what_follows("dont remember this: the code is 1234")
    # "but u can remember that ..." turns to something the user wants kept.
    msg = "dont save any of this. but u can remember that i just moved to Kaikoura"
    entries = [{**fact("dont save any of this.", "x"), "kind": "how_to_reply"},
               fact("but u can remember that i just moved to Kaikoura", "Moved to Kaikoura")]
    [(_, args)] = tool_calls(entries, [], message=msg, known=msg)
    assert [f["text"] for f in args["facts"]] == ["Moved to Kaikoura"]
    assert turns_to_another("unrelated but i started kayak polo")


def test_english_asked_for_in_spanish_is_a_standing_preference():
    from chatbot.agents.language import asked_language, asks_for_english, reply_language
    from chatbot.agents.reply_requests import for_good
    said = ("oye, te escribo en español pero contéstame siempre en inglés porfa, quiero practicar "
            "para mi entrevista 🙏")
    assert asked_language([said]) is None and asks_for_english([said]) and for_good(said)
    assert reply_language("¿qué puedo hacer un domingo de lluvia sin salir de casa?", [said]) == (
        "Reply in English only, as the user asked, even to a message in Spanish.")
    assert asked_language(["Antworte mir bitte immer auf Deutsch"]) == "German"
    assert not for_good("je vais toujours au marché le dimanche")
    [(_, args)] = tool_calls([{"part": said, "kind": "small_talk"}], [], message=said, known=said)
    assert args["reply_preferences"] == [said]


def test_news_of_someone_of_theirs_abroad_is_kept_and_small_talk_is_not():
    msg = ("mon père aura 70 ans le mois prochain et il est fou de champignons, il part à la "
           "cueillette tous les dimanches 🍄 des idées de cadeau ?")
    entries = [{"part": msg.split(" 🍄")[0] + " 🍄", "kind": "small_talk"},
               {"part": "des idées de cadeau ?", "kind": "question"}]
    [(_, args)] = tool_calls(entries, [], message=msg, known=msg)
    assert "champignons" in args["facts"][0]["text"]
    msg = "ciao!! piove da stamattina, che noia 🙄 tu come stai?"
    entries = [{"part": "ciao!!", "kind": "small_talk"},
               fact("piove da stamattina, che noia 🙄", "Lives in Trapani"),
               {"part": "tu come stai?", "kind": "question"}]
    assert tool_calls(entries, [0], message=msg, known=msg, shown={0: "Lives in Trapani"}) == [
        ("noop", {})]
    # The same swim said again in other words, about the same named place.
    msg = "zoals ik al zei, ik duik elke ochtend de zee in bij Oostende haha, ook als het vriest"
    shown = {0: "Said: 'Ik zwem elke ochtend in de Noordzee bij Oostende, ook in de winter'"}
    assert tool_calls([fact(msg, shown[0])], [0], message=msg, known=msg, shown=shown) == [
        ("noop", {})]


def test_a_refused_question_abroad_is_asked_again_unless_about_the_user():
    from chatbot.agents.refusals import ANSWER_ABROAD, instead
    msg = ("mon père aura 70 ans le mois prochain et il est fou de champignons 🍄 des idées de "
           "cadeau ?")
    assert instead(msg) == ANSWER_ABROAD["French"]
    assert instead("c'est quoi le nom de mon chien ?") == ""
    # The session asks replies in the message's own language: that is no other language.
    assert instead(msg, "French") == ANSWER_ABROAD["French"]
    assert instead(msg, "German") == ""
    # English asked for, a message in Spanish: begun in English.
    assert instead("¿qué puedo hacer un domingo de lluvia sin salir de casa?", "English") == (
        "Sure! ")


def test_a_quit_job_with_its_i_left_out_and_fragments_not_kept():
    from chatbot.agents.left_out import only_everyday_words
    news = "update bc life is wild: quit the hotel, im an apprentice boatbuilder now 🛶"
    msg = f"{news} same town tho"
    entries = [{**fact(news, "Leaves the hotel"), "kind": "plan_or_event"},
               fact("same town tho", "Same town")]
    shown = {0: "Is the night porter at a hotel in Ripon now, its chaos but kinda fun",
             1: "Has a sister called Rosmarie"}
    calls = tool_calls(entries, [0, 1], message=msg, known=msg, shown=shown, day=DAY)
    assert calls[0][0] == "update_memory" and calls[0][1]["updated_memory_text"].startswith(
        "No longer is the night porter")
    assert [f["text"] for f in calls[1][1]["facts"]] == ["Is an apprentice boatbuilder now"]
    assert [only_everyday_words(t) for t in ("Same town", "New job", "Vegan", "Until Friday")] == [
        True, True, False, False]


def test_an_age_and_a_negated_verb_in_a_list_about_the_user():
    part = ("ok abt me since u keep asking lol: 31, i work nights as an ophthalmic nurse, cant "
            "take codeine (makes me sick af), and most weekends i go potholing w my uni mates.")
    entries = [fact(part, "Works as an ophthalmic nurse", "Potholes with uni mates")]
    [(_, args)] = tool_calls(entries, [], message=part, known=part)
    texts = [f["text"] for f in args["facts"]]
    assert "Is 31 years old" in texts
    assert any(t.startswith("Can't take codeine") for t in texts)


def test_an_emoji_ends_a_clause_and_a_number_taken_back_with_no_wait():
    from chatbot.agents.guards import is_one_question
    assert not is_one_question("me n my gf Tamsin do a board game night every friday 🎲 suggest "
                               "one for 2 ppl?")
    assert is_one_question("what should i cook 🍲 for dinner?")
    assert taken_back("my daughters Mehitabel, shes 7 - no wait 8!! she turned 8 on tuesday") == (
        "7", "8")
    assert taken_back("it was great, i mean really great") is None
    assert taken_back("i met Anna at the party sorry i mean she met me") is None


def test_a_lead_before_the_users_own_words_is_left_out_unless_it_names_something():
    from chatbot.agents.part_checks import after_colon
    assert after_colon("fun fact, my grandad Ebenezer built the rowing boat") == (
        "My grandad Ebenezer built the rowing boat")
    assert after_colon("oh and i have a lop-eared rabbit called Brioche") == (
        "I have a lop-eared rabbit called Brioche")
    assert after_colon("Paris is lovely, i live there") == "Paris is lovely, i live there"


# sealed40 (session 42), read after it ran held back.

def test_a_core_word_nobody_said_is_unsupported():
    from chatbot.agents.grounding import grounding
    said = ["new job who dis 😎 started as a barista at a little roastery near the station"]
    assert grounding("Disappointed with the job", said, []).unsupported
    assert not grounding("Works as a barista", said, []).unsupported
    assert not grounding("Needlepoint enthusiast", ["i do a lot of needlepoint"], []).unsupported


def test_a_job_that_didnt_work_out_and_the_next_one():
    msg = ("update: the roastery didnt work out lol, doing night shifts as a hospital porter "
           "now")
    shown = {0: "Started as a barista at a little roastery near the station"}
    calls = tool_calls([{**fact(msg, "Disappointed with the job"), "kind": "plan_or_event"}], [0],
                       message=msg, known=msg, shown=shown, day=DAY)
    assert calls[0][0] == "update_memory" and calls[0][1]["updated_memory_text"].startswith(
        "No longer started as a barista")
    assert calls[1][1]["facts"][0]["text"].startswith("Doing night shifts as a hospital porter")


def test_languages_named_in_other_languages_and_news_abroad_filed_as_a_request():
    from chatbot.agents.language import asked_language
    from chatbot.agents.statements import is_news
    asked = "kun je vanaf nu altijd in het Duits antwoorden?"
    assert asked_language([asked]) == "German"
    assert asked_language(["réponds-moi en allemand stp"]) == "German"
    assert is_news("ik moet oefenen voor mijn examen in juni 🇩🇪")
    assert not is_news("ik wil dat je altijd in het Duits antwoordt")
    assert not is_news("ich möchte kürzere Antworten bitte")  # a want: a request
    assert not is_news("ja bitte kürzer")  # "ja" is no "I"
    msg = f"hoi! {asked} ik moet oefenen voor mijn examen in juni 🇩🇪"
    entries = [{"part": "hoi!", "kind": "small_talk"}, {"part": asked, "kind": "question"},
               {**fact("ik moet oefenen voor mijn examen in juni 🇩🇪", "Preparing for exam in June"),
                "kind": "how_to_reply"}]
    [(_, args)] = tool_calls(entries, [], message=msg, known=msg)
    assert args["reply_preferences"] == [asked]
    assert args["facts"][0]["text"].startswith('Said: "Ik moet oefenen')


def test_a_lowercase_name_here_another_life_and_a_bot_question():
    from chatbot.agents.hypothetical import is_hypothetical
    from chatbot.agents.opening import opening
    msg = "yo. oluchi here 👋 body piercer, got my own lil studio in tønsberg"
    entries = [{"part": "oluchi here 👋", "kind": "small_talk"},
               {**fact("body piercer, got my own lil studio in tønsberg", "Pierces body"),
                "user_name": "oluchi"}]
    [(_, args)] = tool_calls(entries, [], message=msg, known=msg)
    assert "Is called Oluchi" in [f["text"] for f in args["facts"]]
    assert is_hypothetical("in another life id def be an opera singer 🎭")
    assert not is_hypothetical("in this one i do bookkeeping for a garden centre")
    asked = "its been chucking it down for 4 days lol. are u a real person or a bot btw?"
    assert opening(asked, found=False, preferences=False) == NOT_HUMAN
    assert opening("are you a fan of jazz?", found=False, preferences=False) != NOT_HUMAN


def test_a_phrase_put_right_keeps_its_tail_once_and_a_date_taken_back():
    msg = ("hmm u have one thing wrong, its not the tenor horn i play in the band, its the "
           "baritone horn!! (tenor was years ago as a kid)")
    [(_, args)] = tool_calls([fact(msg, "Plays the baritone horn")], [0], message=msg, known=msg,
                             shown={0: "Plays the tenor horn in a brass band"})
    assert args["updated_memory_text"] == "Plays the baritone horn in a brass band"
    msg = ("omg my sister henrikkes wedding is next saturday, no wait the one after that, the "
           "30th 😅 and im doing a reading at the ceremony, pls help me not panic")
    part = msg.split(" and im")[0]
    [(_, args)] = tool_calls([{"part": part, "kind": "small_talk"}], [], message=msg, known=msg,
                             day=DAY)
    assert args["facts"][0]["text"].startswith("Their sister henrikkes wedding is on the 30th")
    assert args["facts"][0]["kind"] == "event"


def test_an_adjective_alone_is_no_name_and_a_relation_takes_its_earlier_name():
    from chatbot.agents.left_out import names_only
    from chatbot.agents.owners import with_relation
    assert names_only("Gliwice") and not names_only("Diabetic")
    known = "ugh my landlord augustin just texted he wants to put the rent up by 80 quid"
    assert with_relation("Landlord is asking for a 80 quid increase", known) == (
        "Their landlord Augustin is asking for a 80 quid increase")
    assert with_relation("Sister Ana lives in Rome", "my sister Ana lives in Rome") == (
        "Sister Ana lives in Rome")
    assert with_relation("Partner is chef", "my partner Dev is a chef",
                         part="my partner Dev is a chef") == "Partner is chef"


def test_a_remark_about_someones_thing_is_no_request_but_a_format_remark_stays():
    from chatbot.agents.meant import taken_back as back
    from chatbot.agents.reply_requests import asks_nothing
    assert asks_nothing("Bandmates think theremin is not played", ["hobbies"],
                        "the theremins my bandmates thing")
    assert not asks_nothing("Prefers shorter answers", ["style"], "the shorter the better")
    assert back("Hi. Sorry Anna, I forgot") is None  # "Hi" is no word taken back


def test_never_mind_and_dont_worry_are_no_statements_of_the_user():
    msg = ("ok so about me: 40, i teach pottery, never mind the weather, dont worry about the "
           "deadline")
    [(_, args)] = tool_calls([fact(msg, "Teaches pottery")], [], message=msg, known=msg)
    texts = [f["text"] for f in args["facts"]]
    assert not any("mind" in t.lower() or "worry" in t.lower() for t in texts)
