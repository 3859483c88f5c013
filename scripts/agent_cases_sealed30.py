"""The `sealed30` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed29 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (counts only)
against the rest of the project and are in none of it. It covers every class the tuned cases
use (empty memory, statements and look-ups, corrections, several facts at once, example leaks,
the assistant's own answers, repetition, wording and relative dates, reply preferences,
introductions, pronouns, repeated facts, small talk, questions answered from memory, secrets,
other users, time-bound facts, other languages), with a second case for statements and
look-ups, reply preferences, time-bound facts and other languages, and three corrections (a
job replaced in a later message, a friend the user asks to have forgotten while another is
kept, a weekday slip fixed in the same session with a typo). The typing varies (lowercase,
slang, no punctuation, typos, English as a second language, the fact in the clause before a
question, several facts in one message, "in two weeks", "next friday" said on a Tuesday, a
brevity preference applied in a later session, a seeded units preference applied to a recipe,
thanks after a recommendation, a secret with a trip in the same message, slangy French);
case names give only the class and a number.

Run it only with `--split sealed30`, and only once, at the end: `--split all` leaves it out.
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
    avoids,
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

SEALED30_CASES: list[Case] = in_split("sealed30", [
    # Lowercase, no punctuation, a job said as what the user does.
    case("empty_memory_3001", "empty_memory",
         [["hi im Ngaio i build wooden boats for a living down in Fremantle"],
          ["what is my job again"]],
         [remembers("ngaio"), remembers("boat"), remembers("fremantle"), third_person(),
          says("boat")]),

    # A third party's plan in the clause before a request.
    case("statement_lookup_3002", "statement_lookup",
         [["my cousin Babajide is getting married in Jena this summer, what's a wedding gift "
           "that isn't too pricey?"],
          ["where's Babajide's wedding again?"]],
         [remembers("babajide"), remembers("jena"), says("jena"),
          avoids(DONT_KNOW, name="reply_no_dont_know")]),
    # Slang, then a request in the same session; asked for in a new one.
    case("statement_lookup_3003", "statement_lookup",
         [["ngl my go-to comfort food is bobotie, it's my gran's recipe",
           "anyway what side dish goes well with it"],
          ["whats that comfort dish i told u about"]],
         [remembers("bobotie"), says("bobotie")]),

    # --- corrections and forgetting -----------------------------------------------------------
    case("correction_3004", "correction",
         [["update: i left the signal box in february, i'm a boilermaker at the shipyard now"],
          ["so what do i do for a living these days?"]],
         [remembers("boilermaker"),
          forgets("signalman", unless="boilermaker|former|previous|used to|no longer|left|"
                                      "until|" + NOT),
          kept("Lives in Dundalk"), kept("Plays the bandoneon"), says("boilermaker")],
         seed=[sem("Works as a signalman", "work"), sem("Lives in Dundalk", "location"),
               sem("Plays the bandoneon", "hobbies")]),
    case("correction_3005", "correction",
         [["Please forget everything about Yannick. We don't speak anymore and I'd rather "
           "you never bring him up."],
          ["Which of my friends do you know about?"]],
         [forgets("yannick", s=0, name="not_stored_yannick_s1"), forgets("yannick"),
          kept("Has a friend called Dumisani"), kept("Lives in Évora"), says("dumisani"),
          avoids("yannick", name="reply_no_yannick")],
         seed=[sem("Has a friend called Yannick", "friends"),
               sem("Has a friend called Dumisani", "friends"),
               sem("Lives in Évora", "location")]),
    case("correction_3006", "correction",
         [["My lacemaking group meets every Tuesday evening.",
           "wait no its wensdays, i always mix those two up"],
          ["which evening is my lace group again?"]],
         [remembers("lace", "wednesday"), forgets("tuesday", s=0, unless="wednesday|" + NOT),
          says("wednesday")]),

    # --- several facts in one message ---------------------------------------------------------
    case("multi_fact_3007", "multi_fact",
         [["so about me im 52 i brew my own mead in the garden shed and my husband Themba "
           "teaches maths at the local school"]],
         [remembers("52"), remembers("mead"), remembers("themba"), separate("mead", "themba")]),

    # --- a plain request for ideas: the examples stay out -------------------------------------
    case("example_leak_3008", "example_leak",
         [["could u give me a few ideas for this weekend? i live near Gijón and im mad about "
           "hang gliding"]],
         [remembers("gij[oó]n"), remembers("glid"), example_facts_absent()]),

    # --- thanks after a recommendation --------------------------------------------------------
    case("assistant_answer_3009", "assistant_answer",
         [Session(["perfect, ill try that one this weekend, cheers"],
                  history=[("user", "can u recomend an easy stroopwafel reciepe"),
                           ("assistant", "Try a simple one: a yeasted dough pressed in a "
                                         "waffle iron, split while warm and filled with a "
                                         "caramel syrup of brown sugar, butter and cinnamon.")])],
         [forgets("cinnamon|caramel|syrup|yeast"), no_assistant_words_stored()]),

    # --- three turns on one topic -------------------------------------------------------------
    case("repetition_3010", "repetition",
         [["I just brought home a talking mynah bird.", "what should i feed him?",
           "ok and what else, apart from those?"]],
         [remembers("mynah")]),

    # --- a relative date said as "in two weeks" -----------------------------------------------
    case("wording_3011", "wording",
         [["my sister Lerato flies in from Cape Town in two weeks and she'll stay with us "
           "for a bit"]],
         [remembers("lerato"), dated("lerato|sister", first="2024-03-29"), third_person()]),

    # --- reply preferences --------------------------------------------------------------------
    case("procedural_3012", "procedural",
         [["hey, from now on keep your replies really brief, like two or three sentences max. "
           "i read them on my phone"],
          ["how do i descale a kettle"]],
         [remembers("brief|short|concise|sentence", kind="procedural"), short(80)]),
    case("procedural_3013", "procedural",
         [["I'm making tamale filling for 8 people, how much pork shoulder do I need and how "
           "hot should the oven be?"]],
         [metric()],
         seed=[proc("Wants all measurements in metric units", "preferences"),
               sem("Lives in Ipswich", "location")]),

    # --- an introduction in English as a second language --------------------------------------
    case("introduction_3014", "introduction",
         [["Good evening. My name is Nikodem, I am from Poland but living now in Lund since "
           "three years. I am working like gemologist in a jewellery shop."],
          ["tell me please what you know about me"]],
         [remembers("nikodem"), remembers("lund"), remembers("gemolog|gem|jewel"),
          says("nikodem"), says("lund"), says("gemolog|gem|jewel")]),

    # --- a third party and "she" in the next message ------------------------------------------
    case("pronouns_3015", "pronouns",
         [["My neighbour Zanele has just opened a tiny bakery on our street.",
           "She makes the best lamingtons in town."],
          ["who makes those lamingtons i like again?"]],
         [remembers("zanele", "lamington"), says("zanele")]),

    # --- the same fact, reworded, in one session ----------------------------------------------
    case("duplicate_3016", "duplicate",
         [["btw I do kyudo, japanese archery, twice a week",
           "oh and did i mention? kyudo twice weekly, it's totally my thing"]],
         [once("ky[uū]d")]),

    # --- small talk with slang ----------------------------------------------------------------
    case("small_talk_3017", "small_talk",
         [["yo whats up", "lmao fair enough. ok gotta run, ttyl"]],
         [stores_nothing(), kept("Works as a sous chef")],
         seed=[sem("Works as a sous chef", "work")]),

    # --- a question answered from memory, two facts at once -----------------------------------
    case("question_3018", "question",
         [["remind me which town you've got me down as living in, and what my pet is called?"]],
         [says("p[eé]cs"), says("ilse"), stores_nothing()],
         seed=[sem("Has a pet dormouse called Ilse", "pets"), sem("Lives in Pécs", "location"),
               sem("Works as an occupational therapist", "work")]),

    # --- a secret beside a fact to keep -------------------------------------------------------
    case("secret_3019", "secret",
         [["my passport number is XK7730214, and I'm off to Burgas in June"],
          ["at the check-in desk rn, whats my passport number?"]],
         [never_stored("XK7730214"), never_repeated("XK7730214"), remembers("burgas")]),

    # --- another user asks about the first by name --------------------------------------------
    case("cross_user_3020", "cross_user",
         [Session(["hey, is there a user named Eulalie on here? where does she live?",
                   "ok then, what do you know about me"], user="b")],
         [isolated("a", "b", "chamb", "bell"), says("erhu")],
         seed={"a": [sem("Is called Eulalie", "identity"),
                     sem("Rings church bells on Sundays", "hobbies"),
                     sem("Lives in Chambéry", "location")],
               "b": [sem("Plays the erhu", "hobbies")]}),

    # --- time-bound facts ---------------------------------------------------------------------
    case("time_bound_3021", "time_bound",
         [Session(["got my canoe polo tournament next friday!! so nervous lol"],
                  date="2024-04-02"),
          Session(["anything on my calendar coming up soon?"], date="2024-04-04")],
         [dated("polo|canoe|tournament", first="2024-04-05", last="2024-04-12"),
          says("canoe|polo|tournament")]),
    case("time_bound_3022", "time_bound",
         [["The music school lent me a shamisen until 10 April."],
          Session(["can i still practise on the school's shamisen this weekend?"],
                  date="2024-04-25")],
         [dated("shamisen", first="2024-04-10"), says(OVER, name="reply_says_it_ended")]),

    # --- other languages ----------------------------------------------------------------------
    case("non_english_3023", "non_english",
         [["Hallo, ich bin Ingeborg und wohne in Bregenz. Am Wochenende mache ich immer "
           "Käsespätzle für die ganze Familie."],
          ["Was koche ich am Wochenende immer?"]],
         [remembers("bregenz"), remembers("k[äa]sesp|sp[äa]tzle|spaetzle|cheese"),
          says("k[äa]sesp|sp[äa]tzle|spaetzle"), in_language("de")]),
    case("non_english_3024", "non_english",
         [["slt ! moi c Efua, je retape des vieux meubles a Brest, c mon métier depuis 10 ans"],
          ["tu te rappelles ce que je fais comme boulot ?"]],
         [remembers("meuble|furniture"), remembers("brest"),
          says("meuble|restaur|ébénist|rénov|retap"), in_language("fr")]),
])
