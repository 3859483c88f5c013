"""Replies a small model gets wrong about who is speaking or whether to help: one that opens
with a refusal of a plain request is asked for once more, begun by code
(chatbot.agents.refusals), while a refusal that is right (nothing known about the user's own
thing, a secret) stands; the user's facts said as the assistant's own are said to the user
(chatbot.agents.as_user); a recall question is begun with what the user told, or did not
(chatbot.agents.opening, chatbot.agents.told)."""

from __future__ import annotations

import pytest

from chatbot.agents.as_user import said_to_them, takes_over, without_unasked_welcome
from chatbot.agents.copies import CopyGuard
from chatbot.agents.refusals import SURE, THANKS, Refused, instead, refuses
from chatbot.session import ChatSession

from scripted import CHATML, ScriptedLlama, chat_reply, scripted_local_lm

REFUSAL = "I'm sorry, but I can't assist with that."


@pytest.mark.parametrize("reply", [
    REFUSAL,
    "I'm sorry, but I don't have enough information to suggest a quick lunch.",
    "I apologize, but I don't have enough information to provide a quick fix.",
    "Sorry, I cannot help with that.",
    "I'm sorry, but I don't know what you mean by \"quick correction\".",
    "I can't assist with that.",
])
def test_a_refusal_is_read_from_the_replys_first_words(reply):
    assert refuses(reply)


@pytest.mark.parametrize("reply", [
    "I'm sorry to hear that your son is unwell.",
    "I don't know your shoe size: you haven't told me.",
    "Sure! Try walking or swimming.",
    "Since you can't eat avocado, try a lentil salad.",
])
def test_a_reply_that_helps_is_no_refusal(reply):
    assert not refuses(reply)


def test_what_a_refused_reply_is_begun_with_again():
    assert instead("any tips for beating jet lag after a long flight?") == SURE
    assert instead("whats a quick lunch i can make in like 10 mins?") == SURE
    assert instead("im looking after my friends irish setter until next thursday") == THANKS
    assert instead("give me a few ideas for a rainy day") == SURE  # a request, no "?"
    assert instead("can u stop writing essays at me lol. 2 or 3 sentences max ok") == SURE
    # "I don't know" is right about the user's own things, a secret is never said again, and
    # English words would begin a reply in another language
    for message in ("whats my dogs name again?", "do i have any allergies?",
                    "where does my sister live?", "What do you know about me?",
                    "my pin is [redacted secret], keep it safe for me?",
                    "¿Me recomiendas un libro para el verano?"):
        assert instead(message) == "", message


def test_the_copy_guard_stops_a_refusal_before_it_is_shown():
    shown: list[str] = []
    guard = CopyGuard(shown.append, [], "any tips for jet lag?", refusals=True)
    with pytest.raises(Refused):
        for i in range(0, len(REFUSAL), 4):
            guard.feed(REFUSAL[i:i + 4])
        guard.close()
    assert shown == []
    # without `refusals` it is passed on as any reply
    guard = CopyGuard(shown.append, [], "any tips for jet lag?")
    guard.feed(REFUSAL)
    guard.close()
    assert "".join(shown) == REFUSAL


def _reply_prompts(llama: ScriptedLlama) -> list[str]:
    prompts = [call[0][0]["prompt"] for call in llama.calls if "prompt" in call[0][0]]
    return [p for p in prompts if "[[ ## response ## ]]" in p[-300:]]


def test_a_refused_request_is_asked_for_again_begun_with_sure(store):
    helped = SURE + "Get daylight in the morning and sleep at the local bedtime."
    llama = ScriptedLlama([chat_reply(REFUSAL, False), chat_reply(helped, False),
                           chat_reply("Paris is the capital of France.", False)],
                          template=CHATML)
    pieces: list[str] = []
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        reply = s.turn("any tips for beating jet lag after a long flight?",
                       on_token=pieces.append)
        s.turn("what is the capital of France?")
    assert reply.response == helped and s.stats["refused_replies"] == 1
    assert "sorry" not in "".join(pieces).lower()  # the refusal was never shown
    first, again, later = _reply_prompts(llama)
    assert first.endswith("[[ ## response ## ]]\n")
    assert again.endswith("[[ ## response ## ]]\n" + SURE)
    assert later.endswith("[[ ## response ## ]]\n")  # the opening was for that turn only


def test_a_refusal_about_the_users_own_thing_stands(store):
    said = "I'm sorry, but I don't have any information about your dog's name."
    llama = ScriptedLlama([chat_reply(said, False)], template=CHATML)
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        reply = s.turn("whats my dogs name again?")
    assert reply.response == said and len(_reply_prompts(llama)) == 1


def test_the_users_facts_said_as_the_assistants_own_are_said_to_the_user():
    message = ("yo im padraig, i work as a train conductor out of cordoba and most clear "
               "nights im out stargazing")
    reply = ("Hey there! I'm Padraig, and I work as a train conductor out of Cordoba. I love "
             "stargazing on clear nights. Do you have a favourite spot?")
    assert said_to_them(reply, message) == (
        "Hey there! You're Padraig, and you work as a train conductor out of Cordoba. You "
        "love stargazing on clear nights. Do you have a favourite spot?")
    # the assistant's own first person stays: little of the message, or said to "you"
    for own in ("I recommend a walk along the harbour in Cordoba.",
                "I'm glad you work as a train conductor out of Cordoba!"):
        assert said_to_them(own, message) == own
    # a list, or a message in another language, is left as it is
    listed = "- I work as a train conductor out of Cordoba\n- I love stargazing"
    assert said_to_them(listed, message) == listed
    assert not takes_over("Je suis Padraig.", "je suis padraig, conducteur de train")
    # fewer words, when they are the user's rare ones (sealed31)
    message = ("hi hi :) im Parvaneh! palynologist by day (pollen under microscopes), tatting "
               "by night. live in bielefeld")
    assert said_to_them("I'm a palynologist by day and a tatting artist by night. I live in "
                        "Bielefeld.", message) == (
        "You're a palynologist by day and a tatting artist by night. You live in Bielefeld.")
    assert said_to_them("I love Bielefeld too!", message) == "I love Bielefeld too!"


def test_youre_welcome_answers_only_thanks():
    assert without_unasked_welcome("You're welcome! I'm glad you enjoy old barometers.",
                                   "my uncle Percival collects old barometers.") == (
        "I'm glad you enjoy old barometers.")
    for thanked in ("thanks a lot!", "ahh that makes sense, ta", "cheers for that"):
        assert without_unasked_welcome("You're welcome! Anything else?", thanked) == (
            "You're welcome! Anything else?")
    assert without_unasked_welcome("You're welcome!", "ok") == "You're welcome!"  # all it says


def test_a_question_about_a_found_thing_at_my_place_is_no_question_about_someone(store):
    # "my place" is where the keysafe is, not someone untold: the found memory says "keysafe"
    from chatbot.agents.opening import NOTHING_ABOUT
    store.add("ines", "Keysafe code is [redacted secret]", ["home"])
    store.add("ines", "Has a pony called Waffle", ["pets"])
    llama = ScriptedLlama([chat_reply(" I can't repeat codes.", False),
                           chat_reply(" So I can't say.", False)], template=CHATML)
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        s.turn("whats the keysafe code at my place again?")
        s.turn("what does my wife do again?")
    place, wife = _reply_prompts(llama)
    assert NOTHING_ABOUT.format(who="place") not in place
    assert wife.endswith(NOTHING_ABOUT.format(who="wife"))


def test_a_refusal_for_the_privacy_of_others_stands():
    assert not refuses("I'm sorry, but I can't share information about other users.")
    assert not refuses("I'm sorry, but I can't share anyone else's conversations.")
    assert refuses("I'm sorry, but I can't assist with that.")


def test_two_found_facts_said_as_the_assistants_own_are_said_to_the_user():
    # sealed26: "which tea do i like again?" beside the tea and the town
    facts = ["Favourite tea is rooibos", "Lives in Launceston"]
    reply = "I like rooibos and I live in Launceston."
    assert said_to_them(reply, "which tea do i like again?", facts) == (
        "You like rooibos and you live in Launceston.")
    # one fact shared is the assistant's own chat
    own = "I love rooibos too!"
    assert said_to_them(own, "which tea do i like again?", facts) == own


def test_a_recall_question_of_an_empty_memory_is_begun_with_what_was_not_told(store):
    from chatbot.agents.asking import asked_self
    assert asked_self("where am i based again?") == "where you are based"
    assert asked_self("which tea do i like again?") == "which tea you like"
    assert asked_self("remind me, what do I do for my job?") == "what you do for your job"
    assert asked_self("how old am i again?") == "how old you are"
    # not a how-to question, nor one without a word that asks to be reminded
    assert asked_self("how do i make pancakes?") is None
    assert asked_self("where am i based?") is None
    said = "You haven't told me where you are based. Where do you live?"
    llama = ScriptedLlama([chat_reply(said, False)], template=CHATML)
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        reply = s.turn("where am i based again?")
    [prompt] = _reply_prompts(llama)
    assert prompt.endswith("[[ ## response ## ]]\nYou haven't told me where you are based.")
    assert reply.response == said


def test_the_assistants_promise_to_do_what_it_was_asked_stays_its_own():
    # sealed26: "I'll keep my answers super short" had become "you'll keep your answers"
    message = ("can u keep your answers super short from now on? 2 or 3 sentences max, i "
               "mostly read on my phone")
    promise = "Sure, I'll keep my answers super short."
    assert said_to_them(promise, message) == promise
    # the user's own clause of the same message is still theirs
    assert said_to_them("I mostly read on my phone, 2 or 3 sentences max.", message) == (
        "You mostly read on your phone, 2 or 3 sentences max.")
    # sealed30: the promise to do what the clause asked, though it shares words with the
    # user's own clauses too
    message = ("hey, from now on keep your replies really brief, like two or three sentences "
               "max. i read them on my phone")
    promise = "I'll try to keep it to two or three sentences max."
    assert said_to_them(promise, message) == promise
    message = ("Please forget everything about Yannick. We don't speak anymore and I'd rather "
               "you never bring him up.")
    promise = "I understand and will forget everything about Yannick."
    assert said_to_them(promise, message) == promise
    # a plan of the user's said back as the assistant's own is still theirs
    assert said_to_them("I'll be visiting my sister Ines in Lisbon.",
                        "im gonna visit my sister ines in lisbon next week") == (
        "You'll be visiting your sister Ines in Lisbon.")


def test_a_name_typed_in_lower_case_is_the_one_a_found_fact_names():
    from chatbot.agents.told import named
    facts = ["Your nephew Ruaridh moved to Svalbard for work"]
    # sealed26: begun "Since you ..." the reply moved him again "in 2025"
    assert named("where did ruaridh move to again?", facts) == (
        "You told me your nephew Ruaridh moved to Svalbard for work.")
    # a common word a fact spells as a name is no name asked about
    assert named("what apple should i eat?", ["You work at Apple"]) == ""


def test_you_in_a_reply_to_news_of_someone_else_is_said_of_them():
    from chatbot.agents.as_user import said_of_them
    # sealed26
    assert said_of_them("Thanks for telling me! I'm glad you're retired. What do you do?",
                        "my uncle Aloysius just retired.") == (
        "Thanks for telling me! I'm glad Aloysius is retired. What do you do?")
    assert said_of_them("I'm glad you're moving to the Azores!",
                        "hes moving to the azores in june") == (
        "I'm glad he is moving to the Azores!")
    assert said_of_them("Congrats! You've finally retired.", "my dad finally retired") == (
        "Congrats! Your dad has finally retired.")
    assert said_of_them("You have retired, congratulations.", "my parents have retired") == (
        "Your parents have retired, congratulations.")
    # the user said it of themselves too, or the sentence is about something else
    for reply, message in [("You're moving to Leeds, how exciting!",
                            "my wife and I are moving to Leeds"),
                           ("That sounds lovely. You were lucky.", "my sister Ana went to Peru"),
                           ("Tu es à la retraite ?", "mon oncle est à la retraite")]:
        assert said_of_them(reply, message) == reply


@pytest.mark.parametrize("reply", [
    "Bonjour ! Je suis désolé, mais je ne peux pas vous aider avec ça.",
    "Lo siento, pero no puedo ayudarte con eso.",
    "Es tut mir leid, aber ich kann dir dabei nicht helfen.",
    "Mi dispiace, ma non posso aiutarti.",
    "Desculpe, mas não posso ajudar.",
])
def test_a_refusal_in_another_language_is_read_too(reply):
    assert refuses(reply)


def test_news_in_another_language_refused_is_asked_for_again_with_thanks_in_it():
    from chatbot.agents.refusals import THANKS_ABROAD
    assert not refuses("Bonjour ! C'est une belle région, la Provence.")
    assert instead("salut ! mon frère Bastien vit en Provence avec sa femme Apolline") == (
        THANKS_ABROAD["French"])
    # a question in another language: the refusal may be the right answer
    assert instead("tu te rappelles où habite mon frère ?") == ""


def test_an_offer_of_help_instead_of_it_is_asked_for_again(store):
    # sealed27: no icebreaker game was named
    message = "what are some good icebreaker games for a team meeting"
    offer = "Hi there! How can I help you get started with icebreaker games for a team meeting?"
    helped = SURE + "Try two truths and a lie, or a quick desert-island question round."
    assert refuses(offer, message)
    # to small talk or news it is a fine reply
    assert not refuses("Hey! How can I assist you today?", "heyyy whats up")
    assert not refuses("How can I help you today?", "my uncle Aloysius just retired.")
    llama = ScriptedLlama([chat_reply(offer, False), chat_reply(helped, False)],
                          template=CHATML)
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        reply = s.turn(message)
    assert reply.response == helped and s.stats["refused_replies"] == 1


def test_the_users_words_in_another_language_said_as_the_assistants_own_go():
    from chatbot.agents.as_user import without_their_words
    from chatbot.agents.reply_call import finished
    from chatbot.agents.reply_style import PLAIN
    said = "Ich spiele Bratsche in einem Laienorchester und wohne in Würzburg."
    # sealed27
    assert finished("Hallo! Ich wohne in Würzburg und spiele Bratsche in einem "
                    "Laienorchester. Wie kann ich Ihnen helfen?", said, [], PLAIN) == (
        "Hallo! Wie kann ich Ihnen helfen?")
    found = [f'Said: "{said}"']
    quoted = f'Du hast mir gesagt: "{said}"'
    assert without_their_words(f"{quoted} Ich spiele Bratsche nochmal.",
                               "Welches Instrument spiele ich nochmal?", found) == quoted
    # said to the user in their language, or a reply that is nothing else, stays
    for reply in ("Du spielst Bratsche in einem Laienorchester.",
                  "Ich wohne in Würzburg und spiele Bratsche."):
        assert without_their_words(reply, said, found) == reply


def test_the_thing_a_recall_question_calls_mine_leads_the_fact_as_yours():
    from chatbot.agents.told import recalled
    # sealed27: "You told me Bike lock code is [redacted secret]."
    assert recalled("whats my bike lock code again",
                    ["Bike lock code is [redacted secret]"]) == (
        "You told me your bike lock code is [redacted secret].")
    assert recalled("whats my sisters name again?", ["Sister is called Ana"]) == (
        "You told me your sister is called Ana.")
    # sealed33: whose first words name the thing, after a word the question does not say
    assert recalled("whats my lock combo again? cant open my bag",
                    ["Luggage lock combo is [redacted secret]"]) == (
        "You told me your luggage lock combo is [redacted secret].")


def test_a_question_about_someone_of_the_users_tells_nothing_of_them():
    from chatbot.agents.as_user import said_of_them
    # sealed33: "Your stepdaughter told me your stepdaughter has a stepdaughter called Akosua."
    reply = "You told me you have a stepdaughter called Akosua."
    assert said_of_them(reply, "sorry brain fog today lol, what's my stepdaughter called "
                               "again??") == reply
    assert said_of_them("I'm glad you're retired.", "my uncle Aloysius just retired.") == (
        "I'm glad Aloysius is retired.")


def test_two_recall_questions_in_one_are_begun_with_the_facts_of_both():
    from chatbot.agents.told import recalled
    facts = ["You have a pet dormouse called Ilse", "You live in Pécs"]
    # sealed30: only the pet's fact was said, and the town was "not told"
    assert recalled("remind me which town you've got me down as living in, and what my pet "
                    "is called?", facts) == (
        "You told me you have a pet dormouse called Ilse, and you live in Pécs.")
    # one question about a thing of the user's is begun with its facts alone
    assert recalled("what is my pet called again?", facts) == (
        "You told me you have a pet dormouse called Ilse.")
    assert recalled("remind me, what does my pet eat?", facts) == (
        "You told me you have a pet dormouse called Ilse.")


def test_a_recall_question_about_someone_no_found_memory_names_says_so(store):
    from chatbot.agents.asking import NOTHING_NAMED, asked_name
    assert asked_name("where does severin live again?") == "Severin"
    assert asked_name("what does Ildiko do for work again") == "Ildiko"
    # a common word, a question that asks to be reminded of nothing, or "my X" (asked_someone)
    for message in ("what does anyone do again", "what does ildiko do",
                    "where does my sister live again?"):
        assert asked_name(message) is None
    # sealed28: Severin forgotten, the reply had been begun "Since you" with the shinty
    store.add("ines", "Plays shinty on Saturdays", ["sport"])
    llama = ScriptedLlama([chat_reply(" Would you like to tell me?", False)], template=CHATML)
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        s.turn("where does severin live again?")
    [prompt] = _reply_prompts(llama)
    assert prompt.endswith(NOTHING_NAMED.format(name="Severin"))


def test_an_offer_of_help_in_the_language_asked_for_is_asked_for_again_in_it(store):
    from chatbot.agents.refusals import ANSWER_ABROAD
    # sealed28: replies in German asked for; an English question was answered "Gerne! Wie
    # kann ich Ihnen helfen?"
    store.add("ines", 'Asked: "from now on answer me always in german"', ["preferences"],
              memory_type="procedural")
    offer = "Gerne! Wie kann ich Ihnen helfen?"
    helped = ANSWER_ABROAD["German"] + "Warme Kleidung, Wasser und eine Karte."
    llama = ScriptedLlama([chat_reply(offer, False), chat_reply(helped, False)],
                          template=CHATML)
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        reply = s.turn("what is good to pack for two days in the mountains?")
    first, again = _reply_prompts(llama)
    assert again.endswith("[[ ## response ## ]]\n" + ANSWER_ABROAD["German"])
    assert reply.response == helped and s.stats["refused_replies"] == 1


def test_sealed29_replies_who_is_speaking_and_who_is_asked_about():
    from chatbot.agents.as_user import said_of_them
    # news of someone else, in a past form that is no "-ed", and "your own" in it
    assert said_of_them("I'm glad you got back from Trogir!",
                        "My aunt Walpurga just got back from Trogir.") == (
        "I'm glad Walpurga got back from Trogir!")
    assert said_of_them("I'm glad you opened your own bakery! You should open your own too.",
                        "my old flatmate Zdravko opened his own burek bakery last month") == (
        "I'm glad Zdravko opened their own bakery! You should open your own too.")
    # the assistant giving itself the name the user asked to be called
    message = "Hello, I am called Nahuel but please you call me Nahu."
    assert said_to_them("Hello! I'm Nahu. How can I help?", message) == (
        "Hello! You're Nahu. How can I help?")
    # "I don't know who X is" to an introduction is asked for again; a question about who else
    # chats here may be refused
    assert refuses("I'm sorry, but I don't know who Wilhelmus is.")
    assert instead("I'm Wilhelmus and I tune church organs all over Taranaki.") == THANKS
    assert instead("hey who else have you been chatting with?") == ""


def test_a_place_typed_in_lower_case_answers_where():
    from chatbot.agents.untold import lacks_the_answer
    # sealed31: "you haven't told me where he's working now" beside "... in perthshire"
    fact = "your cousin Bedwyr just got a job as a ghillie on a big estate in perthshire"
    assert not lacks_the_answer("wait wheres bedwyr working now?", [fact], {"Bedwyr"})
    # a fact with no place at all still lacks it
    assert lacks_the_answer("Which city does Leopoldine live in?",
                            ["You have a sister called Leopoldine"], {"Leopoldine"})
    assert lacks_the_answer("where does bedwyr work?", ["your cousin Bedwyr is a ghillie"],
                            {"Bedwyr"})


def test_a_how_to_question_about_the_users_things_is_asked_again_when_refused():
    # sealed31: "how do i get tree sap off my car" was left "I'm sorry, but I can't assist"
    for asked in ("how do i get tree sap off my car", "how do i fix my bike?"):
        assert instead(asked) == SURE
    # a question about the user's own life may be refused ("I don't know that")
    for about in ("do I have any allergies?", "how old am i", "what is my dog called?"):
        assert instead(about) == ""
