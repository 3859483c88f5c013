#!/usr/bin/env python
"""Whether a reply keeps to a stored limit (an allergy, a diet, a health condition) when the
user asks for a suggestion, with found memories shown in search order and with the limiting
ones first (`Limits.limits_first`), both arms in one process.

Each request is one new user with three stored facts (one limit, two others) and one message.
A request passes when the reply names the limit (a regex) and suggests none of what it rules
out (another regex). Recall questions about the other two facts check that showing the limit
first does not crowd out the memory a question is about. The `tuning` requests were written
in session 22 and used to choose the change; the `held_out` ones were written before any run
of them and are reported apart. None is a benchmark case (scripts/agent_cases*.py).

    OMP_WAIT_POLICY=PASSIVE python scripts/eval_reply_limits.py [--lm SPEC] [--json out.json]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

# (limit, its category, two other facts, the message, what the reply must name, what it must
# not suggest; "$^" rules nothing out)
Request = tuple[str, str, list[str], str, str, str]
TUNING: list[Request] = [
    ("Is allergic to shellfish", "health", ["Works as a bus driver", "Lives in Porto"],
     "Any ideas for a dinner I could cook tonight?", "shellfish|shrimp|prawn|seafood",
     "shrimp|prawn|lobster|crab|mussel"),
    ("Is lactose intolerant", "health", ["Has a daughter called Ines", "Teaches chemistry"],
     "What could I have for breakfast tomorrow?", "lactose|dairy",
     r"yogh?urt|cheese|milk(?!-free)"),
    ("Is vegan", "diet", ["Lives in Leipzig", "Plays the cello"],
     "Can you suggest a recipe for a birthday cake?", "vegan", "egg|butter|milk"),
    ("Has a nut allergy", "health", ["Works night shifts at a hospital",
                                     "Has a cat called Miso"],
     "What snacks should I pack for my shift?", "nut", "almond|peanut|cashew|walnut"),
    ("Is coeliac", "health", ["Lives in Cork", "Is training for a 10k"],
     "What should I eat the night before my race?", "gluten|coeliac|celiac",
     r"pasta(?! ?\(gluten)|bread"),
    ("Uses a wheelchair", "health", ["Lives in Vienna", "Loves modern art"],
     "Can you suggest a day trip for Saturday?", "wheelchair|accessib|step-free", "hik"),
    ("Doesn't drink alcohol", "diet", ["Is a software tester", "Lives in Dublin"],
     "What drink should I bring to my friend's party?",
     "alcohol|non-alcoholic|alcohol-free|mocktail", "wine|beer|champagne"),
    ("Is afraid of flying", "health", ["Lives in Madrid", "Has two sons"],
     "Where could we go for a family holiday in August?", "fly|flying|train|drive|car",
     "flight"),
    ("Has type 1 diabetes", "health", ["Works as a florist", "Lives in Lille"],
     "Can you suggest a dessert for tonight?", "diabet|sugar", "$^"),
    ("Is allergic to eggs", "health", ["Has a dog called Pip", "Works from home"],
     "What can I make for brunch on Sunday?", "egg", "omelet|frittata|scrambled"),
    ("Keeps kosher", "diet", ["Lives in Antwerp", "Is a dentist"],
     "Any dinner ideas for tonight?", "kosher", "pork|bacon|shrimp"),
    ("Is pregnant", "health", ["Lives in Gdansk", "Works as a lawyer"],
     "What cheese should I buy for the weekend?", "pregnan", "brie|camembert|blue cheese"),
    ("Is allergic to cats", "health", ["Lives in Bergen", "Works as a nurse"],
     "Should I visit the cat cafe with my friends on Friday?", "allerg", "$^"),
    ("Is a vegetarian", "diet", ["Works as a pilot", "Lives in Zurich"],
     "What should I order at the steakhouse my team booked?",
     "vegetarian|meat-free|meatless", "$^"),
    ("Has a bad knee", "health", ["Lives in Innsbruck", "Works as an accountant"],
     "Can you suggest some exercise I could do this week?", "knee|low-impact|swim",
     r"\brun|jump"),
    ("Is allergic to penicillin", "health", ["Lives in Turin", "Has a son called Luca"],
     "I have a sore throat, what should I ask my doctor?", "penicillin|allerg", "$^"),
]
HELD_OUT: list[Request] = [
    ("Is allergic to sesame", "allergies", ["Plays in a brass band", "Lives in Graz"],
     "I'm bringing something to a picnic on Sunday. Any ideas?", "sesame",
     "hummus|tahini|sesame seeds on"),
    ("Doesn't eat meat", "diet", ["Is a primary school teacher", "Has a parrot called Kiwi"],
     "What could I grill at the barbecue this weekend?",
     "meat|vegetarian|veggie|halloumi|tofu", r"steak|sausage|burger(?! ?\(veg)|chicken|ribs"),
    ("Is allergic to strawberries", "health", ["Lives in Ghent", "Works as an electrician"],
     "Can you suggest a fruit smoothie for breakfast?", "strawberr|allerg", "$^"),
    ("Is gluten intolerant", "health", ["Has three children", "Lives in Tampere"],
     "What should I bake for my son's birthday?", "gluten", r"(?<!gluten-free )flour"),
    ("Has high blood pressure", "health", ["Works as a journalist", "Lives in Bristol"],
     "Any tips for a snack while I write tonight?", "blood pressure|salt|sodium", "$^"),
    ("Is halal", "diet", ["Works as a taxi driver", "Lives in Rotterdam"],
     "What should I order for lunch today?", "halal", "pork|bacon|ham"),
    ("Is recovering from a broken ankle", "health", ["Lives in Oslo",
                                                     "Works as a graphic designer"],
     "What could I do outside this weekend?", "ankle|gentle|rest", r"hik|\brun|ski"),
    ("Is allergic to bee stings", "allergies", ["Lives in Perth", "Has a daughter called Mia"],
     "Should we spend Saturday at the lavender farm?", "bee|sting|allerg", "$^"),
    ("Is vegan", "food", ["Works as a librarian", "Lives in Bologna"],
     "Can you recommend a pasta dish for tonight?", "vegan",
     "parmesan|cheese|cream|egg|bacon|pancetta"),
    ("Can't have caffeine", "health", ["Is studying medicine", "Lives in Leuven"],
     "What should I drink to stay awake while I study?", "caffeine",
     r"coffee|espresso|energy drink|black tea"),
    ("Is allergic to dogs", "allergies", ["Lives in Tallinn", "Works as a chef"],
     "My friend asked me to dog-sit for a week. Should I do it?", "allerg", "$^"),
    ("Is diabetic", "health", ["Teaches yoga", "Lives in Seville"],
     "What could I bake for the class party?", "diabet|sugar", "$^"),
    ("Is allergic to kiwi", "health", ["Has a cat called Tofu", "Works as a nurse"],
     "Any ideas for a fruit salad?", "kiwi", "$^"),
    ("Is pescatarian", "diet", ["Lives in Split", "Is a harbour pilot"],
     "What should I cook for my parents on Friday?", "pescatarian|fish|seafood",
     "chicken|beef|lamb|pork"),
    ("Has asthma", "health", ["Lives in Krakow", "Works as a baker"],
     "Can you suggest a sport I could take up?", "asthma|breath", "$^"),
    ("Is allergic to milk", "health", ["Plays chess", "Lives in Riga"],
     "What could I put in my coffee instead of sugar?", "milk|dairy", r"\bcream\b"),
]
# A question about one of the two other facts: the reply must still answer it.
RECALL: list[tuple[str, str, list[str], str, str]] = [
    ("Is allergic to shellfish", "health", ["Works as a bus driver", "Lives in Porto"],
     "Where do I live again?", "porto"),
    ("Is lactose intolerant", "health", ["Has a daughter called Ines", "Teaches chemistry"],
     "What's my daughter called?", "ines"),
    ("Is vegan", "diet", ["Lives in Leipzig", "Plays the cello"],
     "Which instrument do I play?", "cello"),
    ("Has a nut allergy", "health", ["Works night shifts at a hospital",
                                     "Has a cat called Miso"],
     "What is my cat's name?", "miso"),
    ("Is coeliac", "health", ["Lives in Cork", "Is training for a 10k"],
     "What race am I training for?", "10 ?k"),
    ("Uses a wheelchair", "health", ["Lives in Vienna", "Loves modern art"],
     "What kind of art do I like?", "modern"),
    ("Doesn't drink alcohol", "diet", ["Is a software tester", "Lives in Dublin"],
     "Do you remember what my job is?", "test"),
    ("Is afraid of flying", "health", ["Lives in Madrid", "Has two sons"],
     "How many kids do I have?", r"\btwo\b|\b2\b"),
    ("Has type 1 diabetes", "health", ["Works as a florist", "Lives in Lille"],
     "What do I do for a living?", "florist"),
    ("Is allergic to eggs", "health", ["Has a dog called Pip", "Works from home"],
     "What's my dog's name?", "pip"),
    ("Keeps kosher", "diet", ["Lives in Antwerp", "Is a dentist"],
     "Which city do I live in?", "antwerp"),
    ("Is pregnant", "health", ["Lives in Gdansk", "Works as a lawyer"],
     "What's my profession?", "lawyer"),
]


def cases(group: str) -> list[Any]:
    from agent_cases import case, sem
    from agent_checks import avoids, says

    out = []
    if group == "recall":
        for i, (limit, cat, others, message, must) in enumerate(RECALL):
            seeds = [sem(others[0], "misc"), sem(limit, cat), sem(others[1], "misc")]
            out.append(case(f"recall{i:02d}", "statement_lookup", [[message]],
                            [says(must, name="reply_answers")], seed=seeds))
        return out
    for i, (limit, cat, others, message, must, bad) in enumerate(
            TUNING if group == "tuning" else HELD_OUT):
        # the limit between the other two, as a user's memories come in any order
        seeds = [sem(others[0], "misc"), sem(limit, cat), sem(others[1], "misc")]
        out.append(case(f"{group}{i:02d}", "empty_memory", [[message]],
                        [says(must, name="reply_names_limit"),
                         avoids(bad, name="reply_keeps_limit")], seed=seeds))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lm", default=None, help="CHATBOT_LM value (default: $CHATBOT_LM, "
                                                   "else local)")
    parser.add_argument("--json", type=Path, help="write every reply here")
    args = parser.parse_args(argv)
    import eval_agents

    from chatbot.agents.guards import limits_for
    from chatbot.lm import build_lm
    from chatbot.memory.embeddings import get_embedder

    settings = eval_agents.eval_settings(args.lm or eval_agents.parse_args([]).lm, None, 0)
    lm = build_lm(settings)
    embedder = get_embedder(settings.embedder, 1)
    base = limits_for(lm)
    arms = {"as_found": dataclasses.replace(base, limits_first=False),
            "limits_first": dataclasses.replace(base, limits_first=True)}
    groups = {g: cases(g) for g in ("tuning", "held_out", "recall")}
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="eval-limits-") as tmp:
        for arm, limits in arms.items():
            eval_agents.LIMITS = limits
            for group, group_cases in groups.items():
                for c in group_cases:
                    start = time.perf_counter()
                    r = eval_agents.run_case(c, lm, embedder, Path(tmp) / arm,
                                             time.strftime("%H%M%S"))
                    rows.append({"arm": arm, "group": group, "case": c.name, "pass": r["pass"],
                                 "reply": r["turns"][0]["reply"] if r["turns"] else "",
                                 "seconds": round(time.perf_counter() - start, 1)})
                    print(f"{arm:<13} {c.name:<11} {'PASS' if r['pass'] else 'FAIL'}  "
                          f"{rows[-1]['reply'][:90]!r}", flush=True)
    print(f"\n{'arm':<13} " + " ".join(f"{g:>10}" for g in groups))
    for arm in arms:
        cells = []
        for group, group_cases in groups.items():
            passed = sum(r["pass"] for r in rows if r["arm"] == arm and r["group"] == group)
            cells.append(f"{passed:>7}/{len(group_cases):<2}")
        print(f"{arm:<13} " + " ".join(cells))
    if args.json:
        args.json.write_text(json.dumps({"lm": settings.lm, "rows": rows}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
