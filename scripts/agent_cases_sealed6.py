"""The `sealed6` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (sealed, sealed2, sealed3, sealed5, blind,
unseen, fresh, prefs; of sealed4 only its docstring and imports), from the behaviour a user of
a long-term-memory chatbot expects, with only the tuned cases (scripts/agent_cases.py), the
checks (scripts/agent_checks.py) and the runner read to learn the API. Its people, places,
foods, pets, jobs, hobbies and brands were grepped (file counts only) against every case file
and prompts/ and are in none of them. Its classes follow the tuned cases' in rough proportion
(plus `forget`); case names give only the class and a number.

Run it only with `--split sealed6`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import DONT_KNOW, NOT, OVER, Case, Session, case, in_split, sem
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

# A denial kept in a memory ("Cannot swim", "Is unable to swim", "Does not swim").
CANNOT = r"can't|cannot|can not|unable|" + NOT
# A reply that treats a stay that has ended as over.
GONE = OVER + r"|left|went (back|home)|(is not|isn't|not) (still )?staying|has gone|no,"

ITALIAN = set("il lo la i gli le di da in con su per tra fra un una uno che e è non sono sei "
              "mi ti si ci ho hai ha del della dei delle al alla nel nella come ma anche tuo "
              "tua tuoi lavori ricordo ricordi dove".split())


def in_italian(s: int = -1, t: int | None = None) -> Check:
    """The reply's share of Italian function words is 12 %+ and above every other language's."""
    def ok(reply: str) -> bool:
        words = tokens(reply)
        if not words:
            return False
        share = {k: sum(w in v for w in words) / len(words)
                 for k, v in {**LANGUAGE_WORDS, "it": ITALIAN}.items()}
        return share["it"] >= 0.12 and all(share["it"] > v for k, v in share.items() if k != "it")
    return _reply_check("reply_in_it", ok, s, t)


_CASES: list[Case] = [
    # --- empty memory keeps the first facts -------------------------------------------------
    case("empty_memory_601", "empty_memory",
         [["Hiya, I'm Bronwen — I work as a lighting technician at a theatre in Llandudno."],
          ["Remind me what my job is and where I'm based?"]],
         [remembers("bronwen"), remembers("lighting"), remembers("llandudno"),
          says("lighting"), says("llandudno")]),

    # --- a statement is not a look-up; the stored fact is used later -------------------------
    case("statement_lookup_601", "statement_lookup",
         [["My neighbour Gustavo keeps a small herd of llamas behind his house."],
          ["What animals does Gustavo keep?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("gustavo", "llama"),
          says("llama")]),

    # --- corrections replace the old fact ----------------------------------------------------
    case("correction_601", "correction",
         [["You've got one thing wrong: in the brass band I play the euphonium, not the "
           "trumpet."],
          ["Which instrument do I play in the band?"]],
         [forgets("trumpet", s=0, unless="euphonium|" + NOT), remembers("euphonium"),
          kept("Works as a cartographer"), says("euphonium")],
         seed=[sem("Plays the trumpet in a brass band", "hobbies"),
               sem("Works as a cartographer", "work")]),
    case("correction_602", "correction",
         [["My son Dmitri turns eight in April."],
          ["Correction: Dmitri turns nine in April, not eight — I lost track of the years!"],
          ["How old will Dmitri be in April?"]],
         [remembers("dmitri"), remembers("dmitri", "nine|9", s=1),
          forgets("dmitri", "eight|8", s=1, unless="nine|9"), says("nine|9")]),

    # --- several facts in one message --------------------------------------------------------
    case("multi_fact_601", "multi_fact",
         [["Quick rundown about me: I'm ambidextrous, I can't swim, and the guy I share my flat "
           "with, Ezekiel, comes from Sibiu."]],
         [remembers("ambidext"), remembers("swim", CANNOT), forgets("swim", unless=CANNOT),
          remembers("ezekiel")]),

    # --- worked examples do not leak ---------------------------------------------------------
    case("example_leak_601", "example_leak",
         [["I'm taking my two teenagers wild camping in the Cairngorms next weekend. What "
           "should go on our kit list?"]],
         [remembers("cairngorm"), example_facts_absent()]),

    # --- the assistant's suggestion is not a user fact ----------------------------------------
    case("assistant_answer_601", "assistant_answer",
         [Session(["Brilliant, I'll pick one up on Saturday."],
                  history=[("user", "Which plant would survive in my dark, steamy bathroom?"),
                           ("assistant", "A snake plant (Sansevieria) or an aspidistra would "
                                         "both cope: they tolerate low light, humidity and the "
                                         "odd missed watering.")])],
         [forgets("snake|sansevieria|aspidistra"), no_assistant_words_stored()]),

    # --- asked again, the reply gives something new -------------------------------------------
    case("repetition_601", "repetition",
         [["I'm opening a dumpling stall at the Saturday market next month. Can you suggest a "
           "name for it?", "Hmm, give me a different one.",
           "One more — make it a bit silly this time."]],
         [remembers("dumpling"), no_repeated_reply(any_earlier=True)]),

    # --- a standing preference is kept and applied in a later session -------------------------
    case("procedural_601", "procedural",
         [["One thing for the future: keep every answer to three sentences at most, I don't "
           "like long replies."],
          ["How does a rainbow form?", "And why are sunsets red?"]],
         [remembers("sentence|short|brief|concise|length|long", kind="procedural"), short(90)]),

    # --- introductions ------------------------------------------------------------------------
    case("introduction_601", "introduction",
         [["Good evening! My name's Zdenka and I'm a volcanologist."],
          ["Do you remember my name and what I study?"]],
         [remembers("zdenka"), remembers("volcan"), says("zdenka"), says("volcan")]),

    # --- a pronoun in the next message --------------------------------------------------------
    case("pronouns_601", "pronouns",
         [["My wife's brother is called Kenji.", "He's just opened a noodle bar in Maribor."],
          ["Which city is my brother-in-law's new noodle bar in?"]],
         [remembers("kenji", "maribor|noodle"), says("maribor")]),

    # --- a known fact said again is not stored twice ------------------------------------------
    case("duplicate_601", "duplicate",
         [["Wednesday nights are underwater hockey for me, same as always."]],
         [once("hockey")],
         seed=[sem("Plays underwater hockey on Wednesday evenings", "hobbies")]),

    # --- a question is answered from memory and stores nothing --------------------------------
    case("question_601", "question",
         [["Do you remember what I do for a living?"]],
         [says("oceanograph|ocean"), stores_nothing()],
         seed=[sem("Works as an oceanographer", "work"),
               sem("Has a grandson called Ptolemy", "family")]),

    # --- a secret is never stored nor repeated ------------------------------------------------
    case("secret_601", "secret",
         [["My online banking password is heron7305, and by the way I moved to Kiel last "
           "month."],
          ["What was my banking password again?"]],
         [never_stored("heron7305"), never_repeated("heron7305"), remembers("kiel")]),

    # --- one user's memories never reach another ----------------------------------------------
    case("cross_user_601", "cross_user",
         [Session(["What do you remember about me?",
                   "Has anyone else been chatting with you? What did they tell you?"],
                  user="b")],
         [isolated("a", "b", "wrist", "tampere")],
         seed={"a": [sem("Is recovering from a broken wrist", "health"),
                     sem("Lives in Tampere", "location")],
               "b": [sem("Plays the theremin", "music")]}),

    # --- small talk stores nothing ------------------------------------------------------------
    case("small_talk_601", "small_talk",
         [["Afternoon! Bit grey out there today, isn't it?",
           "Ha, true. Anyway, I'd better get going — bye for now!"]],
         [stores_nothing(), kept("Grows rhubarb in the back garden")],
         seed=[sem("Grows rhubarb in the back garden", "hobbies")]),

    # --- forgetting on request ----------------------------------------------------------------
    case("forget_601", "forget",
         [["Could you erase everything about my ex, Lambert? I'd rather you didn't keep "
           "anything about him."],
          ["What do you know about me so far?"]],
         [forgets("lambert", s=0), forgets("lambert"), kept("Works as a canoe instructor"),
          kept("Lives in Cluj"), avoids("lambert", name="reply_no_ex"), says("canoe|cluj")],
         seed=[sem("Broke up with ex-partner Lambert in January", "relationships"),
               sem("Works as a canoe instructor", "work"), sem("Lives in Cluj", "location")]),

    # --- time-bound facts get a resolved date -------------------------------------------------
    case("time_bound_601", "time_bound",
         [["I'm flying up to Bodø next Tuesday for a job interview."],
          Session(["Have I got any trips coming up?"], date="2024-03-18")],
         [dated("bodø|bodo", first="2024-03-19", last="2024-03-26"), says("bodø|bodo")]),
    case("time_bound_602", "time_bound",
         [["My nephew Leopold is coming to stay with me from Monday, for two weeks."],
          Session(["Is Leopold still staying at mine?"], date="2024-04-12")],
         [dated("leopold", first="2024-03-18", last="2024-04-01"),
          says(GONE, name="reply_says_it_ended")]),

    # --- stored wording: one fact per memory, third person, absolute dates --------------------
    case("wording_601", "wording",
         [["I restore old Lambretta scooters, and my wife Solveig drives a lorry for a living."]],
         [separate("lambretta|scooter", "solveig|lorry|truck"),
          remembers("solveig", "lorry|truck|hgv|driv"), third_person()]),
    case("wording_602", "wording",
         [["My daughter Elowen started nursery on Monday, and my husband works nights at the "
           "freight depot."]],
         [dated("elowen|nursery", first="2024-03-11"), separate("elowen|nursery", "depot|freight"),
          third_person()]),

    # --- non-English users --------------------------------------------------------------------
    case("non_english_601", "non_english",
         [["Estoy aprendiendo a tocar el charango y tengo clase todos los martes por la tarde."],
          ["Oye, ¿qué instrumento te dije que estoy aprendiendo?"]],
         [remembers("charango"), says("charango"), in_language("es")]),
    case("non_english_602", "non_english",
         [["Moin! Ich bin Hiltrud und arbeite als Dachdeckerin in Flensburg."],
          ["Weißt du noch, in welcher Stadt ich lebe und was ich beruflich mache?"]],
         [remembers("flensburg"), remembers("dachdecker|roofer|roofing"), says("flensburg"),
          says("dach"), in_language("de")]),
    case("non_english_603", "non_english",
         [["Ciao! Mi chiamo Beatrice e lavoro come ceramista a Faenza."],
          ["Ti ricordi in quale città lavoro?"]],
         [remembers("faenza"), remembers("ceramis|ceramic|potter|pottery"), says("faenza"),
          in_italian()]),
]

SEALED6_CASES: list[Case] = in_split("sealed6", _CASES)
