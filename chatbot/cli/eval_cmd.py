"""`chatbot eval locomo`: the LoCoMo memory benchmark on a fresh, temporary store."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from chatbot.errors import ChatbotError, ConfigError


def _ks(text: str) -> tuple[int, ...]:
    try:
        ks = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--k takes comma-separated integers, got {text!r}") from None
    if not ks or ks[0] < 1:
        raise argparse.ArgumentTypeError("--k values must be positive integers")
    return tuple(ks)


def _ids(text: str) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()]


def _answer_modes(text: str) -> tuple[str, ...]:
    from chatbot.evaluation.modes import ANSWER_MODES

    modes = tuple(dict.fromkeys(_ids(text)))
    unknown = [m for m in modes if m not in ANSWER_MODES]
    if unknown or not modes:
        raise argparse.ArgumentTypeError(
            f"unknown answer mode {', '.join(unknown) or repr(text)}; "
            f"choose from {', '.join(ANSWER_MODES)}")
    return modes


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of 1 or more, got {value}")
    return value


def register(subparsers: argparse._SubParsersAction) -> None:
    from chatbot.evaluation.ingest import DEFAULT_WINDOW, DIRECT_CONTEXT, INGEST_MODES
    from chatbot.evaluation.locomo import DATA_HINT, QUERY_MODES
    from chatbot.evaluation.modes import (
        ANSWER_MODES,
        ANSWER_PREFERENCES,
        ANSWER_TOKENS,
        DEFAULT_ANSWER_MODES,
        RECENT_TOKENS,
    )
    from chatbot.memory.ranking import PRODUCT_FLOOR, PRODUCT_REPEAT, PRODUCT_SPEAKER

    parser = subparsers.add_parser("eval", help="run a memory benchmark")
    benchmarks = parser.add_subparsers(dest="benchmark", metavar="BENCHMARK")
    parser.set_defaults(func=lambda args: (parser.print_help(), 2)[1])
    p = benchmarks.add_parser(
        "locomo", help="LoCoMo: retrieval recall by provenance, optionally answers",
        description="Ingest LoCoMo conversations into a fresh temporary memory store and measure "
                    f"retrieval against the gold evidence turns ({DATA_HINT}).")
    p.add_argument("--data", required=True, type=Path, help="path to locomo10.json (or a split)")
    p.add_argument("--conversations", type=_ids, metavar="IDS",
                   help="comma-separated sample ids, e.g. conv-26,conv-30 (default: all)")
    p.add_argument("--mode", choices=INGEST_MODES, default="direct",
                   help="direct: each turn is a memory (no LM); agent: the memory update agent "
                        "extracts memories from each session (default: direct)")
    p.add_argument("--k", type=_ks, default=(1, 5, 10, 20), metavar="K,..",
                   help="cut-offs for recall@k and hit@k (default: 1,5,10,20)")
    p.add_argument("--search-mode", choices=("hybrid", "dense", "keyword"), default="hybrid",
                   help="MemoryStore.search mode (default: hybrid, as the agents use)")
    p.add_argument("--questions", type=_positive, metavar="N",
                   help="a sample of N questions, as equal per category as the data allows "
                        "(default: all)")
    p.add_argument("--seed", type=int, default=0, metavar="S",
                   help="with --questions: the sample's random seed (default: 0)")
    p.add_argument("--answer", action="store_true",
                   help="also let the response agent answer (uses CHATBOT_LM); F1 and BLEU-1 "
                        "per answer mode")
    p.add_argument("--answer-modes", type=_answer_modes, default=DEFAULT_ANSWER_MODES,
                   metavar="MODE,..",
                   help="with --answer: "
                        + "; ".join(f"{k}: {v}" for k, v in ANSWER_MODES.items())
                        + f" (default: {','.join(DEFAULT_ANSWER_MODES)})")
    p.add_argument("--recent-tokens", type=_positive, default=RECENT_TOKENS, metavar="N",
                   help="the recent answer mode's budget of conversation tokens "
                        f"(default: {RECENT_TOKENS}, the embedded model's context less the "
                        "prompt)")
    p.add_argument("--preferences", default=ANSWER_PREFERENCES, metavar="TEXT",
                   help="with --answer: the reader's standing preferences in every answer mode "
                        f"(the reply's `preferences` input; default: {ANSWER_PREFERENCES!r}; "
                        "'' for none, as the app starts)")
    p.add_argument("--answer-tokens", type=_positive, default=ANSWER_TOKENS, metavar="N",
                   help=f"with --answer: max_tokens of one answer (default: {ANSWER_TOKENS})")
    p.add_argument("--judge-lm", metavar="MODEL",
                   help="with --answer: an LLM judge (LiteLLM model string, temperature 0)")
    p.add_argument("--window", type=int, default=DEFAULT_WINDOW, metavar="N",
                   help=f"agent mode: messages per update-agent run (default: {DEFAULT_WINDOW})")
    p.add_argument("--query", choices=QUERY_MODES, default="rewrite",
                   help="rewrite: search without the speakers' names and the 'would ... likely' "
                        "scaffolding (chatbot.memory.query.search_text); agent: the same without "
                        "removing names, as the response agent's tool calls it; question: the "
                        "question as it is (default: rewrite)")
    p.add_argument("--context", type=int, default=DIRECT_CONTEXT, metavar="N",
                   help="direct mode: earlier turns of the session stored with each turn as "
                        f"context; provenance grows to match (default: {DIRECT_CONTEXT})")
    p.add_argument("--floor", type=float, default=None, metavar="COSINE",
                   help="relevance floor of hybrid search: hits under this dense cosine are "
                        f"dropped (default: the app's for the embedder, {PRODUCT_FLOOR:g} for "
                        "MiniLM; 0 = off)")
    p.add_argument("--repeat", type=float, default=PRODUCT_REPEAT, metavar="WEIGHT",
                   help="repetition penalty of hybrid search: a hit loses WEIGHT x the share of "
                        f"its lines already shown above it (default: the app's, "
                        f"{PRODUCT_REPEAT:g}; 0 = off)")
    p.add_argument("--other-speaker", type=float, default=PRODUCT_SPEAKER, metavar="FACTOR",
                   help="hybrid search: a turn said by someone other than the speaker the "
                        "question names (none named: by the assistant) has its fused score "
                        f"multiplied by FACTOR (default: the app's, {PRODUCT_SPEAKER:g}; 1 = off)")
    p.add_argument("--engine", help="store engine (default: CHATBOT_ENGINE)")
    p.add_argument("--store-dir", type=Path, metavar="DIR",
                   help="keep the eval store here (conversations already in it are reused); "
                        "default: a temporary store, deleted afterwards")
    p.add_argument("--out", type=Path, metavar="FILE", help="write the full results as JSON")
    p.add_argument("--plot", type=Path, metavar="PNG", help="bar chart of recall@k by category")
    p.add_argument("--json", action="store_true",
                   help="print settings, timing and aggregate as JSON instead of the table")
    p.set_defaults(func=run_locomo_command)


def _open_store(settings: Any, engine: str, store_dir: Path | None, stack: ExitStack):
    from chatbot.memory import MemoryStore
    from chatbot.memory.embeddings import get_embedder

    embedder = get_embedder(settings.embedder, settings.embed_threads, settings.models_dir,
                            settings.embed_batch_threads)
    if store_dir is None:
        store_dir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="chatbot-eval-")))
    store = MemoryStore(path=store_dir, embedder=embedder, engine=engine, collection="locomo")
    stack.callback(store.close)
    return store


def _progress_reporter(progress: Any):
    tasks: dict[str, Any] = {}
    labels = {"ingest": "ingesting turns", "questions": "searching", "answers": "answering"}
    # Not a terminal (a long answer run logged to a file): a plain line every tenth of a stage.
    plain = not progress.console.is_terminal
    started = time.perf_counter()
    done: dict[str, int] = {}

    def report(stage: str, advance: int, total: int) -> None:
        if stage not in tasks:
            tasks[stage] = progress.add_task(labels.get(stage, stage), total=total)
        progress.advance(tasks[stage], advance)
        done[stage] = n = done.get(stage, 0) + advance
        if plain and stage == "answers" and (n == total or n % max(1, total // 10) == 0):
            progress.console.print(f"{labels[stage]} {n}/{total} "
                                   f"({time.perf_counter() - started:.0f} s)")

    return report


def _check_outputs(args: argparse.Namespace) -> None:
    for path in (args.out, args.plot):
        if path is not None and not path.parent.exists():
            raise ConfigError(f"cannot write {path}: folder {path.parent} does not exist")
    if args.plot is not None:
        from chatbot.evaluation.report import check_plotting

        check_plotting()
    if args.judge_lm and not args.answer:
        raise ConfigError("--judge-lm grades answers: add --answer")


def run_locomo_command(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from chatbot.cli.app import load_settings
    from chatbot.evaluation.locomo import file_sha256, load_locomo
    from chatbot.evaluation.report import plot_recall, print_results
    from chatbot.evaluation.runner import EvalConfig, run_locomo

    started = time.perf_counter()
    settings = load_settings()  # a bad CHATBOT_* value: one line, not a traceback
    _check_outputs(args)
    conversations = load_locomo(args.data, args.conversations)
    engine = args.engine or settings.engine
    config = EvalConfig(mode=args.mode, ks=args.k, search_mode=args.search_mode,
                        window=args.window, context=args.context, answer=args.answer,
                        query=args.query, answer_modes=args.answer_modes,
                        recent_tokens=args.recent_tokens, preferences=args.preferences,
                        answer_tokens=args.answer_tokens)
    if args.questions is not None:
        from chatbot.evaluation.sampling import sample_questions

        conversations, config.extra_settings["sample"] = sample_questions(
            conversations, args.questions, args.seed)
    if args.context < 0:
        raise ChatbotError("--context must be 0 or more")
    if args.mode == "agent" or args.answer:
        from chatbot.lm import build_lm, describe_lm

        config.lm = build_lm(settings)
        config.extra_settings["lm"] = describe_lm(settings)
    if args.judge_lm:
        from chatbot.lm import build_lm

        judge_settings = settings.model_copy(update={"lm": args.judge_lm, "lm_temperature": 0.0})
        config.judge_lm = build_lm(judge_settings)
        config.extra_settings["judge_lm"] = args.judge_lm
    if args.mode == "agent":
        config.extra_settings["window"] = args.window
    else:
        config.extra_settings["context"] = args.context

    err = Console(stderr=True)
    with ExitStack() as stack:
        with err.status("loading the embedder and the store"):
            store = _open_store(settings, engine, args.store_dir, stack)
            from dataclasses import replace

            from chatbot.memory.ranking import floor_for

            floor = floor_for(store.embedder.name) if args.floor is None else args.floor
            store.ranking = replace(store.ranking, floor=floor, repeat_weight=args.repeat,
                                    speaker_factor=args.other_speaker)
        opened = time.perf_counter()
        progress = Progress("{task.description}", BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), console=err, transient=True)
        with progress:
            # --out is kept up to date during a long answer run ("partial": true until done).
            checkpoint = (lambda partial: _write_json(args.out, partial)) if args.out else None
            results = run_locomo(store, conversations, config, data_file=args.data,
                                 data_sha256=file_sha256(args.data),
                                 progress=_progress_reporter(progress), checkpoint=checkpoint)
    results["timing"]["setup_s"] = round(opened - started, 3)
    results["timing"]["total_s"] = round(time.perf_counter() - started, 3)

    if args.out is not None:
        _write_json(args.out, results)
    if args.plot is not None:
        plot_recall(results, args.plot)
    if args.json:
        summary = {k: results[k] for k in ("settings", "ingest", "timing", "aggregate")}
        print(json.dumps(summary, indent=2))
    else:
        out = Console()
        if not out.is_terminal:
            out = Console(width=max(out.width, 120))  # a file or pipe: do not squeeze columns
        print_results(results, out)
        written = [str(p) for p in (args.out, args.plot) if p is not None]
        if written:
            err.print(f"wrote {', '.join(written)}")
    return 0


def _write_json(path: Path, data: dict[str, Any]) -> None:
    try:
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as exc:
        raise ChatbotError(f"cannot write {path}: {exc.strerror or exc}") from None


if __name__ == "__main__":  # pragma: no cover
    from chatbot.cli.main import main

    sys.exit(main(["eval", *sys.argv[1:]]))
