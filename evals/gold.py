"""Writes gold.jsonl (kept as code so each question is reviewable in one place). Run: python evals/gold.py"""
import json
from pathlib import Path

D = "davy-jones-locker-curse-of-the-ghost-ships"
T = "tiny-epic-pirates-curse-of-amdiak"
K = "dead-men-tell-no-tales-ko"
P = "pirates-2ed-governors-daughter"
S = "skull-tales"

Q = []


def q(id, question, doc, must, quotes, cat="fact", lang="en", style="paraphrase", answerable=True,
      history=None, needs_game=None, split="dev", game=None, any_of=None):
    Q.append({"id": id, "question": question, "game": game, "expect_doc": doc, "must": must, "any_of": any_of or [],
              "evidence": [{"doc": doc if not isinstance(qq, tuple) else qq[0],
                            "quote": qq if not isinstance(qq, tuple) else qq[1]} for qq in quotes],
              "category": cat, "lang": lang, "style": style, "answerable": answerable,
              "history": history or [], "needs_game": needs_game or [], "split": split})


# ---- Davy Jones' Locker: Curse of the Ghost Ships ----------------------------------------------
q("djl-souls-3p", "How many souls does each Soul Level start with for 3 players in Davy Jones' Locker?", D, ["3"],
  ["2-Players3-Players4-Players\n2 Souls3 Souls5 Souls"], cat="table", style="verbatim")
q("djl-souls-4p", "davy jones locker setup souls 4 players", D, ["5"],
  ["2-Players3-Players4-Players\n2 Souls3 Souls5 Souls"], cat="table", style="keywords")
q("djl-souls-5p", "In Davy Jones' Locker, how many souls per Soul Level at set-up with 5 players?", D, [],
  ["no soul count is printed for 5 players in the set-up section"], cat="unanswerable", answerable=False)
q("djl-drop-3p", "How much Cursed Gold must be dropped with 3 players to summon the Banshee?", D, ["9"],
  ["7 Cursed Gold9 Cursed Gold11 Cursed Gold12 Cursed Gold"], cat="table")
q("djl-drop-5p", "ghost ships 5 player mode how much cursed gold to drop", D, ["12"],
  ["You must Drop 12 Cursed Gold onto Phantom Island to summon the Banshee & begin Act 2."], cat="number",
  style="keywords", split="holdout")
q("djl-grimoire-volcano", "What does a Volcano Grimoire cost in Davy Jones' Locker?", D, ["4", "2"],
  ["Volcano4 Cursed Gold or -2 Integrity"], cat="table")
q("djl-grimoire-ghosttown", "how much is a ghost town grimoire? (davy jones)", D, ["6", "3"],
  ["Ghost Town6 Cursed Gold or -3 Integrity"], cat="table", style="colloquial", split="holdout")
q("djl-curse-max", "What is the maximum number of Curses you can have on your ship in Davy Jones' Locker?", D, ["4"],
  ["you can only have a maximum of 4 Curses on your ship at a time"], cat="number")
q("djl-curse-5th", "In Curse of the Ghost Ships, what happens if I must take a Curse but already have 4?", D,
  ["Integrity", "1"], ["If you are ever told to take a Curse when you already have 4, you must instead lower your Integrity by 1."])
q("djl-actions", "How many actions do I get per turn in Act 1 of Davy Jones' Locker?", D, ["three"],
  ["You still have three available actions per turn & cannot repeat actions in the same turn in Act 1."], cat="number",
  any_of=[["three", "3"]])
q("djl-siphon", "In Davy Jones' Locker how does a Siphon roll work?", D, ["2 souls"],
  ["If you roll the exact amount of Successes shown, The Banshee loses 2 souls."], split="holdout")
q("djl-ghost-ship-attack", "How many successes does a Ghost Ship attack with in Davy Jones' Locker?", D, ["4"],
  ["Instead, they have a set value of 4 Successes (listed on the Ghost Ship Board)."], cat="number")
q("djl-beach-legend", "Davy Jones: ending a search on a Beach space, how many spectral cards do I draw?", D, ["1"],
  ["Beach (yellow): Draw 1, keep 1"], cat="table")
q("djl-win", "How do you win Davy Jones' Locker: Curse of the Ghost Ships?", D, ["Soul Level 1", "Ghost Ships"],
  ["Winning the Game - Once Soul Level 1 reaches 0 Souls on The Banshee Board & all Ghost Ships are defeated, you win the game."])
q("djl-pirate-king-solo", "How much Infamy do I need to become Pirate King in solo Davy Jones' Locker?", D, ["35"],
  ["If you defeat The Banshee & have 35 or more Infamy, you are the Pirate King!"], cat="number")
q("djl-spectre-integrity", "In the Spectre difficulty of Davy Jones' Locker, what Integrity do Ghost Ships start at?", D,
  ["5"], ["put the Integrity of each Ghost Ship at 5 instead of 4"], cat="number", split="holdout")
q("djl-treasure-price", "Act 1 only mode davy jones: price of a treasure card at Smuggler's Den", D, ["8"],
  ["buy 1 Treasure card from the Smuggler's Den board for 8 Gold"], cat="number", style="keywords")
q("djl-haunted", "In Davy Jones' Locker, what happens when I draw Cursed Gold from the bag?", D, ["Ghost Token"],
  ["If you draw one or more Cursed Gold, take the lowest numbered Ghost Token not in play & place it on your Ship Board."])

# ---- Tiny Epic Pirates: Curse of Amdiak --------------------------------------------------------
q("tep-win", "How do you win Tiny Epic Pirates with the Curse of Amdiak expansion?", T, ["3 Treasures", "Urn"],
  ["In order to win the game, you must be the first to bury your 3 Treasures AND bury your Amdiak Urn at a Cursed Burial Site"])
q("tep-cursed-gold-value", "In Tiny Epic Pirates, how much Gold is each Cursed Gold cube worth?", T, ["+1 Gold"],
  ["Each Cursed Gold increases the amount of total Gold you possess by +1 Gold."], cat="number", any_of=[["+1", "1 gold"]])
q("tep-ghost-ship-capacity", "How many Cursed Gold can the Ghost Ship hold in Tiny Epic Pirates?", T, ["4"],
  ["steal 1 Cursed Gold from it (it can hold a maximum of 4)"], cat="number")
q("tep-ghost-sails", "How many Map Cards does the Ghost Ship sail in Curse of Amdiak?", T, ["2"],
  ["It always sails 2 Map Cards, and is moved by the player to the right of the active player."], cat="number")
q("tep-urn-trade", "What does it cost to trade for an Amdiak Urn?", T, ["2 Cursed Gold"],
  ["you must spend 2 Cursed Gold from your Gold Track"], cat="number")
q("tep-haunted", "tiny epic pirates what happens when the ghost ship haunts you", T, ["Jostled"],
  ["Your ship is Jostled, move 1 Deckhand to Repair."], style="keywords", split="holdout")
q("tep-crew-max", "How many crew can I have in Tiny Epic Pirates, including Skeleton Crew?", T, ["4"],
  ["they are counted in your \"4 Crew Maximum\""], cat="number")
q("tep-solo-bury", "In Tiny Epic Pirates solo, when does the Solo Pirate bury with Cursed Gold?", T, ["12"],
  ["will bury if its combined total of normal Gold and Cursed Gold meets or exceeds 12"], cat="number", split="holdout")
q("tep-start-cursed", "How many Cursed Gold does each player start with in Tiny Epic Pirates: Curse of Amdiak?", T, ["1"],
  ["Give each player 1 Cursed Gold cube (A), placing it on the \"2\" of each Gold Track, right above the Doubloon (B)."],
  cat="number")
q("tep-hide-convert", "Tiny Epic Pirates: while hiding out, how much normal gold is one cursed gold worth?", T, ["2"],
  ["While Hiding Out, you may convert any amount of Cursed Gold, turning each 1 into 2 normal Gold."], cat="number")

# ---- Dead Men Tell No Tales (Korean text) -----------------------------------------------------
q("dm-rest-ko", "휴식 액션은 뭐야?", K, ["피로도", "2"], ["-휴식 : 피로도-2"], lang="ko", style="colloquial")
q("dm-actions-ko", "데드 맨 텔 노 테일즈에서 한 턴에 액션을 몇 번 해?", K, ["5"],
  ["매 턴마다 모든 플레이어는 다음의 액션들 중 한가지씩 선택하여 5회(리디아 라모어의 경우 6회)의 액션을 수행합니다."],
  cat="number", lang="ko")
q("dm-run-ko", "뛰기 액션을 하면 피로도가 얼마나 늘어나?", K, ["2"], ["-뛰기 : 문을 통해 인접한 방으로 두 번 이동, 피로도+2+화재 수치 피로도"],
  lang="ko", cat="number")
q("dm-fire6-ko", "화재 수치가 6이 되면 어떻게 돼?", K, ["폭발"],
  ["화재 수치가 6에 도달한 방은 폭발하는"], lang="ko", split="holdout")
q("dm-rest-en", "What does the Rest action do in Dead Men Tell No Tales?", K, ["2"], ["-휴식 : 피로도-2"],
  cat="crosslingual", any_of=[["fatigue", "Rest"]])
q("dm-actions-en", "How many actions per turn in Dead Men Tell No Tales?", K, ["5"],
  ["5회(리디아 라모어의 경우 6회)의 액션을 수행합니다"], cat="crosslingual")
q("dm-lydia-en", "DMTNT: how many actions does Lydia Lamore get?", K, ["6"],
  ["5회(리디아 라모어의 경우 6회)의 액션을 수행합니다"], cat="crosslingual", style="keywords")
q("dm-fight-fire-en", "In Dead Men Tell No Tales, what does the fight fire action do?", K, ["-1"],
  ["-진화 : 현재 있는 방의 화재 수치-1"], cat="crosslingual", split="holdout")
q("dm-battle-win-en", "In DMTNT what happens when my attack strength equals the enemy's?", K, [],
  ["플레이어의 공격력이 적의 공격력보다 크거나 같은 경우, 적 토큰을 뒤집어 해당 아이템을 확인할 수 있습니다."],
  cat="crosslingual", any_of=[["token", "토큰", "item", "아이템"]])
q("dm-first-turn-tiles-en", "Dead Men Tell No Tales: how many room tiles do I place on my first turn?", K, ["2"],
  ["모든 플레이어가 자신의 첫 턴에서는, 2개의 방타일을 배치하고"], cat="crosslingual")

# ---- Pirates 2 ed.: Governor's Daughter --------------------------------------------------------
q("p2-ransom", "How much is the ransom for the governor's daughter?", P, ["50"],
  ["paying 50 Doubloons of ransom to Roberts, or;"], cat="number")
q("p2-intimidate", "How much Splendor do I need to intimidate Roberts in Pirates?", P, ["30"],
  ["intimidating him, if the player has at least 30 Splendor points."], cat="number", game=None)
q("p2-start", "What does each captain start with in Pirates 2 ed.?", P, ["10", "3"],
  ["each captain starts the game with 10 Doubloons and 3 Splendor points"], cat="number")
q("p2-hand-limit", "What is the hand limit in Pirates 2 ed.: Governor's Daughter?", P, ["5"],
  ["Players can have no more than 5 cards in hand."], cat="number")
q("p2-map-cost", "How much does a fragment of the map cost in the Governor's Daughter?", P, ["15", "10"],
  ["buying it in a shipyard for 15 Doubloons or 10 Splendor points"], cat="number")
q("p2-rum-3p", "Governor's Daughter: how many rum markers with 3 players?", P, ["10"], ["3\t10\t15 of each"], cat="table",
  style="keywords")
q("p2-goods-2p", "In Pirates 2 how many cotton markers are used in a 2 player game?", P, ["12"], ["2\t8\t12 of each"],
  cat="table", split="holdout")
q("p2-avoid-battle", "In Pirates 2 can I avoid a battle against another player?", P, ["2 Splendor"],
  ["they may decide to lose 2 Splendor points and avoid the battle"])
q("p2-draw-tie", "Governor's Daughter: who wins a sea battle on a draw?", P, ["attack"],
  ["If there is a draw, the attacking player is considered to be the winner."])
q("p2-actions", "How many actions per turn at the start of Pirates 2 ed.?", P, ["3"],
  ["Each player has 3 Actions during their turn."], cat="number")
q("p2-reef", "Pirates 2 ed.: what happens when I sail onto a reef?", P, ["1 Damage"],
  ["If the player sails to a square with a reef, the ship gets 1 Damage"], split="holdout")
q("p2-hold-min", "What is the minimum hold capacity of a ship in Governor's Daughter?", P, ["2"],
  ["The minimum capacity of the ship's Hold is 2"], cat="number")

# ---- Skull Tales -------------------------------------------------------------------------------
q("st-ko-9", "In Skull Tales, what does a result of 9 on the Knocked Out chart mean?", S, ["wounds"],
  ["9-10\tThe character discards all wounds.", "6-9\tThe character discards half of his wounds, rounding up."],
  cat="table")
q("st-ko-2", "Skull Tales KO chart roll of 2", S, ["Permanent Wound"], ["2\tThe character gets a Permanent Wound."],
  cat="table", style="keywords")
q("st-perm-4", "In Skull Tales, what does a 4 on the permanent wounds chart mean?", S, ["Right hand"],
  ["4\tRight hand: The character won't be able to equip his right hand."], cat="table", split="holdout")
q("st-explore-12", "Skull Tales exploring chart: what do I get on a 12?", S, ["100"],
  ["12\tYou find a 100-coin loot."], cat="table")
q("st-repair-5", "In Skull Tales, what does a 5 on the repairing chart do?", S, ["1 impact"],
  ["5\tYou can repair 1 impact per PS."], cat="table")
q("st-ps-wage", "What is the wage of a Pirate Squad in Skull Tales?", S, ["30"], ["Wage 30 coins"], cat="number")
q("st-ps-max", "What is the maximum number of Pirate Squads on a ship in Skull Tales?", S, ["6"],
  ["The limit of PS on your ship is 6."], cat="number")
q("st-morale-max", "What is the maximum crew Morale in Skull Tales?", S, ["30"],
  ["The maximum Morale your crew can reach is 30."], cat="number")
q("st-mutiny", "When does a mutiny happen in Skull Tales?", S, ["10"], ["A Morale under 10 is a source of mutiny"],
  split="holdout")
q("st-gold-jewels", "Skull Tales: how much are Gold and jewels worth at the merchants?", S, ["300"],
  ["Gold and jewels\t300"], cat="table")
q("st-sloop", "How much does a Sloop cost in Skull Tales?", S, ["150"], ["Sloop\t4D\t6\t2\t150"], cat="table")
q("st-cannon-cost", "Skull Tales shipyard: how much to add a cannon?", S, ["50"],
  ["CANNONS add one token +1D6 (Maximum 5)\t50 coins"], cat="table")
q("st-explore-ap", "How many AP does the Explore action cost in Skull Tales?", S, ["2"], ["Explore (2AP)"],
  cat="number", style="keywords")
q("st-captain-wage", "How much does the captain get paid in Skull Tales?", S, ["50"],
  ["The captain will get a 50 coins wage when making port after a successful adventure."], cat="number",
  split="holdout")
q("st-destiny", "What can Destiny Points be used for in Skull Tales?", S, ["reroll"],
  ["They can be used to reroll a dice roll, discard a wound or gain an extra action of up to 3 AP."])
q("st-flag-start", "Skull Tales first adventure: where does the Pirate Flag start on the Adventure Track?", S, ["20"],
  ["Then, on the Adventure Track, set the Pirate Flag token at position 20."], cat="number")
q("st-trickster", "What does the Trickster skill do in Skull Tales?", S, ["half"],
  ["The character will pay half of the cost -rounding up- for any gear or ally card."])
q("st-gear-limit", "How many extra gear cards can a Skull Tales character carry?", S, ["3"],
  ["Characters are only allowed to carry up to 3 non-initial gear cards."], cat="number")
q("st-events-3p", "Skull Tales voyage: how many event cards does the 1st player draw with 3 players?", S, ["3"],
  ["1st Player\t3 Cards\t3 Cards\t2 Cards"], cat="table")
q("st-ko-ko", "스컬 테일즈에서 반란은 언제 일어나?", S, ["10"], ["A Morale under 10 is a source of mutiny"],
  cat="crosslingual", lang="ko")
q("st-squad-ko", "스컬 테일즈 선원 분대 최대 몇 개?", S, ["6"], ["The limit of PS on your ship is 6."], cat="crosslingual",
  lang="ko", style="keywords")
q("djl-souls-ko", "데비 존스 로커에서 3인 게임일 때 영혼 레벨마다 영혼이 몇 개야?", D, ["3"],
  ["2-Players3-Players4-Players\n2 Souls3 Souls5 Souls"], cat="crosslingual", lang="ko")
q("p2-ransom-ko", "총독의 딸 몸값은 얼마야?", P, ["50"], ["paying 50 Doubloons of ransom to Roberts, or;"],
  cat="crosslingual", lang="ko", split="holdout")

# ---- unanswerable: not in any rulebook ---------------------------------------------------------
q("un-chess", "How does castling work in chess?", None, [], [], cat="unanswerable", answerable=False)
q("un-djl-age", "What is the minimum player age for Davy Jones' Locker?", None, [], [], cat="unanswerable",
  answerable=False)
q("un-p2-time", "How long does a game of Pirates 2 ed. take?", None, [], [], cat="unanswerable", answerable=False)
q("un-st-ko5", "In Skull Tales, how many Successes are added for Soul Level 5?", None, [], [], cat="unanswerable",
  answerable=False, split="holdout")
q("un-tep-price", "What is the retail price of Tiny Epic Pirates?", None, [], [], cat="unanswerable", answerable=False)
q("un-djl-sl5", "In Davy Jones' Locker, how many Successes does the Banshee add to attacks at Soul Level 5?", D, [],
  ["none printed"], cat="unanswerable", answerable=False)
q("un-ko-weather", "날씨 카드는 어떻게 사용해?", None, [], [], cat="unanswerable", lang="ko", answerable=False)

# ---- ambiguous game ----------------------------------------------------------------------------
q("amb-actions", "How many actions do I get per turn?", None, [], [], cat="ambiguous", needs_game=[D, P])
q("amb-cursed-gold", "What does Cursed Gold do?", None, [], [], cat="ambiguous", needs_game=[D, T])
q("amb-win", "How do I win the game?", None, [], [], cat="ambiguous", needs_game=[D, T, P], split="holdout")

# ---- follow-ups --------------------------------------------------------------------------------
q("fu-souls-4p", "and with 4 players?", D, ["5"], ["2-Players3-Players4-Players\n2 Souls3 Souls5 Souls"],
  cat="followup", history=[{"role": "user", "content": "In Davy Jones' Locker, how many souls per Soul Level with 3 players?"},
                           {"role": "assistant", "content": "With 3 players each Soul Level starts with 3 Souls [1]."}])
q("fu-grimoire", "and the Ghost Town one?", D, ["6"], ["Ghost Town6 Cursed Gold or -3 Integrity"], cat="followup",
  history=[{"role": "user", "content": "What does a Beach Grimoire cost in Davy Jones' Locker?"},
           {"role": "assistant", "content": "2 Cursed Gold or -1 Integrity [1]."}])
q("fu-rum-4p", "what about 4 players?", P, ["12"], ["4\t12\t18 of each"], cat="followup",
  history=[{"role": "user", "content": "Governor's Daughter: how many rum markers with 3 players?"},
           {"role": "assistant", "content": "10 [1]"}], split="holdout")
q("fu-dm-ko", "그럼 뛰기는?", K, ["2"], ["-뛰기 : 문을 통해 인접한 방으로 두 번 이동, 피로도+2+화재 수치 피로도"],
  cat="followup", lang="ko", history=[{"role": "user", "content": "데드 맨 텔 노 테일즈에서 휴식 액션은 뭐야?"},
                                      {"role": "assistant", "content": "휴식 : 피로도-2 [1]"}])

Path(__file__).with_name("gold.jsonl").write_text(
    "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in Q), encoding="utf-8")
print(len(Q), "questions")
