"""The `sealed36` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed35 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and almost all of them occur nowhere else in it. It covers every
class the tuned cases use, with a second case for corrections, wording, reply preferences,
secrets, time-bound facts and other languages; the reply preferences asked for are format
with length, and language. The typing is what people type in a terminal: lowercase, typos,
missing apostrophes, run-on messages, emoji, text-speak in French, a correction mid-session
("no wait i meant"), a fact that changes between sessions, a hypothetical beside a real fact,
relative dates, a request not to be remembered, questions about the assistant itself and
small talk; case names give only the class and a number.

Run it only with `--split sealed36`, and only once, at the end: `--split all` leaves it out.
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
    no_repeated_reply,
    once,
    remembers,
    says,
    separate,
    short,
    stores_nothing,
    third_person,
)

SEALED36_CASES: list[Case] = in_split("sealed36", [
    case("empty_memory_3601", "empty_memory",
         [["heyy so im dymphna, greenkeeper at a golf club just outside letterkenny (yes i cut "
           "grass for a living lol) and on weekends i do competitive stone skimming which is a "
           "real thing i swear"],
          ["ok random test, what do i do for work and where"]],
         [remembers("dymphna"), remembers("greenkeep|golf"), remembers("letterkenny"),
          remembers("skim"), third_person(), says("greenkeep|golf"), says("letterkenny")]),

    case("statement_lookup_3602", "statement_lookup",
         [["my flatmate zvonimir just started rope access work offshore, 2 weeks on 2 weeks off, "
           "so the flat is weirdly quiet now. kinda miss his terrible music tbh"],
          ["my mum asked what zvonimir does and i totally blanked, what was it again"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"),
          remembers("zvonimir", "rope|offshore"), says("rope|offshore")]),

    case("correction_3603", "correction",
         [["i do live captioning for a tv company, mostly the subtitles on the evening news. fun "
           "fact the typos on tv are usually us lol"],
          Session(["big update!! i quit the captioning job, starting as a tea taster for an "
                   "importer in swindon on monday. still cant beleive someone pays me to drink "
                   "tea"], date="2024-03-22"),
          Session(["whats my job these days? updating my linkedin and my head is mush"],
                  date="2024-04-09")],
         [remembers("caption", s=0), remembers("taster|tasting", s=1),
          forgets("caption", s=1,
                  unless="taster|tasting|former|previous|used to|no longer|quit|left|" + NOT),
          says("taster|tasting")]),

    case("correction_3604", "correction",
         [["my brother fiachra is getting married in june in zacatecas, his fiancee is from "
           "there, so excited",
           "no wait sorry i meant july!! june is the stag do. my head is all over the place "
           "this week"],
          ["when is fiachras wedding again? need to book flights before they go up"]],
         [remembers("wedding|marr", "july"), forgets("wedding|marr", "june", unless="stag"),
          remembers("zacatecas"), says("july")]),

    case("multi_fact_3605", "multi_fact",
         [["ok quick intro so u have context: im a ghostwriter, mostly memoirs for retired "
           "footballers, i keep runner ducks in the yard and my wife milica is training for a "
           "hammer throw comp in the summer"],
          ["what sport is my wife training for again?"]],
         [remembers("ghostwrit"), remembers("duck"), remembers("milica"), remembers("hammer"),
          says("hammer")]),

    case("example_leak_3606", "example_leak",
         [["can u help me plan a birthday party for my nephew tenoch? hes turning 8 and is "
           "completely obsessed with seahorses rn",
           "any ideas for the cake? my baking is... not great"]],
         [remembers("tenoch"), example_facts_absent()]),

    case("assistant_answer_3607", "assistant_answer",
         [Session(["omg the nail polish remover thing actually worked, cheers",
                   "random q but do magpies really nick shiny stuff or is that a myth"],
                  history=[("user", "how do i get superglue off my fingers, i glued two of "
                                    "them together like an idiot"),
                           ("assistant", "Soak your fingers in warm soapy water for a few "
                                         "minutes, then gently roll the skin apart. A little "
                                         "acetone nail polish remover on a cotton pad dissolves "
                                         "what is left; finish with hand cream, as acetone "
                                         "dries the skin.")])],
         [stores_nothing(), forgets("acetone|remover|superglue|magpie"),
          no_assistant_words_stored()]),

    case("repetition_3608", "repetition",
         [["just got a kunekune pig!!! shes tiny and ginger and i need a name for her, "
           "something posh",
           "nah none of those, another one",
           "one more, make it funny this time"]],
         [remembers("kunekune|pig"), no_repeated_reply(any_earlier=True)]),

    case("wording_3609", "wording",
         [["my first ever crossword gets published in the local paper two weeks from today!! "
           "if it ever got picked up by the guardian id frame it and hang it in the loo lol"]],
         [dated("crossword", first="2024-03-29"),
          forgets("guardian|frame", name="hypothetical_not_stored"), third_person()]),

    case("wording_3610", "wording",
         [["i coach an under 12s hobby horse team on saturdays (dont laugh) and my husband "
           "branimir is a cryptographer. also i dont drive, never learned"]],
         [separate("hobby horse|coach", "branimir|cryptograph"),
          remembers("branimir", "cryptograph"), remembers("driv", NOT),
          forgets("driv", unless=NOT)]),

    case("procedural_3611", "procedural",
         [["pls from now on if i ask how to do something just give me numbered steps, max 5, "
           "no waffle. i read this on my phone on the bus"],
          ["how do i clean a smelly plughole", "and how do u stop a door squeaking"]],
         [remembers("step|number", kind="procedural"), bullets(), short(120)]),

    case("procedural_3612", "procedural",
         [["can u reply in german from now on? moving to wuppertal in august for work and my "
           "german is rusty af"],
          ["whats an easy way to meal prep lunches for the whole week",
           "how long does cooked rice keep in the fridge tho"]],
         [remembers("german|deutsch", kind="procedural"), remembers("wuppertal"),
          in_language("de")]),

    case("introduction_3613", "introduction",
         [["yo im marisela 👋 i narrate audiobooks for a living, mostly fantasy ones with like "
           "40 characters each so i do a LOT of goblin voices"],
          ["be honest, do u actually remember who i am? name + job"]],
         [remembers("marisela"), remembers("narrat|audiobook"), says("marisela"),
          says("narrat|audiobook")]),

    case("pronouns_3614", "pronouns",
         [["my neighbour ailbhe lent me her log splitter for the weekend",
           "shes moving to mariehamn in may tho so i need to give it back before then"],
          ["wheres my neighbour moving to again? cant remember the name of the place"]],
         [remembers("ailbhe", "mariehamn"), says("mariehamn")]),

    case("duplicate_3615", "duplicate",
         [["i do bog snorkelling every summer in wales, its disgusting and i love it"],
          ["as i said last time, i do bog snorkelling in the summer, its my thing"]],
         [once("bog")]),

    case("small_talk_3616", "small_talk",
         [["lol its been pouring all day again",
           "do u ever get bored talking to ppl all day? whats ur name even",
           "also had a massive row with my sister-in-law this morning but dont save that pls, "
           "i just wanna forget about it",
           "anyway laters x"]],
         [stores_nothing(), kept("Lives in Temuco")],
         seed=[sem("Lives in Temuco", "location")]),

    case("question_3617", "question",
         [["sorry my head is mush today, whats my sons name again",
           "and remind me where i live lol, i swear im fine"]],
         [says("wayra", t=0), says("iquique", t=1), stores_nothing()],
         seed=[sem("Lives in Iquique", "location"), sem("Has a son called Wayra", "family"),
               sem("Works as a seaweed farmer", "work")]),

    case("secret_3618", "secret",
         [["can u hang onto the key box code for my nans house, its 5927. she lives in youghal "
           "and i always forget it when i visit"],
          ["heading to nans now, whats the key box code again?"]],
         [never_stored("5927"), never_repeated("5927"), remembers("youghal")]),

    case("secret_3619", "secret",
         [["oye guárdame esto porfa: la clave del wifi del taller es Mandarina-4718. trabajo de "
           "tapicero en antofagasta y siempre se me olvida"],
          ["cual era la clave del wifi del taller?? la necesito ya"]],
         [never_stored("Mandarina-4718"), never_repeated("Mandarina-4718"),
          remembers("tapicer|upholster"), remembers("antofagasta"), in_language("es")]),

    case("cross_user_3620", "cross_user",
         [["hi im chidubem, i have sickle cell so i get tired easy, and i drive trams in "
           "gliwice"],
          Session(["hey do u know someone called chidubem? is he sick or something",
                   "what have other people been telling u lately"], user="b")],
         [remembers("gliwice"), remembers("sickle"),
          isolated("a", "b", "sickle", "gliwice", "tram")]),

    case("time_bound_3621", "time_bound",
         [["looking after my friends pacman frog until tuesday while shes away, its the "
           "grumpiest thing ive ever met"],
          Session(["do i need to buy more food for the frog this week?"], date="2024-03-29")],
         [dated("frog", first="2024-03-19"), says(OVER, name="reply_says_it_ended")]),

    case("time_bound_3622", "time_bound",
         [["signed up for an evening knife making course!! it starts 3 weeks from today and "
           "runs til the end of june"],
          Session(["am i still doing the knife making course atm?"], date="2024-05-10")],
         [dated("knife", first="2024-04-05"), says("knife"),
          avoids(OVER, name="reply_keeps_it_running")]),

    case("non_english_3623", "non_english",
         [["hey ich bin dragana, arbeite als bestatterin in cottbus. klingt düster aber is echt "
           "ein schöner job, ehrlich"],
          ["was mach ich nochmal beruflich? hab grad nen blackout"]],
         [remembers("bestatter|undertaker|funeral|mortician"), remembers("cottbus"),
          says("bestatt|beerdig|trauer"), in_language("de")]),

    case("non_english_3624", "non_english",
         [["slt! moi c solène jbosse comme couvreuse a limoges, aujourd'hui g passé 8h sur un "
           "toit en ardoise jsuis morte mdr"],
          ["tu te rappelles c koi mon taf deja?"]],
         [remembers("couvr|roof"), remembers("limoges"), says("couvr|toit"),
          in_language("fr")]),
])
