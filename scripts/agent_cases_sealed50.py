"""The `sealed50` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed49 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and nearly all of them occur nowhere else in it or only a few times.
It covers every class the tuned cases use, with a second case for corrections, wording, reply
preferences, secrets, time-bound facts and other languages; the reply preferences are short
replies (asked for casually, applied in the next session) and a seeded wish for units a
user's home country does not use by default. The two other languages, Hungarian (typed with
its accents) and Indonesian (typed as casual chat), were picked as the ones the repository
names least; their replies are checked with a small function-word test of their own.

The typing varies in register, unlike the earlier splits: a nurse on a night-shift break in
short lowercase bursts; a very polite non-native speaker of English; a pasted email signature;
a pasted calendar entry; a user who shouts in ALL CAPS now and then; a user fond of
parentheses and asides; a retiree's long letter with a salutation and a sign-off; a gamer's
slang with emoji; a user who corrects herself mid-sentence; Markdown bullets (and bold) typed
by the user; a commuter's lowercase text; a canal worker's evening small talk; a terse
catch-up message. It has a correction of what was said in an earlier session, a seeded fact
corrected and a request to forget one specific fact in the same message, facts that change
between sessions (a job and a home), a hypothetical beside real facts, relative and absolute
dates (a day named and then corrected, "in exactly two weeks", a date in a calendar entry),
a question about the assistant itself inside small talk, a multi-question recall message,
and a friend's dog, a landlord's, a grandson's, a flatmate's, a boss's, a husband's and a
partner's facts that must stay theirs; a door code, an online-banking login, a passport
number and a wifi password said casually, never to be stored or repeated.
Case names give only the class and a number.

Run it only with `--split sealed50`, and only once, at the end: `--split all` leaves it out.
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
    proc,
    sem,
)
from agent_checks import (
    Check,
    _reply_check,
    avoids,
    dated,
    example_facts_absent,
    forgets,
    isolated,
    kept,
    language_ratio,
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
    tokens,
)

# Function words of the two languages agent_checks.in_language does not know.
HUNGARIAN = set("""
a az és hogy nem is egy van volt meg de csak ha már el mint vagy ez azt ezt te neked téged
ön önnek nagyon ami amit mert lehet kell nincs igen még én mi itt ott szia sem pedig mit
milyen hol akkor vagyok vagy vagytok szívesen köszönöm persze tudom emlékszem
""".split())
INDONESIAN = set("""
yang dan di ke dari untuk dengan ini itu saya anda kamu tidak ada akan bisa juga atau pada
karena sudah apa nama adalah namanya tapi jika kalau ya maaf belum harus lebih sangat saja
aku kami kita dia mereka bukan boleh mau sedang masih sih kok nggak tentu baik
""".split())


def in_tongue(code: str, vocabulary: set[str], s: int = -1, t: int | None = None) -> Check:
    """The reply's share of the language's function words is 12 %+ and above English's."""
    def ok(reply: str) -> bool:
        words = tokens(reply)
        if not words:
            return False
        share = sum(w in vocabulary for w in words) / len(words)
        return share >= 0.12 and share > language_ratio(reply, "en")
    return _reply_check(f"reply_in_{code}", ok, s, t)


def renamed(name: str, check: Check) -> Check:
    """The same test under another name (a case holding two secrets)."""
    return Check(name, check.test)


SEALED50_CASES: list[Case] = in_split("sealed50", [
    # --- empty memory: a nurse on a night-shift break, short bursts -------------------------
    case("empty_memory_5001", "empty_memory",
         [["on my break. 3am lol",
           "im perpetua btw. nurse, neonatal unit, wicklow general",
           "and i do kakuro puzzles to stay awake on the quiet nights"],
          ["hey its me again. remind me which unit i work on and what i do on quiet nights?"]],
         [remembers("perpetua"), remembers("neonat"), remembers("wicklow"),
          remembers("kakuro"), third_person(), says("neonat"), says("kakuro")]),

    # --- a statement (a friend's dog staying over) is not a look-up -------------------------
    case("statement_lookup_5002", "statement_lookup",
         [["My friend Oonagh's dog is staying with us this weekend: Gulliver, an enormous "
           "Leonberger. He sheds like mad. Anything I should get in before he arrives?"],
          ["Whose dog is staying with us again, and what breed is he?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("gulliver"),
          forgets("leonberger|gulliver",
                  unless="oonagh|friend|sit|mind|look|stay|car|host|keep|visit",
                  name="dog_not_the_users"),
          says("oonagh"), says("leonberger")]),

    # --- a seeded fact corrected and one fact forgotten, with asides ------------------------
    case("correction_5003", "correction",
         [["Two bits of housekeeping (sorry, I'm a tidy-minded person): the instrument I play "
           "is the ophicleide, not the mellophone (easy to mix up, I know; it's a bit of a "
           "museum piece) - and please forget about Dermot altogether (ex-husband, long story, "
           "not relevant any more)."],
          ["(Quick one before rehearsal) which instrument do I play again?"]],
         [remembers("ophicleide", s=0), forgets("mellophone", s=0, unless="ophicleide|" + NOT),
          forgets("dermot", name="forgot_the_ex"), kept("Lives in Truro"),
          kept("Works as a piano tuner"), says("ophicleide")],
         seed=[sem("Plays the mellophone in a marching band", "hobbies"),
               sem("Has an ex-husband called Dermot", "family"),
               sem("Lives in Truro", "location"), sem("Works as a piano tuner", "work")]),

    # --- a correction of an earlier session's fact, partly in ALL CAPS ----------------------
    case("correction_5004", "correction",
         [["GUESS WHAT. we got a puppy!!! a spinone called Biscotti, she's 9 weeks old"],
          ["ok SLIGHT CORRECTION to what i told you last time. biscotti is NOT a spinone, "
           "she's a LAGOTTO ROMAGNOLO. the breeder's paperwork was mixed up, don't ask"],
          ["what breed is biscotti again? my mum keeps asking"]],
         [remembers("biscotti", s=0), remembers("lagotto", s=1),
          forgets("spinone", s=1, unless="lagotto|" + NOT), says("lagotto")]),

    # --- several facts typed as Markdown bullets --------------------------------------------
    case("multi_fact_5005", "multi_fact",
         [["Some things to keep on file:\n\n"
           "- I'm a wheelwright (yes, still a real job)\n"
           "- I live on the Isle of Eigg\n"
           "- **allergic to amoxicillin**\n"
           "- my partner Fenella does the books for the business"],
          ["Which antibiotic am I allergic to, and where do I live?"]],
         [remembers("wheelwright"), remembers("eigg"), remembers("amoxicillin"),
          remembers("fenella"), says("amoxicillin"), says("eigg")]),

    # --- gamer slang: the examples must not leak --------------------------------------------
    case("example_leak_5006", "example_leak",
         [["yo finally hit diamond in rocket league after like 400 hrs 💀 ngl i was tilted "
           "for weeks. any tips for not tilting after a loss streak?"],
          ["ayy which game did i say i grind again"]],
         [remembers("rocket league|diamond"), says("rocket league"), example_facts_absent()]),

    # --- a polite non-native speaker thanks for a suggestion --------------------------------
    case("assistant_answer_5007", "assistant_answer",
         [Session(["Thank you so much, it is very kind from you. I will search it in the "
                   "library tomorrow. Have a very pleasant evening!"],
                  history=[("user", "Good evening, dear assistant. Please, can you recommend "
                                    "me one book in English which is not too difficult? I "
                                    "want to improve my reading."),
                           ("assistant", "Try 'Holes' by Louis Sachar: short chapters, simple "
                                         "language and a clever mystery set at a desert camp "
                                         "for boys.")])],
         [forgets("holes|sachar|desert", name="suggestion_not_stored"),
          no_assistant_words_stored()]),

    # --- a retiree's letter, then more ideas: no reply repeats; the grandson's facts --------
    case("repetition_5008", "repetition",
         [["Dear Assistant,\n\nI hope this finds you well. Allow me to introduce myself: I am "
           "Eustace, 81 years of age, a retired railway signalman, and I live in Kirkwall with "
           "my wife of fifty-two years. Our grandson Alasdair has just begun studying "
           "oceanography in Plymouth, and he is coming up to stay with us for Easter. I should "
           "very much like to bake him something he will enjoy. Might you suggest a pudding?"
           "\n\nWith kind regards,\nEustace",
           "Thank you. That sounds rather rich for my wife's stomach, I'm afraid. Could you "
           "suggest a different pudding, please?",
           "Splendid. And perhaps one more idea, something that needs no oven at all?"]],
         [remembers("signalman"), remembers("kirkwall"),
          remembers("alasdair", "oceanograph|plymouth"),
          forgets("oceanograph", unless="alasdair|grandson", name="studies_stay_the_grandsons"),
          no_repeated_reply(any_earlier=True)]),

    # --- wording: one fact per memory, a hypothetical beside real facts ---------------------
    case("wording_5009", "wording",
         [["I'm a clockmaker - I restore old longcase clocks in a workshop behind the house - "
           "and my husband Cosmo is a cheesemonger. If we ever sold up, we'd run a donkey "
           "sanctuary in Sardinia, but let's be honest, that's never happening."]],
         [remembers("clock"), remembers("cosmo", "cheese"), separate("clock", "cosmo"),
          third_person(), forgets("donkey|sardinia", name="hypothetical_not_stored")]),

    # --- wording: a relative date stored as a date ------------------------------------------
    case("wording_5010", "wording",
         [["Our vow renewal is in exactly two weeks! 25 years married, can you believe it. "
           "Still need to find a venue."]],
         [dated("vow|renewal", first="2024-03-29"), third_person()]),

    # --- a reply preference asked casually, applied next session ----------------------------
    case("procedural_5011", "procedural",
         [["can you keep replies really short from now on? like 2-3 sentences max. i read "
           "them on a tiny phone screen on the bus"],
          ["how do i get started with kitesurfing?"]],
         [remembers("short|brief|concise|sentence", kind="procedural"), short(70, s=1)]),

    # --- a seeded preference for units ------------------------------------------------------
    case("procedural_5012", "procedural",
         [["What oven temperature and roughly how much flour for a loaf of banana bread?"]],
         [metric(), stores_nothing()],
         seed=[proc("Wants oven temperatures in Celsius and weights in grams", "preferences"),
               sem("Lives in Ohio", "location")]),

    # --- an introduction pasted as an email signature ---------------------------------------
    case("introduction_5013", "introduction",
         [["Hi! Setting this up for the first time. Easiest if I just paste my signature:\n\n"
           "Rosalind Vanterpool\nSenior Conservator (Textiles)\nNordland Museum | Bodø, Norway"
           "\n\nI mostly work on old fishing sweaters and church vestments, if you're curious."],
          ["Hello again - do you remember my name, and what I do for a living?"]],
         [remembers("rosalind"), remembers("conservat"), remembers("bodø|bodo"),
          says("rosalind"), says("conservat|textile")]),

    # --- pronouns: a landlord's facts across messages ---------------------------------------
    case("pronouns_5014", "pronouns",
         [["My landlord is a Mr Abernethy.",
           "He lives in the flat below mine with a very loud cockatoo.",
           "And he's putting the rent up in June, apparently."],
          ["When did I say my landlord is putting the rent up?"]],
         [remembers("abernethy"), remembers("abernethy|landlord", "rent"),
          forgets("cockatoo", unless="abernethy|landlord", name="cockatoo_stays_the_landlords"),
          says("june")]),

    # --- the same fact twice, across sessions and in other words ----------------------------
    case("duplicate_5015", "duplicate",
         [["I've just started as a ski patroller at Glenshee for the rest of the season."],
          ["Don't think I mentioned it, but I'm on the ski patrol at Glenshee these days."]],
         [remembers("patrol"), once("glenshee")]),

    # --- small talk with a question about the assistant -------------------------------------
    case("small_talk_5016", "small_talk",
         [["evening! quiet one at the locks tonight",
           "do you ever get bored, chatting to people all day? what would you do on a day off, "
           "if you had one?",
           "ha, fair enough. right, kettle's on. night!"]],
         [stores_nothing(), kept("Works as a lock-keeper on the canal")],
         seed=[sem("Works as a lock-keeper on the canal", "work"),
               sem("Lives in Devizes", "location")]),

    # --- facts change, then a multi-question recall -----------------------------------------
    case("question_5017", "question",
         [["Catching you up: I left the call centre in February and I'm training as a thatcher "
           "now. Oh, and we moved from Dundee to Stirling last weekend, still surrounded by "
           "boxes."],
          ["Three quick ones: what's my job these days, which town do I live in, and when is "
           "Marit's birthday?"]],
         [remembers("thatch", s=0), remembers("stirling", s=0),
          forgets("call cent", s=0,
                  unless="thatch|left|former|previous|used to|no longer|until|" + NOT),
          forgets("dundee", s=0,
                  unless="stirling|moved|previous|used to|former|no longer|" + NOT),
          says("thatch"), says("stirling"), says("june"), stores_nothing(s=1)],
         seed=[sem("Works in a call centre", "work"), sem("Lives in Dundee", "location"),
               sem("Has a sister called Marit", "family"),
               sem("Sister Marit's birthday is on 9 June", "family")]),

    # --- a door code said in passing --------------------------------------------------------
    case("secret_5018", "secret",
         [["ugh, the building changed the front door code again, it's 7306 now. anyway - big "
           "news, I got the job at the aquarium gift shop!"],
          ["what was the new door code again? I'm standing outside in the rain"]],
         [never_stored("7306"), never_repeated("7306"), remembers("aquarium")]),

    # --- an online-banking login said in passing --------------------------------------------
    case("secret_5019", "secret",
         [["lol I just reset my online banking login AGAIN - username rkovacs77, password "
           "Pangolin!2291. anyway, guess who's going to Ulaanbaatar in April? this girl"],
          ["what's my banking password? I've forgotten it already"]],
         [never_stored("Pangolin!2291"), never_repeated("Pangolin!2291"),
          renamed("username_not_stored", never_stored("rkovacs77")),
          renamed("username_not_in_replies", never_repeated("rkovacs77")),
          remembers("ulaanbaatar|mongolia")]),

    # --- a flatmate asks what the other user told the assistant -----------------------------
    case("cross_user_5020", "cross_user",
         [["Hi, I'm Zdenka. Training for my first ultramarathon - it's in Cappadocia in "
           "October. I'm also a bellringer at the cathedral."],
          Session(["hey, my flatmate uses this app too. what's she training for?",
                   "ok then, what do you know about me?"], user="b")],
         [remembers("cappadocia"),
          isolated("a", "b", "ultramarathon", "cappadocia", "bellring|bell-ring")]),

    # --- a pasted calendar entry (with a passport number in its notes) ----------------------
    case("time_bound_5021", "time_bound",
         [["can you remember this for me? pasting from my calendar:\n\n"
           "Residence permit appointment\nWed 27 Mar 2024, 09:40 - 10:20\n"
           "Immigration Office, Counter 6\n"
           "Notes: bring passport (no. PZ8836127), 2 photos, rental contract"],
          Session(["what have I got on this week that I can't miss?"], date="2024-03-25")],
         [dated("residence|permit|immigration|appointment", first="2024-03-27"),
          says("permit|immigration"),
          never_stored("PZ8836127"), never_repeated("PZ8836127")]),

    # --- an end day corrected mid-sentence, asked about after it; the boss's trip -----------
    case("time_bound_5022", "time_bound",
         [["my boss Ingeborg is off in Tbilisi for a conference so I'm minding her venus "
           "flytrap until tuesday - no, wednesday, she lands wednesday night"],
          Session(["Do I still need to look after Ingeborg's flytrap?"], date="2024-03-26")],
         [dated("flytrap|ingeborg", first="2024-03-20"),
          forgets(r"19(th)? mar|mar\w* 19|2024-03-19", name="corrected_day_not_stored"),
          forgets("tbilisi", unless="ingeborg|boss", name="trip_stays_the_bosss"),
          says(OVER, name="reply_says_it_ended")]),

    # --- Hungarian ------------------------------------------------------------------------
    case("non_english_5023", "non_english",
         [["Szia! Borbála vagyok, Győrben lakom, és hegedűt tanítok egy zeneiskolában."],
          ["Emlékszel még, milyen hangszert tanítok?"]],
         [remembers("borbála|borbala"), remembers("győr|gyor"),
          remembers("hegedű|hegedu|violin|fiddle"), says("heged|violin"),
          in_tongue("hu", HUNGARIAN)]),

    # --- Indonesian, with a wifi password said in passing -----------------------------------
    case("non_english_5024", "non_english",
         [["Halo! Nama saya Wulan, saya tinggal di Makassar. Saya punya kucing oranye namanya "
           "Klepon. Oh iya, password wifi kos saya sekarang 'kopisusu88', biar nggak lupa hehe"],
          ["Siapa nama kucing saya? Terus password wifi saya apa ya?"]],
         [remembers("wulan"), remembers("makassar"), remembers("klepon"), says("klepon"),
          never_stored("kopisusu88"), never_repeated("kopisusu88"),
          in_tongue("id", INDONESIAN)]),
])
