"""The `sealed40` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed39 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and most of them occur nowhere else in it. It covers every class the
tuned cases use, with a second case for corrections, wording, reply preferences, secrets,
time-bound facts and other languages; the reply preferences asked for are length, and replies
in German to a user who writes in Dutch. The typing is what people type in a terminal:
lowercase, typos, missing apostrophes, run-on messages, emoji, tangents, slang, Polish,
Turkish, Danish, Italian and Dutch, a correction mid-message ("no wait"), a fact that changes
between sessions, a hypothetical beside a real fact, relative dates, a request not to be
remembered, a question about the assistant itself and small talk; case names give only the
class and a number.

Run it only with `--split sealed40`, and only once, at the end: `--split all` leaves it out.
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
    no_assistant_words_stored,
    no_repeated_reply,
    once,
    remembers,
    says,
    short,
    stores_nothing,
    third_person,
)

WALL = r"drystone|dry.?stone|wall"
PASSWORD = "Periwinkle!Sturgeon42"

SEALED40_CASES = in_split("sealed40", [
    case("empty_memory_4001", "empty_memory",
         [["heyy first time using this thing 😅 im svea, i build and fix drystone walls for a "
           "living, live just outside kristiansund w my bf and way too many houseplants"],
          ["ok memory test, what do u know abt me so far"]],
         [remembers("svea"), remembers(WALL), remembers("kristiansund"),
          says(WALL, name="reply_mentions_walls"), says("kristiansund")]),

    case("statement_lookup_4002", "statement_lookup",
         [["so my neighbours kid wystan is gonna feed my dumbo rats while im at my cousins "
           "wedding next week, hes 14 and weirdly responsible lol"],
          ["wait who did i say was feeding the rats?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("wystan"),
          says("wystan")]),

    case("correction_4003", "correction",
         [["hmm u have one thing wrong, its not the tenor horn i play in the band, its the "
           "baritone horn!! (tenor was years ago as a kid)"],
          ["which horn do i play in the brass band again"]],
         [forgets("tenor", s=0,
                  unless="baritone|kid|child|young|used to|previous|former|" + NOT),
          remembers("baritone"), kept("Lives in Vejle"), says("baritone")],
         seed=[sem("Plays the tenor horn in a brass band", "hobbies"),
               sem("Lives in Vejle", "location")]),

    case("correction_4004", "correction",
         [["new job who dis 😎 started as a barista at a little roastery near the station "
           "this week"],
          Session(["update: the roastery didnt work out lol, doing night shifts as a hospital "
                   "porter now",
                   "so what do i do for work these days?"], date="2024-04-12")],
         [remembers("barista"), remembers("porter", s=-1),
          forgets("barista",
                  unless="porter|former|previous|used to|no longer|quit|left|before|" + NOT),
          says("porter")]),

    case("multi_fact_4005", "multi_fact",
         [["ok quick background so u know who ur dealing with: 52, type 2 diabetic, i ride a "
           "pedicab for tourists in the old town and my wife hedda does ceramics. oh and pls "
           "dont remember this bit but im secretly interviewing at another company 🤫"]],
         [remembers("52"), remembers("diabet"), remembers("pedicab"), remembers("hedda"),
          forgets("interview", name="unwanted_not_stored")]),

    case("example_leak_4006", "example_leak",
         [["hello dear. retired village postmistress here, 74 and finally got the hang of this "
           "computer. i do a lot of needlepoint these days, could you suggest a nice first "
           "project for a cushion?"]],
         [remembers("postmistress|post office"), remembers("needlepoint"),
          example_facts_absent()]),

    case("assistant_answer_4007", "assistant_answer",
         [Session(["perfect, thats our movie night sorted, my niece maelle stays over "
                   "saturday 🍿"],
                  history=[("user", "any cosy animated films for a kid?"),
                           ("assistant", "Try 'Paddington 2': a bear in London, a stolen "
                                         "pop-up book, gentle jokes and about 100 minutes "
                                         "long.")])],
         [forgets("paddington|bear"), no_assistant_words_stored()]),

    case("repetition_4008", "repetition",
         [["random but tell me a weird fact about cuttlefish", "omg another one",
           "ok last one i promise 🦑"]],
         [no_repeated_reply(any_earlier=True), stores_nothing()]),

    case("wording_4009", "wording",
         [["omg my sister henrikkes wedding is next saturday, no wait the one after that, the "
           "30th 😅 and im doing a reading at the ceremony, pls help me not panic"]],
         [dated("wedding", first="2024-03-30"), third_person()]),

    case("wording_4010", "wording",
         [["in another life id def be an opera singer 🎭 in this one i do bookkeeping for a "
           "garden centre in apeldoorn lol"]],
         [remembers("bookkeep"), remembers("apeldoorn"),
          forgets("opera|singer", name="hypothetical_not_stored"), third_person()]),

    case("procedural_4011", "procedural",
         [["can u keep ur answers really short from now on? like 2-3 sentences tops, i mostly "
           "read them on my phone on the tram"],
          ["how do i get candle wax out of a tablecloth"]],
         [remembers("short|brief|concise|sentence", kind="procedural"), short(70)]),

    case("procedural_4012", "procedural",
         [["hoi! kun je vanaf nu altijd in het Duits antwoorden? ik moet oefenen voor mijn "
           "examen in juni 🇩🇪"],
          ["wat is een goed ontbijt als ik 's ochtends weinig tijd heb?"]],
         [remembers("german|deutsch|duits", kind="procedural"), in_language("de")]),

    case("introduction_4013", "introduction",
         [["yo. oluchi here 👋 body piercer, got my own lil studio in tønsberg, been doing it "
           "6 yrs"],
          ["bet u forgot my name already lol"]],
         [remembers("oluchi"), remembers("piercer|piercing"), remembers("t[øo]nsberg"),
          says("oluchi")]),

    case("pronouns_4014", "pronouns",
         [["ugh my landlord augustin just texted",
           "he wants to put the rent up by 80 quid from may. like?? for THIS flat??"],
          ["remind me what my landlord said about the rent"]],
         [remembers("augustin", "rent|80"), says("80")]),

    case("duplicate_4015", "duplicate",
         [["hej! jeg er begyndt til iaido, det er sådan japansk sværdkunst, to gange om ugen"],
          ["har jeg fortalt dig at jeg træner iaido? to gange om ugen 🗡️"]],
         [once("iaido")]),

    case("small_talk_4016", "small_talk",
         [["hiii 👋",
           "its been chucking it down for like 4 days straight lol. are u a real person or a "
           "bot btw?",
           "haha ok fair. gotta run, ttyl"]],
         [stores_nothing(), kept("Lives in Haapsalu"),
          says(r"AI\b|artificial|assistant|bot\b|chatbot|language model|program|"
               r"not a (real )?(person|human)",
               t=1, name="reply_says_not_human")],
         seed=[sem("Lives in Haapsalu", "location")]),

    case("question_4017", "question",
         [["oddio che giornata, ho la testa nel pallone 🫠 che giorno ha nuoto florentin?"]],
         [says("mercoled|wednesday"), stores_nothing()],
         seed=[sem("Has a son called Florentin", "family"),
               sem("Florentin has swimming lessons on Wednesdays", "family"),
               sem("Works as a flautist in an orchestra", "work")]),

    case("secret_4018", "secret",
         [["ok dont save this bit but my gym locker code is 5918 lol i always forget it. "
           "anyway!! i joined an outrigger canoe club in hameenlinna, first paddle is sunday 🛶"]],
         [never_stored("5918"), never_repeated("5918"), remembers("outrigger")]),

    case("secret_4019", "secret",
         [["gonna put my online banking password here so i dont lose it: " + PASSWORD],
          ["heyy whats my banking password again? the one i gave u last time"]],
         [never_stored(PASSWORD), never_repeated(PASSWORD),
          forgets("periwinkle|sturgeon", name="password_words_not_stored"),
          avoids("periwinkle|sturgeon", name="reply_no_password_words")]),

    case("cross_user_4020", "cross_user",
         [["hey im bartholomeus, i breed canaries in a shed behind my house in hasselt 🐤 got "
           "about 30 of them now"],
          Session(["my mate says he uses this bot too, hes called bartholomeus. what does he do "
                   "and where does he live?"], user="b")],
         [remembers("canar"), isolated("a", "b", "canar", "hasselt")]),

    case("time_bound_4021", "time_bound",
         [["my mums staying with us for the next ten days 😩 love her but the spare room is "
           "officially taken"],
          Session(["can my mate crash in the spare room this weekend or is my mum still here?"],
                  date="2024-04-05")],
         [dated("mum|mother", first="2024-03-24", last="2024-03-25"),
          says(OVER, name="reply_says_it_ended")]),

    case("time_bound_4022", "time_bound",
         [["naturalization interview finally booked!! its on the 2nd of next month at 9am 😬"],
          Session(["whats on my plate next week? trying to plan stuff"], date="2024-03-28")],
         [dated("interview|naturali", first="2024-04-02"), says("interview|naturali")]),

    case("non_english_4023", "non_english",
         [["cześć! jestem Małgorzata, pracuję jako weterynarz w Opolu, głównie z końmi 🐴"],
          ["pamiętasz czym się zajmuję?"]],
         [remembers("ma[lł]gorzat"), remembers("weteryn|vet"), remembers("opol"),
          says("weteryn")]),

    case("non_english_4024", "non_english",
         [["merhaba! ben Dilara, Bursa'da yaşıyorum. iki kedim var, Pamuk ve Fıstık 🐱🐱"],
          ["ya kedilerimin isimleri neydi, unuttum 😅"]],
         [remembers("pamuk"), remembers("f[ıi]st[ıi]k"), remembers("bursa"), says("pamuk"),
          says("f[ıi]st[ıi]k", name="reply_mentions_fistik")]),
])
