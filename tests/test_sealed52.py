"""What session 46 found reading sealed52 whole (its failures and the cases that passed).

A formal introduction whose aside and "I" clause fall at one place (the split crashed and
nothing was stored), a condition said the formal way round ("were I ever granted ..."), a
lead-in with an adverb and an aside; questions typed without their marks (stored as facts,
and of two only one answered); "wat do u know about me"; a word of a memory said in passing
taken for its correction, "the French horn" cut to "horn", "I play" kept as "Played"; a
request for fewer sentences and no lists kept as nothing; "for a week on Friday" read as this
week; weather and tiredness kept beside a copied memory; a name between commas cut off; "already
twelve years" kept as an age; an ended fact told back as written and before the new one. The
secrets (a bike lock's number, a wallet's recovery words, a password named only "the new
one") are in the secrets corpus."""

from __future__ import annotations

from datetime import date

from chatbot.agents.hypothetical import is_hypothetical
from chatbot.agents.left_out import unsaid_age
from chatbot.agents.memory_form import with_their_verb
from chatbot.agents.opening import opening
from chatbot.agents.owners import whose_clause
from chatbot.agents.part_calls import tool_calls
from chatbot.agents.parts import TELLING, split_parts
from chatbot.agents.pieces import appositive_joined
from chatbot.agents.questions import asks_unmarked
from chatbot.agents.reply_style import style_of
from chatbot.agents.wording import second_person
from chatbot.memory.timeparse import find_span

from scripted import fact

FORMAL = ("I should perhaps say, by way of introduction, that I am a lecturer in palaeography "
          "at Durham; were I ever granted a sabbatical (which seems, on present evidence, "
          "unlikely), I would spend it cataloguing manuscripts in Yerevan. I also keep, "
          "somewhat improbably, a small colony of leaf insects in my study.")


def test_an_aside_and_a_clause_cut_at_one_place_split_without_error():
    parts = split_parts(FORMAL)
    assert parts[0].endswith("lecturer in palaeography at Durham")
    assert parts[-1].startswith("I also keep")
    assert any("Yerevan" in p and "were I ever" in p for p in parts)  # one hypothetical part


def test_a_condition_said_the_formal_way_round_is_hypothetical():
    assert is_hypothetical("were I ever granted a sabbatical, I would spend it in Yerevan")
    assert is_hypothetical("Had I known, I would have come")
    assert not is_hypothetical("We had a dog and I would walk him daily")
    assert not is_hypothetical("My mum and I were here, we had a party and could dance")


def test_a_lead_in_with_an_adverb_and_an_aside_is_no_fact():
    assert TELLING.sub("", "I should perhaps say, by way of introduction, that I am a "
                           "lecturer") == "I am a lecturer"
    assert TELLING.sub("", "I should mention that I am vegan") == "I am vegan"


DAY = date(2024, 3, 15)


def test_a_question_typed_without_its_mark_keeps_nothing():
    message = ("quick qs. whats my ponys name again. and is it fergus at work whos vegan or am "
               "i thinking of someone else")
    parts = split_parts(message)
    calls = tool_calls([{"part": parts[0], "kind": "small_talk"},
                        fact(parts[1], "Their ponys name again"),
                        fact(parts[2], "Colleague Fergus is vegan")], [0, 1], message=message,
                       known=message, shown={0: "Has a Shetland pony called Tattie",
                                             1: "Colleague Fergus is vegan"}, parts=parts)
    assert calls == [("noop", {})]
    assert asks_unmarked("where do i live now")
    assert not asks_unmarked("did my first 10k today")  # its "I" left out: news
    assert not asks_unmarked("What I love is baking")


def test_each_question_of_a_message_is_begun_with_what_was_told():
    current = ["You live in Scalloway", "Your colleague Fergus is vegan",
               "You have a Shetland pony called Tattie"]
    begun = opening("quick qs. whats my ponys name again. and is it fergus at work whos vegan "
                    "or am i thinking of someone else", found=True, preferences=False,
                    current=current)
    assert "Tattie" in begun and "Fergus" in begun


def test_chat_spellings_of_what_and_about_ask_what_is_known():
    begun = opening("wat do u actually know about me then", found=True, preferences=False,
                    current=["You are a dairy farmer near Llanidloes"])
    assert begun.startswith("Here's what I know about you") and "Llanidloes" in begun


def test_a_word_of_a_memory_said_in_passing_corrects_nothing():
    shown = {0: "Plays piccolo", 1: "Joined the Saltaire wind band"}
    part = ("the piccolo is my brother Aled's instrument, and he's the one who talked me into "
            "joining.")
    calls = tool_calls([fact(part, "Piccolo is Aled's instrument", replaces=1)], [0, 1],
                       message=part, known=part, shown=shown, parts=[part],
                       reviews=[{"memory": shown[0], "now": "unchanged"},
                                {"memory": shown[1], "now": "unchanged"}])
    assert calls == [("add_memory", {"facts": [
        {"text": "Piccolo is their brother Aled's instrument", "categories": ["misc"],
         "kind": "fact"}], "reply_preferences": []})]


def test_a_correction_keeps_the_new_values_words_and_the_verb_said_now():
    assert with_their_verb("Played piccolo", "I play the piccolo, which is hard") == \
        "Plays piccolo"
    assert with_their_verb("Played football", "I played football as a kid") == "Played football"
    part = "I was tired and muddled: I play the French horn, not the piccolo"
    calls = tool_calls([{"part": part, "kind": "small_talk"}], [0], message=part, known=part,
                       shown={0: "Plays piccolo"}, parts=[part])
    assert calls[0][1]["updated_memory_text"] == "Plays French horn"


def test_a_request_for_fewer_sentences_and_no_lists_is_kept_and_applied():
    stop = "Please stop giving me those long lists with dots and headings."
    want = "I want two or three plain sentences, that's all, every time I ask you something."
    assert style_of([stop]).bullets is False and style_of([want]).sentences == 3
    calls = tool_calls([fact(stop, "Understands", kind="how_to_reply"),
                        fact(want, "Understands", kind="how_to_reply")], [],
                       message=f"{stop} {want}", known=f"{stop} {want}", parts=[stop, want])
    kept = calls[0][1]["reply_preferences"]
    assert len(kept) == 2 and style_of(kept) == style_of([stop, want])


def test_a_week_on_a_weekday_after_for_is_that_day():
    span = find_span("Septic tank lorry booked for a week on Friday", DAY)
    assert (span.start, span.end) == (date(2024, 3, 29), date(2024, 3, 29))
    assert find_span("staying for a week", DAY).end == date(2024, 3, 21)


def test_weather_and_tiredness_beside_a_copied_memory_keep_nothing():
    part = "It's absolutely chucking it down here and I'm knackered."
    calls = tool_calls([fact(part, "Lives in Hexham")], [0], message=part, known=part,
                       shown={0: "Lives in Hexham"}, parts=[part])
    assert calls == [("noop", {})]


def test_a_name_between_commas_stays_with_what_it_names():
    part = "HAHA my neighbour's African grey, Brigadier, has learned to do the microwave beep!!!"
    calls = tool_calls([{"part": part, "kind": "small_talk"}], [], message=part, known=part,
                       parts=[part])
    assert "Brigadier has learned" in calls[0][1]["facts"][0]["text"]
    assert appositive_joined("I went to Paris, London, and Rome") == \
        "I went to Paris, London, and Rome"


def test_years_said_as_how_long_are_no_age():
    part = ("I must correct the one thing in your memory: I am not the trolleybus driver, I am "
            "the mechanic in trolleybus depot, already twelve years.")
    calls = tool_calls([fact(part, "Works as a mechanic in the trolleybus depot",
                             "Is twelve years old")], [0], message=part, known=part,
                       shown={0: "Works as a trolleybus driver in Riga"}, parts=[part])
    assert "twelve years old" not in str(calls)
    assert not unsaid_age("Is 34 years old", "I am 34 years old")
    assert not unsaid_age("Son is five years old", "my son is five")


def test_an_ended_fact_is_said_to_the_user_and_told_after_what_holds():
    assert second_person("No longer lives in York") == "You no longer live in York"
    current = [second_person(f) for f in (
        "No longer works as a cashier at a hardware shop",
        "Is going to be a keeper at the wildlife park", "Lives in Paignton")]
    begun = opening("where am I working these days?? want to see if you remember", found=True,
                    preferences=False, current=current)
    assert begun.index("keeper") < begun.index("Paignton")
    assert "cashier" not in begun.split(",")[0]


def test_a_pasted_letter_keeps_the_users_appointment_not_its_greeting():
    message = ("Just came in the post:\n\n\"Dear Ms Thistlewood,\nWe are pleased to confirm your "
               "appointment at the Dermatology Outpatient Clinic on Tuesday 9 April 2024 at "
               "14:10 with Dr Okafor.\"\n\nAlso, unrelated, my motorbike theory test is in ten "
               "days, wish me luck.")
    parts = split_parts(message)
    unsorted = "Received appointment and test date"  # the model's one memory under every part
    calls = tool_calls([fact(p, unsorted) for p in parts], [], message=message, known=message,
                       day=DAY, parts=parts)
    texts = [f["text"] for f in calls[0][1]["facts"]]
    assert not any("Dear" in t for t in texts)
    assert any(t.startswith("Their appointment at the Dermatology") for t in texts)
    assert not any(t.startswith("Received") and "ten days" in t for t in texts)


def test_a_second_verb_of_someone_named_is_theirs():
    part = "wife Carys does the books & rears the calves."
    assert whose_clause("Rears calves", part) == "Carys"
    assert whose_clause("Rears calves", "my wife Carys does the books and I rear the calves") \
        is None


def test_a_question_about_the_assistant_after_news_of_the_user_is_not_begun_since_you():
    message = ("Evening! It's absolutely chucking it down here and I'm knackered. Do you ever "
               "get fed up with people asking you stuff all day?")
    assert opening(message, found=True, preferences=False, current=["You live in Hexham"]) == ""
    assert opening("I moved to Leeds. Can you recommend a cafe near me?", found=True,
                   preferences=False, current=["You live in Leeds"]) != ""
