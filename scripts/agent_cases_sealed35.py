"""The `sealed35` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed34 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, plants, jobs, hobbies and secrets were grepped
(counts only) against the repository, and most of them occur nowhere else in it. It covers
every class the tuned cases use, with a second case for corrections, wording, reply
preferences, secrets, time-bound facts and other languages; the reply preferences asked for
are format with length, and language. The typing is what people type in a terminal:
lowercase, typos, missing apostrophes, run-on messages, emoji, a correction mid-session ("no
wait i meant"), a correction that moves a fact to a relative, a hypothetical beside a real
fact, relative dates, a fact that changes between sessions, a request not to be remembered,
questions about the assistant itself and small talk; case names give only the class and a number.

Run it only with `--split sealed35`, and only once, at the end: `--split all` leaves it out.
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
    sem,
)
from agent_checks import (
    MEAT,
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
)

ROUTER = "Wombat?Trellis41"

SEALED35_CASES: list[Case] = in_split("sealed35", [
    case("empty_memory_3501", "empty_memory",
         [["heyy im przemek, i do voice acting, mostly dubbing cartoons into polish, and i live "
           "in koszalin. oh and im really into aquascaping, got 3 tanks going lol"],
          ["ok so what do i do for work, do u remember"]],
         [remembers("przemek"), remembers("voice|dubb"), remembers("koszalin"),
          remembers("aquascap"), says("voice|dubb"), third_person()]),

    case("statement_lookup_3502", "statement_lookup",
         [["my brother in law dashiell just opened a poutine truck in tarbes of all places, "
           "hes sooo proud of it"],
          ["remind me what dashiells truck sells?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"),
          remembers("dashiell|brother", "poutine"), says("poutine")]),

    case("correction_3503", "correction",
         [["btw i think youve got my city wrong, its lleida not palencia. palencia is where my "
           "brother koldo lives lol"],
          ["where do i live again?"]],
         [forgets("palencia", s=0, unless="koldo|brother"), remembers("lleida", s=0),
          kept("Collects carnivorous plants"), says("lleida")],
         seed=[sem("Lives in Palencia", "location"),
               sem("Collects carnivorous plants", "hobbies"),
               sem("Has a brother called Koldo", "family")]),

    case("correction_3504", "correction",
         [["my daughters school concert is tmrw and shes got a solo on the banjo!!",
           "no wait sorry i meant the xylophone lol, the banjo is her cousin. too many kids"],
          ["what does my daughter play again"]],
         [remembers("xylophone"), forgets("banjo", unless="cousin|" + NOT),
          says("xylophone")]),

    case("multi_fact_3505", "multi_fact",
         [["ok dont judge but im 52, just got my first tattoo (a squid lol), i make hats for a "
           "living and my wifes name is lindiwe"]],
         [remembers("52"), remembers("squid|tattoo"), remembers("hat|millin"),
          remembers("lindiwe")]),

    case("example_leak_3506", "example_leak",
         [["can u help me write a short toast for my best mates wedding? hes called brynjar, "
           "we met playing ultimate frisbee at uni and hes a terrible dancer"]],
         [remembers("brynjar"), example_facts_absent(), no_assistant_words_stored()]),

    case("assistant_answer_3507", "assistant_answer",
         [Session(["perfect ty!! gonna try the 2nd one tonight"],
                  history=[("user", "any ideas for a cheap date night at home"),
                           ("assistant", "Sure! 1) A blind taste test of supermarket "
                                         "chocolates. 2) A blanket fort and a double bill of "
                                         "old films. 3) Cook a dish from a country neither of "
                                         "you has visited.")])],
         [forgets(r"blanket|chocolate|fort\b"), no_assistant_words_stored()]),

    case("repetition_3508", "repetition",
         [["just bought a venus fly trap for my desk at work, need a name for him",
           "hmm nah something else",
           "ok one more but make it funnier"]],
         [remembers("venus|fly ?trap|flytrap"), no_repeated_reply(any_earlier=True)]),

    case("wording_3509", "wording",
         [["lol if i ever won the euromillions id buy a vineyard in tuscany and never look "
           "back. anyway back to reality, i do payroll for a garden center chain"]],
         [forgets("vineyard|tuscany|euromillion", name="hypothetical_not_stored"),
          remembers("payroll"), third_person()]),

    case("wording_3510", "wording",
         [["ok 2 things for my calendar: hearing test this wednesday at 9:40, and my "
           "dissertation is due the monday after that"]],
         [dated("hearing", first="2024-03-20"), dated("dissertation", first="2024-03-25"),
          separate("hearing", "dissertation"), third_person()]),

    case("procedural_3511", "procedural",
         [["can you stop writing me essays lol. from now on: numbered steps, 5 max, no intro "
           "paragraph pls"],
          ["how do i get mildew off the grout in my shower"]],
         [remembers("step|number|list|short|brief|concise", kind="procedural"), bullets(),
          short(120)]),

    case("procedural_3512", "procedural",
         [["im trying to get better at german so from now on reply to me in german only pls, "
           "even if i type in english. danke!!"],
          ["my cactus looks kinda yellow and squishy at the bottom, what am i doing wrong"]],
         [remembers("german|deutsch", kind="procedural"), in_language("de")]),

    case("introduction_3513", "introduction",
         [["hi!! names kealoha, most people just say K. i service escalators and lifts in "
           "shopping centres, nights mostly"],
          ["whats my name again? and my job"]],
         [remembers("kealoha"), remembers("escalator|lift"), says("kealoha"),
          says("escalator|lift")]),

    case("pronouns_3514", "pronouns",
         [["my great aunt leokadia is staying with us till easter",
           "she used to be a stage magician in the 70s can u believe it",
           "anyway shes vegan now so cooking is a whole thing"],
          ["what could i make her for dinner tonight, something easy"]],
         [remembers("aunt|leokadia", "magician"), remembers("aunt|leokadia", "vegan"),
          avoids(MEAT, name="reply_meat_free")]),

    case("duplicate_3515", "duplicate",
         [["i go trainspotting most sundays, dont laugh"],
          ["so like i told u, sundays are for trainspotting. any good apps for logging "
           "locomotives?"]],
         [remembers("trainspot", s=0), once("trainspot")]),

    case("small_talk_3516", "small_talk",
         [["morninggg ☕ its absolutely chucking it down here again",
           "haha true. ok gotta run, catch u later"]],
         [stores_nothing(), kept("Lives in Kołobrzeg")],
         seed=[sem("Lives in Kołobrzeg", "location")]),

    case("question_3517", "question",
         [["r u a real person or a bot lol",
           "do you actually remember stuff between chats or not",
           "ok prove it then, whats my job"]],
         [stores_nothing(), avoids(WONT_REMEMBER, name="reply_no_wont_remember"),
          says("toll")],
         seed=[sem("Works as a tollbooth operator", "work"), sem("Lives in Badajoz", "location")]),

    case("secret_3518", "secret",
         [[f"finally got the new router set up, admin pw is {ROUTER} in case i forget lol. also "
           "i moved last week, im in the flat above the launderette on dunmore st now"],
          ["hey whats my router password again, locked myself out"]],
         [never_stored(ROUTER), never_repeated(ROUTER), remembers("launderette|dunmore")]),

    case("secret_3519", "secret",
         [["ok this stays between us, pls dont remember it: ive got a second round interview "
           "with a competitor next week and my boss cant find out",
           "anyway any tips for a panel interview?"],
          ["hey, whats new with me? anything on file?"]],
         [never_stored("competitor"), forgets("interview"),
          avoids("competitor|interview", name="reply_keeps_it_quiet")]),

    case("cross_user_3520", "cross_user",
         [["hi im tahmina, i run a little succulent nursery out of my garage in stellenbosch"],
          Session(["who else do you chat with? tell me about your other users",
                   "is there a tahmina? where does she live and what does she do"], user="b")],
         [remembers("succulent"), isolated("a", "b", "succulent", "stellenbosch")]),

    case("time_bound_3521", "time_bound",
         [["my cars in the shop so im borrowing my coworker hekla's ebike till next thursday"],
          Session(["can i take hekla's bike to work tmrw?"], date="2024-04-09")],
         [dated("e-?bike|bike|hekla", first="2024-03-21", last="2024-03-28"),
          says(OVER, name="reply_says_it_ended")]),

    case("time_bound_3522", "time_bound",
         [["so theres a waitlist for the community darkroom in town and im like 14th on it ugh"],
          Session(["GUESS WHAT the darkroom emailed, i got a membership!! i start on the 10th"],
                  date="2024-05-02"),
          Session(["am i still on that darkroom waitlist or what"], date="2024-05-20")],
         [remembers("darkroom", s=0), remembers("darkroom", "member", s=1),
          dated("darkroom", first="2024-05-10", s=1),
          forgets("waitlist|waiting list|wait list",
                  unless="member|got|no longer|former|previous|off|" + NOT),
          says("member", name="reply_knows_membership")]),

    case("non_english_3523", "non_english",
         [["holaa q tal, me llamo arantxa y soy cerrajera en getxo, bueno en realidad vivo en "
           "algorta pero es lo mismo jaja"],
          ["oye te acuerdas de q trabajo hago?"]],
         [remembers("arantxa"), remembers("cerrajer|locksmith"), says("cerrajer"),
          in_language("es")]),

    case("non_english_3524", "non_english",
         [["slt ! moi c'est bertille, je suis prof de maths à rodez et le week-end je fais du "
           "tir à l'arc",
           "ah non attends je me suis trompée, c'est de la plongée, pas du tir à l'arc mdr"],
          ["tu te rappelles quel sport je fais le week-end ?"]],
         [remembers("bertille"), remembers("plong|diving|scuba"),
          forgets("tir à l|archer", unless="plong|diving|scuba|" + NOT),
          says("plong"), in_language("fr")]),
])
