"""PDF text that reads like the book, from page texts as an extractor gives them."""

from rulespal.ingest.pdf import LINE_HYPHEN, clean_pages, mark_headings

WRAPPED = [
    "Kraken Cove Rules\r\nPage 1\r\n"
    "Setup\r\n"
    "Each player draws 3 cards (in a 2-player game, each player draws\r\n"
    "5 cards). Shuffle the re-\r\nmoved tiles back into the bag. This is a two-\r\nplayer variant.\r\n"
    "1\r\n",
    "Kraken Cove Rules\r\nPage 2\r\n"
    "Turn\r\n• Draw a card from the deck and add it to your\r\nhand.\r\n• Play one card.\r\n"
    "The ﬁrst player to collect 25 Pearls wins. Pearls are wor" + LINE_HYPHEN + "th 1 point\u200b each.\r\n2\r\n",
    "Kraken Cove Rules\r\nPage 3\r\nScoring\r\nu 2 Pearls\r\nu 3 Shells\r\nSee the removed tiles.\r\n3\r\n",
]


def test_reflow_joins_wrapped_lines_and_keeps_headings():
    text = clean_pages(WRAPPED)
    assert "each player draws 5 cards). Shuffle the removed tiles back into the bag." in text
    assert text.startswith("Setup\n\nEach player") and "\n\nTurn\n\n• Draw" in text


def test_hyphens_ligatures_and_invisible_characters():
    text = clean_pages(WRAPPED)
    assert "removed tiles" in text and "two-player variant" in text  # "two-/player" keeps its hyphen
    assert "The first player" in text and "worth 1 point each" in text
    assert "\u200b" not in text and LINE_HYPHEN not in text
    assert clean_pages(["\ufb01rst \ufb04oor, \u00bd a tile"]).startswith("first ffloor, \u00bd a tile")  # only ligatures


def test_running_headers_and_page_numbers_are_dropped():
    text = clean_pages(WRAPPED)
    assert "Kraken Cove Rules" not in text and "Page 2" not in text
    assert "\n1\n" not in f"\n{text}\n" and not text.rstrip().endswith("3")


def test_list_items_stay_one_per_line_and_symbol_bullets_become_bullets():
    text = clean_pages(WRAPPED)
    assert "• Draw a card from the deck and add it to your hand.\n• Play one card." in text
    assert "• 2 Pearls\n• 3 Shells" in text


def test_lines_set_larger_than_the_body_become_headings():
    body = [("Each player draws two cards and plays one of them.", 11.0)] * 20
    pages = [[("Setting up the Game", 21.5), *body[:5], ("Claiming Routes", 16.0), *body[5:10]],
             [("Drawing", 16.0), *body[10:], ("Red scores 4 points.", 9.0)]]
    marked = mark_headings(pages)
    assert marked[0].splitlines()[0] == "# Setting up the Game"
    assert "## Claiming Routes" in marked[0] and marked[1].startswith("## Drawing")
    assert "Red scores 4 points." in marked[1].splitlines()  # a small caption stays a plain line
    text = clean_pages(marked)
    assert "## Claiming Routes\n\nEach player" in text  # a heading is never run into the paragraph after it
    # sizes that say nothing (one large title) leave the lines as they were
    assert mark_headings([[("Rulebook", 30.0), *body]])[0].startswith("Rulebook\n")


def test_sizes_that_are_not_headings():
    rules = [("Each player draws two cards and plays one of them.", 10.0)] * 10
    examples = [("Example: Anna draws two cards and plays the red one.", 9.0)] * 12
    title_page = [("Kraken Cove", 40.0), ("A game for 2-4 players", 20.0), ("Ages 10+", 20.0), ("Rulebook", 20.0)]
    # a title page alone says nothing about the book's structure
    pages = mark_headings([title_page, rules, examples])[1:]
    assert len(pages) == 2 and not any(p.startswith("#") for p in pages)
    assert mark_headings([title_page, rules])[0].startswith("Kraken Cove")
    # rules set a size larger than the more numerous examples are still body text, not headings
    assert "#" not in "".join(mark_headings([rules[:5] + examples[:6], rules[5:] + examples[6:]]))
    # a wrapped title's lower-case second line stays a plain line
    pages = [[("Setup", 16.0), *rules[:3], ("A company reaches", 16.0), ("value", 16.0)], [("Turns", 16.0), *rules]]
    assert "value" in mark_headings(pages)[0].splitlines()
