"""One reply, asked for as often as it must be: streamed through the copy guard, stopped at a loop,
asked again when it copied an earlier reply or looped from its first words.

The session (chatbot/session.py) owns the transcript and the turn; this module owns what happens
between the model and the screen while one reply is decoded:
- the stream of the reply's field goes through `CopyGuard` (agents/copies.py), which holds back
  the first words and stops a reply that opens with an earlier one (`RepeatedReply`);
- a run of repeated text (`streaming.loop_start`) stops decoding (`RunawayReply`), and the text
  before it is the reply; a reply that loops from its first word is asked for once more, told
  to answer in plain sentences (greedy decoding would loop the same way again);
- a retry samples (`sampled`): told what it had said, the small model greedily wrote the same
  name a third time.
`ask_without_copies` (agents/copies.py) decides what each retry is shown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from threading import Event
from typing import Any

import dspy

from chatbot.agents.as_user import (
    said_of_them,
    said_to_them,
    without_claimed_humanity,
    without_echoed_request,
    without_their_name,
    without_their_words,
    without_unasked_welcome,
)
from chatbot.agents.casual import with_apostrophes
from chatbot.agents.copies import (
    CopyGuard,
    RepeatedReply,
    is_copy,
    not_again,
    without_copied_sentences,
    without_echo,
    without_field_names,
    without_instructions,
    without_repeated_ending,
)
from chatbot.agents.limits import within_limits
from chatbot.agents.prompts import load_prompt
from chatbot.agents.refusals import Refused, instead
from chatbot.agents.reply_style import ReplyStyle, restyle
from chatbot.agents.response import PROMPT
from chatbot.agents.streaming import (
    FieldStream,
    RunawayReply,
    loop_start,
    without_repeated_sentences,
)
from chatbot.agents.untold import without_guesses
from chatbot.lm.streaming import Cancelled, find_cause, token_sink
from chatbot.transcripts import clean_text

# The notes a found memory is shown with ("(noted 2024-03-15)", "(from 2024-05-02 until
# 2024-05-22)", "(past: until ...)"), copied into a reply after the quote it begins with.
_MEMORY_NOTE = re.compile(r"\s*\([^()\d]{0,24}\d{4}-\d{2}-\d{2}[^()]*\)")  # "(noté ...)" too


def _without_notes(text: str) -> str:
    """The text without the notes found memories are shown with (and the full stop a quote
    ended with left once: '... Huaraz." (noted ...).' is '... Huaraz."')."""
    return re.sub(r"([.!?][\"\u201d\u00bb])\.", r"\1", _MEMORY_NOTE.sub("", text))

# Added to the question when the reply looped from its first words.
PLAIN_NOTE = "\n\n(Answer in plain sentences.)"
# A reply asked for again because it copied an earlier one is sampled, not decoded greedily. A
# fixed seed keeps runs repeatable.
RETRY_TEMPERATURE = 0.8
RETRY_SEED = 7


def sampled(lm: Any, retry: bool):
    """A context in which `lm` samples (RETRY_TEMPERATURE) when `retry`; else nothing."""
    if not retry or lm is None or not hasattr(lm, "copy"):
        return nullcontext()
    return dspy.context(lm=lm.copy(temperature=RETRY_TEMPERATURE, seed=RETRY_SEED))


class ReplyCall:
    """The attempts at one reply.

    call(question, turns): runs the response agent on that question text and those history
    turns and returns its prediction; context(): the DSPy context it runs in (the session's LM
    and usage callbacks; sampling for a retry and the token sink go inside it);
    shown(piece): the reply's text as it may be shown; asked: the message (redacted); field:
    the streamed field (None for a plain chat reply); on_runaway(): counts a reply stopped at
    a loop."""

    def __init__(self, call: Callable[[str, list[dict[str, str]]], Any], *, lm: Any,
                 shown: Callable[[str], None], asked: str, field: str | None,
                 context: Callable[[], Any] = nullcontext, cancel: Event | None = None,
                 on_runaway: Callable[[], None] = lambda: None,
                 reopen: Callable[[str], None] | None = None, reply_in: str | None = None):
        self._call, self._lm, self._shown, self._asked = call, lm, shown, asked
        self._field, self._context, self._cancel = field, context, cancel
        self._on_runaway = on_runaway
        # The first words a reply that opens with a refusal is asked for again with
        # (agents/refusals.py), and how the reply is begun with them; "" when a refusal stands.
        self._reopen = reopen
        self._instead = instead(asked, reply_in) if reopen is not None else ""
        self.guard = CopyGuard(shown, [], asked)
        self.stream = FieldStream(field, self.guard.feed)

    @property
    def text(self) -> str:
        """What the current attempt has decoded so far."""
        return self.stream.text

    def _sink(self, piece: str) -> None:
        if self._cancel is not None and self._cancel.is_set():
            raise Cancelled("the reply was cancelled")
        self.stream.feed(piece)
        if loop_start(self.stream.text) is not None:
            raise RunawayReply()  # stops decoding; the text before the loop is kept

    def ask(self, turns: list[dict[str, str]], watch: list[str], said: list[str],
            note: str = "", refusals: bool = True) -> Any:
        """One attempt, watching `watch` (earlier replies) for a copy and telling the model
        what it already said (`said`); raises RepeatedReply for a copy. A reply that opens
        with a refusal is asked for once more, begun with other words (agents/refusals.py)."""
        check = refusals and bool(self._instead)
        self.guard = CopyGuard(self._shown, watch, self._asked, refusals=check,
                               whole_echo=not said)  # once: told so, it may quote the message
        self.stream = FieldStream(self._field, self.guard.feed)  # a retry starts afresh
        try:
            with self._context(), sampled(self._lm, bool(said)), token_sink(self._sink):
                pred = self._call(not_again(self._asked, said) + note, turns)
                if check:
                    self.guard.close()  # a short reply's refusal is still held
        except Exception as exc:
            if check and self._reopen is not None and find_cause(exc, Refused) is not None:
                self._reopen(self._instead)
                try:
                    return self.ask(turns, watch, said, note, refusals=False)
                finally:
                    self._reopen("")
            if find_cause(exc, RunawayReply) is None:
                raise
            self._on_runaway()
            text = self.stream.text[:loop_start(self.stream.text)].rstrip(" \n-*#")
            if not text.strip() and not note:
                # It looped from its first words ("¡¡¡¡..."), so nothing was shown: asked
                # once more, told so.
                return self.ask(turns, watch, said, PLAIN_NOTE)
            pred = dspy.Prediction(response=text, save_memory=True)
        self.guard.close()
        copied = None if self.stream.started else is_copy(
            str(getattr(pred, "response", "") or ""), watch)
        if copied is not None:
            raise RepeatedReply(copied)
        return pred


def finished(response: Any, said: str, earlier: list[str], style: ReplyStyle,
             found: Sequence[str] = ()) -> str:
    """The reply as it is kept and shown last: without a sentence it says twice, without an
    opening that repeats the user's message (`said`, redacted), without a sentence that is the
    message's words in the first person ("... I'm a glassblower, keep two ferrets, ...": the
    user's facts said back as the assistant's own; English words only; one that says them in
    other words is said to the user, `as_user.said_to_them`; "you" for someone else the
    message told of is said of them, `as_user.said_of_them`), without a sentence that asks
    the user what they asked of it (`as_user.without_echoed_request`), without a greeting by
    the name of someone the message tells of (`as_user.without_their_name`), with no claim
    to be a person (`as_user.without_claimed_humanity`), without "You're
    welcome!" for thanks nobody gave, without a sentence that quotes the instructions
    (`copies.without_instructions`) or names an output field (`copies.without_field_names`),
    without a sentence (or list item) that offers what a
    found memory (`found`: their texts) or the message says must not be had
    (`limits.within_limits`), without a closing sentence an earlier reply of the session said
    already ("How can I assist you today?"), without a found memory's note copied after its
    text ("(noted 2024-03-15)"), without the guesses after "you haven't told me"
    (`untold.without_guesses`), and in the formats a standing preference asks for (bullet
    points, the clock, units, a sentence limit, no emoji; agents/reply_style.py): the terminal's
    streamed preview is replaced by this."""
    text = without_echo(without_repeated_sentences(
        _without_notes(clean_text(response or ""))).strip(), said)
    text = said_of_them(said_to_them(without_copied_sentences(text, said), said, found), said)
    text = without_their_words(text, said, found)  # another language's, said as its own
    text = without_echoed_request(text, said)  # "... please list them in a numbered list."
    text = without_their_name(text, said)  # "Hallo Hartmut!" to "Mein Nachbar Hartmut ..."
    text = without_claimed_humanity(text)  # "I'm a real person."
    text = without_unasked_welcome(text, said)
    text = without_field_names(without_instructions(text, load_prompt(PROMPT)))
    text = within_limits(text, [*found, with_apostrophes(said)])  # "cant eat avocado, ..."
    text = without_repeated_ending(text, earlier)
    return restyle(without_guesses(text), style)
