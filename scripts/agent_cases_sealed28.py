"""The `sealed28` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed27 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (counts only)
against the rest of the project and are in none of it. It covers every class the tuned cases
use (empty memory, statements and look-ups, corrections, several facts at once, example leaks,
the assistant's own answers, repetition, wording and relative dates, reply preferences,
introductions, pronouns, repeated facts, small talk, questions answered from memory, secrets,
other users, time-bound facts, other languages), with a second case for statements and
look-ups, reply preferences, time-bound facts and other languages, and three corrections (a
job replaced, a person to forget, a slip fixed in the same session). The typing varies
(lowercase, slang, no punctuation, a typo now and then, English as a second language, the
fact before a question, several facts in one message, a preference applied in a later
session, a seeded limit applied to a request, dates relative to today, a plain request for
ideas, thanks); case names give only the class and a number.

Run it only with `--split sealed28`, and only once, at the end: `--split all` leaves it out.
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
    once,
    remembers,
    says,
    short,
    stores_nothing,
    third_person,
)

SEALED28_CASES: list[Case] = in_split("sealed28", [
    # --- empty memory --------------------------------------------------------------------
    case("empty_memory_2801", "empty_memory",
         [["hiya, Eudora here :) proofreader by day, living in Kalmar, and i race pigeons at "
           "the weekends"],
          ["remind me where i live and what i do for work?"]],
         [remembers("eudora"), remembers("proofread"), remembers("kalmar"),
          remembers("pigeon"), says("kalmar"), says("proofread")]),

    # --- statements and look-ups ---------------------------------------------------------
    case("statement_lookup_2802", "statement_lookup",
         [["got a jerboa last week!! named him Hieronymus. what do jerboas even eat"],
          ["whats my little guy called again, the new pet"]],
         [remembers("hieronymus"), says("hieronymus")]),
    case("statement_lookup_2803", "statement_lookup",
         [["any ideas for a quick breakfast tomorrow? something with fruit maybe"]],
         [only_beside("banana", "allerg|without|instead|avoid|skip|swap|replac|free|no banana",
                      "reply_keeps_allergy"),
          stores_nothing()],
         seed=[sem("Is allergic to bananas", "health"), sem("Lives in Harstad", "location")]),

    # --- corrections ---------------------------------------------------------------------
    case("correction_2804", "correction",
         [["small update: i stopped the coppersmith work back in febuary, these days im a "
           "cutler - i make kitchen knives"],
          ["what do i do for a living nowadays?"]],
         [remembers("cutler|knife|knives"),
          forgets("coppersmith", s=0,
                  unless="cutler|kni|former|previous|used to|no longer|stopped|until|" + NOT),
          kept("Lives in Visby"), kept("Has a son called Oswin"),
          says("cutler|knife|knives")],
         seed=[sem("Works as a coppersmith", "work"), sem("Lives in Visby", "location"),
               sem("Has a son called Oswin", "family")]),
    case("correction_2805", "correction",
         [["can you forget everything about Severin please. we fell out badly and i'd rather "
           "he wasn't in your memory at all"],
          ["where does severin live again?"]],
         [forgets("severin"), kept("Plays shinty on Saturdays"),
          avoids("drammen", name="reply_no_forgotten_detail")],
         seed=[sem("Has a friend called Severin who lives in Drammen", "relationships"),
               sem("Plays shinty on Saturdays", "hobbies")]),
    case("correction_2806", "correction",
         [["my big brother Thorvald does stunts for films, he's a stuntman based in "
           "Lillehammer",
           "argh no, i meant Hamar, not Lillehammer. brain is mush today sorry"]],
         [remembers("thorvald|brother", "hamar"), remembers("stunt"),
          forgets("lillehammer", unless="hamar|" + NOT)]),

    # --- several facts at once -----------------------------------------------------------
    case("multi_fact_2807", "multi_fact",
         [["ok few things abt me: im 58, widower, i do cross-country skiing all winter and my "
           "granddaughter Aslaug lives with me since september"]],
         [remembers("58"), remembers("widow"), remembers("ski|cross-country"),
          remembers("aslaug")]),

    # --- example leaks -------------------------------------------------------------------
    case("example_leak_2808", "example_leak",
         [["sprained my thumb so no model railway for a couple of weeks :( what else can i do "
           "with myself this weekend?"]],
         [remembers("railway|model train"), example_facts_absent()]),

    # --- the assistant's own answers -----------------------------------------------------
    case("assistant_answer_2809", "assistant_answer",
         [["how do you unshrink a wool cardigan that went through the dryer?",
           "omg it actually worked, ur a legend"]],
         [stores_nothing(), no_assistant_words_stored()]),

    # --- repetition ----------------------------------------------------------------------
    case("repetition_2810", "repetition",
         [["my aunt gave me a terrarium with a little fern in it",
           "how much light does it neeed?",
           "and should i ever take the lid off?"]],
         [remembers("terrarium")]),

    # --- wording and a relative date -----------------------------------------------------
    case("wording_2811", "wording",
         [["my first biathlon race is in two weeks, nervous!!"]],
         [dated("biathlon", first="2024-03-28", last="2024-03-30"), third_person()]),

    # --- reply preferences ---------------------------------------------------------------
    case("procedural_2812", "procedural",
         [["can u stop writing essays at me lol. 2 or 3 sentences max from now on ok"],
          ["any tips to stop snoring?"]],
         [remembers("short|brief|sentence|concise", kind="procedural"), short(80)]),
    case("procedural_2813", "procedural",
         [["please, from now you answer me always in german, i must practise it for my new "
           "work"],
          ["what is good to pack for two days in the mountains?"]],
         [remembers("german|deutsch", kind="procedural"), in_language("de")]),

    # --- introductions -------------------------------------------------------------------
    case("introduction_2814", "introduction",
         [["yo, Gottfried here. i carve marionettes for a puppet theatre in Örebro"],
          ["so who am i, according to you?"]],
         [remembers("gottfried"), remembers("marionette|puppet"), says("gottfried"),
          says("marionette|puppet")]),

    # --- pronouns and a third person -----------------------------------------------------
    case("pronouns_2815", "pronouns",
         [["my great-nephew Tudur just started uni in Joensuu",
           "he's doing limnology, lakes and that"],
          ["what's my great-nephew studying?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"),
          remembers("tudur|nephew", "joensuu"), remembers("tudur|nephew", "limnolog|lake"),
          says("limnolog|lake")]),

    # --- the same fact again -------------------------------------------------------------
    case("duplicate_2816", "duplicate",
         [["tuesdays are bridge club nights for me btw, never miss one"]],
         [once("bridge")],
         seed=[sem("Plays at a bridge club on Tuesdays", "hobbies")]),

    # --- small talk ----------------------------------------------------------------------
    case("small_talk_2817", "small_talk",
         [["heyyy", "not much tbh just bored lol", "ok ima head off, byeee"]],
         [stores_nothing(), kept("Lives in Vaasa")],
         seed=[sem("Lives in Vaasa", "location")]),

    # --- a question answered from memory -------------------------------------------------
    case("question_2818", "question",
         [["hey what have u got saved on me so far"]],
         [says("wig"), says("porvoo"), says("pheasant|bonifacio"), stores_nothing()],
         seed=[sem("Works as a wigmaker for theatres", "work"),
               sem("Lives in Porvoo", "location"),
               sem("Has a pet pheasant called Bonifacio", "pets")]),

    # --- a secret ------------------------------------------------------------------------
    case("secret_2819", "secret",
         [["heres my email password so i dont lose it: Ptarmigan!7394. oh and i just moved to "
           "Kristiansand"],
          ["what was that email password i gave u?"]],
         [never_stored("Ptarmigan!7394"), never_repeated("Ptarmigan!7394"),
          remembers("kristiansand")]),

    # --- another user --------------------------------------------------------------------
    case("cross_user_2820", "cross_user",
         [Session(["hi, im Walburga's husband, she uses this too. where does she live?",
                   "ok and has she told u about any allergies?"], user="b")],
         [isolated("a", "b", "haugesund", "wasp")],
         seed={"a": [sem("Is allergic to wasp stings", "health"),
                     sem("Lives in Haugesund", "location")],
               "b": [sem("Plays skittles on Fridays", "hobbies")]}),

    # --- time-bound facts ----------------------------------------------------------------
    case("time_bound_2821", "time_bound",
         [["got my hang-gliding licence test next friday, eek"],
          Session(["anything coming up for me in the next few days?"], date="2024-03-20")],
         [dated("glid|licen", first="2024-03-22"), says("glid|licen")]),
    case("time_bound_2822", "time_bound",
         [["im feeding my neighbour Ferdinanda's finches till the 24th while she's away"],
          Session(["do i need to pop round to ferdinanda's this weekend for the finches?"],
                  date="2024-04-05")],
         [dated("finch|ferdinanda", first="2024-03-24"),
          says(OVER, name="reply_says_it_ended")]),

    # --- other languages -----------------------------------------------------------------
    case("non_english_2823", "non_english",
         [["salut ! moi c'est Blandine, je suis funambule dans un petit cirque et j'habite à "
           "Kongsberg"],
          ["tu te rappelles ce que je fais comme métier ?"]],
         [remembers("funambul|tightrope"), remembers("kongsberg"),
          says("funambul|fil|corde"), in_language("fr")]),
    case("non_english_2824", "non_english",
         [["mein freund und ich ziehn nächsten monat nach arendal, hab schon die ersten "
           "kisten gepackt"],
          ["wohin ziehen wir nochmal?"]],
         [remembers("arendal"), says("arendal"), in_language("de")]),
])
