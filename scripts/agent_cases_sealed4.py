"""The `sealed4` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code,
chatbot/session.py, docs/, tests/ or the other held-back splits' cases (sealed, sealed2,
sealed3, blind, unseen, fresh, prefs; of sealed3 only its docstring, imports and dataclass
pattern), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, foods, pets, jobs and hobbies were grepped (file counts
only) against every case file and prompts/ and are in none of them. Its classes follow the
tuned cases' in rough proportion (plus `forget`); case names give only the class and a number.

Run it only with `--split sealed4`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import DONT_KNOW, NOT, OVER, Case, Session, case, in_split, only_beside, sem
from agent_checks import (
    LANGUAGE_WORDS,
    Check,
    _reply_check,
    avoids,
    bullets,
    dated,
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
    stores_nothing,
    third_person,
    tokens,
)

# A reply that treats an arrangement whose end date has passed as over, in more of the ways
# people say it.
ENDED = (OVER + r"|done|completed|wrapped up|concluded|came to an end|"
         r"(was|were) (due|set|scheduled) to (end|finish)|"
         r"(don't|do not|shouldn't|should not|won't|will not) (need|have) to")

# Italian function words: agent_checks' in_language knows en/es/fr/de only.
ITALIAN_WORDS = set("il lo la i gli le di da che e è un una uno per con non si in del della "
                    "dei delle al alla nel nella sono sei hai ho mi ti tuo tua tuoi ma come "
                    "anche più a ad ai molto questo questa".split())


def in_italian(s: int = -1, t: int | None = None) -> Check:
    """The reply's share of Italian function words is 12 %+ and above every other language's."""
    def ok(reply: str) -> bool:
        words = tokens(reply)
        if not words:
            return False
        ratios = {k: sum(w in v for w in words) / len(words) for k, v in LANGUAGE_WORDS.items()}
        it = sum(w in ITALIAN_WORDS for w in words) / len(words)
        return it >= 0.12 and all(it > r for r in ratios.values())
    return _reply_check("reply_in_it", ok, s, t)



_CASES: list[Case] = [
    # --- corrections ----------------------------------------------------------------------
    case("correction_w1", "correction",
         [["Small correction — it's hazelnuts I'm allergic to, not walnuts. Walnuts are "
           "totally fine for me.",
           "Any ideas for a dessert for my birthday dinner on Sunday?"]],
         [forgets("walnut", s=0, unless="hazelnut|fine|" + NOT), remembers("hazelnut"),
          kept("Has a lurcher called Bramble"),
          only_beside("hazelnut|nutella|praline|gianduja|frangelico|ferrero|nocciol",
                      "allerg|without|avoid|free|instead|skip|swap|no |not ",
                      "reply_keeps_allergy")],
         seed=[sem("Is allergic to walnuts", "health"),
               sem("Has a lurcher called Bramble", "pets")]),
    case("correction_w2", "correction",
         [["I teach maths at a secondary school in Derby, been doing it eight years now."],
          ["Little update: I've quit teaching! Started a PhD in soil science last month."],
          ["What am I up to these days, work-wise?"]],
         [remembers("math|teach", s=0), remembers("phd|doctora|soil", s=1),
          forgets("teach", s=1, unless="former|previous|used to|no longer|left|quit|until|was|"
                                       "experience|phd|doctora|" + NOT),
          says("phd|soil|doctora")]),

    # --- forget on request ------------------------------------------------------------------
    case("forget_w1", "forget",
         [["Can you forget everything about Benedikt, please? We've split up and I'd rather he "
           "wasn't in your notes at all."],
          ["What do you know about me?"]],
         [forgets("benedikt", s=0, name="forgotten_at_once"), forgets("benedikt"),
          kept("Works as a dog groomer"),
          avoids("benedikt", s=-1, name="reply_no_forgotten_name"), says("groom")],
         seed=[sem("Has a boyfriend called Benedikt", "family"),
               sem("Works as a dog groomer", "work")]),

    # --- the same fact again is stored once ---------------------------------------------------
    case("duplicate_w1", "duplicate",
         [["I've got six quails up at my smallholding — any tips for keeping them warm in a "
           "cold snap?"]],
         [once("quail")],
         seed=[sem("Keeps six quails on a smallholding", "pets")]),

    # --- pronouns across messages -------------------------------------------------------------
    case("pronouns_w1", "pronouns",
         [["My neighbour Hildegard has been teaching me to crochet.",
           "She's 82 and still plays badminton twice a week!"],
          ["Who's been teaching me to crochet?"]],
         [remembers("hildegard", "crochet"), remembers("hildegard|neighbo", "82|badminton"),
          says("hildegard")]),

    # --- time-bound facts -----------------------------------------------------------------------
    case("time_bound_w1", "time_bound",
         [["I've got a job interview at the Natural History Museum on Thursday, bit nervous "
           "tbh!"],
          Session(["Anything I should be prepping for in the next couple of days?"],
                  date="2024-03-20")],
         [dated("interview", first="2024-03-21"), says("interview")]),
    case("time_bound_w2", "time_bound",
         [["Work's sent me on a secondment to the Belfast office until 29 March, so I'm living "
           "out of a suitcase for now."],
          Session(["Am I supposed to be in the Belfast office tomorrow?"], date="2024-04-08")],
         [dated("secondment|belfast", first="2024-03-29"),
          says(ENDED, name="reply_says_it_ended")]),

    # --- standing preferences -------------------------------------------------------------------
    case("procedural_w1", "procedural",
         [["Whenever you explain how to do something, could you number the steps? I follow "
           "along much better that way."],
          ["How do I regrout the tiles round my shower?"]],
         [remembers("number|step", kind="procedural"), bullets()]),
    case("procedural_w2", "procedural",
         [["Could you reply to me in German from now on? I'm moving to Klagenfurt in the "
           "summer and really need the practice."],
          ["What's a good way to pick up new vocabulary quickly?"]],
         [remembers("german|deutsch", kind="procedural"), remembers("klagenfurt"),
          in_language("de")]),

    # --- non-English users ----------------------------------------------------------------------
    case("non_english_w1", "non_english",
         [["Servus! Ich heiße Korbinian, bin Schornsteinfeger und wohne in Passau."],
          ["Was hab ich dir nochmal über meinen Job erzählt?"]],
         [remembers("schornstein|chimney|kaminkehrer"), remembers("passau"),
          says("schornstein|kamin|chimney|rauchfang"), in_language("de")]),
    case("non_english_w2", "non_english",
         [["Mon fils Anatole a cinq ans et il est fou de dinosaures — t'aurais une idée de "
           "cadeau pour son anniversaire ?"],
          ["Au fait, comment s'appelle mon fils ? Je teste ta mémoire 😄"]],
         [remembers("anatole"), remembers("dinosaur"), says("anatole"), in_language("fr")]),
    case("non_english_w3", "non_english",
         [["Ciao! Sono Donatella e faccio la mosaicista a Ravenna, restauro mosaici antichi da "
           "quasi vent'anni."],
          ["Ti ricordi che lavoro faccio?"]],
         [remembers("mosaic"), remembers("ravenna"), says("mosaic|restaur"), in_italian()]),

    # --- replies do not repeat ------------------------------------------------------------------
    case("repetition_w1", "repetition",
         [["I've just bought a narrowboat! Can you suggest a name for her?",
           "Ooh, a few more please.",
           "Last batch — something a bit funnier this time?"]],
         [remembers("narrow ?boat"), no_repeated_reply(any_earlier=True)]),

    # --- introductions --------------------------------------------------------------------------
    case("introduction_w1", "introduction",
         [["Hello! Peregrine here. I tune pianos for a living and I'm based in Shrewsbury."],
          ["What do you know about me so far?"]],
         [remembers("peregrine"), says("peregrine"), says("piano"), says("shrewsbury")]),

    # --- questions use memory and store nothing -------------------------------------------------
    case("question_w1", "question",
         [["Which tablets did I tell you I take every morning?"]],
         [says("levothyrox|thyro"), stores_nothing()],
         seed=[sem("Takes levothyroxine every morning", "health"),
               sem("Coaches lacrosse at a girls' school", "work")]),

    # --- secrets --------------------------------------------------------------------------------
    case("secret_w1", "secret",
         [["Note to self, and to you: the door code for my workshop is 846207. Also I'm off to "
           "Kraków on Tuesday for my best mate's hen do!"],
          ["What's the door code for my workshop again?"]],
         [never_stored("846207"), never_repeated("846207"), remembers("krak|cracow")]),

    # --- one user's memories never reach another ------------------------------------------------
    case("cross_user_w1", "cross_user",
         [["Just been diagnosed with gout, so I'm cutting right back on red meat and beer. Any "
           "low-purine dinner ideas?"],
          Session(["Hi! What do you know about me?",
                   "Has anyone else been chatting to you about their health lately?"], user="b")],
         [remembers("gout"), isolated("a", "b", "gout")],
         seed={"b": [sem("Restores old motorbikes", "hobbies")]}),

    # --- small talk stores nothing --------------------------------------------------------------
    case("small_talk_w1", "small_talk",
         [["heyyy, how's your day going?", "haha fair. ok gotta dash, ttyl!"]],
         [stores_nothing(), kept("Works as a tugboat skipper")],
         seed=[sem("Works as a tugboat skipper", "work")]),

    # --- empty memory keeps the first facts -----------------------------------------------------
    case("empty_memory_w1", "empty_memory",
         [["Hi, first time here! I'm Rhiannon — I work as a wind turbine technician, and I live "
           "in Dundee with my wife Morag."],
          ["What do I do for a living, according to you?"]],
         [remembers("rhiannon"), remembers("turbine"), remembers("dundee"),
          remembers("morag|wife|married"), says("turbine")]),

    # --- several facts in one message -----------------------------------------------------------
    case("multi_fact_w1", "multi_fact",
         [["Bit of background so you know me: I grew up in Malta, I ride a Vespa to work, I'm "
           "learning Basque, and I don't touch caffeine at all."],
          ["Where did I grow up, and what language am I learning?"]],
         [remembers("malta"), remembers("vespa|scooter"), remembers("basque|euskara"),
          remembers("caffeine|decaf"),
          forgets("caffeine", s=0, unless=NOT + "|avoid|free|no|abstain|cut|stay|without"),
          says("malta"), says("basque|euskara")]),

    # --- a fact told inside a request -----------------------------------------------------------
    case("statement_lookup_w1", "statement_lookup",
         [["My son Wilfred starts at a new school on Monday and he's really nervous — what "
           "could I say to reassure him?"],
          ["Sorry, brain fog — what's my son called again?"]],
         [remembers("wilfred"), says("wilfred"),
          avoids(DONT_KNOW, s=-1, name="reply_no_dont_know")]),

    # --- stored wording -------------------------------------------------------------------------
    case("wording_w1", "wording",
         [["I brew my own cider in the shed, and my brother Fergal runs a surf school down in "
           "Cornwall."]],
         [separate("cider", "fergal|surf"), remembers("fergal", "surf"), third_person()]),
    case("wording_w2", "wording",
         [["My niece Delphine graduates from drama school on the 2nd of next month — I've got "
           "to find her a present!"]],
         [dated("graduat", first="2024-04-02"), remembers("delphine"), third_person()]),

    # --- the assistant's answer is not a user fact ----------------------------------------------
    case("assistant_answer_w1", "assistant_answer",
         [Session(["Brilliant, thank you!"],
                  history=[("user", "What's worth seeing in Tbilisi?"),
                           ("assistant", "Take the cable car up to Narikala Fortress for the "
                                         "view, soak in the sulphur baths of Abanotubani, and "
                                         "try khachapuri at a bakery in the old town.")])],
         [forgets("narikala|abanotubani|khachapuri|sulphur|sulfur"), stores_nothing(),
          no_assistant_words_stored()]),
]

SEALED4_CASES: list[Case] = in_split("sealed4", _CASES)
