"""RulesPal's retriever inside a small LCEL chain."""

from langchain_core.documents import Document
from langchain_core.runnables import RunnableLambda, RunnablePassthrough

from rulespal.integrations.langchain import RulesPalRetriever


def test_retriever_in_lcel_chain(service):
    retriever = RulesPalRetriever(service=service, k=3, game="skull-tales")
    docs = retriever.invoke("maximum crew morale")
    assert len(docs) == 3 and all(isinstance(d, Document) for d in docs)
    for d in docs:
        m = d.metadata
        assert m["doc"] == "skull-tales"
        assert service.index.text(m["doc"])[m["start"]:m["end"]] == d.page_content

    def cite(inputs):
        top = inputs["context"][0]
        return f"{inputs['question']} -> {top.metadata['section']} [{top.metadata['start']}:{top.metadata['end']}]"

    chain = {"context": retriever, "question": RunnablePassthrough()} | RunnableLambda(cite)
    out = chain.invoke("What is the maximum Morale a crew can reach?")
    assert out.startswith("What is the maximum Morale") and "[" in out
