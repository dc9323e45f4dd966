"""Train the reader on a GPU, from a file of pairs made here: the recipe of ``train.py`` (the same pairs, loss,
batch and warmup) over more epochs and learning rates than a 2-core machine affords, each epoch scored on the
held-out books' pairs, the best by held-out MRR kept.

    python -m training.reader.train --dump-pairs .gpu/pairs.json.gz          # here: the pairs, made by RulesPal
    python training/reader/gpu.py --pairs .gpu/pairs.json.gz --base DIR --out DIR   # there: torch + transformers
    python training/reader/gpu.py --join DIR --base DIR --out data/reader-gpu/best   # here: back into a model
    python -m training.reader.train --export-only data/reader-gpu/best       # here: int8 ONNX and its card

It needs only torch and transformers (no RulesPal, no ``datasets``), so it runs on a bare GPU machine. The model
comes back in float16 parts of at most ``PART_BYTES`` (what such a machine returns per file); ``--join`` makes
them a float32 model again.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from training.reader.figures import ranking_figures  # noqa: E402

PART_BYTES = 15 * 2**20
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt")


def _score(model, tok, flat: list[tuple[str, str]], device: str, max_tokens: int) -> list[float]:
    import torch

    out: list[float] = []
    model.eval()
    with torch.no_grad():
        for i in range(0, len(flat), 256):
            b = flat[i:i + 256]
            enc = tok([q for q, _ in b], [t for _, t in b], truncation=True, max_length=max_tokens, padding=True,
                      return_tensors="pt").to(device)
            out += torch.sigmoid(model(**enc).logits.float().squeeze(-1)).tolist()
    model.train()
    return out


def train_one(base: Path, data: dict, lr: float, epochs: int, batch: int, device: str, log) -> tuple[float, dict, list]:
    """One learning rate over ``epochs`` epochs (one linear schedule with 10 % warmup); returns the best epoch's
    held-out MRR, its weights (on the CPU) and every epoch's figures."""
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer, get_linear_schedule_with_warmup

    seed, max_tokens = data["seed"], data["max_tokens"]
    random.seed(seed)
    torch.manual_seed(seed)
    tok = AutoTokenizer.from_pretrained(str(base))
    model = AutoModelForSequenceClassification.from_pretrained(str(base), num_labels=1, dtype=torch.float32).to(device).train()
    train = data["train"]
    pos = sum(p[2] for p in train)
    loss_fn = torch.nn.BCEWithLogitsLoss(pos_weight=torch.tensor(math.sqrt((len(train) - pos) / max(pos, 1)),
                                                                 device=device))
    steps = epochs * math.ceil(len(train) / batch)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.0)
    sched = get_linear_schedule_with_warmup(opt, int(0.1 * steps), steps)
    order = list(range(len(train)))
    best: tuple[float, dict | None] = (-1.0, None)
    history = []
    for epoch in range(epochs):
        random.Random(seed + epoch).shuffle(order)
        for i in range(0, len(order), batch):
            b = [train[j] for j in order[i:i + batch]]
            enc = tok([p[0] for p in b], [p[1] for p in b], truncation=True, max_length=max_tokens, padding=True,
                      return_tensors="pt").to(device)
            with torch.autocast(device_type="cuda", dtype=torch.bfloat16, enabled=device == "cuda"):
                logits = model(**enc).logits.squeeze(-1)
            loss = loss_fn(logits.float(), torch.tensor([float(p[2]) for p in b], device=device))
            loss.backward()
            opt.step()
            sched.step()
            opt.zero_grad()
        held = ranking_figures(lambda flat: _score(model, tok, flat, device, max_tokens), data["held"])
        fig = {"lr": lr, "epoch": epoch + 1, "heldout": held,
               "heldout_styled": ranking_figures(lambda flat: _score(model, tok, flat, device, max_tokens), data["styled"])}
        history.append(fig)
        log(fig)
        if held["mrr"] > best[0]:
            best = (held["mrr"], {k: v.detach().to("cpu", copy=True) for k, v in model.state_dict().items()})
    assert best[1] is not None
    return best[0], best[1], history


def save_parts(state: dict, base: Path, out: Path) -> None:
    """The chosen weights as float16 safetensors cut into parts, with the config (the tokenizer is the base's)."""
    import shutil

    from safetensors.torch import save

    blob = save({k: (v.half() if v.is_floating_point() else v).contiguous() for k, v in state.items()})
    for n, i in enumerate(range(0, len(blob), PART_BYTES)):
        (out / f"weights.part{n:02d}").write_bytes(blob[i:i + PART_BYTES])
    shutil.copyfile(base / "config.json", out / "config.json")


def join(parts: Path, base: Path, out: Path) -> None:
    """The float16 parts back into a float32 model directory, with the base's tokenizer, that ``train
    --export-only`` reads."""
    import shutil

    from safetensors.torch import load
    from transformers import AutoConfig, AutoModelForSequenceClassification

    blob = b"".join(p.read_bytes() for p in sorted(parts.glob("weights.part*")))
    state = {k: (v.float() if v.is_floating_point() else v) for k, v in load(blob).items()}
    config = AutoConfig.from_pretrained(str(parts), num_labels=1)
    model = AutoModelForSequenceClassification.from_config(config)
    missing, unexpected = model.load_state_dict(state, strict=False)
    if missing or unexpected:
        raise SystemExit(f"the parts do not fit the model: missing {missing}, unexpected {unexpected}")
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(str(out))
    for name in TOKENIZER_FILES:
        if (base / name).exists():
            shutil.copyfile(base / name, out / name)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=Path)
    ap.add_argument("--base", type=Path, help="the base weights' directory (all-MiniLM-L6-v2)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--lrs", default="2e-5,4e-5,6e-5")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--max-pairs", type=int, default=0)
    ap.add_argument("--budget-s", type=float, default=0, help="start no new learning rate after this many seconds")
    ap.add_argument("--join", type=Path, default=None, help="join the parts in this directory into --out")
    args = ap.parse_args()
    if args.join:
        join(args.join, args.base, args.out)
        return

    import torch

    device = "cuda" if torch.cuda.is_available() else "cpu"
    with gzip.open(args.pairs, "rt") as f:
        data = json.load(f)
    if "seed" not in data or "max_tokens" not in data:
        raise SystemExit(f"{args.pairs} has no seed or token limit: write it again with train.py --dump-pairs")
    if args.max_pairs:
        data["train"] = data["train"][:args.max_pairs]
    args.out.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    runs = []

    def log(fig: dict) -> None:
        print(json.dumps({**fig, "s": round(time.time() - t0)}), flush=True)

    best: tuple[float, dict | None] = (-1.0, None)
    for lr in (float(x) for x in args.lrs.split(",")):
        if args.budget_s and time.time() - t0 > args.budget_s:
            print(f"budget spent: lr {lr} not run", flush=True)
            break
        mrr, state, history = train_one(args.base, data, lr, args.epochs, args.batch, device, log)
        runs += history
        if mrr > best[0]:
            best = (mrr, state)
    assert best[1] is not None
    save_parts(best[1], args.base, args.out)
    chosen = max(runs, key=lambda r: r["heldout"]["mrr"])
    name = torch.cuda.get_device_name() if device == "cuda" else "cpu"
    (args.out / "log.json").write_text(json.dumps({"device": device, "device_name": name, "pairs": len(data["train"]),
                                                   "pairs_made_by": data.get("made_by"),
                                                   "batch": args.batch, "epochs": args.epochs, "chosen": chosen,
                                                   "runs": runs, "seconds": round(time.time() - t0)}, indent=1))
    print("chosen:", json.dumps(chosen), flush=True)


if __name__ == "__main__":
    main()
