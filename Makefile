# The README's two commands: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# The official clients (api-spec/clients/): generated from the contract, plus a small layer.
PY_CLIENT := api-spec/clients/python
TS_CLIENT := api-spec/clients/typescript

.PHONY: install run test style lint spec clients web-client browser node web-tools

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml $(PY_CLIENT)/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]' -e $(PY_CLIENT)
	touch $@

run: install
	$(BIN)/rummy serve

test: install browser web-tools
	$(BIN)/python -m pytest

# The browser tests drive Debian's Chromium (Playwright cannot download its own here).
browser:
	@if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && apt-get install -y -qq chromium; fi

# npm for the tools below: Debian's, when the machine has none.
node:
	@if ! command -v npm >/dev/null && command -v apt-get >/dev/null; then \
		apt-get update -qq && apt-get install -y -qq nodejs npm; fi

# tsc, pinned by the lock files, for the web table's type checks and the clients.
WEB_TOOLS := service/http/typecheck
web-tools: $(WEB_TOOLS)/node_modules/.installed $(TS_CLIENT)/node_modules/.installed

$(WEB_TOOLS)/node_modules/.installed: $(WEB_TOOLS)/package-lock.json | node
	cd $(WEB_TOOLS) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(TS_CLIENT)/node_modules/.installed: $(TS_CLIENT)/package-lock.json | node
	cd $(TS_CLIENT) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Style is checked in CI (ruff is pinned); mypy also reads the dependencies'
# type hints, which are not pinned, so it runs here only.
style: install
	$(BIN)/ruff check domain service workers tests
	$(BIN)/ruff format --check domain service workers tests

lint: style
	$(BIN)/mypy

spec: install
	$(BIN)/rummy openapi --write api-spec/openapi.json
	$(BIN)/rummy asyncapi --write api-spec/asyncapi.json
	$(MAKE) clients

# The clients' generated code, from the committed contract (tests fail when it drifts).
clients: install web-tools
	rm -rf $(PY_CLIENT)/rummy_client/generated
	$(BIN)/openapi-python-client generate --path api-spec/openapi.json --meta none \
		--config $(PY_CLIENT)/generator.yaml --output-path $(PY_CLIENT)/rummy_client/generated
	cd $(TS_CLIENT) && npx openapi-typescript ../../openapi.json -o src/schema.d.ts
	$(MAKE) web-client

# The TypeScript client compiled for the web table (service/http/static/client/, committed:
# `make run` needs no npm), openapi-fetch beside it; a test fails when it drifts from src/.
web-client: web-tools
	cd $(TS_CLIENT) && npm run --silent web
