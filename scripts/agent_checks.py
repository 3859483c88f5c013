"""Checks of the behaviour benchmark (scripts/eval_agents.py), and what they read.

A check has a name and a test over a `CaseRun`: every turn's reply and timings, and every
user's memories at the end of each session. Cases (scripts/agent_cases.py) build their checks
from the constructors below; `auto_checks` adds the ones every case gets. Word arguments are
regular expressions matched at a word start, case-insensitively: "cat" also matches "cats",
"celiac|coeliac" matches either.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "prompts" / "examples"

MEAT = (r"chicken|beef|pork|bacon|ham\b|fish|salmon|tuna|shrimp|prawn|lamb|steak|meat|"
        r"sausage|turkey|anchov|cod\b|pollo|carne|cerdo|jam[oó]n|pescado|at[uú]n|chorizo|"
        r"gambas|ternera|poulet|boeuf|bœuf|porc|jambon|poisson|viande")
FIRST_PERSON = re.compile(r"\b(i|i'm|i've|i'd|my|me|mine|myself)\b", re.I)
SECRET_DIGITS = re.compile(r"\D")

# Function words, and the verbs and nouns any memory is phrased with ("Lives in ...",
# "Works as ..."): they carry no fact, so they never count as copied from an example.
STOPWORDS = set("""
a an and are as at be been but by can could did do does for from had has have he her his how
i if in into is it its just me my no not now of on or our she so than that the their them then
there they this to too up was we were what when where which who will with would you your yours
about after also any been before being both each few more most other over same some such very
one two three all am here let like got get gets getting go going yes ok okay please thanks
thank hello hi hey not any many much noted should since while who whose whom why again
only own off out down ever
lives live living lived works work working worked has have had having called named name
user users assistant memory memories likes liked prefers preferred moved move moving is was
loves loved wants wanted enjoys owns own currently said says tell told know known new next
last week month year day today tomorrow yesterday time times
""".split())
MONTHS = ("january february march april may june july august september october november "
          "december").split()
DATE_WORDS = set(MONTHS) | set("monday tuesday wednesday thursday friday saturday sunday".split())
LANGUAGE_WORDS = {
    "en": set("the and is are you your to of in it that for with on this be can".split()),
    "es": set("el la los las de que y en un una es por para con no se su lo al del como más "
              "pero sus le ya o este esta son muy también te tu".split()),
    "fr": set("le la les de des du et en un une est pour avec que qui ne pas vous votre au aux à "
              "ce cette sont dans sur plus il elle tu ton ta".split()),
    "de": set("der die das und ist nicht ein eine einen zu mit auf für von den dem des sich "
              "ich sie du wir ihr sind im am auch oder aber wie bei nach wenn kann man noch "
              "dein deine ihre ihr mehr sehr".split()),
}
IMPERIAL = re.compile(r"\b(miles?|mph|pounds?|lbs?|ounces?|oz|fahrenheit|feet|foot|inch(es)?|"
                      r"yards?|gallons?)\b|°\s*f\b", re.I)
METRIC = re.compile(r"\b(km|kilomet\w*|kg|kilo\w*|grams?|g|celsius|met(er|re)s?|cm|"
                    r"lit(er|re)s?|ml)\b|°\s*c\b|\d\s*°", re.I)
BULLET = re.compile(r"^\s*([-*•]|\d+[.)])\s+\S")


# ------------------------------------------------------------------ what a run records


@dataclass
class Mem:
    id: str
    text: str
    memory_type: str
    valid: bool


@dataclass
class Turn:
    session: int
    user: str                     # the case's alias ("a", "b")
    message: str
    reply: str
    error: str | None = None
    retrieved_users: list[str] = field(default_factory=list)
    retrieved: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    ttft_s: float = 0.0
    reply_s: float = 0.0
    update_s: float = 0.0
    lm_calls: int = 0             # on the critical path: from turn() called to turn() returned
    update_lm_calls: int = 0
    sorted_parts: Any = None      # the memory agent's part-by-part reply (small models)


@dataclass
class CaseRun:
    users: dict[str, str]                       # alias -> user id in the store
    seeds: dict[str, list[str]]                 # alias -> seeded texts
    before: dict[str, list[Mem]]                # alias -> memories after seeding
    sessions: list[dict[str, list[Mem]]]        # per session end: alias -> memories
    turns: list[Turn]
    typed: str                                  # everything the users typed, joined
    history_texts: dict[str, list[str]] = field(default_factory=dict)  # alias -> every text

    def memories(self, s: int, user: str = "a", *, valid: bool = True) -> list[Mem]:
        mems = self.sessions[s].get(user, []) if self.sessions else self.before.get(user, [])
        return [m for m in mems if m.valid or not valid]

    def start(self, s: int, user: str = "a") -> list[Mem]:
        s = s % len(self.sessions)
        return self.before.get(user, []) if s == 0 else self.memories(s - 1, user)

    def written(self, user: str = "a") -> list[Mem]:
        """Memories the agents wrote or rewrote (valid at some session's end, not a seed)."""
        seeded = {(m.id, m.text) for m in self.before.get(user, [])}
        out: dict[tuple[str, str], Mem] = {}
        for s in range(len(self.sessions)):
            for m in self.memories(s, user):
                if (m.id, m.text) not in seeded:
                    out[(m.id, m.text)] = m
        return list(out.values())

    def replies(self, s: int | None = None, user: str | None = None) -> list[Turn]:
        n = len(self.sessions)
        return [t for t in self.turns if (s is None or t.session == s % n)
                and (user is None or t.user == user)]

    def turn(self, s: int, t: int) -> Turn:
        return self.replies(s)[t]


@dataclass(frozen=True)
class Check:
    name: str
    test: Callable[[CaseRun], bool]


# ----------------------------------------------------------------------- text helpers


def has(text: str, *words: str) -> bool:
    return all(re.search(rf"\b(?:{w})", text, re.I) for w in words)


def tokens(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", text.lower())


def stem(word: str) -> str:
    """A crude stem, enough to match "cats"/"cat", "teaching"/"teacher"/"teach",
    "replies"/"reply"."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    for suffix in ("ing", "ers", "er", "ed", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2]:
        word = word[:-1]
    return word


def content_stems(text: str) -> set[str]:
    return {stem(w) for w in tokens(text) if len(w) > 2 and w not in STOPWORDS
            and w not in DATE_WORDS}


def _strings(node: Any, path: str = "") -> list[tuple[str, str]]:
    """(key path, text) of every string value in a JSON tree, except `_about`-style notes."""
    if isinstance(node, dict):
        return [p for k, v in node.items() if not k.startswith("_")
                for p in _strings(v, f"{path}/{k}")]
    if isinstance(node, list):
        return [p for v in node for p in _strings(v, path)]
    return [(path, node)] if isinstance(node, str) else []


def example_facts(folder: Path = EXAMPLES_DIR, pattern: str = "*.json") -> set[str]:
    """The content stems of what the worked examples (the files `pattern` names) say about
    their (made-up) users.

    That is what a model copies: the values under a key naming memories or facts
    (existing_memories, memory_text, facts/text, ...), the memories an observation lists
    ("- [diet] Is vegan", "'Works as ...'"), and the user's own lines (a `question` or
    `message`, the `user:` lines of a conversation). Category tags ("[diet]") are format, not facts.
    """
    facts: set[str] = set()
    for path in sorted(folder.glob(pattern)):
        for keys, text in _strings(json.loads(path.read_text())):
            key = keys.rsplit("/", 1)[-1]
            # Format, not facts: category tags, the sorted parts' enum labels (kind "event",
            # review "unchanged" / "no_longer_true") and placeholders such as "(no related
            # memories yet)".
            if key in ("categories", "type", "memory_type", "kind", "now") or (
                    text.startswith("(") and text.endswith(")")):
                continue
            if "memor" in keys or "fact" in keys:
                lines = text.splitlines()
            elif key == "observation":
                lines = [x for x in text.splitlines() if re.match(r"\s*-\s*\[", x)]
                lines += re.findall(r"'([^']+)'", text)
            elif key in ("question", "message"):
                lines = [text]
            else:
                lines = [x.split(":", 1)[1] for x in text.splitlines()
                         if re.match(r"\s*user\b[^:]*:", x)]
            for line in lines:
                facts |= content_stems(re.sub(r"\[[^\]]*\]", " ", line))
    return facts


# A model can only copy the examples its own prompt holds. The memory agent's (a hypothetical
# "I'd go sailing") are never in a reply's prompt, so a reply saying "sail" has not
# copied them; the response agent's ("plan a weekend menu") are never in the memory agent's,
# so "Plays the cavaquinho at the weekend" for "aos fins de semana" is a translation.
REPLY_EXAMPLE_FACTS = example_facts(pattern="response_agent.json")
MEMORY_EXAMPLE_FACTS = example_facts(pattern="memory_update_agent.json")


def leaked(text: str, vocabulary: set[str], run: CaseRun) -> set[str]:
    """Example words in `text` that nothing the users typed or were seeded with contains."""
    own = content_stems(run.typed + " " + " ".join(t for ts in run.seeds.values() for t in ts))
    # A shared start of 4+ letters is the user's word too ("vegetariana" -> "Is vegetarian").
    return {w for w in (content_stems(text) & vocabulary) - own
            if not any(len(o) >= 4 and (o.startswith(w) or w.startswith(o)) for o in own)}


DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
MONTH = "(" + "|".join(m[:3] + r"\w*" for m in MONTHS) + ")"


def dates_in(text: str, year: int) -> list[date]:
    """Absolute dates written in a text: 2024-03-22, 22 March (2024), March 22(nd) (, 2024)."""
    found = []
    for y, m, d in re.findall(r"\b(\d{4})-(\d{2})-(\d{2})\b", text):
        found.append((int(y), int(m), int(d)))
    for d, mon, y in re.findall(rf"\b{DAY}\s+(?:of\s+)?{MONTH}(?:,?\s+(\d{{4}}))?", text, re.I):
        found.append((int(y or year), _month(mon), int(d)))
    for mon, d, y in re.findall(rf"\b{MONTH}\s+{DAY}\b(?:,?\s+(\d{{4}}))?", text, re.I):
        found.append((int(y or year), _month(mon), int(d)))
    out = []
    for y, m, d in found:
        try:
            out.append(date(y, m, d))
        except ValueError:
            continue
    return out


def _month(name: str) -> int:
    return [m[:3] for m in MONTHS].index(name[:3].lower()) + 1


def language_ratio(text: str, lang: str) -> float:
    words = tokens(text)
    return sum(w in LANGUAGE_WORDS[lang] for w in words) / len(words) if words else 0.0


def similar(a: str, b: str) -> bool:
    """Word for word the same (or nearly: 90 % of characters)."""
    a, b = " ".join(a.lower().split()), " ".join(b.lower().split())
    return bool(a) and (a == b or SequenceMatcher(None, a, b).ratio() >= 0.9)


def _label(words: tuple[str, ...]) -> str:
    return "_".join(re.sub(r"\W+", "", w.split("|")[0]) for w in words)


# ------------------------------------------------------------------------ memory checks


def remembers(*words: str, s: int = 0, user: str = "a", kind: str | None = None,
              name: str | None = None) -> Check:
    """After session s, one valid memory holds all the words (and has memory_type kind)."""
    def test(run: CaseRun) -> bool:
        return any(has(m.text, *words) and (kind is None or m.memory_type == kind)
                   for m in run.memories(s, user))
    return Check(name or f"stored_{_label(words)}" + (f"_{kind}" if kind else ""), test)


def forgets(*words: str, s: int = -1, user: str = "a", unless: str | None = None,
            name: str | None = None) -> Check:
    """After session s, no valid memory holds all the words (unless it also says `unless`)."""
    def test(run: CaseRun) -> bool:
        return not any(has(m.text, *words) and not (unless and has(m.text, unless))
                       for m in run.memories(s, user))
    return Check(name or f"not_stored_{_label(words)}", test)


def once(*words: str, s: int = -1, user: str = "a") -> Check:
    """Exactly one valid memory holds the words (a repeated fact is stored once)."""
    def test(run: CaseRun) -> bool:
        return sum(has(m.text, *words) for m in run.memories(s, user)) == 1
    return Check(f"stored_once_{_label(words)}", test)


def separate(first: str, second: str, s: int = 0, user: str = "a") -> Check:
    """Both facts are stored, each in a memory of its own (one fact per memory)."""
    def test(run: CaseRun) -> bool:
        mems = run.memories(s, user)
        return (any(has(m.text, first) for m in mems) and any(has(m.text, second) for m in mems)
                and not any(has(m.text, first, second) for m in mems))
    return Check(f"separate_{_label((first, second))}", test)


def kept(text: str, user: str = "a") -> Check:
    """A seeded memory is still valid at the end, word for word."""
    def test(run: CaseRun) -> bool:
        return any(m.text == text for m in run.memories(-1, user))
    return Check(f"kept_{_label(tuple(tokens(text)[-1:]))}", test)


def stores_nothing(s: int = 0, user: str = "a") -> Check:
    """Session s leaves the user's valid memories exactly as it found them."""
    def test(run: CaseRun) -> bool:
        snap = lambda mems: {(m.id, m.text) for m in mems if m.valid}  # noqa: E731
        return snap(run.start(s, user)) == snap(run.memories(s, user))
    return Check("nothing_stored" if s == 0 else f"nothing_stored_s{s + 1}", test)


def third_person(user: str = "a") -> Check:
    """What the agents wrote has no I/my/me (and something was written)."""
    def test(run: CaseRun) -> bool:
        written = run.written(user)
        return bool(written) and not any(FIRST_PERSON.search(m.text) for m in written)
    return Check("third_person", test)


def dated(*words: str, first: str, last: str | None = None, s: int = 0,
          user: str = "a") -> Check:
    """The memory holding the words gives an absolute date in [first, last], as a date."""
    lo, hi = date.fromisoformat(first), date.fromisoformat(last or first)

    def test(run: CaseRun) -> bool:
        return any(has(m.text, *words) and any(lo <= d <= hi for d in dates_in(m.text, lo.year))
                   and not has(m.text, r"next (week|month|friday|monday)|tomorrow")
                   for m in run.memories(s, user))
    return Check(f"date_resolved_{_label(words)}", test)


def never_stored(secret: str, user: str = "a") -> Check:
    """The secret is in no memory, valid or deleted, nor in any memory's history."""
    digits = SECRET_DIGITS.sub("", secret)

    def test(run: CaseRun) -> bool:
        texts = run.history_texts.get(user, []) + [m.text for m in run.memories(-1, user,
                                                                                 valid=False)]
        return not any(_contains_secret(t, secret, digits) for t in texts)
    return Check("secret_not_stored", test)


def never_repeated(secret: str) -> Check:
    digits = SECRET_DIGITS.sub("", secret)

    def test(run: CaseRun) -> bool:
        return not any(_contains_secret(t.reply, secret, digits) for t in run.turns)
    return Check("secret_not_in_replies", test)


def _contains_secret(text: str, secret: str, digits: str) -> bool:
    return secret.lower() in text.lower() or (len(digits) >= 4
                                              and digits in SECRET_DIGITS.sub("", text))


def isolated(owner: str, probe: str, *words: str) -> Check:
    """The probing user's search returns only their own memories, their replies and memories
    hold none of the owner's words."""
    def test(run: CaseRun) -> bool:
        turns = run.replies(user=probe)
        own_only = all(u == run.users[probe] for t in turns for u in t.retrieved_users)
        quiet = not any(has(t.reply, w) for t in turns for w in words)
        clean = not any(has(m.text, w) for s in range(len(run.sessions))
                        for m in run.memories(s, probe) for w in words)
        return own_only and quiet and clean
    return Check(f"no_leak_from_{owner}", test)


# ------------------------------------------------------------------------- reply checks


def _reply_check(name: str, ok: Callable[[str], bool], s: int, t: int | None) -> Check:
    def test(run: CaseRun) -> bool:
        turns = run.replies(s) if t is None else [run.turn(s, t)]
        return bool(turns) and all(ok(x.reply) for x in turns)
    where = f"_s{s + 1}" if s not in (0, -1) else ""
    return Check(name + where, test)


def says(*alternatives: str, s: int = -1, t: int | None = -1, name: str | None = None) -> Check:
    """The reply of turn t of session s (every turn when t is None) names one alternative."""
    pattern = "|".join(alternatives)
    return _reply_check(name or f"reply_mentions_{_label(alternatives)}",
                        lambda r: has(r, pattern), s, t)


def avoids(pattern: str, s: int = -1, t: int | None = None, name: str = "reply_avoids") -> Check:
    return _reply_check(name, lambda r: not has(r, pattern), s, t)


def bullets(s: int = -1, t: int | None = None) -> Check:
    """At least two lines start with -, * or • (or 1. 2.)."""
    return _reply_check("reply_bullets",
                        lambda r: sum(bool(BULLET.match(x)) for x in r.splitlines()) >= 2, s, t)


def short(max_words: int, s: int = -1, t: int | None = None) -> Check:
    return _reply_check("reply_short", lambda r: 0 < len(tokens(r)) <= max_words, s, t)


def in_language(lang: str, s: int = -1, t: int | None = None) -> Check:
    """A stopword check: the reply's share of `lang` function words is 12 %+ and the highest."""
    def ok(reply: str) -> bool:
        ratios = {k: language_ratio(reply, k) for k in LANGUAGE_WORDS}
        return ratios[lang] >= 0.12 and max(ratios, key=ratios.get) == lang
    return _reply_check(f"reply_in_{lang}", ok, s, t)


def metric(s: int = -1, t: int | None = None) -> Check:
    """No miles, pounds or Fahrenheit, and a metric unit where a unit is asked for."""
    return _reply_check("reply_metric",
                        lambda r: not IMPERIAL.search(r) and bool(METRIC.search(r)), s, t)


def example_facts_absent() -> Check:
    """Strict: no reply holds a word of the response agent's examples (the ones a reply's
    prompt can hold) that the user never said."""
    def test(run: CaseRun) -> bool:
        return not any(leaked(t.reply, REPLY_EXAMPLE_FACTS, run) for t in run.turns)
    return Check("reply_no_example_facts", test)


# ------------------------------------------------------------------ checks every case has


def replied() -> Check:
    """Every turn got a non-empty reply and no error."""
    return Check("replied", lambda run: all(t.reply.strip() and not t.error for t in run.turns))


def no_example_words_stored() -> Check:
    """No memory the agents wrote holds a word of the memory agent's worked examples (the
    ones its prompt can hold) the user never said."""
    def test(run: CaseRun) -> bool:
        return not any(leaked(m.text, MEMORY_EXAMPLE_FACTS, run)
                       for u in run.users for m in run.written(u))
    return Check("memory_no_example_words", test)


def no_assistant_words_stored() -> Check:
    """No memory written holds a word that only the assistant's replies contain."""
    def test(run: CaseRun) -> bool:
        said = content_stems(" ".join(t.reply for t in run.turns))
        own = content_stems(run.typed + " " + " ".join(x for v in run.seeds.values()
                                                       for x in v))
        return not any((content_stems(m.text) & said) - own
                       for u in run.users for m in run.written(u))
    return Check("memory_no_assistant_words", test)


def no_repeated_reply(*, any_earlier: bool = False) -> Check:
    """No reply is (nearly) word for word the previous one of its session; with any_earlier,
    nor any earlier one ("one more idea?" answered with the first idea again)."""
    def test(run: CaseRun) -> bool:
        for s in range(len(run.sessions)):
            turns = run.replies(s)
            for i, b in enumerate(turns):
                earlier = turns[:i] if any_earlier else turns[max(0, i - 1):i]
                if any(similar(a.reply, b.reply) for a in earlier):
                    return False
        return True
    return Check("no_earlier_reply_repeated" if any_earlier else "no_repeated_reply", test)


def auto_checks(messages_per_session: list[int]) -> list[Check]:
    checks = [replied(), no_example_words_stored()]
    if max(messages_per_session) > 1:
        checks.append(no_repeated_reply())
    return checks
