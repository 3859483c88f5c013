"""The local build of llama-cpp-python vs the prebuilt xllamacpp wheel on the bundled GGUF.

Back-to-back processes, alternating (A B A B ...), one thread each as the chat runs the model:
load seconds, prompt processing (tokens/s over a ~500-token prompt, no prompt cache) and
decoding (tokens/s over 32 greedy tokens). Prints each run and the medians as JSON lines.

    python scripts/bench_llama_build.py --xllamacpp-python /tmp/xvenv/bin/python [--runs 3]

xllamacpp is not a dependency: install it into a throwaway venv to compare
(`python -m venv /tmp/xvenv && /tmp/xvenv/bin/pip install xllamacpp==2026.10.11549`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECODE_TOKENS = 32
N_CTX = 2048


def prompt_text() -> str:
    """About 500 tokens of the project's own prompt text, the same for both engines."""
    text = (ROOT / "prompts" / "response_agent.md").read_text(encoding="utf-8")
    return (text * 4)[:2000]


def run_llama_cpp_python(model: str, threads: int) -> dict:
    import llama_cpp

    start = time.perf_counter()
    llm = llama_cpp.Llama(model_path=model, n_ctx=N_CTX, n_threads=threads,
                          n_threads_batch=threads, verbose=False)
    load = time.perf_counter() - start
    tokens = llm.tokenize(prompt_text().encode())
    start = time.perf_counter()
    llm.eval(tokens)
    pp = time.perf_counter() - start
    start = time.perf_counter()
    out = 0
    for _token in llm.generate([], temp=0.0, reset=False):
        out += 1
        if out == DECODE_TOKENS:
            break
    tg = time.perf_counter() - start
    return {"engine": "llama-cpp-python " + version("llama-cpp-python"), "load_s": round(load, 2),
            "prompt_tokens": len(tokens), "pp_tok_s": round(len(tokens) / pp, 1),
            "tg_tok_s": round(out / tg, 2)}


def run_xllamacpp(model: str, threads: int) -> dict:
    import xllamacpp as x

    params = x.CommonParams()
    params.model.path = model
    params.n_ctx = N_CTX
    params.n_parallel = 1
    params.warmup = False
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = threads
    start = time.perf_counter()
    server = x.Server(params)
    load = time.perf_counter() - start
    result = server.handle_completions({
        "prompt": prompt_text(), "n_predict": DECODE_TOKENS, "temperature": 0.0,
        "cache_prompt": False, "ignore_eos": True})
    timings = (json.loads(result) if isinstance(result, str) else result)["timings"]
    return {"engine": "xllamacpp " + version("xllamacpp"), "load_s": round(load, 2),
            "prompt_tokens": timings["prompt_n"],
            "pp_tok_s": round(timings["prompt_per_second"], 1),
            "tg_tok_s": round(timings["predicted_per_second"], 2)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worker", choices=["llama-cpp-python", "xllamacpp"])
    ap.add_argument("--model", default=str(Path.home() / ".cache/chatbot/models/"
                                           "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"))
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--xllamacpp-python", default="/tmp/xvenv/bin/python")
    args = ap.parse_args()
    if args.worker:
        run = run_llama_cpp_python if args.worker == "llama-cpp-python" else run_xllamacpp
        print(json.dumps(run(args.model, args.threads)))
        return 0
    pythons = {"llama-cpp-python": sys.executable, "xllamacpp": args.xllamacpp_python}
    results: dict[str, list[dict]] = {name: [] for name in pythons}
    for _ in range(args.runs):
        for name, python in pythons.items():
            out = subprocess.run([python, __file__, "--worker", name, "--model", args.model,
                                  "--threads", str(args.threads)],
                                 capture_output=True, text=True, check=True).stdout
            results[name].append(json.loads(out.strip().splitlines()[-1]))
            print(json.dumps(results[name][-1]), flush=True)
    base = statistics.median(r["pp_tok_s"] for r in results["llama-cpp-python"])
    for name, runs in results.items():
        med = {k: statistics.median(r[k] for r in runs) for k in ("load_s", "pp_tok_s",
                                                                   "tg_tok_s")}
        print(json.dumps({"median": name, **med, "pp_vs_local_build": round(
            med["pp_tok_s"] / base, 2), "runs": len(runs)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
