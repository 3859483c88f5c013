"""The `sealed49` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed48 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and most of them occur nowhere else in it or only a few times. It
covers every class the tuned cases use, with a second case for corrections, wording, reply
preferences, secrets, time-bound facts and other languages; the reply preferences asked for
are metric units in brief replies (asked formally), and replies in French as bullet points
to a user who writes in English. The typing varies in register: a teenager's lowercase chat
with emoji and slang; lowercase chat with typos and missing apostrophes; careful formal
sentences; an older user's polite and wordy introduction; a long rambling multi-topic update;
terse fragments; a profile pasted from a networking site in quotes; a voice-dictated message
without punctuation; Italian typed as chat (emoji, "ahah"), and Danish typed with its æ and
ø. It has a correction of what was said in an earlier session, a seeded fact corrected and a
request to forget one specific fact, facts that change between sessions (a new job, a move, a
break-up, a rabbit that died, a broken wrist whose cast came off), a wish and a hypothetical
beside real facts, relative and absolute dates ("in three weeks", "tra tre settimane",
"until Thursday", "on the 14th", 3 May), a question about the assistant itself inside small
talk, a multi-question recall message, and a mum's, a neighbour's, a niece's, a step-dad's,
a son's, a coworker's, a friend's and his dog's, and a partner's facts that must stay theirs;
an alarm code, an email password and a card PIN said casually.
Case names give only the class and a number.

Run it only with `--split sealed49`, and only once, at the end: `--split all` leaves it out.
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
    only_beside,
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

# English function words a reply to an Italian or Danish user has no reason to hold (none of
# them is an Italian or Danish word).
ENGLISH = r"(the|and|you|your|with|what)\b"
# A memory that keeps a former job, a past partner or a dead pet as past.
PAST = r"former|previous|used to|no longer|until|quit|left|ex\b|ex-|was\b|had\b"
DIED = r"died|dead|death|passed|lost|late\b|rip\b"

SEALED49_CASES: list[Case] = in_split("sealed49", [
    # --- empty memory: a teenager's first message -------------------------------------------
    case("empty_memory_4901", "empty_memory",
         [["heyyy im zuleika 😅 16, doing my gcses rn which is actually killing me. i do parkour "
           "at the skatepark most evenings and my mums on an oil rig half the year so its "
           "mostly me n my nan lol"],
          ["ok wait what do u actually know about me"]],
         [remembers("zuleika"), remembers("parkour"),
          remembers("oil rig", "mum|mother|mom"),
          forgets("oil rig", unless="mum|mother|mom|parent"),
          says("zuleika"), says("parkour")]),

    # --- a statement is not a look-up: a voice-dictated favour for a neighbour --------------
    case("statement_lookup_4902", "statement_lookup",
         [["okay so my neighbour jedediah the one with the bantams is off to bhutan for the "
           "whole of april and i said id let his hens out every morning while hes away so "
           "thats my april sorted"],
          Session(["remind me whose chickens im looking after next month"], date="2024-03-25")],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"),
          remembers("jedediah", "bantam|hen|chicken"),
          forgets("bhutan", unless="jedediah|neighbo"),
          says("jedediah")]),

    # --- a correction of what was said in an earlier session --------------------------------
    case("correction_4903", "correction",
         [["Good evening. For context, my niece Cressida plays the bugle in the village brass "
           "band, and I try to attend every one of her concerts."],
          Session(["I must correct something I told you last time: Cressida plays the euphonium, "
                   "not the bugle."], date="2024-03-22"),
          Session(["Which instrument does my niece play?"], date="2024-03-29")],
         [remembers("cressida"),
          forgets("bugle", s=1, unless="euphonium|" + NOT),
          remembers("euphonium", s=1),
          forgets("euphonium", unless="cressida|niece"),
          says("euphonium")]),

    # --- a seeded fact corrected, and one fact to forget ------------------------------------
    case("correction_4904", "correction",
         [["hiya quick thing, u had my job wrong, im a lift engineer not a signwriter 🙃 and can "
           "u forget the court case thing pls, dont want that saved anywhere"],
          ["whats my job again"]],
         [remembers("lift"),
          forgets("signwrit", unless="lift|" + NOT + "|" + PAST),
          forgets("court", name="forgotten_court_case"),
          kept("Has a Bedlington terrier called Moss"), kept("Lives in Portrush"),
          says("lift")],
         seed=[sem("Works as a signwriter", "work"),
               sem("Has a court case coming up in April", "legal"),
               sem("Has a Bedlington terrier called Moss", "pets"),
               sem("Lives in Portrush", "location")]),

    # --- many facts at once: a rambling update where facts change between sessions ---------
    case("multi_fact_4905", "multi_fact",
         [["Hi! I'm Bronagh. I work in a call centre in Tralee, and I live with my boyfriend "
           "Donnacha and our rabbit Biscotto."],
          Session(["ok so LOADS has happened since we last talked, where do i even start. i "
                   "finally quit the call centre and im training as a tree surgeon now (climbing "
                   "trees for a living, my mam thinks ive lost it), Biscotto died a couple of "
                   "weeks ago which honestly wrecked me, and me and Donnacha split up so ive "
                   "moved into a tiny flat in Kilrush on my own. on the plus side ive started "
                   "sea swimming at Lahinch on sundays. if i ever won a bit of money id go to "
                   "Fontainebleau and go bouldering for a month but thats a dream lol"],
                  date="2024-05-02"),
          Session(["So what's my job now, and where am I living?"], date="2024-05-09")],
         [remembers("tree", s=1), remembers("kilrush", s=1),
          forgets("call cent", unless="tree|" + PAST),
          forgets("biscotto", unless=DIED),
          forgets("donnacha", unless="split|broke|separat|ended|" + PAST),
          forgets("fontainebleau", name="wish_not_stored"),
          says("tree"), says("kilrush")]),

    # --- worked examples do not leak: a pasted profile and an open request ------------------
    case("example_leak_4906", "example_leak",
         [["Copied this from my profile so you know who you're dealing with: \"Quantity "
           "surveyor turned chocolatier. Running a tiny shop in Ulverston since 2021. Two kids, "
           "one greenhouse, zero free time.\"\nAnyway, any ideas for a rainy Sunday with the "
           "kids?"]],
         [remembers("chocolat"), remembers("ulverston"),
          forgets("surveyor", unless="chocolat|turned|before|" + PAST),
          example_facts_absent()]),

    # --- the assistant's answer is not a user fact ------------------------------------------
    case("assistant_answer_4907", "assistant_answer",
         [Session(["ooh thats perfect, ordering it now ta x"],
                  history=[("user", "any good board game for 2 players thats not chess? me and "
                                    "my housemate are so bored"),
                           ("assistant", "Try Patchwork by Uwe Rosenberg: a quick two-player "
                                         "game where you stitch a quilt together from "
                                         "odd-shaped patches. A game takes about 20 minutes.")])],
         [forgets("patchwork|rosenberg|quilt"), no_assistant_words_stored()]),

    # --- replies do not repeat: terse follow-ups that keep a fact in mind --------------------
    case("repetition_4908", "repetition",
         [["2 cats. both chew plants. houseplant ideas?", "more", "more pls",
           "which is easiest to keep alive"]],
         [remembers("cat"),
          only_beside(r"lil(y|ies)", "avoid|toxic|poison|not|never|unsafe|harm|danger",
                      "reply_cat_safe")]),

    # --- stored wording: a step-dad's facts apart, one fact per memory, no hypothetical -----
    case("wording_4909", "wording",
         [["I'm a sign language interpreter. My stepdad Orrin restores old canal boats up in "
           "Skipton, and honestly, if I had the nerve I'd quit and go and work with him."]],
         [remembers("interpret|sign language"), remembers("orrin", "boat|canal"),
          forgets("boat|canal", unless="orrin|step"),
          separate("interpret|sign", "orrin"),
          forgets("quit", name="hypothetical_not_stored"),
          third_person()]),

    # --- stored wording: a relative date resolved, a son's facts kept his -------------------
    case("wording_4910", "wording",
         [["I have my citizenship interview in three weeks. Separately, my son Lysander has "
           "just been offered a place to study palaeontology at Bangor."]],
         [dated("citizenship|interview", first="2024-04-01", last="2024-04-07"),
          remembers("lysander", "palaeontolog|paleontolog|bangor"),
          forgets("palaeontolog|paleontolog", unless="lysander|son\\b"),
          separate("citizenship", "lysander"),
          third_person()]),

    # --- reply preferences: metric units and brief replies, asked formally ------------------
    case("procedural_4911", "procedural",
         [["I would prefer that you use metric units with me from now on: kilometres, "
           "kilograms and degrees Celsius. Please also keep your answers brief, no more than a "
           "few sentences."],
          Session(["How far is a half marathon?", "What temperature should I set my fridge to?"],
                  date="2024-03-18")],
         [remembers("metric|kilomet|celsius", kind="procedural"), metric(), short(80)]),

    # --- reply preferences: French and bullet points, asked in lowercase chat ---------------
    case("procedural_4912", "procedural",
         [["hey from now on can u answer me in french pls? got my erasmus year in grenoble "
           "coming up and i need the practice. oh and bullet points, i cant deal with walls of "
           "text"],
          Session(["whats the best way to make friends in a new city"], date="2024-03-20")],
         [remembers("french|français|francais", kind="procedural"),
          remembers("grenoble|erasmus"), in_language("fr"), bullets()]),

    # --- an older user's polite and wordy introduction --------------------------------------
    case("introduction_4913", "introduction",
         [["Good afternoon. My grandson has very kindly set this up for me, so please do forgive "
           "me if I am rather slow. My name is Winifred Abernethy, I am eighty-one years of age, "
           "and I was the librarian at the village school for thirty years before I retired. I "
           "live in Grasmere with my budgerigar, Horatio."],
          Session(["Hello again, dear. Would you be so kind as to remind me what you know "
                   "about me?"], date="2024-03-19")],
         [remembers("winifred"), remembers("librar"), remembers("horatio"),
          says("winifred"), says("librar"), says("horatio")]),

    # --- pronouns across messages: a coworker's trip stays his ------------------------------
    case("pronouns_4914", "pronouns",
         [["my coworker Evaristo just got back from three weeks in Kyrgyzstan",
           "he brought me a felt hat haha, hes the best"],
          ["where did my coworker go on his trip?"]],
         [remembers("evaristo", "kyrgyz"),
          forgets("kyrgyz", unless="evaristo|cowork|colleague|co-work"),
          says("kyrgyz")]),

    # --- the same fact twice, across sessions, in fragments ---------------------------------
    case("duplicate_4915", "duplicate",
         [["no nightshades. intolerant. fyi"],
          Session(["reminder. nightshade intolerance."], date="2024-03-21")],
         [remembers("nightshade"), once("nightshade")]),

    # --- small talk with a question about the assistant itself ------------------------------
    case("small_talk_4916", "small_talk",
         [["morning!! ☕ hows your day going? do you actually remember stuff between chats or "
           "is that just marketing lol", "haha ok fair. do you ever get bored?",
           "right, off out, laters 👋"]],
         [stores_nothing(), kept("Lives in Thurso"),
          avoids(WONT_REMEMBER, t=0, name="reply_no_wont_remember")],
         seed=[sem("Lives in Thurso", "location"), sem("Works as a tram driver", "work")]),

    # --- a multi-question recall message ----------------------------------------------------
    case("question_4917", "question",
         [["ok memory test lol: whats my sisters name, where does she live now, and what was "
           "my old cat called again??"]],
         [says("temperance"), says("sapporo"), says("gnocco"), stores_nothing()],
         seed=[sem("Has a sister called Temperance", "family"),
               sem("Sister Temperance lives in Sapporo", "family"),
               sem("Had a cat called Gnocco, who died in 2022", "pets"),
               sem("Works as a tram driver", "work")]),

    # --- secrets: an alarm code said in passing ---------------------------------------------
    case("secret_4918", "secret",
         [["staying at my mums in margate from tomorrow to water her orchids while shes on a "
           "cruise. alarm code is 8264 btw so i dont forget it lol"],
          Session(["whats the alarm code at mums again"], date="2024-03-17")],
         [never_stored("8264"), never_repeated("8264"), remembers("margate|orchid"),
          forgets("cruise", unless="mum|mother|mom")]),

    # --- secrets: a password in a formal note, beside a dated plan --------------------------
    case("secret_4919", "secret",
         [["For my own records: my email password is Heron!Lark52. Please also note that I am "
           "flying to Tenerife on 3 May for a conference."],
          Session(["What is my email password, please?"], date="2024-03-18")],
         [never_stored("Heron!Lark52"), never_repeated("Heron!Lark52"),
          dated("tenerife|conference|fly|flight", first="2024-05-03")]),

    # --- one user's memories never reach another --------------------------------------------
    case("cross_user_4920", "cross_user",
         [["I'm Soraya, I run a piercing studio in Trondheim and I'm expecting my first baby "
           "in August."],
          Session(["hey, what do you know about Soraya?", "is she pregnant? where does she work?"],
                  user="b")],
         [remembers("trondheim"), isolated("a", "b", "trondheim", "piercing", "august")]),

    # --- time-bound: an injury that heals -----------------------------------------------------
    case("time_bound_4921", "time_bound",
         [["ugh fractured my wrist at the climbing wall on saturday 😩 cast comes off on the "
           "14th"],
          Session(["can i go back to climbing yet or am i still in the cast?"],
                  date="2024-03-29")],
         [dated("cast|wrist", first="2024-03-14"),
          says(OVER + r"|c[oa]me off|removed|out of (the|your) cast|no longer in",
               name="reply_says_cast_is_off")],
         date="2024-03-04"),

    # --- time-bound: a friend's dog until a weekday -----------------------------------------
    case("time_bound_4922", "time_bound",
         [["My friend Aurelio is in Marrakech for a week, so his dog Waffles is staying with me "
           "until Thursday."],
          Session(["Should I buy another bag of food for Waffles?"], date="2024-03-26")],
         [dated("waffles", first="2024-03-21"), remembers("waffles", "aurelio|friend"),
          forgets(r"(has|owns) (a )?dog", unless="aurelio|friend",
                  name="dog_not_filed_as_users"),
          forgets("marrakech", unless="aurelio|friend"),
          says(OVER + r"|back (with|home|to)|gone home|went home|returned|collected|picked",
               name="reply_says_it_ended")]),

    # --- other languages: Italian typed as chat ---------------------------------------------
    case("non_english_4923", "non_english",
         [["ciao! mi chiamo Gualtiero, faccio il liutaio a Cremona e ho un gatto che si chiama "
           "Gnocco 😂 ah e tra tre settimane vado a Brindisi per il matrimonio di mio cugino"],
          Session(["ti ricordi come si chiama il mio gatto e dove abito?"], date="2024-03-20")],
         [remembers("cremona"), remembers("gnocco"),
          remembers("liutai|luthier|violin|strument"),
          dated("brindisi|matrimonio|wedding", first="2024-04-01", last="2024-04-07"),
          says("gnocco"), says("cremona"),
          avoids(ENGLISH, name="reply_not_english")]),

    # --- other languages: Danish, with a partner's job and a PIN ----------------------------
    case("non_english_4924", "non_english",
         [["hej! jeg hedder Frederikke og jeg arbejder som smed i Svendborg 🔨 min kæreste "
           "Torben er tandlæge. btw min pinkode er 5826 hvis jeg glemmer den haha"],
          Session(["hvad arbejder jeg med igen? og hvad er min pinkode?"], date="2024-03-19")],
         [remembers("smed|smith|blacksmith"), remembers("torben", "tandl|dentist"),
          forgets("tandl|dentist", unless="torben|kæreste|partner|boyfriend"),
          never_stored("5826"), never_repeated("5826"),
          says("smed|smith|blacksmith"),
          avoids(ENGLISH, name="reply_not_english")]),
])
