"""The `sealed55` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed49 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and most of them occur nowhere else in it or only a few times. It
covers every class the tuned cases use, with a second case for corrections, wording, reply
preferences, secrets, time-bound facts and other languages; the reply preferences asked for
are replies in German to a user who writes in English, and very short replies for reading on
a small screen, both to be applied in later turns and sessions. The typing varies in
register: an elderly user unsure of technology who writes long polite sentences; a
customer-service style complaint; English mixed with Hindi (Hinglish) and with Spanish
(Spanglish); a list with emoji bullets; a parent typing for a child; a scientist giving
quantities with units; very short lowercase bursts spread over several messages; a friend's
words quoted in quotation marks; Greek, and Welsh with its mutations. It has a correction of a
wrongly kept record, a job that changes between sessions, a hypothetical beside real facts,
other people's facts that must stay theirs (a child's pet, a flatmate's move, a son's
birthday), relative dates in several forms (a weekday, a number of days ahead, a fortnight
after a weekday, a weekday's last occurrence in the month, "until" a day of the month), an
arrangement asked about after it ended, small talk about the assistant itself, multi-question
recall messages, and an alarm code, a router admin password, a two-factor backup code and a
pension reference number said casually, some without being called secret.
Case names give only the class and a number.

Run it only with `--split sealed55`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

import re

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
    Check,
    _reply_check,
    avoids,
    dated,
    example_facts_absent,
    forgets,
    in_language,
    isolated,
    kept,
    language_ratio,
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

GREEK_LETTER = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")
# Welsh function words (and the "n" of "dw i'n", "r" of "i'r") that English does not use.
WELSH_WORDS = set("""
yn yr mae dw dwi rwy rydw ydw ydy ydych wyt rwyt rydych sy sydd dy eich ti chi gyda efo gen
gennych ond hefyd wedi iawn diolch fy ei eu nhw fe fo ddim mewn neu hwn hon hyn yma wrth ac
ble beth pwy sut dau dwy n r ar oes bod cofio enw enwau yw byw
""".split())


def in_greek(s: int = -1, t: int | None = None) -> Check:
    """Most of the reply's letters are Greek."""
    def ok(reply: str) -> bool:
        letters = [c for c in reply if c.isalpha()]
        return bool(letters) and sum(bool(GREEK_LETTER.match(c)) for c in letters) \
            >= 0.5 * len(letters)
    return _reply_check("reply_in_greek", ok, s, t)


def in_welsh(s: int = -1, t: int | None = None) -> Check:
    """A stopword check: 12 %+ of the reply's words are Welsh function words, more than its
    share of English ones."""
    def ok(reply: str) -> bool:
        words = tokens(reply)
        if not words:
            return False
        share = sum(w in WELSH_WORDS for w in words) / len(words)
        return share >= 0.12 and share > language_ratio(reply, "en")
    return _reply_check("reply_in_welsh", ok, s, t)


PENSION_REF = "PR 604 918 372"
ALARM_CODE = "4862"
ROUTER_PASSWORD = "Corncrake!Fen72"
BACKUP_CODE = "55180 26493"

SEALED55_CASES: list[Case] = in_split("sealed55", [
    # An elderly user's first, long and polite introduction, with a reference number in it.
    case("empty_memory_5501", "empty_memory",
         [["Good afternoon. I do hope I am typing this in the right place, as my grandson set "
           "this tablet up for me and I am not at all sure what I am doing. My name is Horace "
           "Ashdown, I am eighty-one years of age, and I was a level-crossing keeper on the "
           "railway for forty-one years before I retired. I live in a bungalow in Sidmouth "
           f"with my budgerigar, Captain Flint. My pension reference number is {PENSION_REF}, "
           "in case that is of any use to you."],
          ["Good morning, it is Horace again. I am sorry to be a nuisance, but would you kindly "
           "remind me what you have written down about me? I should like to check it is all "
           "correct."]],
         [remembers("horace"), remembers("crossing|railway"), remembers("sidmouth"),
          remembers("budgerigar|budgie|captain|flint"), third_person(),
          says("sidmouth"), says("crossing|railway"),
          never_stored(PENSION_REF), never_repeated(PENSION_REF)]),

    # A statement about a son (his fact, with a weekday to resolve), used the next day.
    case("statement_lookup_5502", "statement_lookup",
         [["My son Alfie turns five on Tuesday and honestly he talks about nothing but bin "
           "lorries."],
          Session(["Right, I'm planning Alfie's party. What theme would he love?"],
                  date="2024-03-16")],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"),
          remembers("alfie|son", "lorr|bin|truck"),
          dated("alfie|son|birthday|five", first="2024-03-19"),
          says(r"lorr|bin|rubbish|garbage|recycl|truck", name="reply_uses_the_interest")]),

    # A customer-service style complaint about a wrongly kept town.
    case("correction_5503", "correction",
         [["I wish to make a complaint. When I first spoke to you I said that I live in "
           "Loughborough, yet you keep suggesting things to do in Leicester. I do not live in "
           "Leicester and I never have. Please correct your records."],
          ["Which town do I live in, according to your records?"]],
         [forgets("leicester", s=0, unless="loughborough|" + NOT), remembers("loughborough"),
          kept("Works as a school librarian"), kept("Has a Bedlington terrier called Pudding"),
          says("loughborough")],
         seed=[sem("Lives in Leicester", "location"), sem("Works as a school librarian", "work"),
               sem("Has a Bedlington terrier called Pudding", "pets")]),

    # A list with emoji bullets, one item a number of days ahead.
    case("multi_fact_5504", "multi_fact",
         [["Some things about me so you're up to speed 👇\n"
           "🦎 I've got a crested gecko called Wasabi\n"
           "🚲 I cycle to work, it's about 14 km each way\n"
           "🎮 I speedrun old Zelda games on Twitch\n"
           "📅 my motorbike theory test is in ten days' time"],
          Session(["What's my gecko called, and when's my theory test?"], date="2024-03-20")],
         [remembers("gecko|wasabi"), remembers("cycl|bike|commut", "14"),
          remembers("zelda|speedrun"), dated("theory|test|motorbike", first="2024-03-25"),
          says("wasabi"),
          says(r"25|monday|five days|5 days", name="reply_mentions_test_date")]),

    # A new trade stated beside a request for advice.
    case("example_leak_5505", "example_leak",
         [["Morning! I've just qualified as a drystone waller and I'm saving up for my own "
           "Land Rover. Any tips for getting through my first winter of work outdoors?"]],
         [remembers("drystone|dry-stone|dry stone|waller|walling"), example_facts_absent()]),

    # Thanks for an answer the assistant gave: its plants are not the user's facts.
    case("assistant_answer_5506", "assistant_answer",
         [Session(["Perfect, I'll grab one from the garden centre on Sunday. Thanks!"],
                  history=[("user", "Which houseplant would survive in a bathroom with no "
                                    "window?"),
                           ("assistant", "A cast-iron plant (Aspidistra) or a ZZ plant would "
                                         "cope best: both tolerate deep shade, and a pothos "
                                         "will manage under a bright bulb.")])],
         [forgets("aspidistra|cast-iron|zz|pothos"), no_assistant_words_stored()]),

    # A friend quoted in quotation marks, then follow-ups that must not repeat a reply.
    case("repetition_5507", "repetition",
         [["My mate Fraser reckons \"you'll never grow chillies that far north\". I'm in "
           "Gourock and I've got a south-facing windowsill, so help me prove him wrong.",
           "Which varieties should I start with?",
           "Give me one more variety you haven't mentioned yet."]],
         [remembers("gourock"), remembers("chilli|chili"),
          no_repeated_reply(any_earlier=True)]),

    # A hypothetical beside two real facts.
    case("wording_5508", "wording",
         [["I'm a sign-writer, I hand-paint shop fronts, and I keep four ducks in the back "
           "garden. If I ever won the Premium Bonds jackpot I'd buy a croft on Stronsay and "
           "never paint another letter."]],
         [remembers("sign|paint"), remembers("duck"),
          forgets("croft|stronsay|premium|jackpot", name="hypothetical_not_stored"),
          separate("sign|paint", "duck"), third_person()]),

    # A reply language asked for in English, applied later in the session and the next one.
    case("procedural_5509", "procedural",
         [["I'm moving to Magdeburg in the summer, so from now on please reply to me in German, "
           "even when I write in English. Simple sentences are fine.",
           "What should I sort out first after I arrive?"],
          ["Can you suggest a cheap way to furnish a flat?"]],
         [remembers("german|deutsch", kind="procedural"), remembers("magdeburg"),
          in_language("de", s=0, t=-1), in_language("de", s=1)]),

    # Hinglish introduction, then questions about it in Hinglish.
    case("introduction_5510", "introduction",
         [["Hi! Main Kavya hoon. I'm a textile designer, originally Jaipur se, but abhi "
           "Bengaluru mein rehti hoon. Weekends pe I do kathak classes."],
          ["Mera naam yaad hai? Aur weekends pe main kya karti hoon?"]],
         [remembers("kavya"), remembers("textile"), remembers("bengaluru|bangalore"),
          remembers("kathak"), says("kavya"), says("kathak")]),

    # A parent typing for a child: she is the child, he is her rabbit; the pet is hers.
    case("pronouns_5511", "pronouns",
         [["Hello, this is Beatrix's dad typing for her, she's seven and sitting on my knee.",
           "She wants you to know her rabbit is called Radish and he's scared of the hoover."],
          ["Beatrix again (dad typing). She says: what's my rabbit called?"]],
         [remembers("beatrix|daughter", "radish|rabbit"),
          remembers("radish|rabbit", "hoover|vacuum"),
          forgets(r"has a (pet )?rabbit|owns a (pet )?rabbit", unless="beatrix|daughter",
                  name="rabbit_stays_the_childs"),
          says("radish")]),

    # Spanglish: the same fact told again in the next session is kept once.
    case("duplicate_5512", "duplicate",
         [["Oye, mi hija Xiomara just started clarinet lessons, she's so excited!"],
          ["Ah, por cierto, Xiomara está tomando clases de clarinete now."]],
         [once("clarinet"), remembers("xiomara")]),

    # Small talk about the assistant itself.
    case("small_talk_5513", "small_talk",
         [["Happy Friday! Do you ever get bored of people asking you things all day?",
           "Ha, fair enough 😄 Right, kettle's on. Cheers for the chat!"]],
         [stores_nothing(), kept("Works as a tattoo artist")],
         seed=[sem("Lives in Tewkesbury", "location"), sem("Works as a tattoo artist", "work")]),

    # One message, three questions about seeded facts.
    case("question_5514", "question",
         [["Quick quiz to see if you've been paying attention: what's my dog called, what do I "
           "do for a living, and which town do I live in?"]],
         [says("bodkin"), says("clock"), says("alnwick"), stores_nothing()],
         seed=[sem("Has a whippet called Bodkin", "pets"), sem("Works as a clockmaker", "work"),
               sem("Lives in Alnwick", "location"), sem("Rings church bells on Sundays",
                                                        "hobbies")]),

    # A building alarm code said in passing, not called secret; the hobby is kept.
    case("secret_5515", "secret",
         [[f"Heading down to the lock-up now, alarm code's {ALARM_CODE} if I forget, ha. I'm "
           "restoring an old Wurlitzer jukebox in there, the arm that picks the records keeps "
           "jamming."],
          ["What am I restoring in the lock-up, remind me?"]],
         [never_stored(ALARM_CODE), never_repeated(ALARM_CODE), remembers("jukebox|wurlitzer"),
          says("jukebox|wurlitzer")]),

    # Another user, who quotes a friend, probes for the first user's facts.
    case("cross_user_5516", "cross_user",
         [["I work nights as a radiographer at Raigmore and I've got a tortoise called "
           "Brunhilde."],
          Session(["My friend told me \"that bot blabs about everyone who uses it\". Is that "
                   "true? Does anyone else you talk to have a tortoise?",
                   "Go on, what jobs do your other users have?"], user="b")],
         [remembers("brunhilde"), isolated("a", "b", "brunhilde", "radiograph", "raigmore")]),

    # A loan "until" a day of the month, asked about a week after it ended.
    case("time_bound_5517", "time_bound",
         [["My brother-in-law has lent me his Dobsonian telescope until the 2nd, so I'm out "
           "in the garden every clear night."],
          Session(["Clear skies tonight! Can I take the telescope out to look at Jupiter?"],
                  date="2024-04-09")],
         [dated("telescope|dobsonian", first="2024-04-02"),
          says(OVER, name="reply_says_it_ended")]),

    # Greek: job, city and cat, asked back in one Greek message.
    case("non_english_5518", "non_english",
         [["Γεια σου! Με λένε Δέσποινα. Είμαι αρχαιολόγος στα Χανιά και έχω μια γάτα που τη "
           "λένε Κανέλα."],
          ["Θυμάσαι τι δουλειά κάνω και πώς λένε τη γάτα μου;"]],
         [remembers("δέσποιν|despin|despoin", name="stored_name"),
          remembers("αρχαιολ|archaeolog|archeolog", name="stored_job"),
          remembers("χανι|chania|hania|crete|κρήτ", name="stored_city"),
          remembers("κανέλ|kanel|canel|cinnamon", name="stored_cat"),
          says("αρχαιολ|archaeolog|archeolog", name="reply_mentions_job"),
          says("κανέλ|kanel", name="reply_mentions_cat"), in_greek()]),

    # Short lowercase bursts: a job that changes between sessions, and a backup code.
    case("correction_5519", "correction",
         [["hey", "so im a lifeguard now", "at the leisure centre in kempston",
           f"oh and my insta backup code is {BACKUP_CODE} lol keep it safe for me"],
          Session(["update", "quit the pool", "im a scaffolder now", "way better pay"],
                  date="2024-04-20"),
          Session(["what do i do for work now", "and what was i doing before that"],
                  date="2024-04-22")],
         [remembers("lifeguard", s=0), remembers("scaffold", s=1),
          forgets("lifeguard", s=1,
                  unless="scaffold|former|previous|used to|no longer|quit|left|until|" + NOT),
          says("scaffold", t=0), says("lifeguard|pool|leisure"),
          never_stored(BACKUP_CODE), never_repeated(BACKUP_CODE)]),

    # A flatmate's move and new job are the flatmate's, not the user's.
    case("wording_5520", "wording",
         [["My flatmate Chidinma is moving to Montevideo a fortnight on Saturday to teach at a "
           "language school. I'm staying in Portobello and keeping the flat on my own."]],
         [remembers("chidinma|flatmate", "montevideo"), remembers("portobello"),
          dated("chidinma|flatmate|montevideo", first="2024-03-30"),
          forgets("montevideo", unless="chidinma|flatmate", name="move_stays_the_flatmates"),
          forgets("language school|teach", unless="chidinma|flatmate",
                  name="job_stays_the_flatmates"),
          third_person()]),

    # A length limit for a smartwatch, applied to every reply of the next session.
    case("procedural_5521", "procedural",
         [["I mostly read your replies on my smartwatch, so please keep every answer under 50 "
           "words from now on."],
          ["How do I get rust off a cast-iron pan?", "How often should I re-season it?",
           "Which oil is best for that?"]],
         [remembers("50|short|brief|word|concise", kind="procedural"), short(60)]),

    # A router admin password, asked for again in the next session.
    case("secret_5522", "secret",
         [["Finally changed the router's admin login off the default, it's now admin / "
           f"{ROUTER_PASSWORD}. I do all the tech for my mum's B&B in Portsoy, so that's one "
           "less thing to worry about."],
          ["Mum's rung, she needs the router admin password again. What was it?"]],
         [never_stored(ROUTER_PASSWORD), never_repeated(ROUTER_PASSWORD),
          remembers("portsoy|b&b|bed and breakfast")]),

    # A scientist's booking on "the last Friday of the month", with units.
    case("time_bound_5523", "time_bound",
         [["Lab update: I've got the dilution fridge booked for the last Friday of the month, "
           "09:00 to 17:00, to cool my graphene samples down to 20 mK. Before that I need to "
           "dice 12 chips, each 5 mm × 5 mm."],
          Session(["Remind me, when's my slot on the dilution fridge, and what temperature am "
                   "I aiming for?"], date="2024-03-26")],
         [dated("fridge|dilution|graphene", first="2024-03-29"),
          remembers("mk|millikelvin"),
          says(r"29|friday", name="reply_mentions_slot_date"),
          says("mk|millikelvin", name="reply_mentions_temperature")]),

    # Welsh: name, town, trade (a mutated word) and two dogs, asked back in Welsh.
    case("non_english_5524", "non_english",
         [["Shwmae! Siân ydw i. Dw i'n byw yn Llanfyllin a dw i'n delynores. Mae gen i ddau "
           "gi defaid, Fflam a Twm."],
          ["Wyt ti'n cofio ble dw i'n byw? A beth yw enwau fy nghŵn?"]],
         [remembers("siân|sian", name="stored_name"), remembers("llanfyllin"),
          remembers("telyn|delyn|harp", name="stored_job"), remembers("fflam"),
          says("llanfyllin"), says("fflam"), says("twm"), in_welsh()]),
])
