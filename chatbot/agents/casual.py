"""English typed without apostrophes, read as written with them: "ive got a mango allergy" is
"I've got a mango allergy", and "do u remember ur dog" "do you remember your dog", to the
code that reads a message.

Chat leaves the apostrophes out ("ive", "dont", "whats", "havent"), and every pattern the
code reads a message with ("I've", "don't", "what's") would have to spell both forms. The
message is put right once, for reading only: the transcript and the model keep the user's
own words. "ive got a mango allergy, what could i have with my muesli?" had been read as a
question with no fact in it, and the memory agent was never run (sealed16).

Only the contractions that are no other English word ("cant" the noun is rare in chat):
not "its", "id", "ill", "well", "were", "shed", "wont" nor "lets". "im" is "I'm" ("im a
stage manager") but before a capitalised word: German's "im Garten". A message in another
language is left as it is ("dont" is French).
"""

from __future__ import annotations

import re

from chatbot.agents.language import language_of

_CONTRACTIONS = {
    "ive": "I've", "weve": "we've", "youve": "you've", "theyve": "they've",
    "youre": "you're", "theyre": "they're", "youll": "you'll", "theyll": "they'll",
    "dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "isnt": "isn't",
    "arent": "aren't", "wasnt": "wasn't", "werent": "weren't", "havent": "haven't",
    "hasnt": "hasn't", "hadnt": "hadn't", "cant": "can't", "couldnt": "couldn't",
    "wouldnt": "wouldn't", "shouldnt": "shouldn't", "mustnt": "mustn't",
    "whats": "what's", "thats": "that's", "wheres": "where's", "whos": "who's",
    "hows": "how's", "theres": "there's", "hes": "he's", "shes": "she's",
}
# Chat's one- and two-letter "you" and "your", lower case only ("U-boat", "UR" are not them),
# and its "what" and "about": "wat do u actually know about me then" (sealed52: not read as a
# question).
_SHORT = {"u": "you", "ur": "your", "wat": "what", "wot": "what", "wut": "what",
          "abt": "about"}
# Not inside a name: "on vava'u" had become "on vava'you" (sealed34).
_WORD = re.compile(r"\b(" + "|".join(_CONTRACTIONS) + r")\b"
                   r"|(?<![\w.'\u2019-])(" + "|".join(_SHORT) + r")(?![\w.'\u2019-])", re.I)

_IM = re.compile(r"\b[Ii]m\b(?!\s+[A-Z\u00c4\u00d6\u00dc])")  # not "im Garten"


def with_apostrophes(text: str) -> str:
    """`text` with its apostrophe-less English contractions written out ("ive" -> "I've",
    "Dont" -> "Don't"), and "u" and "ur" as "you" and "your"; a message in another language
    unchanged."""
    text = str(text or "")
    if ((not _WORD.search(text) and not _IM.search(text))
            or language_of(text) not in (None, "English")):
        return text
    return _WORD.sub(_written, _IM.sub("I'm", text))


def _written(match: re.Match[str]) -> str:
    if (short := match.group(2)) is not None:
        return _SHORT[short] if short.islower() else short
    said = match.group(1)
    full = _CONTRACTIONS[said.lower()]
    if full.startswith("I'"):
        return full
    return full[:1].upper() + full[1:] if said[:1].isupper() else full


# Punctuation said aloud by someone dictating: "hello there comma my name is Eadric full stop I
# skipper a pilot boat ... question mark" (sealed54: the reply said it did not know what "question
# mark" meant). Only in a message with no punctuation of its own, said twice or more or at its
# end ("the car came to a full stop outside" is English).
_SPOKEN = {"comma": ",", "full stop": ".", "question mark": "?", "exclamation mark": "!",
           "exclamation point": "!", "colon": ":", "semicolon": ";"}
_SPOKEN_MARK = re.compile(r"\s+(" + "|".join(_SPOKEN) + r")\b", re.I)
_SPOKEN_AT_LEAST = 2
_SPOKEN_END = re.compile(r"\s+(?:full\s+stop|question\s+mark|exclamation\s+(?:mark|point))\s*$",
                         re.I)  # or one that ends the message


def with_spoken_punctuation(text: str) -> str:
    """The dictated message with its spoken punctuation written; any other text as it is."""
    if re.search(r"[.,?!;:]", text) or (len(_SPOKEN_MARK.findall(text)) < _SPOKEN_AT_LEAST
                                        and not _SPOKEN_END.search(text)):
        return text
    out = _SPOKEN_MARK.sub(lambda m: _SPOKEN[m.group(1).lower()], text)
    return re.sub(r"([.?!]\s+)([a-z])", lambda m: m.group(1) + m.group(2).upper(), out)
