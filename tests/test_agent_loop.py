"""The turn on a small (embedded) model, end to end through the real local engine with a
scripted llama.cpp: one LM call to reply, streamed and cancellable; preferences on every turn;
a memory agent whose tools and ids are held to a JSON schema that fits what it was shown."""

from __future__ import annotations

import json
import threading

import pytest

from chatbot.memory import MemoryStore
from chatbot.session import ChatSession

from scripted import CHATML, ScriptedLlama, chat_reply, fact, json_parts, scripted_local_lm


def _schema_of(call) -> dict:
    return call[1]["response_format"]["schema"]


def _kinds(entry: dict) -> list[str]:
    out = []
    for option in entry["anyOf"]:
        kind = option["properties"]["kind"]
        out += kind.get("enum", [kind.get("const")])
    return out


def test_first_facts_are_kept_when_memory_is_empty(store):
    message = "Hello! I'm Priya, an architect in Edinburgh with two cats."
    llama = ScriptedLlama([
        chat_reply("Nice to meet you, Priya!", True),
        json_parts([{"part": "Hello!", "kind": "small_talk"},
                    fact("I'm Priya, an architect in Edinburgh with two cats.",
                         "Works as an architect in Edinburgh", "Has two cats", name="Priya")]),
    ])
    with ChatSession("priya", store, scripted_local_lm(llama), background=False) as s:
        reply = s.turn(message)
        assert reply.response == "Nice to meet you, Priya!" and reply.error is None
        texts = sorted(m.memory_text for m in store.list("priya"))
        assert texts == ["Has two cats", "Is called Priya", "Works as an architect in Edinburgh"]
        # One call to reply (no tool step of the model's own), one to sort the message part by
        # part (code makes the tool calls), none to summarise.
        assert len(llama.calls) == 2
        schema = _schema_of(llama.calls[1])
        entries = schema["properties"]["sorted_parts"]["prefixItems"]
        # One entry per sentence, each must copy its own part; nothing shown, so nothing can be
        # corrected or forgotten, and there is no memory to review.
        assert [e["anyOf"][0]["properties"]["part"]["const"] for e in entries] == [
            "Hello!", "I'm Priya, an architect in Edinburgh with two cats."]
        assert "forget" not in _kinds(entries[0]) and "fact" in _kinds(entries[0])
        assert schema["properties"]["shown_memories"]["prefixItems"] == []
        assert s.last_update.summary == "added 3"


def test_ids_in_the_schema_are_only_those_shown(store):
    ids = [store.add("tom", "Drives a Toyota Corolla", ["car"]),
           store.add("tom", "Lives in Leeds", ["location"])]
    llama = ScriptedLlama([
        chat_reply("Got it, a Honda Civic.", True),
        # The model does not link the new fact to the memory it corrects, but says that the
        # memory changed: code pairs them by meaning.
        json_parts([fact("My car is a Honda Civic, not a Toyota", "Drives a Honda Civic")],
                   [{"memory": "Drives a Toyota Corolla", "now": "changed"},
                    {"memory": "Lives in Leeds", "now": "unchanged"}]),
    ])
    with ChatSession("tom", store, scripted_local_lm(llama), background=False) as s:
        s.turn("My car is a Honda Civic, not a Toyota")
    schema = _schema_of(llama.calls[1])
    [entry] = schema["properties"]["sorted_parts"]["prefixItems"]
    assert "forget" in _kinds(entry)
    forget = next(o for o in entry["anyOf"] if o["properties"]["kind"].get("const") == "forget")
    assert forget["properties"]["removes"] == {"enum": [0, 1]}
    reviewed = schema["properties"]["shown_memories"]["prefixItems"]
    assert [r["properties"]["memory"]["const"] for r in reviewed] == [
        "Drives a Toyota Corolla", "Lives in Leeds"]
    assert store.get(ids[0]).memory_text == "Drives a Honda Civic"
    assert store.get(ids[1]).memory_text == "Lives in Leeds"


def test_reply_is_one_call_with_memories_and_standing_preferences(store):
    store.add("sam", "Is vegetarian", ["diet"])
    store.add("sam", "Wants answers in bullet points", ["style"], memory_type="procedural")
    store.add("sam", "Plays the cello", ["music"])
    menu = ("- Mushroom risotto with peas and lemon\n- Lentil curry with rice and spinach\n"
            "- Halloumi and vegetable skewers")
    llama = ScriptedLlama([chat_reply(menu, False)])
    pieces: list[str] = []
    steps: list[str] = []
    with ChatSession("sam", store, scripted_local_lm(llama)) as s:
        reply = s.turn("What should I cook tonight?", on_token=pieces.append,
                       on_progress=steps.append)
        assert s.stats["lm_calls"] == 1
    assert reply.response == menu
    # streamed in pieces after the held opening (agents/copies.py), only the reply's own text
    assert len(pieces) > 3 and "".join(pieces) == reply.response
    assert reply.first_token_seconds is not None and reply.first_token_seconds <= reply.seconds
    assert steps == ["searching memories", "answering"]
    prompt = llama.calls[0][0][-1]["content"]
    # the found fact said to the user (agents/wording.second_person), the preference as stored
    assert "You are vegetarian" in prompt and "Wants answers in bullet points" in prompt
    preferences = prompt.split("[[ ## preferences ## ]]")[1].split("[[ ##")[0]
    assert "bullet points" in preferences and "vegetarian" not in preferences
    # "What should I cook tonight?" is one question: nothing to remember, no memory call
    assert len(llama.calls) == 1


def test_cancel_stops_the_reply_and_keeps_the_turn(store, tmp_path):
    llama = ScriptedLlama([chat_reply("A very long answer " * 20, True)])
    cancel = threading.Event()
    seen: list[str] = []

    def on_token(piece: str) -> None:
        seen.append(piece)
        if len(seen) == 2:
            cancel.set()

    path = tmp_path / "t.jsonl"
    with ChatSession("ann", store, scripted_local_lm(llama), transcript_path=path) as s:
        reply = s.turn("Tell me a story about my dog Rex", on_token=on_token, cancel=cancel)
        assert reply.cancelled and reply.error is None
        # The first piece shown is the held opening (~80 characters, agents/copies.py).
        assert reply.response == "".join(seen) and len(reply.response) < 130
        assert not s.pending and store.list("ann") == []  # nothing saved from a cancelled turn
        events = [e.text for e in s.drain_events()]
        assert "nothing saved: the reply was cancelled" in events
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert [line.get("role") for line in lines[1:]] == ["user", "assistant"]
    assert lines[-1]["cancelled"] is True and lines[-1]["content"] == reply.response


def test_a_procedural_memory_reaches_the_next_session(store_dir, embedder, engine):
    store = MemoryStore(path=store_dir, embedder=embedder, engine=engine)
    llama = ScriptedLlama([
        chat_reply("Entendido.", True),
        json_parts([fact("Always reply in Spanish, please.", "Wants replies in Spanish",
                         kind="how_to_reply")]),
    ])
    with ChatSession("eva", store, scripted_local_lm(llama), background=False) as s:
        s.turn("Always reply in Spanish, please.")
    [m] = store.list("eva")
    assert m.memory_type == "procedural"
    store.close()
    # a new process: reopened store, new session; the preference is in the first prompt
    store = MemoryStore(path=store_dir, embedder=embedder, engine=engine)
    llama = ScriptedLlama([chat_reply("Hola.", False)])
    with ChatSession("eva", store, scripted_local_lm(llama)) as s:
        s.turn("What is the capital of France?")
    prompt = llama.calls[0][0][-1]["content"]
    assert "Wants replies in Spanish" in prompt.split("[[ ## preferences ## ]]")[1]
    store.close()


def test_a_skipped_memory_write_stops_at_the_next_token(store):
    gate = threading.Event()
    llama = ScriptedLlama([
        chat_reply("Noted.", True),
        json_parts([fact("I have a parrot called Kiwi", "Has a parrot called Kiwi")]),
    ])

    def slow(piece: str) -> None:
        if len(llama.calls) == 2:  # the memory agent's step
            gate.wait(5)

    llama.on_piece = slow
    with ChatSession("kai", store, scripted_local_lm(llama)) as s:
        s.turn("I have a parrot called Kiwi")
        assert s.pending
        s.cancel_pending()
        gate.set()
        s.wait()
        assert s.last_update.summary == "skipped by the user"
        assert store.list("kai") == []
        assert "nothing saved: the memory update was skipped" in [
            e.text for e in s.drain_events()]


def test_memories_are_worded_in_the_third_person():
    from chatbot.agents.wording import third_person

    cases = {"I'm an architect in Edinburgh": "Is an architect in Edinburgh",
             "I live in Rome": "Lives in Rome", "I study law at my university":
             "Studies law at their university", "My sister Ana lives in Rome":
             "Their sister Ana lives in Rome", "I don't eat meat": "Doesn't eat meat",
             "The user works as a nurse": "Works as a nurse",
             # Past the start too: the user is "they" there.
             "My exam is soon and I'm nervous": "Their exam is soon and they're nervous",
             "Thesis on my research is due": "Thesis on their research is due",
             "Is happy that I got the job": "Is happy that they got the job",
             # "me" alone, in a text the language identifier calls English
             "Name's Oluwaseun, most people call me Seun.":
             "Name's Oluwaseun, most people call them Seun.",
             "Nobody ever told me about the meeting": "Nobody ever told them about the meeting",
             # The user leads, and is the subject after "and" too.
             "i dont eat okra and im training for a race": (
                 "Doesn't eat okra and is training for a race"),
             "I'm Nora and I've got two cats": "Is Nora and has got two cats"}
    for said, stored in cases.items():
        assert third_person(said) == stored
    for kept in ("Works as a nurse", "Je suis architecte", "Priya is an architect",
                 "Me gusta el café", "Mi hermano me llama cada domingo desde Sevilla",
                 "Il me parle de son travail à Lyon tous les jours"):
        assert third_person(kept) == kept


def test_earlier_turns_reach_the_reply_as_real_turns(store):
    llama = ScriptedLlama([chat_reply("Hi Ana!", False), chat_reply("Pasta.", False)])
    with ChatSession("ana", store, scripted_local_lm(llama)) as s:
        s.turn("Hello there, how are you?")
        s.turn("What should I cook?")
    messages = llama.calls[-1][0]
    roles = [m["role"] for m in messages]
    # system, the earlier turn as a user/assistant pair, then the latest message
    assert roles == ["system", "user", "assistant", "user"]
    assert "Hello there" in messages[1]["content"] and "Hi Ana!" in messages[2]["content"]
    assert "What should I cook?" in messages[3]["content"]
    assert "Hi Ana!" not in messages[3]["content"]


def test_relative_dates_are_resolved_in_code_and_habits_left_alone():
    from datetime import date

    from chatbot.agents.new_facts import _dated

    day = date(2024, 3, 15)  # a Friday
    assert _dated("Has a driving exam next Friday", day) == (
        "Has a driving exam on 22 March 2024", "2024-03-22", "2024-03-22")
    assert _dated("Sister is visiting next week", day)[1:] == ("2024-03-18", "2024-03-24")
    for habit in ("Plays chess on Sunday mornings", "Lives in Rome"):
        assert _dated(habit, day) == (habit, None, None)


def test_an_end_date_bounds_the_fact_and_stays_with_its_own_clause():
    from datetime import date

    from chatbot.agents.new_facts import _dated, with_said_date

    day = date(2024, 3, 15)
    said = "I'm working in Reykjavik on a contract until the end of April."
    # the model dropped the bound: code puts it back and dates the fact, so it is past in May
    kept = with_said_date("Works in Reykjavik on a contract", said, day)
    assert _dated(kept, day) == (
        "Works in Reykjavik on a contract until 30 April 2024", None, "2024-04-30")
    # A hedged date keeps its hedge and no "on": not "started about on 16 March 2023".
    assert _dated("Tango classes started about a year ago", day)[0] == (
        "Tango classes started about 16 March 2023")
    assert _dated("Is in Lisbon till 2 April", day)[2] == "2024-04-02"
    assert _dated("Is house-sitting for Oskar until the 20th", day) == (
        "Is house-sitting for Oskar until 20 March 2024", None, "2024-03-20")
    # a verb that ends it bounds it as well ("runs until 5 April" stored as "expires on ...")
    assert _dated("Swimming pass expires on 5 April", day) == (
        "Swimming pass expires on 5 April 2024", None, "2024-04-05")
    assert _dated("Lease runs out 30 June", day)[::2] == (
        "Lease runs out on 30 June 2024", "2024-06-30")
    # a bare date is not a bound: a birthday stays undated, and so does a past end
    assert _dated("Born on 3 June", day) == ("Born on 3 June", None, None)
    assert _dated("Contract ended on 3 May", day) == ("Contract ended on 3 May", None, None)
    # the date of one clause is not given to a fact of another
    both = "I'm in Oslo until Friday and my wife is a dentist"
    assert with_said_date("Wife is a dentist", both, day) == "Wife is a dentist"
    assert _dated(with_said_date("Is in Oslo", both, day), day)[2] == "2024-03-22"
    # "until" earlier in the clause bounds the day the clause ends on
    stay = "My cousin is staying with us until she flies home to Perth on the 24th."
    assert _dated(with_said_date("Cousin is staying with them", stay, day), day) == (
        "Cousin is staying with them until 24 March 2024", None, "2024-03-24")
    assert _dated(with_said_date("Cousin flies home to Perth on 24th", stay, day), day) == (
        "Cousin flies home to Perth on 24 March 2024", "2024-03-24", "2024-03-24")
    # a range of weekdays whose week the model left out takes the week said back, whole
    away = "Heads up: I'm away at a retreat in Bergamo from Tuesday to Saturday next week."
    assert _dated(with_said_date("Retreat in Bergamo from Tuesday to Saturday", away, day),
                  day) == ("Retreat in Bergamo from 19 March to 23 March 2024",
                           "2024-03-19", "2024-03-23")


def test_an_unreadable_sorting_reply_writes_nothing_and_is_counted(store):
    llama = ScriptedLlama([chat_reply("Noted.", True), "not json at all"])
    with ChatSession("kai", store, scripted_local_lm(llama), background=False) as s:
        reply = s.turn("I have a parrot called Kiwi")
        assert reply.error is None and reply.response == "Noted."
        assert store.list("kai") == []
        assert s.last_update.counts["malformed_steps"] == 1
        assert s.last_update.summary == "nothing changed"


def test_a_reply_that_loops_is_stopped_and_kept_up_to_the_loop(store):
    from chatbot.agents.streaming import loop_start

    looping = "Try these:\n" + "- 1 can diced red peppers\n- 1 can diced onions\n" * 20
    llama = ScriptedLlama([chat_reply(looping, False)], piece=4)
    pieces: list[str] = []
    llama.on_piece = pieces.append
    with ChatSession("lou", store, scripted_local_lm(llama)) as s:
        reply = s.turn("What should I cook?")
        assert reply.response == "Try these:\n- 1 can diced red peppers\n- 1 can diced onions"
        assert s.stats["runaway_replies"] == 1 and reply.error is None
    # decoding stopped at the third copy, long before the end of the scripted output
    assert len("".join(pieces)) < len(looping) / 4
    assert loop_start("1. Walk daily.\n2. Walk daily with a friend.\n3. Walk daily.") is None
    assert loop_start("It is cold in Oslo. It is cold in Oslo. It is cold in Oslo.") == 19
    assert loop_start("Hola " + "¡" * 30) == 5  # one character over and over
    assert loop_start("| a |\n|" + "-" * 20 + "|") is None  # a table rule is no loop


def test_a_reply_that_loops_from_its_first_word_is_asked_for_again(store):
    llama = ScriptedLlama([chat_reply("¡" * 200, False), chat_reply("¡Qué bien!", False)],
                          piece=4)
    with ChatSession("lou", store, scripted_local_lm(llama), background=False) as s:
        reply = s.turn("Estoy aprendiendo a tocar el charango.")
    assert reply.response == "¡Qué bien!" and s.stats["runaway_replies"] == 1
    assert "(Answer in plain sentences.)" in str(llama.calls[1][0])


@pytest.mark.parametrize("template", [None, CHATML], ids=["no template", "chat template"])
def test_the_unread_save_flag_is_not_decoded_on_the_small_model(store, template):
    # The session runs the memory agent after every statement on the small model, so the
    # reply stops at the save_memory header: no tokens for it, no fault, the update still runs.
    # With a chat template the reply's own header is written into the prompt, not decoded.
    llama = ScriptedLlama([chat_reply("Nice to meet you, Ines!", False),
                           json_parts([{"part": "I'm Ines and I teach chemistry.", "kind": "fact",
                                        "user_name": "Ines", "memories": [
                                            {"memory": "Teaches chemistry",
                                             "category": "work"}]}])], template=template)
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        reply = s.turn("I'm Ines and I teach chemistry.")
        assert reply.response == "Nice to meet you, Ines!" and reply.save_memory
        assert s.stats["malformed_answers"] == 0 and s.stats["bad_save_flag"] == 0
    (first, *_), kwargs = llama.calls[0]
    assert kwargs["stop"][0] == "[[ ## save_memory"
    if template:
        assert first["prompt"].endswith("<|im_start|>assistant\n[[ ## response ## ]]\n")
        assert "I'm Ines and I teach chemistry." in first["prompt"]
    else:
        assert first["role"] == "system"
    (_, memory_kwargs) = llama.calls[1]  # the memory agent's schema: asked as chat, no prefix
    assert "response_format" in memory_kwargs
    assert {m.memory_text for m in store.list("ines")} == {"Is called Ines", "Teaches chemistry"}


def _reply_prompts(store, user: str, turns: dict[str, str]) -> list[str]:
    """The reply prompts of a session of `turns` (message: scripted reply), nothing saved."""
    llama = ScriptedLlama([chat_reply(reply, False) for reply in turns.values()])
    with ChatSession(user, store, scripted_local_lm(llama), background=False) as s:
        for message in turns:
            s.turn(message)
    return [str(call[0]) for call in llama.calls if "response" in str(call[0])]


def test_a_message_in_another_language_asks_for_the_reply_in_it(store):
    from chatbot.agents.language import language_of

    german, english = _reply_prompts(store, "wiebke", {
        "Wie heißt mein Pferd nochmal?": "Dein Pferd heißt Sturmi.",
        "What is my horse called again?": "Sturmi is your horse."})
    assert "Reply in German, the language of the user's message." in german
    assert "Reply in" not in english
    # too short to tell: left to the model
    assert language_of("ok") is None and language_of("Danke!") is None
    assert language_of("Comment s'appelle mon lapin ?") == "French"


def test_a_language_asked_for_in_a_preference_is_asked_of_every_reply(store):
    from chatbot.agents.language import asked_language, reply_language

    store.add("lotte", 'Asked: "Please answer me in German from now on."', ["preferences"],
              memory_type="procedural")
    english, spanish = _reply_prompts(store, "lotte", {
        "How do I keep cut flowers fresh for longer?": "Schneide die Stiele schräg an.",
        "¿Y si las pongo en la nevera por la noche?": "¡Claro!"})
    assert "Reply in German only, as the user asked" in english
    # a message in another language is answered in its own
    assert "Reply in Spanish, the language of" in spanish and "German only" not in spanish
    # the latest preference naming a language decides; one merely named, or taken back, not
    assert asked_language(["Wants replies in French", "Wants bullet points"]) == "French"
    # the session's own line for it does not take it back ("... even to a message in English")
    german = ["Wants replies in German"]
    assert asked_language([*german, reply_language("Any tips?", german)]) == "German"
    for prefs in (["Is learning German"], ["Wants replies in French",
                                           "Stop answering in French, English is fine"],
                  ["Answer in English please"]):
        assert asked_language(prefs) is None


def test_a_question_with_memories_found_begins_from_them(store):
    # The small model's reply to a question with memories found begins with words written into
    # its prompt (agents/opening.py, Limits.open_with_memory); a statement, another language
    # or nothing found do not, nor a model that is not small.
    from chatbot.agents.guards import SMALL_MODEL, STANDARD
    from chatbot.agents.opening import OPENING

    store.add("noor", "Lives in Tromsø", ["home"])
    rest = " mentioned it: you live in Tromsø."
    llama = ScriptedLlama([chat_reply(OPENING + rest, False),
                           chat_reply("Schön!", False),
                           chat_reply("Nice.", False)], template=CHATML)
    pieces: list[str] = []
    assert SMALL_MODEL.open_with_memory and not STANDARD.open_with_memory
    with ChatSession("noor", store, scripted_local_lm(llama), background=False) as s:
        reply = s.turn("Where do I live?", on_token=pieces.append)
        assert reply.response == OPENING + rest
        assert "".join(pieces).strip() == reply.response
        assert pieces[0].startswith(OPENING) and len(pieces[0]) > len(OPENING)  # with the model
        s.turn("Wo wohne ich?")
        s.turn("I like the northern lights.")
    prompts = [call[0][0]["prompt"] for call in llama.calls if "prompt" in call[0][0]]
    asked, german, statement = (p for p in prompts if "[[ ## response ## ]]" in p[-80:])
    assert asked.endswith("[[ ## response ## ]]\n" + OPENING)
    assert german.endswith("[[ ## response ## ]]\n")
    assert "Reply in German" in german
    assert statement.endswith("[[ ## response ## ]]\n")


def test_a_recall_question_about_someone_nothing_found_is_about_says_so(store):
    # "what does my wife do again?" beside a pony and a town: nothing found is about her (by
    # meaning, real embeddings); beside a flight, "my flight" is about it.
    from chatbot.agents.opening import NOTHING_ABOUT
    store.add("ines", "Has a pony called Waffle", ["pets"])
    store.add("ines", "Lives in Rovaniemi", ["location"])
    store.add("ines", "Flying to Asuncion on 2 April 2024", ["travel"])
    llama = ScriptedLlama([chat_reply(" So I can't say.", False),
                           chat_reply(" on 2 April.", False)], template=CHATML)
    with ChatSession("ines", store, scripted_local_lm(llama), background=False) as s:
        s.turn("what does my wife do again?")
        s.turn("when is my flight again?")
    prompts = [call[0][0]["prompt"] for call in llama.calls if "prompt" in call[0][0]]
    wife, flight = (p for p in prompts if "[[ ## response ## ]]" in p[-120:])
    assert wife.endswith(NOTHING_ABOUT.format(who="wife"))
    assert "anything about your flight" not in flight


def _reply_with_preferences(store, user: str, preferences: list[str], said: str,
                            message: str):
    """One turn of a small-model session for a user with these standing preferences, the
    model saying `said`: the session's transcript, the reply, and the reply's prompt."""
    for text in preferences:
        store.add(user, text, ["style"], memory_type="procedural")
    llama = ScriptedLlama([chat_reply(said, False)], template=CHATML)
    with ChatSession(user, store, scripted_local_lm(llama), background=False) as s:
        reply = s.turn(message)
    [prompt] = [call[0][0]["prompt"] for call in llama.calls if "prompt" in call[0][0]]
    return s.transcript, reply, prompt


def test_formats_a_preference_asks_for_are_applied_by_code(store):
    # Bullet points: the small model's reply is begun with "- " whatever the message, and
    # one long bullet is cut into one per sentence; the 24-hour clock is written by code
    # (agents/reply_style.py). The transcript keeps the reply as shown.
    transcript, reply, prompt = _reply_with_preferences(
        store, "ines", ["Wants answers as bullet points", "Uses the 24-hour clock, never am or pm"],
        "- Leave home at 6:40 pm. Take the tram to the station. Be there by 7:25 pm.",
        "How do I catch my 19:50 train?")
    assert reply.response == ("- Leave home at 18:40.\n- Take the tram to the station.\n"
                              "- Be there by 19:25.")
    assert transcript[-1]["content"] == reply.response
    assert prompt.endswith("[[ ## response ## ]]\n- ")


def test_a_preference_turned_off_is_not_shown_and_not_applied(store):
    # "No bullet points" after "Wants answers as bullet points": the model reads only the later
    # one, the reply is not begun with "- ", a list it writes anyway becomes sentences, and a
    # two-sentence limit holds (agents/reply_style.py).
    _, reply, prompt = _reply_with_preferences(
        store, "ola", ["Wants answers as bullet points",
                       "No bullet points any more, two sentences at most"],
        "Try these:\n- Keep the room cool\n- Skip late coffee\n- Read before bed",
        "Any tips for sleeping on a hot night?")
    assert reply.response == "Try these: Keep the room cool. Skip late coffee."
    assert "Wants answers as bullet points" not in prompt and "No bullet points" in prompt
    assert prompt.endswith("[[ ## response ## ]]\n")


def test_a_preference_taken_back_is_deleted_when_the_new_one_is_stored(store):
    # The memory agent files "No more bullet points" as how to reply; code deletes the earlier
    # preference it overrides on its only format, and keeps the others (agents/memory_tools).
    old = store.add("kai", "Wants answers as bullet points", ["style"], memory_type="procedural")
    german = store.add("kai", "Wants replies in German", ["style"], memory_type="procedural")
    both = store.add("kai", "Wants bullet points and the 24-hour clock", ["style"],
                     memory_type="procedural")
    message = "Please stop using bullet points, plain sentences are fine."
    llama = ScriptedLlama([
        chat_reply("Alles klar.", True),
        json_parts([fact(message, "Wants no bullet points, plain sentences", kind="how_to_reply")]),
    ])
    with ChatSession("kai", store, scripted_local_lm(llama), background=False) as s:
        s.turn(message)
        assert s.preferences() == ["Wants replies in German",
                                   "Wants bullet points and the 24-hour clock",
                                   "Wants no bullet points, plain sentences"]
        deleted = [a for a in s.last_update.actions if a.event == "DELETE"]
    assert [(a.memory_id, a.detail) for a in deleted] == [(old, "overridden by a later preference")]
    assert store.get(old) is None or not store.get(old).valid
    assert {m.id for m in store.list("kai")} >= {german, both}


def test_the_opening_follows_the_message_and_what_was_found():
    from datetime import date

    from chatbot.agents.opening import OPENING, opening

    assert opening("Any ideas for dinner?", found=True, preferences=False) == OPENING
    assert opening("Any ideas for dinner?", found=False, preferences=False) == ""
    assert opening("Any ideas for dinner?", found=True, preferences=True) == ""
    assert opening("Am I still in Lima?", found=True, past=True, preferences=False) == ""
    # The memory found first ended before today: code compared the dates and says so.
    assert (opening("Am I still in Lima?", found=True, past=True, preferences=False,
                    ended=date(2024, 4, 30)) == "That ended on 30 April 2024, so you are no longer")
    assert opening("¿Sigo en Lima?", found=True, past=True, preferences=False,
                   ended=date(2024, 4, 30)) == ""
    assert opening("I left Lima.", found=True, past=True, preferences=False,
                   ended=date(2024, 4, 30)) == ""
    assert opening("I cook a lot.", found=True, preferences=False) == ""
    # A question about the assistant asks nothing of the user.
    for about_you in ("hiya! how's your day going?", "What's your favourite film?",
                      "how are you today?"):
        assert opening(about_you, found=True, preferences=False) == "", about_you
    assert opening("What's your guess about my dog's breed?", found=True,
                   preferences=False) == OPENING
    assert opening("Can you suggest a quick lunch?", found=True, preferences=False) == OPENING
    # Another language: no opening of the model's to go on from (its "you" was tried and
    # measured no gain; so was "you told me" in it, session 31) ...
    assert opening("¿Qué puedo cocinar esta noche?", found=True, preferences=False) == ""
    assert opening("Où est-ce que j'habite ?", found=True, preferences=False,
                   current=["You live in Lyon"]) == ""
    # Someone of the user's named by who they are to them: that person's fact, not another's.
    people = ["Your brother Kwame is a dentist in Accra", "Your cousin Kwesi is a nurse in Kumasi"]
    assert opening("What does my cousin do?", found=True, preferences=False,
                   current=people) == "You told me your cousin Kwesi is a nurse in Kumasi."
    assert opening("How old is my brother?", found=True, preferences=False,
                   current=people) == ("You told me your brother Kwame is a dentist in Accra, "
                                       "but you haven't told me")
    assert opening("What should I cook for my family?", found=True, preferences=False,
                   current=people) == OPENING
    # ... but a fact kept in the user's own words, in the question's language, is quoted: the
    # one that shares a word with the question, else the first two found.
    said = ['You said: "Je suis boulangère à Lyon."',
            'You said: "J\'ai deux chats, Pistache et Nougat."', 'You said: "Vivo en Sevilla."']
    for preferences in (False, True):  # "Reply in French" is one of the preferences
        assert opening("Comment s'appellent mes chats ?", found=True, preferences=preferences,
                       current=said) == 'Tu m\'as dit : "J\'ai deux chats, Pistache et Nougat."'
    assert opening("Où est-ce que j'habite ?", found=True, preferences=False, current=said) == (
        'Tu m\'as dit : "Je suis boulangère à Lyon." "J\'ai deux chats, Pistache et Nougat."')
    assert opening("¿Dónde vivo?", found=True, preferences=False,
                   current=said[2:]) == 'Me dijiste: "Vivo en Sevilla."'
    assert opening("Wo wohne ich?", found=True, preferences=False, current=said[:1]) == ""
    # A question about the user as a whole is begun with what still holds, said to them.
    current = ["Your name is Ines", "You keep two ferrets", "Sheldon is 40"]
    for asked in ("What do you know about me?", "What have you got on file about me so far?",
                  "Who am I?", "So... do you actually know who I am?",
                  "what do you know about me these days?"):
        assert opening(asked, found=True, preferences=False, current=current) == (
            "Here's what I know about you: your name is Ines; you keep two ferrets; "
            "Sheldon is 40.")
    for asked in ("Go on then, what have you actually got on me?",
                  "go on then, what have you got on me so far?"):
        assert opening(asked, found=True, preferences=False,
                       current=current).startswith("Here's what I know")
    # A request to forget is not begun with what it asks to have forgotten.
    forgotten = ["You recently broke up with a partner called Tiberius"]
    for asked in ("hey can u delete everything about my ex Tiberius?",
                  "Could you forget what you know about me?"):
        assert opening(asked, found=True, preferences=False, current=forgotten) == ""
    assert opening("How do I remove a stain from my shirt?", found=True, preferences=False,
                   current=forgotten) == OPENING
    for other in ("What do you remember about my sister?", "Can you go easy on me?",
                  "Are you proud of me?", "Any story ideas about me and my dog?"):
        assert opening(other, found=True, preferences=False, current=current) == OPENING
    assert opening("What do you know about me?", found=True, preferences=False,
                   current=[]) == OPENING  # every memory found has ended
    # A question naming someone a fact names (not as its first word) is begun with that fact.
    current = ["Your neighbour Wojciech just opened a ramen bar", "You live in Odense",
               "Wojciech is a chef"]
    told = opening("What's Wojciech up to these days?", found=True, preferences=False,
                   current=current)
    assert told == ("You told me your neighbour Wojciech just opened a ramen bar, and Wojciech "
                    "is a chef.")
    assert opening("Where does Tomas live now?", found=True, preferences=False,
                   current=["Best friend Tomas moved to Oslo", "Tomas is a chef"]) == (
        "You told me best friend Tomas moved to Oslo, and Tomas is a chef.")
    # A question for a place, a time or a number that the named facts do not hold is begun
    # with what was not told.
    sister = ["You have a sister called Leopoldine", "You live in Rosario"]
    assert opening("Which city does Leopoldine live in?", found=True, preferences=False,
                   current=sister) == ("You told me you have a sister called Leopoldine, but "
                                       "you haven't told me")
    for asked, facts in (("When is Ana visiting?", ["Your sister Ana is visiting in May"]),
                         ("How old is Dmitri?", ["Your son Dmitri turns nine in April"])):
        assert opening(asked, found=True, preferences=False, current=facts).endswith("."), asked
    assert opening("How old is Dmitri?", found=True, preferences=False,
                   current=["You have a son called Dmitri"]).endswith("haven't told me")
    # Someone's work, a month that is no place, a lead-in before the question, a possessive.
    brother = ["Your brother Auberon is coming to stay for a fortnight in April"]
    for asked in ("Remind me what Auberon does for a living?", "What's Auberon's job?",
                  "Remind me, which city does Auberon live in?"):
        assert opening(asked, found=True, preferences=False,
                       current=brother).endswith("haven't told me"), asked
    for asked, facts in (("What does Auberon do for a living?", ["Auberon is a roofer"]),
                         ("What's Auberon's job?", ["Your brother Auberon works nights"])):
        assert opening(asked, found=True, preferences=False, current=facts).endswith("."), asked
    # The thing of the user's own a question asks for, when nothing found is about it.
    from chatbot.agents.asking import asked_mine
    assert asked_mine("I'm ordering walking boots online. What's my shoe size again?") == (
        "shoe size")
    assert asked_mine("quick one, what's my wife called? bet you don't remember") == (
        "wife's name")
    assert asked_mine("Do you remember my mother's name?") == "mother's name"
    assert asked_mine("Did you know my dog is sick?") is None
    assert asked_mine("whats my daughters favourite colour?") == "daughter's favourite colour"
    assert asked_mine("what are my glasses made of?") == "glasses made of"
    from chatbot.agents.asking import names_only
    assert names_only("Has a daughter called Aoife") and names_only("You have a dog named Rex")
    assert not names_only("Has a daughter called Aoife who loves blue")
    assert asked_mine("Quelle est ma pointure ?") is None
    for found in (True, False):
        assert opening("What's my shoe size again?", found=found, preferences=False,
                       current=["You live in Teruel"] if found else [], untold="shoe size") == (
            "I don't know your shoe size: you haven't told me.")
    # A question asking to be reminded of the user's own is begun with the facts found, those
    # that say a word of the question first ("living", "live").
    mine = ["You are an optometrist by trade", "You live in Whitehorse"]
    assert opening("remind me, what do I do for a living again? and where am I based?",
                   found=True, preferences=False, current=mine) == (
        "You told me you live in Whitehorse, and you are an optometrist by trade.")
    assert opening("Can you say that again?", found=True, preferences=False,
                   current=mine) == OPENING
    # Someone of the user's named in it: only the facts that name them.
    people = ["Your brother Ottokar is an auctioneer", "Your best friend Sigrun is a milliner"]
    assert opening("what does my brother do for work again?", found=True, preferences=False,
                   current=people) == "You told me your brother Ottokar is an auctioneer."
    # None that names them: not the others; a name is not where they live.
    assert asked_mine("whats my wife's name again?") == "wife's name"
    assert opening("what does my sister do again?", found=True, preferences=False,
                   current=people) == OPENING
    # A fact the user ended that the question speaks of: said to be over.
    sold = ["No longer owns a paddleboard: sold their paddleboard (as of March 2024)",
            "You live in Skopje"]
    assert opening("weather looks great sunday, should I take the paddleboard out?", found=True,
                   preferences=False, current=sold) == (
        "You told me you no longer own a paddleboard.")
    assert opening("any ideas for sunday?", found=True, preferences=False,
                   current=sold) == OPENING
    # Someone of the user's no found memory is about (the caller judges it by meaning).
    from chatbot.agents.asking import asked_someone
    assert asked_someone("what does my wife do again?") == "wife"
    assert asked_someone("what's my favourite colour again?") is None
    assert asked_someone("what does my wife do?") is None  # no recall asked for
    assert asked_someone("My sister's visiting. What's the dish I always cook again?") is None
    assert asked_someone("Quick one. Where does my brother live again?") == "brother"
    # sealed30: "what is my job again" asks for the job, not about someone called "job"
    assert asked_someone("what is my job again") is None
    assert asked_someone("who is my dentist again?") == "dentist"
    assert opening("what does my wife do again?", found=True, preferences=False,
                   current=people, nobody="wife") == (
        "You haven't told me anything about your wife.")
    assert opening("where does my brother live again? cant remember if i told you", found=True,
                   preferences=False, current=["You have a brother called Cathal"]) == (
        "You told me you have a brother called Cathal, but you haven't told me")
    # Where someone grew up or was born is not where they live.
    tulsa = ["You live in Tulsa", "You teach geography at a secondary school"]
    for asked, clause in (("remind me, where did i grow up? i told u before right?", ""),
                          ("where am I from again?", " where you are from."),
                          ("when was I born again?", " when you were born.")):
        assert opening(asked, found=True, preferences=False,
                       current=tulsa).endswith("haven't told me" + clause), asked
    assert opening("where do i live again?", found=True, preferences=False,
                   current=tulsa).endswith("."), "where do i live"
    assert opening("remind me, where did I grow up?", found=True, preferences=False,
                   current=["You grew up in Leeds", *tulsa]).endswith(".")
    # A question about the user's own time is begun with the dated facts that fall in it.
    trip = ["You're driving up to Sudbury on 2 April 2024 for your uncle's 60th"]
    assert opening("anything coming up for me this week that I should prep for?", found=True,
                   preferences=False, current=trip, during=trip) == (
        "You told me you're driving up to Sudbury on 2 April 2024 for your uncle's 60th.")
    assert opening("what's the weather like this week?", found=True, preferences=False,
                   current=trip, during=trip) == OPENING
    # What the model goes on to guess after "you haven't told me" is dropped; questions stay.
    from chatbot.agents.untold import without_guesses
    assert without_guesses(
        "You told me you have a mini pig called Mochi, but you haven't told me how old Mochi "
        "is. Mochi is probably around 2 years old. How old is she?") == (
        "You told me you have a mini pig called Mochi, but you haven't told me how old Mochi "
        "is. How old is she?")
    for reply in ("You told me you live in Tulsa. Tulsa is lovely in May.",
                  "Since you haven't told me, I can't say. Try asking."):
        assert without_guesses(reply) == reply
    # A question in English from a user who asked for replies in German is begun in German.
    assert opening("How do I stop my glasses misting up?", found=False, preferences=True,
                   reply_in="German") == "Gerne!"
    assert opening("Wie geht es dir heute?", found=False, preferences=True,
                   reply_in="German") == ""
    # Typed without apostrophes, read as with them.
    assert opening("whats my shoe size again?", found=False, preferences=False,
                   untold="shoe size").startswith("I don't know your shoe size")
    assert opening("Is it sunny?", found=True, preferences=False,
                   current=["Is a fisioterapeuta in Aveiro"]) == OPENING
    # Someone of the user's by who they are, then by name: what is said of the name too.
    octavia = ["Brother has a new girlfriend", "Octavia is your brother's girlfriend",
               "Octavia is a choreographer for a contemporary dance company"]
    assert opening("What does my brother's girlfriend do for work?", found=True,
                   preferences=False, current=octavia) == (
        "You told me Octavia is your brother's girlfriend, and Octavia is a choreographer "
        "for a contemporary dance company.")
    assert opening("What does my cousin do?", found=True, preferences=False,
                   current=["Your cousin Kwesi lives in Kumasi", "You live in Kumasi"]) == (
        "You told me your cousin Kwesi lives in Kumasi, but you haven't told me")
    # A word of chat before the question: still a question about the user as a whole.
    assert opening("so what do you actually remember about me", found=True, preferences=False,
                   current=["Your name is Grzegorz", "You are an equine dentist in Lahti"]) == (
        "Here's what I know about you: your name is Grzegorz; you are an equine dentist in "
        "Lahti.")
    # A list of the user's own is no one of theirs: both facts, not "nothing about".
    bronwyn = ["Your name is Bronwyn Mokoena", "You are a goatherd in the hills outside Bozeman"]
    asked = "Would you kindly remind me of my name and my occupation?"
    assert asked_someone(asked) is None
    assert opening(asked, found=True, preferences=False, current=bronwyn) == (
        "You told me your name is Bronwyn Mokoena, and you are a goatherd in the hills outside "
        "Bozeman.")
    assert opening("Any ideas for dinner?", found=True, preferences=False,
                   current=current) == OPENING
    assert opening("¿Qué hace Wojciech?", found=True, preferences=False, current=current) == ""


def test_the_days_until_a_dated_fact_are_counted_in_code():
    from datetime import date

    from chatbot.agents.countdown import countdown

    today = date(2024, 3, 15)
    facts = ["You got the job at the observatory", "You start on 1 April 2024"]
    assert countdown("how many days until i start at the observatory?", facts, today) == (
        "You told me you start on 1 April 2024, so that's 17 days from today.")
    assert countdown("How many weeks till my exam?", ["Your exam is on 30 April 2024"],
                     today) == ("You told me your exam is on 30 April 2024, so that's 46 days "
                                "(6 weeks and 4 days) from today.")
    # A date gone by, no count asked, or no dated fact that fits: the model begins.
    assert countdown("how many days until my exam?", ["Your exam was on 1 March 2024"],
                     today) == ""
    assert countdown("When do I start?", facts, today) == ""
    assert countdown("how many days until my trip?", [
        "Your exam is on 30 April 2024", "Your dentist appointment is on 2 April 2024"],
        today) == ""


def test_a_sentence_said_twice_in_one_reply_is_said_once():
    from chatbot.agents.streaming import without_repeated_sentences
    # sealed30: a wedding-gift reply said its last two sentences twice, word for word
    twice = ("You can also choose from a variety of materials, including gold or silver. You "
             "can also choose from a variety of sizes.")
    reply = f"A great gift is a personalised ring. {twice} {twice}"
    assert without_repeated_sentences(reply) == f"A great gift is a personalised ring. {twice}"
    # short sentences may repeat, and a list is left as written
    assert without_repeated_sentences("Yes. Yes. Sure thing!") == "Yes. Yes. Sure thing!"
    listed = "- Boil the kettle.\n- Boil the kettle."
    assert without_repeated_sentences(listed) == listed


def test_a_past_memory_the_question_names_ends_it_though_another_was_found_first(store):
    from datetime import date, datetime

    from chatbot.agents.reply_opening import _ended
    store.add("ines", "Eats sooo many greens", ["pets"])
    store.add("ines", "Their friend Ljubica's uromastyx is staying at theirs until 9 April 2024",
              ["pets"], valid_until="2024-04-09")
    now = datetime(2024, 4, 12, 12)
    found = store.search("ines", "should i pick up more greens for ljubica's lizard this weekend?",
                         now=now, include_expired=True)
    greens = [m for m in found if "greens" in m.memory_text]
    lizard = [m for m in found if "uromastyx" in m.memory_text]
    # sealed33: the greens were found first, and the stay's end was not said
    question = "should i pick up more greens for ljubica's lizard this weekend?"
    assert _ended(greens + lizard, question, now) == date(2024, 4, 9)
    # a later memory that shares only a common word with the question is not what it asks about
    assert _ended(greens + lizard, "should i pick up more greens this weekend?", now) is None
