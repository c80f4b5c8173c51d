# boardlog: `make run` serves/records demo games, `make test` runs the tests.
# Both set themselves up from nothing but Python 3.11+: a local .venv with
# the project installed in editable mode.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test bench install clean

$(STAMP): pyproject.toml
	@echo "setting up $(VENV) (first run only) ..."
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/boardlog serve --demo

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/boardlog bench

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis *.egg-info
