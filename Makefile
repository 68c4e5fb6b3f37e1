# The README's two commands: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: install run test style lint spec bench

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

# Style is checked in CI (ruff is pinned); mypy also reads the dependencies'
# type hints, which are not pinned, so it runs here only.
style: install
	$(BIN)/ruff check domain service workers tests
	$(BIN)/ruff format --check domain service workers tests

lint: style
	$(BIN)/mypy

spec: install
	$(BIN)/rummy openapi --write api-spec/openapi.json
