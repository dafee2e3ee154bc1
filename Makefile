# Set-up is automatic: every target creates .venv on first use and reuses it afterwards.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: verify test lint bench clean system sentences catalogue

# Debian packages: Chromium for the rulebook's browser tests; the PDF's fonts, embedded:
# Liberation 2 (the body: Times, Helvetica and Courier metrics with the letters WinAnsi lacks),
# IPAex Gothic (the Japanese) and DejaVu (the symbols Liberation lacks); poppler-utils
# (pdftotext, pdffonts) for the tests that read the printed pages. Installed once, with sudo
# when not root.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
CHROMIUM := /usr/bin/chromium
CJK_FONT := /usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf
BODY_FONT := /usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf
SYMBOL_FONT := /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
PDFTOTEXT := /usr/bin/pdftotext

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "trickrules needs Python 3.11+"'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,docs,bench,ai,simulate]'
	touch $(STAMP)

system:
	@if [ ! -x $(CHROMIUM) ] || [ ! -f $(CJK_FONT) ] || [ ! -f $(BODY_FONT) ] \
	    || [ ! -f $(SYMBOL_FONT) ] || [ ! -x $(PDFTOTEXT) ]; then \
	  $(SUDO) apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium \
	    fonts-ipaexfont-gothic fonts-liberation2 fonts-dejavu-core poppler-utils; \
	fi

verify: $(STAMP) system
	$(BIN)/trickrules play --game kout6 --seed 1
	$(BIN)/trickrules play --game baloot --seed 1
	$(BIN)/trickrules odds --game baloot
	$(BIN)/trickrules verify --report build/verify-report.json
	$(BIN)/trickrules rulebook --report build/verify-report.json --out build/rulebook

test: $(STAMP) system lint
	$(BIN)/python -m pytest -q -n auto --durations=15

lint: $(STAMP)
	$(BIN)/ruff check --no-cache spec engine proofs trickrules tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

# The translations' catalogues brought up to date with the English pages the last `verify`
# built (build/rulebook/source); lists each message still to translate.
catalogue: $(STAMP)
	$(BIN)/python -m trickrules.catalogue --source build/rulebook/source

sentences: $(STAMP)
	$(BIN)/python -m trickrules.spec.write_sentences

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache .hypothesis
