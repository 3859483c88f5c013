"""The memory agent's part-by-part sorting on small models (chatbot.agents.parts): how a
message is cut, the schema the reply is held to, and the tool calls code makes from it."""

from __future__ import annotations

import json
from datetime import date

import numpy as np
import pytest

from chatbot.agents.corrections import disputed
from chatbot.agents.endings import ended_facts
from chatbot.agents.owners import with_relation
from chatbot.agents.part_calls import tool_calls
from chatbot.agents.parts import KEEP, parts_schema, pronoun_options, split_parts
from chatbot.agents.referents import with_referents
from chatbot.agents.reply_requests import copied_fact
from chatbot.agents.updater import MemoryUpdater
from chatbot.agents.wording import with_copula, with_whole_words

from scripted import fact


def test_a_message_is_cut_into_sentences():
    assert split_parts("Hello! I'm Priya, an architect in Edinburgh with two cats.") == [
        "Hello!", "I'm Priya, an architect in Edinburgh with two cats."]
    # A clause cut from its sentence loses what it depends on.
    assert split_parts("If I ever won the lottery, I'd buy a boat.") == [
        "If I ever won the lottery, I'd buy a boat."]
    assert split_parts("Line one\nline two?  ...") == ["Line one", "line two?"]
    # A question after a clause about the user: the fact is a part of its own.
    assert split_parts("I have a sesame allergy, can you suggest a snack?") == [
        "I have a sesame allergy", "can you suggest a snack?"]
    assert split_parts("My knee hurts, any stretches?") == ["My knee hurts", "any stretches?"]
    assert split_parts("My son is five \u2014 any gift ideas?") == ["My son is five",
                                                                   "any gift ideas?"]
    # In another language "I" and "my" are not read: a clause of four words or more before
    # the question is cut off (one part, the French son was filed as a question).
    assert split_parts("Mon fils Anatole a cinq ans et il est fou de dinosaures \u2014 t'aurais "
                       "une idée de cadeau ?") == [
        "Mon fils Anatole a cinq ans et il est fou de dinosaures", "t'aurais une idée de cadeau ?"]
    for one in ("What is my dog called, again?", "If I moved to Oslo, would I need a car?",
                "Au fait, comment s'appelle mon fils ?"):
        assert split_parts(one) == [one]
    long = " ".join(f"Fact {i}." for i in range(12))
    parts = split_parts(long)
    assert len(parts) == 8 and parts[-1].startswith("Fact 7.") and parts[-1].endswith("11.")


def test_a_sentence_is_cut_before_each_further_clause_led_by_i():
    # In one part the model kept one or two facts of three (the diet went, each time).
    assert split_parts("Hi there. I'm Jonas, I'm coeliac and I work from home in Ghent.") == [
        "Hi there.", "I'm Jonas, I'm coeliac", "I work from home in Ghent."]
    assert split_parts("I don't eat pork and I work as a pharmacist in Lyon.") == [
        "I don't eat pork", "I work as a pharmacist in Lyon."]
    assert split_parts("Hey, I have type 1 diabetes, so I'm careful with sugar.") == [
        "Hey, I have type 1 diabetes", "I'm careful with sugar."]
    # a denial and then another fact, not what is so instead
    assert split_parts("I can't eat nuts, I'm a wedding photographer.") == [
        "I can't eat nuts", "I'm a wedding photographer."]
    # ... and before a clause of someone of the user's with a verb: one memory held both.
    assert split_parts("I restore old clocks, and my wife Ingrid drives a tram.") == [
        "I restore old clocks", "my wife Ingrid drives a tram."]
    assert split_parts("My son started school on Monday, and my husband works nights.") == [
        "My son started school on Monday", "my husband works nights."]
    assert split_parts("I don't drink tea, my dog is a Beagle called Pip, and I'm learning "
                       "Greek.") == ["I don't drink tea", "my dog is a Beagle called Pip",
                                     "I'm learning Greek."]


@pytest.mark.parametrize("sentence", [
    "I said Lisbon, but I meant Porto.",  # "but": one correction
    "I don't live in Salzburg, I live in Innsbruck.",  # a denial, then its correction
    "Actually I'm not an accountant any more, I became a pilot in January.",
    "When I was little, I lived in Spain.",  # what follows depends on the condition
    "If I had more time, I'd go sailing.",
    "My sister and I moved to Oslo.",  # no "I" of its own before the cut
    "Tom, my brother, lives in Rome.",
    "I'm Ben and I use a wheelchair.",  # a name alone: the model took Ben for someone else
    "My car is a Honda Civic, not a Toyota.",
    "I live with my wife and my two kids in Leeds.",  # no verb of the kids' own
    "My wife and my son went to Rome.",
])
def test_a_clause_that_depends_on_the_one_before_stays_with_it(sentence):
    assert split_parts(sentence) == [sentence]


def test_the_schema_holds_one_entry_per_part_and_only_shown_ids():
    schema = parts_schema(["Hi.", "I moved."], [0, 1], ["Lives in Leeds", "Has a cat"])
    entries = schema["properties"]["sorted_parts"]["prefixItems"]
    assert [e["anyOf"][0]["properties"]["part"] for e in entries] == [
        {"const": "Hi."}, {"const": "I moved."}]
    forget = entries[0]["anyOf"][-1]["properties"]
    assert forget["kind"] == {"const": "forget"} and forget["removes"] == {"enum": [0, 1]}
    keep = entries[0]["anyOf"][1]["properties"]["memories"]["items"]["properties"]
    assert keep["replaces"] == {"enum": [None, 0, 1]}
    empty = parts_schema(["Hi."], [], [])
    assert all("forget" not in json.dumps(o) for o in
               empty["properties"]["sorted_parts"]["prefixItems"][0]["anyOf"])
    assert "replaces" not in json.dumps(empty)


def test_the_schema_compiles_to_a_llama_grammar():
    grammar = pytest.importorskip("llama_cpp.llama_grammar")
    schema = parts_schema(["Hello!", 'She said "hi" \\ left.'], [0], ["Lives in Leeds"])
    assert grammar.LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)


def test_facts_names_and_preferences_become_one_add():
    message = "Hi, I'm Kofi. I test software. Keep answers short."
    calls = tool_calls([
        {"part": "Hi, I'm Kofi.", "kind": "small_talk"},
        fact("I test software.", "Works as a software tester", name="Kofi"),
        fact("Keep answers short.", "Wants short answers", kind="how_to_reply"),
    ], [], message=message, known=message)
    [(tool, args)] = calls
    assert tool == "add_memory"
    assert [f["text"] for f in args["facts"]] == ["Is called Kofi", "Works as a software tester"]
    assert args["reply_preferences"] == ["Wants short answers"]


def test_a_name_the_message_does_not_give_as_a_name_is_not_stored():
    message = "My sister Ana lives in Rome."
    calls = tool_calls([fact(message, "Sister Ana lives in Rome", name="Sister Ana")], [],
                       message=message, known=message)
    assert [f["text"] for f in calls[0][1]["facts"]] == ["Sister Ana lives in Rome"]
    invented = tool_calls([fact(message, "Sister Ana lives in Rome", name="John")], [],
                          message=message, known=message)
    assert [f["text"] for f in invented[0][1]["facts"]] == ["Sister Ana lives in Rome"]


def test_the_name_of_someone_of_the_users_is_not_the_users_name():
    # "Is called Elowen" and "Started nursery": the daughter's name taken for the user's.
    message = "My daughter Elowen started nursery on Monday."
    [(_, args)] = tool_calls([fact(message, "Started nursery on Monday", name="Elowen")], [],
                             message=message, known=message)
    assert [f["text"] for f in args["facts"]] == [message]
    # In French too: "Mon mari Gaspard" is the husband.
    french = "Mon mari Gaspard est ébéniste à Vannes ;"
    calls = tool_calls([fact(french, "Ebeniste at Vannes", name="Gaspard")], [],
                       message=french, known=french)
    assert not any(f["text"].startswith("Is called") for f in calls[0][1]["facts"])


def test_a_memory_that_drops_whose_it_is_keeps_the_users_words():
    # "Works nights at the freight depot" for the husband's job reads as the user's.
    part = "my husband works nights at the freight depot."
    [(_, args)] = tool_calls([fact(part, "Works nights at the freight depot")], [],
                             message=part, known=part)
    assert [f["text"] for f in args["facts"]] == [part]
    [(_, kept)] = tool_calls([fact(part, "Husband works nights at the freight depot")], [],
                             message=part, known=part)
    assert [f["text"] for f in kept["facts"]] == ["Husband works nights at the freight depot"]


def test_memories_that_lose_the_subject_or_invent_a_name_keep_the_users_words():
    message = "My sister Ana lives in Rome."
    lost = tool_calls([fact(message, "Lives in Rome")], [], message=message, known=message)
    assert [f["text"] for f in lost[0][1]["facts"]] == [message]
    leaked = tool_calls([fact("My sister is Ana.", "Sister Ana lives in Leeds")], [],
                        message="My sister is Ana.", known="My sister is Ana.")
    assert [f["text"] for f in leaked[0][1]["facts"]] == ["My sister is Ana."]


def test_a_part_of_clauses_that_lost_a_name_keeps_each_clause_in_the_users_words():
    message = "I play the cello in an orchestra, and my partner Dev is a chef."
    [(_, args)] = tool_calls([fact(message, "Played in orchestra", "Partner is chef")],
                             [], message=message, known=message)
    # One memory per clause (the whole sentence in one bundled two facts), every word kept
    # (the model's "Played in orchestra" had lost the cello).
    assert [f["text"] for f in args["facts"]] == ["I play the cello in an orchestra",
                                                  "my partner Dev is a chef."]
    # One clause: the whole part, as before.
    sister = "My sister Ana lives in Rome."
    [(_, one)] = tool_calls([fact(sister, "Lives in Rome", "Has a sister")], [],
                            message=sister, known=sister)
    assert [f["text"] for f in one["facts"]] == [sister]


def test_a_copy_of_a_shown_memory_for_a_part_that_denies_it_is_the_part_instead():
    shown = {0: "Lizard Ziggy loves crickets"}
    part = "I need to correct something: Ziggy is actually a salamander, not a lizard."
    calls = tool_calls([fact(part, shown[0], kind="how_to_reply")], [0], message=part,
                       known=part, shown=shown)
    # "X, not Y" with Y in the shown memory: Y is replaced by X.
    assert calls == [("update_memory", {
        "memory_id": 0, "updated_memory_text": "Salamander Ziggy loves crickets",
        "categories": []})]
    # Written as the part itself, it is the new version too.
    calls = tool_calls([fact(part, "Ziggy is a salamander, not a lizard", kind="how_to_reply")],
                       [0], message=part, known=part, shown=shown)
    assert calls[0][0] == "update_memory"
    # Said again with nothing denied, or a denial about the shown memory's subject: no new
    # version.
    again = "Just so you know, my lizard Ziggy loves crickets."
    calls = tool_calls([fact(again, shown[0])], [0], message=again, known=again, shown=shown)
    assert [tool for tool, _ in calls] != ["update_memory"]
    rain = "My dog doesn't like rain."
    calls = tool_calls([fact(rain, "Dog doesn't like rain")], [0], message=rain, known=rain,
                       shown={0: "Has a dog named Rex"})
    assert [tool for tool, _ in calls] == ["add_memory"]


def test_a_part_led_by_a_name_said_before_keeps_it():
    shown = {0: "Tortoise Sheldon is 40 years old"}
    message = "Sheldon loves strawberries, by the way."
    known = f"My tortoise Sheldon is 40 years old. {message} {shown[0]}"
    calls = tool_calls([fact(message, "Loves strawberries")], [0], message=message,
                       known=known, shown=shown)
    # Not "Loves strawberries" (the user's), and not a correction of the tortoise's age.
    assert calls == [("add_memory", {"facts": [{"text": message, "categories": ["misc"],
                                                "kind": "fact"}], "reply_preferences": []})]
    # A first word never written as a name is not one.
    lately = "Lately I climb at the wall."
    [(_, args)] = tool_calls([fact(lately, "Climbs at an indoor wall")], [], message=lately,
                             known=lately)
    assert [f["text"] for f in args["facts"]] == ["Climbs at an indoor wall"]


def test_memories_that_drop_a_rare_word_keep_the_users_words():
    dish = "Shakshuka is my favourite thing to cook, I make it for brunch nearly every Sunday."
    calls = tool_calls([fact(dish, "Favourite dish", "Makes for brunch")], [], message=dish,
                       known=dish)
    assert [f["text"] for f in calls[0][1]["facts"]] == [dish]
    # Common words rephrased ("weekend", "grandma") are no loss; the rare one is kept.
    kept = "My grandma bakes sourdough every weekend."
    [(_, args)] = tool_calls([fact(kept, "Grandma bakes sourdough on weekends")], [],
                             message=kept, known=kept)
    assert [f["text"] for f in args["facts"]] == ["Grandma bakes sourdough on weekends"]
    # A rare word the part denies is not what it is about.
    denied = "I'm a geologist, not a volcanologist."
    [(_, args)] = tool_calls([fact(denied, "Is a geologist")], [], message=denied,
                             known=denied)
    assert [f["text"] for f in args["facts"]] == ["Is a geologist"]
    # Another language's words are not read against an English memory: the part is kept in
    # the user's own words (agents/own_words.in_their_words).
    french = "Le week-end, je m'occupe de mes ruches dans les Vosges."
    [(_, args)] = tool_calls([fact(french, "Keeps beehives in the Vosges")], [],
                             message=french, known=french)
    assert [f["text"] for f in args["facts"]] == [f'Said: "{french}"']


def test_a_part_kept_whole_beside_a_copied_memory_it_does_not_speak_of_is_added():
    shown = {0: "Lives in Sligo"}
    part = "I've taken up fencing, épée, at a club on Wednesday nights."
    calls = tool_calls([fact(part, "Lives in Sligo", "Has taken up fencing")], [0],
                       message=part, known=f"{part} {shown[0]}", shown=shown)
    # "épée" was dropped, so the part is kept whole; Sligo is not what it corrects.
    assert [name for name, _ in calls] == ["add_memory"]
    assert [f["text"] for f in calls[0][1]["facts"]] == [part]


def test_a_part_filed_as_how_to_reply_with_a_known_fact_for_its_memory_is_about_that_fact():
    shown = {0: "Works as a saddler", 1: "Lives in Wollongong", 2: "Wants short replies"}
    part = "Ah, small mix-up on my part: it's my brother who's the saddler."
    calls = tool_calls([fact(part, shown[0], kind="how_to_reply")], [0, 1, 2], message=part,
                       known=part, shown=shown, procedural={2})
    # Not a reply preference: the saddler memory's new version, in the user's words.
    assert calls == [("update_memory", {
        "memory_id": 0, "updated_memory_text": "It's my brother who's the saddler.",
        "categories": ["misc"]})]
    # Nothing new about the fact: no change, and no preference either.
    again = "Yes, I work as a saddler."
    calls = tool_calls([fact(again, shown[0], kind="how_to_reply")], [0, 1, 2], message=again,
                       known=again, shown=shown, procedural={2})
    assert calls == [("noop", {})]
    # A part that asks something of the assistant, or copies a preference, is how to reply.
    for asks in ("Please keep replies short, I'm a busy saddler.",
                 "Could you talk to me like a fellow saddler?"):
        assert copied_fact(asks, [(shown[0], [], None)], shown) is None
    short = "Short replies, like I said."
    calls = tool_calls([fact(short, shown[2], kind="how_to_reply")], [0, 1, 2], message=short,
                       known=short, shown=shown, procedural={2})
    assert [name for name, _ in calls] != ["update_memory"]


def test_a_plain_statement_about_a_rare_thing_is_kept_when_filed_as_nothing():
    said = "I'm trying to get into orienteering this spring."
    calls = tool_calls([{"part": said, "kind": "small_talk"}], [], message=said, known=said)
    assert [f["text"] for f in calls[0][1]["facts"]] == [
        "Is trying to get into orienteering this spring"]
    # A mood is no thing, and a rare word already stored is no news.
    for part, shown in (("I'm knackered.", {}),
                        ("I'm still into orienteering.", {0: "Does orienteering"})):
        calls = tool_calls([{"part": part, "kind": "small_talk"}], sorted(shown),
                           message=part, known=part, shown=shown)
        assert calls == [("noop", {})]


def test_details_after_a_statement_stay_with_it_when_filed_as_nothing():
    # The place said after the comma is the statement's; alone it has no subject.
    said = ("heads up for next time \u2014 I'm a railway signaller, mostly nights in the box just "
            "outside Grimsby.")
    calls = tool_calls([{"part": said, "kind": "small_talk"}], [], message=said, known=said)
    assert [f["text"] for f in calls[0][1]["facts"]] == [
        "Is a railway signaller, mostly nights in the box just outside Grimsby"]
    # A clause with a subject of its own, a question or a word or two is not a detail.
    for said, kept in (("I got a ferret called Bramble, and she is chaos",
                        "Got a ferret called Bramble"),
                       ("I moved to Tromso, anyway", "Moved to Tromso"),
                       ("I moved to Tromso, the fjords are lovely", "Moved to Tromso")):
        calls = tool_calls([{"part": said, "kind": "small_talk"}], [], message=said,
                           known=said)
        assert [f["text"] for f in calls[0][1]["facts"]] == [kept]


def test_a_part_whose_memory_only_copies_a_shown_fact_keeps_nothing_new():
    # Weather filed as a fact, its memory a copy of the shown one: not kept in its own words.
    parts = ["mornin!", "absolutely bucketing down here, standard"]
    shown = {0: "Lives in Lowestoft"}
    calls = tool_calls([{"part": parts[0], "kind": "small_talk"},
                        {"part": parts[1], "kind": "fact", "user_name": None,
                         "memories": [{"memory": "Lives in Lowestoft", "category": "location"}]}],
                       [0], message=" ".join(parts), known=" ".join(parts), shown=shown,
                       parts=parts, reviews=[{"now": "unchanged"}], day=date(2024, 3, 15))
    texts = [f["text"] for name, args in calls for f in args.get("facts", [])]
    assert not [t for t in texts if "bucketing" in t]


def test_a_statement_in_another_language_filed_as_small_talk_is_kept_in_their_words():
    said = ("Salut, moi c'est Ga\u00eblle, je suis fleuriste \u00e0 Angers et je fais de "
            "l'escalade le dimanche")
    calls = tool_calls([{"part": said, "kind": "small_talk"}], [], message=said, known=said)
    assert [f["text"] for f in calls[0][1]["facts"]] == [f'Said: "{said}"']
    # A question, a greeting of a few words, or names already known: nothing.
    for said, shown in (("\u00bfc\u00f3mo se llamaba mi gata Canela?", {}),
                        ("Hola Canela, qu\u00e9 tal", {}),
                        ("Bonjour, je suis encore \u00e0 Angers cette semaine",
                         {0: "Lives in Angers"})):
        calls = tool_calls([{"part": said, "kind": "small_talk"}], sorted(shown), message=said,
                           known=said, shown=shown)
        assert not [c for c in calls if c[0] == "add_memory"], said


def test_a_new_home_named_replaces_the_shown_one_though_the_old_name_was_dropped():
    parts = ["We did it!!",
             "Finally left Huelva \u2014 been in Logro\u00f1o since Tuesday, boxes everywhere"]
    message = " ".join(parts)
    shown = {0: "Lives in Huelva", 1: "Works as a dietitian"}
    calls = tool_calls([{"part": parts[0], "kind": "small_talk"},
                        {"part": parts[1], "kind": "fact", "user_name": None,
                         "memories": [{"memory": "Lives in Logro\u00f1o",
                                       "category": "location"}]}],
                       [0, 1], message=message, known=message, shown=shown, parts=parts,
                       reviews=[{"now": "unchanged"}] * 2, day=date(2024, 3, 15))
    assert calls == [("update_memory", {"memory_id": 0, "categories": ["location"],
                                        "updated_memory_text": "Lives in Logro\u00f1o since "
                                                               "Tuesday"})]


def test_two_people_said_in_one_sentence_are_kept_apart():
    part = ("Two mates who'll come up a lot: Bongani, who shapes surfboards in Durban, and "
            "Kalani, who's a hula teacher over in Hilo.")
    calls = tool_calls([fact(part, part)], [], message=part, known=part)
    assert [f["text"] for f in calls[0][1]["facts"]] == [
        "Bongani shapes surfboards in Durban", "Kalani is a hula teacher over in Hilo"]
    # One person with a "who" clause stays one memory.
    part = "My neighbour Bongani, who shapes surfboards, is moving to Durban"
    calls = tool_calls([fact(part, "Neighbour Bongani, who shapes surfboards, is moving to "
                                   "Durban")], [], message=part, known=part)
    assert len(calls[0][1]["facts"]) == 1


def test_the_reason_given_for_a_question_is_kept():
    message = ("quick q - how do i stop dough sticking to the counter? asking bc i run a little "
               "pierogi stall at the night market on weekends")
    parts = split_parts(message)
    calls = tool_calls([{"part": p, "kind": "question"} for p in parts], [], message=message,
                       known=message, parts=parts)
    assert [f["text"] for f in calls[0][1]["facts"]] == [
        "Runs a little pierogi stall at the night market on weekends"]
    # One common word between the article and the rare thing; not a common thing.
    said = "I have a big dog."
    assert tool_calls([{"part": said, "kind": "small_talk"}], [], message=said,
                      known=said) == [("noop", {})]


@pytest.mark.parametrize("message, kept", [
    ("Since I'm lactose intolerant, what can I use instead of butter in a cake?",
     ["Is lactose intolerant"]),
    ("As a night-shift nurse, how do I sleep during the day?", ["Is a night-shift nurse"]),
    ("Because we have two toddlers, what car should we get?", ["Has two toddlers"]),
    ("What's a good gift for my nephew Ezra who's turning 8 and loves dinosaurs?",
     ["Their nephew Ezra is turning 8 and loves dinosaurs"]),
    ("What's a good gift for my dad who loves fishing?", ["Their dad loves fishing"]),
    # a state of the moment, or what the user said, is no reason to keep
    ("Since I'm bored, what can I do?", []),
    ("since I'm stuck at home today, any film tips?", []),
    ("As I said, what's the capital of Peru?", []),
])
def test_what_a_question_says_of_the_user_to_explain_itself_is_kept(message, kept):
    parts = split_parts(message)
    calls = tool_calls([{"part": p, "kind": "question"} for p in parts], [], message=message,
                       known=message, parts=parts)
    assert [f["text"] for _, a in calls for f in a.get("facts", [])] == kept


def test_a_plan_said_inside_a_request_is_kept():
    for said, memory in (
            ("Suggest a name for the kitten I'm adopting on Saturday.",
             "Is adopting the kitten on Saturday"),
            ("What should I pack for the trip we're taking to Lisbon next month?",
             "Is taking the trip to Lisbon next month")):
        calls = tool_calls([{"part": said, "kind": "request"}], [], message=said, known=said,
                           day=date(2024, 3, 15))
        assert calls[0][1]["facts"] == [{"text": memory, "categories": [], "kind": "event"}]
    # Nothing dated, named or rare: no plan worth keeping.
    plain = "Can you check the email I'm writing?"
    assert tool_calls([{"part": plain, "kind": "request"}], [], message=plain, known=plain,
                      day=date(2024, 3, 15)) == [("noop", {})]


def test_a_part_kept_whole_says_who_they_are_and_where_there_is():
    earlier = ["My grandparents just moved to Oaxaca."]
    part = "They're opening a little guesthouse there."
    calls = tool_calls([fact(part, "Grandparents moved to Oaxaca")], [0], message=part,
                       known=f"{earlier[0]} {part}", shown={0: "Grandparents moved to Oaxaca"},
                       earlier=earlier)
    assert calls == [("add_memory", {"facts": [{
        "text": "Their grandparents are opening a little guesthouse in Oaxaca.",
        "categories": ["misc"], "kind": "fact"}], "reply_preferences": []})]
    assert (with_referents("She's a retired ferry captain.", ["My aunt Rosalind is here."])
            == "Their aunt Rosalind is a retired ferry captain.")
    assert (with_referents("He's got a job at the docks.",
                           ["My little brother lives in Cork.", "My parents visited."])
            == "Their little brother has got a job at the docks.")
    # "they" is not a sister; nobody named before; an adverb is not a relation
    for text, before in (("They love it there.", ["My sister moved to Leeds."]),
                         ("She's a vet.", ["I like dogs."]),
                         ("There is a park there.", ["My kids moved to Leeds."])):
        assert with_referents(text, before) == text


def test_a_memory_led_by_a_name_says_who_the_name_is_to_the_user():
    known = "My grandfather Bartholomew moved in last year. Their bearded dragon Custard naps."
    assert (with_relation("Bartholomew: favourite dish is goulash", known)
            == "Their grandfather Bartholomew: favourite dish is goulash")
    assert (with_relation("Custard keeps them company", known)
            == "Their bearded dragon Custard keeps them company")
    # Already said, not led by the name, or a name nobody gave a relation: as it is.
    for text in ("Grandfather Bartholomew moved in", "Is called Bartholomew",
                 "Lives in Rome", "Rosalind is a pilot"):
        assert with_relation(text, known) == text


def test_a_shown_memory_whose_subject_the_new_one_left_out_is_not_corrected():
    shown = {0: "Has a son called Max"}
    message = "My son loves chess."
    calls = tool_calls([fact(message, "Loves chess")], [0], message=message, known=message,
                       shown=shown)
    assert [tool for tool, _ in calls] == ["add_memory"]
    # After "I", a word before the new value is the old value.
    law = "Quick correction: I switched from law to geology, so it's geology I'm studying now."
    calls = tool_calls([fact(law, "Studies geology at university")], [0], message=law,
                       known=law, shown={0: "Studies law at university"})
    assert calls[0][0] == "update_memory"
    # Denied, the same leading word is an old value: "I'm not an accountant any more, ...".
    job = "Actually I'm not an accountant any more, I became a pilot."
    calls = tool_calls([fact(job, "Works as a pilot")], [0], message=job, known=job,
                       shown={0: "Works as an accountant"})
    assert calls[0] == ("update_memory", {"memory_id": 0,
                                          "updated_memory_text": "Works as a pilot",
                                          "categories": ["misc"]})


def test_nothing_to_keep_is_a_noop_and_forget_needs_a_shown_id():
    assert tool_calls([{"part": "Thanks!", "kind": "small_talk"}], []) == [("noop", {})]
    assert tool_calls([{"part": "Forget it.", "kind": "forget", "removes": 7}], [0]) == [
        ("noop", {})]
    assert tool_calls([{"part": "Forget the cat.", "kind": "forget", "removes": 0}], [0]) == [
        ("delete_memory", {"memory_ids": [0]})]
    assert tool_calls("not a list", []) == [("noop", {})]


def test_a_changed_memory_takes_the_closest_new_fact(embedder):
    def similarity(a: str, b: str) -> float:
        va, vb = embedder.embed_documents([a, b])
        return float(np.dot(va, vb) / (np.linalg.norm(va) * np.linalg.norm(vb)))

    message = "My car is a Honda Civic now, and I started yoga."
    shown = {0: "Lives in Denver", 1: "Drives a Toyota Corolla"}
    calls = tool_calls(
        [fact(message, "Drives a Honda Civic", "Does yoga")], [0, 1], message=message,
        known=message, shown=shown, similarity=similarity,
        reviews=[{"memory": "Lives in Denver", "now": "changed"},  # nothing close: kept
                 {"memory": "Drives a Toyota Corolla", "now": "changed"}])
    assert calls[0] == ("update_memory", {"memory_id": 1,
                                          "updated_memory_text": "Drives a Honda Civic",
                                          "categories": ["misc"]})
    assert [f["text"] for f in calls[1][1]["facts"]] == ["Does yoga"]
    assert len(calls) == 2


def test_a_changed_memory_takes_a_new_version_filed_as_how_to_reply(embedder):
    """The model filed a correction as a reply preference but called the shown fact changed:
    the preference is that fact's new version, not a standing preference."""
    def similarity(a: str, b: str) -> float:
        va, vb = embedder.embed_documents([a, b])
        return float(np.dot(va, vb) / (np.linalg.norm(va) * np.linalg.norm(vb)))

    message = "Correction: I moved from Lisbon to Porto last month."
    shown = {0: "Lives in Lisbon", 1: "Works as a nurse"}
    entry = {"part": message, "kind": "how_to_reply",
             "memories": [{"memory": "Moved from Lisbon to Porto", "category": "location"}]}
    calls = tool_calls([entry], [0, 1], message=message, known=message, shown=shown,
                       similarity=similarity,
                       reviews=[{"memory": "Lives in Lisbon", "now": "changed"},
                                {"memory": "Works as a nurse", "now": "unchanged"}])
    assert calls == [("update_memory", {"memory_id": 0,
                                        "updated_memory_text": "Moved from Lisbon to Porto",
                                        "categories": ["location"]})]
    # A real reply preference is not paired with a changed fact it is nothing like.
    asked = "Please keep your answers short."
    calls = tool_calls([{"part": asked, "kind": "how_to_reply",
                         "memories": [{"memory": "Wants short answers"}]}], [0],
                       message=asked, known=asked, shown={0: "Lives in Lisbon"},
                       similarity=similarity, reviews=[{"now": "changed"}])
    assert calls == [("add_memory", {"facts": [], "reply_preferences": ["Wants short answers"]})]


def test_a_correction_that_repeats_the_old_text_is_not_made():
    message = "Actually my car is a Honda Civic, not a Toyota."
    shown = {0: "Drives a Toyota Corolla"}
    calls = tool_calls([fact(message, "Drives a Toyota", replaces=0)], [0], message=message,
                       known=message + " Drives a Toyota Corolla", shown=shown)
    # The memory drops the part's first name (Honda), so the part's own words are kept, as
    # the new version of the memory the model linked.
    assert calls == [("update_memory", {"memory_id": 0, "updated_memory_text": message,
                                        "categories": ["misc"]})]
    same = tool_calls([fact("It is a Toyota.", "Drives a Toyota Corolla", replaces=0)], [0],
                      message="It is a Toyota.", known="It is a Toyota. Drives a Toyota Corolla",
                      shown=shown)
    assert same == [("noop", {})]


def test_no_longer_true_without_a_new_version_is_a_delete():
    calls = tool_calls([{"part": "I sold it.", "kind": "small_talk"}], [0], message="I sold it.",
                       shown={0: "Has a bike"}, reviews=[{"now": "no_longer_true"}],
                       similarity=lambda a, b: 0.0)
    assert calls == [("delete_memory", {"memory_ids": [0]})]


def test_a_relative_date_the_memory_left_out_is_put_back():
    from datetime import date

    friday = date(2024, 3, 15)
    entries = [fact("My driving exam is next Friday.", "Has a driving exam"),
               fact("I was in Rome last week.", "Visited Rome last week"),
               fact("I like jazz.", "Likes jazz"),
               fact("The exam is next Monday.", "Will take the exam on Monday"),
               fact("I leave next week.", "Leaves on 20 March"),
               fact("I fly out tomorrow.", "Flies out on 15 March")]
    message = " ".join(e["part"] for e in entries)
    [(_, args)] = tool_calls(entries, [], message=message, day=friday)
    texts = [f["text"] for f in args["facts"]]
    # Put back as said, also over a day the model picked itself ("on 20 March" for next
    # week); the add path writes it as the date it means (see _dated).
    assert texts == ["Has a driving exam next Friday", "Visited Rome last week", "Likes jazz",
                     "Will take the exam next Monday", "Leaves next week",
                     "Flies out tomorrow"]
    [(_, undated)] = tool_calls(entries[:1], [], message=message)
    # Without the day nothing is put back ("Friday" is a date, not a name the memory lost).
    assert undated["facts"][0]["text"] == "Has a driving exam"


def test_a_part_that_names_the_old_value_and_drops_it_corrects_that_memory():
    shown = {0: "Drives a Toyota Corolla", 1: "Lives in Denver", 2: "Has a son called Max"}
    message = "My car is a Honda Civic, not a Toyota. My son Max loves chess."
    calls = tool_calls([fact("My car is a Honda Civic, not a Toyota.", "Drives a Honda Civic"),
                        fact("My son Max loves chess.", "Son Max loves chess")],
                       [0, 1, 2], message=message, known=message, shown=shown)
    # "Toyota" is said and no new memory keeps it: the car memory has a new version. "Max"
    # is said and kept: that is more about the son, not a correction of him.
    assert calls == [
        ("update_memory", {"memory_id": 0, "updated_memory_text": "Drives a Honda Civic",
                           "categories": ["misc"]}),
        ("add_memory", {"facts": [{"text": "Son Max loves chess", "categories": ["misc"],
                                   "kind": "fact"}], "reply_preferences": []})]
    allergy = "Sorry, I'm allergic to peanuts, not shellfish."
    [(tool, args)] = tool_calls([fact(allergy, "Is allergic to peanuts", kind="how_to_reply")],
                                [0],
                                message=allergy, known=allergy,
                                shown={0: "Is allergic to shellfish"})
    assert tool == "update_memory" and args["updated_memory_text"] == "Is allergic to peanuts"


def test_a_clause_no_memory_covers_is_kept_in_the_third_person():
    part = "I'm Mateo, I'm a paramedic, I run marathons and I live in Valencia."
    [(_, args)] = tool_calls(
        [fact(part, "Runs marathons", "Lives in Valencia", name="Mateo")], [],
        message=part, known=part)
    assert [f["text"] for f in args["facts"]] == [
        "Is called Mateo", "Runs marathons", "Lives in Valencia", "Is a paramedic"]
    # A clause that does not start as the user's own statement ("Actually I'm not an
    # accountant any more": a retraction), or that a memory covers, adds nothing.
    job = "Actually I'm not an accountant any more, I became a pilot in January."
    [(_, args)] = tool_calls([fact(job, "Works as a pilot")], [], message=job, known=job)
    assert [f["text"] for f in args["facts"]] == ["Works as a pilot"]
    car = "My car is a Honda Civic, not a Toyota."
    [(_, args)] = tool_calls([fact(car, "Drives a Honda Civic")], [], message=car, known=car)
    assert [f["text"] for f in args["facts"]] == ["Drives a Honda Civic"]


def test_a_hypothetical_part_can_only_be_sorted_as_nothing_to_keep():
    wish = "If I ever won the lottery, I'd buy a boat."
    [entry] = parts_schema([wish], [])["properties"]["sorted_parts"]["prefixItems"]
    kinds = {k for option in entry["anyOf"]
             for k in option["properties"]["kind"].get("enum", [])}
    assert kinds and not kinds & set(KEEP)
    # An engine that does not hold the reply to the grammar: still nothing is stored.
    assert tool_calls([fact(wish, "Would buy a boat")], [], message=wish, known=wish) == [
        ("noop", {})]
    # A polite request is not a hypothetical: it may still be kept.
    ask = "If you could keep answers short, that would be great."
    [entry] = parts_schema([ask], [])["properties"]["sorted_parts"]["prefixItems"]
    assert any(set(o["properties"]["kind"].get("enum", [])) & set(KEEP) for o in entry["anyOf"])


def test_the_same_fact_with_another_number_updates_the_shown_memory():
    shown = {0: "Has 2 cats", 1: "Daughter Mia is 6"}
    part = "Mia just turned seven, so my daughter Mia is 7 now."
    calls = tool_calls([fact(part, "Daughter Mia is 7")], [0, 1], message=part, known=part,
                       shown=shown)
    assert calls == [("update_memory", {"memory_id": 1, "updated_memory_text": "Daughter Mia is 7",
                                        "categories": ["misc"]})]
    # Numbers written as words are numbers too.
    part = "Sorry, Mia is seven."
    [(tool, args)] = tool_calls([fact(part, "Daughter Mia is seven")], [0, 1], message=part,
                                known=part, shown={0: "Has 2 cats", 1: "Has a daughter Mia, six"})
    assert tool == "update_memory" and args["memory_id"] == 1
    # Number words whose stem would lose a letter ("three", "five") are numbers as well.
    part = "We have three cats now."
    [(tool, args)] = tool_calls([fact(part, "Has three cats")], [0, 1], message=part,
                                known=part, shown=shown)
    assert tool == "update_memory" and args["memory_id"] == 0
    # Another thing with a number is a new memory, not a new version of one.
    part = "My cat Tom is 3."
    [(tool, args)] = tool_calls([fact(part, "Cat Tom is 3")], [0, 1], message=part, known=part,
                                shown=shown)
    assert tool == "add_memory" and args["facts"][0]["text"] == "Cat Tom is 3"


def test_a_part_filed_as_nothing_still_keeps_what_its_structure_shows():
    from datetime import date

    def nothing(part, kind="small_talk"):
        return {"part": part, "kind": kind}

    # A new number for a shown memory, the old one named: the memory with the number replaced.
    shown = {0: "Daughter Lena is six and loves drawing", 1: "Has 2 cats"}
    part = "Sorry, I got that wrong: Lena is seven, not six."
    assert tool_calls([nothing(part)], [0, 1], message=part, known=part, shown=shown) == [
        ("update_memory", {"memory_id": 0, "categories": [],
                           "updated_memory_text": "Daughter Lena is seven and loves drawing"})]
    # "new not old" in so many words, though the memory shares no other word with the part
    part = "ugh typo, I'm 25 not 52 \U0001F605"
    assert tool_calls([nothing(part)], [0, 1], message=part, known=part,
                      shown={0: "Age is 52", 1: "Bought a skateboard"}) == [
        ("update_memory", {"memory_id": 0, "categories": [], "updated_memory_text": "Age is 25"})]
    # A question naming two numbers says nothing; nor does a number about something else.
    for part in ("Is Lena seven or six?", "Lena has 5 friends at school."):
        assert tool_calls([nothing(part, "question")], [0, 1], message=part, known=part,
                          shown=shown) == [("noop", {})]
    # A dated statement of the user's own is kept as an event, in the third person.
    part = "My thesis is due a week from Friday and I'm pretty nervous about it."
    [(tool, args)] = tool_calls([nothing(part)], [], message=part, known=part,
                                day=date(2026, 12, 2))
    assert tool == "add_memory" and args["facts"] == [
        {"text": "Their thesis is due a week from Friday and they're pretty nervous about it",
         "categories": [], "kind": "event"}]
    # ... after an interjection no list holds
    part = "eek my viva is this coming wednesday and I am NOT ready"
    [(tool, args)] = tool_calls([nothing(part)], [], message=part, known=part,
                                day=date(2026, 12, 2))
    assert args["facts"] == [{"text": "Their viva is this coming wednesday and they are NOT "
                                      "ready", "categories": [], "kind": "event"}]
    # ... or with a rare thing for its subject, counted from today: the user is telling it
    part = "first proper bonspiel is in ten days and i'm bricking it lol."
    [(tool, args)] = tool_calls([nothing(part)], [], message=part, known=part,
                                day=date(2026, 12, 2))
    assert args["facts"] == [{"text": "First proper bonspiel is in ten days and i'm bricking it",
                              "categories": [], "kind": "event"}]  # the laugh left out
    for part in ("Thanks, see you tomorrow!", "If I win tomorrow, I'd buy a boat.",
                 "did my parcel come on Monday", "if my viva is on wednesday I'll cry",
                 "the match is tomorrow", "the bonspiel was great"):
        assert tool_calls([nothing(part)], [], message=part, known=part,
                          day=date(2026, 12, 2)) == [("noop", {})]
    # A clause said to ask the question after it, filed with the question, stays unkept.
    message = "I'm hosting friends on Saturday, what main course should I make?"
    parts = split_parts(message)
    assert tool_calls([nothing(p, "question") for p in parts], [], message=message,
                      known=message, day=date(2026, 12, 2), parts=parts) == [("noop", {})]


def test_a_first_person_clause_filed_as_nothing_that_names_something_new_is_kept():
    def nothing(part):
        return {"part": part, "kind": "small_talk"}

    part = "Oh, and I just got a leopard gecko called Juniper."
    shown = {0: "Email password is [redacted secret]"}
    [(tool, args)] = tool_calls([nothing(part)], [0], message=part, known=part, shown=shown)
    assert tool == "add_memory"
    assert [f["text"] for f in args["facts"]] == ["Just got a leopard gecko called Juniper"]
    # A correction said as small talk: the clause that names the new place replaces the shown
    # memory; the clause that denies the old one names nothing new and adds nothing.
    part = "Wait, I don't live in Salzburg, I live in Innsbruck. Not sure where that came from!"
    shown = {0: "Lives in Salzburg", 1: "Works as a bookbinder"}
    calls = tool_calls([nothing(p) for p in split_parts(part)], [0, 1], message=part,
                       known=part, shown=shown, similarity=lambda a, b: 0.5)
    assert calls == [("update_memory", {"memory_id": 0, "categories": [],
                                        "updated_memory_text": "Lives in Innsbruck"})]
    # An introduction is a name; a first-person clause naming nothing new, or a question, is
    # not kept.
    [(_, args)] = tool_calls([nothing("Hi, I'm Kofi.")], [], message="Hi, I'm Kofi.")
    assert [f["text"] for f in args["facts"]] == ["Is called Kofi"]
    for part in ("I appreciate it, thanks!", "I live in Salzburg, remember?",
                 "Did I tell you about Juniper?"):
        assert tool_calls([nothing(part)], [0, 1], message=part, known=part,
                          shown=shown) == [("noop", {})]


def test_a_misspelt_user_name_is_taken_as_the_message_writes_it():
    part = "Ich bin Wiebke, ich arbeite als Goldschmiedin in Freiburg."
    [(_, args)] = tool_calls([fact(part, "Works as a goldsmith in Freiburg", name="Wibeke")],
                             [], message=part, known=part)
    assert [f["text"] for f in args["facts"]] == ["Is called Wiebke", f'Said: "{part}"']


def test_a_part_about_she_or_he_says_who_from_the_people_named_before():
    earlier = ["My flatmate Thabo moved in, and my aunt Rosalind is staying with us."]
    parts = ["She's a retired ferry captain.", "I like it."]
    entries = parts_schema(parts, [], [], earlier)["properties"]["sorted_parts"]["prefixItems"]
    options = [next(o for o in e["anyOf"] if "user_name" in o["properties"]) for e in entries]
    assert options[0]["properties"]["about"]["enum"] == ["Rosalind", "Thabo"]  # latest first
    assert "about" not in options[1]["properties"]
    message = parts[0]
    known = " ".join([*earlier, message])
    [(_, args)] = tool_calls([{**fact(message, "Retired ferry captain"), "about": "Rosalind"}],
                             [], message=message, known=known)
    # Led by who she is to the user, as the user said it ("my aunt Rosalind").
    assert [f["text"] for f in args["facts"]] == ["Their aunt Rosalind: retired ferry captain"]
    # Someone nobody named is not written in; a memory that names them is left as it is.
    [(_, args)] = tool_calls([{**fact(message, "Retired ferry captain"), "about": "Greta"}],
                             [], message=message, known=known)
    assert [f["text"] for f in args["facts"]] == ["Retired ferry captain"]
    [(_, args)] = tool_calls([{**fact(message, "Is a ferry captain"), "about": "Rosalind"}],
                             [], message=message, known=known)
    assert [f["text"] for f in args["facts"]] == ["Their aunt Rosalind is a ferry captain"]
    [(_, args)] = tool_calls([{**fact(message, "Rosalind was a ferry captain"),
                               "about": "Rosalind"}], [], message=message, known=known)
    assert [f["text"] for f in args["facts"]] == ["Their aunt Rosalind was a ferry captain"]
    # Led by another name said: not led by the one the model picked ("Harris" of a hawk).
    message = "btw did I mention I have a Harris hawk? Sanna. she's a beauty"
    [(_, args)] = tool_calls([{**fact("she's a beauty", "Sanna is a beauty"), "about": "Harris"}],
                             [], message=message, known=message)
    assert [f["text"] for f in args["facts"]] == ["Sanna is a beauty"]
    # A word said in lower case is no name, though a memory leads with it.
    known = "My manager is called Farid. Manager's name is Farid. He's leaving the company."
    [(_, args)] = tool_calls([{**fact("He's leaving the company.",
                                      "Manager is leaving the company"), "about": "Farid"}],
                             [], message="He's leaving the company.", known=known)
    assert [f["text"] for f in args["facts"]] == ["Farid: manager is leaving the company"]


def test_someone_called_she_is_not_offered_for_he(store):
    earlier = ["My flatmate Thabo moved in, and my aunt Rosalind is staying with us.",
               "She's a retired ferry captain."]

    def about(part, taken):
        [entry] = parts_schema([part], [], [], earlier, taken)["properties"]["sorted_parts"][
            "prefixItems"]
        keep = next(o for o in entry["anyOf"] if "user_name" in o["properties"])
        return keep["properties"]["about"]["enum"]

    # "my aunt Rosalind" is a she by the word for her, so not offered for "he"
    assert about("And he's a sound engineer.", None) == ["Thabo"]
    assert about("She's a retired ferry captain.", None) == ["Rosalind", "Thabo"]
    # the updater notes whom the model took "she" for, and "he" is then someone else
    updater = MemoryUpdater(store, "alice")
    updater._note_pronouns([{"part": "She's a retired ferry captain.", "kind": "fact",
                             "about": "Rosalind", "memories": []}])
    assert updater.pronouns == {"she": {"Rosalind"}, "he": set()}
    assert about("And he's a sound engineer.", updater.pronouns) == ["Thabo"]
    assert about("Her job keeps her busy.", updater.pronouns) == ["Rosalind", "Thabo"]
    # with nobody else named, the one person stays offered
    assert about("He called.", {"she": {"Rosalind", "Thabo"}, "he": set()}) == [
        "Rosalind", "Thabo"]


def test_she_and_he_in_one_sentence_are_two_parts_each_about_their_own():
    said = "She's a stilt walker at festivals, and he's a tiler."
    assert split_parts(said) == ["She's a stilt walker at festivals", "he's a tiler."]
    assert split_parts("He and she are married.") == ["He and she are married."]
    assert split_parts("She is a nurse and she loves hiking.") == [
        "She is a nurse and she loves hiking."]
    before = ["My uncle Bertil lives in Lugo.", "My aunt Vesna lives in Jaén."]
    assert pronoun_options("he's a tiler.", before)[0] == "Bertil"
    assert "Bertil" not in pronoun_options("She's a stilt walker", before)


def test_a_reply_preference_that_lost_the_request_is_kept_as_asked():
    asked = "Could you give all your replies in German from now on?"
    [(_, args)] = tool_calls([fact(asked, "Wants to practice German", kind="how_to_reply")],
                             [], message=asked, known=asked)
    assert args["reply_preferences"] == [f'Asked: "{asked}"']
    kept = "Please use metric units with me."
    [(_, args)] = tool_calls([fact(kept, "Prefers metric units", kind="how_to_reply")],
                             [], message=kept, known=kept)
    assert args["reply_preferences"] == ["Prefers metric units"]


def test_a_name_the_messages_memories_give_to_something_else_is_not_the_users():
    part = "I'm a marine biologist in Halifax and I've got a tortoise named Gus."
    [(_, args)] = tool_calls([fact(part, "Marine biologist in Halifax", "Has a tortoise named Gus",
                                   name="Gus")], [], message=part, known=part)
    assert [f["text"] for f in args["facts"]] == ["Is a marine biologist in Halifax",
                                                  "Has a tortoise named Gus"]
    # ... nor one a memory gives to a place
    message = "I'm Sam. I live in Lisbon and I work as a nurse."
    [(_, args)] = tool_calls([fact("I'm Sam.", name="Sam"),
                              fact("I live in Lisbon and I work as a nurse.", "Lives in Lisbon",
                                   "Works as a nurse", name="Lisbon")],
                             [], message=message, known=message)
    assert [f["text"] for f in args["facts"]] == ["Is called Sam", "Lives in Lisbon",
                                                  "Works as a nurse"]


def test_no_schema_constant_holds_a_quote_or_backslash_and_parts_are_read_as_written():
    # llama-cpp-python turns them into an invalid grammar, and llama.cpp crashed on it
    def consts(node):
        if isinstance(node, dict):
            return ([node["const"]] if "const" in node else []) + [
                c for v in node.values() for c in consts(v)]
        return [c for v in node for c in consts(v)] if isinstance(node, list) else []

    part = 'Oh, and I just got a puppy called "Rex" \\ a beagle.'
    found = consts(parts_schema([part], [0], ['Asked: "Keep it short"']))
    assert "Oh, and I just got a puppy called 'Rex' / a beagle." in found
    assert "Asked: 'Keep it short'" in found
    assert not any('"' in c or "\\" in c for c in found if isinstance(c, str))
    copied = {"part": found[0], "kind": "small_talk"}
    [(tool, args)] = tool_calls([copied], [], message=part, known=part, parts=[part])
    assert tool == "add_memory" and '"Rex"' in args["facts"][0]["text"]


def test_a_denied_name_of_a_shown_memory_makes_the_new_memory_its_correction():
    # Seen on the embedded model: both parts filed as how to reply, the first with the right
    # memory (which leaves out the name it denies), the second with a fact nobody said.
    message = ("Wait, I don't live in Salzburg, I live in Innsbruck. "
               "Not sure where Salzburg came from!")
    first, second = split_parts(message)
    shown = {0: "Lives in Salzburg", 1: "Works as a bookbinder"}
    calls = tool_calls(
        [fact(first, "Lives in Innsbruck", kind="how_to_reply"),
         fact(second, "Salzburg is in Austria", kind="how_to_reply")],
        [0, 1], message=message, known=message, shown=shown)
    assert calls == [("update_memory", {"memory_id": 0, "categories": ["misc"],
                                        "updated_memory_text": "Lives in Innsbruck"})]
    # Without the denial the left-out name is who the part is about: its own words are kept.
    sister = "My sister Ana lives in Rome."
    [(tool, args)] = tool_calls([fact(sister, "Lives in Rome")], [0], message=sister,
                                known=sister, shown={0: "Has a sister called Ana"})
    assert tool == "add_memory" and args["facts"][0]["text"] == sister
    # Denied, but the denied name is in no shown memory: nothing to correct, the words kept.
    [(tool, args)] = tool_calls([fact(first, "Lives in Innsbruck")], [1], message=first,
                                known=first, shown={1: "Works as a bookbinder"})
    assert tool == "add_memory" and args["facts"][0]["text"] == first


def test_a_memory_that_copies_a_shown_one_makes_the_part_its_new_version():
    # Seen on the embedded model: the correction's memory copied the shown one, unlinked.
    message = "My car is a Honda Civic, not a Toyota."
    shown = {0: "Drives a Toyota Corolla", 1: "Lives in Denver"}
    calls = tool_calls([fact(message, "Drives a Toyota Corolla")], [0, 1], message=message,
                       known=message, shown=shown)
    assert calls == [("update_memory", {"memory_id": 0, "updated_memory_text": message,
                                        "categories": ["misc"]})]


def test_a_memory_that_only_says_when_is_not_kept_beside_the_fact_it_dates():
    from datetime import date

    friday = date(2024, 3, 15)
    part = "My neighbour Florian is borrowing my van until a week from today."
    [(_, args)] = tool_calls(
        [fact(part, "Florian is borrowing my van", "Until a week from today")], [],
        message=part, known=part, day=friday)
    assert [f["text"] for f in args["facts"]] == [
        "Their neighbour Florian is borrowing my van until a week from today"]
    # Alone, the date is what the part gave: kept rather than losing the part.
    [(_, alone)] = tool_calls([fact("Until Friday.", "Until Friday")], [], message="Until Friday.",
                              known="Until Friday.", day=friday)
    assert [f["text"] for f in alone["facts"]] == ["Until Friday"]


def test_a_non_english_part_that_invents_a_name_keeps_its_own_words():
    # The first person is looked for in English words only: elsewhere the part's own words
    # are kept, as before, rather than nothing.
    part = "Mi hermana Ana vive en Roma."
    [(tool, args)] = tool_calls([fact(part, "Sister Ana lives in Rome, Italy")], [],
                                message=part, known=part)
    assert tool == "add_memory" and args["facts"][0]["text"] == part


def test_a_memory_that_drops_the_parts_negation_keeps_the_users_words():
    # Seen on the embedded model: "I don't eat pork" stored as "Eats pork".
    part = "I don't eat pork"
    [(tool, args)] = tool_calls([fact(part, "Eats pork")], [], message=part, known=part)
    assert [f["text"] for f in args["facts"]] == [part]  # worded in the third person on adding
    kept = "I never drink coffee"
    [(_, args)] = tool_calls([fact(kept, "Never drinks coffee")], [], message=kept, known=kept)
    assert [f["text"] for f in args["facts"]] == ["Never drinks coffee"]
    # A memory of the clause after the denial is not about what it denies.
    job = "I'm not an accountant any more, I became a pilot in January."
    [(_, args)] = tool_calls([fact(job, "Became a pilot in January")], [], message=job,
                             known=job)
    assert "Became a pilot in January" in [f["text"] for f in args["facts"]]
    assert job not in [f["text"] for f in args["facts"]]


def test_a_part_that_only_gives_the_name_keeps_only_the_name():
    message = "I'm Ben, I love going to concerts."
    calls = tool_calls([fact("I'm Ben", "Ben is a person", name="Ben"),
                        fact("I love going to concerts.", "Loves concerts")], [],
                       message=message, known=message)
    [(tool, args)] = calls
    assert [f["text"] for f in args["facts"]] == ["Is called Ben", "Loves concerts"]


def test_a_place_dropped_beside_the_users_name_keeps_the_users_words():
    # "Is a boulangère" for this part lost Lyon; the user's name is not the name to look for.
    # In another language the place goes in brackets: the French part whole was found by no
    # English search and read by no reply ("Ti ricordi che lavoro faccio?": "no information").
    part = "Je m'appelle Camille, je suis boulangère à Lyon."
    [(_, args)] = tool_calls([fact(part, "Is a boulangère", name="Camille")], [],
                             message=part, known=part)
    assert [f["text"] for f in args["facts"]] == ["Is called Camille", f'Said: "{part}"']
    kept = "Hi, I'm Kofi and I live in Accra."
    [(_, args)] = tool_calls([fact(kept, "Lives in Accra", name="Kofi")], [], message=kept,
                             known=kept)
    assert [f["text"] for f in args["facts"]] == ["Is called Kofi", "Lives in Accra"]


def test_a_fact_stored_without_its_verb_gets_the_one_the_user_said():
    # shown to the reply as written ("Allergic to sesame"), a note that could be anyone's
    part = "Hello! I'm Priya, an architect in Edinburgh with two cats."
    [(_, args)] = tool_calls([fact(part, "Architect in Edinburgh", "Has two cats",
                                   name="Priya")], [], message=part, known=part)
    assert [f["text"] for f in args["facts"]] == [
        "Is called Priya", "Is an architect in Edinburgh", "Has two cats"]
    assert with_copula("Allergic to sesame", "Heads up that I\u2019m seriously allergic to "
                       "sesame") == "Is allergic to sesame"
    assert with_copula("Coeliac", "I'm Jonas, I'm coeliac") == "Is coeliac"
    assert with_copula("Tattoo artist", "I quit. I'm a tattoo artist now.") == (
        "Is a tattoo artist")
    # not said after "I'm", a denial, or already led by a verb: as it is
    assert with_copula("Learning Welsh", "I've started learning Welsh") == "Learning Welsh"
    assert with_copula("Teacher", "I am not a teacher any more") == "Teacher"
    assert with_copula("Lives in Rome", "I'm living in Rome") == "Lives in Rome"
    assert with_copula("Three grandchildren", "I'm a retired pharmacist with three "
                       "grandchildren.") == "Three grandchildren"
    assert with_copula("Priya is an architect", "I'm Priya and I design houses") == (
        "Priya is an architect")


def test_a_word_left_as_the_end_of_the_users_longer_word_is_put_back_whole():
    part = "Can you recommend a podcast? I listen to them while I do woodworking."
    [(_, args)] = tool_calls([fact(part, "Listens to podcasts while working")], [],
                             message=part, known=part)
    assert [f["text"] for f in args["facts"]] == ["Listens to podcasts while woodworking"]
    assert with_whole_words("Arbeitet als Schmiedin", "Ich arbeite als Goldschmiedin") == (
        "Arbeitet als Goldschmiedin")
    # A word the part says itself, a short one, or one that ends two of its words: as it is.
    assert with_whole_words("Plays football", "I play football and basketball") == (
        "Plays football")
    assert with_whole_words("Got an engagement ring", "I got engaged during the holiday") == (
        "Got an engagement ring")
    assert with_whole_words("Enjoys working", "I like woodworking and homeworking") == (
        "Enjoys working")


def test_a_forget_removes_only_what_the_message_speaks_of(embedder):
    def similarity(a: str, b: str) -> float:
        va, vb = embedder.embed_documents([a, b])
        return float(np.dot(va, vb) / (np.linalg.norm(va) * np.linalg.norm(vb)))

    parts = ["Can you forget everything about Benedikt, please?",
             "We've split up and I'd rather he wasn't in your notes at all."]
    shown = {0: "Has a boyfriend called Benedikt", 1: "Works as a dog groomer"}
    # The model forgot the boyfriend and called the user's own job no longer true.
    entries = [{"part": p, "kind": "forget", "removes": 0} for p in parts]
    calls = tool_calls(entries, [0, 1], message=" ".join(parts), known=" ".join(parts),
                       shown=shown, similarity=similarity, parts=parts,
                       reviews=[{"now": "no_longer_true"}, {"now": "no_longer_true"}])
    assert calls == [("delete_memory", {"memory_ids": [0]})]
    # A removal that shares no word but a topic stays: "I sold my car" and the Honda.
    sold = "I sold my car, so forget the Honda Civic and the parking permit."
    shown = {0: "Drives a Honda Civic", 1: "Has a parking permit for the car park at work"}
    calls = tool_calls([{"part": sold, "kind": "forget", "removes": 0}], [0, 1], message=sold,
                       known=sold, shown=shown, similarity=similarity,
                       reviews=[{"now": "no_longer_true"}, {"now": "no_longer_true"}])
    assert calls == [("delete_memory", {"memory_ids": [0, 1]})]
    # A name said and held by a removal is what the message is about: a removal by topic
    # alone goes only when none is named (the home went with the ex).
    ex = ("can you scrub whatever you've got about my ex Jolanda? we're done, I don't want "
          "that sitting in your memory anymore")
    shown_ex = {0: "Has an ex-girlfriend called Jolanda", 1: "Lives in Colmar"}
    calls = tool_calls([{"part": ex, "kind": "forget", "removes": 0}], [0, 1], message=ex,
                       known=ex, shown=shown_ex, similarity=lambda a, b: 0.5,
                       reviews=[{"now": "no_longer_true"}, {"now": "no_longer_true"}])
    assert calls == [("delete_memory", {"memory_ids": [0]})]
    # A message that names nothing it removes ("forget that") keeps the model's removals.
    calls = tool_calls([{"part": "Please forget that.", "kind": "forget", "removes": 1}], [0, 1],
                       message="Please forget that.", known="", shown=shown,
                       similarity=similarity)
    assert calls == [("delete_memory", {"memory_ids": [1]})]


def test_a_fact_the_user_says_they_quit_is_ended_with_what_it_was():
    parts = ["Little update: I've quit teaching!", "Started a PhD in soil science last month."]
    shown = {0: "Teaches maths at a secondary school in Derby",
             1: "Has been teaching for eight years", 2: "Lives in Derby"}
    # The model copied the job for the first part, and called every memory unchanged.
    entries = [fact(parts[0], shown[0], kind="plan_or_event"),
               fact(parts[1], "Started PhD in soil science", kind="plan_or_event")]
    calls = tool_calls(entries, [0, 1, 2], message=" ".join(parts), known=" ".join(parts),
                       shown=shown, parts=parts, day=date(2024, 3, 15),
                       reviews=[{"now": "unchanged"}] * 3)
    assert calls[0] == ("update_memory", {
        "memory_id": 0, "categories": [],
        "updated_memory_text": "No longer teaches maths at a secondary school in Derby; has been "
                               "teaching for eight years: has quit teaching (as of March 2024)"})
    assert calls[1] == ("delete_memory", {"memory_ids": [1]})
    assert [f["text"] for f in calls[2][1]["facts"]] == [
        "Started PhD in soil science last month"]
    # What ends is the phrase after the verb, up to a preposition: not a job at an office.
    umbrella = "I left my umbrella at the office, annoying."
    calls = tool_calls([fact(umbrella, "Left umbrella at the office")], [0], message=umbrella,
                       known=umbrella, shown={0: "Works at an office in Leeds"})
    assert calls[0][0] == "add_memory"
    # "I stopped going to choir" ends the choir.
    choir = "I stopped going to choir, it got too late for me."
    calls = tool_calls([fact(choir, "Stopped going to choir")], [0], message=choir, known=choir,
                       shown={0: "Sings in a choir on Tuesdays"})
    assert calls == [("update_memory", {
        "memory_id": 0, "categories": [],
        "updated_memory_text": "No longer sings in a choir on Tuesdays: stopped going to choir, "
                               "it got too late for them"})]


def test_a_lead_in_before_a_comma_or_dash_is_not_kept_and_a_spelling_is_put_right():
    # Filed as small talk, every memory "unchanged": the ending is read from the words, and
    # the memory leads with the user's own clause, not "Heads up".
    part = "heads up, I've packed in roller derby - gave it up last week, my ankles were done"
    shown = {0: "Plays roller derby on a local team", 1: "Works as a tree surgeon"}
    calls = tool_calls([{"part": part, "kind": "small_talk"}], [0, 1], message=part, known=part,
                       shown=shown, parts=[part], day=date(2024, 3, 15),
                       reviews=[{"now": "unchanged"}] * 2)
    assert calls == [("update_memory", {
        "memory_id": 0, "categories": [],
        "updated_memory_text": "No longer plays roller derby on a local team: has packed in "
                               "roller derby - gave it up last week, their ankles were done (as "
                               "of March 2024)"})]
    # A name spelt another way, after a lead-in and a dash: the shown memory is replaced.
    part = ("small thing but it bugs me - my daughter's name is spelt Serafina, with an f, not "
            "Seraphina.")
    shown = {0: "Has a daughter called Seraphina", 1: "Works as a hydrologist"}
    calls = tool_calls([{"part": part, "kind": "small_talk"}], [0, 1], message=part, known=part,
                       shown=shown, parts=[part], reviews=[{"now": "unchanged"}] * 2)
    assert calls == [("update_memory", {
        "memory_id": 0, "categories": [],
        "updated_memory_text": "Their daughter's name is spelt Serafina, with an f"})]


def test_news_of_the_users_own_filed_as_how_to_reply_is_no_preference():
    shown = {0: "Rings the bell at the church on Wednesday evenings", 1: "Has 2 kids"}
    reviews = [{"now": "unchanged"}] * 2
    part = "Oh, forgot to say \u2014 I've jacked in the bell-ringing."
    calls = tool_calls([fact(part, shown[0], kind="how_to_reply")], [0, 1], message=part,
                       known=part, shown=shown, parts=[part], day=date(2024, 3, 15),
                       reviews=reviews)
    assert calls == [("update_memory", {
        "memory_id": 0, "categories": [],
        "updated_memory_text": "No longer rings the bell at the church on Wednesday evenings: "
                               "has jacked in the bell-ringing (as of March 2024)"})]
    part = "Correction: I've got 3 kids, not 2 \u2014 forgot the baby, that's sleep deprivation"
    calls = tool_calls([fact(part, "Wants to correct the number of kids", kind="how_to_reply")],
                       [0, 1], message=part, known=part, shown=shown, parts=[part],
                       reviews=reviews)
    assert calls == [("update_memory", {"memory_id": 1, "categories": [],
                                        "updated_memory_text": "Has 3 kids"})]
    # What the user wants or a format is still how to reply.
    for part in ("I'd rather have short answers", "keep it short", "I prefer metric units"):
        calls = tool_calls([fact(part, "Wants " + part, kind="how_to_reply")], [], message=part,
                           known=part, parts=[part])
        assert calls[0][1]["reply_preferences"] and not calls[0][1]["facts"]


def test_a_reply_preference_asked_in_another_language_is_kept_in_english():
    from chatbot.agents.reply_style import style_of
    part = ("Me cuesta leer párrafos largos, así que de ahora en adelante contéstame siempre en "
            "forma de lista con viñetas, por favor.")
    calls = tool_calls([fact(part, "Wants answers as a bulleted list", kind="how_to_reply")],
                       [], message=part, known=part, parts=[part])
    [asked] = calls[0][1]["reply_preferences"]
    assert asked.startswith("Wants answers as a bulleted list") and style_of([asked]).bullets


def test_whose_thing_it_is_stays_in_the_memory():
    part = "Minding my brother's ball python till Wednesday while he's away with work."
    calls = tool_calls([fact(part, "Minds ball python until Wednesday", kind="plan_or_event")],
                       [], message=part, known=part, parts=[part])
    assert calls[0][1]["facts"][0]["text"] == "Minds their brother's ball python until Wednesday"
    # whose it is said already, in the model's words, is not said twice (sealed30: "Granny's
    # their gran's recipe")
    from chatbot.agents.owners import with_owner
    assert with_owner("Granny's recipe", "it's my gran's recipe") == "Granny's recipe"
    # the user's "my" is "their", not a "his" the model gave them (sealed31)
    assert with_owner("Keeps a praying mantis on his desk",
                      "i keep a praying mantis on my desk lol") == (
        "Keeps a praying mantis on their desk")
    assert with_owner("Sister Ana loves her desk", "my sister Ana loves her desk") == (
        "Sister Ana loves her desk")


def test_a_name_a_translation_left_out_goes_in_brackets_not_the_whole_part():
    part = ("Sono Donatella e faccio la mosaicista a Ravenna, restauro mosaici antichi da quasi "
            "vent'anni.")
    [(_, args)] = tool_calls([fact(part, "Is a mosaicist", "Restores old mosaics",
                                   name="Donatella")], [], message=part, known=part)
    # The part whole, in the user's words: Ravenna, which the memories left out, with it.
    assert [f["text"] for f in args["facts"]] == ["Is called Donatella", f'Said: "{part}"']


def test_a_statement_led_by_we_is_the_users():
    message = "We brought a goldfish home today and I can't think of a name for it. Any ideas?"
    parts = split_parts(message)
    calls = tool_calls([{"part": p, "kind": "request"} for p in parts], [], message=message,
                       known=message, parts=parts, day=date(2024, 3, 15))
    assert [f["text"] for f in calls[0][1]["facts"]] == [
        "Brought a goldfish home today and they can't think of a name for it"]
    assert split_parts("We're off to Crete next week, any packing tips?") == [
        "We're off to Crete next week", "any packing tips?"]


def test_a_name_after_and_leads_a_clause_of_its_own():
    part = "I own about thirty antique typewriters, and Noor, my wife, is an anaesthetist."
    [(_, args)] = tool_calls([fact(part, "Owns about thirty antique typewriters",
                                   "Wife is an anaesthetist")], [], message=part, known=part)
    # Not "Owns about thirty antique typewriters, and Noor" beside "Their wife, is an ...".
    assert [f["text"] for f in args["facts"]] == [
        "I own about thirty antique typewriters", "Noor, my wife, is an anaesthetist."]


def test_a_correction_after_a_lead_in_filed_as_small_talk_is_made():
    message = "You've mixed something up: my son is Tiernan, not Lorcan."
    shown = {0: "Has a son called Lorcan", 1: "Enjoys bouldering"}
    calls = tool_calls([{"part": message, "kind": "small_talk"}], [0, 1], message=message,
                       known=message, shown=shown, parts=[message])
    # the shown memory with the name put right ("Tiernan, not Lorcan", session 39)
    assert calls == [("update_memory", {"memory_id": 0, "categories": [],
                                        "updated_memory_text": "Has a son called Tiernan"})]


def test_the_old_value_of_a_changed_memory_is_not_added_again():
    parts = ["Small correction \u2014 it's hazelnuts I'm allergic to, not walnuts.",
             "Walnuts are totally fine for me."]
    shown = {0: "Is allergic to walnuts", 1: "Has a lurcher called Bramble"}
    calls = tool_calls([fact(parts[0], "Allergic to hazelnuts"),
                        fact(parts[1], "Allergic to walnuts")], [0, 1],
                       message=" ".join(parts), known=" ".join(parts), shown=shown, parts=parts)
    assert calls == [("update_memory", {"memory_id": 0, "categories": ["misc"],
                                        "updated_memory_text": "Is allergic to hazelnuts"})]


def test_a_thing_the_user_calls_theirs_is_kept_from_a_request():
    # "ferret" (Zipf 3.0) was just above the rare line: the request kept nothing.
    message = "I need ideas for toys for my ferret."
    calls = tool_calls([{"part": message, "kind": "request"}], [], message=message,
                       known=message, parts=[message])
    assert [f["text"] for f in calls[0][1]["facts"]] == ["Needs ideas for toys for their ferret"]
    # A common thing after "my" is small talk still.
    for small in ("I ate my sandwich.", "I finished my coffee."):
        assert tool_calls([{"part": small, "kind": "small_talk"}], [], message=small,
                          known=small, parts=[small]) == [("noop", {})]


def test_a_clause_before_a_question_that_names_someone_new_is_kept():
    message = ("My son Wilfred starts at a new school on Monday and he's really nervous \u2014 "
               "what could I say to reassure him?")
    parts = split_parts(message)
    # The model filed the clause with the question, and the question as how to reply.
    entries = [{"part": parts[0], "kind": "question"},
               fact(parts[1], "what could I say to reassure him?", kind="how_to_reply")]
    calls = tool_calls(entries, [], message=message, known=message, parts=parts)
    assert calls == [("add_memory", {"facts": [
        {"text": "Their son Wilfred starts at a new school on Monday and he's really nervous",
         "categories": [], "kind": "fact"}], "reply_preferences": []})]
    # A question after "remind me," is the user's own too, not how to reply.
    remind = "remind me, which city do I live in now, and when exactly did we move?"
    calls = tool_calls([fact(remind, "Lives in Haarlem", kind="how_to_reply")], [0],
                       message=remind, known=remind, shown={0: "Lives in Haarlem"})
    assert calls == [("noop", {})]
    # A question that speaks to the assistant may be how to reply.
    ask = "Could you answer in French from now on?"
    calls = tool_calls([fact(ask, "Wants replies in French", kind="how_to_reply")], [],
                       message=ask, known=ask)
    # (in the user's words: "replies" is the worked examples' word, not theirs)
    assert calls[0][1]["reply_preferences"] == ['Asked: "Could you answer in French from now on?"']


def test_a_possession_said_again_with_a_light_word_is_not_added():
    from chatbot.agents.guards import stems
    from chatbot.agents.restated import _nothing_new

    assert _nothing_new(stems("Has got six quails up at their smallholding"),
                        stems("Keeps six quails on a smallholding"))
    assert not _nothing_new(stems("Has a new car"), stems("Has a car"))
    assert not _nothing_new(stems("Lives in Leeds now"), stems("Lives in Leeds"))


def test_x_not_y_filed_as_small_talk_replaces_the_word_in_the_shown_memory():
    message = "Oh wait, it's a degu, not a gerbil. The shelter got the paperwork mixed up."
    parts = split_parts(message)
    shown = {0: "Is bringing home a gerbil from the shelter on 16 March 2024"}
    calls = tool_calls([{"part": p, "kind": "small_talk"} for p in parts], [0], message=message,
                       known=message, parts=parts, shown=shown)
    assert calls == [("update_memory", {
        "memory_id": 0, "categories": [],
        "updated_memory_text": "Is bringing home a degu from the shelter on 16 March 2024"})]
    # Asked, it says nothing: "Is it a degu, not a gerbil?"
    ask = "Is it a degu, not a gerbil?"
    assert tool_calls([{"part": ask, "kind": "question"}], [0], message=ask, known=ask,
                      shown=shown) == [("noop", {})]


def test_a_request_for_replies_asked_as_a_question_stays_a_preference():
    ask = "Can I get replies in bullet points from now on?"
    calls = tool_calls([fact(ask, "Wants replies in bullet points", kind="how_to_reply")], [],
                       message=ask, known=ask)
    assert calls[0][1]["reply_preferences"] == ["Wants replies in bullet points"]


def test_a_request_to_delete_that_names_the_memory_deletes_it(embedder):
    def similarity(a: str, b: str) -> float:
        va, vb = embedder.embed_documents([a, b])
        return float(np.dot(va, vb) / (np.linalg.norm(va) * np.linalg.norm(vb)))

    message = ("hey can you delete the bit about me learning to juggle? i'd rather that wasn't "
               "on file tbh")
    parts = split_parts(message)
    shown = {0: "Is learning to juggle", 1: "Goes geocaching at weekends"}
    ask = fact(parts[0], "Removed learning to juggle", kind="how_to_reply")
    reviews = [{"now": "no_longer_true"}, {"now": "unchanged"}]
    # The request is close to what it removes: it was paired with it as its new text
    # ('Asked: "hey can you delete ..."') and the forget was lost.
    for entries in ([ask, {"part": parts[1], "kind": "forget", "removes": 0}], [ask]):
        calls = tool_calls(entries, [0, 1], message=message, known=message, shown=shown,
                           similarity=similarity, parts=parts[:len(entries)], reviews=reviews)
        assert calls == [("delete_memory", {"memory_ids": [0]})]
    # A request filed beside a forget that speaks of something else stays a preference.
    other = "Forget that I juggle. And reply in French from now on."
    parts = split_parts(other)
    calls = tool_calls([{"part": parts[0], "kind": "forget", "removes": 0},
                        fact(parts[1], "Reply in French", kind="how_to_reply")], [0, 1],
                       message=other, known=other, shown=shown, similarity=similarity,
                       parts=parts, reviews=reviews)
    assert calls == [("delete_memory", {"memory_ids": [0]}),
                     ("add_memory", {"facts": [], "reply_preferences": ["Reply in French"]})]


def test_a_name_the_assistant_got_wrong_is_replaced_in_the_shown_memory():
    parts = ["erm, you've got my sister's name wrong \u2014 she's Sunniva.", "Rhona's my cousin!"]
    message = " ".join(parts)
    shown = {0: "Has a sister called Rhona", 1: "Works as a courier"}
    calls = tool_calls([{"part": parts[0], "kind": "small_talk"},
                        {"part": parts[1], "kind": "fact", "user_name": None,
                         "memories": [{"memory": "Rhona is Sunniva's cousin",
                                       "category": "family"}]}],
                       [0, 1], message=message, known=message, shown=shown, parts=parts,
                       reviews=[{"now": "unchanged"}] * 2, day=date(2024, 3, 15))
    assert ("update_memory", {"memory_id": 0, "updated_memory_text": "Has a sister called Sunniva",
                              "categories": []}) in calls
    # The user's own name; a memory of something else, or two names, is left alone.
    part = "you got my name wrong, it's Sunniva"
    for shown, changed in (({0: "Is called Rhona"}, "Is called Sunniva"),
                           ({0: "Has a dog called Rhona"}, None),
                           ({0: "Has a sister called Rhona Mairi"}, None)):
        calls = tool_calls([{"part": part, "kind": "small_talk"}], [0], message=part,
                           known=part, shown=shown, parts=[part], reviews=[{"now": "unchanged"}])
        updated = [a["updated_memory_text"] for n, a in calls if n == "update_memory"]
        assert updated == ([changed] if changed else [])


def test_x_not_my_y_replaces_the_word_in_the_shown_memory():
    parts = ["wait no, Clementine is my goddaughter, not my daughter lol.", "I don't have kids"]
    message = " ".join(parts)
    calls = tool_calls([{"part": p, "kind": "small_talk"} for p in parts], [0, 1],
                       message=message, known=message,
                       shown={0: "Has a daughter called Clementine", 1: "Lives in Nanaimo"},
                       parts=parts, reviews=[{"now": "unchanged"}] * 2)
    assert calls == [("update_memory", {"memory_id": 0, "categories": [],
                                        "updated_memory_text": "Has a goddaughter called "
                                                               "Clementine"})]


def test_a_name_said_after_taking_back_replaces_the_shown_one():
    parts = ["wait no sorry, Bellinzona!",
             "Neuch\u00e2tel is where my sister lives, I always mix them up when I type fast"]
    message = " ".join(parts)
    shown = {0: "Originally from Neuch\u00e2tel"}
    calls = tool_calls([{"part": parts[0], "kind": "small_talk"},
                        {"part": parts[1], "kind": "fact", "user_name": None,
                         "memories": [{"memory": "Sister lives in Neuch\u00e2tel",
                                       "category": "family"}]}],
                       [0], message=message, known=message, shown=shown, parts=parts,
                       reviews=[{"now": "unchanged"}], day=date(2024, 3, 15))
    assert calls[0] == ("update_memory", {"memory_id": 0, "categories": [],
                                          "updated_memory_text": "Originally from Bellinzona"})
    # The sister's town is hers, not the old value again.
    assert "Sister lives in Neuch\u00e2tel" in [f["text"] for f in calls[1][1]["facts"]]
    # Without words that take something back, or with two memories it could be, no change.
    calls = tool_calls([{"part": "sorry, I meant Bellinzona", "kind": "small_talk"}], [0],
                       message="sorry, I meant Bellinzona", known="sorry, I meant Bellinzona",
                       shown={0: "Originally from Neuch\u00e2tel"}, reviews=[{"now": "unchanged"}])
    assert calls[0][1]["updated_memory_text"] == "Originally from Bellinzona"
    for part, shown in (("ok Bellinzona!", {0: "Originally from Neuch\u00e2tel"}),
                        ("oh no, Dave!", {0: "Has a brother called Tom"}),
                        ("no sorry, Bellinzona!", {0: "Originally from Neuch\u00e2tel",
                                                   1: "Has a cat called Moritz"})):
        calls = tool_calls([{"part": part, "kind": "small_talk"}], sorted(shown), message=part,
                           known=part, shown=shown, parts=[part],
                           reviews=[{"now": "unchanged"}] * len(shown))
        assert not [c for c in calls if c[0] == "update_memory"], part


def test_x_not_y_in_another_language_replaces_the_name_in_the_shown_memory():
    message = "Scusa, ieri ti ho detto una cosa sbagliata: Ludovica va a Lecce, non a Udine."
    shown = {0: "Mia figlia Ludovica a settembre si trasferisce a Udine per l'università."}
    new = "Mia figlia Ludovica a settembre si trasferisce a Lecce per l'università."
    # Filed as small talk, or as how to reply with the shown memory copied.
    for entry in ({"part": message, "kind": "small_talk"},
                  fact(message, shown[0], kind="how_to_reply", replaces=0)):
        assert tool_calls([entry], [0], message=message, known=message, shown=shown) == [
            ("update_memory", {"memory_id": 0, "categories": [], "updated_memory_text": new})]
    # In English a name after "not" is left to the statement reader; a part whose memory
    # already says the new word puts it right in the old memory, which says more (sealed54).
    degu = "Oh wait, it's a degu, not a gerbil."
    shown = {0: "Is bringing home a gerbil from the shelter"}
    calls = tool_calls([fact(degu, "Is bringing home a degu", kind="fact", replaces=0)], [0],
                       message=degu, known=degu, shown=shown)
    assert calls == [("update_memory", {
        "memory_id": 0, "categories": ["misc"],
        "updated_memory_text": "Is bringing home a degu from the shelter"})]
    calls = tool_calls([fact(degu, shown[0], kind="how_to_reply", replaces=0)], [0],
                       message=degu, known=degu, shown=shown)
    assert calls[0][1]["updated_memory_text"] == "Is bringing home a degu from the shelter"


def test_a_memory_naming_what_nobody_said_is_not_kept_in_another_language():
    message = "Mia figlia Ludovica a settembre si trasferisce a Udine per l'università."
    calls = tool_calls([fact(message, "Lives in Rome")], [], message=message, known=message)
    assert calls == [("add_memory", {"facts": [{"text": f'Said: "{message}"',
                                                "categories": ["misc"], "kind": "fact"}],
                                     "reply_preferences": []})]


def test_a_clause_that_left_out_its_i_is_the_users():
    message = "trying to get my toddler Cosimo to eat anything green, any tips?"
    parts = split_parts(message)
    assert parts == ["trying to get my toddler Cosimo to eat anything green", "any tips?"]
    calls = tool_calls([{"part": p, "kind": "question"} for p in parts], [], message=message,
                       known=message, parts=parts)
    assert calls == [("add_memory", {"facts": [{
        "text": "Is trying to get their toddler Cosimo to eat anything green",
        "categories": [], "kind": "fact"}], "reply_preferences": []})]
    for one in ("Anything for my dog, any ideas?", "Nothing works for my back, any tips?"):
        assert split_parts(one) == [one]


def test_an_emoji_ends_a_sentence_and_an_interjection_leads_a_clause():
    message = ("omg my cousin Ludmila's wedding is next Saturday in Girona and I STILL don't "
               "have a suit 😩 where do I even start")
    parts = split_parts(message)
    assert parts == ["omg my cousin Ludmila's wedding is next Saturday in Girona",
                     "I STILL don't have a suit 😩", "where do I even start"]
    # Filed as small talk, the dated clause about someone of the user's is kept as an event.
    calls = tool_calls([{"part": p, "kind": "small_talk"} for p in parts], [], message=message,
                       known=message, shown={}, parts=parts, day=date(2024, 3, 15))
    assert calls == [("add_memory", {"facts": [{
        "text": "Their cousin Ludmila's wedding is next Saturday in Girona", "categories": [],
        "kind": "event"}], "reply_preferences": []})]


def test_a_memory_that_drops_the_object_of_the_users_verb_keeps_their_words():
    message = "I'm 34, I play the cello in an orchestra, and my partner Dev is a chef."
    parts = split_parts(message)
    entries = [fact(parts[0], "Age is 34"), fact(parts[1], "Played in orchestra"),
               fact(parts[2], "Partner Dev is a chef")]
    calls = tool_calls(entries, [], message=message, known=message, parts=parts)
    assert [f["text"] for f in calls[0][1]["facts"]] == [
        "Age is 34", "I play the cello in an orchestra", "Partner Dev is a chef"]
    # An object kept in other words is kept ("Has ferrets" for "I keep two ferrets").
    ferrets = "I keep two ferrets"
    calls = tool_calls([fact(ferrets, "Has ferrets")], [], message=ferrets, known=ferrets)
    assert [f["text"] for f in calls[0][1]["facts"]] == ["Has ferrets"]


def test_someone_who_died_ends_the_facts_that_name_them():
    message = "sad news… Quirin died on Sunday. he was 14, it was his heart."
    parts = split_parts(message)
    assert parts[:2] == ["sad news…", "Quirin died on Sunday."]  # an ellipsis ends a sentence
    shown = {0: "Has a corgi called Quirin", 1: "Lives in Kaunas"}
    # The model filed every part as small talk and every memory as unchanged.
    calls = tool_calls([{"part": p, "kind": "small_talk"} for p in parts], [0, 1],
                       message=message, known=message, shown=shown, parts=parts,
                       day=date(2024, 3, 15), reviews=[{"now": "unchanged"}] * 2)
    assert calls == [("update_memory", {
        "memory_id": 0, "categories": [],
        "updated_memory_text": "No longer has a corgi called Quirin: Quirin died on 10 March "
                               "2024 (as of March 2024)"})]
    # "We lost <name>" is the same; "I lost my keys" is not.
    lost = "We lost Quirin on Tuesday, my old corgi."
    assert ended_facts(lost, [], shown, {}) == [0]
    assert ended_facts("I lost my keys in Kaunas", [], shown, {}) == []
    # Not someone who nearly did, nor a name no memory holds.
    for text in ("Quirin nearly died on Sunday.", "My neighbour's cat died on Sunday."):
        calls = tool_calls([{"part": text, "kind": "small_talk"}], [0, 1], message=text,
                           known=text, shown=shown, day=date(2024, 3, 15))
        assert "update_memory" not in [c for c, _ in calls], text


def test_something_parted_with_ends_the_facts_that_name_it():
    day = date(2024, 2, 19)
    message = ("End of an era: I handed back the keys to the estate on Friday, and from today "
               "I'm training as a steeplejack.")
    shown = {0: "Gamekeeper on a big estate outside Kuopio", 1: "Plays football on Fridays"}
    # The model copied the part for its memory and found nothing changed: the job stayed.
    calls = tool_calls([fact(message, message, kind="plan_or_event")], [0, 1], message=message,
                       known=message, shown=shown, day=day, reviews=[{"now": "unchanged"}] * 2)
    assert [c for c, _ in calls] == ["update_memory"]
    text = calls[0][1]["updated_memory_text"]
    assert calls[0][1]["memory_id"] == 0 and "steeplejack" in text
    assert text.endswith(
        "(as of February 2024; no longer: gamekeeper on a big estate outside Kuopio)")
    # Sold, or gone by itself; what is parted with is named by the fact, not an adjective.
    car = {0: "Drives an old Trabant", 1: "Boyfriend Tom has a dog"}
    for said, ends in [("I sold the Trabant to my neighbour last week.", [0]),
                       ("The Trabant was finally sold on Friday.", [0]),
                       ("My Trabant got stolen!", [0]),
                       ("I sold some old books at the market.", []),
                       ("I never sold the Trabant, I gave it to my son.", []),
                       ("Tom and I split up last week.", [1]),
                       ("I broke up with Tom on Friday", [1]),
                       ("The Trabant wasn't stolen after all.", [])]:
        assert ended_facts(said, [], car, {}) == ends, said
    # What ended begins a word of the fact: "quit engraving" ends "Works as an engraver".
    assert ended_facts("Update: I quit engraving", [("Quit engraving", [], None)],
                       {0: "Works as an engraver", 1: "Lives in Pamplona"}, {}) == [0]
    # Ended by itself: a league that folded, a choir disbanded; not a match called off.
    league = {0: "Plays in a Sunday netball league", 1: "Sings in a choir in Dumfries"}
    for said, ends in [("gutted, our netball league folded last week so no more sunday "
                        "matches :(", [0]),
                       ("my choir has disbanded, sadly", [1]),
                       ("the match was cancelled because of rain", [])]:
        assert ended_facts(said, [], league, {}) == ends, said
    # Leaving a job, a place, a partner, a pet or a plot, said many ways.
    shown = {0: "Lives in Denver", 1: "Works as a barista at Blue Cup", 2: "Has a cat called Miso",
             3: "Girlfriend is called Tess", 4: "Has an allotment"}
    for said, ends in [("We rehomed Miso last month", [2]),
                       ("Tess and I aren't together anymore", [3]), ("Tess dumped me", [3]),
                       ("I handed in my notice at Blue Cup", [1]),
                       ("I got laid off from Blue Cup last week", [1]),
                       ("I gave the allotment back to the council", [4]),
                       ("we packed up and left Denver", [0]), ("Tom left Denver", []),
                       ("I never left Denver", []), ("I left my umbrella on the bus", []),
                       ("sold my allotment over the weekend, needed the cash", [4])]:
        assert ended_facts(said, [], shown, {}) == ends, said


def test_what_the_user_is_off_to_do_this_minute_is_not_kept():
    from chatbot.agents.guards import of_the_moment
    message = "Ha, fair enough. Right, I'm off to put the kettle on. Chat later!"
    parts = split_parts(message)
    entries = [fact(p, "Is off to put the kettle on") if "kettle" in p
               else {"part": p, "kind": "small_talk"} for p in parts]
    calls = tool_calls(entries, [], message=message, known=message, parts=parts)
    assert [c for c, _ in calls] == ["noop"]
    for said in ("Gotta run!", "I'm off to bed", "brb", "I'm stuck in traffic",
                 "sat in the laundrette waiting for my duvet to finish and I'm sooo bored."):
        assert of_the_moment(said), said
    # A trip, a plan with a time, somewhere to be: kept.
    for said in ("I'm off to Lisbon", "I'm off to visit my sister in Chile",
                 "I'm off to uni next month", "I have to go to the dentist on Friday",
                 "I have to go now, my daughter Lily is calling",
                 "I'm stuck in Lisbon until Friday", "I am waiting for my exam results"):
        assert not of_the_moment(said), said


def test_a_new_job_replaces_the_shown_one():
    message = "From today I'm training as a steeplejack!"
    shown = {0: "Works as a gamekeeper on an estate near Kuopio", 1: "Lives in Kuopio"}
    calls = tool_calls([fact(message, "Is training as a steeplejack")], [0, 1],
                       message=message, known=message, shown=shown,
                       reviews=[{"now": "unchanged"}] * 2)
    assert [(c, a.get("memory_id")) for c, a in calls] == [("update_memory", 0)]
    assert calls[0][1]["updated_memory_text"] == "Is training as a steeplejack"
    # A second job is added, not put in the first one's place.
    side = "I also work as a barista on Saturdays"
    calls = tool_calls([fact(side, "Also works as a barista on Saturdays")], [0, 1],
                       message=side, known=side, shown=shown, reviews=[{"now": "unchanged"}] * 2)
    assert [c for c, _ in calls] == ["add_memory"]


def test_a_new_fact_about_the_replaced_value_is_not_kept():
    message = ("well the move is DONE. we drove out of Asheville on sunday and we're renting a "
               "place in Yellowknife now")
    shown = {0: "Lives in Asheville", 1: "Has a daughter called Cordelia"}
    calls = tool_calls([fact(message, "Moved to Yellowknife",
                             "We drove out of Asheville on 10 March 2024")], [0, 1],
                       message=message, known=message, shown=shown,
                       reviews=[{"now": "unchanged"}] * 2)
    assert calls == [("update_memory", {"memory_id": 0, "categories": ["misc"],
                                        "updated_memory_text": "Moved to Yellowknife"})]
    # "X, not Y": a fact led by the old value goes with it.
    fix = "I play the sousaphone in the band, not the flugelhorn. They're both brass"
    shown = {0: "Plays the flugelhorn in a band", 1: "Lives in Matera"}
    calls = tool_calls([fact(fix, "Plays the sousaphone in the band", "Flugelhorn is brass")],
                       [0, 1], message=fix, known=fix, shown=shown,
                       reviews=[{"now": "changed"}, {"now": "unchanged"}])
    assert [c for c, _ in calls] == ["update_memory"]


def test_leaving_a_place_ends_living_there_and_a_fact_about_who_was_lost_is_not_kept():
    # The model wrote "Move to Yellowknife" for "the move is DONE" (no "moved to": the home
    # stayed) and kept "We drove out of Asheville on 10 March 2024" beside it.
    day = date(2024, 3, 15)
    parts = ["well the move is DONE.", "we drove out of Asheville on sunday and we're renting "
             "a place in Yellowknife now"]
    message = " ".join(parts)
    shown = {0: "Lives in Asheville", 1: "Has a daughter called Cordelia"}
    calls = tool_calls([fact(parts[0], "Move to Yellowknife", kind="plan_or_event"),
                        fact(parts[1], "We drove out of Asheville on sunday")], [0, 1],
                       message=message, known=message, shown=shown, parts=parts, day=day,
                       reviews=[{"now": "unchanged"}] * 2)
    assert [(c, a.get("memory_id")) for c, a in calls] == [("update_memory", 0),
                                                           ("add_memory", None)]
    assert "Yellowknife" in calls[0][1]["updated_memory_text"]
    assert [f["text"] for f in calls[1][1]["facts"]] == ["Move to Yellowknife"]
    assert ended_facts("We left Tromsø last week.", [], {0: "Lives in Tromsø"}, {}) == [0]
    assert ended_facts("We left Tromsø early, the party was dull.", [],
                       {0: "Works in Bergen"}, {}) == []
    # "She was fifteen" after the loss came as "Gudrun: fifteen years old".
    parts = ["We lost Gudrun on Tuesday, my old basenji.", "She was fifteen and it was her time."]
    message = " ".join(parts)
    shown = {0: "Has a basenji called Gudrun", 1: "Works as a sign painter"}
    calls = tool_calls([fact(parts[0], "We lost Gudrun on Tuesday, their old basenji"),
                        fact(parts[1], "Gudrun: fifteen years old")], [0, 1], message=message,
                       known=message, shown=shown, parts=parts, day=day,
                       reviews=[{"now": "unchanged"}] * 2)
    assert [(c, a.get("memory_id")) for c, a in calls] == [("update_memory", 0)]
    # A thing sold, said as a plan by the model ("Sells Rolleiflex"), goes with the old fact.
    sold = "sold my rolleiflex over the weekend, needed the cash for the move."
    calls = tool_calls([fact(sold, "Sells Rolleiflex", kind="plan_or_event")], [0, 1],
                       message=sold, known=sold, day=day,
                       shown={0: "Owns a vintage Rolleiflex camera", 1: "Lives in Aalborg"},
                       reviews=[{"now": "unchanged"}] * 2)
    assert [(c, a.get("memory_id")) for c, a in calls] == [("update_memory", 0)]


def test_what_the_user_says_the_assistant_has_wrong_is_replaced_by_what_is_so():
    # "you've got him down as a snake" in one sentence, what Wojtek is in the next: the new
    # fact had been added beside the corn snake.
    parts = ["Wojtek would be mortally offended to hear you've got him down as a snake.",
             "He's a terrapin, and he's been basking under his lamp all morning."]
    message = " ".join(parts)
    shown = {0: "Has a corn snake called Wojtek", 1: "Lives in Regensburg"}
    calls = tool_calls([{"part": parts[0], "kind": "small_talk"},
                        fact(parts[1], "He's a terrapin, basking under his lamp")], [0, 1],
                       message=message, known=message, shown=shown, parts=parts,
                       reviews=[{"now": "unchanged"}] * 2)
    assert [(c, a.get("memory_id")) for c, a in calls] == [("update_memory", 0)]
    assert calls[0][1]["updated_memory_text"].startswith("Wojtek: ")
    parts = ["you have me as a vegetarian.", "I'm actually pescatarian these days"]
    message = " ".join(parts)
    calls = tool_calls([{"part": parts[0], "kind": "small_talk"},
                        fact(parts[1], "Is pescatarian")], [0, 1], message=message,
                       known=message, shown={0: "Is vegetarian", 1: "Lives in Lyon"},
                       parts=parts, reviews=[{"now": "unchanged"}] * 2)
    assert calls == [("update_memory", {"memory_id": 0, "updated_memory_text": "Is pescatarian",
                                        "categories": ["misc"]})]
    # Thinking of the assistant as something is no record of the user's.
    assert disputed("I think of you as a friend", {0: "Has a friend called Bo"}, {}) is None


def test_a_move_to_a_named_place_replaces_the_shown_home():
    message = "Big news — we finally moved to Haarlem last Tuesday!!"
    shown = {0: "Lives in Szeged", 1: "Works as a cobbler"}
    calls = tool_calls([fact(message, "Moved to Haarlem last Tuesday")], [0, 1],
                       message=message, known=message, shown=shown,
                       reviews=[{"now": "unchanged"}] * 2)
    assert calls == [("update_memory", {"memory_id": 0, "categories": ["misc"],
                                        "updated_memory_text": "Moved to Haarlem last Tuesday"})]
    moved = "Correction: I moved from Lisbon to Porto last month."
    calls = tool_calls([fact(moved, "Moved from Lisbon to Porto")], [0, 1], message=moved,
                       known=moved, shown={0: "Lives in Lisbon", 1: "Works as a nurse"},
                       reviews=[{"now": "unchanged"}] * 2)
    assert [(c, a.get("memory_id")) for c, a in calls] == [("update_memory", 0)]
    # A move inside the same place, or to no named place, is a new fact.
    for text, memory in (("We moved into a bigger flat in Szeged.", "Moved into a bigger flat "
                          "in Szeged"), ("We moved to a bigger flat.", "Moved to a bigger flat")):
        calls = tool_calls([fact(text, memory)], [0, 1], message=text, known=text, shown=shown)
        assert [c for c, _ in calls] == ["add_memory"], text


def test_what_the_user_asks_to_forget_is_not_kept_in_other_words():
    message = ("Can you forget the paragliding stuff please? I quit, and I'd honestly rather "
               "not be reminded of it.")
    parts = split_parts(message)
    shown = {0: "Is training for a paragliding licence", 1: "Lives in Rijeka"}
    entries = [{"part": parts[0], "kind": "forget", "removes": 0},
               fact(parts[1], "Quit training for a paragliding licence"),
               {"part": parts[2], "kind": "forget", "removes": 0}]
    calls = tool_calls(entries, [0, 1], message=message, known=message, shown=shown,
                       parts=parts, reviews=[{"now": "no_longer_true"}, {"now": "unchanged"}])
    assert calls == [("delete_memory", {"memory_ids": [0]})]


def test_a_request_to_erase_filed_as_how_to_reply_removes_what_it_names():
    parts = ["Could you erase everything about my ex, Lambert?",
             "I'd rather you didn't keep anything about him."]
    shown = {0: "Broke up with ex-partner Lambert in January", 1: "Lives in Cluj",
             2: "Works as a canoe instructor"}
    # The model filed both parts as how to reply, each with a shown memory as its own.
    entries = [fact(parts[0], "Lives in Cluj", kind="how_to_reply"),
               fact(parts[1], "Works as a canoe instructor", kind="how_to_reply")]
    message = " ".join(parts)
    calls = tool_calls(entries, [0, 1, 2], message=message, known=message, shown=shown,
                       parts=parts)
    assert calls == [("delete_memory", {"memory_ids": [0]})]
    # A part that asks not to be kept keeps nothing, whatever the model filed it as.
    secret = "Please don't save this anywhere: the padlock on my garden shed opens with 4-0-8-6-1."
    calls = tool_calls([fact(secret, "Padlock on garden shed opens with 4-0-8-6-1",
                             kind="how_to_reply")], [], message=secret, known=secret)
    assert calls == [("noop", {})]
    # A verb of removal in the user's own doing is no request.
    job = "I remove asbestos from old buildings for a living."
    calls = tool_calls([fact(job, "Removes asbestos from old buildings")], [0], message=job,
                       known=job, shown={0: "Lives in Cluj"})
    assert calls[0][0] == "add_memory"
    # "Don't forget ..." asks to keep.
    keep = "Please don't forget that my birthday is on 5 May."
    calls = tool_calls([fact(keep, "Birthday is on 5 May")], [0], message=keep, known=keep,
                       shown={0: "Lives in Cluj"})
    assert calls[0][0] == "add_memory"


def test_a_correction_filed_as_how_to_reply_beside_a_forget_is_the_new_version(embedder):
    def similarity(a: str, b: str) -> float:
        va, vb = embedder.embed_documents([a, b])
        return float(np.dot(va, vb) / (np.linalg.norm(va) * np.linalg.norm(vb)))

    message = "Wait, I mixed that up: Rolo is my cat, I don't have a dog."
    parts = split_parts(message)
    entries = [fact(parts[0], "Rolo is my cat", kind="how_to_reply"),
               {"part": parts[1], "kind": "forget", "removes": 0}]
    calls = tool_calls(entries, [0], message=message, known=message, parts=parts,
                       shown={0: "Has a dog named Rolo"}, similarity=similarity,
                       reviews=[{"now": "no_longer_true"}])
    assert [c for c, _ in calls] == ["update_memory"]
    assert "cat" in calls[0][1]["updated_memory_text"]


def test_x_not_y_keeps_the_words_of_a_compound_noun():
    message = "Oh, one thing you've got wrong: Nutmeg is a guinea pig, not a rabbit."
    shown = {0: "Has a rabbit called Nutmeg", 1: "Works as a stonemason"}
    # The model wrote a copy of the job for the part.
    calls = tool_calls([fact(message, "Works as a stonemason")], [0, 1], message=message,
                       known=message, shown=shown)
    assert calls == [("update_memory", {"memory_id": 0, "categories": [],
                                        "updated_memory_text": "Has a guinea pig called Nutmeg"})]


def test_a_day_of_the_week_in_another_language_is_written_in_english():
    # "Class on Martes" for "todos los martes": a Spanish day copied as if it were a name.
    part = "Estoy aprendiendo a tocar el bandoneón y tengo clase todos los martes por la tarde."
    [(_, args)] = tool_calls([fact(part, "Learning to play the bandoneón",
                                   "Has a class on Martes afternoons")], [], message=part,
                             known=part)
    # Kept in the user's words, the day stays theirs; so does a change of a shown memory.
    assert [f["text"] for f in args["facts"]] == [f'Said: "{part}"']
    moved = "Ahora la clase es los jueves."
    calls = tool_calls([fact(moved, "Has a class on Jueves", replaces=0)], [0], message=moved,
                       known=moved,
                       shown={0: f'Said: "{part}"'}, reviews=[{"now": "changed"}])
    assert calls == [("update_memory", {"memory_id": 0, "categories": ["misc"],
                                        "updated_memory_text": f'Said: "{moved}"'})]
    # A clause cut at a semicolon is quoted without it.
    husband = "Mon mari Gaspard est ébéniste à Vannes ;"
    [(_, args)] = tool_calls([fact(husband, "Ebeniste at Vannes")], [], message=husband,
                             known=husband)
    assert [f["text"] for f in args["facts"]] == ['Said: "Mon mari Gaspard est ébéniste à Vannes"']
    # A question filed as a fact keeps nothing ("Déjà ?").
    asked = "Qu'est-ce que je fais le week-end, déjà ?"
    calls = tool_calls([fact(asked, "Déjà")], [], message=asked, known=asked)
    assert calls == [("noop", {})]


def test_a_memory_that_drops_a_later_name_keeps_the_users_words():
    # "Dog is a Labrador": the breed kept, the dog's name lost.
    part = "my dog is a Beagle called Pip"
    [(_, args)] = tool_calls([fact(part, "Dog is a Beagle")], [], message=part, known=part)
    assert [f["text"] for f in args["facts"]] == [part]
    # A name the part denies is no name to keep.
    car = "My car is a Honda Civic, not a Toyota."
    [(_, kept)] = tool_calls([fact(car, "Drives a Honda Civic")], [], message=car, known=car)
    assert [f["text"] for f in kept["facts"]] == ["Drives a Honda Civic"]


def test_a_question_of_the_users_own_is_no_reply_preference():
    # "remind me which hotel ..." came as how to reply and was kept as 'Asked: "..."'.
    asked = "remind me which hotel I'm staying at in Kotor and what time my flight leaves?"
    calls = tool_calls([fact(asked, "Remind them which hotel", kind="how_to_reply")], [],
                       message=asked, known=asked)
    assert calls == [("noop", {})]
    wanted = "Could you always tell me which wine goes with a dish?"
    calls = tool_calls([fact(wanted, "Wants a wine with each dish", kind="how_to_reply")], [],
                       message=wanted, known=wanted)
    assert [c for c, _ in calls] == ["add_memory"]


def test_a_message_typed_in_lower_case_is_split_at_each_i():
    # "i go spearfishing every summer" was lost inside one part with the city.
    message = ("ok some background so ur not clueless: i grew up in Kutaisi, i go spearfishing "
               "every summer, my partner Bartosz is an organ builder")
    assert split_parts(message) == [
        "ok some background so ur not clueless: i grew up in Kutaisi",
        "i go spearfishing every summer", "my partner Bartosz is an organ builder"]
    assert split_parts("i don't live in Salzburg, i live in Innsbruck") == [
        "i don't live in Salzburg, i live in Innsbruck"]  # one correction


def test_a_request_for_good_asked_as_a_question_is_how_to_reply():
    from chatbot.agents.language import asked_language
    message = ("i'm trying to get my german back up to scratch, so could you answer me in german "
               "from now on? even when i write in english")
    parts = split_parts(message)
    calls = tool_calls([fact(parts[0], "Wants to get German back up to scratch"),
                        {"part": parts[1], "kind": "question"},
                        fact(parts[2], "even when they write in english", kind="how_to_reply")],
                       [], message=message, known=message, parts=parts)
    prefs = calls[0][1]["reply_preferences"]
    assert prefs[0] == "so could you answer me in german from now on?"
    # Filed as how to reply, with a memory that lost the language: the request as asked.
    calls = tool_calls([{"part": parts[0], "kind": "small_talk"},
                        fact(parts[1], "Wants to get German back up to scratch",
                             kind="how_to_reply")], [], message=message, known=message,
                       parts=parts[:2])
    assert calls[0][1]["reply_preferences"] == [
        'Asked: "so could you answer me in german from now on?"']
    # the language the user writes in is not the one asked for
    assert asked_language(prefs) == "German"
    assert asked_language(["Write in French please"]) == "French"
    # nor the language of a condition on what the user does, stored as a preference of its own
    assert asked_language(['Asked: "could you reply in French from now on"',
                           "Even when they write to you in English?"]) == "French"
    assert asked_language(["Reply in French, even if I message you in English"]) == "French"
    assert asked_language(["when I ask, answer in German"]) == "German"
    for asked in ("Do you always reply this slowly?", "could you tell me a joke?"):
        assert tool_calls([{"part": asked, "kind": "question"}], [], message=asked,
                          known=asked) == [("noop", {})]


# --- sealed18: chat typed without capitals or apostrophes, names in the next sentence ---------

def test_a_name_typed_without_capitals_counts_when_the_user_introduces_it():
    message = ("hey im bartek, i work as a court reporter in timisoara. "
               "oh and i keep a giant african millipede as a pet")
    parts = split_parts(message)
    entries = [fact(parts[0], "Works as a court reporter in Timisoara", name="Bartek")]
    calls = tool_calls(entries, [], message=message, known=message, parts=parts)
    assert sorted(f["text"] for f in calls[0][1]["facts"]) == [
        "Is called Bartek", "Works as a court reporter in Timisoara"]
    # Written with capitals elsewhere, a lower-case word is no name the user goes by, unless
    # English all but never writes it ("yo im marisela 👋 ... a LOT of goblin voices",
    # sealed36).
    capitals = "Hey im knackered. I work as a court reporter in Timisoara."
    calls = tool_calls([fact(capitals, "Works as a court reporter in Timisoara",
                             name="knackered")], [], message=capitals, known=capitals)
    assert "Is called Knackered" not in [f["text"] for f in calls[0][1]["facts"]]
    capitals = "Hey im bartek. I work as a court reporter in Timisoara."
    calls = tool_calls([fact(capitals, "Works as a court reporter in Timisoara",
                             name="bartek")], [], message=capitals, known=capitals)
    assert "Is called Bartek" in [f["text"] for f in calls[0][1]["facts"]]


def test_a_name_put_right_in_the_next_sentence_renames_the_shown_memory_once():
    message = "You've got my brother's name wrong. It's Jarle, not Eirik."
    parts = split_parts(message)
    shown = {0: "Has a brother called Eirik", 1: "Lives in Delft"}
    entries = [fact(parts[0], "Corrected your information", kind="how_to_reply"),
               fact(parts[1], "Brother's name is Jarle", replaces=0)]
    calls = tool_calls(entries, [0, 1], message=message, known=message, shown=shown,
                       parts=parts, similarity=lambda a, b: 0.0)
    assert calls == [("update_memory", {"memory_id": 0, "categories": [],
                                        "updated_memory_text": "Has a brother called Jarle"})]


def test_a_clause_whose_uncommon_words_no_memory_says_is_kept():
    message = ("i dont eat cheese, im a stage manager at a theatre in verona and my son "
               "taddeo plays the cornet")
    # The model's parts, as the 1.5B model sorted them: the first clause's memory kept
    # only the town.
    entries = [fact("i dont eat cheese, im a stage manager at a theatre in verona",
                    "Lives in Verona"),
               fact("my son taddeo plays the cornet", "Son Taddeo plays the cornet")]
    calls = tool_calls(entries, [], message=message, known=message)
    texts = [f["text"] for f in calls[0][1]["facts"]]
    assert "Is a stage manager at a theatre in verona" in texts
    assert not any("Donts" in t for t in texts)


def test_a_part_whose_memory_copies_a_shown_one_keeps_what_else_it_says():
    earlier = ["My best mate is Thanos."]
    message = "He's the one who got me into karaoke, we go every Thursday."
    shown = {0: "Best mate is Thanos"}
    entry = fact(message, "Best mate is Thanos")
    calls = tool_calls([entry], [0], message=message, known=" ".join([*earlier, message]),
                       shown=shown, earlier=earlier, similarity=lambda a, b: 0.0)
    assert calls == [("add_memory", {"facts": [
        {"text": "Their best mate Thanos is the one who got me into karaoke, we go every "
                 "Thursday.", "categories": ["misc"], "kind": "fact"}],
        "reply_preferences": []})]
    # Kept as a memory of its own, not as the copied memory's new version.
    shown = {0: "Their new lodger is called Ilias"}
    message = "baking a birthday cake for my lodger on sunday"
    calls = tool_calls([fact(message, "Lodger is called Ilias")], [0], message=message,
                       known=f"{message} {shown[0]}", shown=shown,
                       similarity=lambda a, b: 0.0)
    assert [c[0] for c in calls] == ["add_memory"]
    # Nothing uncommon besides: chat that restates a shown fact keeps nothing, not the
    # chat's words (restated.repeats_shown).
    message = "yeah my best mate is thanos haha"
    calls = tool_calls([fact(message, "Best mate is Thanos")], [0], message=message,
                       known=message, shown={0: "Best mate is Thanos"},
                       similarity=lambda a, b: 0.0)
    assert calls == [("noop", {})]


def test_he_typed_without_an_apostrophe_is_the_person_named_before():
    assert with_referents("hes allergic to lupin btw", ["my new lodger is called ilias"]) == (
        "Their new lodger Ilias is allergic to lupin btw")
    assert with_referents("He's the one who got me into karaoke",
                          ["My best mate is Thanos."]) == (
        "Their best mate Thanos is the one who got me into karaoke")


def test_a_first_person_typed_without_apostrophes_is_worded_in_the_third():
    from chatbot.agents.wording import third_person
    assert third_person("i dont eat cheese") == "Doesn't eat cheese"
    assert third_person("ive got two cats") == "Has got two cats"
    assert third_person("im a stage manager") == "Is a stage manager"
    assert third_person("Je dont le nom est Paul") == "Je dont le nom est Paul"  # not English


def test_x_not_y_replaces_y_when_the_models_memory_still_says_y():
    message = "correction, its salsa not tango. i always mix the names up"
    parts = split_parts(message)
    shown = {0: "Has been doing tango classes for about a year now"}
    calls = tool_calls([fact(parts[0], "Tango classes are not salsa")], [0], message=message,
                       known=message, shown=shown, parts=parts, similarity=lambda a, b: 0.0)
    assert calls[0] == ("update_memory", {
        "memory_id": 0, "categories": [],
        "updated_memory_text": "Has been doing salsa classes for about a year now"})


def test_a_fact_said_again_with_a_detail_is_not_kept_twice():
    # The model's copy shares the part's words: it says the part again (sealed19).
    message = "oh btw, I play petanque at the village club most evenings"
    shown = {0: "Plays petanque at the village club", 1: "Has a son called Eoghan"}
    calls = tool_calls([fact(message, "Plays petanque at the village club")], [0, 1],
                       message=message, known=f"{message} {shown[0]} {shown[1]}",
                       shown=shown, similarity=lambda a, b: 0.0)
    assert [f["text"] for f in calls[0][1]["facts"]] == ["Plays petanque at the village club"]


# --- sealed19 ----------------------------------------------------------------------------

def test_a_correction_aimed_at_a_memory_its_review_keeps_goes_where_it_belongs():
    message = "No, you've got it wrong. My daughter is Gunnhild; Sigrid is my niece, actually."
    parts = split_parts(message)
    shown = {0: "Has a daughter called Sigrid", 1: "Works as an auditor"}
    # As the 1.5B model sorted it: the daughter's new name said to replace the job, which
    # its own review calls unchanged, and "you've got it wrong" filed as how to reply.
    entries = [fact(parts[0], "Daughter is Gunnhild", kind="how_to_reply"),
               fact(parts[1], "Daughter is Gunnhild", replaces=1),
               fact(parts[2], "Niece is Sigrid")]
    calls = tool_calls(entries, [0, 1], message=message, known=message, shown=shown,
                       parts=parts, similarity=lambda a, b: 0.0,
                       reviews=[{"now": "no_longer_true"}, {"now": "unchanged"}])
    assert not any(c[1].get("memory_id") == 1 for c in calls)  # the job stays
    texts = [c[1].get("updated_memory_text") for c in calls if c[0] == "update_memory"]
    texts += [f["text"] for c in calls if c[0] == "add_memory" for f in c[1]["facts"]]
    assert sorted(texts) == ["Daughter is Gunnhild", "Niece is Sigrid"]
    assert not any(c[1].get("reply_preferences") for c in calls if c[0] == "add_memory")


def test_a_clause_after_a_colon_is_read_for_what_it_says():
    message = "ok so quick overview since ur new: im 47, i work nights as a projectionist"
    calls = tool_calls([fact(message, "Works nights as a projectionist")], [], message=message,
                       known=message)
    assert "Is 47" in [f["text"] for f in calls[0][1]["facts"]]


def test_they_is_one_person_who_goes_by_they():
    before = ["My flatmate Emrys uses they/them, by the way."]
    part = "They've just started work as an undertaker, which is quite a change from retail."
    assert with_referents(part, before).startswith(
        "Their flatmate Emrys has just started work as an undertaker")
    # Memories the model wrote without who: led by the name.
    calls = tool_calls([fact(part, "Work as an undertaker")], [0], message=part,
                       known=" ".join([*before, part]), earlier=before,
                       shown={0: "Their flatmate Emrys uses they/them"},
                       similarity=lambda a, b: 0.0)
    assert "Emrys" in calls[0][1]["facts"][0]["text"]
    # "they" is several people otherwise.
    assert with_referents("They're moving to Goa.", ["My flatmate Emrys is great."]) == (
        "They're moving to Goa.")


def test_a_memory_of_only_a_verb_and_when_is_led_by_what_it_is_about():
    message = "guess who got the job at the observatory!! i start on the 1st"
    parts = split_parts(message)
    entries = [fact(parts[0], "Job at the observatory"), fact(parts[1], "Starts on the 1st")]
    calls = tool_calls(entries, [], message=message, known=message, parts=parts,
                       day=date(2024, 3, 15))
    # (the first alone is said in full by the second: not kept twice)
    assert [f["text"] for f in calls[0][1]["facts"]] == [
        "Job at the observatory: starts on the 1st"]
    # A memory that says what as well stays as it is.
    entries = [fact(parts[0], "Job at the observatory"),
               fact(parts[1], "Starts work at the observatory on the 1st")]
    calls = tool_calls(entries, [], message=message, known=message, parts=parts,
                       day=date(2024, 3, 15))
    assert [f["text"] for f in calls[0][1]["facts"]][1] == (
        "Starts work at the observatory on the 1st")


def test_a_new_fact_that_says_what_the_message_puts_right_is_not_added():
    message = "correction, its salsa not tango. i always mix the names up"
    parts = split_parts(message)
    shown = {0: "Tango classes started about 16 March 2023",
             1: "Classes held on Thursdays after work"}
    entries = [fact(parts[0], shown[0], kind="how_to_reply"),
               fact(parts[1], "Tango classes held on Thursdays after work",
                    kind="how_to_reply")]
    calls = tool_calls(entries, [0, 1], message=message, known=message, shown=shown,
                       parts=parts, similarity=lambda a, b: 0.0,
                       reviews=[{"now": "unchanged"}] * 2)
    assert calls[0] == ("update_memory", {
        "memory_id": 0, "categories": [],
        "updated_memory_text": "Salsa classes started about 16 March 2023"})
    assert not any("tango" in f["text"].lower()
                   for c in calls if c[0] == "add_memory" for f in c[1]["facts"])
    # One that says the new word as well is kept.
    message = "My car is a Honda Civic, not a Toyota."
    calls = tool_calls([fact(message, "Drives a Honda Civic, not a Toyota")], [],
                       message=message, known=message)
    assert [f["text"] for f in calls[0][1]["facts"]] == ["Drives a Honda Civic, not a Toyota"]


# --- sealed20 ----------------------------------------------------------------------------

def test_a_typo_the_model_spells_right_is_not_a_word_left_out():
    message = "cant wait, my ferry to portree is on wednesday mornign"
    calls = tool_calls([fact(message, "Ferry to Portree on Wednesday morning",
                             kind="plan_or_event")],
                       [], message=message, known=message, day=date(2024, 3, 15))
    assert [f["text"] for f in calls[0][1]["facts"]] == ["Ferry to Portree on Wednesday morning"]
    # A rare word the model changed into another word is still left out.
    message = "I play korfbal on Sundays"
    calls = tool_calls([fact(message, "Plays football on Sundays")], [], message=message,
                       known=message)
    assert "korfbal" in calls[0][1]["facts"][0]["text"]


def test_a_memory_that_loses_which_of_the_users_things_keeps_their_words():
    message = "My beach volleyball league starts in three weeks"
    calls = tool_calls([fact(message, "Leagues start in three weeks", kind="plan_or_event")], [],
                       message=message, known=message, day=date(2024, 3, 15))
    assert "volleyball" in calls[0][1]["facts"][0]["text"]
    # Common words of the subject may go: "My car" as "Drives".
    message = "My car is a Honda Civic"
    calls = tool_calls([fact(message, "Drives a Honda Civic")], [], message=message,
                       known=message)
    assert [f["text"] for f in calls[0][1]["facts"]] == ["Drives a Honda Civic"]


def test_an_age_after_a_lead_in_and_a_colon_is_kept():
    message = "Okay, a bit of background before my question: I'm 61"
    calls = tool_calls([{"part": message, "kind": "small_talk"}], [], message=message,
                       known=message, day=date(2024, 3, 15))
    assert [f["text"] for f in calls[0][1]["facts"]] == ["Is 61 years old"]
    for said in ("I'm 5 minutes away", "Okay: I'm tired"):
        assert tool_calls([{"part": said, "kind": "small_talk"}], [], message=said,
                          known=said, day=date(2024, 3, 15)) == [("noop", {})], said


def test_something_new_of_the_users_named_in_a_request_is_kept():
    message = "give me a name idea for my new sailboat"
    calls = tool_calls([{"part": message, "kind": "question"}], [], message=message,
                       known=message)
    assert [f["text"] for f in calls[0][1]["facts"]] == ["Has a new sailboat"]
    for asked in ("any tips for my new job?", "what do you think of my new idea?"):
        assert tool_calls([{"part": asked, "kind": "question"}], [], message=asked,
                          known=asked) == [("noop", {})], asked


def test_a_question_put_as_a_request_is_no_reply_preference():
    message = "Kindly remind me which city I currently reside in."
    calls = tool_calls([fact(message, "Remind them which city they reside in",
                             kind="how_to_reply")], [], message=message, known=message)
    assert not any(c[1].get("reply_preferences") for c in calls if c[0] == "add_memory")
    message = "Please keep your answers short from now on."
    calls = tool_calls([fact(message, "Keep answers short", kind="how_to_reply")], [],
                       message=message, known=message)
    assert calls[0][1]["reply_preferences"]


def test_what_the_user_no_longer_does_ends_the_fact():
    message = "hey quick fix, i dont drive trains anymore - quit in january"
    shown = {0: "Works as a train driver", 1: "Has a son called Takumi"}
    calls = tool_calls([fact(message, "Wants to quit driving trains", kind="how_to_reply")],
                       [0, 1], message=message, known=message, shown=shown,
                       similarity=lambda a, b: 0.0, day=date(2024, 3, 15),
                       reviews=[{"now": "no_longer_true"}, {"now": "unchanged"}])
    [update] = [c[1] for c in calls if c[0] == "update_memory"]
    assert update["memory_id"] == 0
    assert update["updated_memory_text"].startswith("No longer works as a train driver")
    # A denial is a correction, not an ending.
    from chatbot.agents.endings import ended_facts
    assert ended_facts("I do not live in Poznan", [], {0: "Lives in Poznan"}, {}) == []


def test_the_users_words_kept_are_spelled_as_the_model_spelled_them():
    message = "few things abt me: i cycle to wrok most days, and my brother eamon lives in kelowna"
    parts = ["few things abt me: i cycle to wrok most days", "my brother eamon lives in kelowna"]
    calls = tool_calls([fact(parts[0], "Cycles to work most days"),
                        fact(parts[1], "Lives in Kelowna")], [], message=message,
                       known=message, parts=parts)
    texts = [f["text"] for f in calls[0][1]["facts"]]
    assert texts[0] == "Cycles to work most days"
    assert "Kelowna" in texts[1] and "brother Eamon" in texts[1]
    from chatbot.agents.rare_words import as_the_model_spells
    assert as_the_model_spells("my new lodger is called ilias", []) == (
        "my new lodger is called Ilias")
    for typed in ("my brother just moved", "i called my mum", "My brother eamon is here"):
        assert as_the_model_spells(typed, []) == typed


def test_a_memory_that_says_what_someone_is_when_the_user_did_not_keeps_their_words():
    message = "My old university friend Gethin has just opened a falafel shop in Exeter."
    calls = tool_calls([fact(message, "Gethin is a great falafel shop in Exeter")], [],
                       message=message, known=message)
    [text] = [f["text"] for f in calls[0][1]["facts"]]
    assert "opened" in text and "friend" in text
    message = "My sister Ana is a nurse in Rome."
    calls = tool_calls([fact(message, "Ana is a nurse in Rome")], [], message=message,
                       known=message)
    assert [f["text"] for f in calls[0][1]["facts"]] == ["Their sister Ana is a nurse in Rome"]


# --- sealed21 ----------------------------------------------------------------------------

def test_a_forget_removes_only_what_its_part_speaks_of():
    message = ("I need to correct something I told you previously. I am not a loss adjuster; "
               "I have been a funeral director for eleven years.")
    parts = split_parts(message)
    shown = {0: "Works as a loss adjuster", 1: "Lives in Mullingar",
             2: "Has a sphynx cat called Parsnip"}
    entries = [fact(parts[0], "I was not a loss adjuster", kind="how_to_reply", replaces=0),
               {"part": parts[1], "kind": "forget", "removes": 2},
               fact(parts[2], "Lives in Mullingar", replaces=1)]
    calls = tool_calls(entries, [0, 1, 2], message=message, known=message, shown=shown,
                       parts=parts, similarity=lambda a, b: 0.0,
                       reviews=[{"now": "no_longer_true"}, {"now": "unchanged"},
                                {"now": "unchanged"}])
    removed = [i for c in calls if c[0] == "delete_memory" for i in c[1]["memory_ids"]]
    assert 2 not in removed and 0 in removed  # the denial names the job, not the cat
    added = [f["text"] for c in calls if c[0] == "add_memory" for f in c[1]["facts"]]
    assert any("funeral director" in t for t in added)
    # A request to forget removes what the model says, named or not.
    message = "Please forget what I told you about that."
    calls = tool_calls([{"part": message, "kind": "forget", "removes": 1}], [0, 1],
                       message=message, known=message, shown={0: "Lives in Ely", 1: "Has a boat"})
    assert calls == [("delete_memory", {"memory_ids": [1]})]


def test_a_fact_said_before_a_question_is_kept_when_it_has_a_rare_word():
    message = ("i dont eat okra and im training for a dragon boat race in june, whats a good "
               "breakfast before a paddling session?")
    parts = split_parts(message)
    calls = tool_calls([{"part": p, "kind": "question"} for p in parts], [], message=message,
                       known=message, parts=parts, day=date(2024, 3, 15))
    [text] = [f["text"] for f in calls[0][1]["facts"]]
    assert text.startswith("Doesn't eat okra and is training for a dragon boat race")
    # Context of the moment in common words stays unkept.
    message = "I'm hosting friends on Saturday, what main course should I make?"
    parts = split_parts(message)
    assert tool_calls([{"part": p, "kind": "question"} for p in parts], [], message=message,
                      known=message, parts=parts, day=date(2024, 3, 15)) == [("noop", {})]


def test_a_new_animal_with_a_short_name_is_kept_from_a_request():
    message = "yo i need a name for my new pot-bellied pig, shes black n white"
    calls = tool_calls([{"part": message, "kind": "question"}], [], message=message,
                       known=message)
    assert [f["text"] for f in calls[0][1]["facts"]] == ["Has a new pot-bellied pig"]


def test_two_names_joined_by_and_are_one_subject():
    message = "My in-laws Bohdan and Margit live in Umea."
    calls = tool_calls([fact(message, "In-laws live in Umea")], [], message=message,
                       known=message)
    [text] = [f["text"] for f in calls[0][1]["facts"]]
    assert "Bohdan and Margit live in Umea" in text


def test_the_users_own_words_lose_a_lead_in_before_a_colon():
    message = ("Allow me to introduce myself: my name is Hilarion Achterberg, and I am a bell "
               "founder; I cast church bells in Deventer.")
    parts = ["Allow me to introduce myself: my name is Hilarion Achterberg, and I am a bell "
             "founder;", "I cast church bells in Deventer."]
    calls = tool_calls([fact(parts[0], "Is a bell founder", "Casts church bells in Deventer"),
                        fact(parts[1], "Casts church bells in Deventer")], [],
                       message=message, known=message, parts=parts)
    texts = [f["text"] for f in calls[0][1]["facts"]]
    assert not any("introduce" in t for t in texts)
    assert any("Hilarion Achterberg" in t for t in texts)


def test_a_memory_about_she_or_he_is_led_by_the_name_as_a_sentence():
    from chatbot.agents.owners import led_by_who
    known = "my nephew Leofric. He turns 9 on Sunday"
    assert led_by_who("Turns 9 on Sunday", "Leofric", known) == "Leofric turns 9 on Sunday"
    assert led_by_who("Twins are due in May", "Leofric", known) == (
        "Leofric: twins are due in May")
    assert led_by_who("Obsessed with trampolines", "Leofric", known) == (
        "Leofric is obsessed with trampolines")
    # what someone is doing (sealed28 had "Tudur: studying limnology, lakes"); not a noun
    assert led_by_who("Studying limnology", "Leofric", known) == "Leofric is studying limnology"
    assert led_by_who("Wedding on Saturday", "Leofric", known) == "Leofric: wedding on Saturday"
    assert with_relation("Morwenna sings in a choir", "my neighbour is Morwenna.") == (
        "Their neighbour Morwenna sings in a choir")


def test_a_part_that_only_announces_a_correction_keeps_nothing():
    from chatbot.agents.put_right import announces_a_correction
    message = ("I need to correct something I told you previously. I am not a loss adjuster; "
               "I have been a funeral director for eleven years.")
    parts = split_parts(message)
    shown = {0: "Works as a loss adjuster", 1: "Lives in Mullingar"}
    entries = [fact(parts[0], "Was not a loss adjuster", kind="how_to_reply"),
               {"part": parts[1], "kind": "forget", "removes": 0},
               fact(parts[2], "Has been a funeral director for eleven years", replaces=0)]
    calls = tool_calls(entries, [0, 1], message=message, known=message, shown=shown,
                       parts=parts, similarity=lambda a, b: 0.0,
                       reviews=[{"now": "no_longer_true"}, {"now": "unchanged"}])
    assert calls == [("update_memory", {
        "memory_id": 0, "updated_memory_text": "Has been a funeral director for eleven years",
        "categories": ["misc"]})]
    assert not announces_a_correction("I need to change my diet")
    # "Her name is Octavia" names her; "name" is no relation.
    assert with_relation("Octavia is a choreographer", "Her name is Octavia.") == (
        "Octavia is a choreographer")


def test_a_memory_said_to_the_user_gives_way_to_their_own_words():
    # sealed30: "Kyudo is a great hobby for you" (the assistant's words) was rejected on adding
    # and nothing of "btw I do kyudo, japanese archery, twice a week" was kept
    part = "btw I do kyudo, japanese archery, twice a week"
    calls = tool_calls([fact(part, "Kyudo is a great hobby for you", "Practices twice a week")],
                       [], message=part, known=part, parts=[part])
    [text] = [f["text"] for f in calls[0][1]["facts"]]
    assert "kyudo" in text and "twice a week" in text and "you" not in text
