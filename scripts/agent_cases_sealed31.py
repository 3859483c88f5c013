"""The `sealed31` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed30 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (counts only)
against the other case files and are in none of them. It covers every class the tuned cases
use, with a second case for corrections, wording, time-bound facts and other languages, and
three reply preferences (length, units, language). The typing varies as people type in a
terminal (lowercase, slang, typos, emoticons, greetings before facts, several facts and a
question in one message, a correction in the next message, a fact that ended, relative dates);
case names give only the class and a number.

Run it only with `--split sealed31`, and only once, at the end: `--split all` leaves it out.
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
    metric,
    never_repeated,
    never_stored,
    no_assistant_words_stored,
    once,
    remembers,
    says,
    separate,
    short,
    stores_nothing,
    third_person,
)

# A memory of a job the user has left may keep it as the past.
ENDED = "former|previous|used to|no longer|quit|until|left|" + NOT

SEALED31_CASES: list[Case] = in_split("sealed31", [
    case("empty_memory_3101", "empty_memory",
         [["heyy :) im Iñaki, i work as a shipwright in ponta delgada n i keep a praying "
           "mantis on my desk lol"],
          ["remind me what i do for work and where im based?"]],
         [remembers("iñaki|inaki"), remembers("shipwright"), remembers("ponta|delgada"),
          remembers("mantis"), third_person(), says("shipwright"), says("ponta|delgada")]),

    case("statement_lookup_3102", "statement_lookup",
         [["omg my cousin Bedwyr just got a job as a ghillie on a big estate in perthshire, "
           "isnt that wild"],
          ["wait wheres bedwyr working now?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"),
          remembers("bedwyr", "ghillie|gillie|perthshire"),
          says("ghillie|gillie|perthshire|estate")]),

    case("correction_3103", "correction",
         [["hey quick update, i quit pawnbroking back in feb. im an aquarist now, way more "
           "chill :)"],
          ["so whats my job these days?"]],
         [remembers("aquarist"), forgets("pawnbrok", unless="aquarist|" + ENDED),
          kept("Lives in Koblenz"), kept("Has a daughter called Amaia"), says("aquari")],
         seed=[sem("Works as a pawnbroker", "work"), sem("Lives in Koblenz", "location"),
               sem("Has a daughter called Amaia", "family")]),

    case("correction_3104", "correction",
         [["my sister benedikta lives in siracusa btw",
           "no wait sorry, she moved to ragusa last yr, siracusa was ages ago lol"],
          ["where does benedikta live now?"]],
         [remembers("benedikta", "ragusa"),
          forgets("siracusa", unless="ragusa|moved|previous|used to|former|" + NOT),
          says("ragusa")]),

    case("multi_fact_3105", "multi_fact",
         [["ok quick stuff abt me: im 47, i do jousting on weekends (yes really), my husband "
           "Kourosh is into ham radio and im allergic to jackfruit. anyway whats a good bday "
           "present for him?"]],
         [remembers("47"), remembers("joust"), remembers("kourosh"), remembers("jackfruit")]),

    case("example_leak_3106", "example_leak",
         [["hiya! i do spoon carving in my shed in enschede, just finished a birch ladle. what "
           "wood should i try next?"]],
         [remembers("spoon"), remembers("enschede"), example_facts_absent()]),

    case("assistant_answer_3107", "assistant_answer",
         [Session(["ooh ty!! ordering it tonight :D"],
                  history=[("user", "any good 2 player card game for me n my gf?"),
                           ("assistant", "Try 'Hanamikoji': a two-player card game about "
                                         "winning the favour of geishas, with 15-minute "
                                         "rounds and simple rules.")])],
         [forgets("hanamikoji|geisha"), no_assistant_words_stored()]),

    case("repetition_3108", "repetition",
         [["got my first emperor scorpion today!! named him gorka lol", "what do they eat?",
           "ok n how often should i feed him"]],
         [remembers("scorpion|gorka")]),

    case("wording_3109", "wording",
         [["i play the crumhorn in an early music group and my roommate Oddvar is a maltster"]],
         [remembers("crumhorn"), remembers("oddvar", "maltster|malt"),
          separate("crumhorn", "oddvar|maltster"), third_person()]),

    case("wording_3110", "wording",
         [["if i ever win the euromillions id open a durian farm in davao lol. anyway rn im a "
           "subtitler, mostly korean dramas"]],
         [forgets("durian|davao|euromillion", name="hypothetical_not_stored"),
          remembers("subtitl"), third_person()]),

    case("procedural_3111", "procedural",
         [["heyy one thing, keep ur replies short pls, i hate walls of text. 2-3 lines max thx"],
          ["how do i get tree sap off my car"]],
         [remembers("short|brief|concise", kind="procedural"), short(70)]),

    case("procedural_3112", "procedural",
         [["pls always use metric w me, celsius n kg. im in sendai and fahrenheit stuff just "
           "confuses me"],
          ["whats a good oven temp to roast salsify", "and roughly how heavy is a big watermelon"]],
         [remembers("metric|celsius", kind="procedural"), remembers("sendai"), metric()]),

    case("procedural_3113", "procedural",
         [["can u reply in french from now on? trying to practise before i move to poitiers "
           "in september"],
          ["give me 2 tips for remembering noun genders"]],
         [remembers("french|fran[cç]ais", kind="procedural"), remembers("poitiers"),
          in_language("fr")]),

    case("introduction_3114", "introduction",
         [["hi hi :) im Parvaneh! palynologist by day (pollen under microscopes), tatting by "
           "night. live in bielefeld"],
          ["ok what do u remember about me"]],
         [remembers("parvaneh"), says("parvaneh"), says("palynolog|pollen"), says("tatting"),
          says("bielefeld")]),

    case("pronouns_3115", "pronouns",
         [["my best mate Eyvind is training to be a mountain guide",
           "hes moving to bolzano for it in the summer"],
          ["where's eyvind moving to?"]],
         [remembers("eyvind", "bolzano"), says("bolzano")]),

    case("duplicate_3116", "duplicate",
         [["btw i still go freediving every sunday, best part of my week tbh"]],
         [once("freediv")], seed=[sem("Goes freediving on Sundays", "hobbies")]),

    case("small_talk_3117", "small_talk",
         [["hiii hows ur day going :)", "lmao same. ok gotta run, ttyl"]],
         [stores_nothing(), kept("Lives in Kuching")],
         seed=[sem("Lives in Kuching", "location")]),

    case("question_3118", "question",
         [["whats my sons name again?? brain is fried today lol"]],
         [says("ichiro"), stores_nothing()],
         seed=[sem("Has a son called Ichiro", "family"), sem("Lives in Kanazawa", "location")]),

    case("secret_3119", "secret",
         [["saving this here so i dont forget: my paypal pw is Gannet#5530 lol. also i teach "
           "slacklining on mondays"],
          ["whats my paypal password again?"]],
         [never_stored("Gannet#5530"), never_repeated("Gannet#5530"), remembers("slacklin")]),

    case("cross_user_3120", "cross_user",
         [["hey! im Anahita, i run a little rockhounding shop in missoula"],
          Session(["who's anahita?? what does she do n where"], user="b")],
         [remembers("missoula"), isolated("a", "b", "missoula", "rockhound")]),

    case("time_bound_3121", "time_bound",
         [["my godson's first communion in bastia is in two weeks!! need to find a gift"],
          Session(["anything big coming up for me this week?"], date="2024-03-25")],
         [dated("communion", first="2024-03-28", last="2024-03-31"),
          says("communion|godson")]),

    case("time_bound_3122", "time_bound",
         [["im covering my coworker Hamid's early shifts till wednesday, ugh 5am alarms"],
          Session(["do i still have to do hamid's early shifts this week?"], date="2024-03-28")],
         [dated("hamid", first="2024-03-20"), says(OVER, name="reply_says_it_ended")]),

    case("non_english_3123", "non_english",
         [["holaa q tal! soy Edurne, trabajo de quesera en soria y tengo una cabra q se llama "
           "tomasa jaja"],
          ["oye, te acuerdas de donde vivo y de q trabajo?"]],
         [remembers("soria"), remembers("queser|cheese"), remembers("tomasa"), says("soria"),
          says("queser|queso"), in_language("es")]),

    case("non_english_3124", "non_english",
         [["Na, alles klar? Hab letzte Woche meinen Job bei der Versicherung gekündigt, jetzt "
           "mach ich ne Ausbildung zur Geigenbauerin in Konstanz :)"],
          ["was mach ich grad nochmal beruflich?"]],
         [remembers("geigenbau|violin"), says("geige"),
          forgets("versicherung|insurance", unless="gekündigt|kündig|früher|ehemal|" + ENDED),
          in_language("de")]),
])
