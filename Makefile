# Everything sets itself up on a fresh machine with Python 3.11.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# torch first, pinned: a bare requirement would pull a multi-GB CUDA build.
TORCH := torch==2.13.0

.PHONY: help setup test chat lint bench clean

help:  ## list the targets
	@grep -E '^[a-z-]+:.*##' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet $(TORCH)
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

setup: $(VENV)/.installed-dev  ## create .venv and install the package with dev tools

test: setup  ## run the test suite
	$(BIN)/python -m pytest -q

chat: setup  ## start chatting on the embedded defaults
	$(BIN)/chatbot chat

lint: setup  ## ruff
	$(BIN)/ruff check chatbot tests scripts

clean:  ## remove the virtualenv
	rm -rf $(VENV)
