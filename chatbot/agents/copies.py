"""A reply that copies the user's message or an earlier reply, caught in its first words.

Decoding greedily, the embedded model often opens its reply with the user's message itself
("One more idea? ..." for "One more idea?"), and sometimes writes an earlier reply again word
for word when a follow-up reads like the last message. Both show in the first words, so
`CopyGuard` sits between the model's stream and the screen. It holds back the opening of the
reply (HOLD_CHARS, or while it is still the user's message), drops an opening that repeats the
message (`without_echo`), and stops the call (`RepeatedReply`) when the opening holds a run of
COPY_CHARS characters out of an earlier reply, before the user has seen any of it. The caller
then asks once more without the copied turns in the history (`without_copied`), and once more
with no history if that copies too.

The small model also closes most replies with the same sentence ("How can I assist you today?",
"Is there anything else I can help you with?"): a closing sentence one of the session's earlier
replies said already is dropped (`without_repeated_ending`), so a user telling three facts in a
row does not read the same question three times. And it writes the user's facts back as its
own ("I'm a glassblower, keep two ferrets, ..."), anywhere in the reply: a sentence that is
the message's words in the first person goes too (`without_copied_sentences`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from difflib import SequenceMatcher
from functools import cache
from typing import Any

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.guards import FIRST_PERSON_SINGULAR
from chatbot.agents.refusals import Refused, refuses
from chatbot.agents.reply_style import sentences
from chatbot.lm.streaming import find_cause

# Characters of the reply held back before anything is shown: enough to see a copy that
# starts a few words in ("I suggest" + the last reply). About 20 tokens, ~1 s here.
HOLD_CHARS = 80
# A run this long out of an earlier reply makes the reply a copy: long enough that a shared
# opening ("Sure! Here are some ideas for") is not one.
COPY_CHARS = 45
# A short reply this long that an earlier one says whole is a copy too.
SHORT_COPY_CHARS = 25
# A closing sentence ("Is there anything else I can help you with?") is at most this long.
CLOSING_CHARS = 80
# A whole reply this close to an earlier one (difflib ratio) is a copy too: what an engine
# that does not stream hands back at once is checked with this.
NEAR_COPY = 0.9
# An opening repeats the message when it says this much of it, in order, starting within
# ECHO_LEAD words of the start of both ("Correction: ...", "Hallo! ...").
ECHO_SHARE = 0.8
ECHO_LEAD = 2
# A sentence anywhere in the reply copies the message when all its words are the message's,
# in order, and it has at least this many ("Yes, please." is not a copy). All, not most: "Your
# car is a Honda Civic, not a Toyota." confirms "My car is a Honda Civic, not a Toyota.".
ECHO_MIN_WORDS = 5

_QUOTED = re.compile(r'"[^"]{3,}"|\u201c[^\u201d]{3,}\u201d|\u00ab[^\u00bb]{3,}\u00bb')
_SPACE = re.compile(r"\s+")
_WORDS = re.compile(r"[^\W_]+")


class RepeatedReply(Exception):  # noqa: N818 - it is what happened, not the caller's error
    """The reply being generated copies an earlier reply."""

    def __init__(self, earlier: str, echo: bool = False):
        super().__init__("the reply copied an earlier reply")
        self.earlier = earlier
        self.echo = echo  # it copied the user's message, whole


def _norm(text: str) -> str:
    return _SPACE.sub(" ", text.lower()).strip()


def _words(text: str) -> list[str]:
    return _WORDS.findall(text.lower())


def without_echo(reply: str, message: str) -> str:
    """The reply without an opening that repeats the user's message word for word (most of
    it: ECHO_SHARE of its words, in order, starting within the reply's first words, so a
    lead-in on either side does not hide it: "Correction: I moved to Porto." answered "I moved
    to Porto. ..."); the reply unchanged when it does not open that way or is nothing else."""
    said = _words(message)
    if not said:
        return reply
    matches = list(_WORDS.finditer(reply))
    blocks = _echo_blocks([m.group(0).lower() for m in matches[:len(said) + ECHO_LEAD]], said)
    if not blocks:
        return reply
    n = blocks[-1].a + blocks[-1].size  # reply words up to the end of the echo
    if sum(b.size for b in blocks) < ECHO_SHARE * len(said) or n == len(matches):
        return reply
    # Words of the reply's own inside it make it a restatement, not an echo: "I'm glad you're
    # renting a studio in Porto until the end of June." was cut to "June. Is there ...".
    if n - blocks[0].a - sum(b.size for b in blocks) > ECHO_LEAD:
        return reply
    rest = reply[matches[n - 1].end():].lstrip(" \t.,:;!?-–—")
    return rest[:1].upper() + rest[1:] if rest.strip() else reply


def without_copied_sentences(reply: str, message: str) -> str:
    """The reply without its sentences that say the user's message as the assistant's own:
    every word of the sentence (ECHO_MIN_WORDS or more) is the message's, in order, and it
    speaks in the first person singular (the user's "I", "my"). The small model writes the
    user's facts back as its own, anywhere in the reply ("I'm glad to know about your
    hobbies! I'm a glassblower, keep two ferrets, and I've started learning Welsh."); a reply
    that is nothing else, or holds a list or code, is left as it is."""
    said = _words(with_apostrophes(message))  # "im a stage manager" is "I'm a stage ..."
    if len(said) < ECHO_MIN_WORDS or "\n" in reply.strip():
        return reply
    # In the first person only: said in the third person ("Thabo moved in last week, and
    # Rosalind is staying with us") it is a restatement, and the next turn's "she" may need it.
    kept = [s for s in sentences(reply)
            if not (FIRST_PERSON_SINGULAR.search(s) and _copies_message(_words(s), said))
            and not _asks_back(s, said)]
    return " ".join(kept) if kept else reply


# A question of the reply this long, all the message's words in order but at most one, is the
# user's question sent back: "How's your day going? Do you actually remember stuff between
# chats or is that just marketing lol?" closed a reply that had answered it (sealed49).
ASKED_BACK_WORDS = 3
ASKED_BACK_LOOSE = 6  # from this length one word may differ ("he" for "my coworker")


def _asks_back(sentence: str, said: list[str]) -> bool:
    if not sentence.rstrip().endswith("?"):
        return False
    words = _words(with_apostrophes(sentence))
    if len(words) < ASKED_BACK_WORDS:
        return False
    matched = sum(b.size for b in SequenceMatcher(None, words, said,
                                                  autojunk=False).get_matching_blocks())
    return matched >= len(words) - (len(words) >= ASKED_BACK_LOOSE)


# A run of this many words out of the agent's instructions is the prompt said back, not
# chat: "I remember that you are a friendly, concise assistant who remembers the user across
# conversations." (sealed20, in a reply about the user's safe).
INSTRUCTION_RUN = 6


def without_instructions(reply: str, instructions: str) -> str:
    """The reply without its sentences that quote the instructions (`INSTRUCTION_RUN` words
    in a row), unless nothing else would be left."""
    said = sentences(reply)
    kept = [s for s in said if not _quotes(s, instructions)]
    return " ".join(kept) if kept and len(kept) < len(said) else reply


# A promise of the assistant's ("I will ...") quotes the instructions in fewer words: "I will
# not repeat or guess a secret." and "I will be concise and helpful." (sealed35).
PROMISE_RUN = 4
_PROMISE = re.compile(r"^\W*I(?:['\u2019]ll|\s+will|\s+won['\u2019]?t|\s+shall)\b", re.I)


def _quotes(sentence: str, instructions: str) -> bool:
    run = PROMISE_RUN if _PROMISE.match(sentence) else INSTRUCTION_RUN
    words = _words(sentence)
    said = _runs(instructions, run)
    return any(tuple(words[i:i + run]) in said for i in range(len(words) - run + 1))


@cache
def _runs(instructions: str, run: int = INSTRUCTION_RUN) -> frozenset[tuple[str, ...]]:
    """Every `run` words in a row of the instructions: read once a process (the prompt is
    loaded once), not on every reply."""
    said = _words(instructions)
    return frozenset(tuple(said[i:i + run]) for i in range(len(said) - run + 1))


# Or most of it, with a long run of the message's words: "I'm glad we fell out badly and I'd
# rather he wasn't in your memory at all." (sealed28: only "I'm glad" was the reply's own).
ECHO_RUN = 8
ECHO_SHARE_OF_SENTENCE = 0.7


def _copies_message(words: list[str], said: list[str]) -> bool:
    if len(words) < ECHO_MIN_WORDS:
        return False
    blocks = SequenceMatcher(None, words, said, autojunk=False).get_matching_blocks()
    matched = sum(b.size for b in blocks)
    return matched == len(words) or (max(b.size for b in blocks) >= ECHO_RUN
                                     and matched >= ECHO_SHARE_OF_SENTENCE * len(words))


def _echo_blocks(words: list[str], said: list[str]) -> list[Any]:
    """The runs of `words` that are the message's words `said`, in order, if the first
    starts within ECHO_LEAD words of both starts; else []."""
    blocks = [b for b in SequenceMatcher(None, words, said, autojunk=False)
              .get_matching_blocks() if b.size]
    return blocks if blocks and max(blocks[0].a, blocks[0].b) <= ECHO_LEAD else []


def _echoing(text: str, message: str) -> bool:
    """The text so far is still saying the message (its words but the last, which may be cut,
    all in the message in order, after at most ECHO_LEAD words of lead-in)."""
    words = _words(text)[:-1]
    if not words:
        return True
    blocks = _echo_blocks(words, _words(message))
    return bool(blocks) and sum(b.size for b in blocks) >= len(words) - ECHO_LEAD


def _without_closing(text: str) -> str:
    """The text without its last sentence if that is a short one (CLOSING_CHARS) after
    others on one line: a closing formula, not what the reply said."""
    said = sentences(text)
    if len(said) > 1 and len(said[-1]) <= CLOSING_CHARS and "\n" not in text.strip():
        return " ".join(said[:-1])
    return text


def without_repeated_ending(reply: str, earlier: list[str]) -> str:
    """The reply without the closing sentences that an earlier reply said word for word; the
    first sentence always stays, and a reply with a list or code (more than one line) is left
    as it is (its last line is an item, not a closing)."""
    if "\n" in reply.strip():
        return reply
    said = {_norm(x) for text in earlier for x in sentences(text)}
    kept = sentences(reply)
    if len(kept) < 2 or _norm(kept[-1]) not in said:
        return reply
    while len(kept) > 1 and _norm(kept[-1]) in said:
        kept.pop()
    return " ".join(kept)


def is_copy(reply: str, earlier: list[str]) -> str | None:
    """The earlier reply that `reply` (nearly) copies, or None."""
    mine = _norm(reply)
    for text in earlier:
        theirs = _norm(text)
        if mine and theirs and (mine == theirs
                                or SequenceMatcher(None, mine, theirs).ratio() >= NEAR_COPY):
            return text
    return None


def quoted(text: str, as_written: bool = False) -> set[str]:
    """What a text puts in quotation marks (lower case unless `as_written`): the names it
    suggests."""
    found = {q.strip('"\u201c\u201d\u00ab\u00bb').strip() for q in _QUOTED.findall(text)}
    return found if as_written else {_norm(q) for q in found}


def copied_opening(reply: str, earlier: list[str], message: str = "") -> str | None:
    """The earlier reply that the reply's opening (HOLD_CHARS) copies a run of COPY_CHARS
    characters out of, or a suggestion in quotes of (one the user's `message` does not name),
    or None; a short reply is a copy only when it is a whole earlier one."""
    again = {q for q in quoted(reply[:2 * HOLD_CHARS]) if q not in _norm(message)}
    if again and (text := next((t for t in earlier if again & quoted(t)), None)):
        return text  # "Sure, how about "Dumpling Delight"?" asked for a different name
    opening = _norm(reply)[:HOLD_CHARS]
    if len(opening) < COPY_CHARS:
        # (or all of it said in one: "I don't know anything about Soraya." after "Sure! I
        # don't know anything about Soraya.", sealed49)
        return next((text for text in earlier if _norm(text) == opening or (
            len(opening) >= SHORT_COPY_CHARS and opening in _norm(text))), None)
    for text in earlier:
        # Not its closing sentence: a short reply that ends the way an earlier one did ("...
        # Is there anything else I can help you with?") is not a copy, and asked again
        # without history the model lost the thread; the closing is dropped instead
        # (`without_repeated_ending`).
        theirs = _norm(_without_closing(text))
        run = SequenceMatcher(None, opening, theirs, autojunk=False).find_longest_match(
            0, len(opening), 0, len(theirs))
        if run.size >= COPY_CHARS:
            return text
    return None


class CopyGuard:
    """Passes a streamed reply on to `emit` once its opening repeats neither the user's
    `message` nor one of the `earlier` replies (nor, with `refusals`, refuses)."""

    def __init__(self, emit: Callable[[str], None], earlier: list[str], message: str = "",
                 refusals: bool = False, whole_echo: bool = False):
        self._emit = emit
        self._refusals = refusals  # an opening refusal raises Refused (agents/refusals.py)
        self._whole_echo = whole_echo  # a reply that is the message, whole, raises RepeatedReply
        self._earlier = [text for text in earlier if _norm(text)]
        self._message = message
        self._held = ""
        self._deciding = True

    def feed(self, piece: str) -> None:
        if not self._deciding:
            self._emit(piece)
            return
        self._held += piece
        said = _norm(self._held)
        if len(said) < HOLD_CHARS or _echoing(self._held, self._message):
            return
        opening = without_echo(self._held, self._message)
        if len(_norm(opening)) < HOLD_CHARS and opening != self._held:
            return  # the echo is cut; wait for enough of what follows it
        self._release(opening)

    def close(self) -> None:
        """The reply is complete: whatever is still held goes out, unless it is a copy (of an
        earlier reply, or with `whole_echo` of the message itself: "Hi! Setting this up for the
        first time. Easiest if I just paste my signature: ..." was the whole reply to that
        message, sealed50)."""
        if self._deciding:
            said = _words(self._held)
            if (self._whole_echo and len(said) >= ECHO_MIN_WORDS
                    and _copies_message(said, _words(self._message))):
                raise RepeatedReply(self._message, echo=True)
            self._release(without_echo(self._held, self._message))

    def _release(self, opening: str) -> None:
        copied = copied_opening(opening, self._earlier, self._message)
        if copied is not None:
            raise RepeatedReply(copied)
        if self._refusals and refuses(opening, self._message):
            raise Refused()
        self._deciding = False
        if opening:
            self._emit(opening)


def without_copied(turns: list[dict[str, str]], copied: str) -> list[dict[str, str]]:
    """The history without the turns whose reply is like `copied`. (Cut short instead, the
    copied reply was copied again, cut short, "…" and all.)"""
    return [t for t in turns if not is_copy(t.get("response", ""), [copied])]


def ask_without_copies(ask: Callable[[list[dict[str, str]], list[str], list[str]], Any],
                       turns: list[dict[str, str]], earlier: list[str],
                       on_copy: Callable[[], None]) -> Any:
    """`ask(turns, watch, said)` as asked; if its reply copies one of `watch` (it raises
    RepeatedReply, maybe wrapped by the adapter), once more told what was copied (`said`, see
    `not_again`; the caller samples instead of decoding greedily), then once more without the
    copied turns and without watching: the last attempt's reply stands. Without being told,
    greedy decoding wrote the same suggestion the user had asked to be replaced; without the
    copied turn on the first retry, it lost what the suggestions were for."""
    watch, said = earlier, []
    for attempt in range(3):
        try:
            return ask(turns, watch, said)
        except Exception as exc:
            repeat = find_cause(exc, RepeatedReply)
            if repeat is None or not (watch or repeat.echo):
                raise
            on_copy()
            said = [*said, repeat.earlier]
            if attempt == 1:
                turns, watch = without_copied(turns, repeat.earlier), []
    raise AssertionError("unreachable: the last attempt watches for no copy")


# The first sentence of a copied reply told to the model again is at most this long.
SAID_CHARS = 160


def not_again(question: str, said: list[str]) -> str:
    """The question with what the copied replies suggested (their quoted names) or else
    began with, to say something else: the retries are told what the user asked to have
    replaced, and the last one, which drops the copied turns, still sees it."""
    if not said:
        return question
    names = sorted(set().union(*(quoted(s, as_written=True) for s in said)))
    if names:
        told = ", ".join(f'"{n}"' for n in names)
        return f"{question}\n\n(You already suggested {told}. Suggest something else.)"
    firsts = "; ".join(f'"{(sentences(s) or [s])[0][:SAID_CHARS]}"' for s in said)
    return f"{question}\n\n(You already replied {firsts}. Say something new.)"


# The reply's own output fields, named in it: "Dann setze `save_memory`: True." ended two German
# replies (sealed36); no reply has a reason to name them.
_FIELD = re.compile(r"\bsave_memory\b|\[\[\s*##")
_IN_LINE = re.compile(r"[^.!?\n]*(?:\bsave_memory\b|\[\[\s*##)[^.!?\n]*[.!?]*\s*")


def without_field_names(reply: str) -> str:
    """The reply without the sentences that name its output fields (`save_memory`), and
    without a line left empty by that; a reply that is nothing else is left as it is."""
    if not _FIELD.search(reply):
        return reply
    lines = [_IN_LINE.sub("", line) if _FIELD.search(line) else line
             for line in reply.split("\n")]
    kept = "\n".join(line for line, was in zip(lines, reply.split("\n"), strict=True)
                     if line.strip() or not was.strip()).strip()
    return kept or reply
