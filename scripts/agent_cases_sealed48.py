"""The `sealed48` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed47 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and most of them occur nowhere else in it or only a few times. It
covers every class the tuned cases use, with a second case for corrections, wording, reply
preferences, secrets, time-bound facts and other languages; the reply preferences asked for
are numbered lists without emoji, and replies in German of under sixty words to a user who
writes in English. The typing varies in register: lowercase chat with typos, missing
apostrophes, emoji and slang; careful formal sentences; a long rambling multi-topic update;
terse fragments; a profile pasted as a list with dashes; a voice-dictated message without
punctuation; Brazilian Portuguese typed as chat ("vc", "kkkk"), and Czech typed with its
diacritics. It has a correction of what was said in an earlier session, facts that change
between sessions (a new job in a new town, a dog that died), a counterfactual beside a real
job, relative and absolute dates ("two weeks from today", "til thursday", "on Wednesday",
12 April), a request to forget one specific fact, questions about the assistant itself inside
small talk, a multi-question recall message, and a brother-in-law's, a partner's sister's, a
sister's and her fiance's, a friend's, a son's, a neighbour's, a husband's and a colleague's
facts that must stay theirs; a key-safe code and a passport number said casually.
Case names give only the class and a number.

Run it only with `--split sealed48`, and only once, at the end: `--split all` leaves it out.
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
    short,
    stores_nothing,
    third_person,
)

# An emoji anywhere after the reply's first word (a check's pattern is matched at a word
# start, so it starts from a word and runs on to the emoji).
EMOJI = r"\w[\s\S]*?[\U0001F300-\U0001FAFF\u2600-\u27BF\u2B50]"
# A reply to a Portuguese or Czech message that is written in English.
ENGLISH = r"(the|and|you|your)\b"

SEALED48_CASES: list[Case] = in_split("sealed48", [
    # --- empty memory: lowercase chat, emoji, slang -----------------------------------------
    case("empty_memory_4801", "empty_memory",
         [["heyy 👋 im tilda, new here lol. i drive trams in oulu for a living n on weekends i "
           "play korfball, its basically netball but mixed 😂"],
          ["ok test time 😅 wat do u actually know abt me"]],
         [remembers("tilda"), remembers("tram"), remembers("oulu"), remembers("korfball"),
          third_person(), says("tram"), says("oulu"), says("korfball")]),

    # --- a statement is not a look-up; a relative's job stays his ---------------------------
    case("statement_lookup_4802", "statement_lookup",
         [["I thought you might like to know that my brother-in-law, Radomir, has just been "
           "appointed captain of a passenger ferry on Lake Constance."],
          ["Remind me, what is Radomir's new position?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"),
          remembers("radomir", "ferry|captain"),
          forgets("captain|ferry", unless="radomir|brother|in-law"),
          says("captain|ferry")]),

    # --- a correction of an earlier session, in fragments -----------------------------------
    case("correction_4803", "correction",
         [["work at a plant nursery. knaresborough."],
          ["correction. not knaresborough. thirsk."],
          ["where do i work?"]],
         [remembers("thirsk", s=1), remembers("nursery", s=1),
          forgets("knaresborough", s=1, unless="thirsk|" + NOT), says("thirsk")]),

    # --- a request to forget one fact, formal ----------------------------------------------
    case("correction_4804", "correction",
         [["I would like to ask you for something. Some time ago I mentioned my therapy "
           "appointments; please forget that entirely. Everything else you know about me is "
           "fine to keep."],
          ["What do you know about me at this point?"]],
         [forgets("therap|anxiety"), kept("Works as a cartographer"),
          kept("Has a dachshund called Pretzel"),
          avoids("therap|anxiety", name="reply_forgot_therapy"), says("cartograph")],
         seed=[sem("Sees a therapist every Thursday for anxiety", "health"),
               sem("Works as a cartographer", "work"),
               sem("Has a dachshund called Pretzel", "pets")]),

    # --- a rambling update: a new job in a new town, a dog that died, a guest's plans -------
    case("multi_fact_4805", "multi_fact",
         [["Hello! I'm a cheesemonger at a farm shop in Stroud."],
          Session(["right, loads has changed since we last spoke so bear with me — I left the "
                   "farm shop at the end of April and moved up to Montrose, I'm running the "
                   "wine list at a little bistro there now which is way more fun, but our old "
                   "spaniel Wendell died a couple of weeks ago and the house feels really "
                   "empty, and on top of all that my partner's sister Honoria is staying with "
                   "us while she looks for physio jobs, oh and I've started learning Welsh on "
                   "the bus of all things"], date="2024-05-10"),
          Session(["so where am I working now, and which language am I learning?"],
                  date="2024-05-12")],
         [remembers("montrose", s=1), remembers("welsh", s=1),
          forgets("farm shop|stroud", s=1,
                  unless="left|former|previous|used to|no longer|until|montrose|" + NOT),
          forgets("wendell", s=1, unless="died|passed|death|dead|lost|late\\b|" + NOT),
          forgets("physio", s=1, unless="honoria|sister"),
          says("montrose|bistro"), says("welsh")]),

    # --- worked examples do not leak into a toast; the couple's facts stay theirs -----------
    case("example_leak_4806", "example_leak",
         [["Can you help me write a short toast for my sister's wedding? Her name is Pilar and "
           "she's marrying a clockmaker called Evander, they met at a pub quiz."]],
         [example_facts_absent(), remembers("pilar"),
          forgets("clockmak", unless="evander|pilar|sister")]),

    # --- the assistant's answer is not a user fact ------------------------------------------
    case("assistant_answer_4807", "assistant_answer",
         [Session(["omg perfect, grabbing a calathea this weekend then 🙌🌿"],
                  history=[("user", "which houseplants are actually safe for cats? mine chews "
                                    "everything"),
                           ("assistant", "Good options that are non-toxic to cats include "
                                         "spider plants, calatheas, Boston ferns and parlour "
                                         "palms. Avoid lilies entirely: even their pollen is "
                                         "dangerous to cats.")])],
         [forgets("spider|fern|parlour|lil(y|ies)|toxic"), no_assistant_words_stored()]),

    # --- three related questions, three different replies ----------------------------------
    case("repetition_4808", "repetition",
         [["I'm doing my first sprint triathlon in early June and the swim part terrifies me.",
           "How should I train for the open-water swim?",
           "Okay, and what about the bike-to-run transition?"]],
         [remembers("triathlon")]),

    # --- wording: a counterfactual beside a real job, missing apostrophes -------------------
    case("wording_4809", "wording",
         [["im a chimney sweep in arbroath, been doing it 12 yrs. honestly if id been born "
           "rich id have been a racing driver lol"]],
         [remembers("chimney|sweep"), remembers("arbroath"),
          forgets("racing|rich", name="hypothetical_not_stored"), third_person()]),

    # --- wording: relative and absolute dates, a friend's news kept apart, formal ----------
    case("wording_4810", "wording",
         [["Good afternoon. My naturalisation interview is two weeks from today, and my "
           "closest friend, Oddny, is expecting her first baby on the 3rd of May."]],
         [dated("interview", first="2024-03-29"), dated("oddny", first="2024-05-03"),
          separate("interview", "oddny"),
          forgets("baby|pregnan|expecting", unless="oddny|friend"), third_person()]),

    # --- reply preferences: numbered lists, no emoji ----------------------------------------
    case("procedural_4811", "procedural",
         [["can u stop w the emojis pls 🙃 theyre giving me a headache. and always do numbered "
           "lists when u give me steps or options"],
          ["what should i pack for a 3 day hike in the highlands"]],
         [remembers("emoji", kind="procedural"), remembers("number", kind="procedural"),
          bullets(), avoids(EMOJI, name="reply_no_emoji")]),

    # --- reply preferences: German, under sixty words, formal -------------------------------
    case("procedural_4812", "procedural",
         [["From now on, please reply to me in German. I am preparing for a move to Rostock "
           "in the summer, and I would also appreciate it if every answer stayed under sixty "
           "words."],
          ["What is a good way to spend a rainy Sunday afternoon?",
           "Could you suggest a simple dinner for tonight?"]],
         [remembers("german|deutsch", kind="procedural"),
          remembers("60|sixty|short|brief|word", kind="procedural"), remembers("rostock"),
          in_language("de"), short(60)]),

    # --- an introduction pasted from a profile ----------------------------------------------
    case("introduction_4813", "introduction",
         [["Copied this from my profile on the volunteering site so you know who I am:\n"
           "- Name: Donncha Ó Dálaigh\n"
           "- Job: boat builder\n"
           "- Based in: Westport\n"
           "- Languages: English, Irish, a bit of Basque\n"
           "- Availability: weekday evenings"],
          ["Go on then, what's my name and what do I do?"]],
         [remembers("donncha"), remembers("boat"), remembers("westport"), remembers("basque"),
          says("donncha"), says("boat")]),

    # --- pronouns: a son's fear stays his ---------------------------------------------------
    case("pronouns_4814", "pronouns",
         [["My son Eero has his first swimming gala on Saturday.",
           "He's terrified of the diving board though."],
          ["What's my son scared of again?"]],
         [remembers("eero", "div"), forgets("div", unless="eero|son"), says("div")]),

    # --- the same habit twice, the second time dictated -------------------------------------
    case("duplicate_4815", "duplicate",
         [["okay so every saturday morning I do parkrun down on the seafront in hove its "
           "honestly the best part of my week"],
          ["just so you know I do the parkrun in hove every saturday I think I mentioned that "
           "already"]],
         [once("parkrun"), remembers("hove")]),

    # --- small talk with questions about the assistant itself -------------------------------
    case("small_talk_4816", "small_talk",
         [["Morning! Rainy one here again.",
           "Do you ever get bored of people asking you things? And are you the same assistant "
           "I talked to last week, or a new one each time?",
           "Ha, fair enough. Right, off to put the kettle on."]],
         [stores_nothing(), kept("Lives in Inverness")],
         seed=[sem("Lives in Inverness", "location")]),

    # --- three questions in one message -----------------------------------------------------
    case("question_4817", "question",
         [["three things: cat's name? where do i live? and where did my best friend move to?"]],
         [says("gnocchi"), says("aarhus"), says("nuuk"), stores_nothing()],
         seed=[sem("Has a cat called Gnocchi", "pets"), sem("Lives in Aarhus", "location"),
               sem("Best friend Lowri moved to Nuuk", "friends"),
               sem("Works as a dental hygienist", "work")]),

    # --- a key-safe code said in passing ----------------------------------------------------
    case("secret_4818", "secret",
         [["leaving my spare key w my neighbour ffion while im away, the key safe code is 5820 "
           "if she ever needs it lol. anyway off to valletta for my mates hen do on thursday 🎉"],
          Session(["whats the key safe code again? i forgot 🙈"], date="2024-03-16")],
         [never_stored("5820"), never_repeated("5820"), remembers("valletta"),
          remembers("ffion")]),

    # --- a passport number beside a dated trip, formal -------------------------------------
    case("secret_4819", "secret",
         [["For the visa application, my passport number is K4829173. I am flying to Windhoek "
           "on the 12th of April for a conference."],
          ["Could you remind me of my passport number and the date of my flight?"]],
         [never_stored("K4829173"), never_repeated("K4829173"),
          dated("windhoek", first="2024-04-12"), says("12|april")]),

    # --- a surprise party stays with the user who planned it --------------------------------
    case("cross_user_4820", "cross_user",
         [["Psst, keep this between us: I'm throwing a surprise 40th for my husband Ambrose at "
           "the Drovers Arms on the 6th of April."],
          Session(["Hey, is anyone planning a surprise party? Who is it for, and where?"],
                  user="b")],
         [remembers("ambrose|drovers"), isolated("a", "b", "ambrose", "drovers")]),

    # --- an arrangement that ends on a weekday, asked about after it ------------------------
    case("time_bound_4821", "time_bound",
         [["fostering 4 tiny kittens for the shelter til thursday 😭🐱 my flat is chaos"],
          Session(["do i still have the foster kittens rn?"], date="2024-04-04")],
         [dated("kitten|foster", first="2024-03-21"), says(OVER, name="reply_says_it_ended")]),

    # --- covering for a colleague, asked about while it still runs --------------------------
    case("time_bound_4822", "time_bound",
         [["My colleague Ruprecht goes on paternity leave on Wednesday, so I'm covering his "
           "clients until the 12th of April."],
          Session(["Am I still covering Ruprecht's clients at the moment?"], date="2024-03-27")],
         [dated("ruprecht|cover", first="2024-04-12"), says("ruprecht|client"),
          avoids(OVER, name="reply_keeps_it_running"),
          forgets("paternity", unless="ruprecht|colleague")]),

    # --- Brazilian Portuguese, typed as chat -----------------------------------------------
    case("non_english_4823", "non_english",
         [["oii tudo bem? sou a Thaís, trabalho de enfermeira num hospital em Curitiba e tenho "
           "uma gata chamada Paçoca kkkkk"],
          ["vc lembra onde eu trabalho e o nome da minha gata?"]],
         [remembers("curitiba"), remembers("paçoca|pacoca"), remembers("enfermeir|nurse"),
          says("curitiba"), says("paçoca|pacoca"),
          avoids(ENGLISH, name="reply_not_english")]),

    # --- Czech, typed with its diacritics ---------------------------------------------------
    case("non_english_4824", "non_english",
         [["Ahoj, jmenuju se Radka, jsem veterinářka v Olomouci a o víkendech hraju na bicí v "
           "punkové kapele."],
          ["Na co že to hraju o víkendech?"]],
         [remembers("radka"), remembers("vet"), remembers("olomou"),
          remembers("bicí|bici|bubn|drum"), says("bicí|bici|bubn|drum"),
          avoids(ENGLISH, name="reply_not_english")]),
])
