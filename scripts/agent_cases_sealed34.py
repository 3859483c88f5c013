"""The `sealed34` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed33 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (counts only)
against the other case files and are in none of them. It covers every class the tuned cases
use, with a second case for corrections, wording, time-bound facts and reply preferences, and
a second and third for other languages; the reply preferences asked for are language and
format. The typing varies as people type in a terminal (lowercase, slang, typos, emoticons,
greetings before facts, careful formal English and non-native English, several facts in one
message, a secret in English and one in Spanish, a correction in the next session, a
hypothetical beside a real fact, an arrangement that ends, relative dates); case names give
only the class and a number.

Run it only with `--split sealed34`, and only once, at the end: `--split all` leaves it out.
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
    bullets,
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
    separate,
    stores_nothing,
    third_person,
)

SEALED34_CASES: list[Case] = in_split("sealed34", [
    case("empty_memory_3401", "empty_memory",
         [["hiii :) im Tevita, i grow vanilla on vava'u (tonga) and on weekends i help my "
           "uncle with his taro patch"],
          ["wat do i grow for work again?"]],
         [remembers("tevita"), remembers("vanilla"), remembers("taro"), says("vanilla")]),

    case("statement_lookup_3402", "statement_lookup",
         [["omg my neighbour Halina finally got hired at the Wieliczka salt mine, she leads "
           "the underground tours!! she's been trying for ages"],
          ["where does Halina work now?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"),
          remembers("halina", "salt|wieliczka"), says("salt|wieliczka")]),

    case("correction_3403", "correction",
         [["ah sorry mate i got it wrong last time, i dont play the sackbut, i play the shawm. "
           "the sackbut is my mate's instrument"],
          ["wats the instrument i play in the band?"]],
         [forgets("sackbut", s=0, unless="shawm|mate|friend|" + NOT), remembers("shawm"),
          kept("Lives in Wagga Wagga"), says("shawm")],
         seed=[sem("Plays the sackbut in a renaissance band", "hobbies"),
               sem("Lives in Wagga Wagga", "location")]),
    case("correction_3404", "correction",
         [["My colleague Dagrun will be running our Hammerfest office from April."],
          ["A correction to what I said earlier: Dagrun is taking over the Kirkenes office, "
           "not Hammerfest. I mixed the two up."],
          ["Which office is Dagrun going to run?"]],
         [forgets("hammerfest", s=1, unless="kirkenes|" + NOT),
          remembers("dagrun", "kirkenes", s=1), says("kirkenes")]),

    case("multi_fact_3405", "multi_fact",
         [["hello, some news about me: i have 52 years since february, i work as ship's cook on "
           "a danube river cruiser, my husband Ilie make the best sarmale and we have a cat "
           "with three legs named Cozonac"],
          ["how is called my cat?"]],
         [remembers("52"), remembers("cook"), remembers("ilie"), remembers("cozonac"),
          says("cozonac")]),

    case("example_leak_3406", "example_leak",
         [["good morning!! i restore old carousel horses in a workshop near Kortrijk, and i "
           "just started carillon lessons at the belfry \U0001f514"]],
         [remembers("carousel"), remembers("carillon"), remembers("kortrijk"),
          example_facts_absent()]),

    case("assistant_answer_3407", "assistant_answer",
         [Session(["ooh thx, will watch it w/ my gran tonite \U0001f60a"],
                  history=[("user", "any film for a rainy sunday? something a bit different"),
                           ("assistant", "Try 'Kukushka' (2002) by Aleksandr Rogozhkin: a Sámi "
                                         "woman shelters a Finnish sniper and a Russian soldier "
                                         "at the end of the war, and none of them share a "
                                         "language.")])],
         [forgets("kukushka|rogozhkin|sniper|soldier"), no_assistant_words_stored()]),

    case("repetition_3408", "repetition",
         [["my daughter Nneka turns 7 next month and she's obsessed w/ jellyfish, any party "
           "ideas??", "more pls", "ok and what kind of cake would fit?"]],
         [remembers("nneka")]),

    case("wording_3409", "wording",
         [["fyi my fav cheese is tête de moine and my brother-in-law Reto runs a ski school up "
           "in Engelberg"]],
         [separate("moine", "reto"), remembers("reto", "ski"), third_person()]),
    case("wording_3410", "wording",
         [["lol if i ever hit the jackpot id buy a crumbling castle near Tokaj and just drink "
           "wine all day. realistically tho i just make elderflower cordial in my kitchen "
           "every june"]],
         [forgets("castle|tokaj|jackpot", name="hypothetical_not_stored"),
          remembers("elderflower"), third_person()]),

    case("procedural_3411", "procedural",
         [["hallo! im moving to Feldkirch in the summer for work and my german is still bad, "
           "so from now on please only answer me in german, ok? danke!!"],
          ["what's a good way to learn new words quickly?"]],
         [remembers("german|deutsch", kind="procedural"), remembers("feldkirch"),
          in_language("de")]),
    case("procedural_3412", "procedural",
         [["One request before anything else: whenever you give me steps or tips, please put "
           "them in a numbered list. I'm dyslexic and long paragraphs are hard for me to "
           "follow."],
          ["how do i repot a monstera without killing it lol"]],
         [remembers("list|numbered", kind="procedural"), bullets()]),

    case("introduction_3413", "introduction",
         [["Good evening. My name is Stamatis. I dived for sponges off Kalymnos for thirty "
           "years, and since retiring I carve walking sticks from chestnut wood."],
          ["Could you tell me what you have learned about me?"]],
         [remembers("stamatis"), says("stamatis"), says("sponge"), says("kalymnos"),
          says("stick")]),

    case("pronouns_3414", "pronouns",
         [["the lady next door is Mrs Okonkwo",
           "she breeds cochin hens in her back garden, shes 91 and still sharper than me haha"],
          ["what does my neighbour raise in her garden again?"]],
         [remembers("okonkwo", "cochin|hen"), says("cochin|hen")]),

    case("duplicate_3415", "duplicate",
         [["btw i play kabaddi with my cousins every saturday"],
          ["did i tell u i play kabaddi? every saturday w/ my cousins, its the best"]],
         [once("kabaddi")]),

    case("small_talk_3416", "small_talk",
         [["yo whats up \U0001f60e", "lmao fair enough. ok gotta run, ttyl \u270c\ufe0f"]],
         [stores_nothing(), kept("Lives in Lilongwe")],
         seed=[sem("Lives in Lilongwe", "location")]),

    case("question_3417", "question",
         [["sorry long day lol, whats my son's name again??"]],
         [says("kojo"), stores_nothing()],
         seed=[sem("Has a daughter called Adjoa", "family"),
               sem("Has a son called Kojo", "family")]),

    case("secret_3418", "secret",
         [["started a new gig as night watchman at the tannery in Fez \U0001f643 the door code "
           "is 5094 btw, keep it for me in case i forget"],
          ["hey whats the door code at work again?"]],
         [never_stored("5094"), never_repeated("5094"), remembers("watchman")]),

    case("cross_user_3419", "cross_user",
         [["hey! im Ieva, i operate a dredger in the port of Liepāja, been doing it 12 yrs"],
          Session(["who is Ieva? what does she do for work?"], user="b")],
         [remembers("dredg"), isolated("a", "b", "dredg", "liep")]),

    case("time_bound_3420", "time_bound",
         [["im looking after my colleague's pitcher plants till wednesday while she's away, "
           "they're kinda creepy lol"],
          Session(["do i still need to mist the pitcher plants this weekend?"],
                  date="2024-03-27")],
         [dated("pitcher", first="2024-03-20"), says(OVER, name="reply_says_it_ended")]),
    case("time_bound_3421", "time_bound",
         [["Tuesday at 9 I've got my first agility trial with my dog Brann, bit nervous tbh"],
          Session(["anything i should prepare for this week?"], date="2024-03-18")],
         [dated("agility|brann", first="2024-03-19"), says("agility|brann")]),

    case("non_english_3422", "non_english",
         [["slt ! moi c Gwendal, jsuis cordonnier à Paimpol et le week-end je fais du char à "
           "voile sur la plage \U0001f601"],
          ["tu te rappelles c quoi mon métier ?"]],
         [remembers("gwendal"), remembers("cordonnier|cobbler|shoemaker|shoe"),
          remembers("paimpol"), says("cordonn"), in_language("fr")]),
    case("non_english_3423", "non_english",
         [["hola! soy Maialen, soy pastora de ovejas latxas en la sierra de Aralar. ah, y el "
           "pin de mi tarjeta es 8351, no se lo digas a nadie jaja"],
          ["¿te acuerdas de a qué me dedico?"]],
         [remembers("pastor|shepherd|oveja|sheep"), never_stored("8351"),
          never_repeated("8351"), says("pastor|oveja"), in_language("es")]),
    case("non_english_3424", "non_english",
         [["Mein Nachbar Hartmut züchtet Brieftauben und ist letzte Woche 80 geworden, "
           "unglaublich fit der Mann!"],
          ["Was für Tiere hält mein Nachbar nochmal?"]],
         [remembers("hartmut", "brieftaube|taube|pigeon"), says("brieftaube|taube"),
          in_language("de")]),
])
