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
    qa = "f1" in agg["overall"]
    judged = "judge_accuracy" in agg["overall"]
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
    if qa:
        table.add_column("F1", justify="right")
        table.add_column("BLEU-1", justify="right")
        if judged:
            table.add_column("judge", justify="right")
        table.add_column("LM calls", justify="right")

    def row(label: str, m: dict[str, Any], style: str | None = None) -> None:
        cells = [label, _fmt(m.get("n"))] + [_fmt(m.get(c)) for c in recall_cols]
        cells += [_fmt(m.get(c)) for c in ("ndcg@10", "hit@10", "mrr", "turns@20")]
        cells += [f"{m[c]:.1f}" if c in m else "" for c in ("search_ms_p50", "search_ms_p95")]
        if qa:
            cells += [_fmt(m.get("f1")), _fmt(m.get("bleu1"))]
            if judged:
                cells.append(_fmt(m.get("judge_accuracy")))
            cells.append(f"{m['lm_calls']:.1f}" if "lm_calls" in m else "")
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


def print_results(results: dict[str, Any], console: Console) -> None:
    console.print(results_table(results))
    t = results["timing"]
    console.print(
        f"{results['settings']['turns']} turns, {results['aggregate']['overall']['n']} questions; "
        f"ingest {t['ingest_s']:.1f} s, questions {t['questions_s']:.1f} s "
        f"(search {t['search_s']:.1f} s), total {t.get('total_s', 0):.1f} s")


def check_plotting() -> None:
    """Fail before the run, not after it, when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ChatbotError(PLOT_HINT) from None


def plot_recall(results: dict[str, Any], path: Path) -> None:
    """A grouped bar chart: recall@k for each category and overall."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    agg = results["aggregate"]
    groups = [("overall", agg["overall"])] + [
        (f"{c} {CATEGORY_NAMES.get(int(c), '')}", m) for c, m in agg["by_category"].items()]
    ks = results["settings"]["k"]
    width = 0.8 / len(ks)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for i, k in enumerate(ks):
        xs = [g + (i - (len(ks) - 1) / 2) * width for g in range(len(groups))]
        ax.bar(xs, [m.get(f"recall@{k}", 0.0) for _, m in groups], width, label=f"R@{k}")
    ax.set_xticks(range(len(groups)), [f"{name}\n(n={m['n']})" for name, m in groups])
    ax.set_ylim(0, 1.12)  # room for the legend above the bars
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.set_ylabel("recall")
    s = results["settings"]
    ax.set_title(f"LoCoMo recall@k — {s['mode']} ingestion, {s['search_mode']} search")
    ax.legend(ncol=len(ks), loc="upper center", frameon=False)
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=120)
    except OSError as exc:
        raise ChatbotError(f"cannot write plot {path}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)
