"""Rulebook markup read as a player reads it: table rows as cells, Markdown marks left out."""

from rulespal.core.text import (aligned_rows, cells, clause_start, flat_quote, plain, sentence_span, sentence_spans,
                                words_only)


def test_rows_become_cells_and_markdown_marks_go():
    assert cells("| 6 | Warfare | Remove one token. |") == ["6", "Warfare", "Remove one token."]
    assert cells("6-9\tHalf the wounds") == ["6-9", "Half the wounds"]
    assert flat_quote("Roll\tResult\n6-9\tHalf\n10\tAll") == "Roll | Result / 6-9 | Half / 10 | All"
    assert flat_quote("| # | Card |\n| --- | --- |\n| 1 | **Leadership** |") == "#: 1, Card: Leadership"
    assert flat_quote("### HAND LIMIT\n* You may hold **7** cards.") == "HAND LIMIT You may hold 7 cards."


def test_a_cited_table_prints_as_aligned_columns():
    assert aligned_rows("Players\tRum markers\n2\t8\n3\t10") == ["Players  Rum markers", "2        8", "3        10"]
    assert aligned_rows("| # | Card |\n| --- | --- |\n| 1 | Leadership |") == ["#  Card", "1  Leadership"]
    assert aligned_rows("No table here.") == []


def _sentences(text: str, **kw) -> list[str]:
    return [text[a:b] for a, b in sentence_spans(text, **kw)]


def test_a_decimal_or_a_thousands_separator_ends_no_sentence():
    assert _sentences("Take 1.5 Gold per tile. Pay $1,000. Then pass.") == [
        "Take 1.5 Gold per tile.", "Pay $1,000.", "Then pass."]


def test_an_abbreviation_ends_no_sentence():
    assert _sentences("Ask Mrs. Marple (i.e. the host). She says go! You go?") == [
        "Ask Mrs. Marple (i.e. the host).", "She says go!", "You go?"]


def test_lines_and_clauses_end_sentences_only_when_asked_and_a_hard_wrap_never():
    text = "Each player draws 3 cards and then\nplaces them face down; the rest wait\nRow 2: 5 cards"
    assert _sentences(text) == [text]
    assert _sentences(text, lines=True) == ["Each player draws 3 cards and then\nplaces them face down; the rest wait",
                                            "Row 2: 5 cards"]
    assert _sentences(text, lines=True, clauses=True) == [
        "Each player draws 3 cards and then\nplaces them face down;", "the rest wait", "Row 2: 5 cards"]


def test_a_short_piece_goes_on_into_the_next_sentence():
    assert _sentences("See p. 4. Then draw two cards.", min_chars=12) == ["See p. 4. Then draw two cards."]


def test_sentence_span_is_the_sentence_or_line_holding_the_position():
    text = "Draw 2 cards. With 3 players, draw 4.\nScore 1 point."
    assert text[slice(*sentence_span(text, text.index("3 players")))] == "With 3 players, draw 4."
    assert text[slice(*sentence_span(text, text.index("Score")))] == "Score 1 point."


def test_a_table_read_across_is_named_by_its_first_column():
    quote = "| Butterflies | 1 | 2 | 3 |\n| --- | --- | --- | --- |\n| Points | 3 | 7 | 12 |"
    assert flat_quote(quote) == "Butterflies: 1, 2, 3 / Points: 3, 7, 12"


def test_a_header_row_alone_reads_as_its_column_names():
    assert flat_quote("The cards are:\n\n| # | Card | Ability |\n| --- | --- | --- |") == "The cards are: #, Card, Ability"


def test_a_short_dashed_rule_line_is_no_row():
    assert flat_quote("| Players | Cards |\n|-|-|\n| 2 | 5 |") == "Players: 2, Cards: 5"
    assert cells("3rd Player\t—\t—\t2 Cards") == ["3rd Player", "—", "—", "2 Cards"]


def test_a_negative_cell_keeps_its_sign():
    assert cells("| Beach | -1 |") == ["Beach", "-1"] and plain("- 3 cards") == "3 cards"


def test_words_only_reads_a_copied_rule_as_the_rule() -> None:
    """The checker's verbatim test and the writer's repeated-rule test compare rules in this form."""
    assert words_only('3. **Take** 3 cards [1, 2] | "then" / discard.') == "take 3 cards then discard"
    assert words_only("- Take 3 cards.") == words_only("Take 3 cards")
    assert words_only("Take 3 cards") != words_only("Take 4 cards")


def test_a_clause_starts_after_its_mark_and_never_inside_a_number():
    text = "Take 1.5 Gold per tile; then draw 2 cards"
    assert text[clause_start(text, text.index("2")):] == " then draw 2 cards"
    money = "Pay $1,000, then take 3 gold"
    assert money[clause_start(money, money.index("3"), marks=".,;:"):] == " then take 3 gold"
    assert money[clause_start(money, money.index("3")):] == money  # commas end a clause only when asked
    assert clause_start("Costs 1.5 gold", 8) == 0
