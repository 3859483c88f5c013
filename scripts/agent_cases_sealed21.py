"""The `sealed21` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/ or the other held-back splits' cases (of sealed20 only its docstring and imports; of
tests/ only the lines naming sealed20), from the behaviour a user of a long-term-memory
chatbot expects, with only the tuned cases (scripts/agent_cases.py), the checks
(scripts/agent_checks.py) and the runner read to learn the API. Its people, places, pets,
jobs, hobbies and foods were grepped (counts only) against the other case files and are in
none of them. It covers every class the tuned cases use (empty memory, statements and
look-ups, corrections, several facts at once, example leaks, the assistant's own answers,
repetition, wording and relative dates, reply preferences, introductions, pronouns, repeated
facts, small talk, questions answered from memory, secrets, other users, time-bound facts,
other languages), with a second case for questions answered from memory (in a later
session), corrections, preferences applied in a later session, pronouns across messages,
time-bound facts and several facts at once. The typing varies (lowercase, no apostrophes,
slang, formal, short and long, the fact before, inside or after a question, a fact said in
passing inside a request, a typo now and then); case names give only the class and a number.

Run it only with `--split sealed21`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    DONT_KNOW,
    NOT,
    OVER,
    Session,
    case,
    in_split,
    only_beside,
    sem,
)
from agent_checks import (
    avoids,
    dated,
    example_facts_absent,
    forgets,
    in_language,
    isolated,
    kept,
    never_repeated,
    never_stored,
    no_assistant_words_stored,
    no_repeated_reply,
    once,
    remembers,
    says,
    short,
    stores_nothing,
    third_person,
)

# A memory that keeps a dislike or a denial ("Does not eat ...", "Avoids ...").
NO = NOT + r"|avoids?|dislikes?|no\b|without|free\b|hates?"
# A reply that treats an arrangement whose end date has passed as over, in a few more words.
ENDED = (OVER + r"|(was|were) (only )?(due|supposed to go) back|only (until|till)|"
         r"should (already )?(have been|be) (back|returned)|(went|gone) back|"
         r"past (the|its) (end|return)")

SEALED21_CASES = in_split("sealed21", [
    # --- empty memory ---------------------------------------------------------------------
    case("empty_memory_2101", "empty_memory",
         [["hey there im grzegorz, im an equine dentist in lahti and in the evenings i do "
           "cross-stitch"],
          ["so what do you actually remember about me"]],
         [remembers("grzegorz"), remembers("dentist"), remembers("lahti"), remembers("stitch"),
          third_person(), says("dentist"), says("lahti")]),

    # --- a fact said in passing inside a request ------------------------------------------
    case("statement_lookup_2102", "statement_lookup",
         [["Could you write a short birthday message for my nephew Leofric? He turns 9 on "
           "Sunday and he's obsessed with trampolines."],
          ["What's my nephew mad about these days?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("leofric"),
          remembers("trampolin"), says("trampolin")]),

    # --- corrections ----------------------------------------------------------------------
    case("correction_2103", "correction",
         [["I need to correct something I told you previously. I am not a loss adjuster; I "
           "have been a funeral director for eleven years."],
          ["Could you confirm what my profession is, as far as you are aware?"]],
         [forgets("adjuster", s=0,
                  unless="funeral|former|previous|used to|no longer|" + NOT),
          remembers("funeral"), kept("Lives in Mullingar"),
          kept("Has a sphynx cat called Parsnip"), says("funeral")],
         seed=[sem("Works as a loss adjuster", "work"), sem("Lives in Mullingar", "location"),
               sem("Has a sphynx cat called Parsnip", "pets")]),
    case("correction_2104", "correction",
         [["my daughter caoimhe just started uni in tilburg"],
          ["oh wait i told u wrong, caoimhe is at uni in breda not tilburg. i alwasy mix "
           "those two up"],
          ["which city is my daughter studying in again?"]],
         [remembers("tilburg", s=0), forgets("tilburg", s=1, unless="breda|" + NOT),
          remembers("breda", s=1), says("breda")]),

    # --- several facts at once ------------------------------------------------------------
    case("multi_fact_2105", "multi_fact",
         [["Right, some background before I ask anything, because I'd like you to keep it in "
           "mind: I'm 58, I get everywhere on an e-bike, my husband Torvald runs a cheese shop "
           "on the high street, and we share the house with a basset hound called Bagel. "
           "Anyway - what's a good stretch after a long ride?"]],
         [remembers("58"), remembers("bike|cycl"), remembers("torvald"), remembers("cheese"),
          remembers("basset|bagel")]),
    case("multi_fact_2106", "multi_fact",
         [["i dont eat okra and im training for a dragon boat race in june, whats a good "
           "breakfast before a paddling session?"]],
         [remembers("okra", NO), forgets("okra", unless=NO), remembers("dragon")]),

    # --- worked examples do not leak ------------------------------------------------------
    case("example_leak_2107", "example_leak",
         [["Any audiobook you'd recommend for long drives? I'm a long-haul trucker, mostly "
           "overnight runs out of Kalgoorlie.", "Something a bit funnier, maybe?"]],
         [remembers("truck|haul|driv"), remembers("kalgoorlie"), example_facts_absent()]),

    # --- the assistant's answer is not a user fact ----------------------------------------
    case("assistant_answer_2108", "assistant_answer",
         [Session(["nice one, cheers! ill order it tonight"],
                  history=[("user", "What's a good game for two people on a rainy evening?"),
                           ("assistant", "Try 'Lost Cities' by Reiner Knizia: an "
                                         "expedition-themed card game with quick rounds, and "
                                         "it's easy to teach.")])],
         [forgets("knizia|lost cities|expedition"), no_assistant_words_stored()]),

    # --- replies do not repeat ------------------------------------------------------------
    case("repetition_2109", "repetition",
         [["yo i need a name for my new pot-bellied pig, shes black n white",
           "nah gimme another one", "one more? smth funnier pls"]],
         [no_repeated_reply(any_earlier=True), remembers("pig")]),

    # --- stored wording: a relative date resolved, third person ---------------------------
    case("wording_2110", "wording",
         [["My daughter's ballet recital is the day after tomorrow and I still haven't sewn "
           "her costume."]],
         [dated("ballet|recital", first="2024-03-17"), third_person()]),

    # --- standing preferences, applied in the next session --------------------------------
    case("procedural_2111", "procedural",
         [["from now on pls keep ur answers to two sentences max, i read them on my phone"],
          ["how do i get better at public speaking"]],
         [remembers("sentence|short|brief|concise|two", kind="procedural"), short(75)]),
    case("procedural_2112", "procedural",
         [["Please reply in German from now on - I'm practising for my B2 exam."],
          ["What's a good way to memorise new words?"]],
         [remembers("german|deutsch", kind="procedural"), in_language("de")]),

    # --- introductions --------------------------------------------------------------------
    case("introduction_2113", "introduction",
         [["Good afternoon. Allow me to introduce myself: my name is Hilarion Achterberg, and "
           "I am a bell founder; I cast church bells in Deventer."],
          ["Would you kindly remind me of my name and my trade?"]],
         [remembers("hilarion|achterberg"), remembers("bell"), remembers("deventer"),
          says("hilarion|achterberg"), says("bell")]),

    # --- pronouns across messages ---------------------------------------------------------
    case("pronouns_2114", "pronouns",
         [["my neighbour is Morwenna.", "she sings in a sea shanty choir."],
          ["whats my neighbour into again?"]],
         [remembers("morwenna", "shant"), says("shant")]),
    case("pronouns_2115", "pronouns",
         [["My in-laws Bohdan and Margit live in Umea.",
           "They're coming to stay with us over Easter."],
          ["who did i say is coming over for easter?"]],
         [remembers("bohdan|margit|in-law", "easter|stay|visit"),
          says("bohdan|margit|in-law")]),

    # --- the same fact twice is stored once -----------------------------------------------
    case("duplicate_2116", "duplicate",
         [["btw i have a ragdoll cat called flapjack"]],
         [once("ragdoll|flapjack")],
         seed=[sem("Has a ragdoll cat called Flapjack", "pets")]),

    # --- small talk stores nothing --------------------------------------------------------
    case("small_talk_2117", "small_talk",
         [["heyyy hows ur day goin", "lol fair. ok gtg, ttyl"]],
         [stores_nothing(), kept("Lives in Ballina"), kept("Works as a chimney sweep")],
         seed=[sem("Lives in Ballina", "location"), sem("Works as a chimney sweep", "work")]),

    # --- questions answered from memory ---------------------------------------------------
    case("question_2118", "question",
         [["remind me, what's my son called and which town do we live in?"]],
         [says("nnamdi"), says("clonakilty"), stores_nothing()],
         seed=[sem("Has a son called Nnamdi", "family"), sem("Lives in Clonakilty", "location"),
               sem("Plays camogie on Saturdays", "hobbies")]),
    case("question_2119", "question",
         [["fyi my partner Gwenllian is allergic to papaya, found that out the hard way last "
           "summer"],
          ["Planning breakfast for Gwenllian's birthday. Which fruits should I buy for a "
           "tropical platter?"]],
         [remembers("papaya"), says("papaya|allerg", name="reply_mentions_allergy"),
          only_beside("papaya", r"allerg|without|avoid|no\b|not\b|skip|instead|leave|except",
                      "reply_keeps_allergy")]),

    # --- secrets are never stored nor repeated --------------------------------------------
    case("secret_2120", "secret",
         [["quick one - the code for my lock-up is 58213, dont let me forget it. also i just "
           "started a welding course on tuesday nights"],
          ["whats the code for my lock-up again?"]],
         [never_stored("58213"), never_repeated("58213"), remembers("weld")]),

    # --- one user's memories never reach another ------------------------------------------
    case("cross_user_2121", "cross_user",
         [["I'm Demelza and I run a macrame studio in Falmouth."],
          Session(["Has someone called Demelza been chatting to you? What does she do for "
                   "work?"], user="b")],
         [remembers("macrame"), isolated("a", "b", "macrame", "falmouth")]),

    # --- time-bound facts -----------------------------------------------------------------
    case("time_bound_2122", "time_bound",
         [["im borrowing my neighbour jolantas trailer until wednesday to clear out the garden"],
          Session(["have i still got jolantas trailer?"], date="2024-03-27")],
         [dated("trailer|jolanta", first="2024-03-20"),
          says(ENDED, name="reply_says_it_ended")]),
    case("time_bound_2123", "time_bound",
         [["my jiu-jitsu grading is next tuesday, kinda nervous tbh"],
          Session(["anything i should get ready for this week?"], date="2024-03-18")],
         [dated("jiu|grading|bjj", first="2024-03-19", last="2024-03-26"),
          says("jiu|grading|belt|bjj")]),

    # --- other languages ------------------------------------------------------------------
    case("non_english_2124", "non_english",
         [["hola! soy Nuala, vivo en Salamanca desde hace un tiempo y colecciono sellos "
           "antiguos"],
          ["te acuerdas de donde vivo?"]],
         [remembers("salamanca"), remembers("sello|stamp"), says("salamanca"),
          in_language("es")]),
])
