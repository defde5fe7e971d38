# quipu: every target bootstraps what it needs, so a fresh machine with only Python 3.11 works.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BASE := $(VENV)/.installed-base

.PHONY: up down test test-unit test-reading typecheck lint demo-data status system-deps clean model model-server browser-deps reader

# the package and its dev tools; enough for test-unit, typecheck and lint (nothing compiled)
$(BASE): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(BASE)

# everything: the local model's llama.cpp too (compiled on the first run)
$(STAMP): $(BASE)
	CMAKE_ARGS="$$(scripts/llama-cmake-args.sh)" $(BIN)/pip install --quiet -e '.[dev,local]'
	touch $(STAMP)

system-deps:
	@scripts/system-deps.sh

model: $(STAMP)
	$(BIN)/quipu model install

## model-server: llama.cpp's own server (parallel slots) for `quipu model serve`; compiled once, then cached
model-server: system-deps $(STAMP)
	$(BIN)/quipu model build-server

## reader: train the learned reader on the skills' examples (seconds; loaded from the cache when unchanged)
reader: $(BASE)
	$(BIN)/quipu reader train

## up: database, demo data (if empty), local model, the reader, API + web on one port, smoke check, sign-ins
up: system-deps $(STAMP) model reader
	$(BIN)/quipu up

## down: stop the embedded database
down: $(STAMP)
	$(BIN)/quipu down

## browser-deps: axe-core for the browser tests' accessibility audit, pinned by tests/e2e/package-lock.json
browser-deps: tests/e2e/node_modules/.package-lock.json

tests/e2e/node_modules/.package-lock.json: tests/e2e/package.json tests/e2e/package-lock.json
	npm ci --prefix tests/e2e --no-audit --no-fund

## test: the type check first (fails fast), then the whole suite (unit, integration on a real embedded PostgreSQL, e2e)
test: system-deps $(STAMP) typecheck model model-server browser-deps reader
	$(BIN)/pytest

## test-unit: tests/unit only: no database, no app, no model; seconds (compiled modules cached in __pycache__)
test-unit: $(BASE)
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest tests/unit

## test-reading: the reading with the trained reader: the team's known phrasings (tests/reading/readings.yaml)
## and the corpus' checks; seconds
test-reading: $(BASE) reader
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest tests/reading

## typecheck: mypy, strict on quipu.domain and quipu.application, default settings on the rest of src/quipu
typecheck: $(BASE)
	$(BIN)/mypy

## lint: the type check, then ruff over the code and tests (rules, E501 at 120, and the formatter)
lint: $(BASE) typecheck
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

## demo-data: regenerate and reload core from the synthetic bank (ops untouched)
demo-data: $(STAMP)
	$(BIN)/quipu demo load

status: $(STAMP)
	$(BIN)/quipu db status

clean: down
	rm -rf .quipu
