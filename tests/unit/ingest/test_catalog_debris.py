"""A manifest whose declared debris is not in its rulebook is a data error with a message, not a traceback."""

import pytest

from rulespal.ingest.catalog import corpus_docs
from rulespal.core.errors import CorpusDataError


def test_debris_that_is_not_in_the_book_is_refused(tmp_path):
    (tmp_path / "reef.md").write_text("# Reef\n\nPlace 3 shells.\n", encoding="utf-8")
    (tmp_path / "games.toml").write_text('[games.reef]\ntitle = "Reef"\ndebris = ["9 9 9"]\n', encoding="utf-8")
    with pytest.raises(CorpusDataError, match="debris"):
        corpus_docs(tmp_path)
    (tmp_path / "games.toml").write_text('[games.reef]\ntitle = "Reef"\ndebris = ["3 shells"]\n', encoding="utf-8")
    assert corpus_docs(tmp_path)[0].debris == ("3 shells",)
