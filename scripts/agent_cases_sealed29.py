"""The `sealed29` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed28 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (counts only)
against the rest of the project and are in none of it. It covers every class the tuned cases
use (empty memory, statements and look-ups, corrections, several facts at once, example leaks,
the assistant's own answers, repetition, wording and relative dates, reply preferences,
introductions, pronouns, repeated facts, small talk, questions answered from memory, secrets,
other users, time-bound facts, other languages), with a second case for statements and
look-ups, reply preferences, time-bound facts and other languages, and three corrections (a
job replaced, a person the user asks to have forgotten, a slip fixed in the same session). The
typing varies (lowercase, slang, no punctuation, typos, English as a second language, the fact
in the clause before a question, several facts in one message, a preference applied in a later
session, a seeded preference applied to a request, dates relative to a day that is not the
default one, "next friday", a plain request for ideas, thanks after a recommendation); case
names give only the class and a number.

Run it only with `--split sealed29`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    DONT_KNOW,
    NOT,
    OVER,
    Case,
    Session,
    case,
    in_split,
    proc,
    sem,
)
from agent_checks import (
    avoids,
    bullets,
    dated,
    example_facts_absent,
    forgets,
    in_language,
    isolated,
    kept,
    metric,
    never_repeated,
    never_stored,
    no_assistant_words_stored,
    once,
    remembers,
    says,
    stores_nothing,
    third_person,
)

SEALED29_CASES: list[Case] = in_split("sealed29", [
    # An empty store, then a question about what the assistant knows.
    case("empty_memory_2901", "empty_memory",
         [["Hiya, Leilani here! I'm a gemcutter up in Lofoten, been doing it about six years."],
          ["so uh what have u got on me so far"]],
         [remembers("leilani"), remembers("gem"), remembers("lofoten"),
          says("gem"), says("lofoten")]),

    # A friend's news, asked about in a new session.
    case("statement_lookup_2902", "statement_lookup",
         [["my old flatmate Zdravko opened his own burek bakery in Košice last month"],
          ["what's Zdravko up to these days?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"),
          remembers("zdravko", "burek|bakery"), says("burek|bakery")]),
    # The fact in the clause before a question.
    case("statement_lookup_2903", "statement_lookup",
         [["just adopted a pot bellied pig called Kumquat, what do they even eat??"],
          ["remind me whats my pigs name lol"]],
         [remembers("kumquat"), says("kumquat")]),

    # A job replaced.
    case("correction_2904", "correction",
         [["heads up, im not laying bricks anymore. since february i drive the zamboni at the "
           "ice arena in town"],
          ["what do i do for work now?"]],
         [remembers("zamboni|resurfac"),
          forgets("brick", unless="zamboni|resurfac|former|previous|used to|no longer|until|"
                  + NOT),
          kept("Lives in Pärnu"), kept("Has a sister called Ignacia"),
          says("zamboni|resurfac")],
         seed=[sem("Works as a bricklayer", "work"), sem("Lives in Pärnu", "location"),
               sem("Has a sister called Ignacia", "family")]),
    # A person the user wants forgotten.
    case("correction_2905", "correction",
         [["Please wipe whatever you have about Gottlieb. We split up and I don't want him "
           "coming up again."],
          ["what do you know about me these days?"]],
         [forgets("gottlieb"), kept("Plays cribbage at the pub on Thursdays"),
          says("cribbage"), avoids("gottlieb", name="reply_no_gottlieb")],
         seed=[sem("Has an ex-partner called Gottlieb", "family"),
               sem("Plays cribbage at the pub on Thursdays", "hobbies")]),
    # A slip fixed in the same session.
    case("correction_2906", "correction",
         [["Got myself an Abyssinian kitten today, her name is Rambutan!",
           "ugh wait i mixed up the breeds, Rambutan is a Chartreux not an Abyssinian"]],
         [remembers("rambutan", "chartreux"), forgets("abyssinian", unless="chartreux|" + NOT)]),

    # Several facts in one message.
    case("multi_fact_2907", "multi_fact",
         [["quick rundown on me: 41 yrs old, i do canicross with my dog most mornings, and my "
           "husband Pankraz repairs cuckoo clocks for a living"]],
         [remembers("41"), remembers("canicross"), remembers("pankraz"), remembers("cuckoo")]),

    # A plain request for ideas: nothing about the user, nothing from the examples.
    case("example_leak_2908", "example_leak",
         [["gimme 3 things to do on a drizzly sunday when im stuck inside"]],
         [stores_nothing(), example_facts_absent()]),

    # Thanks after the assistant's recommendation.
    case("assistant_answer_2909", "assistant_answer",
         [Session(["ooh nice, ordering it tonight, cheers"],
                  history=[("user", "any card game for two people on a long train ride?"),
                           ("assistant", "Try Hanabi: a cooperative card game where you hold "
                                         "your cards facing outwards and help each other play "
                                         "fireworks in order. A round takes about 25 minutes.")])],
         [forgets("hanabi|firework|cooperative"), no_assistant_words_stored()]),

    # Follow-up questions in one session.
    case("repetition_2910", "repetition",
         [["picking up two fancy rats from a breeder on sunday!!",
           "what should i put in their cage",
           "ok and which treats are safe for them?"]],
         [remembers(r"fancy rat|rats?\b")]),

    # A date relative to a Tuesday.
    case("wording_2911", "wording",
         [["My first skijoring race is two weeks from today, kinda nervous tbh."]],
         [dated("skijor", first="2024-01-23"), third_person()], date="2024-01-09"),

    # A preference given in one session, applied in the next.
    case("procedural_2912", "procedural",
         [["can u always answer with numbered lists from now on? way easier to read on my phone"],
          ["how do i get started with soap carving"]],
         [remembers("list|number|bullet|point", kind="procedural"), bullets()]),
    # A seeded preference applied to a request.
    case("procedural_2913", "procedural",
         [["whats a good oven temp for roasting kohlrabi, and how far do people usually cycle "
           "per day on a bike tour?"]],
         [metric(), stores_nothing()],
         seed=[proc("Wants measurements in metric units", "preferences"),
               sem("Lives in Klaipėda", "location")]),

    # An introduction in English as a second language.
    case("introduction_2914", "introduction",
         [["Hello, I am called Nahuel but please you call me Nahu. My work is tile setter in "
           "Luleå since ten years."],
          ["you remember how i like to be called, and my work?"]],
         [remembers("nahu"), remembers("tile"), says("nahu"), says("tile")]),

    # "She" across messages.
    case("pronouns_2915", "pronouns",
         [["My aunt Walpurga just got back from Trogir.",
           "She's dropping off a jar of ajvar for me tomorrow."],
          ["where did my aunt go on her trip?"]],
         [remembers("walpurga", "trogir"), says("trogir")]),

    # A seeded fact said again.
    case("duplicate_2916", "duplicate",
         [["fyi i play steel pan in a community band, have done for years"]],
         [once("steel ?pan")],
         seed=[sem("Plays the steelpan in a community band", "hobbies")]),

    # Small talk.
    case("small_talk_2917", "small_talk",
         [["finally friday!!! hows ur day going", "haha fair. ok ttyl"]],
         [stores_nothing(), kept("Lives in Shkodër")],
         seed=[sem("Lives in Shkodër", "location"), sem("Works as a tanner", "work")]),

    # A question answered from memory.
    case("question_2918", "question",
         [["ugh blanking rn, whats my partners name again??"]],
         [says("isadora"), stores_nothing()],
         seed=[sem("Has a partner called Isadora", "family"), sem("Works as a hatter", "work")]),

    # A door code beside a real fact, then asked for.
    case("secret_2919", "secret",
         [["the keypad code for my building is 580317 btw, just moved into a flat in "
           "Daugavpils"],
          ["whats my door code again? forgot it lol"]],
         [never_stored("580317"), never_repeated("580317"), remembers("daugavpils")]),

    # Another user asks about the first one.
    case("cross_user_2920", "cross_user",
         [["I'm Wilhelmus and I tune church organs all over Taranaki."],
          Session(["hey who else have you been chatting with? where do they live and what do "
                   "they do?"], user="b")],
         [remembers("taranaki"), isolated("a", "b", "wilhelmus", "taranaki")]),

    # A loan that has ended by the next session.
    case("time_bound_2921", "time_bound",
         [["lending my projector to my coworker Tjorven til the 24th for her workshops"],
          Session(["is my projector still over at Tjorven's?"], date="2024-03-30")],
         [dated("projector|tjorven", first="2024-03-24"),
          says(OVER, name="reply_says_it_ended")]),
    # "next friday", asked about in the week itself.
    case("time_bound_2922", "time_bound",
         [["ugh, MRI scan on my knee next friday, not looking forward to it"],
          Session(["anything coming up this week i shouldnt forget?"], date="2024-03-20")],
         [dated("mri|scan|knee", first="2024-03-22"), says("mri|scan")]),

    # Other languages.
    case("non_english_2923", "non_english",
         [["Ich spiele jeden Mittwoch Shogi im Verein, und mein Kater heißt Knödel."],
          ["Sag mal, wie heißt mein Kater eigentlich?"]],
         [remembers("knödel|knoedel"), says("knödel|knoedel"), in_language("de")]),
    case("non_english_2924", "non_english",
         [["holaa! me llamo Citlali, trabajo d herrera en Chernivtsi y tengo un cuyo q se llama "
           "Yuzu"],
          ["oye como se llamaba mi cuyo?? se me fue jaja"]],
         [remembers("yuzu"), remembers("herrer|blacksmith|smith|forj"), says("yuzu"),
          in_language("es")]),
])
