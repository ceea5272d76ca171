# Two commands for a developer: `make play` and `make test`. Each creates .venv
# and installs the project (editable, with its test extras) when needed.
# Standalone app: `make dist` (PyInstaller, into dist/), `make test-bundle` (its smoke
# test), `make install-desktop` / `make uninstall-desktop` (Linux menu entry).
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
BUILD_STAMP := $(VENV)/.build-stamp
# uninstall-desktop must work without .venv too
ANY_PY = $(if $(wildcard $(PY)),$(PY),$(PYTHON))

.PHONY: play test lint typecheck clean dist test-bundle install-desktop uninstall-desktop

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

play: $(STAMP)
	$(VENV)/bin/entropy-tabletop

typecheck: $(STAMP)
	$(PY) -m mypy

$(BUILD_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[build]'
	@touch $(BUILD_STAMP)

test: $(STAMP) typecheck
	SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -m "not bundle"

# The one-folder app and the one-file executable for this platform, under dist/.
dist: $(BUILD_STAMP)
	$(PY) build_scripts/build.py

# Builds dist/ unless it is up to date, then runs the bundle headless and in a real window.
test-bundle: $(BUILD_STAMP)
	SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -m bundle tests/build

install-desktop: $(STAMP)
	$(PY) build_scripts/desktop.py install

uninstall-desktop:
	$(ANY_PY) build_scripts/desktop.py uninstall

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .hypothesis
