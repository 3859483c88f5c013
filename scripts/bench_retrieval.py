#!/usr/bin/env python
"""Retrieval speed: Qdrant Edge, qdrant-client local mode, a Qdrant server and a 2-node cluster,
beside a numpy brute-force floor.

Every configuration (engine x size) runs in a fresh subprocess with one BLAS/torch thread; the
floor is measured in the same run. Engine-only figures use synthetic 384-d vectors (latency does
not depend on content); figures marked "+embed" use the real embedder. Payloads are the ones
MemoryStore writes, with ~14-word texts for BM25.

Sizes: 1k and 10k (100 users), 10k1u (one user holding all 10k: the target case), 100k (100
users plus one heavy user with 20k).

Engines server and cluster: this run starts the pinned Qdrant binary (`make qdrant`) on
127.0.0.1 with its storage on disk under the work dir, one node or two (shard_number=2,
replication_factor=2), and stops it at the end. Ingest: 1 and 4 writer processes adding one
memory at a time through MemoryStore (stub embedder) to one store; Edge serves one process.

    .venv/bin/python scripts/bench_retrieval.py                 # 1k, 10k, 10k1u, 100k
    .venv/bin/python scripts/bench_retrieval.py --quick         # 1k, 10k, 10k1u
    .venv/bin/python scripts/bench_retrieval.py --sizes 10k1u --engines edge --out r.jsonl
    .venv/bin/python scripts/bench_retrieval.py --sizes 10k1u --engines edge,server,cluster
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from chatbot.memory.embeddings import DEFAULT_EMBEDDER, Embedder  # noqa: E402

DIM = 384
USERS = 100
CATEGORIES = [f"cat{i:02d}" for i in range(20)]
LIMIT, POOL = 5, 60
INGEST_TEXTS = 2000


@dataclass(frozen=True)
class Size:
    name: str
    n: int
    heavy: int  # points of the one heavy user; the rest is spread over USERS users

    @property
    def typical(self) -> bool:
        return self.n > self.heavy


SIZES = {
    "1k": Size("1k", 1_000, 0),
    "10k": Size("10k", 10_000, 0),
    "10k1u": Size("10k1u", 10_000, 10_000),
    "100k": Size("100k", 100_000, 20_000),
}

# ------------------------------------------------------------------------------------- data


def _vocab(rng: np.random.Generator, size: int = 5000) -> list[str]:
    syll = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"]
    words: set[str] = set()
    while len(words) < size:
        k = int(rng.integers(2, 4))
        words.add("".join(syll[int(i)] for i in rng.integers(0, len(syll), k)))
    return sorted(words)


def make_dataset(size: Size, seed: int = 0) -> dict[str, Any]:
    """Deterministic: the floor and each engine see the same points and queries."""
    rng = np.random.default_rng(seed)
    centers = rng.standard_normal((512, DIM)).astype(np.float32)
    vecs = centers[rng.integers(0, 512, size.n)]
    vecs += 0.6 * rng.standard_normal((size.n, DIM)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    users = ["heavy"] * size.heavy + [f"u{i % USERS:03d}" for i in range(size.n - size.heavy)]
    order = rng.permutation(size.n)  # users write interleaved over time
    users = [users[i] for i in order]
    ncat = rng.integers(1, 4, size.n)
    cats = [sorted({CATEGORIES[int(c)] for c in rng.integers(0, 20, k)}) for k in ncat]
    vocab = _vocab(rng)
    # Zipf-distributed words without the head: BM25 drops stopwords, the most frequent words.
    weights = np.arange(100, 100 + len(vocab), dtype=np.float64) ** -1.15
    ranks = rng.choice(len(vocab), size.n * 20, p=weights / weights.sum())
    lengths = rng.integers(8, 20, size.n)
    texts, pos = [], 0
    for k in lengths:
        texts.append(" ".join(vocab[int(r)] for r in ranks[pos:pos + k]))
        pos += k
    return {"vecs": vecs, "users": users, "cats": cats, "texts": texts, "vocab": vocab}


def make_queries(data: dict[str, Any], user: str | None, count: int, seed: int) -> list[dict]:
    """Queries near one of the user's points, with words from its text and two categories."""
    rng = np.random.default_rng(seed)
    users = np.array(data["users"])
    mine = np.flatnonzero(users == user) if user else np.flatnonzero(users != "heavy")
    out = []
    for _ in range(count):
        i = int(rng.choice(mine))
        q = data["vecs"][i] + 0.8 * rng.standard_normal(DIM).astype(np.float32)
        q /= np.linalg.norm(q)
        words = data["texts"][i].split()
        picked = [words[int(j)] for j in rng.integers(0, len(words), 3)]
        picked.append(data["vocab"][int(rng.integers(0, len(data["vocab"])))])
        out.append({"user": data["users"][i], "vec": q, "words": " ".join(picked),
                    "cats": tuple(str(c) for c in rng.choice(CATEGORIES, 2, replace=False))})
    return out


def payload(user: str, text: str, cats: list[str], i: int) -> dict[str, Any]:
    from chatbot.memory.validation import text_hash

    stamp = f"2024-{1 + i % 12:02d}-{1 + i % 28:02d}T10:00:00+00:00"
    return {"user_id": user, "memory_text": text, "categories": cats, "memory_type": "semantic",
            "created_at": stamp, "updated_at": stamp, "observed_at": stamp,
            "source": {"session_id": f"s{i // 50}", "message_ids": [f"m{i}"], "actor": "bench"},
            "text_hash": text_hash(text), "valid": True, "superseded_by": None,
            "access_count": 0, "last_accessed_at": None}


def sentences(count: int, seed: int = 7) -> list[str]:
    """LoCoMo-like turns for the real embedder: "[date] speaker: 12-30 words"."""
    rng = np.random.default_rng(seed)
    words = ("I we you went to the a my our new old really love think trip dog cat work school "
             "painting concert friend family weekend summer book movie garden kids race charity "
             "camping beach support group career counseling adoption pottery guitar").split()
    out = []
    for i in range(count):
        picks = rng.integers(0, len(words), int(rng.integers(12, 30)))
        body = " ".join(words[int(j)] for j in picks)
        out.append(f"[2023-05-{1 + i % 28:02d}] {'Caroline' if i % 2 else 'Melanie'}: {body}.")
    return out

# ---------------------------------------------------------------------------------- helpers


def rss_mb() -> dict[str, float]:
    out = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(("VmRSS:", "VmHWM:")):
            out[line.split(":")[0]] = int(line.split()[1]) / 1024
    return {"rss_mb": out.get("VmRSS", 0.0), "peak_rss_mb": out.get("VmHWM", 0.0)}


def disk_mb(path: Path) -> dict[str, float]:
    allocated = apparent = 0
    for f in path.rglob("*"):
        if f.is_file():
            st = f.stat()
            allocated += st.st_blocks * 512
            apparent += st.st_size
    return {"disk_mb": allocated / 2**20, "disk_apparent_mb": apparent / 2**20}


def timed(fn, items: list, warmup: int = 5) -> dict[str, float]:
    """p50 / p95 in ms of fn(item) over items (the first `warmup` calls are not counted)."""
    for it in items[:warmup]:
        fn(it)
    samples = []
    for it in items:
        t = time.perf_counter()
        fn(it)
        samples.append((time.perf_counter() - t) * 1000)
    samples.sort()
    return {"p50": statistics.median(samples),
            "p95": samples[min(len(samples) - 1, int(round(0.95 * (len(samples) - 1))))],
            "n": len(samples)}


class StubEmbedder(Embedder):
    """MemoryStore's embedder contract without a model: the engine cost alone."""

    def __init__(self, dim: int = DIM):  # no super().__init__: that loads the model
        self.name, self.dim, self.queries = DEFAULT_EMBEDDER, dim, {}

    def _vec(self, text: str) -> np.ndarray:
        v = np.random.default_rng(zlib.crc32(text.encode())).standard_normal(self.dim)
        return (v / np.linalg.norm(v)).astype(np.float32)

    def embed_documents(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        return np.stack([self._vec(t) for t in texts]) if texts else np.zeros((0, self.dim))

    def embed_query(self, text: str) -> np.ndarray:
        return self.queries.get(text, self._vec(text))

# ----------------------------------------------------------------------------------- floor


def worker_floor(size: Size, nq: int) -> dict[str, Any]:
    """Exact brute force with rows grouped by user: a contiguous slice matvec per query."""
    import scipy.sparse as sp

    from chatbot.memory.keywords import KeywordEncoder

    data = make_dataset(size)
    res: dict[str, Any] = {"kind": "floor", "engine": "numpy floor", "size": size.name}
    t = time.perf_counter()
    users = np.array(data["users"])
    order = np.argsort(users, kind="stable")
    m = np.ascontiguousarray(data["vecs"][order])
    bits = np.array([sum(1 << CATEGORIES.index(c) for c in cs) for cs in data["cats"]])[order]
    sorted_users = users[order]
    names, starts = np.unique(sorted_users, return_index=True)
    bounds = dict(zip(names.tolist(), zip(starts.tolist(),
                  [*starts[1:].tolist(), len(order)], strict=True), strict=True))
    res["bulk_pts_s"] = size.n / (time.perf_counter() - t)
    # BM25 as Qdrant scores it: stored BM25 term weights times IDF over the collection.
    enc = KeywordEncoder()
    docs = [enc.document(data["texts"][i]) for i in order]
    col: dict[int, int] = {}
    rows, cols, vals = [], [], []
    for r, d in enumerate(docs):
        for idx, val in zip(d.indices, d.values, strict=True):
            rows.append(r)
            cols.append(col.setdefault(idx, len(col)))
            vals.append(val)
    s = sp.csr_matrix((vals, (rows, cols)), shape=(size.n, len(col)), dtype=np.float32)
    df = np.bincount(cols, minlength=len(col))
    idf = np.log(1 + (size.n - df + 0.5) / (df + 0.5)).astype(np.float32)
    blocks = {u: s[a:b].tocsc() for u, (a, b) in bounds.items()}

    def top(scores: np.ndarray, k: int) -> np.ndarray:
        k = min(k, len(scores))
        part = np.argpartition(-scores, k - 1)[:k]
        return part[np.argsort(-scores[part])]

    def dense(q: dict) -> np.ndarray:
        a, b = bounds[q["user"]]
        return top(m[a:b] @ q["vec"], LIMIT)

    def dense_cat(q: dict) -> np.ndarray:
        a, b = bounds[q["user"]]
        want = sum(1 << CATEGORIES.index(c) for c in q["cats"])
        scores = m[a:b] @ q["vec"]
        scores[(bits[a:b] & want) == 0] = -np.inf
        return top(scores, LIMIT)

    def hybrid(q: dict) -> list[int]:
        a, b = bounds[q["user"]]
        d = top(m[a:b] @ q["vec"], POOL)
        terms = [col[t] for t in enc.query(q["words"]).indices if t in col]
        fused: dict[int, float] = {}
        if terms:
            kw = np.asarray(blocks[q["user"]][:, terms] @ idf[terms]).ravel()
            hit = np.flatnonzero(kw)
            for rank, i in enumerate(hit[top(kw[hit], POOL)] if len(hit) else []):
                fused[int(i)] = fused.get(int(i), 0.0) + 1 / (60 + rank)
        for rank, i in enumerate(d):
            fused[int(i)] = fused.get(int(i), 0.0) + 1 / (60 + rank)
        return sorted(fused, key=fused.__getitem__, reverse=True)[:LIMIT]

    def facet(q: dict) -> list[int]:
        a, b = bounds[q["user"]]
        return [int(np.count_nonzero(bits[a:b] & (1 << i))) for i in range(len(CATEGORIES))]

    def count(q: dict) -> int:
        a, b = bounds[q["user"]]
        return b - a

    if size.typical:
        qs = make_queries(data, None, nq, seed=1)
        res["dense_user"] = timed(dense, qs)
        res["dense_user_cat"] = timed(dense_cat, qs)
        res["hybrid_user"] = timed(hybrid, qs)
        res["facet_user"] = timed(facet, qs)
        res["count_user"] = timed(count, qs)
    if size.heavy:
        hq = make_queries(data, "heavy", nq, seed=2)
        res["dense_heavy"] = timed(dense, hq)
        res["hybrid_heavy"] = timed(hybrid, hq)
        res["facet_heavy"] = timed(facet, hq)
    with tempfile.TemporaryDirectory() as tmp:
        np.save(Path(tmp) / "m.npy", m)
        Path(tmp, "payload.json").write_text(json.dumps(
            [payload(data["users"][i], data["texts"][i], data["cats"][i], i) for i in order]))
        res.update(disk_mb(Path(tmp)))
        t = time.perf_counter()
        np.load(Path(tmp) / "m.npy")
        json.loads(Path(tmp, "payload.json").read_text())
        res["reopen_s"] = time.perf_counter() - t
    res.update(rss_mb())
    return res

# ---------------------------------------------------------------------------------- engine


SERVER_ENGINES = ("server", "cluster")


def server_url(engine: str) -> str:
    return os.environ[f"BENCH_QDRANT_URL_{engine.upper()}"]


def open_store(engine: str, mode: str, folder: Path, embedder: Any):
    from chatbot.memory import MemoryStore

    if engine in SERVER_ENGINES:  # one collection per configuration, named after its folder
        return MemoryStore(url=server_url(engine), embedder=embedder,
                           collection=folder.name.replace("-", "_"))
    if mode == "memory":
        return MemoryStore(in_memory=True, embedder=embedder, engine=engine)
    return MemoryStore(path=folder, embedder=embedder, engine=engine)


def worker_engine(engine: str, mode: str, size: Size, nq: int, folder: Path,
                  embed: bool) -> dict[str, Any]:
    from chatbot.memory.backends.base import PointData, Scope
    from chatbot.memory.keywords import KeywordEncoder

    res: dict[str, Any] = {"kind": "engine", "engine": engine, "mode": mode, "size": size.name,
                           "queries": nq}
    data = make_dataset(size)
    enc = KeywordEncoder()
    points = [PointData(f"{i:08x}-0000-4000-8000-000000000000", data["vecs"][i].tolist(),
                        enc.document(data["texts"][i]),
                        payload(data["users"][i], data["texts"][i], data["cats"][i], i))
              for i in range(size.n)]
    stub = StubEmbedder()
    rss0 = rss_mb()["rss_mb"]
    store = open_store(engine, mode, folder, stub)
    backend = store.backend
    t = time.perf_counter()
    for a in range(0, size.n, 512):
        backend.upsert(points[a:a + 512])
    res["bulk_upsert_s"] = time.perf_counter() - t
    t = time.perf_counter()
    backend.flush()
    res["flush_after_bulk_ms"] = (time.perf_counter() - t) * 1000
    res["bulk_pts_s"] = size.n / res["bulk_upsert_s"]
    res["rss_load_growth_mb"] = rss_mb()["rss_mb"] - rss0
    del points

    def sparse(q: dict):
        return enc.query(q["words"])

    groups = []
    if size.typical:
        groups.append(("user", make_queries(data, None, nq, seed=1)))
    if size.heavy:
        groups.append(("heavy", make_queries(data, "heavy", nq, seed=2)))
    for name, qs in groups:
        for q in qs:
            q["list"], q["sparse"] = q["vec"].tolist(), sparse(q)
            w = q["words"].split()
            # A chat-sized question (~15 tokens); the pseudo-words are the BM25 terms.
            q["text"] = f"What did I say about {w[0]} and {w[1]} last week?"
            stub.queries[q["text"]] = q["vec"]
        res[f"dense_{name}"] = timed(lambda q: backend.search(
            Scope(q["user"]), q["list"], None, "dense", LIMIT, POOL), qs)
        if name == "user":
            res["dense_user_cat"] = timed(lambda q: backend.search(
                Scope(q["user"], categories=q["cats"]), q["list"], None, "dense", LIMIT, POOL), qs)
            res["count_user"] = timed(lambda q: backend.count(Scope(q["user"])), qs)
        res[f"hybrid_{name}"] = timed(lambda q: backend.search(
            Scope(q["user"]), q["list"], q["sparse"], "hybrid", LIMIT, POOL), qs)
        res[f"facet_{name}"] = timed(lambda q: backend.facet("categories", Scope(q["user"])), qs)
        res[f"store_search_{name}"] = timed(lambda q: store.search(q["user"], q["text"]), qs)
    # Writes through the store (stub embedder: the engine's and the store's own cost).
    texts = sentences(INGEST_TEXTS + 50, seed=3)
    singles = texts[INGEST_TEXTS:INGEST_TEXTS + min(50, nq)]
    res["store_add_one"] = timed(lambda t: store.add("writer", t), singles, warmup=0)

    def add_then_flush(text: str) -> None:
        store.add("flusher", text)
        t = time.perf_counter()
        store.flush()
        flushes.append((time.perf_counter() - t) * 1000)

    flushes: list[float] = []
    for text in texts[:10]:
        add_then_flush(text)
    res["flush_ms"] = statistics.median(flushes)
    t = time.perf_counter()
    store.add_many("ingest-stub", [{"text": x} for x in texts[:INGEST_TEXTS]])
    res["add_many_stub_mem_s"] = INGEST_TEXTS / (time.perf_counter() - t)
    res.update(rss_mb())
    if embed:
        store.embedder = Embedder(threads=1)
        for name, qs in groups:
            res[f"store_search_{name}_embed"] = timed(
                lambda q: store.search(q["user"], q["text"]), qs)
        real = sentences(1000, seed=11)
        t = time.perf_counter()
        store.add_many("ingest-real", [{"text": x} for x in real])
        res["add_many_real_mem_s"] = len(real) / (time.perf_counter() - t)
    store.close()
    if mode == "path":
        res.update(disk_mb(folder / ("edge" if engine == "edge" else "qdrant")))
    return res


def worker_reopen(engine: str, size: Size, folder: Path) -> dict[str, Any]:
    """A fresh process opening the store written by worker_engine: what a restart costs."""
    t = time.perf_counter()
    from chatbot.memory.backends.base import Scope
    from chatbot.memory.keywords import KeywordEncoder
    from chatbot.memory.opening import open_backend

    import_s = time.perf_counter() - t
    t = time.perf_counter()
    rss0 = rss_mb()["rss_mb"]
    backend = open_backend(engine, "memories", folder, None, None, False)
    backend.open(DIM, {})
    reopen_s = time.perf_counter() - t
    user = "heavy" if not size.typical else "u001"
    q = np.random.default_rng(5).standard_normal(DIM)
    t = time.perf_counter()
    backend.search(Scope(user), (q / np.linalg.norm(q)).tolist(),
                   KeywordEncoder().query("bake lomi"), "hybrid", LIMIT, POOL)
    first = time.perf_counter() - t
    res = {"kind": "reopen", "engine": engine, "size": size.name, "import_s": import_s,
           "reopen_s": reopen_s, "first_query_ms": first * 1000, **rss_mb(),
           "rss_before_open_mb": rss0}
    backend.close()
    return res


def worker_write(engine: str, folder: Path, count: int, index: int) -> dict[str, Any]:
    """One of several writer processes: ready, wait for the go line, add `count` memories."""
    store = open_store(engine, "path", folder, StubEmbedder())
    texts = sentences(count, seed=100 + index)
    print("ready", flush=True)
    sys.stdin.readline()
    t = time.perf_counter()
    for text in texts:
        store.add(f"writer{index}", text)
    store.close()
    return {"kind": "write", "seconds": time.perf_counter() - t}


def run_writers(engine: str, writers: int, count: int, folder: Path) -> dict[str, Any] | None:
    """`writers` processes adding `count` memories each to one store at once: memories/s."""
    procs = [subprocess.Popen(
        [sys.executable, __file__, "--worker", "write", engine, str(folder), str(count), str(i)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=worker_env())
        for i in range(writers)]
    try:
        if any(p.stdout.readline().strip() != "ready" for p in procs):
            print(f"  ! {engine} writers did not start", file=sys.stderr)
            return None
        t = time.perf_counter()
        for p in procs:
            p.stdin.write("go\n")
            p.stdin.flush()
        if any(p.wait() != 0 for p in procs):
            return None
        wall = time.perf_counter() - t
    finally:
        for p in procs:
            p.kill()
    store = open_store(engine, "path", folder, StubEmbedder())
    stored = sum(store.count(f"writer{i}") for i in range(writers))
    store.close()
    print(f"  done {engine} {writers} writers in {wall:.0f} s", file=sys.stderr)
    return {"kind": "writers", "engine": engine, "writers": writers, "each": count,
            "mem_s": writers * count / wall, "lost": writers * count - stored}


def start_servers(engines: list[str], work: Path) -> list[Any]:
    """The pinned Qdrant binary as a node and as a 2-node cluster, storage on this disk."""
    from chatbot.memory import server_process as sp

    running: list[Any] = []
    try:
        for engine in (e for e in engines if e in SERVER_ENGINES):
            server = (sp.Node(work / "server", sp.free_port(), sp.free_port())
                      if engine == "server" else sp.Cluster(work / "cluster", nodes=2))
            server.start()
            running.append(server)
            os.environ[f"BENCH_QDRANT_URL_{engine.upper()}"] = server.url
    except BaseException:
        for server in running:
            server.stop()
        raise
    return running


def worker_embed(nq: int) -> dict[str, Any]:
    t = time.perf_counter()
    emb = Embedder(threads=1)
    res: dict[str, Any] = {"kind": "embed", "load_s": time.perf_counter() - t,
                           "engine": f"{emb.name} (1 thread; bulk: {emb._batch_threads} "
                                     "encoders)" if emb.onnx_path else f"{emb.name} (1 thread)"}
    data = make_dataset(SIZES["1k"])
    qs = [f"What did I say about {q['words'].split()[0]} and {q['words'].split()[1]} last week?"
          for q in make_queries(data, None, nq, seed=9)]
    res["embed_query"] = timed(emb.embed_query, qs)
    docs = sentences(INGEST_TEXTS, seed=3)
    emb.embed_documents(docs[:64])
    t, cpu = time.perf_counter(), time.process_time()
    emb.embed_documents(docs, batch_size=64)
    res["embed_batch_sent_s"] = len(docs) / (time.perf_counter() - t)
    res["embed_batch_sent_cpu_s"] = len(docs) / (time.process_time() - cpu)
    res.update(rss_mb())
    return res

# ---------------------------------------------------------------------------------- parent


def fsync_latency_ms(folder: Path) -> float:
    samples = []
    with open(folder / "fsync-probe", "wb") as f:
        for _ in range(20):
            f.write(os.urandom(4096))
            t = time.perf_counter()
            f.flush()
            os.fsync(f.fileno())
            samples.append((time.perf_counter() - t) * 1000)
    return statistics.median(samples)


def worker_env() -> dict[str, str]:
    return {**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1",
            "MKL_NUM_THREADS": "1", "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}


def run_worker(args: list[str]) -> dict[str, Any] | None:
    t = time.perf_counter()
    proc = subprocess.run([sys.executable, __file__, "--worker", *args], env=worker_env(),
                          capture_output=True, text=True)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        print(f"  ! worker {' '.join(args)} failed:\n{proc.stderr[-2000:]}", file=sys.stderr)
        return None
    res = json.loads(lines[-1])
    print(f"  done {' '.join(a for a in args if not a.startswith('/'))} "
          f"in {time.perf_counter() - t:.0f} s", file=sys.stderr)
    return res


def plan(size: Size, engines: list[str], nq: int) -> list[tuple[str, str, int, str]]:
    """(engine, mode, queries, note) per configuration; qdrant-local is bounded at 100k."""
    out = []
    for engine in engines:
        if engine == "edge":
            out.append(("edge", "path", nq, ""))
        elif engine in SERVER_ENGINES:
            out.append((engine, "server", nq, ""))
        elif size.n >= 100_000:
            out.append(("qdrant-local", "memory", min(nq, 15), (
                "qdrant-local at 100k: :memory: mode and 15 queries; path mode skipped "
                "(bulk load ~240 s at 300-400 points/s, one SQLite commit per point)")))
        else:
            out.append(("qdrant-local", "path", min(nq, 100 if size.n <= 1000 else 30),
                        "qdrant-local: fewer queries (each one scans every point in Python)"))
    return out


def fmt(x: dict | float | None, key: str = "") -> str:
    if x is None:
        return "–"
    if isinstance(x, dict):
        return f"{_num(x['p50'])} / {_num(x['p95'])}"
    return _num(x)


def _num(v: float) -> str:
    if v >= 100:
        return f"{v:,.0f}"
    if v >= 10:
        return f"{v:.1f}"
    if v >= 1:
        return f"{v:.2f}"
    return f"{v:.3f}"


def ratio(a: dict | None, b: dict | None) -> str:
    """Engine over floor, at p50 and at p95."""
    if not a or not b or b["p50"] <= 0 or b["p95"] <= 0:
        return "–"

    def one(x: float) -> str:
        return f"{x:.0f}" if x >= 10 else f"{x:.1f}"

    return f"{one(a['p50'] / b['p50'])} / {one(a['p95'] / b['p95'])}"


def report(results: list[dict[str, Any]], notes: list[str]) -> str:
    floors = {r["size"]: r for r in results if r["kind"] == "floor"}
    engines = [r for r in results if r["kind"] == "engine"]
    reopens = {(r["engine"], r["size"]): r for r in results if r["kind"] == "reopen"}
    embed = next((r for r in results if r["kind"] == "embed"), None)
    out = ["## Engine only (synthetic vectors, embedding excluded): p50 / p95 ms; "
           "× = engine / numpy floor at p50 / p95", ""]
    cols = [("dense_user", "search user"), ("dense_user_cat", "search user+2 cats"),
            ("hybrid_user", "hybrid user"), ("facet_user", "facet user"),
            ("dense_heavy", "search heavy user"), ("hybrid_heavy", "hybrid heavy user"),
            ("facet_heavy", "facet heavy user")]
    out.append("| N | engine | " + " | ".join(f"{c} | ×" for _, c in cols) + " |")
    out.append("|---|---|" + "---|---|" * len(cols))
    for size in SIZES:
        rows = [floors[size]] if size in floors else []
        rows += [r for r in engines if r["size"] == size]
        for r in rows:
            label = r["engine"] + (" (:memory:)" if r.get("mode") == "memory" else "")
            cells = []
            for key, _ in cols:
                cells += [fmt(r.get(key)), "" if r["kind"] == "floor"
                          else ratio(r.get(key), floors.get(size, {}).get(key))]
            out.append(f"| {size} | {label} | " + " | ".join(cells) + " |")
    out += ["", "## Through MemoryStore: search p50 / p95 ms (hybrid, limit 5), writes", ""]
    eq = embed["embed_query"] if embed else None
    out.append("| N | engine | store.search user | +embed | store.search heavy | +embed | "
               "add one | add_many mem/s (stub) | add_many mem/s (+embed) | "
               "raw bulk upsert pts/s | flush (fsync) ms |")
    out.append("|---|---|---|---|---|---|---|---|---|---|---|")
    for size in SIZES:
        fl = floors.get(size)
        if fl and eq:
            def floor_embed(key: str, fl: dict = fl) -> dict | None:
                f = fl.get(key)
                return {"p50": f["p50"] + eq["p50"], "p95": f["p95"] + eq["p95"]} if f else None
            out.append(f"| {size} | floor (numpy hybrid; + embed_query) | "
                       f"{fmt(fl.get('hybrid_user'))} | {fmt(floor_embed('hybrid_user'))} | "
                       f"{fmt(fl.get('hybrid_heavy'))} | {fmt(floor_embed('hybrid_heavy'))} | – | "
                       f"– | {_num(embed['embed_batch_sent_s'])} (embedding alone) | "
                       f"{_num(fl['bulk_pts_s'])} (sort into slices) | – |")
        for r in (r for r in engines if r["size"] == size):
            label = r["engine"] + (" (:memory:)" if r.get("mode") == "memory" else "")
            out.append(
                f"| {size} | {label} | {fmt(r.get('store_search_user'))} | "
                f"{fmt(r.get('store_search_user_embed'))} | {fmt(r.get('store_search_heavy'))} | "
                f"{fmt(r.get('store_search_heavy_embed'))} | {fmt(r.get('store_add_one'))} | "
                f"{fmt(r.get('add_many_stub_mem_s'))} | {fmt(r.get('add_many_real_mem_s'))} | "
                f"{fmt(r.get('bulk_pts_s'))} | {fmt(r.get('flush_ms'))} |")
    out += ["", "## Persistence and memory", ""]
    out.append("| N | engine | reopen s (fresh process) | first query ms | RSS after reopen MB "
               "(before open) | writer RSS growth during bulk load MB "
               "| disk MB allocated (apparent) |")
    out.append("|---|---|---|---|---|---|---|")
    for size in SIZES:
        fl = floors.get(size)
        if fl:
            out.append(f"| {size} | numpy floor (np.load + json) | {_num(fl['reopen_s'])} | – | "
                       f"{_num(fl['rss_mb'])} (whole bench process) | – | "
                       f"{_num(fl['disk_mb'])} ({_num(fl['disk_apparent_mb'])}) |")
        for r in (r for r in engines if r["size"] == size):
            ro = reopens.get((r["engine"], size))
            label = r["engine"] + (" (:memory:)" if r.get("mode") == "memory" else "")
            disk = (f"{_num(r['disk_mb'])} ({_num(r['disk_apparent_mb'])})"
                    if "disk_mb" in r else "– (in memory)")
            out.append(
                f"| {size} | {label} | {fmt(ro and ro['reopen_s'])} | "
                f"{fmt(ro and ro['first_query_ms'])} | "
                + (f"{_num(ro['rss_mb'])} ({_num(ro['rss_before_open_mb'])})" if ro else "–")
                + f" | {_num(r['rss_load_growth_mb'])} | {disk} |")
    writers = [r for r in results if r["kind"] == "writers"]
    if writers:
        out += ["", "## Ingest: writer processes adding one memory at a time to one store "
                "(stub embedder)", "", "| engine | writers | memories each | memories/s | lost |",
                "|---|---|---|---|---|"]
        out += [f"| {r['engine']} | {r['writers']} | {r['each']} | {_num(r['mem_s'])} | "
                f"{r['lost']} |" for r in writers]
    if embed:
        out += ["", "## Embedding (real model)", "",
                "| model | load s | embed_query p50 / p95 ms | batch (64) sentences/s "
                "| per CPU-second | RSS MB |",
                "|---|---|---|---|---|---|",
                f"| {embed['engine']} | {_num(embed['load_s'])} | {fmt(embed['embed_query'])} | "
                f"{_num(embed['embed_batch_sent_s'])} | {_num(embed['embed_batch_sent_cpu_s'])} | "
                f"{_num(embed['rss_mb'])} |"]
    if notes:
        out += ["", "Notes:", *[f"- {n}" for n in sorted(set(notes))]]
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="1k and 10k only (1k, 10k, 10k1u)")
    ap.add_argument("--sizes", help=f"comma list of {', '.join(SIZES)}")
    ap.add_argument("--engines", default="edge,qdrant-local",
                    help="comma list of edge, qdrant-local, server, cluster")
    ap.add_argument("--writes", type=int, default=500,
                    help="memories each ingest writer adds (0: no ingest runs)")
    ap.add_argument("--queries", type=int, default=300, help="queries per measurement")
    ap.add_argument("--no-embed", action="store_true", help="skip the real-embedder figures")
    ap.add_argument("--out", type=Path, help="also append raw results here (JSON lines)")
    ap.add_argument("--workdir", type=Path, help="where the stores are written (default: temp)")
    ap.add_argument("--worker", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        kind, *rest = args.worker
        if kind == "floor":
            res = worker_floor(SIZES[rest[0]], int(rest[1]))
        elif kind == "engine":
            res = worker_engine(rest[0], rest[1], SIZES[rest[2]], int(rest[3]), Path(rest[4]),
                                rest[5] == "1")
        elif kind == "reopen":
            res = worker_reopen(rest[0], SIZES[rest[1]], Path(rest[2]))
        elif kind == "write":
            res = worker_write(rest[0], Path(rest[1]), int(rest[2]), int(rest[3]))
        else:
            res = worker_embed(int(rest[0]))
        print(json.dumps(res))
        return
    names = args.sizes.split(",") if args.sizes else (
        ["1k", "10k", "10k1u"] if args.quick else list(SIZES))
    engines = args.engines.split(",")
    work = Path(tempfile.mkdtemp(prefix="bench-retrieval-", dir=args.workdir))
    fsync_ms = fsync_latency_ms(work)
    load0 = os.getloadavg()
    results: list[dict[str, Any]] = []
    notes: list[str] = []
    servers = start_servers(engines, work)
    try:
        if not args.no_embed:
            results.append(run_worker(["embed", str(min(args.queries, 200))]))
        for name in names:
            size = SIZES[name]
            results.append(run_worker(["floor", name, str(args.queries)]))
            for engine, mode, nq, note in plan(size, engines, args.queries):
                if note:
                    notes.append(note)
                folder = work / f"{engine}-{name}"
                results.append(run_worker(["engine", engine, mode, name, str(nq), str(folder),
                                           "0" if args.no_embed else "1"]))
                if mode == "path":
                    results.append(run_worker(["reopen", engine, name, str(folder)]))
                shutil.rmtree(folder, ignore_errors=True)
        for engine in (e for e in engines if e in ("edge", *SERVER_ENGINES) and args.writes):
            for writers in (1,) if engine == "edge" else (1, 4):
                results.append(run_writers(engine, writers, args.writes,
                                           work / f"{engine}-writers{writers}"))
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)
    results = [r for r in results if r]
    if args.out:
        with args.out.open("a") as f:
            for r in results:
                f.write(json.dumps(r) + "\n")
    notes.append("threads: 1 BLAS thread for numpy; the embedder embeds a query on 1 thread "
                 f"({DEFAULT_EMBEDDER}); bulk adds use its parallel encoders")
    notes.append(f"this disk: one 4 KiB write + fsync takes {fsync_ms:.1f} ms (median of 20)")
    notes.append(f"load average at start {load0[0]:.1f}, at end {os.getloadavg()[0]:.1f} "
                 f"on {os.cpu_count()} CPUs (other jobs share the machine)")
    print(report(results, notes))


if __name__ == "__main__":
    main()
