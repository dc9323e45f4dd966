"""Game detection by title and alias, and stripping the name from the question."""

from rulespal.core.types import Doc
from rulespal.retrieval.games import GameDetector, only_one_holds

DOCS = [
    Doc(id="skull-tales", title="Skull Tales", lang="en", text_path="", aliases=("Skull Tales: Full Sail",)),
    Doc(id="pirates-2", title="Pirates 2 ed.: Governor's Daughter", lang="en", text_path="",
        aliases=("Governor's Daughter", "해적 2판")),
    Doc(id="kraken", title="Kraken Cove", lang="en", text_path="", aliases=("KC",)),
]


def test_titles_and_aliases_are_found_longest_first():
    d = GameDetector(DOCS)
    assert d.detect("In Skull Tales, how many actions?") == ["skull-tales"]
    assert d.detect("governors daughter ransom?") == ["pirates-2"]
    assert d.detect("해적 2판 몸값은?") == ["pirates-2"]
    assert d.detect("Skull Tales or Kraken Cove: who starts?") == ["skull-tales", "kraken"]
    assert d.detect("how do skulls work?") == []  # whole words only
    assert d.detect("KC setup") == []  # names under three letters are too ambiguous to match


def test_a_latin_title_with_a_korean_particle_glued_to_it():
    d = GameDetector(DOCS)
    assert d.detect("Skull Tales에서 사기는 최대 몇이야?") == ["skull-tales"]
    assert d.detect("Kraken Cove는 몇 명이서 해?") == ["kraken"]
    assert d.strip("Skull Tales에서 사기는 최대 몇이야?") == "사기는 최대 몇이야?"
    assert d.detect("Skull Talesman") == []  # a longer Latin word is still another word


def test_strip_removes_the_name_and_dangling_prepositions():
    d = GameDetector(DOCS)
    assert d.strip("In Skull Tales, how many actions per turn?") == "how many actions per turn?"
    assert d.strip("What is the ransom in Governor’s Daughter?") == "What is the ransom ?"
    assert d.strip("Skull Tales") == "Skull Tales"  # nothing left: keep the question as asked
    assert d.strip("How many actions?") == "How many actions?"


PARTIAL = GameDetector([
    Doc(id="pirates-2", title="Pirates 2 ed.", lang="en", text_path=""),
    Doc(id="tiny-epic-pirates", title="Tiny Epic Pirates", lang="en", text_path=""),
    Doc(id="combat-commander", title="Combat Commander", lang="en", text_path=""),
    Doc(id="kraken-raiders", title="Kraken Raiders", lang="en", text_path=""),
    Doc(id="reef-raiders", title="Reef Raiders", lang="en", text_path=""),
])


def test_a_word_that_opens_one_title_points_at_that_game():
    assert PARTIAL.partial("can a ship attack twice in Pirates?") == ["pirates-2"]


def test_a_word_in_several_titles_lists_them_to_ask_which():
    assert sorted(PARTIAL.partial("how do boarding actions work in Raiders?")) == ["kraken-raiders", "reef-raiders"]


def test_a_sentence_opening_word_is_not_a_name():
    assert PARTIAL.partial("Combat: how many dice do I roll?") == []
    assert PARTIAL.partial("I moved. Combat happens next?") == []
    assert PARTIAL.partial("what happens in Combat?") == ["combat-commander"]


def test_a_title_written_in_hangul_is_heard_as_a_candidate():
    games = [Doc(id=i, title=t, lang="en", text_path="") for i, t in (
        ("splendor", "Splendor"), ("torres", "Torres"), ("troyes", "Troyes"), ("ceylon", "Ceylon"),
        ("il-vecchio", "Il Vecchio"), ("crew", "The Crew"), ("aeons-end", "Aeon's End"))]
    det = GameDetector(games)
    assert det.sounds_like("스플렌더에서 골드 토큰은 어떻게 가져와요?") == ["splendor"]
    assert det.sounds_like("토레스에서 기사를 대각선으로 움직일 수 있나요?")[0] == "torres"
    assert det.sounds_like("일 베키오에서 트랙이 꽉 찼는데 더 올릴 수 있나요?") == ["il-vecchio"]  # "cch" is a k
    assert det.sounds_like("에이언즈 엔드에서 체력이 0 되면?") == ["aeons-end"]
    assert det.sounds_like("카드 몇 장 받아요?") == []  # two consonants name too many words
    assert det.sounds_like("How many cards in Splendor?") == []  # only Hangul at the question's start
    # particles one after another, quotes or brackets before the name, a name that ends like a particle
    for question in ("스플렌더에서는 골드는?", "스플렌더에선 뭐가 달라요?", '"스플렌더"에서 골드는?', "[스플렌더] 골드"):
        assert det.sounds_like(question) == ["splendor"], question
    tokaido = GameDetector([Doc(id="tokaido", title="Tokaido", lang="en", text_path="")])
    assert tokaido.sounds_like("토카이도 규칙에서 온천은?") == ["tokaido"]


def test_words_of_a_korean_rulebook_are_never_heard_as_titles_and_same_sounding_titles_are_all_candidates():
    games = [Doc(id="calico", title="Calico", lang="en", text_path=""),
             Doc(id="claustrophobia", title="Claustrophobia", lang="en", text_path=""),
             Doc(id="claustrophobia-1643", title="Claustrophobia 1643", lang="en", text_path="")]
    assert GameDetector(games).sounds_like("그리고 모든 문이 연결되나요?") == ["calico"]  # sounds alike
    assert GameDetector(games, frozenset({"그리고"})).sounds_like("그리고 모든 문이 연결되나요?") == []
    det = GameDetector(games)
    assert det.sounds_like("클로스트로포비아에서 악마는?") == ["claustrophobia", "claustrophobia-1643"]
    assert det.sounds_like("클로스트로포비아 1643에서 악마는?") == ["claustrophobia-1643"]  # its number


def test_a_game_named_in_full_is_told_apart_from_the_picked_game_s_own_words():
    d = GameDetector([*DOCS, Doc(id="the-crew", title="The Crew", lang="en", text_path=""),
                      Doc(id="power-grid", title="Power Grid", lang="en", text_path="")])
    rules = "The crew moves 2 spaces. The power grid of the harbour lights the docks."
    assert d.named_in_full("Kraken Cove: how many pearls?", rules) == ["kraken"]
    assert d.named_in_full("the ransom in Pirates 2 ed.: Governor's Daughter?", rules) == ["pirates-2"]
    assert d.named_in_full("how many pearls in kraken cove?", rules) == []  # not written as a title
    assert d.named_in_full("Can The Crew move twice?", rules) == []  # one word of its own
    assert d.named_in_full("Does the Power Grid light the docks?", rules) == []  # the picked game's own phrase


def test_a_capitalised_word_of_the_chat_s_game_is_not_a_game():
    assert GameDetector.partial_word_in("and the Ghost Ship?", "Each Ghost Ship sails 2 spaces.")
    assert not GameDetector.partial_word_in("what about Pirates?", "Each Ghost Ship sails 2 spaces.")


def test_a_user_file_named_rulebook_is_found_by_the_game_s_name():
    from rulespal.core.text import bare_title
    docs = [*DOCS, Doc(id="horrified-rulebook", title="Horrified Rulebook", lang="en", text_path="")]
    d = GameDetector(docs)
    assert d.detect("Horrified: how many dice are in the game?") == ["horrified-rulebook"]
    assert bare_title("Azul rules") == "Azul" and bare_title("Rulebook") == "Rulebook"


def test_part_of_a_long_title_heard_in_hangul():
    docs = [*DOCS, Doc(id="tales", title="Tales of the Arabian Nights", lang="en", text_path=""),
            Doc(id="crime-1400", title="Chronicles of Crime 1400", lang="en", text_path="")]
    d = GameDetector(docs)
    assert d.sounds_like("아라비안 나이트에서 어떻게 이기나요?") == ["tales"]
    assert d.sounds_like("크로니클 오브 크라임에서 이동하면 시간이 얼마나 흘러?") == ["crime-1400"]
    assert d.sounds_like("그리고 모든 문이 연결되도록 방타일을 이어 붙입니다") == []  # an ordinary sentence


def test_a_word_only_one_candidate_book_has_picks_that_book():
    books = {"ferry": frozenset({"lantern", "coin", "fog", "boat"}), "market": frozenset({"coin", "boat", "stall"})}
    answering = {"ferry": frozenset({"lantern", "coin"}), "market": frozenset({"coin"})}
    assert only_one_holds(("lantern", "coin"), answering, books) == "ferry"


def test_no_word_of_its_own_or_one_in_each_book_asks_which():
    books = {"a": frozenset({"gold", "ship", "mast"}), "b": frozenset({"gold", "ship", "crew"})}
    assert only_one_holds(("gold", "ship"), {"a": books["a"], "b": books["b"]}, books) is None
    assert only_one_holds(("mast", "crew"), {"a": books["a"], "b": books["b"]}, books) is None


def test_the_word_must_be_in_the_answering_passage_and_not_a_number():
    books = {"a": frozenset({"coin", "lantern", "5"}), "b": frozenset({"coin"})}
    assert only_one_holds(("lantern",), {"a": frozenset({"coin"}), "b": frozenset({"coin"})}, books) is None
    assert only_one_holds(("5",), {"a": frozenset({"5"}), "b": frozenset({"coin"})}, books) is None


def test_a_title_is_named_without_its_leading_article_when_two_words_are_left():
    docs = [Doc(id="the-princes-of-florence", title="The Princes of Florence", lang="en", text_path=""),
            Doc(id="the-mind", title="The Mind", lang="en", text_path="")]
    det = GameDetector(docs)
    assert det.detect("princes of florence - can my buildings touch?") == ["the-princes-of-florence"]
    assert det.detect("keep it in mind: how many lives?") == []


def test_hangul_bigrams_never_decide_which_game():
    books = {"a": frozenset({"#금을", "금"}), "b": frozenset({"금"})}
    assert only_one_holds(("#금을", "금"), dict(books), books) is None


def test_a_title_is_heard_as_korean_writes_english_sounds():
    games = [Doc(id=i, title=t, lang="en", text_path="") for i, t in (
        ("crew", "The Crew"), ("azul", "Azul: Queen's Garden"), ("viti", "Viticulture World"), ("jaipur", "Jaipur"),
        ("dark-tower", "Return to Dark Tower"), ("junk-art", "Junk Art"))]
    det = GameDetector(games)
    assert det.sounds_like("더 크루에서 로켓 카드도 알려줘도 돼요?") == ["crew"]  # the article, "ew" as 우
    assert det.sounds_like("아줄 퀸즈 가든에서 패스하면?") == ["azul"]  # "ee" as 이, the r of "garden" unwritten
    assert det.sounds_like("비티컬처 월드에서 연말에 카드 몇 장?") == ["viti"]  # "-ture" as 처
    assert det.sounds_like("자이푸르 라운드 끝났는데?") == ["jaipur"]  # a name's r may be written
    # a short Hangul run never hears a title with its r's silent: "덱 다" is not "Dark Tower"
    assert det.sounds_like("덱 다 떨어졌는데 카드 드로우해야 하면?") == []
    assert det.sounds_like("손에 카드 최대 몇 장?") == []


def test_a_lower_case_word_names_a_game_only_where_a_name_stands_and_no_other_book_uses_it():
    docs = [Doc(id="wayfarers", title="Wayfarers of the South Tigris", lang="en", text_path=""),
            Doc(id="combat-commander", title="Combat Commander", lang="en", text_path=""),
            Doc(id="skull-tales", title="Skull Tales", lang="en", text_path="")]
    rules = {"wayfarers": {"wayfarers"}, "combat": {"combat-commander", "skull-tales"}}
    d = GameDetector(docs, used_by=lambda w: rules.get(w.casefold(), set()))
    assert d.partial("tie breaker at the end of wayfarers?") == ["wayfarers"]
    assert d.partial("what does the 3rd player start with in wayfarers") == ["wayfarers"]
    assert d.partial("what happens in combat?") == []  # an ordinary phrase: Skull Tales' rules say it too
    assert d.partial("wayfarers tie breaker?") == []  # not where a name stands
    assert d.opening("wayfarers") == ["wayfarers"] and d.opening("south") == []


def test_a_small_word_opens_no_title():
    d = GameDetector([Doc(id="the-crew", title="The Crew", lang="en", text_path="")])
    assert d.opening("the") == [] and d.opening("crew") == []


def test_a_reply_that_only_names_a_game_names_it():
    d = GameDetector([Doc(id="flip-7", title="Flip 7", lang="en", text_path=""),
                      Doc(id="ex-libris", title="Ex Libris", lang="en", text_path="")])
    assert d.named_alone("flip 7") == "flip-7" and d.named_alone("the Flip 7 one please") == "flip-7"
    assert d.named_alone("I mean Ex Libris") == "ex-libris"
    assert d.named_alone("flip 7 how many cards") is None  # a new question
    assert d.named_alone("ex libris and flip 7") is None


def test_long_titles_are_heard_with_their_articles_and_silent_rs_word_by_word():
    games = [Doc(id=i, title=t, lang="en", text_path="") for i, t in (
        ("wonders-of-the-first", "Wonders of the First"), ("lets-go-to-japan", "Let's Go! To Japan"),
        ("saltfjord", "Saltfjord"), ("splendor", "Splendor"))]
    games.append(Doc(id="beer-and-bread", title="Beer & Bread", lang="en", text_path="", aliases=("Beer and Bread",)))
    det = GameDetector(games)
    assert det.sounds_like("원더스 오브 더 퍼스트에서 손패 제한이 몇 장이에요?") == ["wonders-of-the-first"]
    assert det.sounds_like("레츠 고 투 재팬에서 경험 토큰은?") == ["lets-go-to-japan"]  # four words
    assert det.sounds_like("비어 앤 브레드 풍년 해에 밀 토큰은?") == ["beer-and-bread"]  # "Beer" is 비어
    assert det.sounds_like("솔트피오르드에서 점수 트랙은?") == ["saltfjord"]  # a Nordic j is a y


def test_an_edition_after_a_title_is_not_part_of_its_heard_name():
    from rulespal.retrieval.games import _heard_names
    assert ["War", "of", "the", "Ring"] in _heard_names("War of the Ring: Second Edition")
    assert all("Second" not in words for words in _heard_names("War of the Ring: Second Edition"))
