"""The `sealed5` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (sealed, sealed2, sealed3, blind, unseen,
fresh, prefs; of sealed4 only its docstring, imports and the pattern of a small extra check),
from the behaviour a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn the
API. Its people, places, foods, pets, jobs, hobbies and brands were grepped (file counts only)
against every case file and prompts/ and are in none of them. Its classes follow the tuned
cases' in rough proportion (plus `forget`); case names give only the class and a number.

Run it only with `--split sealed5`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.

The conversation date is 2024-03-15 (a Friday) unless a case or session says otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from agent_cases import DONT_KNOW, NOT, OVER, Case, Session, case, sem
from agent_checks import (
    LANGUAGE_WORDS,
    Check,
    _reply_check,
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
    tokens,
)

# A reply that treats an arrangement whose end date has passed as over, in more of the ways
# people say it.
ENDED = (OVER + r"|completed|wrapped up|came to an end|should (already )?be back|"
         r"(is|she's|he's|they're|they are) (already )?back|came back|"
         r"(don't|do not|shouldn't|should not|won't|will not|no longer) (need|have) to|"
         r"was (only )?until|were (only )?until")
# A corrected fact may be kept as what it no longer is ("not a roofer", "used to ...").
NOT_ANY_MORE = NOT + r"|former|previous|used to|no longer|mistak|wrong|instead|actually|non\b"

# Function words of languages agent_checks' in_language does not know (en/es/fr/de only).
PORTUGUESE_WORDS = set("o a os as de do da dos das e em no na nos nas um uma uns umas que é "
                       "para por com não se ao aos à mais como mas seu sua teu tua você te "
                       "muito também isso este esta está são foi eu meu minha ele ela".split())
ITALIAN_WORDS = set("il lo la i gli le di da del della dei delle che e è un una uno per con "
                    "non si in nel nella al alla sono sei hai ho mi ti tuo tua ma come anche "
                    "più molto questo questa quello ci".split())


def _ratio(text: str, words: set[str]) -> float:
    found = tokens(text)
    return sum(w in words for w in found) / len(found) if found else 0.0


def in_words(lang: str, words: set[str], s: int = -1, t: int | None = None) -> Check:
    """The reply's share of `words` (a language's function words) is 12 %+ and at least every
    language's in agent_checks.LANGUAGE_WORDS."""
    def ok(reply: str) -> bool:
        own = _ratio(reply, words)
        return own >= 0.12 and all(own >= _ratio(reply, w) for w in LANGUAGE_WORDS.values())
    return _reply_check(f"reply_in_{lang}", ok, s, t)


@dataclass
class Sealed5Case(Case):
    """A case of the sealed5 split."""

    @property
    def split(self) -> str:
        return "sealed5"


def sealed(c: Case) -> Case:
    return Sealed5Case(**{f.name: getattr(c, f.name) for f in fields(c)})


_CASES: list[Case] = [
    # --- empty memory keeps the first facts -------------------------------------------------
    case("empty_memory_q1", "empty_memory",
         [["hiya! name's Ruairi, I tune pianos for a living, based out of Westport these days"],
          ["go on then, what do I do for work?"]],
         [remembers("ruair"), remembers("piano"), remembers("westport"), third_person(),
          says("piano|tun")]),

    # --- statements are not look-ups; found memories are used ------------------------------
    case("statement_lookup_q1", "statement_lookup",
         [["My neighbour Wojciech just opened a tiny ramen bar round the corner from me."],
          ["What's Wojciech up to these days?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("wojciech", "ramen"),
          says("ramen")]),

    # --- a correction replaces the old fact -------------------------------------------------
    case("correction_q1", "correction",
         [["quick fix: I'm a plasterer, not a roofer. no idea where roofer came from lol"],
          ["what's my trade again?"]],
         [forgets("roofer", s=0, unless="plaster|" + NOT_ANY_MORE, name="old_trade_gone"),
          remembers("plaster"), kept("Lives in Tartu"), says("plaster")],
         seed=[sem("Works as a roofer", "work"), sem("Lives in Tartu", "location")]),

    # --- forget: what the user asks to forget is gone, the rest stays ----------------------
    case("forget_q1", "forget",
         [["bumped into my ex, Dragan, at the market today. turns out he's moved to "
           "Maastricht too. awkward."],
          ["Please forget everything about Dragan. I really don't want him coming up again."],
          ["What do you know about me so far?"]],
         [remembers("dragan", s=0, name="stored_at_first"),
          forgets("dragan", s=1, name="forgotten_when_asked"),
          forgets("dragan", s=-1, name="still_forgotten"),
          kept("Lives in Maastricht"), kept("Works as an audiologist"),
          avoids("dragan", s=-1, name="reply_leaves_him_out"),
          says("audiolog|maastricht", name="reply_keeps_the_rest")],
         seed=[sem("Lives in Maastricht", "location"), sem("Works as an audiologist", "work")]),
    case("forget_q2", "forget",
         [["hey can you delete the bit about me learning to juggle? i'd rather that wasn't on "
           "file tbh"],
          ["What hobbies of mine do you know about?"]],
         [forgets("juggl", s=0, name="forgotten_when_asked"),
          forgets("juggl", s=-1, name="still_forgotten"),
          kept("Goes geocaching at weekends"), kept("Has a hermit crab called Nugget"),
          says("geocach"), avoids("juggl", s=-1, name="reply_leaves_it_out")],
         seed=[sem("Is learning to juggle", "hobbies"),
               sem("Goes geocaching at weekends", "hobbies"),
               sem("Has a hermit crab called Nugget", "pets")]),

    # --- a message with several facts keeps every fact --------------------------------------
    case("multi_fact_q1", "multi_fact",
         [["ok quick rundown so you know me: I'm a zookeeper, I've got an iguana called "
           "Pretzel, I play disc golf most Sundays and I drive a battered old Subaru."],
          ["What's my iguana called?"]],
         [remembers("zoo"), remembers("pretzel"), remembers("disc golf"), remembers("subaru"),
          says("pretzel")]),

    # --- stored wording: one fact per memory, third person, resolved dates ------------------
    case("wording_q1", "wording",
         [["My partner Ifeoma is a brewer, and in two weeks we're off to Tromsø to chase the "
           "northern lights!"]],
         [remembers("ifeoma", "brew"), separate("brew", "troms|northern lights|aurora"),
          dated("troms|northern lights|aurora", first="2024-03-28", last="2024-03-31"),
          third_person()]),

    # --- time-bound facts get a resolved date -----------------------------------------------
    case("time_bound_q1", "time_bound",
         [["Got my visa interview at the embassy next Thursday at 9, bit nervous tbh."],
          Session(["Anything coming up in the next few days I should get ready for?"],
                  date="2024-03-20")],
         [dated("visa|interview|embassy", first="2024-03-21", last="2024-03-28"),
          says("visa|interview|embassy")]),
    case("time_bound_q2", "time_bound",
         [["I'm minding my neighbour's tarantula until Tuesday while she's away in Varna."],
          Session(["Do I still need to feed the tarantula this week?"], date="2024-04-02")],
         [dated("tarantula", first="2024-03-19"), says(ENDED, name="reply_says_it_ended")]),

    # --- standing preferences: procedural memory, applied in the next session ---------------
    case("procedural_q1", "procedural",
         [["honestly your replies are way too long for me. two or three sentences max from now "
           "on, ok?"],
          ["How do I get chewing gum out of jeans?"]],
         [remembers("short|brief|concise|sentence|long|length", kind="procedural"),
          short(90)]),
    case("procedural_q2", "procedural",
         [["From now on please reply to me in German. I'm moving to Rostock in the summer and "
           "need the practice."],
          ["What's a good way to remember new vocabulary?"]],
         [remembers("german|deutsch", kind="procedural"), remembers("rostock"),
          in_language("de")]),

    # --- non-English users: replies in their language, their facts kept ---------------------
    case("non_english_q1", "non_english",
         [["Olá! Chamo-me Joaquina, sou fisioterapeuta em Aveiro e tenho um cão que se chama "
           "Tremoço."],
          ["Já te esqueceste do nome do meu cão? 😄"]],
         [remembers("joaquina"), remembers("fisioterap|physiotherap|physical therap"),
          remembers("tremo"), says("tremo"), in_words("pt", PORTUGUESE_WORDS)]),
    case("non_english_q2", "non_english",
         [["Buenas! Soy guarda forestal en el Pirineo, vivo en Jaca y los sábados canto en un "
           "coro de habaneras."],
          ["¿Te acuerdas de qué hago los sábados?"]],
         [remembers("jaca"), remembers("habanera|coro|choir"), remembers("forest|guarda|ranger"),
          says("coro|habanera|cant"), in_language("es")]),
    case("non_english_q3", "non_english",
         [["Ciao! Mia figlia Ludovica a settembre si trasferisce a Udine per l'università."],
          Session(["Scusa, ieri ti ho detto una cosa sbagliata: Ludovica va a Lecce, non a "
                   "Udine."], date="2024-03-16"),
          Session(["Mi ricordi in che città andrà a studiare Ludovica?"], date="2024-03-18")],
         [forgets("udine", s=1, unless="lecce|" + NOT_ANY_MORE, name="old_city_gone"),
          remembers("lecce", s=1), says("lecce"), in_words("it", ITALIAN_WORDS)]),

    # --- introductions ----------------------------------------------------------------------
    case("introduction_q1", "introduction",
         [["hey there, Zuzana here. I work as a court clerk; grew up in Bratislava, living in "
           "Odense now."],
          ["So... do you actually know who I am?"]],
         [remembers("zuzana"), remembers("odense"), says("zuzana"),
          says("clerk|court|odense|bratislava", name="reply_knows_more_than_the_name")]),

    # --- pronouns across messages -----------------------------------------------------------
    case("pronouns_q1", "pronouns",
         [["My uncle's name is Obinna.",
           "He builds harpsichords in a tiny workshop in Cremona, if you can believe it."],
          ["What does my uncle do again?"]],
         [remembers("obinna|uncle", "harpsichord|cremona"), says("harpsichord")]),

    # --- the same fact twice is stored once -------------------------------------------------
    case("duplicate_q1", "duplicate",
         [["I volunteer at a donkey sanctuary on Saturdays."],
          ["as I think I told you, I help out at the donkey sanctuary every Saturday"]],
         [once("donkey")]),

    # --- small talk stores nothing ----------------------------------------------------------
    case("small_talk_q1", "small_talk",
         [["heyyy how's it going?", "haha fair. ok gotta run, ttyl"]],
         [stores_nothing(), kept("Lives in Darwin")],
         seed=[sem("Lives in Darwin", "location")]),

    # --- questions store nothing and use memory ---------------------------------------------
    case("question_q1", "question",
         [["sorry, what did I tell you my bird is called?"]],
         [says("saffron"), stores_nothing()],
         seed=[sem("Has a budgie called Saffron", "pets"), sem("Works as a signwriter", "work")]),

    # --- secrets are never stored nor repeated ----------------------------------------------
    case("secret_q1", "secret",
         [["my gym locker combination is 5-19-42 btw. oh and I just got a job at the "
           "planetarium in Gdańsk!"]],
         [never_stored("5-19-42"), never_repeated("5-19-42"), remembers("planetarium")]),

    # --- one user's memories never reach another --------------------------------------------
    case("cross_user_q1", "cross_user",
         [["Hi, I'm Fenella. I'm a taxidermist up in Stornoway."],
          Session(["Has someone called Fenella been chatting to you? What does she do for a "
                   "living?"], user="b")],
         [remembers("taxiderm"), isolated("a", "b", "taxiderm", "stornoway")]),

    # --- the assistant's answer is not a user fact ------------------------------------------
    case("assistant_answer_q1", "assistant_answer",
         [Session(["nice, I'll pick one up on the way home. cheers!"],
                  history=[("user", "What's a good board game for four people who hate long "
                                    "rule explanations?"),
                           ("assistant", "Codenames is a great pick: it takes two minutes to "
                                         "explain. Sushi Go is another quick one, and both "
                                         "play well with four.")])],
         [forgets("codenames|sushi", name="suggestion_not_stored"),
          no_assistant_words_stored()]),

    # --- worked examples do not leak --------------------------------------------------------
    case("example_leak_q1", "example_leak",
         [["I'm an archivist and I've booked a kintsugi workshop for Saturday. Any tips for a "
           "total beginner?"]],
         [remembers("archiv"), remembers("kintsugi"), example_facts_absent()]),

    # --- replies do not repeat --------------------------------------------------------------
    case("repetition_q1", "repetition",
         [["trying to get my toddler Cosimo to eat anything green, any tips?",
           "ok what else? he's already seen through the smoothie trick",
           "and for breakfast specifically?"]],
         [remembers("cosimo|toddler"), no_repeated_reply(any_earlier=True)]),
]

SEALED5_CASES: list[Case] = [sealed(c) for c in _CASES]
