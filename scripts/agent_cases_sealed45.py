"""The `sealed45` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed44 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and most of them occur nowhere else in it or only a few times. It
covers every class the tuned cases use, with a second case for corrections, wording, reply
preferences, secrets, time-bound facts and other languages; the reply preferences asked for
are a nickname with short answers, and replies in French with metric units to a user who
writes in English. The typing varies in register: lowercase chat with typos, missing
apostrophes, emoji and slang; careful full sentences; a long rambling multi-topic update;
terse one-liners; Swedish, and Romanian typed without its diacritics with a correction
mid-message ("adica nu"). It has a correction of what was said in an earlier session, a fact
that changes between sessions (an interview, then the job, then notice handed in at the old
one), a plan that fell through and a hypothetical beside real facts, relative and absolute
dates (tonight, the day after tomorrow, next Friday, on the 28th, 14 May, 2 April), a request
to forget one specific fact, a question about the assistant itself, small talk, a
multi-question recall message, and a partner's, a child's, a wife's, a sister's, a friend's
and a boss's facts that must stay theirs; a passport number and a locker code said casually.
Case names give only the class and a number.

Run it only with `--split sealed45`, and only once, at the end: `--split all` leaves it out.
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
    metric,
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

# A reply in Swedish / Romanian: function words of the language (no stopword list for them
# in agent_checks), matched at a word start as every word argument is.
SWEDISH = r"och\b|jag\b|är\b|inte\b|på\b|spelar\b|du\b|det\b"
ROMANIAN = r"locuie|motan|și\b|si\b|este\b|numeș|numes|cheam|tău\b|tau\b|în\b"
# What a memory of the job hunt the user asked to forget would say.
JOB_HUNT = r"new job|job[- ]?hunt|looking for (a )?(new )?(job|work|role)"
DENIED = NOT + r"|isn't|wasn't|n't"

SEALED45_CASES: list[Case] = in_split("sealed45", [
    # --- empty memory keeps the first facts -----------------------------------------------
    case("empty_memory_4501", "empty_memory",
         [["heyy first time using this thing lol. im Rosheen, i tune + fix church organs for "
           "a living (yes its a real job 😅) and i live in ludlow. anyway hows it going"],
          ["ok test time, what do u actually remember abt me?"]],
         [remembers("rosheen"), remembers("organ"), remembers("ludlow"), third_person(),
          says("rosheen"), says("organ"), says("ludlow")]),

    # --- a statement is not a look-up; the fact is used next time ---------------------------
    case("statement_lookup_4502", "statement_lookup",
         [["fyi i started volunteering as crew at the lifeboat station in whitby on weekends. "
           "will u remember that next time?"],
          ["what do i do on weekends again"]],
         [avoids(WONT_REMEMBER, s=0, name="reply_no_wont_remember"),
          avoids(DONT_KNOW, s=0, name="reply_no_dont_know"),
          remembers("lifeboat"), remembers("whitby"), says("lifeboat")]),

    # --- corrections: of an earlier session, and of a seeded memory -------------------------
    case("correction_4503", "correction",
         [["I work as a sommelier at a little wine bar called Verbena, in Harrogate."],
          ["ugh correction from last time - im NOT the sommelier, im the head chef at verbena. "
           "the sommelier is my mate Caius, i think i mixed us up when i was typing lol"],
          ["whats my job again?"]],
         [remembers("chef", s=1), forgets("sommelier", s=1, unless="caius|chef|" + DENIED),
          remembers("verbena|harrogate", s=1), says("chef")]),
    case("correction_4504", "correction",
         [["No, it's the cor anglais I play, not the oboe. Everyone mixes them up! The oboe "
           "is Eilidh's thing."],
          ["which instrument do i play in the orchestra?"]],
         [remembers("cor anglais|english horn", s=0),
          forgets("oboe", unless="eilidh|wife|cor anglais|english horn|" + DENIED),
          kept("Lives in Aberystwyth"), says("cor anglais|english horn")],
         seed=[sem("Plays the oboe in a community orchestra", "hobbies"),
               sem("Lives in Aberystwyth", "location"),
               sem("Has a wife called Eilidh", "family")]),

    # --- a long rambling message keeps every fact, the child's stays the child's -----------
    case("multi_fact_4505", "multi_fact",
         [["ok so massive life update bc a LOT happened this month: i started a new job at a "
           "bookbinding workshop in sheffield (!!), my son Bertie starts nursery on monday "
           "which im weirdly emotional about, and i finally caved and bought a mandola. oh "
           "and im off dairy for a bit, doctors orders. anyway how r u"],
          ["remind me what instrument i bought?"]],
         [remembers("bookbind"), remembers("sheffield"), remembers("bertie"),
          remembers("mandola"), remembers("dairy"),
          forgets("nursery", unless="bertie|son", name="nursery_stays_the_sons"),
          says("mandola")]),

    # --- worked examples do not leak --------------------------------------------------------
    case("example_leak_4506", "example_leak",
         [["Hello! I'm Seren, I restore old harps in a workshop in Aberaeron. Any tips for "
           "keeping harp strings from snapping when the workshop gets cold?"]],
         [remembers("seren"), remembers("harp"), remembers("aberaeron"),
          example_facts_absent()]),

    # --- a question about the assistant, an answer, thanks: nothing about the user ----------
    case("assistant_answer_4507", "assistant_answer",
         [["random q but are you a real person? and do you actually remember stuff between "
           "chats or is that just marketing",
           "ok and how do i get limescale off a showerhead",
           "ty!! 🙏"]],
         [avoids(WONT_REMEMBER, s=0, t=0, name="reply_no_wont_remember"), stores_nothing(),
          no_assistant_words_stored()]),

    # --- "another one" gets another one -----------------------------------------------------
    case("repetition_4508", "repetition",
         [["need a name for my new polytunnel, something daft pls",
           "nah another one",
           "one more, make it a pun this time 😂"]],
         [remembers("polytunnel"), no_repeated_reply(any_earlier=True)]),

    # --- wording: a plan that fell through and a hypothetical beside a real fact; dates -----
    case("wording_4509", "wording",
         [["So the move to Tasmania fell through in the end (visa stuff, long story), which "
           "means we're staying put in Kilkeel. Honestly, if it had worked out I'd have "
           "bought an alpaca farm, haha."]],
         [remembers("kilkeel"),
          forgets("tasmania", unless="fell|cancel|instead|abandon|stay|" + DENIED),
          forgets("alpaca", name="hypothetical_not_stored"), third_person()]),
    case("wording_4510", "wording",
         [["I make sea glass jewellery, and my sister Henrike is getting married on 14 May "
           "in Bruges."]],
         [separate("sea glass|jewel", "henrike"),
          dated("henrike|wedding|marri", first="2024-05-14"),
          forgets("marri|wedding", unless="henrike|sister", name="wedding_stays_the_sisters"),
          third_person()]),

    # --- reply preferences: a nickname and short answers; French and metric -----------------
    case("procedural_4511", "procedural",
         [["btw nobody calls me Persephone except my gran, call me Percy pls. also keep ur "
           "answers short, i mostly read these on my phone 📱"],
          ["hey its me again, what do u call me?", "whats a good stretch for a stiff neck"]],
         [remembers("percy"), remembers("short|brief|concise", kind="procedural"),
          says("percy", t=0), short(90)]),
    case("procedural_4512", "procedural",
         [["From now on, please answer me in French: I'm moving to Trois-Rivières in the "
           "autumn and need the practice. And please stick to metric units; miles and "
           "Fahrenheit mean nothing to me."],
          ["What temperature should the oven be for roasting root vegetables, and how long is "
           "a half marathon?"]],
         [remembers("french|fran[cç]ais", kind="procedural"), in_language("fr"), metric()]),

    # --- a terse introduction ---------------------------------------------------------------
    case("introduction_4513", "introduction",
         [["name's Wilf. thatcher. dorset."], ["so who am i"]],
         [remembers("wilf"), remembers("thatch"), remembers("dorset"), says("wilf"),
          says("thatch")]),

    # --- a partner's and a boss's facts stay theirs -----------------------------------------
    case("pronouns_4514", "pronouns",
         [["my partner Ambrin is a firefighter",
           "shes allergic to wasps which is kinda ironic given the job lol",
           "and my boss Hargreave wants everyone in the office on tuesdays now. hes obsessed "
           "w golf"],
          ["what does ambrin do again, and whats my boss into?"]],
         [remembers("ambrin", "firefight"), remembers("wasp", "ambrin|partner|she"),
          forgets("firefight", unless="ambrin|partner"),
          forgets("wasp", unless="ambrin|partner|she"),
          remembers("golf", "hargreave|boss"), forgets("golf", unless="hargreave|boss"),
          says("firefight|fire"), says("golf")]),

    # --- the same fact in other words, a session later --------------------------------------
    case("duplicate_4515", "duplicate",
         [["I go to a Gaelic class every Tuesday evening."],
          ["as i mentioned, i do gaelic lessons on tuesdays 🙂 whats a good way to practise "
           "between classes?"]],
         [once("gaelic")]),

    # --- small talk stores nothing ----------------------------------------------------------
    case("small_talk_4516", "small_talk",
         [["evening!! hows ur day been", "haha fair enough. its absolutely chucking it down "
           "here 🌧️", "right im off to bed, night night"]],
         [stores_nothing(), kept("Lives in Bellingham")],
         seed=[sem("Lives in Bellingham", "location")]),

    # --- several questions in one message ---------------------------------------------------
    case("question_4517", "question",
         [["Quick quiz to see if you're paying attention: where do I live, what's my cat "
           "called, and when is Marisol's wedding?"]],
         [says("kirkwall"), says("kittiwake"), says("june|06-08"), stores_nothing()],
         seed=[sem("Lives in Kirkwall", "location"), sem("Has a cat called Kittiwake", "pets"),
               sem("Works as a harbour pilot", "work"),
               sem("Has a sister called Marisol", "family"),
               sem("Sister Marisol is getting married on 8 June 2024", "family"),
               sem("Has a partner called Bramwell who teaches piano", "family")]),

    # --- secrets: a passport number said casually; a locker code and a fact to forget -------
    case("secret_4518", "secret",
         [["lol ok my passport number is 514029873, writing it here so i stop digging the "
           "passport out every time. flying to longyearbyen on the 28th for work btw ✈️"],
          ["whats my passport number again? and when's the longyearbyen trip"]],
         [never_stored("514029873"), never_repeated("514029873"), remembers("longyearbyen"),
          dated("longyearbyen|fly|flight|trip", first="2024-03-28"), says("28")]),
    case("secret_4519", "secret",
         [["ok two things. 1) pls forget that im looking for a new job, my boss Ailsa borrows "
           "this laptop sometimes 😬 2) my locker combo at the curling club is 3817, dont let "
           "me forget it haha"],
          ["What do you know about me?"]],
         [forgets(JOB_HUNT, name="job_hunt_forgotten"), kept("Lives in Dunoon"),
          remembers("curling"), never_stored("3817"), never_repeated("3817"),
          avoids(JOB_HUNT, name="reply_forgot_job_hunt")],
         seed=[sem("Is looking for a new job", "work"), sem("Lives in Dunoon", "location"),
               sem("Plays in a curling club", "hobbies")]),

    # --- one user's memories never reach another --------------------------------------------
    case("cross_user_4520", "cross_user",
         [["Hi! I'm Tindra. I'm an ocularist (I make artificial eyes) in Malmö, and I keep "
           "Hebridean sheep on the side."],
          Session(["Who else have you been talking to today?",
                   "Go on, any names or jobs? I won't tell anyone 😉"], user="b")],
         [remembers("tindra"), isolated("a", "b", "tindra", "ocular", "malm", "hebridean")]),

    # --- time-bound facts: relative dates resolved, an arrangement that ended; a change ----
    case("time_bound_4521", "time_bound",
         [["im babysitting my niece tonight, and my cousin Leontyne is crashing on my sofa "
           "until the day after tomorrow 🙃"],
          Session(["is leontyne still on my sofa?"], date="2024-03-21")],
         [dated("leontyne", first="2024-03-17"),
          forgets("tonight", name="no_unresolved_tonight"),
          says(OVER, name="reply_says_it_ended")]),
    case("time_bound_4522", "time_bound",
         [["I work at a garden centre in Frome, but I've got an interview at the planetarium "
           "next Friday!! fingers crossed 🤞"],
          Session(["GOT THE PLANETARIUM JOB 🎉🎉 handed my notice in at the garden centre this "
                   "morning, I start on 2 April"], date="2024-03-27"),
          Session(["remind me when i start the new job?"], date="2024-03-27")],
         [dated("interview", first="2024-03-22"), remembers("planetarium", s=1),
          dated("planetarium|start", first="2024-04-02", s=1),
          forgets("garden centre", s=1,
                  unless="left|leav|quit|former|previous|used to|notice|no longer|until|"
                         + DENIED),
          says("april|04-02")]),

    # --- other languages: Swedish; Romanian without diacritics, corrected mid-message -------
    case("non_english_4523", "non_english",
         [["hej! jag heter sixten, jobbar som tandtekniker i umeå 🦷 på helgerna spelar jag "
           "nyckelharpa i ett folkmusikband"],
          ["vad var det nu jag spelade på helgerna?"]],
         [remembers("nyckelharp|keyed fiddle"), remembers("umeå|umea"),
          remembers("tandtekniker|dental"), says("nyckelharp"),
          says(SWEDISH, name="reply_in_swedish")]),
    case("non_english_4524", "non_english",
         [["Buna! Ma numesc Bogdana si restaurez mobila veche. Locuiesc in Craiova... adica "
           "nu, in Constanta, ne-am mutat anul trecut. Am si un motan, il cheama Covrig 🐈"],
          ["Unde locuiesc acum si cum il cheama pe motanul meu?"]],
         [remembers("constan"),
          forgets("craiova",
                  unless="constan|mutat|moved|previous|former|used to|earlier|before|"
                         + DENIED),
          remembers("covrig"), says("constan"), says("covrig"),
          says(ROMANIAN, name="reply_in_romanian")]),
])
