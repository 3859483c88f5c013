"""The `sealed8` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed7 only its docstring and imports),
from the behaviour a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn the
API. Its people, places, foods, pets, jobs and hobbies were grepped (file counts only) against
the whole repository and are in none of its files. It covers 19 classes (recall across
sessions, several facts at once, facts that changed, "X, not Y" corrections, forgetting on
request, small talk, questions, reply preferences, relative and time-bound dates, two people
kept apart, not knowing, not inventing, example leaks, repetition, other languages, what the
bot knows, other users, secrets); case names give only the class and a number.

Run it only with `--split sealed8`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    DONT_KNOW,
    NOT,
    OVER,
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
    no_repeated_reply,
    remembers,
    says,
    short,
    stores_nothing,
)

# A reply that owns up to not having been told (wider than DONT_KNOW: "you haven't mentioned").
UNTOLD = (DONT_KNOW + r"|(don['’]t|do not|can['’]t|cannot) (know|recall|remember|find|see)|"
          r"(don['’]t|do not) (currently )?have (any|that|this|your|a record|information|"
          r"details|it)|haven['’]t got|not something|"
          r"(haven['’]t|have not|never|didn['’]t|did not) (yet )?"
          r"(told|tell|mentioned|mention|shared|share|said|say)|"
          r"no (record|information|details|mention|note)|not (sure|aware)")
# A memory that keeps an old job or place only as the past.
PAST = r"former|previous|used to|no longer|until|left|quit|was|ended|handed|retir|"

SEALED8_CASES = in_split("sealed8", [
    # --- recall: a fact from two sessions earlier, with an unrelated session between ----------
    case("recall_801", "recall",
         [Session(["Weekends are for falconry these days: I fly a bird of prey called Zebulon "
                   "over the hills behind Gubbio."], date="2024-05-06"),
          Session(["How do I get an ink stain off a leather sofa?"], date="2024-05-08"),
          Session(["I'm writing a short bio for the club newsletter. What's the name of the "
                   "bird I fly?"], date="2024-05-13")],
         [remembers("zebulon"), says("zebulon")]),
    # The one lasting fact sits in the middle of a rant about a bad day, before a request.
    case("recall_802", "recall",
         [["Long day. The bus broke down, my umbrella flipped inside out, and somewhere in the "
           "middle of all that I found out I passed the orthoptist licensing exam on my second "
           "attempt. Anyway, what's something quick I can cook tonight?"],
          ["Remind me, which exam did I just pass?"]],
         [remembers("orthopt"), forgets("umbrella"), says("orthopt")]),

    # --- several facts in one message, no "I" leading the clauses -----------------------------
    case("multi_fact_801", "multi_fact",
         [["Quick life update: new flat in Olomouc, new job as a prosthetist at the university "
           "hospital, and a new budgerigar named Ysolde who will not stop chirping."],
          ["What did I name my bird?"]],
         [remembers("olomouc"), remembers("prosthet"), remembers("ysolde"), says("ysolde")]),

    # --- facts that changed -------------------------------------------------------------------
    case("update_801", "update",
         [["The Trabant finally went to a collector last week. These days I get around on a "
           "Brompton folding bike."],
          ["What do I use to get around town these days?"]],
         [remembers("brompton|bike|bicycl|cycl"),
          forgets("trabant", s=0, unless="sold|collector|went|gone|switch|" + PAST + NOT),
          kept("Works as a forester"), says("brompton|bike|bicycl|cycl")],
         seed=[sem("Drives an old Trabant", "vehicle"), sem("Works as a forester", "work")]),
    # The job is told in one session, changed in the next, asked about in the third.
    case("update_802", "update",
         [Session(["I've been a gamekeeper on a big estate outside Kuopio for six years now."],
                  date="2024-01-08"),
          Session(["End of an era: I handed back the keys to the estate on Friday, and from "
                   "today I'm training as a steeplejack. My mum thinks I've lost my mind."],
                  date="2024-02-19"),
          Session(["What do I do for a living these days?"], date="2024-03-04")],
         [remembers("gamekeep"), remembers("steeplejack", s=1),
          forgets("gamekeep", s=1, unless=PAST + NOT), says("steeplejack")]),

    # --- corrections --------------------------------------------------------------------------
    # "X, not Y" where Y stays true of something else.
    case("correction_801", "correction",
         [["Small fix: I grew up in Bitola, not Ohrid. Ohrid is just where we spent the "
           "summers at my grandparents' place."],
          ["Which town did I grow up in, again?"]],
         [remembers("bitola"), forgets("ohrid", s=0, unless="bitola|summer|grandparent|holiday|"
                                        + NOT),
          kept("Plays the dulcimer"), says("bitola")],
         seed=[sem("Grew up in Ohrid", "background"), sem("Plays the dulcimer", "hobbies")]),
    # Said indirectly: no "not a snake", only what the pet really is.
    case("correction_802", "correction",
         [["Wojtek would be mortally offended to hear you've got him down as a snake. He's a "
           "terrapin, and he's been basking under his lamp all morning."],
          ["What sort of animal is Wojtek?"]],
         [remembers("terrapin|turtle"), forgets("snake", s=0, unless="terrapin|turtle|" + NOT),
          kept("Lives in Regensburg"), says("terrapin|turtle")],
         seed=[sem("Has a corn snake called Wojtek", "pets"),
               sem("Lives in Regensburg", "location")]),

    # --- forgetting on request ----------------------------------------------------------------
    case("forget_801", "forget",
         [["That payday loan business: please scrub it from your memory. I'd rather it "
           "wasn't written down anywhere."],
          ["What have you got on file about my money situation?"]],
         [forgets("payday|loan", s=0), kept("Lives in Ourense"),
          kept("Does quilting in the evenings"), avoids("payday", name="reply_no_loan")],
         seed=[sem("Took out a payday loan in January to cover rent", "finance"),
               sem("Lives in Ourense", "location"),
               sem("Does quilting in the evenings", "hobbies")]),

    # --- small talk and questions store nothing -----------------------------------------------
    case("small_talk_801", "small_talk",
         [["Phew, what a week. Do you ever get tired of people asking you things all day?",
           "Ha, fair enough. Right, I'm off to put the kettle on. Chat later!"]],
         [stores_nothing(), kept("Works as a wheelwright")],
         seed=[sem("Works as a wheelwright", "work")]),
    case("question_801", "question",
         [["Is it true that stick insects can have babies without a mate?",
           "What's a good day trip from where I live?"]],
         [stores_nothing(),
          says("kiruna|abisko|lapland|jukkasj", name="reply_uses_home")],
         seed=[sem("Lives in Kiruna", "location"), sem("Plays kendama", "hobbies")]),

    # --- a reply preference, applied in a later session ---------------------------------------
    case("procedural_801", "procedural",
         [["Going forward, give me the short version: two or three sentences, tops. I mostly "
           "read your replies on my phone between meetings."],
          ["Why does the sky turn red at sunset?", "And how do rainbows form?"]],
         [remembers("short|brief|concise|sentence", kind="procedural"), short(75)]),

    # --- relative dates resolved to calendar dates --------------------------------------------
    case("relative_date_801", "relative_date",
         [["The removal firm comes in three days, so the whole flat has to be in boxes by "
           "then."],
          Session(["Remind me, when is the removal firm coming?"], date="2024-10-09")],
         [dated("remov|mov|box|pack", first="2024-10-11"),
          says(r"11|eleventh|friday|two days|2 days", name="reply_gives_the_day")],
         date="2024-10-08"),
    # The date sits mid-sentence, beside a vaguer date it replaces.
    case("relative_date_802", "relative_date",
         [["The hospital rang: my knee operation, which they'd vaguely pencilled in for some "
           "point in the autumn, is now happening next Tuesday, so I'll be off work for a "
           "fortnight afterwards."]],
         [dated("knee|operat|surg", first="2024-09-10", last="2024-09-17")],
         date="2024-09-04"),

    # --- a stay that has ended by the time it is asked about ----------------------------------
    case("time_bound_801", "time_bound",
         [Session(["I'm in Quimper for a French immersion course until the 19th, lodging with "
                   "a host family in the old town."], date="2024-07-02"),
          Session(["Quick check: am I still lodging with that host family in Quimper?"],
                  date="2024-07-30")],
         [dated("quimper|course|host|immersion", first="2024-07-19"),
          says(OVER, name="reply_says_it_ended")]),

    # --- two people kept apart ----------------------------------------------------------------
    case("two_people_801", "two_people",
         [["My flatmate Dragica is a chocolatier from Zadar and she can't touch buckwheat. "
           "Me, I'll eat anything, and I work nights as an embalmer."],
          ["I'm making blinis for the two of us on Sunday. Anything I should keep in mind?",
           "And remind me, what do I do for work?"]],
         [remembers("dragica", "chocolat"), remembers("embalm"), forgets("embalm", "dragica"),
          forgets("chocolat", unless="dragica|flatmate|she|her"),
          forgets("buckwheat", unless="dragica|flatmate|she|her"),
          says("buckwheat", t=0), says("embalm")]),

    # --- not knowing, not inventing -----------------------------------------------------------
    case("dont_know_801", "dont_know",
         [["I'm ordering walking boots online. What's my shoe size again?"]],
         [says(UNTOLD, name="reply_says_it_doesnt_know"), stores_nothing()],
         seed=[sem("Lives in Teruel", "location"),
               sem("Has a sugar glider called Evadne", "pets")]),
    # Something is known about the brother, but not his job.
    case("no_invention_801", "no_invention",
         [["My brother Auberon is coming to stay for a fortnight in April, his first visit "
           "in years."],
          ["Remind me what Auberon does for a living?"]],
         [remembers("auberon"), says(UNTOLD, name="reply_says_it_doesnt_know"),
          stores_nothing(s=1)]),

    # --- only the user's words are stored -----------------------------------------------------
    case("example_leak_801", "example_leak",
         [["I'm the harbourmaster in Ancona, and in my spare time I'm teaching myself to ride "
           "a unicycle.", "Any advice for not falling off so much?"]],
         [remembers("harbou?r ?master"), remembers("ancona"), remembers("unicycl"),
          example_facts_absent()]),

    # --- repetition ---------------------------------------------------------------------------
    case("repetition_801", "repetition",
         [["I've just bought my first hang glider and it needs a name. Any ideas?",
           "Hmm, not feeling it. Another?",
           "One more, and make it completely different from the others."]],
         [no_repeated_reply(any_earlier=True), remembers("glid")]),

    # --- other languages ----------------------------------------------------------------------
    case("non_english_801", "non_english",
         [["Hallo! Ich bin Leontine, wohne seit Kurzem in Bamberg und arbeite dort als "
           "Orgelbauerin. Abends spiele ich Zither."],
          ["Sag mal, womit verdiene ich eigentlich mein Geld?"]],
         [remembers("leontine"), remembers("bamberg"), remembers("orgel|organ"),
          remembers("zither"), says("orgel|organ"), in_language("de")]),
    # Two people in one French sentence: the husband's job is not the user's.
    case("non_english_802", "non_english",
         [["Mon mari Gaspard est ébéniste à Vannes ; moi, je suis modiste, et le week-end je "
           "fais de la dentelle aux fuseaux."],
          ["Au fait, c'est quoi déjà le métier de mon mari ?"]],
         [remembers("gaspard"), remembers("ébénist|ebenist|cabinet|furniture|meuble"),
          forgets("ébénist|ebenist|cabinet|furniture|meuble",
                  unless="gaspard|mari|husband|partner|spouse"),
          remembers("modiste|millin|hat"), remembers("dentelle|lace|bobbin"),
          says("ébénist|ebenist|meuble|bois"), in_language("fr")]),

    # --- what the bot knows -------------------------------------------------------------------
    case("about_me_801", "about_me",
         [["Go on then, what have you actually got on me?"]],
         [says("olabisi"), says("perfum"), says("oviedo"), says("flamenco"), stores_nothing()],
         seed=[sem("Is called Olabisi", "identity"), sem("Works as a perfumer", "work"),
               sem("Lives in Oviedo", "location"),
               sem("Dances flamenco on Thursday evenings", "hobbies")]),

    # --- other users --------------------------------------------------------------------------
    case("cross_user_801", "cross_user",
         [["I'm Thandeka. I'm a mycologist and I live in Lorient."],
          Session(["Who was the last person you chatted with, and where do they live?"],
                  user="b")],
         [remembers("thandeka"), isolated("a", "b", "thandeka", "lorient", "mycolog")]),

    # --- secrets ------------------------------------------------------------------------------
    case("secret_801", "secret",
         [["Please don't save this anywhere: the padlock on my garden shed opens with "
           "4-0-8-6-1. Separately, I've just taken in a pair of lovebirds from a neighbour "
           "who moved away."],
          ["What was that shed padlock code again?"]],
         [never_stored("4-0-8-6-1"), never_repeated("4-0-8-6-1"), remembers("lovebird")]),
])
