"""Fast tests of LM construction, error explanations and the local-model plumbing (no model)."""

from __future__ import annotations

import asyncio
import hashlib
import os
import sys

import httpx
import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import dspy  # noqa: E402
import litellm  # noqa: E402
import openai  # noqa: E402
from dspy import lm15  # noqa: E402
from dspy.clients.errors import wrap_error  # noqa: E402

from chatbot.config import Settings  # noqa: E402
from chatbot.errors import ChatbotError  # noqa: E402
from chatbot.lm import LMError, build_lm, describe_lm, explain_lm_error  # noqa: E402
from chatbot.lm.local import engine as local_model  # noqa: E402
from chatbot.lm.local import gguf as local_gguf  # noqa: E402

KEY_VARS = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY")


@pytest.fixture
def no_keys(monkeypatch):
    for name in KEY_VARS:
        monkeypatch.delenv(name, raising=False)


def settings(tmp_path, **kw) -> Settings:
    return Settings(data_dir=tmp_path, **kw)


# --- build_lm / describe_lm ---------------------------------------------------------------


def test_build_lm_openai_string(tmp_path, no_keys):
    s = settings(
        tmp_path,
        lm="openai/gpt-4o-mini",
        lm_api_key="sk-test",
        lm_temperature=0.3,
        lm_max_tokens=777,
        lm_timeout=12.5,
        lm_retries=4,
    )
    lm = build_lm(s)
    assert isinstance(lm, dspy.LM)
    assert lm.model == "openai/gpt-4o-mini"
    assert lm.kwargs["temperature"] == 0.3
    assert lm.kwargs["max_tokens"] == 777
    assert lm.kwargs["timeout"] == 12.5
    assert lm.kwargs["api_key"] == "sk-test"
    assert lm.num_retries == 4
    assert lm.cache is False
    assert build_lm(
        settings(tmp_path, lm="openai/gpt-4o-mini", lm_api_key="k", lm_cache=True)
    ).cache


def test_build_lm_key_from_env(tmp_path, no_keys, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-env")
    lm = build_lm(settings(tmp_path, lm="openai/gpt-4o-mini"))
    assert "api_key" not in lm.kwargs  # DSPy reads the provider's variable itself
    assert "key from OPENAI_API_KEY" in describe_lm(settings(tmp_path, lm="openai/gpt-4o-mini"))


def test_build_lm_missing_key_is_one_clear_line(tmp_path, no_keys):
    with pytest.raises(LMError) as info:
        build_lm(settings(tmp_path, lm="anthropic/claude-sonnet-4-5"))
    assert isinstance(info.value, ChatbotError)
    assert "ANTHROPIC_API_KEY" in str(info.value)
    assert "\n" not in str(info.value)


def test_self_hosted_servers(tmp_path, no_keys):
    compatible = build_lm(
        settings(tmp_path, lm="openai/qwen", lm_api_base="http://127.0.0.1:8080/v1")
    )
    assert compatible.kwargs["api_base"] == "http://127.0.0.1:8080/v1"
    assert compatible.kwargs["api_key"]  # placeholder: such servers ignore it
    ollama = build_lm(
        settings(tmp_path, lm="ollama_chat/qwen2.5:7b", lm_api_base="http://localhost:11434")
    )
    assert ollama.model == "ollama_chat/qwen2.5:7b"
    assert "api_key" not in ollama.kwargs


def test_describe_lm_names_model_and_hides_key(tmp_path, no_keys):
    line = describe_lm(settings(tmp_path, lm="openai/gpt-4o-mini", lm_api_key="sk-secret-123"))
    assert "openai/gpt-4o-mini" in line and "sk-secret-123" not in line
    local = describe_lm(settings(tmp_path, lm="local", lm_threads=1))
    assert "Qwen2.5-Coder-1.5B" in local and "1 thread" in local
    assert "\n" not in local


# --- explain_lm_error ---------------------------------------------------------------------

REQ = httpx.Request("POST", "http://127.0.0.1:9/v1/chat/completions")


def _resp(status: int) -> httpx.Response:
    return httpx.Response(status, request=REQ)


LITELLM_CASES = [
    (
        litellm.exceptions.APIConnectionError(
            message="Connection refused", llm_provider="openai", model="gpt-4o-mini"
        ),
        "Could not reach the LM server",
    ),
    (
        litellm.exceptions.Timeout(
            message="Request timed out.", model="gpt-4o-mini", llm_provider="openai"
        ),
        "did not answer in time",
    ),
    (
        litellm.exceptions.RateLimitError(
            message="Rate limit reached", llm_provider="openai", model="gpt-4o-mini"
        ),
        "rate-limiting",
    ),
    (
        litellm.exceptions.AuthenticationError(
            message="Incorrect API key provided", llm_provider="openai", model="gpt-4o-mini"
        ),
        "rejected the API key",
    ),
    (
        litellm.exceptions.ContextWindowExceededError(
            message="This model's maximum context length is 8192 tokens",
            model="gpt-4o-mini",
            llm_provider="openai",
        ),
        "context window",
    ),
    (
        litellm.exceptions.NotFoundError(
            message="The model `gpt-9` does not exist", model="gpt-9", llm_provider="openai"
        ),
        "does not know that model",
    ),
    (
        litellm.exceptions.InternalServerError(
            message="boom", llm_provider="openai", model="gpt-4o-mini"
        ),
        "server error",
    ),
]


@pytest.mark.parametrize(("exc", "expected"), LITELLM_CASES, ids=lambda v: type(v).__name__)
def test_explain_litellm_exceptions(exc, expected):
    line = explain_lm_error(exc)
    assert expected in line
    assert "\n" not in line


@pytest.mark.parametrize(
    ("exc", "expected"),
    [
        (openai.APIConnectionError(request=REQ), "Could not reach the LM server"),
        (openai.APITimeoutError(request=REQ), "did not answer in time"),
        (
            openai.AuthenticationError("bad key", response=_resp(401), body=None),
            "rejected the API key",
        ),
        (openai.RateLimitError("slow down", response=_resp(429), body=None), "rate-limiting"),
        (openai.NotFoundError("no model", response=_resp(404), body=None), "does not know"),
        (httpx.ConnectError("[Errno 111] Connection refused", request=REQ), "Could not reach"),
        (httpx.ReadTimeout("timed out", request=REQ), "did not answer in time"),
    ],
    ids=lambda v: type(v).__name__,
)
def test_explain_openai_and_httpx_exceptions(exc, expected):
    assert expected in explain_lm_error(exc)


def _dspy_error(canonical: Exception, cause: BaseException | None = None) -> Exception:
    """The exception DSPy's LM raises: a public LMError chained to the engine's error."""
    canonical.__cause__ = cause
    wrapped = wrap_error(canonical, model="openai/foo", provider="openai")
    wrapped.__cause__ = canonical
    return wrapped


@pytest.mark.parametrize(
    ("exc", "expected"),
    [
        (
            _dspy_error(
                lm15.TransportError("failed to connect to 127.0.0.1:9: Connection refused"),
                ConnectionRefusedError(111, "Connection refused"),
            ),
            "Could not reach the LM server at 127.0.0.1:9",
        ),
        (
            _dspy_error(
                lm15.TransportError("read timed out waiting for headers"), TimeoutError("timed out")
            ),
            "did not answer in time",
        ),
        (_dspy_error(lm15.AuthError("Incorrect API key", status=401)), "rejected the API key"),
        (
            _dspy_error(lm15.NotConfiguredError("no API key found. Set OPENAI_API_KEY")),
            "set OPENAI_API_KEY",
        ),
        (_dspy_error(lm15.RateLimitError("Rate limit reached", status=429)), "rate-limiting"),
        (_dspy_error(lm15.ContextLengthError("maximum context length")), "context window"),
        (
            _dspy_error(lm15.InvalidRequestError("the request exceeds the available context size")),
            "context window",
        ),
        (
            _dspy_error(lm15.UnsupportedModelError("model 'qwen2.5:7b' not found, try pulling it")),
            "ollama pull",
        ),
        (_dspy_error(lm15.ServerError("boom", status=500)), "server error"),
    ],
    ids=lambda v: type(v).__name__,
)
def test_explain_errors_as_dspy_raises_them(exc, expected):
    assert expected in explain_lm_error(exc)


def test_explain_missing_local_extra():
    line = explain_lm_error(ModuleNotFoundError("No module named 'llama_cpp'", name="llama_cpp"))
    assert "make local" in line and "pip install -e '.[local]'" in line
    ours = LMError("Local model file not found: /x.gguf")
    assert explain_lm_error(ours) == "Local model file not found: /x.gguf"
    # Our error inside DSPy's wrapper (an engine raised it) still comes out as our line.
    wrapped = wrap_error(ours, model="local/x")
    wrapped.__cause__ = ours
    assert explain_lm_error(wrapped) == str(ours)


def test_explain_unparseable_reply():
    from dspy.utils.exceptions import AdapterParseError

    exc = AdapterParseError(adapter_name="ChatAdapter", signature=QA, lm_response="gibberish")
    assert "not in the expected format" in explain_lm_error(exc)


def test_explain_unknown_error_is_one_line():
    line = explain_lm_error(RuntimeError("something odd\nwith details"))
    assert line == "The LM call failed: RuntimeError: something odd"


# --- local model: paths, install hints, assembly --------------------------------------------


def test_local_path_that_does_not_exist(tmp_path):
    missing = tmp_path / "nope.gguf"
    with pytest.raises(LMError, match="not found") as info:
        build_lm(settings(tmp_path, lm=f"local:{missing}"))
    assert str(missing) in str(info.value)


def test_local_path_that_is_not_gguf(tmp_path):
    bogus = tmp_path / "model.gguf"
    bogus.write_bytes(b"not a model")
    with pytest.raises(LMError, match="not a GGUF"):
        build_lm(settings(tmp_path, lm=f"local:{bogus}"))


def test_missing_llama_cpp_gives_install_hint(tmp_path, monkeypatch):
    gguf = tmp_path / "tiny.gguf"
    gguf.write_bytes(b"GGUF" + b"\0" * 28)
    monkeypatch.setitem(sys.modules, "llama_cpp", None)  # makes `import llama_cpp` fail
    with pytest.raises(LMError) as info:
        build_lm(settings(tmp_path, lm=f"local:{gguf}"))
    assert "make local" in str(info.value) and "pip install -e '.[local]'" in str(info.value)


def test_missing_model_packages_give_install_hint(monkeypatch):
    monkeypatch.setattr(local_gguf, "PART_PACKAGES", ("chatbot-no-such-model-part1",))
    with pytest.raises(LMError, match=r"make local"):
        local_gguf.find_model_parts()


@pytest.fixture
def fake_parts(tmp_path):
    chunks = [b"GGUF" + os.urandom(1000), os.urandom(3000), os.urandom(17)]
    parts = []
    for i, data in enumerate(chunks, 1):
        path = tmp_path / "parts" / f"part{i:02d}.bin"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data)
        parts.append(path)
    whole = b"".join(chunks)
    return parts, whole, hashlib.sha256(whole).hexdigest()


def test_assemble_concatenates_in_order_and_reuses(tmp_path, fake_parts, monkeypatch):
    parts, whole, digest = fake_parts
    dest = tmp_path / "models" / "m.gguf"
    assert local_gguf.assemble_gguf(parts, dest, digest, len(whole)) == dest
    assert dest.read_bytes() == whole
    assert [p.name for p in dest.parent.iterdir() if p.name.endswith(".tmp")] == []

    def no_rehash(_path):
        raise AssertionError("a verified file must not be hashed again")

    monkeypatch.setattr(local_gguf, "file_sha256", no_rehash)
    assert local_gguf.assemble_gguf(parts, dest, digest, len(whole)) == dest


def test_assemble_rejects_bad_checksum(tmp_path, fake_parts):
    parts, _, _ = fake_parts
    dest = tmp_path / "models" / "m.gguf"
    with pytest.raises(LMError, match="corrupt"):
        local_gguf.assemble_gguf(parts, dest, "0" * 64)
    assert not dest.exists()
    assert list(dest.parent.iterdir()) == []  # no temporary file left behind


def test_assemble_replaces_corrupt_existing_file(tmp_path, fake_parts):
    parts, whole, digest = fake_parts
    dest = tmp_path / "m.gguf"
    dest.write_bytes(b"GGUF" + b"garbage")  # e.g. an interrupted copy, never verified
    local_gguf.assemble_gguf(parts, dest, digest)
    assert dest.read_bytes() == whole
    # Verified once, then truncated behind our back: the size no longer matches the stamp.
    with open(dest, "r+b") as fh:
        fh.truncate(100)
    local_gguf.assemble_gguf(parts, dest, digest)
    assert dest.read_bytes() == whole


# --- the engine contract, with a stand-in for llama.cpp --------------------------------------


class FakeLlama:
    """Quacks like llama_cpp.Llama.create_chat_completion; records what it was given."""

    def __init__(self, reply: str = "", error: Exception | None = None):
        self.reply, self.error, self.calls = reply, error, []

    def create_chat_completion(self, messages, stream=False, **kwargs):
        self.calls.append((messages, kwargs))
        if self.error:
            raise self.error
        if stream:
            return self._chunks()
        return {
            "id": "chatcmpl-1",
            "choices": [
                {"message": {"role": "assistant", "content": self.reply}, "finish_reason": "stop"}
            ],
            "usage": {"prompt_tokens": 42, "completion_tokens": 7, "total_tokens": 49},
        }

    def _chunks(self):
        pieces = [self.reply[i : i + 4] for i in range(0, len(self.reply), 4)]
        self.n_tokens = 42 + len(pieces)
        yield {"choices": [{"delta": {"role": "assistant"}, "finish_reason": None}]}
        for piece in pieces:
            yield {"choices": [{"delta": {"content": piece}, "finish_reason": None}]}
        yield {"choices": [{"delta": {}, "finish_reason": "stop"}]}


def fake_local_lm(fake: FakeLlama) -> dspy.LM:
    engine = local_model.LlamaCppEngine("/nonexistent/fake.gguf", model_name="local/fake")
    engine._llama = fake
    return dspy.LM(
        "local/fake",
        engine=engine,
        async_engine=local_model.AsyncLlamaCppEngine(engine),
        temperature=0.0,
        max_tokens=64,
        cache=False,
        num_retries=0,
    )


class QA(dspy.Signature):
    """Answer the question."""

    question: str = dspy.InputField()
    answer: str = dspy.OutputField()


def test_engine_runs_predict_and_reports_usage():
    fake = FakeLlama("[[ ## answer ## ]]\nParis\n\n[[ ## completed ## ]]")
    lm = fake_local_lm(fake)
    with dspy.context(lm=lm):
        pred = dspy.Predict(QA)(question="Capital of France?")
    assert pred.answer == "Paris"
    messages, kwargs = fake.calls[0]
    assert messages[0]["role"] == "system" and messages[-1]["role"] == "user"
    assert kwargs["temperature"] == 0.0 and kwargs["max_tokens"] == 64
    usage = lm.history[-1]["usage"]
    assert usage["prompt_tokens"] == 42 and usage["completion_tokens"] == 7


def test_engine_async_path():
    fake = FakeLlama("[[ ## answer ## ]]\n5\n\n[[ ## completed ## ]]")
    lm = fake_local_lm(fake)

    async def run():
        with dspy.context(lm=lm):
            return await dspy.Predict(QA).acall(question="2+3?")

    assert asyncio.run(run()).answer == "5"


def test_engine_json_schema_becomes_grammar_request():
    fake = FakeLlama('{"answer": "Rome"}')
    lm = fake_local_lm(fake)
    with dspy.context(lm=lm, adapter=dspy.JSONAdapter()):
        pred = dspy.Predict(QA)(question="Capital of Italy?")
    assert pred.answer == "Rome"
    fmt = fake.calls[0][1]["response_format"]
    assert fmt["type"] == "json_object" and "answer" in fmt["schema"]["properties"]


def test_engine_context_overflow_is_dspy_context_error():
    fake = FakeLlama(error=ValueError("Requested tokens (9000) exceed context window of 8192"))
    lm = fake_local_lm(fake)
    with pytest.raises(dspy.utils.exceptions.ContextWindowExceededError) as info:
        with dspy.context(lm=lm):
            dspy.Predict(QA)(question="long")
    assert "context window" in explain_lm_error(info.value)


def test_engine_streams_tokens_sync_and_async():
    from dspy.clients.execution import request_from_openai_chat

    fake = FakeLlama("[[ ## answer ## ]]\nParis is the capital.\n\n[[ ## completed ## ]]")
    lm = fake_local_lm(fake)
    request = request_from_openai_chat(
        {"model": "local/fake", "messages": [{"role": "user", "content": "hi"}], "max_tokens": 9}
    )
    events = list(lm.engine.stream(request))
    assert [e.type for e in (events[0], events[-1])] == ["start", "end"]
    deltas = [e.delta.text for e in events if e.type == "delta"]
    assert len(deltas) > 1 and "".join(deltas) == fake.reply
    assert events[-1].usage.output_tokens == len(deltas) and events[-1].usage.input_tokens == 42
    assert lm.engine._run_lock.acquire(blocking=False)  # released after the stream
    lm.engine._run_lock.release()

    program = dspy.streamify(
        dspy.Predict(QA),
        stream_listeners=[dspy.streaming.StreamListener(signature_field_name="answer")],
    )

    async def run():
        chunks, final = [], None
        with dspy.context(lm=lm):
            async for item in program(question="Capital of France?"):
                if isinstance(item, dspy.streaming.StreamResponse):
                    chunks.append(item.chunk)
                elif isinstance(item, dspy.Prediction):
                    final = item
        return chunks, final

    chunks, final = asyncio.run(run())
    assert final.answer == "Paris is the capital."
    assert len(chunks) > 1 and "".join(chunks).strip() == final.answer


def test_auto_threads_stay_between_one_and_the_cores():
    from chatbot.lm.local.engine import LlamaCppEngine
    from chatbot.lm.local.runtime import idle_cpus, usable_cpus

    for limit in (1, 2, 8):
        assert 1 <= idle_cpus(limit) <= limit
    engine = LlamaCppEngine("/nonexistent/fake.gguf", n_threads=0)
    assert engine.auto_threads and engine.n_threads == usable_cpus()
    assert engine.dump_state()["n_threads"] == 0


def test_continuation_prompt_begins_the_reply_where_the_template_would():
    from chatbot.lm.local.protocol import continuation_prompt

    chatml = ("{{ bos_token }}{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}"
              "<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n"
              "{% endif %}")
    messages = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi"}]
    prompt = continuation_prompt(chatml, messages, "[[ ## answer ## ]]\n", bos_token="<s>")
    assert prompt == ("<s><|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>"
                      "\n<|im_start|>assistant\n[[ ## answer ## ]]\n")
    # a template that does not write the text as it is cannot be continued
    shouting = chatml.replace("{{ m.content }}", "{{ m.content | upper }}")
    assert continuation_prompt(shouting, messages, "[[ ## answer ## ]]\n") is None
