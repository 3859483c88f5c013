"""The `sealed33` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed32 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (counts only)
against the other case files and are in none of them. It covers every class the tuned cases
use, with a second case for corrections, wording, time-bound facts and reply preferences, and
a second and third for other languages; the reply preferences asked for are length and units.
The typing varies as people type in a terminal (lowercase, slang, typos, emoticons, greetings
before facts, careful formal English and non-native English, several facts and a secret in
one message, a correction in the next message, a move, a break-up, relative dates); case
names give only the class and a number.

Run it only with `--split sealed33`, and only once, at the end: `--split all` leaves it out.
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

SEALED33_CASES: list[Case] = in_split("sealed33", [
    case("empty_memory_3301", "empty_memory",
         [["heyy :) im Tamati, i work as a millwright at the paper mill in Toowoomba n i keep a "
           "pufferfish called Spud lol"],
          ["ok wat do u remember about me so far"]],
         [remembers("tamati"), remembers("millwright"), remembers("toowoomba"),
          remembers("pufferfish|puffer|spud"), third_person(), says("millwright"),
          says("toowoomba")]),

    case("statement_lookup_3302", "statement_lookup",
         [["fyi my neighbour Snorri keeps a jird called Kleina in his kitchen, weirdest pet "
           "ever haha"],
          ["wait what was the name of snorri's pet again"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("kleina"),
          says("kleina")]),

    case("multi_fact_3303", "multi_fact",
         [["ok so quick update: started as an underwriter at a marine insurer in Gqeberha last "
           "monday, my gf Kerubo moves down from Kisumu in 3 weeks, and the buzzer code for the "
           "new complex is 4826* so dont let me forget that"]],
         [remembers("underwriter"), remembers("gqeberha"), remembers("kerubo"),
          never_stored("4826"), never_repeated("4826")]),

    case("repetition_3304", "repetition",
         [["my mother in law Gulnara is visiting from Shymkent on sunday and i wanna cook her "
           "beshbarmak, never made it b4, where do i even start",
           "what cut of meat works if the butcher has no horse meat lol",
           "and can i make the noodles the day before?"]],
         [remembers("gulnara")]),

    case("introduction_3305", "introduction",
         [["Good evening. My name is Ásgeir Pálsson; I am a retired palaeontologist from "
           "Vestmannaeyjar, and these days I spend my mornings needle felting small wool "
           "eider ducks."],
          ["Would you kindly remind me what my profession was before I retired?"]],
         [remembers("ásgeir|asgeir"), remembers("palaeontolog|paleontolog"),
          remembers("vestmannaeyjar"), remembers("felt"),
          says("palaeontolog|paleontolog|fossil")]),

    case("example_leak_3306", "example_leak",
         [["any podcast or audio book recs for the drive? i do 2hrs each way to my shifts at "
           "the sawmill outside Trebinje, its killing me lol"]],
         [remembers("sawmill"), remembers("trebinje"), example_facts_absent()]),

    case("assistant_answer_3307", "assistant_answer",
         [Session(["sick ty, ill grab it before the trip 👍"],
                  history=[("user", "any good 2 player card game for long overnight bus trips?"),
                           ("assistant", "Try 'Targi' by Andreas Steiger: a desert-trading "
                                         "card game for two, about an hour a game and easy "
                                         "to learn.")])],
         [forgets("targi|steiger|desert"), no_assistant_words_stored()]),

    case("pronouns_3308", "pronouns",
         [["my older bro is called Nurlan",
           "he's a dialysis nurse in Aktau, moved there last yr for the job"],
          ["what does my brother do for work again?"]],
         [remembers("nurlan", "dialysis"), says("dialysis")]),

    case("duplicate_3309", "duplicate",
         [["btw i play the guzheng!! been at it for like 4 yrs now 🎶"]],
         [once("guzheng")], seed=[sem("Plays the guzheng", "hobbies")]),

    case("question_3310", "question",
         [["sorry brain fog today lol, what's my stepdaughter called again??"]],
         [says("akosua"), stores_nothing()],
         seed=[sem("Has a stepdaughter called Akosua", "family"),
               sem("Works as a customs officer in Bamenda", "work")]),

    case("secret_3311", "secret",
         [["the combo for my luggage lock is 5-1-9-3 btw, keep it for me ok? also i just bought "
           "a penny-farthing off marketplace lmao"],
          ["whats my lock combo again? cant open my bag 😅"]],
         [never_stored("5-1-9-3"), never_repeated("5-1-9-3"), remembers("penny")]),

    case("small_talk_3312", "small_talk",
         [["yo wassup 😎", "lmaooo ok ok, gotta run, ttyl ✌️"]],
         [stores_nothing(), kept("Lives in Paramaribo")],
         seed=[sem("Lives in Paramaribo", "location")]),

    case("cross_user_3313", "cross_user",
         [["Hello, I am Wanjiru, I am breeding the discus fishes in Kigali since 10 years."],
          Session(["who is Wanjiru and what does she do?"], user="b")],
         [remembers("discus"), isolated("a", "b", "discus", "kigali")]),

    case("wording_3314", "wording",
         [["my wife Laleh is a numismatist and i collect old train tickets, got like 300 now"]],
         [separate("laleh|numismat", "ticket"), remembers("laleh", "numismat|coin"),
          third_person()]),

    case("wording_3315", "wording",
         [["if i ever win big on the horses im opening a lahmacun place in Trabzon lol. for "
           "now tho its night shifts at a pest control firm 🙃"]],
         [forgets("lahmacun|trabzon", name="hypothetical_not_stored"), remembers("pest"),
          third_person()]),

    case("time_bound_3316", "time_bound",
         [["omg my sister's lad Otso is playing kantele at his school concert this friday!! "
           "need to find a nice shirt lol"],
          Session(["hey, anything coming up in the next couple days i should get ready for?"],
                  date="2024-05-09")],
         [dated("kantele|otso|concert", first="2024-05-10"), says("kantele|otso|concert")],
         date="2024-05-07"),

    case("time_bound_3317", "time_bound",
         [["my friend Ljubica's uromastyx is staying at mine till the 9th while she's in "
           "Batumi 🦎 it eats sooo many greens omg"],
          Session(["should i pick up more greens for ljubica's lizard this weekend?"],
                  date="2024-04-20")],
         [dated("uromastyx|ljubica", first="2024-04-09"),
          says(OVER, name="reply_says_it_ended")]),

    case("correction_3318", "correction",
         [["oops correction, we dont live in subotica anymore, moved to Ioannina in feb for my "
           "wife's job"],
          ["where do we live now?"]],
         [remembers("ioannina"),
          forgets("subotica",
                  unless="ioannina|moved|previous|used to|no longer|former|" + NOT),
          kept("Has a son called Nemanja"), says("ioannina")],
         seed=[sem("Lives in Subotica", "location"), sem("Has a son called Nemanja", "family")]),

    case("correction_3319", "correction",
         [["hey! i'm a seed analyst at the rice research station in Iloilo 🙂",
           "no wait i meant Bacolod, iloilo is where my parents live lol"],
          ["where's my job again?"]],
         [remembers("bacolod"), remembers("seed"),
          forgets("iloilo", unless="parent|mother|father|famil"), says("bacolod")]),

    case("procedural_3320", "procedural",
         [["pls from now on keep ur answers super short, like 2-3 sentences max, i read them on "
           "my phone on the bus"],
          ["black spots on my bathroom ceiling, how do i get rid of them"]],
         [remembers("short|brief|concise|sentence", kind="procedural"), short(80)]),

    case("procedural_3321", "procedural",
         [["Could you please give all measurements in metric from now on: grams, millilitres "
           "and degrees Celsius? Cups and Fahrenheit mean nothing to me."],
          ["How much tapioca flour and milk do I need for about twenty pão de queijo, and at "
           "what oven temperature?"]],
         [remembers("metric|gram|celsius", kind="procedural"), metric()]),

    case("non_english_3322", "non_english",
         [["Moin! Ich heiße Hauke, bin Reetdachdecker in Lüneburg, und mein Passwort fürs "
           "Onlinebanking ist Heidschnucke!58, nur damit du's weißt 😉"],
          ["Was war nochmal mein Beruf?"]],
         [never_stored("Heidschnucke!58"), never_repeated("Heidschnucke!58"),
          remembers("reetdach|dachdecker|thatch|roof"), remembers("lüneburg|luneburg|lueneburg"),
          says("reetdach|dachdecker|dach|thatch"), in_language("de")]),

    case("non_english_3323", "non_english",
         [["slt moi c Afiwa, je suis couturière à Lomé et g une tortue qui s'appelle "
           "Zouglou 🐢"],
          ["tu te rappelles comment s'appelle ma tortue ?"]],
         [remembers("zouglou"), remembers("couturi|seamstress|dressmaker|tailor"),
          remembers("lomé|lome"), says("zouglou"), in_language("fr")]),

    case("non_english_3324", "non_english",
         [["holaa, terminé con Jairo el finde 😢 ya no estamos juntos. bueno, para distraerme "
           "me apunté a clases de bachata los jueves"],
          ["¿a qué clases me apunté?"]],
         [forgets("jairo", unless="ex|former|broke|split|ended|separ|termin|" + NOT),
          remembers("bachata"), kept("Lives in Manizales"), says("bachata"),
          in_language("es")],
         seed=[sem("Has a boyfriend called Jairo", "family"),
               sem("Lives in Manizales", "location")]),
])
