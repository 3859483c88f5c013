"""Showing LoCoMo results: a rich table beside published reference figures, and a bar chart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from chatbot.errors import ChatbotError
from chatbot.evaluation.locomo import CATEGORY_NAMES

DEV_SPLIT = frozenset({"conv-26", "conv-30", "conv-41", "conv-42", "conv-43"})
# Each turn stored as "[session date] speaker: text", all-MiniLM-L6-v2, categories 1-4
# (from the data README that accompanies the dev split).
REFERENCE = {
    "dev": {
        "label": "dev split (5 conversations, n = 760)",
        "rows": {
            "dense": {"recall@1": 0.199, "recall@5": 0.436, "recall@10": 0.533,
                               "recall@20": 0.635, "ndcg@10": 0.368},
            "BM25": {"recall@1": 0.273, "recall@5": 0.484, "recall@10": 0.552,
                     "recall@20": 0.620, "ndcg@10": 0.421},
            "hybrid RRF": {"recall@1": 0.279, "recall@5": 0.516, "recall@10": 0.599,
                             "recall@20": 0.692, "ndcg@10": 0.448},
        },
    },
    "all": {
        "label": "all ten conversations (n = 1,536)",
        "rows": {
            "dense": {"recall@1": 0.181, "recall@5": 0.398, "recall@10": 0.497,
                               "recall@20": 0.596, "ndcg@10": 0.342},
            "BM25": {"recall@1": 0.270, "recall@5": 0.468, "recall@10": 0.542,
                     "recall@20": 0.608, "ndcg@10": 0.414},
            "hybrid RRF": {"recall@1": 0.258, "recall@5": 0.494, "recall@10": 0.583,
                             "recall@20": 0.674, "ndcg@10": 0.429},
        },
    },
}
PLOT_HINT = "--plot needs matplotlib: pip install matplotlib (or pip install -e '.[eval]')"


def reference_for(conversations: list[str]) -> tuple[dict[str, Any], bool]:
    """The reference figures to show, and whether they were measured on this very selection."""
    chosen = set(conversations)
    if len(chosen) == 10:
        return REFERENCE["all"], True
    return REFERENCE["dev"], chosen == DEV_SPLIT


def _fmt(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def results_table(results: dict[str, Any]) -> Table:
    """Overall and per category, then the reference retrievers below a rule."""
    settings, agg = results["settings"], results["aggregate"]
    ks = settings["k"]
    recall_cols = [f"recall@{k}" for k in ks]
    table = Table(title=(
        f"LoCoMo retrieval — {settings['mode']} ingestion, {settings['search_mode']} search, "
        f"{settings['embedder']} on {settings['engine']}"), title_justify="left",
        box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("", no_wrap=True)
    table.add_column("n", justify="right")
    for col in recall_cols + ["ndcg@10", "hit@10", "mrr", "turns@20"]:
        table.add_column(col.replace("recall", "R").upper(), justify="right")
    table.add_column("ms p50", justify="right")
    table.add_column("ms p95", justify="right")

    def row(label: str, m: dict[str, Any], style: str | None = None) -> None:
        cells = [label, _fmt(m.get("n"))] + [_fmt(m.get(c)) for c in recall_cols]
        cells += [_fmt(m.get(c)) for c in ("ndcg@10", "hit@10", "mrr", "turns@20")]
        cells += [f"{m[c]:.1f}" if c in m else "" for c in ("search_ms_p50", "search_ms_p95")]
        table.add_row(*cells, style=style)

    row("overall", agg["overall"], "bold")
    for cat, m in agg["by_category"].items():
        row(f" {cat} {CATEGORY_NAMES.get(int(cat), '')}", m)
    ref, same = reference_for(settings["conversations"])
    table.add_section()
    for name, m in ref["rows"].items():
        row(f"ref {name}", m, "dim")
    table.caption = (f"ref: direct turns with session date, all-MiniLM-L6-v2, {ref['label']}"
                     + ("" if same else " — not the selection measured here"))
    table.caption_justify = "left"
    return table


def _category_label(cat: str) -> str:
    return f"{cat} {CATEGORY_NAMES.get(int(cat), '')}".strip()


def answers_table(results: dict[str, Any]) -> Table | None:
    """One row per answer mode: F1 overall and by category, BLEU-1, judge, cost per question."""
    agg = results["aggregate"]
    modes = agg["overall"].get("answers")
    if not modes:
        return None
    cats = [c for c, m in agg["by_category"].items() if m.get("answers")]
    judged = any("judge_accuracy" in m for m in modes.values())
    s = results["settings"]
    table = Table(title=f"LoCoMo answers — {s.get('lm', 'LM')}, {s['mode']} ingestion",
                  title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ["mode", "n", "F1"] + [f"F1 {_category_label(c)}" for c in cats] + (
            ["BLEU-1"] + (["judge"] if judged else [])
            + ["tokens/q", "LM calls/q", "s/q p50", "s/q mean"]):
        table.add_column(col, justify="left" if col == "mode" else "right")
    for mode, m in modes.items():
        cells = [mode, str(m["n"]), _fmt(m["f1"])]
        cells += [_fmt(agg["by_category"][c]["answers"].get(mode, {}).get("f1")) for c in cats]
        cells.append(_fmt(m["bleu1"]))
        if judged:
            cells.append(_fmt(m.get("judge_accuracy")))
        cells += [f"{m['tokens']:.0f}", f"{m['lm_calls']:.1f}", f"{m['seconds_p50']:.1f}",
                  f"{m['seconds_mean']:.1f}"]
        table.add_row(*cells, style="bold" if mode == "memory" else None)
    table.caption = gap_caption(modes)
    table.caption_justify = "left"
    return table


def gap_caption(modes: dict[str, Any]) -> str:
    """How much of the answer gap is retrieval (oracle - memory) and how much reading
    (1 - oracle), on F1, when both rows were run."""
    if "memory" not in modes or "oracle" not in modes:
        return ""
    memory, oracle = modes["memory"]["f1"], modes["oracle"]["f1"]
    return (f"F1 gap to a perfect answer: retrieval (oracle - memory) {oracle - memory:+.3f}, "
            f"reading (1 - oracle) {1 - oracle:.3f}")


def print_results(results: dict[str, Any], console: Console) -> None:
    console.print(results_table(results))
    answers = answers_table(results)
    if answers is not None:
        console.print(answers)
    t = results["timing"]
    sample = results["settings"].get("sample")
    drawn = (f" (a sample: seed {sample['seed']}, of {sample['of']})" if sample else "")
    console.print(
        f"{results['settings']['turns']} turns, {results['aggregate']['overall']['n']} "
        f"questions{drawn}; ingest {t['ingest_s']:.1f} s, questions {t['questions_s']:.1f} s "
        f"(search {t['search_s']:.1f} s)"
        + "".join(f", {m} {v:.0f} s" for m, v in t.get("answer_modes_s", {}).items())
        + f", total {t.get('total_s', 0):.1f} s")


def check_plotting() -> None:
    """Fail before the run, not after it, when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ChatbotError(PLOT_HINT) from None


def _bars(ax: Any, groups: list[tuple[str, dict[str, Any]]],
          series: list[tuple[str, Any]]) -> None:
    """Grouped bars: for each group, one bar per (label, value-of-group) series."""
    width = 0.8 / len(series)
    for i, (label, value) in enumerate(series):
        xs = [g + (i - (len(series) - 1) / 2) * width for g in range(len(groups))]
        ax.bar(xs, [value(m) for _, m in groups], width, label=label)
    ax.set_xticks(range(len(groups)), [f"{name}\n(n={m['n']})" for name, m in groups])
    ax.set_ylim(0, 1.12)  # room for the legend above the bars
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.legend(ncol=len(series), loc="upper center", frameon=False, fontsize="small")


def plot_recall(results: dict[str, Any], path: Path) -> None:
    """A grouped bar chart of recall@k for each category and overall; with answers, a second
    one of each answer mode's F1."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    agg = results["aggregate"]
    groups = [("overall", agg["overall"])] + [
        (_category_label(c), m) for c, m in agg["by_category"].items()]
    modes = list(agg["overall"].get("answers", {}))
    fig, axes = plt.subplots(1 + bool(modes), 1, figsize=(8, 4.5 * (1 + bool(modes))),
                             squeeze=False)
    s = results["settings"]
    ax = axes[0][0]
    _bars(ax, groups, [(f"R@{k}", lambda m, k=k: m.get(f"recall@{k}", 0.0)) for k in s["k"]])
    ax.set_ylabel("recall")
    ax.set_title(f"LoCoMo recall@k — {s['mode']} ingestion, {s['search_mode']} search")
    if modes:
        ax = axes[1][0]
        _bars(ax, groups, [(mode, lambda m, mode=mode: m.get("answers", {}).get(mode, {})
                            .get("f1", 0.0)) for mode in modes])
        ax.set_ylabel("answer F1")
        lm = str(s.get("lm", "LM")).split(" (")[0]  # the model, not its runtime settings
        ax.set_title(f"LoCoMo answer F1 by mode — {lm}")
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=120)
    except OSError as exc:
        raise ChatbotError(f"cannot write plot {path}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)
