"""A reply that copies an earlier one is stopped before it is shown and asked for again."""

import pytest

from chatbot.agents.copies import (
    HOLD_CHARS,
    CopyGuard,
    RepeatedReply,
    ask_without_copies,
    copied_opening,
    is_copy,
    not_again,
    without_copied,
    without_copied_sentences,
    without_echo,
    without_repeated_ending,
)
from chatbot.session import ChatSession

from scripted import ScriptedLlama, chat_reply, scripted_local_lm

EARLIER = ("You could visit the old town, take the cable car up the hill and finish with dinner "
           "by the harbour.")


def _feed(guard: CopyGuard, text: str, piece: int = 4) -> None:
    for i in range(0, len(text), piece):
        guard.feed(text[i:i + piece])


def test_a_new_reply_passes_through_once_it_differs():
    shown: list[str] = []
    guard = CopyGuard(shown.append, [EARLIER])
    _feed(guard, "You could also rent a bike for the coast road.")
    guard.close()
    assert "".join(shown) == "You could also rent a bike for the coast road."
    # Held only while it read like the earlier reply: "You could " is shared, "also" is not.
    assert shown[0].startswith("You could")


def test_a_copy_is_stopped_before_anything_is_shown():
    shown: list[str] = []
    guard = CopyGuard(shown.append, ["A different earlier reply.", EARLIER])
    with pytest.raises(RepeatedReply) as raised:
        _feed(guard, EARLIER)
    assert raised.value.earlier == EARLIER and shown == []
    assert len(EARLIER) > HOLD_CHARS


def test_an_opening_that_repeats_the_message_is_dropped():
    assert without_echo("One more idea: a lentil soup.", "One more idea?") == "A lentil soup."
    assert without_echo("Something different, please. Try a risotto.",
                        "Something different, please.") == "Try a risotto."
    # Not the message from its start, or nothing but the message: unchanged.
    assert without_echo("Suggest a vegan dinner? Sure: tofu.", "Suggest a dinner idea.") == (
        "Suggest a vegan dinner? Sure: tofu.")
    assert without_echo("One more idea?", "One more idea?") == "One more idea?"
    # A lead-in on either side does not hide the echo.
    assert without_echo("I moved to Porto last month. Noted, Porto it is!",
                        "Correction: I moved to Porto last month.") == "Noted, Porto it is!"
    assert without_echo("Hallo! Wiebke, ich arbeite als Goldschmiedin in Freiburg und habe ein "
                        "Pferd namens Sturmi. Schön!", "Hallo! Ich bin Wiebke, ich arbeite als "
                        "Goldschmiedin in Freiburg und habe ein Pferd namens Sturmi.") == "Schön!"
    # Words of the reply's own inside the message's make a restatement: kept whole (it was cut
    # to "June. Is there ...").
    restated = ("I'm glad you're renting a studio in Porto until the end of June. Is there "
                "anything else I can help you with?")
    assert without_echo(restated, "I'm renting a studio in Porto until the end of June.") == (
        restated)
    # A reply that takes up a few of the message's words is not an echo.
    assert without_echo("Porto is lovely in spring. Enjoy the move!",
                        "Correction: I moved to Porto last month.") == (
        "Porto is lovely in spring. Enjoy the move!")


def test_a_sentence_that_copies_the_message_goes_wherever_it_is():
    message = ("A few things about me: I'm a glassblower, I keep two ferrets, and I've started "
               "learning Welsh.")
    reply = ("I'm glad to know about your hobbies! I'm a glassblower, keep two ferrets, and "
             "I've started learning Welsh.")
    assert without_copied_sentences(reply, message) == "I'm glad to know about your hobbies!"
    # Said in the third person it is a restatement (the next turn's "she" may need it): kept.
    said = "Thabo moved in last week, and Rosalind is staying with us. Welcome!"
    assert without_copied_sentences(said, "My flatmate Thabo moved in last week, and my aunt "
                                          "Rosalind is staying with us.") == said
    # Said back to the user, or with a word of the reply's own, it is not a copy: kept.
    said = "Your car is a Honda Civic, not a Toyota. Noted!"
    assert without_copied_sentences(said, "My car is a Honda Civic, not a Toyota.") == said
    answer = "Florian has your van until 22 March. You should have it back by now."
    assert without_copied_sentences(
        answer, "Is Florian still borrowing my van, or should I have it back by now?") == answer
    # Short sentences, a reply that is nothing else, and lists are left as they are.
    assert without_copied_sentences("Yes, please. Done.", "Yes, please.") == "Yes, please. Done."
    assert without_copied_sentences(message, message) == message
    listed = "- I keep two ferrets\n- Ferrets need space"
    assert without_copied_sentences(listed, "I keep two ferrets and a cat.") == listed


def test_the_session_drops_the_users_facts_said_back_as_its_own(store):
    llama = ScriptedLlama([chat_reply("I'm glad you told me! I play the cello in an orchestra, "
                                      "and my partner Dev is a chef.", False)])
    with ChatSession("dev", store, scripted_local_lm(llama), background=False) as s:
        reply = s.turn("I play the cello in an orchestra, and my partner Dev is a chef.")
    assert reply.response == "I'm glad you told me!"
    assert s.transcript[-1]["content"] == "I'm glad you told me!"


def test_a_copy_a_few_words_in_after_an_echo_is_stopped():
    shown: list[str] = []
    guard = CopyGuard(shown.append, [EARLIER], "Any other plan?")
    with pytest.raises(RepeatedReply):
        _feed(guard, "Any other plan? Well, " + EARLIER[0].lower() + EARLIER[1:])
    assert shown == []
    fresh = CopyGuard(shown.append, [EARLIER], "Any other plan?")
    _feed(fresh, "Any other plan? Rent a bike and ride along the coast to the lighthouse, "
                 "then swim.")
    fresh.close()
    assert "".join(shown) == ("Rent a bike and ride along the coast to the lighthouse, "
                              "then swim.")


def test_a_short_reply_is_a_copy_only_when_whole():
    shown: list[str] = []
    guard = CopyGuard(shown.append, ["Happy to help!"])
    _feed(guard, "Happy to help! Enjoy the trip.")
    guard.close()
    assert "".join(shown) == "Happy to help! Enjoy the trip."
    again = CopyGuard(shown.append, ["Happy to help!"])
    _feed(again, "Happy to  help!")
    with pytest.raises(RepeatedReply):
        again.close()


def test_near_copies_and_the_shortened_history():
    assert is_copy(EARLIER.replace("harbour", "harbor"), [EARLIER]) == EARLIER
    assert is_copy("Try the museum instead.", [EARLIER]) is None
    turns = [{"question": "Ideas?", "response": EARLIER},
             {"question": "Thanks", "response": "You're welcome."}]
    assert without_copied(turns, EARLIER) == turns[1:]


def test_the_session_asks_again_without_showing_the_copy(store):
    second = "Rent a bike and ride the coast road to the lighthouse."
    llama = ScriptedLlama([chat_reply(EARLIER, False), chat_reply(EARLIER, False),
                           chat_reply(second, False)])
    pieces: list[str] = []
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        s.turn("What should I do in the city?")
        reply = s.turn("What else could I do there?", on_token=pieces.append)
    assert reply.response == second and "".join(pieces) == second
    assert s.stats["repeated_replies"] == 1 and len(llama.calls) == 3
    # The retry is told what it copied, and samples instead of decoding greedily.
    retry = " ".join(str(m["content"]) for m in llama.calls[2][0])
    assert f'You already replied "{EARLIER}". Say something new.' in retry
    assert llama.calls[2][1]["temperature"] > 0 and llama.calls[1][1]["temperature"] == 0


def test_a_second_copy_is_asked_for_once_more_without_history(store):
    second = "Rent a bike and ride the coast road to the lighthouse, then swim at the cove."
    llama = ScriptedLlama([chat_reply(EARLIER, False), chat_reply(second, False),
                           chat_reply(EARLIER, False), chat_reply(second, False),
                           chat_reply("Take the ferry to the islands for the day.", False)])
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        s.turn("What should I do in the city?")
        s.turn("What else?")
        reply = s.turn("And another idea?")
    assert reply.response == "Take the ferry to the islands for the day."
    assert s.stats["repeated_replies"] == 2
    last = llama.calls[-1][0]
    assert not any("What else?" in str(m["content"]) for m in last)


def test_a_long_echo_after_a_lead_in_is_held_and_cut_before_anything_is_shown():
    message = ("Correction: I moved to Porto last month with my partner and our two cats, "
               "and I now work remotely for a bank in Lisbon.")
    shown: list[str] = []
    guard = CopyGuard(shown.append, [], message)
    _feed(guard, message.split(": ", 1)[1] + " Good luck settling in!")
    guard.close()
    assert "".join(shown) == "Good luck settling in!"


CLOSING = "Is there anything else I can help you with?"


def test_a_closing_sentence_an_earlier_reply_said_goes():
    earlier = [f"I'm glad your sister is Ana. {CLOSING}"]
    assert without_repeated_ending(f"Your sister lives in Rome. {CLOSING}", earlier) == \
        "Your sister lives in Rome."
    # Every repeated closing sentence goes, the first sentence never; a new closing stays.
    assert without_repeated_ending(f"Noted! I'm glad your sister is Ana. {CLOSING}",
                                   earlier) == "Noted!"
    assert without_repeated_ending(CLOSING, earlier) == CLOSING
    assert without_repeated_ending("Rome is lovely. Have you been?", earlier) == \
        "Rome is lovely. Have you been?"
    # A list's last line is an item, not a closing.
    listed = f"- Visit the Forum.\n- See the Pantheon. {CLOSING}"
    assert without_repeated_ending(listed, earlier) == listed


def test_the_session_drops_a_closing_it_said_before(store):
    # (Replies long enough that the closing is past the copy guard's first HOLD_CHARS.)
    other = "Take the ferry out to the islands for a day of beaches, fish restaurants and walks."
    llama = ScriptedLlama([chat_reply(f"{EARLIER} {CLOSING}", False),
                           chat_reply(f"{other} {CLOSING}", False)])
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        first = s.turn("What should I do in the city?")
        second = s.turn("What else could I do there?")
    assert first.response == f"{EARLIER} {CLOSING}"
    assert second.response == other and s.transcript[-1]["content"] == other


def test_a_short_reply_that_closes_as_an_earlier_one_is_not_a_copy():
    earlier = [f"I'm glad you mentioned your sister. {CLOSING}"]
    assert copied_opening(f"Thanks for sharing that. {CLOSING}", earlier) is None
    # A reply that copies what an earlier one said is still one, closing or not.
    said = f"{EARLIER} {CLOSING}"
    assert copied_opening(f"Sure! {EARLIER}", [said]) == said
    assert copied_opening(f"Sure! {EARLIER}", [f"Hi! {EARLIER}"]) == f"Hi! {EARLIER}"


def test_a_short_reply_that_is_the_start_of_an_earlier_one_is_a_copy():
    # Asked for a different name, the model wrote the first sentence of its last reply again.
    earlier = ['Sure, how about "Kettle & Crumb"? It is short and easy to remember.']
    assert copied_opening('Sure, how about "Kettle & Crumb"?', earlier) == earlier[0]
    assert copied_opening("Sure, how about", earlier) is None  # too short to be a copy
    assert copied_opening('Sure, how about "Crumb Club"?', earlier) is None
    # The whole of a short reply before its closing sentence, said again, is a copy too.
    again = 'Sure, how about "Kettle & Crumb"? It is a fun name that suits a small cafe.'
    assert copied_opening(again, [again]) == again
    # A suggestion in quotes made again, anywhere in the opening, is a copy; one the user
    # names is not.
    assert copied_opening('I suggest "Kettle & Crumb" as a name for your cafe, a fun one.',
                          earlier) == earlier[0]
    assert copied_opening('Good choice! "Kettle & Crumb" would look great on a sign.',
                          earlier, 'I love "Kettle & Crumb", what logo?') is None
    assert not_again("Another?", earlier) == (
        'Another?\n\n(You already suggested "Kettle & Crumb". Suggest something else.)')
    noted = "Got it, I'll remember that. Is there anything else I can help you with?"
    assert copied_opening(noted, [noted]) is None  # a confirmation may recur


def test_the_retries_are_told_what_was_copied():
    first = 'Sure, how about "Kettle & Crumb"? It is short and easy to remember.'
    asked: list[tuple[int, str]] = []

    def ask(turns, watch, said):
        asked.append((len(turns), not_again("Another one?", said)))
        if len(asked) < 3:
            raise RepeatedReply(first)
        return "done"

    turns = [{"question": "Name my cafe?", "response": first}]
    assert ask_without_copies(ask, turns, [first], lambda: None) == "done"
    assert asked[0] == (1, "Another one?")
    # Told what it suggested, with the history; then without the copied turn too.
    assert asked[1][0] == 1 and 'already suggested "Kettle & Crumb"' in asked[1][1]
    assert asked[2][0] == 0 and "Suggest something else" in asked[2][1]


def test_a_found_memorys_note_copied_into_the_reply_is_left_out():
    from chatbot.agents.reply_call import finished
    from chatbot.agents.reply_style import PLAIN
    reply = ('Me dijiste: "Trabajo como guía de montaña en Huaraz." (noted 2024-03-15). '
             "¡Qué bien!")
    assert finished(reply, "¿Qué hago?", [], PLAIN) == (
        'Me dijiste: "Trabajo como guía de montaña en Huaraz." ¡Qué bien!')
    assert finished('Tu m\'as dit : "Je suis ébéniste." (noté 2024-03-15) Voilà.', "Et ?", [],
                    PLAIN) == 'Tu m\'as dit : "Je suis ébéniste." Voilà.'
    kept = "Your lease runs out in May (from what you said)."
    assert finished(kept, "When does my lease end?", [], PLAIN) == kept


def test_a_sentence_copied_from_a_message_typed_without_apostrophes_is_dropped():
    # "im" in the message is the reply's "I'm": the user's introduction said back as the
    # assistant's own (sealed18).
    message = ("hey im bartek, i work as a court reporter in timisoara. oh and i keep a "
               "giant african millipede as a pet")
    reply = "Hello! I'm Bartek, a court reporter in Timisoara. How can I help you today?"
    assert without_copied_sentences(reply, message) == "Hello! How can I help you today?"


def test_a_sentence_that_quotes_the_instructions_is_dropped():
    from chatbot.agents.copies import without_instructions
    from chatbot.agents.prompts import load_prompt
    reply = ("You run an empanada stall on Sundays. I remember that you are a friendly, concise "
             "assistant who remembers the user across conversations.")
    assert without_instructions(reply, load_prompt("response_agent")) == (
        "You run an empanada stall on Sundays.")
    # Nothing else left: kept as it is.
    alone = "I am a friendly, concise assistant who remembers the user across conversations."
    assert without_instructions(alone, load_prompt("response_agent")) == alone


def test_a_sentence_offering_what_a_found_memory_rules_out_is_dropped():
    from chatbot.agents.limits import limited_things
    from chatbot.agents.reply_call import finished
    from chatbot.agents.reply_style import PLAIN
    found = ["Their partner Gwenllian is allergic to papaya", "Lives in Aberaeron"]
    reply = ("You told me your partner Gwenllian is allergic to papaya. I suggest buying "
             "papayas for a tropical platter. Would you like a shopping list?")
    assert finished(reply, "Which fruits should I buy?", [], PLAIN, found) == (
        "You told me your partner Gwenllian is allergic to papaya. Would you like a shopping "
        "list?")
    # A sentence that keeps away from it stays; without the memory, so does the offer.
    kept = "Go for mango and pineapple, and skip the papaya."
    assert finished(kept, "Which fruits?", [], PLAIN, found) == kept
    assert finished(reply, "Which fruits?", [], PLAIN) == reply
    assert limited_things(["Is allergic to shellfish and peanuts",
                           "Doesn't eat okra and is training for a race",
                           "Doesn't eat meat since 2019"]) == {
        "shellfish", "peanuts", "okra", "meat"}


def test_a_list_item_offering_what_the_message_rules_out_is_dropped():
    from chatbot.agents.reply_call import finished
    from chatbot.agents.reply_style import PLAIN
    message = "cant eat avocado, im allergic lol. whats a quick lunch?"
    reply = ("Sure! Try a salad with grilled chicken, a smoothie bowl with berries, or a "
             "sandwich with turkey and avocado. Enjoy your lunch!")
    # the message's own limit counts, and only the item that offers it goes
    assert finished(reply, message, [], PLAIN) == (
        "Sure! Try a salad with grilled chicken, or a smoothie bowl with berries. Enjoy your "
        "lunch!")
    # a list led by what is ruled out goes whole
    led = "Try an avocado toast, a salad, or a wrap. Enjoy!"
    assert finished(led, message, [], PLAIN) == "Enjoy!"


def test_a_sentence_that_says_the_limit_then_offers_the_thing_is_dropped():
    from chatbot.agents.limits import within_limits
    found = ["Allergic to cinnamon"]
    # sealed27: the allergy said back kept the sentence that offered cinnamon anyway
    reply = ("Since you mentioned that you are allergic to cinnamon, you might consider baking "
             "a cinnamon roll or a cinnamon cake. Lemon bars are easy too.")
    assert within_limits(reply, found) == "Lemon bars are easy too."
    for kept in ("Since you are allergic to cinnamon, avoid cinnamon rolls and bake lemon bars.",
                 "Since you are allergic to cinnamon, try lemon bars."):
        assert within_limits(kept, found) == kept


def test_a_retry_after_a_copy_is_not_begun_since_you(store):
    # sealed26: "ok and something under 15 euros?" was begun "Since you" on every retry and
    # restated the last reply's gift word for word
    from scripted import CHATML
    store.add("ines", "Son Barnabas is obsessed with Rubik's cubes", ["family"])
    gift = ("Since you mentioned Barnabas is obsessed with Rubik's cubes, a speed cube set "
            "would make a great present for his birthday.")
    cheaper = "A pocket puzzle cube keyring costs under 15 euros."
    llama = ScriptedLlama([chat_reply(gift, False), chat_reply(gift, False),
                           chat_reply(cheaper, False)], template=CHATML)
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        s.turn("any birthday gift ideas for a kid who loves rubiks cubes?")
        reply = s.turn("ok and something under 15 euros?")
    prompts = [c[0][0]["prompt"] for c in llama.calls if "prompt" in c[0][0]]
    replies = [p for p in prompts if "[[ ## response ## ]]" in p[-120:]]
    assert [p.endswith("Since you") for p in replies] == [True, True, False]
    assert reply.response == cheaper and s.stats["repeated_replies"] == 1


def test_a_first_person_sentence_that_is_mostly_a_long_run_of_the_message_goes():
    from chatbot.agents.copies import without_copied_sentences
    message = ("can you forget everything about Severin please. we fell out badly and i'd "
               "rather he wasn't in your memory at all")
    reply = ("I'll forget about Severin. I'm glad we fell out badly and I'd rather he wasn't "
             "in your memory at all. Take care.")
    # sealed28
    assert without_copied_sentences(reply, message) == "I'll forget about Severin. Take care."
    # a short run of the message is the assistant's own answer
    own = "I'll forget about Severin, and I'm sorry you fell out."
    assert without_copied_sentences(own, message) == own


def test_a_new_fact_another_of_the_same_call_says_in_full_is_not_added():
    from chatbot.agents.restated import without_restated_facts

    def facts(*texts: str) -> list[dict]:
        return [{"text": t, "categories": [], "kind": "fact"} for t in texts]
    # sealed31: both were added
    assert without_restated_facts(facts(
        "Got their first emperor scorpion named Gorka today", "Emperor scorpion named Gorka")) == (
        facts("Got their first emperor scorpion named Gorka today"))
    assert without_restated_facts(facts("Plays the oboe", "Plays the oboe.")) == facts(
        "Plays the oboe.")
    # another day, a denial, or a fact of its own stays
    for kept in (facts("Meets Anna on Monday", "Meets Anna on Tuesday"),
                 facts("Eats meat", "Doesn't eat meat"),
                 facts("Has a dog called Rex", "Lives in Leeds")):
        assert without_restated_facts(kept) == kept
