# Two commands for a developer: `make play` and `make test`. Each creates .venv
# and installs the project (editable, with its test extras) when needed.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: play test lint typecheck clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

play: $(STAMP)
	$(VENV)/bin/entropy-tabletop

typecheck: $(STAMP)
	$(PY) -m mypy

test: $(STAMP) typecheck
	SDL_AUDIODRIVER=dummy $(PY) -m pytest -q

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .hypothesis
