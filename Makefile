# The README's two commands: `make app` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.bench-installed

.PHONY: app lab pages messages catalogs test lint unit notebooks browser bench bench-classroom chromium hub-proxy clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

## start the lesson app at http://127.0.0.1:8866/
app: $(STAMP)
	$(VENV)/bin/rummy-teach serve

## open the lessons in JupyterLab, trusted so their stored pictures show before anything runs
lab: $(STAMP)
	$(PY) -m rummy_teach.lab notebooks

## write the pages made from the messages and the course plan: notebooks/index, rules, teachers
pages: $(STAMP)
	$(PY) -m rummy_teach.pages notebooks

## the catalogs (Babel): write locale/rummy_teach.pot from the English templates and merge it into
## every language's .po (a new key arrives untranslated, a changed one fuzzy)
messages: $(STAMP)
	$(PY) -m rummy_teach.messages.catalogs extract
	$(PY) -m rummy_teach.messages.catalogs update

## compile every .po to the .mo the package ships, then list what is missing, empty or fuzzy
catalogs: $(STAMP)
	$(PY) -m rummy_teach.messages.catalogs compile
	$(PY) -m rummy_teach.messages.catalogs check

## lint, unit and property tests, notebooks (nbval, stored outputs compared) and browser tests
## (screenshots and server logs in test-artifacts/)
test: $(STAMP) chromium hub-proxy lint
	$(PY) -m pytest --nbval --nbval-current-env --junitxml=test-artifacts/junit.xml tests notebooks

lint: $(STAMP)
	$(VENV)/bin/ruff check rummy_teach tests benchmarks
	$(VENV)/bin/ruff format --check rummy_teach tests benchmarks
	$(VENV)/bin/mypy

# the bench extra (the solver benchmark's baseline, benchmarks/anchor.py) on top of dev
$(BENCH_STAMP): $(STAMP) pyproject.toml
	$(PY) -m pip install --quiet -e '.[bench]'
	touch $(BENCH_STAMP)

## every benchmark script; the solver's with its same-run baseline (the bench extra)
bench: $(STAMP) $(BENCH_STAMP) chromium
	@for script in benchmarks/*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

## the classroom of issue 10: 30 protocol-level learners against one learner alone, then the 10-minute soak
bench-classroom: $(STAMP)
	$(PY) benchmarks/classroom.py
	$(PY) benchmarks/classroom.py --soak

## Debian's Chromium for the browser tests (Playwright cannot download its own here)
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else \
	    echo "Browser tests need Debian's chromium: sudo apt-get install chromium" >&2; exit 1; \
	  fi; \
	fi

## JupyterHub's proxy for tests/hub and deploy/jupyterhub: npm's configurable-http-proxy, as pinned by
## deploy/jupyterhub/package-lock.json, installed into build/hub-proxy
HUB_PROXY := build/hub-proxy/node_modules/.bin/configurable-http-proxy
hub-proxy: $(HUB_PROXY)

$(HUB_PROXY): deploy/jupyterhub/package.json deploy/jupyterhub/package-lock.json
	@if ! command -v npm >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; \
	  else \
	    echo "The JupyterHub test needs Node's npm: sudo apt-get install nodejs npm" >&2; exit 1; \
	  fi; \
	fi
	mkdir -p build/hub-proxy
	cp deploy/jupyterhub/package.json deploy/jupyterhub/package-lock.json build/hub-proxy/
	cd build/hub-proxy && npm ci --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
