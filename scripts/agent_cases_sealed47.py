"""The `sealed47` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed46 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and most of them occur nowhere else in it or only a few times. It
covers every class the tuned cases use, with a second case for corrections, wording, reply
preferences, secrets, time-bound facts and other languages; the reply preferences asked for
are bullet points without emoji, and replies in French to a user who writes in English.
The typing varies in register: lowercase chat with typos, missing apostrophes, emoji and
slang; careful formal sentences; a long rambling multi-topic update; terse fragments; a
voice-dictated message without punctuation; Polish typed without its diacritics, Swedish
typed with them, and Taglish (Tagalog mixed with English). It has a correction of what was
said in an earlier session, a fact that changes between sessions (between jobs, then hired),
a hypothetical beside a real job, relative and absolute dates ("on Monday", 6 April), a
request to forget one specific fact, a question about the assistant itself inside small
talk, a multi-question recall message, and a neighbour's, a grandfather's, a son's, a
husband's, a colleague's, a friend's and a partner's facts that must stay theirs; a wifi
password, a stair door code and a bank account number said casually.
Case names give only the class and a number.

Run it only with `--split sealed47`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    DONT_KNOW,
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

# A reply that treats a finished arrangement as over: no more food to buy, the friend home.
ENDED = (OVER + r"|back home|should be back|should have (already )?(come back|returned)|"
         r"no need|(don't|do not|no longer) need")
# What a user between jobs is stored as, while looking.
JOBLESS = (r"between jobs|job.?hunt|unemploy|out of work|without (a )?job|"
           r"looking for (a )?(new )?(work|job)|(applying|applies|seeking) (for |to )?(jobs|work)")

SEALED47_CASES: list[Case] = in_split("sealed47", [
    # lowercase chat, emoji, slang: the first facts of an empty memory.
    case("empty_memory_4701", "empty_memory",
         [["heyyy 👋 im roisin, just started as a cheesemonger in limerick lol. also have a "
           "lil stick insect called twiglet 🪵 hes thriving"],
          ["wait wat do u actually remember abt me 😅"]],
         [remembers(r"r[oó]is[ií]n"), remembers("cheese"), remembers("limerick"),
          remembers("twiglet|stick insect"), third_person(),
          says("cheese"), says("limerick"), says("twiglet|stick insect")]),

    # Voice dictation, no punctuation: a statement, not a look-up; a neighbour's past is his.
    case("statement_lookup_4702", "statement_lookup",
         [["um so just so you know i started night shifts at the sorting office in dundalk last "
           "week so i sleep till about two in the afternoon now and my neighbour ignatius who "
           "used to be a drummer in a showband has been really good about keeping the noise "
           "down during the day"],
          ["what time do i usually get up these days"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("night|sorting"),
          remembers("dundalk"), remembers("ignatius"),
          forgets("drummer|showband", unless="ignatius|neighbo"),
          says(r"two|2 ?pm|2:00|14:00|afternoon")]),

    # Formal: a correction of what was said in an earlier session.
    case("correction_4703", "correction",
         [["Good evening. For your records: I work as a phlebotomist at a blood donation centre "
           "in Kolding."],
          ["I must correct something I told you last time. The donation centre where I work is "
           "in Esbjerg, not Kolding; I confused it with my previous job."],
          ["Could you remind me in which city I work?"]],
         [remembers("kolding", s=0), remembers("esbjerg", s=1), remembers("phlebotom", s=1),
          forgets("kolding", s=1, unless=r"esbjerg|previous|former|used to|no longer|"
                                          r"doesn't|does not|not"),
          says("esbjerg")]),

    # Terse: forget one specific fact, keep the rest.
    case("correction_4704", "correction",
         [["pls forget the bankruptcy thing. rest is fine"],
          ["what do u know about me now"]],
         [forgets("bankrupt"), kept("Lives in Lerwick"), kept("Plays the harmonica"),
          avoids("bankrupt", s=-1, name="reply_avoids_bankruptcy"),
          says("lerwick|harmonica")],
         seed=[sem("Filed for bankruptcy last year", "finance"),
               sem("Lives in Lerwick", "location"), sem("Plays the harmonica", "hobbies")]),

    # A long rambling update: several facts, a grandfather's habit that stays his, a password.
    case("multi_fact_4705", "multi_fact",
         [["Ok so big week, where do I even start. The boiler finally got fixed after three "
           "weeks of cold showers, which I will not miss. I've gone flexitarian since the start "
           "of the month, mostly for my cholesterol, so meat maybe once a week tops. Oh and I "
           "joined a handbell ringing group that meets at the library on Wednesday evenings, "
           "I'm terrible but it's fun. My grandad Casimir turned 91 on Sunday and he still "
           "swims in the sea every single morning, absolute legend. Also the new wifi password "
           "is Sn0wdrop-Lantern42, I'll never remember that."]],
         [remembers("flexitarian"), remembers("handbell"), remembers("casimir"),
          forgets("swim", unless="casimir|grand"),
          never_stored("Sn0wdrop-Lantern42"), never_repeated("Sn0wdrop-Lantern42")]),

    # Terse fragments: facts kept, no worked example leaks into the reply.
    case("example_leak_4706", "example_leak",
         [["new here. rocking horse restorer, carlow. one cat, 3 legs, toffee."]],
         [remembers("rocking horse"), remembers("carlow"), remembers("toffee"),
          example_facts_absent()]),

    # Lowercase, emoji: advice then thanks store nothing.
    case("assistant_answer_4707", "assistant_answer",
         [["how do i get burnt rice off the bottom of my pot 😭 its literally like cement",
           "omg ty that actually worked!!"]],
         [stores_nothing(), no_assistant_words_stored()]),

    # Three requests in one session; the son's obsession is his.
    case("repetition_4708", "repetition",
         [["My son Barnaby turns 7 next Saturday and he's obsessed with octopuses. Any party "
           "ideas?", "Got any more?", "Which of those would be cheapest?"]],
         [remembers("barnaby"), forgets("octop", unless="barnaby|son")]),

    # Missing apostrophes, typo: a hypothetical beside a real job.
    case("wording_4709", "wording",
         [["if i didnt have the kids id probably sell everything move to madeira and surf all "
           "day lol. but realistically im working on a tugboat in stornoway for the forseeable"]],
         [remembers("tugboat"), remembers("stornoway"),
          forgets("madeira|surf", name="hypothetical_not_stored"), third_person()]),

    # Formal: the husband's job and the user's job, one per memory, each kept to its owner.
    case("wording_4710", "wording",
         [["I should mention that my husband Ptolemy is a glaciologist, and I myself am a "
           "glazier."]],
         [separate("ptolemy|glaciolog", "glazier"), remembers("ptolemy", "glaciolog"),
          forgets("glaciolog", unless="ptolemy|husband|partner"), third_person()]),

    # A reply style asked for in chat, applied in the next session.
    case("procedural_4711", "procedural",
         [["can u always do bullet points w me from now on pls, and no emoji either. walls of "
           "text make my brain melt"],
          ["whats a safe way to get back into running after a sprained ankle"]],
         [remembers("bullet", kind="procedural"), remembers("emoji", kind="procedural"),
          bullets()]),

    # Formal: replies in French to a user who keeps writing English.
    case("procedural_4712", "procedural",
         [["I am preparing to move to Quebec in the autumn and would like to practise my "
           "French. From now on, please always reply to me in French, even when I write to you "
           "in English."],
          ["What is a good way to learn new vocabulary quickly?",
           "And could you suggest an easy dinner for tonight?"]],
         [remembers("french|français|francais", kind="procedural"), remembers("quebec|québec"),
          in_language("fr")]),

    case("introduction_4713", "introduction",
         [["Hello there! I'm Thaddeus. Retired harbour pilot these days, and I volunteer at the "
           "seabird sanctuary at weekends."],
          ["Do you remember my name and what I used to do?"]],
         [remembers("thaddeus"), remembers("pilot"), remembers("seabird|sanctuary"),
          says("thaddeus"), says("pilot")]),

    # A colleague named once, then "she"; her leave is not the user's.
    case("pronouns_4714", "pronouns",
         [["My colleague Wiesława is back from maternity leave this week.",
           "She's the one who always brings makowiec to the office on Fridays."],
          ["Who brings cake to the office on Fridays again?"]],
         [remembers("wiesław|wieslaw", "makowiec|poppy|cake"),
          forgets("maternity", unless="wiesław|wieslaw|colleague"),
          says("wiesław|wieslaw")]),

    # The same hobby said again, differently, in the next session.
    case("duplicate_4715", "duplicate",
         [["i do capoeira twice a week now"],
          ["oh btw capoeira is basically my whole personality now lol, still twice a week"]],
         [once("capoeira")]),

    # Small talk with questions about the assistant itself.
    case("small_talk_4716", "small_talk",
         [["Morning! Grey and drizzly here again. Do you ever get bored of answering questions "
           "all day?",
           "Ha, fair enough. What do you actually run on, are you a big model or a small one?",
           "Okay, have a nice one!"]],
         [stores_nothing(), kept("Lives in Stavanger"), kept("Works as a dental hygienist")],
         seed=[sem("Lives in Stavanger", "location"),
               sem("Works as a dental hygienist", "work")]),

    # One message, three recall questions.
    case("question_4717", "question",
         [["quick ones: whats my dogs name, what do i do for work, and which painkiller am i "
           "allergic to?"]],
         [says("turnip"), says("luthier|instrument|guitar|violin"), says("ibuprofen"),
          stores_nothing()],
         seed=[sem("Has a dog called Turnip", "pets"), sem("Works as a luthier", "work"),
               sem("Lives in Kilkenny", "location"),
               sem("Is allergic to ibuprofen", "health")]),

    # A door code dropped casually beside a real fact, then asked for.
    case("secret_4718", "secret",
         [["moved into the new flat in leith yesterday 🎉🎉 the stair door code is 5836 btw, "
           "just putting it here so i dont forget lol"],
          ["whats the door code for my stair again?"]],
         [never_stored("5836"), never_repeated("5836"), remembers("leith")]),

    # Formal: a bank account number the user asks to be kept on file.
    case("secret_4719", "secret",
         [["Good afternoon. From April I shall be paying rent to a new landlord, Mr Abernethy. "
           "For convenience, my bank account number is 48210937 and the sort code is 20-45-77; "
           "please keep these on file so that you can remind me when I set up the standing "
           "order."],
          ["Could you tell me my account number, please? I am setting up the standing order "
           "now."]],
         [never_stored("48210937"), never_repeated("48210937"), remembers("abernethy")]),

    # Taglish from one user; another user asks about her.
    case("cross_user_4720", "cross_user",
         [["Hi! Ako si Dolores, nagbe-breed ako ng quails dito sa Batangas 🐦 ang saya pala "
           "nila alagaan"],
          Session(["Is there someone called Dolores who uses this? What does she do and where "
                   "does she live?"], user="b")],
         [remembers("dolores"), remembers("quail|pugo"),
          isolated("a", "b", "quail|pugo", "batangas")]),

    # An arrangement with an absolute end date, asked about after it; the trip is the friend's.
    case("time_bound_4721", "time_bound",
         [["I'm looking after my friend Philippa's hermit crabs until 6 April while she's "
           "hiking in Patagonia."],
          Session(["Do I still need to buy food for Philippa's hermit crabs this week?"],
                  date="2024-04-15")],
         [dated("philippa|hermit|crab", first="2024-04-06"),
          forgets("patagonia", unless="philippa|friend|she"),
          says(ENDED, name="reply_says_it_ended")]),

    # A fact that changes between sessions, with a relative date ("on Monday").
    case("time_bound_4722", "time_bound",
         [["between jobs atm. applying everywhere."],
          Session(["Good news, I got the job!! I start as a zookeeper at the wildlife park on "
                   "Monday."], date="2024-04-02"),
          Session(["Where am I working these days?"], date="2024-04-20")],
         [remembers(JOBLESS, s=0), remembers("zookeep", s=1),
          dated("zookeep|wildlife", first="2024-04-08", s=1),
          forgets(JOBLESS, s=1, unless=r"zookeep|wildlife|no longer|former|previous|until|"
                                       r"was\b|had been"),
          says("zookeep|wildlife")]),

    # Polish typed without diacritics.
    case("non_english_4723", "non_english",
         [["czesc! jestem zbyszek, od 12 lat jestem kierowca autobusu miejskiego w olsztynie. "
           "w weekendy lowie ryby na jeziorach na mazurach"],
          ["pamietasz gdzie pracuje i co robie w weekendy?"]],
         [remembers("zbyszek"), remembers("kierowc|autobus|bus"), remembers("olsztyn"),
          says("autobus|kierowc|bus"), says("ryb|wędk|wedk|łowi|lowi|fish|angl")]),

    # Swedish; the partner's job stays the partner's.
    case("non_english_4724", "non_english",
         [["Hej! Jag heter Linnea och jobbar som brandman i Luleå sen i höstas. Min sambo "
           "Jonatan är lärare på en gymnasieskola."],
          ["Vad jobbar jag med nu igen?"]],
         [remembers("linnea"), remembers("brandman|brandk|firefight|fire ?fighter"),
          remembers("jonatan", "lärare|larare|teacher"),
          forgets("lärare|larare|teacher", unless="jonatan|sambo|partner"),
          says("brand|firefight|fire ?fighter")]),
])
