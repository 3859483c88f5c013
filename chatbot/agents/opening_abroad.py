"""The opening of a reply to a question in another language (chatbot.agents.opening): the
found facts the user told in their own words, quoted after "you told me" in the question's
language. The model's own "you" in that language was tried and measured no gain
(docs/agents.md, session 23).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from chatbot.agents.language import language_of

# "You told me:" in the languages agents/language.py tells apart, for a question in one of them
# beside a fact kept in the user's own words (agents/own_words.in_their_words): the reply
# begins with what they said, quoted as they said it. Where "you told me" takes the speaker's
# gender (Polish, Czech, Russian, Ukrainian), "your words:".
TOLD_ABROAD = {
    "German": "Du hast mir gesagt:", "French": "Tu m'as dit :", "Spanish": "Me dijiste:",
    "Italian": "Mi hai detto:", "Portuguese": "Você me disse:", "Dutch": "Je hebt me verteld:",
    "Swedish": "Du berättade för mig:", "Danish": "Du fortalte mig:",
    "Norwegian": "Du fortalte meg:", "Finnish": "Kerroit minulle:", "Polish": "Twoje słowa:",
    "Czech": "Tvoje slova:", "Romanian": "Mi-ai spus:", "Hungarian": "Azt mondtad:",
    "Turkish": "Bana şunu söyledin:", "Greek": "Μου είπες:", "Russian": "Твои слова:",
    "Ukrainian": "Твої слова:", "Indonesian": "Kamu bilang:", "Vietnamese": "Bạn đã nói:",
    "Arabic": "قلت لي:", "Hindi": "आपने मुझसे कहा:", "Chinese": "你告诉过我：",
    "Japanese": "あなたはこう言いました：", "Korean": "이렇게 말씀하셨어요:",
}
_SAID_TO_YOU = 'You said: "'
# "Sure!" in those languages: the start of a reply to a question in English from a user who
# asked for replies in one of them. Told "Reply in German only" in its preferences, the 1.5B
# model answered in English all the same ("How do I stop my glasses from misting up?",
# sealed17 and the fresh split); begun in the language, it goes on in it.
SURE_ABROAD = {
    "German": "Gerne!", "French": "Bien sûr !", "Spanish": "¡Claro!", "Italian": "Certo!",
    "Portuguese": "Claro!", "Dutch": "Natuurlijk!", "Swedish": "Absolut!",
    "Danish": "Selvfølgelig!", "Norwegian": "Selvfølgelig!", "Finnish": "Toki!",
    "Polish": "Jasne!", "Czech": "Jasně!", "Romanian": "Sigur!", "Hungarian": "Persze!",
    "Turkish": "Tabii!", "Greek": "Βεβαίως!", "Russian": "Конечно!", "Ukrainian": "Звичайно!",
    "Indonesian": "Tentu!", "Vietnamese": "Chắc chắn rồi!", "Arabic": "بالتأكيد!",
    "Hindi": "ज़रूर!", "Chinese": "好的！", "Japanese": "もちろんです！", "Korean": "물론이죠!",
}


def told_abroad(message: str, language: str | None, current: Sequence[str]) -> str:
    """The found facts kept in the user's words, quoted after "you told me" in the question's
    language: 'Tu m'as dit : "Je suis plombier à Marseille."'. Not one said in a language
    other than the question's (a quote too short to tell counts). Else ""."""
    lead = TOLD_ABROAD.get(language or "")
    quotes = [text.removeprefix("You said: ") for text in current if lead
              and text.startswith(_SAID_TO_YOU)  # not one told in another language
              and language_of(text[len(_SAID_TO_YOU):]) in (None, language)]
    # The quote that shares a word with the question, else the first two found: "womit
    # verdiene ich mein Geld?" shares none with the job, and the hobby was found first.
    asked = _long_words(message)
    shared = [q for q in quotes if _long_words(q) & asked]
    quotes = shared[:1] or quotes[:2]
    return f"{lead} {' '.join(quotes)}" if quotes else ""


def _long_words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]{4,}", text.lower()))
