"""RulesPal's retriever inside a small LCEL chain: the chain's context is the real passage that states
the rule, with its exact span."""

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

    # A chain that answers with the first passage's section and the sentence that holds the number.
    def answer(inputs):
        top = inputs["context"][0]
        sentence = next(s for s in top.page_content.split(". ") if "maximum" in s)
        return {"section": top.metadata["section"], "sentence": sentence}

    chain = {"context": retriever, "question": RunnablePassthrough()} | RunnableLambda(answer)
    out = chain.invoke("What is the maximum Morale a crew can reach?")
    assert out["section"].endswith("The crew's Morale")
    assert "maximum Morale your crew can reach is 30" in out["sentence"]
