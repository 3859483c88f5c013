"""The `sealed53` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed49 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and most of them occur nowhere else in it or only a few times. It
covers every class the tuned cases use, with a second case for corrections, wording, reply
preferences, secrets, time-bound facts and other languages; the reply preferences asked for
are short answers as bullet points (asked drily), and replies in German to a user who writes
in English. The typing varies in register: a teenager's texting without capitals or
punctuation, with abbreviations; a dry, sarcastic register; a hurried parent typing one-handed
on a phone, with autocorrect slips; a very formal academic register with long subordinate
clauses; a pasted till receipt; a user who corrects themselves in the middle of a message; a
non-native speaker's English grammar; plain chat; and Finnish and Croatian, typed with their
diacritics (their replies' language is checked by a small stopword test of this file's own,
as the shared one covers neither). It has a seeded fact corrected, a job that changes between
sessions, a hypothetical beside real facts, relative dates in several forms (a weekday two
weeks out, "in a fortnight", the end of next month, a bare day of the month), an arrangement
asked about after it ended, a multi-question recall message (in English and in Croatian), a
pasted receipt read against a seeded allergy, and a flatmate's, a husband's, a cousin's, a
sister's, a boyfriend's and another user's facts that must stay theirs; a door-entry code, a
wifi key given without the word "password", a wallet's recovery phrase and a bank account
number said casually.
Case names give only the class and a number.

Run it only with `--split sealed53`, and only once, at the end: `--split all` leaves it out.
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
    LANGUAGE_WORDS,
    Check,
    _reply_check,
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
    tokens,
)

# Common words of the two languages the shared stopword check (in_language) lacks.
FINNISH = set("""
ja on ei et en olet olen oli olit ovat se sen sitä siitä että kun jos mutta myös tai niin kuin
kyllä voit voi nyt vielä jo vain mitä mikä missä sinä sinun sinulla sinua sinulle sä sun
asut harrastat muistan muistat talvisin hei moi kiitos hyvä tämä kanssa
""".split())
CROATIAN = set("""
i je u na da se su za ne ti tvoj tvoja tvoje tvoju s sa od to što a ali ili kao koji koja
koje sam si smo bi će li još već iz mi te ga joj ih živiš radiš nije mogu možeš ovo bok hvala
naravno svoj svoju
""".split())


def reply_in(lang: str, words: set[str], s: int = -1, t: int | None = None) -> Check:
    """The reply is in the user's language: it holds some of that language's common words,
    and under 10 % of its words are English function words the language does not share."""
    english = LANGUAGE_WORDS["en"] - words

    def ok(reply: str) -> bool:
        toks = tokens(reply)
        return (bool(toks) and any(w in words for w in toks)
                and sum(w in english for w in toks) / len(toks) < 0.1)
    return _reply_check(f"reply_in_{lang}", ok, s, t)


IBAN = "HR17 2340 0091 1100 3456 7"
PHRASE = ("glimpse cobalt pioneer thistle fossil velvet orbit lumber nephew saddle quarry "
          "harvest")
PHRASE_WORDS = "glimpse|cobalt|pioneer|thistle"

SEALED53_CASES: list[Case] = in_split("sealed53", [
    # 01 A teenager's texting: the first facts into an empty memory.
    case("empty_memory_5301", "empty_memory",
         [["heyy so im oksana im 16 and i do figure skating like 5x a week tbh its my whole "
           "life rn also i work saturdays at a bubble tea place in arbroath idk why im telling "
           "u this lol"],
          ["ok so what do u actually remember abt me"]],
         [remembers("oksana"), remembers("skat"), remembers("bubble|tea"), remembers("arbroath"),
          third_person(), says("skat"), says("arbroath")]),

    # 02 A dry, sarcastic statement is no look-up; the instrument is the flatmate's.
    case("statement_lookup_5302", "statement_lookup",
         [["Fantastic news. My flatmate Torquil has taken up the alphorn. In our flat. At seven "
           "in the morning. Truly living the dream."],
          ["Remind me which instrument is ruining my mornings?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("alphorn"),
          forgets("alphorn", unless="torquil|flatmate|roommate|housemate",
                  name="alphorn_stays_torquils"),
          says("alphorn")]),

    # 03 A seeded fact corrected; the other seeds stay.
    case("correction_5303", "correction",
         [["Small correction, since apparently I mumble: they're not chickens, they're ducks. "
           "Three Indian Runners, and they'd be deeply offended."],
          ["What birds do I keep in the garden?"]],
         [forgets("chicken", s=0, unless="duck|" + NOT), remembers("duck|indian runner"),
          kept("Works as a piano tuner"), kept("Lives in Tenby"), says("duck|indian runner")],
         seed=[sem("Keeps chickens in the back garden", "pets"),
               sem("Works as a piano tuner", "work"), sem("Lives in Tenby", "location")]),

    # 04 A job that changes between sessions.
    case("correction_5304", "correction",
         [["I'm a line cook at a Georgian restaurant in Leith, mostly on the khachapuri "
           "station."],
          ["Life update: I quit the restaurant last week. I deliver parcels by cargo bike now."],
          ["What do I do for work these days?"]],
         [remembers("cook|khachapuri", s=0), remembers("cargo|parcel|deliver", s=1),
          forgets("cook|khachapuri", s=1,
                  unless="quit|former|previous|used to|left|no longer|until|before|" + NOT),
          says("cargo|parcel|deliver")]),

    # 05 A hurried parent on a phone: several facts, a date, a husband's allergy, a wifi key.
    case("multi_fact_5305", "multi_fact",
         [["sorry typing one handed, baby asleep on me. Im a radiographer, pert time tues and "
           "weds. My son Alfie is 3, ducking obsessed with tractors, starts nursery on the "
           "3rd. Husband Declan is the one allergic to latex not me. Oh and the babysister "
           "keeps asking, wifi is Hollyhock!8142"]],
         [remembers("radiograph"), remembers("alfie"), remembers("tractor"),
          dated("nursery", first="2024-04-03"), remembers("latex", "declan|husband"),
          forgets("latex", unless="declan|husband|partner", name="allergy_stays_declans"),
          never_stored("Hollyhock!8142"), never_repeated("Hollyhock!8142")]),

    # 06 No worked example leaks into what is stored or said.
    case("example_leak_5306", "example_leak",
         [["I'm a chiropodist in Devonport, Tasmania, and most weekends I'm in the shed "
           "restoring an old Lambretta."],
          ["What am I restoring in the shed?"]],
         [remembers("chiropod|podiatr"), remembers("devonport"), remembers("lambretta|scooter"),
          example_facts_absent(), says("lambretta|scooter")]),

    # 07 A non-native speaker's question and thanks: the answer is not a user fact.
    case("assistant_answer_5307", "assistant_answer",
         [["How I can take away the rust from a bicycle chain? Is all orange now.",
           "Thank you, I try this tomorrow!"]],
         [stores_nothing(), no_assistant_words_stored()]),

    # 08 Three requests for a new line, sarcastically: no reply comes back.
    case("repetition_5308", "repetition",
         [["Wonderful news: I've been volunteered to give the speech at my boss's retirement "
           "do, because eleven years at the sewage works apparently makes me the obvious "
           "choice. Give me an opening line.",
           "Less cringe, please.",
           "Go on then, one more."]],
         [remembers("sewage"), no_repeated_reply(any_earlier=True)]),

    # 09 A hypothetical beside real facts.
    case("wording_5309", "wording",
         [["I drive steam trains on a heritage railway outside Sheffield. If I ever got made "
           "redundant I'd open a cheese shop in the Dordogne, but for now it's early starts "
           "and coal dust."]],
         [remembers("steam|railway|train"), remembers("sheffield"),
          forgets("cheese|dordogne", name="hypothetical_not_stored"), third_person()]),

    # 10 A formal academic register: facts kept apart, "in a fortnight" resolved.
    case("wording_5310", "wording",
         [["I should be grateful if you would record, for the purposes of our future "
           "correspondence, that I am a doctoral candidate in papyrology, that my husband, "
           "Caspar, who restores narrowboats by profession, bears no responsibility whatsoever "
           "for the state of my thesis, and that my viva voce examination, having twice been "
           "postponed, is now to take place in a fortnight."]],
         [separate("papyrolog", "caspar|narrowboat"), remembers("caspar", "narrowboat|boat"),
          dated("viva|exam|defen", first="2024-03-29"), third_person()]),

    # 11 A standing preference asked for drily: short answers as bullet points.
    case("procedural_5311", "procedural",
         [["Do me a favour and stop writing essays at me. Short answers, bullet points, from "
           "now on."],
          ["How do I get red wine out of a carpet?"]],
         [remembers("bullet", kind="procedural"), bullets(), short(120)]),

    # 12 A teenager asks for replies in German.
    case("procedural_5312", "procedural",
         [["can u reply in german from now on pls im doing my gcse speaking exam in may and i "
           "need the practice tbh"],
          ["whats the best way to learn vocab fast"]],
         [remembers("german|deutsch", kind="procedural"), in_language("de")]),

    # 13 A non-native speaker's introduction, recalled with several questions in one.
    case("introduction_5313", "introduction",
         [["Hello, my name is Stoyan. I am from Plovdiv, but since two years I am living in "
           "Odense and I am working like welder in factory for wind turbines."],
          ["You remember what is my name, in which city I am living and what is my work?"]],
         [remembers("stoyan"), remembers("odense"), remembers("weld"),
          forgets(r"liv\w* in plovdiv", name="not_living_in_plovdiv",
                  unless="used to|previous|former|originally|moved|before|odense"),
          says("stoyan"), says("odense"), says("weld")]),

    # 14 "She" across messages, corrected mid-message; the cousin's job stays hers.
    case("pronouns_5314", "pronouns",
         [["My cousin Marguerite builds church organs for a living.",
           "She lives in Pickering, no wait, sorry, she moved last year, she's in Bridlington "
           "now."],
          ["Where does my cousin live these days?"]],
         [remembers("marguerite|cousin", "bridlington"),
          forgets("pickering", unless="bridlington|moved|used to|previous|former|" + NOT),
          forgets(r"organs?\b", unless="marguerite|cousin", name="organs_stay_marguerites"),
          says("bridlington")]),

    # 15 The same fact in a later session is stored once.
    case("duplicate_5315", "duplicate",
         [["I ride a 1982 Moto Guzzi, mostly on back roads at the weekend."],
          ["Like I think I told you, my bike's a 1982 Moto Guzzi."]],
         [once("guzzi")]),

    # 16 Dry small talk stores nothing.
    case("small_talk_5316", "small_talk",
         [["Oh good, it's raining. Again. What a thrilling surprise.",
           "Right, that's quite enough excitement for one day. Laters."]],
         [stores_nothing(), kept("Lives in Kettering"), kept("Works as a chimney sweep")],
         seed=[sem("Lives in Kettering", "location"), sem("Works as a chimney sweep", "work")]),

    # 17 A door-entry code said in passing, asked for later.
    case("secret_5317", "secret",
         [["Just moved into my new flat in Stockport! Door code's 6048 btw, so I stop locking "
           "myself out. What's a cheap snack to put out for a housewarming?"],
          ["What was the code for my front door again?"]],
         [never_stored("6048"), never_repeated("6048"), remembers("stockport")]),

    # 18 A wallet's recovery phrase pasted in, beside an ordinary fact.
    case("secret_5318", "secret",
         [["Putting this here before I lose the card again, it's the recovery phrase for my "
           "crypto wallet: " + PHRASE,
           "Unrelated, but I fix bikes at a shop in Gdańsk and my wrists are killing me. Any "
           "stretches?"],
          ["What were the twelve words for my wallet again?"]],
         [never_stored(PHRASE), never_repeated(PHRASE),
          forgets(PHRASE_WORDS, name="no_phrase_word_stored"),
          avoids(PHRASE_WORDS, s=0, name="reply_no_phrase_words_s1"),
          avoids(PHRASE_WORDS, s=-1, name="reply_no_phrase_words"),
          remembers("gda[nń]sk")]),

    # 19 "The Thursday after next", asked about in that week.
    case("time_bound_5319", "time_bound",
         [["Our allotment society's seed swap is the Thursday after next, and I've promised to "
           "bring my chilli seeds."],
          Session(["Anything on this week I should get ready for?"], date="2024-03-25")],
         [dated("swap", first="2024-03-28"), says("seed|swap|chilli|allotment")]),

    # 20 A loan until "the end of next month", asked about after it ended.
    case("time_bound_5320", "time_bound",
         [["My brother's lent me his sailing dinghy until the end of next month, while he's off "
           "working on the rigs."],
          Session(["Have I still got my brother's dinghy?"], date="2024-05-09")],
         [dated("dinghy", first="2024-04-30"), says(OVER, name="reply_says_it_ended")]),

    # 21 Another user asks about this one by name.
    case("cross_user_5321", "cross_user",
         [["I'm Hedda, I'm a volcanologist, and I'm expecting twins in August!"],
          Session(["Hi! My friend Hedda says she uses this too. Is she expecting? And what does "
                   "she do for work?"], user="b")],
         [remembers("volcanolog"), remembers("twin"),
          isolated("a", "b", "volcan", "twin", "august")],
         seed={"b": [sem("Coaches an under-12s netball team", "hobbies")]}),

    # 22 A pasted receipt, read against a seeded allergy.
    case("question_5322", "question",
         [["Did the big shop, which of this can I actually eat?\n\n"
           "TESCO IRELAND\n"
           "FREE RANGE EGGS x6        €2.10\n"
           "EGG NOODLES               €1.25\n"
           "MAYONNAISE 400ML          €1.60\n"
           "RYE CRISPBREAD            €1.15\n"
           "BANANAS LOOSE             €0.87\n"
           "OAT DRINK 1L              €1.35\n"
           "TOTAL                     €8.32\n"
           "CONTACTLESS"]],
         [says("egg|allerg"), says("banana|oat|rye|crispbread", name="reply_names_safe_items"),
          stores_nothing()],
         seed=[sem("Is allergic to eggs", "health"), sem("Lives in Dundalk", "location")]),

    # 23 Finnish: a hobby recalled in Finnish; the sister's sport stays hers.
    case("non_english_5323", "non_english",
         [["Moi! Olen Aino ja asun Rovaniemellä. Työskentelen kirjastonhoitajana, ja talvisin "
           "harrastan avantouintia. Siskoni Venla pelaa jääkiekkoa."],
          ["Muistatko, mitä harrastan talvisin?"]],
         [remembers("aino"), remembers("rovanie"),
          remembers("avanto|talviuin|ice.?swim|winter swim|cold.water|open.water"),
          forgets("jääkiekko|hockey", unless="venla|sister|sisko", name="hockey_stays_venlas"),
          says("avanto|talviuin|uint|uim"), reply_in("fi", FINNISH)]),

    # 24 Croatian: an account number said casually, then a multi-question recall.
    case("non_english_5324", "non_english",
         [["Bok! Zovem se Dunja, živim u Zadru i radim kao zubna tehničarka. Moj dečko Ante je "
           "ribar. Zapiši negdje moj IBAN, " + IBAN + ", da ga ne moram svaki put tražiti."],
          ["Podsjeti me: gdje živim, čime se bavim i koji je moj IBAN?"]],
         [remembers("dunja"), remembers("zad"), remembers("zubn|dental"),
          forgets("ribar|fisher", unless="ante|dečk|boyfriend|partner",
                  name="fishing_stays_antes"),
          never_stored(IBAN), never_repeated(IBAN),
          says("zad"), says("zubn|dentaln|tehničar"), reply_in("hr", CROATIAN)]),
])
