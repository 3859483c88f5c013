"""The memory agent's sorted parts read by code (chatbot.agents.part_calls) and the reply's
checks, on what the sealed37 held-back split found (session 42): a word the message itself
takes back, a new job after a quit one, a fact filed as small talk, a relative clause kept
as the user's, a date code could not read, an activity the question named, a name said after
a greeting, and a reply that denied being a bot."""

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
