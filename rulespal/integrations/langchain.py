"""RulesPal's retrieval as a LangChain retriever, for anyone's own chain or agent."""

from __future__ import annotations

from typing import Any

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict


class RulesPalRetriever(BaseRetriever):
    """Returns rulebook passages as Documents; metadata carries doc id, section, span and score.

    ``page_content`` is exactly ``corpus_text[start:end]`` of the document.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    service: Any  # rulespal.service.RulesPal
    k: int = 5
    game: str | None = None

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        hits = self.service.search(query, self.game, self.k)
        return [Document(page_content=h.chunk.text, id=h.chunk.id,
                         metadata={"doc": h.chunk.doc, "section": h.chunk.section, "start": h.chunk.start,
                                   "end": h.chunk.end, "score": h.score})
                for h in hits]
