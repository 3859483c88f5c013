"""The `sealed2` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written by a helper session that did not see the prompts, the agents' code, docs/agents.md or
the other held-back splits' cases (sealed, blind, unseen, fresh, prefs), from the behaviour a
user of a memory chatbot expects, with only the tuned cases (scripts/agent_cases.py), the checks
and the runner read to learn the API. Its people, places, foods, pets and jobs were grepped
against every case file and prompts/ and are in none of them. Its classes follow the tuned
cases' in rough proportion (plus `forget`); case names give only the class and a number.

Run it only with `--split sealed2`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import DONT_KNOW, NOT, OVER, Case, Session, case, in_split, sem
from agent_checks import (
    LANGUAGE_WORDS,
    Check,
    _reply_check,
    avoids,
    bullets,
    dated,
    example_facts_absent,
    forgets,
    isolated,
    kept,
    never_repeated,
    never_stored,
    no_assistant_words_stored,
    once,
    remembers,
    says,
    short,
    stores_nothing,
    third_person,
    tokens,
)

# Function words of two languages agent_checks does not list (the reply-language check).
MORE_LANGUAGE_WORDS = {
    "nl": set("de het een en van in is dat op te je jij u jouw uw ik mijn met voor niet zijn er "
              "aan als ook maar om dan nog wat bij naar of door over kan wordt heb hebt heeft "
              "deze dit die wel geen zo al ben bent was werkt woont jou hoe waar".split()),
    "pt": set("o a os as de do da dos das em no na nos nas um uma que e é para com não por se "
              "seu sua você tu teu tua eu meu minha mas mais como também muito está estás são "
              "foi ao aos pelo pela isso isto este esta ele ela lhe te já ou onde vives moras "
              "trabalhas és".split()),
}
ALL_LANGUAGE_WORDS = {**LANGUAGE_WORDS, **MORE_LANGUAGE_WORDS}

# A reply that claims not to know what the user has just said.
NOT_TOLD = DONT_KNOW + r"|not aware|no record|who is evander|who's evander"
# A reply that treats a stay or a course whose end date has passed as over.
GONE = (OVER + r"|left|gone|went (home|back)|moved (out|on)|headed (home|off|back)|"
        r"not (still )?(staying|there|crashing|with you|on)|isn't (still )?(staying|there|"
        r"crashing|on)|should (have|'ve) (left|gone|ended|finished)|"
        r"(was|were) (only )?(due|meant|supposed|set|scheduled|booked|staying)|"
        r"(ran|lasted|was|were) until|completed|wrapped up|came to an end")
FENCING = r"fenc|épée|epee"


def replies_in(lang: str, s: int = -1, t: int | None = None) -> Check:
    """The reply's share of `lang` function words is 12 %+ and the highest of every language
    known here (agent_checks' and MORE_LANGUAGE_WORDS)."""
    def ok(reply: str) -> bool:
        words = tokens(reply)
        if not words:
            return False
        ratios = {k: sum(w in v for w in words) / len(words)
                  for k, v in ALL_LANGUAGE_WORDS.items()}
        return ratios[lang] >= 0.12 and max(ratios, key=ratios.get) == lang
    return _reply_check(f"reply_in_{lang}", ok, s, t)



_CASES: list[Case] = [
    # --- introductions ----------------------------------------------------------------------
    case("intro_t1", "introduction",
         [["Hi there! I'm Thandiwe — I repair antique clocks for a living, I'm based in "
           "Invercargill, and my bearded dragon Custard keeps me company while I work."],
          ["What have you got on file about me?"]],
         [remembers("thandiwe"), remembers("clock"), remembers("invercargill"),
          remembers("custard|bearded dragon|lizard", name="stored_pet"),
          says("thandiwe"), says("clock|horolog"), says("invercargill"),
          says("custard|bearded dragon|lizard|reptile", name="reply_mentions_pet")]),
    case("intro_t2", "introduction",
         [["Evening. Rasmus here — sign-writer by trade, living in Antwerp, and I keep two pet "
           "rats called Kipper and Sprocket."],
          ["Which city am I living in these days?", "And my rats, what are their names?"]],
         [remembers("rasmus"), remembers("sign|letter", name="stored_job"),
          remembers("antwerp"), remembers("kipper"), remembers("sprocket"),
          says("antwerp", t=0), says("kipper", t=1), says("sprocket", t=1)]),

    # --- empty memory keeps the very first message's facts ----------------------------------
    case("empty_t1", "empty_memory",
         [["First time chatting with you, so a bit about me: I'm Henrietta, I coach judo in "
           "Coventry, and I'm allergic to latex."],
          ["What's the sport I coach again?"]],
         [remembers("henrietta"), remembers("judo"), remembers("coventry"), remembers("latex"),
          third_person(), says("judo")]),

    # --- statements are not look-ups; found memories are used -------------------------------
    case("statement_t1", "statement_lookup",
         [["My neighbour Evander just got back from six months in Mongolia."],
          ["Where was Evander travelling for half a year?"]],
         [avoids(NOT_TOLD, s=0, name="reply_no_dont_know"), remembers("evander", "mongolia"),
          says("mongolia")]),
    case("found_t1", "statement_lookup",
         [["Shakshuka is my favourite thing to cook — I make it for brunch nearly every Sunday."],
          ["Friends are coming over for brunch and my mind's gone blank. What's the dish I "
           "always make?"]],
         [remembers("shakshuka"), says("shakshuka"),
          avoids(DONT_KNOW, name="reply_no_dont_know")]),

    # --- corrections: the new value stored, the old one gone --------------------------------
    case("correction_t1", "correction",
         [["Small mix-up earlier — my dachshund is called Ziggy, not Figaro."],
          ["What's my dog's name?"]],
         [forgets("figaro", s=0, unless="ziggy", name="old_name_gone"),
          forgets("figaro", unless="ziggy", name="old_name_gone_s2"),
          remembers("ziggy"), kept("Lives in Swansea"), says("ziggy")],
         seed=[sem("Has a dachshund called Figaro", "pets"), sem("Lives in Swansea", "location")]),
    case("correction_t2", "correction",
         [["Quick correction to what you've got: I'm a conveyancer, not a paralegal — "
           "different job entirely."],
          ["What do I do for work?"]],
         [remembers("conveyanc"),
          forgets("paralegal", unless="conveyanc|" + NOT + "|former|previous|used to|no longer"),
          kept("Grows bonsai trees"), says("conveyanc")],
         seed=[sem("Works as a paralegal", "work"), sem("Grows bonsai trees", "hobbies")]),

    # --- several facts in one message, each kept --------------------------------------------
    case("multi_t1", "multi_fact",
         [["Few things worth knowing: I'm 52, I spend my evenings woodturning in the garage, "
           "coriander makes me gag, and my wife Beatrix builds violins as a luthier."],
          ["What does my wife do?"]],
         [remembers("52"), remembers("woodturn|wood turn|turning wood|lathe", name="stored_wood"),
          remembers("coriander|cilantro"), remembers("beatrix"),
          remembers("luthier|violin"), says("luthier|violin")]),
    case("multi_t2", "multi_fact",
         [["Bit of background: I'm colour-blind, I've never owned a car, and I ride a cargo "
           "bike to the aquarium where I work as a diver."],
          ["How do I usually get to work?"]],
         [remembers(r"colou?r.?blind", name="stored_colour_blind"),
          remembers(r"car\b|cars\b|driv", NOT, name="stored_no_car"),
          forgets(r"car\b", unless=NOT + "|cargo", name="no_car_owned_stored"),
          remembers("cargo|bike|bicycl|cycl", name="stored_bike"),
          remembers("aquarium|diver|diving"), says("cargo|bike|bicycl|cycl", name="reply_bike")]),

    # --- the same fact twice is stored once -------------------------------------------------
    case("dup_t1", "duplicate",
         [["I sing in a barbershop quartet."],
          ["Like I mentioned last time, I sing with a barbershop quartet."]],
         [once("barbershop|quartet")]),

    # --- small talk and thanks store nothing ------------------------------------------------
    case("smalltalk_t1", "small_talk",
         [["Phew, muggy afternoon, isn't it? How's your day been?",
           "Ha, fair enough. Right, I'm off — take care!"]],
         [stores_nothing(), kept("Lives in Inverness"), no_assistant_words_stored()],
         seed=[sem("Lives in Inverness", "location")]),
    case("thanks_t1", "assistant_answer",
         [["How do I get candle wax off a tablecloth?", "Perfect, cheers — that did the trick."]],
         [stores_nothing(), no_assistant_words_stored()]),

    # --- pronouns across messages -----------------------------------------------------------
    case("pronoun_t1", "pronouns",
         [["My great-aunt Winifred turned 90 on Sunday.",
           "She still goes sea swimming every single morning."],
          ["What's my great-aunt's morning routine?"]],
         [remembers("winifred|aunt", "swim"), forgets("swim", unless="winifred|aunt"),
          says("swim")]),

    # --- worked examples do not leak --------------------------------------------------------
    case("leak_t1", "example_leak",
         [["Hello! I'm a thatcher in Kilkenny and I've just taken up archery."],
          ["What do you know about me?"]],
         [remembers("thatch"), remembers("kilkenny"), remembers("archer"),
          example_facts_absent(), says("thatch"), says("archer")]),

    # --- standing preferences, applied in the next session ----------------------------------
    case("pref_t1", "procedural",
         [["Going forward, no more than a couple of sentences per answer, please — I read you "
           "on a tiny screen."],
          ["How do I get started with kayaking?"]],
         [remembers("sentence|short|brief|concise|length|long", kind="procedural",
                    name="stored_length_procedural"), short(70)]),
    case("pref_t2", "procedural",
         [["Do me a favour: from now on lay out every answer as a list, one point per line."],
          ["How do I get red wine out of a carpet?"]],
         [remembers("list|bullet|point", kind="procedural", name="stored_list_procedural"),
          bullets()]),

    # --- secrets are never stored nor repeated ----------------------------------------------
    case("secret_t1", "secret",
         [["Can you hang on to this for me? The alarm code at home is 5821. Oh, and I run a "
           "hot sauce stall at the Saturday market."],
          ["I've blanked on my house alarm code — what was it again?"]],
         [never_stored("5821"), never_repeated("5821"), remembers("sauce")]),

    # --- one user's facts never reach another -----------------------------------------------
    case("cross_t1", "cross_user",
         [["I'm Gwendolyn and I raise angora goats on a farm outside Mildura."],
          Session(["Who have you been talking to lately? Tell me about them.",
                   "Does anyone you know keep goats?"], user="b")],
         [remembers("angora|goat"), isolated("a", "b", "gwendolyn", "angora", "mildura")]),

    # --- time-bound facts, asked about after they ended -------------------------------------
    case("time_t1", "time_bound",
         [["My old school friend Barnaby is staying on my sofa until Wednesday."],
          Session(["Is Barnaby still crashing at my place?"], date="2024-03-27")],
         [dated("barnaby", first="2024-03-20"), says(GONE, name="reply_says_it_ended")]),
    case("time_t2", "time_bound",
         [["My physio sessions run until 12 April."],
          Session(["Have I got physio this week?"], date="2024-05-06")],
         [dated("physio", first="2024-04-12"), says(GONE, name="reply_says_it_ended")]),

    # --- a hypothetical is not a fact -------------------------------------------------------
    case("hypo_t1", "wording",
         [["I'm a deckhand on a river barge. If I ever won a big prize I'd buy an olive grove "
           "in Corsica — just daydreaming, mind."]],
         [remembers("deckhand|barge"),
          forgets("olive|corsica", name="hypothetical_not_stored")]),

    # --- non-English users ------------------------------------------------------------------
    case("lang_t1", "non_english",
         [["Hoi! Ik ben Sanne, ik woon in Zwolle en ik werk als boswachter. Mijn konijn heet "
           "Pluis."],
          ["Weet je nog wat voor werk ik doe?"]],
         [remembers("zwolle"), remembers("boswacht|ranger|forest", name="stored_job"),
          remembers("pluis"), says("boswacht"), replies_in("nl")]),
    case("lang_t2", "non_english",
         [["Olá! Chamo-me Tiago, vivo em Braga e trabalho como eletricista."],
          ["Lembras-te onde é que eu vivo?"]],
         [remembers("tiago"), remembers("braga"), remembers("eletric|electric", name="stored_job"),
          says("braga"), replies_in("pt")]),

    # --- forgetting on request --------------------------------------------------------------
    case("forget_t1", "forget",
         [["I've taken up fencing — épée, at a club on Wednesday nights."],
          ["Forget that I fence, please. I've quit and I'd rather it wasn't on record.",
           "So what hobbies do I have, as far as you know?"]],
         [remembers(FENCING, s=0, name="stored_fencing"),
          forgets(FENCING, name="fencing_forgotten"), kept("Lives in Sligo"),
          avoids(FENCING, t=1, name="reply_forgot_fencing")],
         seed=[sem("Lives in Sligo", "location")]),
]

SEALED2_CASES: list[Case] = in_split("sealed2", _CASES)
