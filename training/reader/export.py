"""The trained cross-encoder to ONNX, then int8 (dynamic quantization) when int8 keeps the held-out figures."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

from rulespal.retrieval.reader import MODEL_FILE, TOKENIZER_FILE, OnnxReader

INT8_SLACK = 0.01  # int8 is kept when its held-out MRR is within this of float32's


def to_onnx(model_dir: Path, target: Path) -> None:
    import torch
    from transformers import AutoModelForSequenceClassification

    model = AutoModelForSequenceClassification.from_pretrained(str(model_dir)).eval()

    class Logits(torch.nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.inner(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids).logits

    sample = torch.ones(2, 8, dtype=torch.long)
    dynamic = {n: {0: "batch", 1: "tokens"} for n in ("input_ids", "attention_mask", "token_type_ids")}
    dynamic["logits"] = {0: "batch"}
    torch.onnx.export(Logits(model), (sample, sample, torch.zeros_like(sample)), str(target),
                      input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["logits"],
                      dynamic_axes=dynamic, opset_version=17, dynamo=False)


def export(model_dir: Path, held_pairs: list, figures_of: Callable) -> dict:
    """Write ``rulespal/models/reader.onnx`` and its tokenizer; returns the held-out figures of both forms."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    work = model_dir / "onnx"
    work.mkdir(exist_ok=True)
    fp32, int8 = work / "reader-fp32.onnx", work / "reader-int8.onnx"
    to_onnx(model_dir, fp32)
    quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8, per_channel=True)
    tok = model_dir / "tokenizer.json"
    out: dict = {}
    for name, f in (("fp32", fp32), ("int8", int8)):
        r = OnnxReader(2, f, tok)
        out[f"heldout_{name}"] = figures_of(lambda flat, r=r: _score_flat(r, flat), held_pairs)
        print(name, out[f"heldout_{name}"], flush=True)
    keep = int8 if out["heldout_int8"]["mrr"] >= out["heldout_fp32"]["mrr"] - INT8_SLACK else fp32
    out["form"] = "int8" if keep == int8 else "fp32"
    out["final"] = out[f"heldout_{out['form']}"]
    MODEL_FILE.parent.mkdir(parents=True, exist_ok=True)
    tmp = MODEL_FILE.with_suffix(f".{os.getpid()}.tmp")
    shutil.copyfile(keep, tmp)
    os.replace(tmp, MODEL_FILE)
    shutil.copyfile(tok, TOKENIZER_FILE)
    from rulespal.retrieval.reader import file_sha256

    out["sha256"] = file_sha256(MODEL_FILE)
    out["bytes"] = MODEL_FILE.stat().st_size
    return out


def _score_flat(r: OnnxReader, flat: list[tuple[str, str]]) -> list[float]:
    by_q: dict[str, list[int]] = {}
    for i, (q, _) in enumerate(flat):
        by_q.setdefault(q, []).append(i)
    scores = [0.0] * len(flat)
    for q, idx in by_q.items():
        for i, s in zip(idx, r.score(q, [flat[i][1] for i in idx])):
            scores[i] = s
    return scores


def export_figures(held_pairs: list, figures_of: Callable) -> dict:
    """The held-out figures of the exported file (``rulespal/models/reader.onnx``) on these pairs."""
    r = OnnxReader(2, MODEL_FILE, TOKENIZER_FILE)
    return figures_of(lambda flat: _score_flat(r, flat), held_pairs)
