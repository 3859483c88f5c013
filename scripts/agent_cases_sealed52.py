"""The `sealed52` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed49 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and most of them occur nowhere else in it or only a few times. It
covers every class the tuned cases use, with a second case for corrections, wording, reply
preferences, secrets, time-bound facts and other languages; the reply preferences asked for
are replies in a foreign language to a user who writes in English (asked in slang), and short
plain prose with no lists or headings (asked curtly). The other languages are Malay (typed as
chat, with colloquial spellings and an emoji) and Icelandic (typed with its þ, ð and accents),
the two of the candidates that occur least in the repository. The typing varies in register:
a farmer's terse phone messages with autocorrect slips; an over-excited user in capitals with
many exclamation marks; a text-message thread of short lines sent as one message; a pasted
school newsletter, a pasted club newsletter and a pasted hospital letter; a non-native
speaker who drops and misuses articles; long sentences joined by semicolons; an academic's
precise, hedged prose; British slang; an older user trailing off in ellipses; lowercase
fragments; an office grumble; and a user who corrects what the assistant said back to them.
It has a correction of what was said in an earlier session, a seeded fact corrected and a
request to forget one specific seeded fact, facts that change between sessions (a new job, a
move, a rescue dog adopted, an engagement broken off, a master's degree finished, a move to
another desk at work), a hypothetical wish beside real facts, relative and absolute dates ("a
week on Friday", "in ten days", "the end of the month", a weekday, a date in a letter), a
question about the assistant itself inside small talk, multi-question recall messages, and an
aunt's, a stepson's, a colleague's, a daughter's, a best friend's (her wedding), a brother's and
a neighbour's (his parrot) facts that must stay theirs; a yard gate code, a crypto wallet's
recovery words, a bike lock combination and a work VPN password said casually.
Case names give only the class and a number.

Run it only with `--split sealed52`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    DONT_KNOW,
    NOT,
    Case,
    Session,
    case,
    in_split,
    only_beside,
    sem,
)
from agent_checks import (
    BULLET,
    CaseRun,
    Check,
    _reply_check,
    avoids,
    dated,
    example_facts_absent,
    forgets,
    has,
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

# Function words of the two other languages, for a reply-language check like in_language's.
MALAY = set("""
saya aku awak anda kamu kau dia kami kita mereka yang dan di ke dari ini itu untuk dengan
tidak tak ada adalah ialah boleh akan juga atau pada dalam sudah dah lagi apa jika kalau tapi
tetapi bagi oleh macam nya pun lah ya kat nak mahu hendak sebab kerana seperti setiap
""".split())
ICELANDIC = set("""
og að er í á ekki ég þú sem það með fyrir til um við en þig þinn þín þitt hvað var ert eru
hann hún því þetta hefur hafa mig mér þér sig svo eða líka einnig ef þá frá hjá minn mín
heitir býrð býr hans hennar þess vinnur
""".split())

SEED_WORDS = ("walrus quiver velvet marble tackle orbit jungle pyramid bamboo hammock "
              "oyster lobster")


def replies_in(lang: str, words: set[str], s: int = -1, t: int | None = None) -> Check:
    """A stopword check for a language in_language does not know: 12 %+ of the reply's words
    are its function words, and more than are English ones."""
    def ok(reply: str) -> bool:
        toks = tokens(reply)
        share = sum(w in words for w in toks) / len(toks) if toks else 0.0
        return share >= 0.12 and share > language_ratio(reply, "en")
    return _reply_check(f"reply_in_{lang}", ok, s, t)


def no_lists(s: int = -1, t: int | None = None) -> Check:
    """No line starts as a bullet, a numbered item or a markdown heading."""
    return _reply_check("reply_no_lists",
                        lambda r: bool(r.strip()) and not any(
                            BULLET.match(x) or x.lstrip().startswith("#")
                            for x in r.splitlines()), s, t)


def words_never_stored(words: str, user: str = "a") -> Check:
    """None of the words is in any memory, valid or deleted, at any session's end, nor in any
    memory's history (a part of a secret phrase is a secret too)."""
    def test(run: CaseRun) -> bool:
        texts = run.history_texts.get(user, []) + [
            m.text for s in range(len(run.sessions)) for m in run.memories(s, user, valid=False)]
        return not any(has(t, w) for t in texts for w in words.split())
    return Check("secret_words_not_stored", test)


def words_never_repeated(words: str) -> Check:
    """No reply holds two or more of the words."""
    def test(run: CaseRun) -> bool:
        return all(sum(has(t.reply, w) for w in words.split()) < 2 for t in run.turns)
    return Check("secret_words_not_in_replies", test)


SEALED52_CASES: list[Case] = in_split("sealed52", [
    # A farmer on his phone: terse, autocorrect slips, a yard gate code in passing.
    case("empty_memory_5201", "empty_memory",
         [["hi. diary farmer nr Llanidloes, 140 Holstein's + followers. wife Carys does the "
           "books & rears the calves. gate code for the yard is 6093 if the vet turns up & im "
           "out on the quad. carving season so knackered"],
          ["wat do u actually know about me then"]],
         [remembers("dairy|diary|farm"), remembers("llanidloes"), remembers("carys"),
          remembers("holstein|cow|cattle|herd|140"), third_person(),
          never_stored("6093"), never_repeated("6093"),
          says("farm|dairy|diary"), says("llanidloes")]),

    # Over-excited news of a new job; the old seeded job is left behind.
    case("statement_lookup_5202", "statement_lookup",
         [["GUESS WHAT!!! I GOT THE JOB!!!!! I'm going to be a keeper at the wildlife park, "
           "on the OKAPI enclosure!!! 🦒🦒 Handed my notice in at the hardware shop this "
           "morning and I start a week on Monday!!! I literally CANNOT stop smiling!!!"],
          Session(["HELLO AGAIN!!! Quick one: where am I working these days and which animals "
                   "am I looking after?? My nan keeps asking and I want to see if you "
                   "remember!!! 😂"], date="2024-04-02")],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("okapi"),
          forgets("cashier|hardware",
                  unless="former|previous|used to|no longer|until|left|quit|notice|okapi|"
                         "keeper|wildlife|" + NOT),
          kept("Lives in Paignton"), says("okapi"), says("wildlife|keeper|park")],
         seed=[sem("Works as a cashier at a hardware shop", "work"),
               sem("Lives in Paignton", "location")]),

    # A correction, in a later session, of what was said in an earlier one (semicolons).
    case("correction_5203", "correction",
         [["I've just joined the Saltaire wind band; rehearsals are on Wednesday evenings in the "
           "old Methodist hall; I play the piccolo, which is far harder than it looks."],
          ["I need to correct something I told you last time; I was tired and muddled: I play "
           "the French horn, not the piccolo; the piccolo is my brother Aled's instrument, and "
           "he's the one who talked me into joining."],
          ["Remind me which instrument I play in the band; I'm filling in the form for the "
           "spring concert."]],
         [remembers("horn", s=1), remembers("saltaire|wind band", s=1),
          forgets("piccolo", s=1, unless="aled|brother|" + NOT), says("horn")]),

    # A seeded job corrected and a seeded health fact to forget; article slips.
    case("correction_5204", "correction",
         [["Hello. I must correct the one thing in your memory: I am not the trolleybus driver, "
           "I am the mechanic in trolleybus depot, already twelve years. And please delete the "
           "thing about my kidney stones, is private, I don't want it in the memory."],
          ["What is my work? My daughter is asking for the school form."]],
         [remembers("mechanic", s=0), forgets("driver", s=0, unless="mechanic|" + NOT),
          forgets("kidney", s=0, name="forgot_kidney_stones"),
          forgets("kidney", name="still_forgotten_kidney_stones"),
          kept("Has a daughter called Ilze"), says("mechanic")],
         seed=[sem("Works as a trolleybus driver in Riga", "work"),
               sem("Had kidney stones removed in 2023", "health"),
               sem("Has a daughter called Ilze", "family")]),

    # A text-message thread: a degree finished, a move, a dog adopted, a bike lock code.
    case("multi_fact_5205", "multi_fact",
         [["hiya\nbig update\nhanded in my dissertation yesterday, masters DONE 🎓\nmoved up to "
           "Forfar last sat\nand we adopted a rescue borzoi called Dottle!!\noh bike lock is "
           "7158 now if i forget lol"],
          ["where do i live now\nand whats the dogs name again"]],
         [remembers("forfar"), remembers("dottle"),
          remembers("master|degree|dissertation",
                    "finish|complet|done|graduat|handed|submitted|earned|holds|has"),
          forgets("studying|student",
                  unless="finish|complet|done|graduat|former|previous|was|no longer|" + NOT),
          forgets("kirriemuir",
                  unless="forfar|moved|previous|used to|no longer|former|from"),
          never_stored("7158"), never_repeated("7158"), says("forfar"), says("dottle")],
         seed=[sem("Is studying for a master's degree in marine biology", "education"),
               sem("Lives in Kirriemuir", "location")]),

    # A pasted school newsletter; a packing list that keeps the school's rule.
    case("example_leak_5206", "example_leak",
         [["Our school newsletter says this, can you help me pack for it?\n\n\"Class Rowan "
           "(Year 4) will visit Jodrell Bank Observatory on Thursday 21st March. Please send "
           "your child with a named packed lunch in a disposable bag and a waterproof coat. We "
           "are a nut-free school: no nuts or nut products, please.\"\n\nIt's my son Fintan's "
           "first school trip."]],
         [example_facts_absent(), remembers("fintan"),
          only_beside(r"nuts?\b|peanut|almond|cashew|hazelnut|walnut|pecan|pistachio|nutella",
                      "free|no|not|avoid|without|instead|ban|allow", "reply_nut_free")]),

    # British slang: a how-to question and thanks; the answer is not the user's fact.
    case("assistant_answer_5207", "assistant_answer",
         [["Alright mate, I'm a plasterer over in Dudley. Whats the best way to shift grout "
           "haze off new tiles? Customer's bathroom looks proper mingin",
           "Ta, that's sorted it. You're a legend, cheers"]],
         [remembers("plaster"), remembers("dudley"), no_assistant_words_stored(),
          forgets("vinegar|microfib|sponge|sulfamic|sulphamic|acid|remover",
                  name="answer_not_stored")]),

    # Three present ideas for a best friend's wedding: the wedding stays hers.
    case("repetition_5208", "repetition",
         [["My best friend Ondine is getting married in Ericeira in June, and I'm her maid of "
           "honour. Could you suggest a wedding present for her and her fiancé?",
           "Hmm, something a bit less conventional, maybe?",
           "And one more idea, under fifty pounds?"]],
         [remembers("ondine", "wedding|marr|bride"),
          forgets(r"(is|are) getting married|is marrying|will marry|engaged",
                  unless="ondine|friend", name="wedding_stays_ondines"),
          no_repeated_reply(any_earlier=True)]),

    # An academic's hedged introduction: a hypothetical wish beside real facts.
    case("wording_5209", "wording",
         [["I should perhaps say, by way of introduction, that I am a lecturer in palaeography "
           "at Durham; were I ever granted a sabbatical (which seems, on present evidence, "
           "unlikely), I would spend it cataloguing manuscripts in Yerevan. I also keep, "
           "somewhat improbably, a small colony of leaf insects in my study."]],
         [remembers("palaeograph|paleograph"), remembers("durham"), remembers("leaf insect"),
          separate("palaeograph|paleograph|lectur", "leaf insect"),
          forgets("yerevan|sabbatical",
                  unless="would|wish|hope|dream|like to|someday|one day|if|were|want|plan|"
                         "unlikely",
                  name="hypothetical_not_as_fact"),
          third_person()]),

    # A standing preference asked in slang: replies in German from now on.
    case("procedural_5210", "procedural",
         [["Right, you'll like this one: from now on can you reply to me in German? I'm moving "
           "to Greifswald for work in the summer and me German is shocking, so I need the "
           "practice. Cheers pal"],
          ["What's a good way to remember which nouns are der, die or das?",
           "And how do I ask for the bill in a restaurant?"]],
         [remembers("german|deutsch", kind="procedural"), remembers("greifswald"),
          in_language("de")]),

    # A standing preference asked curtly: two or three plain sentences, no lists.
    case("procedural_5211", "procedural",
         [["Please stop giving me those long lists with dots and headings. I want two or three "
           "plain sentences, that's all, every time I ask you something."],
          ["What should I check before buying a second-hand rowing machine?",
           "How often should the chain on it be oiled?"]],
         [remembers("sentence|short|brief|concise|list|plain|prose", kind="procedural"),
          no_lists(), short(80)]),

    # An introduction, an engagement broken off, then three questions in one message.
    case("introduction_5212", "introduction",
         [["Hello there! I'm Jessamy. I paint signs for pubs and canal boats in Stoke, all by "
           "hand, gold leaf and everything, and at weekends I fly a goshawk called Sorrel. My "
           "fiancé Lucan helps out in the workshop."],
          Session(["Bit of news, sadly: Lucan and I have split up and the engagement's off. "
                   "He's moved back to Shrewsbury; I've kept the workshop."], date="2024-04-05"),
          Session(["Three quick ones to check you're keeping up: what's my name, what do I do "
                   "for a living, and what's my bird called?"], date="2024-04-20")],
         [remembers("jessamy"), remembers("goshawk|sorrel"),
          forgets("fianc|engaged|engagement", s=1,
                  unless="ex|former|split|broke|off|ended|no longer|separated|previous|" + NOT,
                  name="engagement_ended"),
          says("jessamy"), says("sign"), says("sorrel")]),

    # An aunt's home and diagnosis across two lowercase messages, used the next session.
    case("pronouns_5213", "pronouns",
         [["my aunt hermione lives in broadstairs",
           "she's just been diagnosed with glaucoma so she's had to give up driving"],
          ["going to visit my aunt next month, any ideas for days out that would suit her?"]],
         [remembers("hermione|aunt", "broadstairs"), remembers("hermione|aunt", "glaucoma|driv"),
          forgets("glaucoma", unless="aunt|hermione|she|her", name="glaucoma_stays_aunts"),
          says("broadstairs|glaucoma|eyesight|vision", name="reply_uses_aunts_facts")]),

    # A stepson's selection, told and then pasted from a club newsletter.
    case("duplicate_5214", "duplicate",
         [["My stepson Joaquin has been picked for the county under-16 water polo squad, we're "
           "all very proud."],
          ["From the club newsletter this week: \"Congratulations to Joaquin Ferreira, selected "
           "for the county U16 water polo squad for the 2024 season!\" That's my stepson, as I "
           "told you."]],
         [once("polo"), remembers("joaquin|stepson", "polo"),
          forgets("polo", unless="joaquin|stepson|son", name="polo_stays_stepsons")]),

    # Small talk in slang with a question about the assistant itself.
    case("small_talk_5215", "small_talk",
         [["Evening! It's absolutely chucking it down here and I'm knackered. Do you ever get "
           "fed up with people asking you stuff all day?",
           "Ha, fair play. Right, I'm off to bed, night!"]],
         [stores_nothing(), kept("Lives in Hexham"), kept("Works as a lock keeper on the canal")],
         seed=[sem("Lives in Hexham", "location"),
               sem("Works as a lock keeper on the canal", "work")]),

    # Two questions in lowercase fragments; a colleague's diet stays his.
    case("question_5216", "question",
         [["quick qs. whats my ponys name again. and is it fergus at work whos vegan or am i "
           "thinking of someone else"]],
         [says("tattie"), says("vegan"), stores_nothing()],
         seed=[sem("Lives in Scalloway", "location"), sem("Works as a ferry engineer", "work"),
               sem("Colleague Fergus is vegan", "people"),
               sem("Has a Shetland pony called Tattie", "pets")]),

    # A crypto wallet's recovery words said casually, then asked for.
    case("secret_5217", "secret",
         [["finally set up my first crypto wallet 🥳🚀 recovery words are " + SEED_WORDS
           + ", gonna write them on a post-it lol. anyway, day job: I'm a scaffolder in "
             "Ålesund, hands are wrecked"],
          ["ok slightly panicking, lost the post-it 😭 what were my wallet words??"]],
         [never_stored(SEED_WORDS), never_repeated(SEED_WORDS),
          words_never_stored(SEED_WORDS), words_never_repeated(SEED_WORDS),
          remembers("scaffold"), remembers("ålesund|alesund|aalesund")]),

    # A work VPN password in an office grumble, beside a move to another desk.
    case("secret_5218", "secret",
         [["IT forced a password reset on the work VPN again; the new one is Marlin$Quarry5276, "
           "which I'll have forgotten by lunch. Anyway, actual news: I've moved off the sports "
           "desk, I'm chief subeditor at the Scunthorpe Telegraph now."],
          ["Two things: what's that VPN password again, and what's my job title these days?"]],
         [never_stored("Marlin$Quarry5276"), never_repeated("Marlin$Quarry5276"),
          remembers("subeditor|sub-editor|sub editor"),
          says("subeditor|sub-editor|sub editor")]),

    # A neighbour's parrot, told in capitals; another user asks about parrots.
    case("cross_user_5219", "cross_user",
         [["HAHA my neighbour's African grey, Brigadier, has learned to do the microwave "
           "beep!!! He does it at 6am EVERY DAY and it drives me MAD!!!"],
          Session(["Does anyone else you talk to have a parrot? What's it called?",
                   "What do you know about me?"], user="b")],
         [remembers("brigadier", "neighbour|neighbor"),
          forgets("brigadier|parrot|african grey", unless="neighbour|neighbor",
                  name="parrot_stays_neighbours"),
          isolated("a", "b", "brigadier", "microwave")],
         seed={"b": [sem("Plays the kazoo in a jug band", "hobbies")]}),

    # "A week on Friday" and "the end of the month", said on a Tuesday, trailing off.
    case("time_bound_5220", "time_bound",
         [["Morning... the septic tank lorry is booked to come a week on Friday... and my "
           "fishing licence runs out at the end of the month so I mustn't forget to renew "
           "it..."],
          Session(["Right... what have I got coming up that I need to be ready for?"],
                  date="2024-03-19")],
         [dated("septic", first="2024-03-22"),
          dated("fishing|licence|license", first="2024-03-31"),
          says("septic"), says("fishing|licence|license")],
         date="2024-03-12"),

    # The user corrects the weekday the assistant said back; asked again the next session.
    case("time_bound_5221", "time_bound",
         [Session(["No, I said Tuesday, not Thursday. Tuesday the 19th, quarter past four."],
                  history=[("user", "Can you keep a note that my daughter Ffion's orthodontist "
                                    "appointment is on Tuesday at 4.15?"),
                           ("assistant", "Noted! Ffion's orthodontist appointment is on "
                                         "Thursday 21 March at 4.15pm.")]),
          Session(["When's Ffion's orthodontist appointment again?"], date="2024-03-18")],
         [dated("orthodont", first="2024-03-19"),
          forgets("orthodont", "thursday|21", unless=NOT, name="wrong_day_not_stored"),
          says("tuesday|19", s=0, name="reply_takes_tuesday"),
          says("tuesday|19", name="reply_recalls_tuesday"),
          avoids("thursday|21", s=-1, name="reply_not_thursday")]),

    # A pasted hospital letter with a date, and "in ten days" beside it.
    case("wording_5222", "wording",
         [["Can you keep track of this for me? Just came in the post:\n\n\"Dear Ms "
           "Thistlewood,\nWe are pleased to confirm your appointment at the Dermatology "
           "Outpatient Clinic, St Aldhelm's Wing, on Tuesday 9 April 2024 at 14:10 with Dr "
           "Okafor. Please arrive 15 minutes early and bring a list of your current "
           "medications.\"\n\nAlso, unrelated, my motorbike theory test is in ten days, wish "
           "me luck."]],
         [dated("dermatolog|skin", first="2024-04-09"), dated("theory", first="2024-03-25"),
          separate("dermatolog|skin", "theory"), third_person()]),

    # Malay typed as chat.
    case("non_english_5223", "non_english",
         [["Hai! Nama saya Nurul 😊 Saya tinggal kat Sibu, Sarawak. Saya jual kuih lapis kat "
           "pasar malam setiap Sabtu, dan kucing saya nama Tompok."],
          ["Awak ingat tak saya jual apa kat pasar malam? Kucing saya nama apa ya?"]],
         [remembers("sibu"), remembers("tompok"), remembers("kuih|cake"),
          says("kuih|kek"), says("tompok"), replies_in("ms", MALAY)]),

    # Icelandic with its own letters.
    case("non_english_5224", "non_english",
         [["Góðan daginn. Ég heiti Sigurlaug og bý á Seyðisfirði. Á sumrin vinn ég sem "
           "leiðsögumaður fyrir ferðamenn, og ég á hund sem heitir Kátur."],
          ["Manstu hvar ég bý og hvað hundurinn minn heitir?"]],
         [remembers("seyðisf|seydisf"), remembers("kát|katur"),
          remembers("leiðsögu|leidsogu|guide"),
          says("seyðisf|seydisf"), says("kát|katur"), replies_in("is", ICELANDIC)]),
])
