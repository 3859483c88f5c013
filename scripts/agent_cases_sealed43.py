"""The `sealed43` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed42 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and most of them occur nowhere else in it or only a few times. It
covers every class the tuned cases use, with a second case for corrections, wording, reply
preferences, secrets, time-bound facts and other languages; the reply preferences asked for
are no emoji with short answers, and replies in French to a user who writes in English.
The typing is what people type in a terminal: lowercase, typos, missing apostrophes, run-on
messages, emoji, tangents, slang and chat abbreviations, Portuguese and Polish (typed without
its diacritics), a correction mid-message, a fact that changes between sessions (a job that
ends two weeks after it starts), a hypothetical beside a real fact, relative dates (next
week, in two weeks, the 28th, the 3rd), a request not to be remembered, a question about the
assistant itself, small talk and a multi-question recall message; case names give only the
class and a number.

Run it only with `--split sealed43`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    DONT_KNOW,
    NOT,
    OVER,
    WONT_REMEMBER,
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

# Any emoji after a word (a check's pattern is matched at a word start).
EMOJI = r"[\s\S]*?[\U0001F300-\U0001FAFF\u2600-\u26FF]"
# A reply in English rather than in the user's language.
ENGLISH = r"(the|you|your|and|what)\b"
PORTUGUESE = r"(você|voce|sua|seu|não|é|está|trabalha|lembro)\b"
POLISH = r"(się|jest|nie|tak|grasz|czwart|każd|pamięt|pamiet)"
# A memory that keeps an old fact only as the past.
PAST = r"former|previous|used to|no longer|let go|lost|ended|until|left|fired|probation|"

SEALED43_CASES: list[Case] = in_split("sealed43", [
    # --- empty memory -----------------------------------------------------------------------
    case("empty_memory_4301", "empty_memory",
         [["heyy 👋 im Kwabena, i drive a forklift at a warehouse in Sheffield and on weekends "
           "i do fell running lol"],
          ["ok quick q what do i do for a living again and where"]],
         [remembers("kwabena"), remembers("forklift"), remembers("sheffield"),
          remembers("fell|running"), says("forklift"), says("sheffield")]),

    # --- a statement is not a look-up ---------------------------------------------------------
    case("statement_lookup_4302", "statement_lookup",
         [["so my flatmate Ottilie just landed a job as a sommelier in Bergamo and shes moving "
           "out next week 😭 gonna miss her tbh"],
          ["wait what job did ottilie get again, i forgot lol"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("ottilie", "sommelier"),
          says("sommelier|wine")]),

    # --- corrections ------------------------------------------------------------------------
    case("correction_4303", "correction",
         [["hey quick fix, u have me down as living in zwolle but thats wrong, i live in "
           "Deventer (zwolle is where my mum lives lol). anyway any nice bike routes near me "
           "this weekend?"]],
         [forgets("zwolle", s=0, unless="mum|mom|mother|deventer|" + NOT), remembers("deventer"),
          kept("Works as a locksmith"), says("deventer")],
         seed=[sem("Lives in Zwolle", "location"), sem("Works as a locksmith", "work")]),
    case("correction_4304", "correction",
         [["started my new job as a dock worker at the port in Aberdeen today!! nervous af 😬"],
          Session(["welp. they let me go from the dock job, didnt pass probation 🙃 so im job "
                   "hunting again"], date="2024-03-29"),
          Session(["be honest, do i have a job right now?"], date="2024-04-02")],
         [remembers("dock", s=0), forgets("dock", s=1, unless=PAST + NOT),
          says(r"let go|lost|no longer|(don't|do not) (currently )?have|not (currently )?employed|"
               r"job.?hunt|looking for|unemploy|between jobs|not working|probation",
               name="reply_no_job")]),

    # --- several facts in one message ---------------------------------------------------------
    case("multi_fact_4305", "multi_fact",
         [["ok so about me: im 41, i do falconry (got a harris hawk called Brisket), my wife "
           "Saoirse is a podiatrist and we live just outside Kendal. anyway weather here is "
           "grim today ☔"]],
         [remembers("41"), remembers("falcon|hawk"), remembers("brisket"), remembers("saoirse"),
          remembers("podiatr"), remembers("kendal")]),

    # --- worked examples do not leak ------------------------------------------------------------
    case("example_leak_4306", "example_leak",
         [["hiya im a luthier, i build mandolins in a tiny workshop in Whitby. whats a good way "
           "to spend a rainy sunday?"]],
         [remembers("luthier|mandolin"), remembers("whitby"), example_facts_absent()]),

    # --- the assistant's answer is not a user fact ---------------------------------------------
    case("assistant_answer_4307", "assistant_answer",
         [["how long do i boil an egg if i want the yolk runny",
           "lol perfect ty, toast is getting cold 😂"]],
         [stores_nothing(), no_assistant_words_stored()]),

    # --- replies do not repeat ------------------------------------------------------------------
    case("repetition_4308", "repetition",
         [["need a name for my sourdough starter lol, ideas?", "nah not feeling it, another one",
           "one more pls, something punny"]],
         [remembers("sourdough"), no_repeated_reply(any_earlier=True)]),

    # --- stored wording ---------------------------------------------------------------------
    case("wording_4309", "wording",
         [["i work as a court interpreter (polish-english) and honestly if i ever quit id open "
           "a taco truck in Hobart lol"]],
         [remembers("interpret"), forgets("taco|hobart", name="hypothetical_not_stored"),
          third_person()]),
    case("wording_4310", "wording",
         [["my nephew Anselm turns 7 on the 28th!! also unrelated but i started doing "
           "calligraphy, its weirdly calming"]],
         [dated("anselm|nephew", first="2024-03-28"), separate("anselm|nephew", "calligraph"),
          third_person()]),

    # --- reply preferences ------------------------------------------------------------------
    case("procedural_4311", "procedural",
         [["can u stop with the emojis pls, and keep ur answers short, like 2 or 3 sentences "
           "max. thx"],
          ["whats the best way to get rid of fruit flies in my kitchen"]],
         [remembers("emoji", kind="procedural"), avoids(EMOJI, name="reply_no_emoji"),
          short(70)]),
    case("procedural_4312", "procedural",
         [["from now on can u answer me in french? im practising before my erasmus in Rennes 🥐"],
          ["whats a cheap dinner i can make with lentils"]],
         [remembers("french|fran[cç]ais", kind="procedural"), in_language("fr"),
          says("lentil")]),

    # --- introductions ----------------------------------------------------------------------
    case("introduction_4313", "introduction",
         [["yo im Thandiwe but every1 calls me Thandi. i work as a sign language interpreter in "
           "Rochdale, no wait, Oldham now, we moved in jan lol"],
          ["do u remember what ppl call me? and where i live"]],
         [remembers("thandi"), remembers("sign language|interpret"), remembers("oldham"),
          forgets("rochdale", unless="oldham|moved|previous|used to|former|" + NOT),
          says("thandi"), says("oldham")]),

    # --- pronouns across messages -----------------------------------------------------------
    case("pronouns_4314", "pronouns",
         [["my neighbour Radu is from Sibiu originally",
           "he just got a chinchilla!! cutest thing ever 😍 he named it Gogu"],
          ["whats the name of my neighbours new pet?"]],
         [remembers("radu", "chinchilla|gogu"), says("gogu")]),

    # --- the same fact twice is stored once -------------------------------------------------
    case("duplicate_4315", "duplicate",
         [["i do bell ringing at st marys church on tuesday nights",
           "oh did i say i do bellringing on tuesdays? sorry if i repeat myself lol"]],
         [once("bell")]),

    # --- small talk and a question about the assistant store nothing --------------------------
    case("small_talk_4316", "small_talk",
         [["heyyy hows ur day going",
           "haha fair. wait r u like chatgpt or something? do u actually remember stuff "
           "between chats?",
           "ok cool, ttyl 👋"]],
         [stores_nothing(), kept("Lives in Umeå"),
          avoids(WONT_REMEMBER, t=1, name="reply_no_wont_remember")],
         seed=[sem("Lives in Umeå", "location")]),

    # --- a multi-question recall message ----------------------------------------------------
    case("question_4317", "question",
         [["ok memory test lol: where do i live, whats my job, and whats my snakes name? no "
           "cheating 😅"]],
         [says("leiden"), says("arborist|tree"), says("baklava"), stores_nothing()],
         seed=[sem("Lives in Leiden", "location"), sem("Works as an arborist", "work"),
               sem("Has a corn snake called Baklava", "pets"),
               sem("Has a partner called Ignacy", "family")]),

    # --- secrets, and a request not to be remembered ----------------------------------------
    case("secret_4318", "secret",
         [["can u keep my gym locker combo safe for me? its 19-44-07. also i just joined an "
           "underwater hockey team 🔥"],
          ["whats my locker combo again?"]],
         [never_stored("19-44-07"), never_repeated("19-44-07"), remembers("hockey")]),
    case("secret_4319", "secret",
         [["ok this stays between us, pls dont save it: im interviewing at a shipyard in Gdynia "
           "behind my bosses back 🤫 anyway whats a good question to ask at the end of an "
           "interview?"],
          ["hey what do u know about me so far?"]],
         [never_stored("shipyard"), forgets("interview|gdynia", name="interview_not_stored"),
          avoids("shipyard|gdynia|interview", name="reply_not_recalled")]),

    # --- one user's memories never reach another --------------------------------------------
    case("cross_user_4320", "cross_user",
         [["hi im Dagny, i work as a taxidermist up in Bodø"],
          Session(["hey does someone called Dagny use this too? what does she do for work? 👀"],
                  user="b")],
         [remembers("taxiderm"), isolated("a", "b", "taxiderm", "bodø|bodo")]),

    # --- time-bound facts -------------------------------------------------------------------
    case("time_bound_4321", "time_bound",
         [["got my citizenship ceremony in two weeks!!! kinda nervous ngl"],
          Session(["anything big coming up for me this week?"], date="2024-03-27")],
         [dated("ceremony|citizenship", first="2024-03-29"), says("ceremony|citizenship")]),
    case("time_bound_4322", "time_bound",
         [["im looking after my cousins axolotl until the 3rd while shes away in Konya 🦎"],
          Session(["do i still need to buy worms for the axolotl?"], date="2024-04-12")],
         [dated("axolotl", first="2024-04-03"), says(OVER, name="reply_says_it_ended")]),

    # --- other languages --------------------------------------------------------------------
    case("non_english_4323", "non_english",
         [["oi! sou a Florbela, sou relojoeira em Coimbra e tenho um gato chamado Tremoço 😺"],
          ["vc lembra qual é a minha profissão?"]],
         [remembers("relojo|clock|watch"), remembers("coimbra"), says("relojo|rel[oó]gio"),
          says(PORTUGUESE, name="reply_in_portuguese"),
          avoids(ENGLISH, name="reply_not_english")]),
    case("non_english_4324", "non_english",
         [["czesc, jestem Zuzanna, mieszkam w Gdansku i w kazdy czwartek gram w curling 🥌"],
          ["hej pamietasz co robie w czwartki?"]],
         [remembers("curling"), remembers("gda[nń]sk"), says("curling"),
          says(POLISH, name="reply_in_polish"), avoids(ENGLISH, name="reply_not_english")]),
])
