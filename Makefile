# quipu: every target bootstraps what it needs, so a fresh machine with only Python 3.11 works.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: up down test lint demo-data status system-deps clean model browser-deps

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	CMAKE_ARGS="$$(scripts/llama-cmake-args.sh)" $(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

system-deps:
	@scripts/system-deps.sh

model: $(STAMP)
	$(BIN)/quipu model install

## up: database, demo data (if empty), local model, API + web on one port, smoke check, sign-ins
up: system-deps $(STAMP) model
	$(BIN)/quipu up

## down: stop the embedded database
down: $(STAMP)
	$(BIN)/quipu down

## browser-deps: axe-core for the browser tests' accessibility audit, pinned by tests/e2e/package-lock.json
browser-deps: tests/e2e/node_modules/.package-lock.json

tests/e2e/node_modules/.package-lock.json: tests/e2e/package.json tests/e2e/package-lock.json
	npm ci --prefix tests/e2e --no-audit --no-fund

## test: the whole suite against a real (embedded) PostgreSQL
test: system-deps $(STAMP) model browser-deps
	$(BIN)/pytest

## lint: ruff over the code and tests
lint: $(STAMP)
	$(BIN)/ruff check src tests bench

## demo-data: regenerate and reload core from the synthetic bank (ops untouched)
demo-data: $(STAMP)
	$(BIN)/quipu demo load

status: $(STAMP)
	$(BIN)/quipu db status

clean: down
	rm -rf .quipu
