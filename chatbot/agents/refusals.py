"""A reply that refuses what any assistant would do, asked for once more begun by code.

The bundled 1.5B model opens a reply with a refusal for plain requests and news: "I'm sorry,
but I don't have enough information to suggest a quick lunch" (asked for one), "I'm sorry,
but I can't assist with that." (tips for jet lag), "I'm sorry, but I don't have enough
information to assist you with that." (told the user is minding a friend's dog). Seven of
sealed22's 24 cases had one (docs/agents.md, session 38); the instructions already say to
help, and told more, the model did not change. A refusal's first words are a closed class of
English, and the copy guard holds a reply's first words back before any is shown
(agents/copies.py), so code sees it before the user does and asks once more, the reply begun
with words that go on with help: "Sure! " for a question or a request ("Tell me ...", "give
me ..."), "Thanks for telling me! " for news.

Not for a question about the user themselves ("what's my dog called again?", "do I have any
allergies?"), where "I don't know that" is the right answer (agents/opening.py begins those),
nor for a message holding a secret (the reply must not repeat it), nor for a refusal that
gives the privacy of others as its reason. In French, Spanish, German, Italian and Portuguese
a refusal of news is asked for again begun with thanks in that language (`THANKS_ABROAD`), and
of a question that says nothing of the user's own person ("des idées de cadeau ?") with "Sure!
Here is my answer:" in it (`ANSWER_ABROAD`); a question with "mon", "mi", "ich" ... is left to
the model (one about the user's own life is not read there).
"""

from __future__ import annotations

import re

from chatbot.agents.asking import asked_mine, asked_someone, asks, written_in
from chatbot.agents.guards import stems
from chatbot.agents.opening import about_the_user
from chatbot.agents.told import _MINE, RECALL

# "I'm sorry, but I can't ...", "I apologize, but I don't have enough information ...",
# "Sorry, I cannot help with that", "I can't assist with that", "I'm unable to ...".
_CANNOT = (r"(?:can(?:no|['\u2019])t|could\s+not|couldn['\u2019]t|am\s+(?:not\s+able|unable)|"
           r"['\u2019]m\s+(?:not\s+able|unable)"
           r"|(?:don['\u2019]?t|do\s+not)\s+have\s+(?:enough|any|the)\s+(?:information|details|context)"
           r"|(?:don['\u2019]?t|do\s+not)\s+have\s+(?:enough|access)"
           r"|(?:don['\u2019]?t|do\s+not)\s+(?:understand|know\s+what\s+you\s+mean)"
           # "I'm sorry, but I don't know who Wilhelmus is." to an introduction (sealed29)
           r"|(?:don['\u2019]?t|do\s+not)\s+know\s+who\b)")
_REFUSAL = re.compile(
    rf"^\W*(?:(?:I['\u2019]?m\s+sorry|I\s+am\s+sorry|sorry|I\s+apologi[sz]e|unfortunately)"
    rf"\b[^.!?]{{0,12}}?\bI\s+{_CANNOT}|I\s+{_CANNOT})", re.I)
# A question about the user's own life: "do I have any allergies?", "where does my sister
# live?" ("I don't have any information about your allergies" is right when none is known).
# Not a how-to question: "how do i get tree sap off my car" was left refused (sealed31).
_ABOUT_THEM = re.compile(r"^\W*(?:(?:what|where|when|who|which|why|how\s+(?:old|many|much|long|"
                         r"tall))\s+(?:\w+\s+)?)?(?:do|did|am|was|were|have|had)\s+i\b"
                         r"|\b(?:who|what|whats|where|when|which|how(?!\s+(?:do|can|could|should|"
                         r"would|to)\s))\b[^.!?]*\bmy\b[^.!?]*\?",
                         re.I)
# A request put as an imperative, with no question mark: "Tell me what ...", "give me a few
# ideas for ...".
_REQUEST = re.compile(r"^\W*(?:(?:please|pls|ok|so|now)\W+)?(?:tell|give|suggest|recommend|list|"
                      r"show|explain|help|make|write|describe|share|find|plan)\b"
                      # or asked of the assistant, whatever ends it: "can u stop writing essays
                      # at me lol." (sealed28 was begun "Thanks for telling me!")
                      r"|^\W*(?:(?:please|pls|ok|so|hey)\W+)?(?:can|could|would|will)\s+(?:you|u)\b",
                      re.I)
SURE = "Sure! "
THANKS = "Thanks for telling me! "
SECRET_MARK = "[redacted"


class Refused(Exception):  # noqa: N818 - it is what happened, not the caller's error
    """The reply being generated opens with a refusal."""


# A refusal that gives this reason is right and stands: "I'm sorry, but I can't share
# information about other users." to "has anyone else been chatting to you?" (sealed24; asked
# again begun "Sure!", it went on "You haven't been chatting to anyone else yet").
_OTHERS = re.compile(r"\b(?:other\s+(?:users?|people|persons?|customers)|(?:anyone|who|someone)"
                     r"\s+else|privacy|private|personal\s+(?:information|data|details)|"
                     r"confidential)\b", re.I)


# The same in the languages most chat here comes in besides English, after a greeting: "Bonjour
# ! Je suis désolé, mais je ne peux pas vous aider avec ça." to "mon frère Bastien vit en
# Provence avec sa femme Apolline" (sealed26).
_GREETING = (r"(?:(?:bonjour|bonsoir|salut|coucou|hola|buenas|hallo|guten\s+tag|ciao|salve|"
             r"ol[aá]|oi)\W+)?")
_SORRY_ABROAD = (r"(?:je\s+suis\s+d[ée]sol[ée]e?|d[ée]sol[ée]e?|lo\s+siento|disculpa|"
                 r"es\s+tut\s+mir\s+leid|entschuldigung|mi\s+dispiace|scusa|desculp[ae]|"
                 r"sinto\s+muito)")
_CANNOT_ABROAD = (r"(?:je\s+ne\s+(?:peux|suis\s+pas\s+en\s+mesure)|no\s+puedo|ich\s+kann\s+"
                  r"(?:(?:dir|ihnen|dabei)\s+)*(?:nicht|keine)|non\s+posso|n[ãa]o\s+posso)")
_REFUSAL_ABROAD = re.compile(rf"^\W*{_GREETING}(?:{_SORRY_ABROAD}\b[^.!?]{{0,12}}?\b)?"
                             rf"{_CANNOT_ABROAD}\b", re.I)
THANKS_ABROAD = {"French": "Merci de me l'avoir dit ! ", "Spanish": "¡Gracias por contármelo! ",
                 "German": "Danke, dass du mir das erzählst! ",
                 "Italian": "Grazie per avermelo detto! ", "Portuguese": "Obrigado por me contar! "}


# A reply that offers help instead of giving it, to a message that asked for something:
# "Hi there! How can I help you get started with icebreaker games for a team meeting?" to
# "what are some good icebreaker games for a team meeting" (sealed27: no game was named).
_NON_ANSWER = re.compile(r"^\W*(?:(?:hi|hello|hey)(?:\s+there)?\W+)?(?:how\s+(?:can|may|could)\s+"
                         r"i\s+(?:help|assist)\s+you|what\s+would\s+you\s+like\s+to\s+know)\b",
                         re.I)
MIN_ASKED = 3  # content words a message asks with: "whats up" asks for nothing to give
# The same in the languages a standing preference may ask replies in: "Gerne! Wie kann ich
# Ihnen helfen?" to "what is good to pack for two days in the mountains?" from a user who asked
# for replies in German (sealed28; code had begun it "Gerne!"). Asked for again begun with
# "Sure! Here is my answer:" in that language.
_NON_ANSWER_ABROAD = re.compile(
    r"^\W*(?:(?:gerne|bien\s+s[uû]r|claro|certo|hallo|bonjour|hola|ciao|ol[aá])\W+)*"
    r"(?:wie\s+kann\s+ich\s+(?:dir|ihnen|euch)|comment\s+(?:puis-je|je\s+peux)\s+(?:vous|t['\u2019])"
    r"|(?:en\s+)?qu[ée]\s+puedo\s+ayudar|come\s+posso\s+aiutar|como\s+(?:posso|eu\s+posso)\s+"
    r"(?:te\s+)?ajudar)", re.I)
ANSWER_ABROAD = {"German": "Gerne! Hier ist meine Antwort: ",
                 "French": "Bien sûr ! Voici ma réponse : ",
                 "Spanish": "¡Claro! Aquí tienes mi respuesta: ",
                 "Italian": "Certo! Ecco la mia risposta: ",
                 "Portuguese": "Claro! Aqui está a minha resposta: "}


# The user's own person in the languages of `THANKS_ABROAD`: a question with one may ask about
# the user's life ("c'est quoi le nom de mon chien ?"), where a refusal may be right; "des
# idées de cadeau ?" after news of the user's father has none (sealed39 stood refused).
_MINE_ABROAD = re.compile(r"\b(?:mon|ma|mes|je|j['\u2019]|moi|me|mi|mis|yo|mío|mía|mein|meine|"
                          r"meinem|meinen|meiner|ich|mir|mich|io|mio|mia|miei|mie|eu|meu|minha|"
                          r"meus|minhas)\b", re.I)


def _last_sentence(message: str) -> str:
    """The message's last sentence (the question a reply answers)."""
    sentences = [s for s in re.split(r"(?<=[.!?])\s+|\s+(?=[\U0001f000-\U0001faff])",
                                     message.strip()) if s.strip()]
    return sentences[-1] if sentences else message


def refuses(text: str, message: str = "") -> bool:
    """The reply opens with a refusal (English, or one of `THANKS_ABROAD`'s languages) of
    what any assistant would do, not one for the privacy of others; or, to an English
    `message` that asks for something, with an offer of help instead of it."""
    if (_NON_ANSWER.match(text) or _NON_ANSWER_ABROAD.match(text)) and written_in(
            message) == "English" and (
            asks(message) or _REQUEST.match(message)) and len(stems(message)) >= MIN_ASKED:
        return True
    return (bool(_REFUSAL.match(text) or _REFUSAL_ABROAD.match(text))
            and not _OTHERS.search(text))


def instead(message: str, reply_in: str | None = None) -> str:
    """The first words a refused reply to `message` (as redacted) is asked for again with,
    or "" when a refusal may stand. `reply_in`: the language a standing preference asks
    replies in (an English question is then asked for again begun `ANSWER_ABROAD`)."""
    language = written_in(message)
    if reply_in == "English" and language != "English":  # asked for English replies
        return "" if SECRET_MARK in message else SURE if asks(message) else THANKS
    if language != "English":  # news; a question only when it is not about the user's life
        # (`reply_in` is the message's own language: the session asks replies in it)
        if SECRET_MARK in message or (reply_in and reply_in != language):
            return ""
        if asks(message):
            return ANSWER_ABROAD.get(language or "", "") if not _MINE_ABROAD.search(
                _last_sentence(message)) else ""
        return THANKS_ABROAD.get(language or "", "")
    # (a recall question of the user's own: not "its snowing in march again ❄️ can u believe
    # it", sealed41's small talk refused)
    if (SECRET_MARK in message or (RECALL.search(message) and _MINE.search(message))
            or about_the_user(message) or asked_mine(message) or asked_someone(message)
            or _ABOUT_THEM.search(message) or _OTHERS.search(message)):
        return ""  # nor a question about other people who chat here: "who else ...?"
    asked = asks(message) or _REQUEST.match(message)
    if reply_in is not None:
        return ANSWER_ABROAD.get(reply_in, "") if asked else ""
    return SURE if asked else THANKS
