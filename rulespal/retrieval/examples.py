"""Three questions a new player could ask of a rulebook, made from its own headings (the empty chat page)."""

from __future__ import annotations

import re

from rulespal.core.text import GENERIC_HEADING, NOT_A_TERM, SECTION_SEP, plain

MOST_WORDS = 4  # a heading longer than this reads as a sentence, not a topic


def example_questions(sections: list[str], lang: str, most: int = 3) -> list[str]:
    """Questions on ``most`` topics spread through the book: its innermost headings that name a topic (not
    "Introduction", "Credits", a number or a sentence), in the book's order."""
    topics: list[str] = []
    seen: set[str] = set()
    for section in sections:
        leaf = re.sub(r"^[\d.]+[)]?\s*", "", plain(section.split(SECTION_SEP)[-1])).strip(" :.#*")
        words = leaf.split()
        # "Leatherback Components", "Icon Reference": a generic last word is a generic heading
        if (1 <= len(words) <= MOST_WORDS and not GENERIC_HEADING.match(leaf) and not NOT_A_TERM.search(leaf)
                and not GENERIC_HEADING.match(words[-1]) and not re.match(r"(?i)(?:reference|icons?|faqs?)\b", words[-1])
                and leaf.casefold() not in seen):
            topics.append(leaf)
            seen.add(leaf.casefold())
    if len(topics) > most:  # spread over the book: its start, middle and end
        topics = [topics[round(i * (len(topics) - 1) / (most - 1))] for i in range(most)] if most > 1 else topics[:1]
    return [_ask(t, lang) for t in topics[:most]]


def _ask(topic: str, lang: str) -> str:
    if lang == "ko":
        return f"{topic} 규칙은 뭐야?"
    if re.match(r"(?i)(?:how|what|when|why|who|can|do|does)\b", topic):
        return f"{topic[0].upper()}{topic[1:].lower()}?"  # "How to Play" asks itself
    return f"What are the rules for {topic}?"
