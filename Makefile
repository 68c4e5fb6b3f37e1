# The README's two commands: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: install run test lint spec bench

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

run: install
	$(BIN)/rummy serve

test: install
	$(BIN)/python -m pytest

lint: install
	$(BIN)/ruff check domain service workers tests
	$(BIN)/mypy

spec: install
	$(BIN)/rummy openapi --write api-spec/openapi.json
