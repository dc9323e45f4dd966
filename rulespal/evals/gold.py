"""Writes gold.jsonl (kept as code so each question is reviewable in one place). Run: python rulespal/evals/gold.py"""
import json
from pathlib import Path

D = "davy-jones-locker-curse-of-the-ghost-ships"
T = "tiny-epic-pirates-curse-of-amdiak"
K = "dead-men-tell-no-tales-ko"
P = "pirates-2ed-governors-daughter"
S = "skull-tales"

Q: list[dict] = []


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


# ==== second batch (written for issue 4; styles spread, about a third held out) ====================
# ---- Davy Jones' Locker
q("djl-gold-bag", "How much gold goes in the Gold Bag at set up in Davy Jones' Locker?", D, ["50", "15"],
  ["Place 50 Gold pieces & all 15 Cursed Gold pieces into the Gold Bag."], cat="number", style="verbatim")
q("djl-event-deck", "davy jones curse of the ghost ships how many event cards in the event deck", D, ["5"],
  ["Shuffle all Event cards & randomly select 5 to make the Event deck."], cat="number", style="keywords",
  split="holdout")
q("djl-banshee-deck", "How many cards make up the Banshee deck in Davy Jones' Locker?", D, ["8"],
  ["choose 8 cards at random to create the Banshee deck"], cat="number")
q("djl-ghost-sail", "In Davy Jones' Locker, how far do Ghost Ships sail on their turn?", D, ["4"],
  ["Sail up to 4 spaces, moving to the closest space adjacent to their target if possible"], cat="number",
  split="holdout")
q("djl-ghost-defense", "what's the defense of a ghost ship in davy jones locker", D, ["4"],
  ["Ghost Ships do not roll for defense. They have a static defense of 4 Successes"], cat="number",
  style="colloquial")
q("djl-haunt-skip", "Is the Haunt phase played on the first round of Davy Jones' Locker?", D, ["first round"],
  ["You will skip this Phase on the first round of the game."])
q("djl-trade-token", "Davy Jones' Locker: what does it cost to trade Ghost Tokens to change turn order?", D, ["1 Integrity"],
  ["you & the player you traded the Ghost Token with each immediately lose 1 Integrity"], split="holdout")
q("djl-scuttle", "How does Scuttle work in Davy Jones' Locker Act 1 only mode?", D, ["3 Fortune Dice"],
  ["both players roll 3 Fortune Dice"])
q("djl-buried", "How much Infamy is a buried treasure worth in Davy Jones' Locker?", D, ["8"],
  ["you gain 8 Infamy at the end of the game instead of the normal 4 for Treasure on your ship"], cat="number")
q("djl-coop-3p", "Davy Jones Act 1 only co-op: how many treasures to bury with 3 players?", D, ["6"],
  ["2 Players3 Players4/5 Players\n4 Treasures6 Treasures8 Treasures"], cat="table", style="keywords")
q("djl-coop-5p", "How many Treasures must 5 players bury to win Act 1 Only mode cooperatively in Davy Jones' Locker?",
  D, ["8"], ["2 Players3 Players4/5 Players\n4 Treasures6 Treasures8 Treasures"], cat="table", split="holdout")
q("djl-act2-budget", "In Davy Jones' Locker Act 2 only mode, how much gold can each player spend on cards?", D, ["18"],
  ["Each player may purchase up to 18 Gold worth of cards."], cat="number")
q("djl-infamy-ghost", "Davy Jones' Locker Pirate King: how much Infamy for each Ghost Ship defeated?", D, ["2"],
  ["For each Ghost Ship defeated2 InfamyEach Treasure card on your ship4 Infamy"], cat="table")
q("djl-sl4-attack", "On the Banshee board in Davy Jones' Locker, what is the Attack number on Soul Level 4's Siphon tile?",
  D, ["6"], ["46743+1"], cat="table", split="holdout")
q("djl-sl2-added", "How many successes does the Banshee add at Soul Level 2 (Davy Jones' Locker)?", D, ["+3"],
  ["27652+3"], cat="table")
q("djl-solo-ghost", "How many Ghost Ships are in play in Davy Jones' Locker solo mode?", D, ["1"],
  ["Only Ghost Ships 1 will be in play. It starts the game with 2 Integrity."], cat="number")
q("djl-5p-respawn", "Davy Jones 5-player mode: what happens when a Soul Level goes to 0?", D, ["2"],
  ["Whenever you lower a Soul Level down to 0, instantly respawn 2 defeated Ghost Ship."], split="holdout")
q("djl-reef-leave", "In Davy Jones' Locker Act 2, how much Sail does it take to leave a Reef?", D, ["2"],
  ["It takes 2 Sail to leave a Reef space."], cat="number")

# ---- Tiny Epic Pirates: Curse of Amdiak
q("tep-grid", "What size grid is the sea in Curse of Amdiak?", T, ["4x5"],
  ["then form a 4x5 grid (see below)"], cat="number", split="holdout")
q("tep-ghostwake-count", "How many Ghostwake Tokens come with Curse of Amdiak?", T, ["15"], ["15 Ghostwake Tokens"],
  cat="number")
q("tep-skeleton-row", "Tiny Epic Pirates Amdiak: how many Skeleton Crew cards are face up in the row?", T, ["3"],
  ["draw 3 face-up cards to create a row of Skeleton Crew"], cat="number")
q("tep-refresh-row", "Can I refresh the Skeleton Crew row in Tiny Epic Pirates and what does it cost?", T, ["1 Gold"],
  ["you may also spend 1 Gold to discard the 3 face-up cards to the bottom of their deck and draw 3 new cards"],
  split="holdout")
q("tep-bury-urn", "What happens to my gold when I bury my Urn in Tiny Epic Pirates?", T, ["lose all"],
  ["you MUST lose all of your Gold AND Cursed Gold from your Gold Track"])
q("tep-ghost-order", "tiny epic pirates when does the ghost ship sail", T, ["fourth"],
  ["the Ghost Ship sails fourth in order after the Merchants and Navy"], style="keywords")
q("tep-cursed-plunder", "What does Cursed Plunder do in Tiny Epic Pirates?", T, ["1 Cursed Gold"],
  ["Cursed Plunder: In addition to Booty, you may also gain 1 Cursed Gold from the supply."])
q("tep-ghost-pirate-full", "In Tiny Epic Pirates solo, what if the Ghost Ship has no room for a Cursed Gold?", T, ["2 Gold"],
  ["the Ghost Pirate instead gains 2 Gold (on its Gold Track) per Cursed Gold"], split="holdout")
q("tep-doubloon-13", "Tiny Epic Pirates: how high can the Doubloon go on the Gold Track?", T, ["13"],
  ["Your Doubloon can still reach the '13' space"], cat="number")
q("tep-solo-start", "How many Cursed Gold does the Ghost Ship start with when playing the Solo Ghost Pirate?", T, ["2"],
  ["Place 2 Cursed Gold into the Ghost Ship (instead of 1 on the Gold Track)."], cat="number")

# ---- Dead Men Tell No Tales (Korean)
q("dm-walk-ko", "걷기 액션 설명해줘", K, ["인접한 방"], ["-걷기 : 문을 통해 인접한 방으로 이동, 화재 수치 피로도"], lang="ko",
  style="colloquial")
q("dm-fight-fire-ko", "진화 액션은 화재 수치를 얼마나 줄여?", K, ["-1"], ["-진화 : 현재 있는 방의 화재 수치-1"], lang="ko",
  cat="number")
q("dm-eliminate-ko", "제압 액션으로 갑판원을 몇 개 제거해?", K, ["-1"], ["-제압 : 현재 있는 방 또는 문을 통해 인접한 방의 갑판원-1"],
  lang="ko", cat="number", split="holdout")
q("dm-revenge-ko", "리벤지 카드는 어떤 순서로 처리해?", K, ["화재 효과"],
  ["리벤지 카드 덱에서 맨 위의 카드를 확인하고 아래 순서에 따라 리벤지 카드의 이벤트를 처리합니다."], lang="ko")
q("dm-enemy-ko", "적의 공격력은 어떻게 정해져?", K, ["토큰"], ["-적의 공격력 : 토큰에 쓰여있는 숫자"], lang="ko",
  split="holdout")
q("dm-lose-ko", "전투에서 지면 어떻게 돼?", K, ["피로도"],
  ["플레이어의 공격력이 적의 공격력보다 작은 경우, 공격력의 차이만큼 피로도가 증가합니다."], lang="ko")
q("dm-looted-ko", "약탈 상태에서는 어떤 행동을 할 수 있어?", K, ["걷기"],
  ["매 턴마다 8개의 행동 중 '걷기', '휴식', '교환'만 할 수 있게됩니다"], lang="ko")
q("dm-anger-en", "Dead Men Tell No Tales: what does the anger action do?", K, ["+1"], ["-분노 : 전투 트랙 수치+1"],
  cat="crosslingual", split="holdout")
q("dm-swap-en", "How do I swap items in Dead Men Tell No Tales?", K, [], ["-교환 : 현재 가진 아이템을 테이블에 올려두고, 테이블 위의 아이템 또는 다른 플레이어의 아이템을 가져옴"],
  cat="crosslingual", any_of=[["item", "아이템"]])
q("dm-explode-en", "DMTNT what happens to a character in a room that explodes?", K, [],
  ["-방이 폭발하여 그 방에 있던 캐릭터가 사망 (다른 캐릭터로 교체하여 진행)"], cat="crosslingual",
  any_of=[["death", "사망"]])

# ---- Pirates 2 ed.: Governor's Daughter
q("p2-components-cards", "How many adventure cards are in Pirates 2 ed.?", P, ["55"], ["• 55 adventure cards,"],
  cat="number", style="verbatim")
q("p2-start-hand", "Governor's Daughter setup: how many cards does each player start with?", P, ["3"],
  ["Shuffle the deck and give each player 3 cards"], cat="number")
q("p2-battleship-move", "How far can a battleship move in Pirates 2 ed.?", P, ["two squares"],
  ["moves the chosen battleship (at the beginning of the game they moor to the islands called Margarita and San Elmo) no more than two squares"],
  split="holdout", any_of=[["two", "2"]])
q("p2-rum-islands", "Where can't I trade rum in Governor's Daughter?", P, ["Margarita"],
  ["Notice: You cannot trade rum on Margarita and San Elmo."])
q("p2-drunk", "pirates 2nd edition drunk crew what happens", P, ["cannot sail"],
  ["The ship cannot sail until the end of the player's next turn."], style="keywords")
q("p2-barbanegra", "Which player count do you need to play Barbanegra in Pirates 2 ed.?", P, ["4"],
  ["Barbanegra is available only in the 4-player version of the game."], cat="number", split="holdout")
q("p2-crisis", "What can I do in Governor's Daughter if I have no Doubloons and no Goods?", P, ["Goods marker"],
  ["they may spend their whole next turn and take one chosen Goods marker from the pool outside the board"])
q("p2-win-splendor", "In Pirates 2 ed., how much Splendor does the winner of a battle gain?", P, ["Cannons"],
  ["The winner of the battle gains the number of Splendor points equal to the value of the opponent's Cannons."])
q("p2-fort-lose", "What happens if I lose an attack on a fort in Pirates 2?", P, ["1 Damage"],
  ["If the player loses this battle, the ship gets 1 Damage"], split="holdout")
q("p2-cannons-start", "Pirates 2 ed. setup: where do the Cannons and Holds markers start?", P, ["1", "2"],
  ["Cannons (space \"1\"), Holds (space \"2\")"], cat="number")
q("p2-goods-3p", "Pirates 2 ed.: how many coffee markers in a 3-player game?", P, ["15"], ["3\t10\t15 of each"],
  cat="table")
q("p2-markers", "How many wooden markers are in the Pirates 2 ed. box?", P, ["112"], ["• 112 wooden markers,"],
  cat="number", split="holdout")

# ---- Skull Tales
q("st-coin-gold", "How much is a gold coin worth in Skull Tales?", S, ["10"], ["Gold 10"], cat="number")
q("st-prestige-marker", "Skull Tales: how many Prestige Points is a Prestige marker worth?", S, ["10"],
  ["A Prestige Marker is equivalent to 10 Prestige Points (10PP)."], cat="number")
q("st-reload", "How many AP does it cost to reload a firearm in Skull Tales?", S, ["3"], ["Reload Firearms (3AP)"],
  cat="number", split="holdout")
q("st-break-away", "skull tales break away cost", S, ["2"], ["Break Away (2AP)"], cat="number", style="keywords")
q("st-roof-max", "How many miniatures can be on the same roof in Skull Tales?", S, ["4"],
  ["The maximum of miniatures on the same roof is 4."], cat="number")
q("st-one-dp", "How many Destiny Points can I use per turn in Skull Tales?", S, ["1"],
  ["the player is only allowed to use 1 DP per turn"], cat="number", split="holdout")
q("st-catch-breath", "What does Catch Breath do in Skull Tales?", S, ["1 DP"],
  ["If you let a turn pass without spending any AP you can regain 1 DP."])
q("st-ally-limit", "How many allies can a character have per adventure in Skull Tales?", S, ["1"],
  ["Characters are only allowed 1 ally per adventure."], cat="number")
q("st-merchants-rum", "Skull Tales merchants chart: what is rum worth?", S, ["10"], ["Rum\t10"], cat="table",
  split="holdout")
q("st-brigantine", "What are the stats of a Brigantine in Skull Tales?", S, ["200"], ["Brigantine\t3D\t8\t3\t200"],
  cat="table")
q("st-hook", "How much does a hook cost in Skull Tales?", S, ["10"],
  ["Hook\t10\tCQC weapon; causes 1 wound. It can be wielded in a hand with a Permanent Wound."], cat="table")
q("st-fencing", "What does the Fencing skill cost in Skull Tales?", S, ["100"],
  ["Fencing — Cost: 100 Coins, Prestige: 50. Requirements: Intelligence 3."], cat="number", split="holdout")
q("st-explore-3", "Skull Tales exploring chart: what happens on a 3?", S, ["nothing"], ["3-4\tYou find nothing."],
  cat="table")
q("st-repair-1", "On the Skull Tales repairing chart, what does a roll of 2 give?", S, ["don't find"],
  ["1-2\tYou don't find any materials on this island that can help you repair your ship."], cat="table",
  split="holdout")
q("st-goal-9", "Skull Tales voyage goal 9: how many PP?", S, ["20"],
  ["9\tThe pirate ship is sunken or the captain surrenders.\t20PP"], cat="table", style="keywords")
q("st-southern-belle", "What is the hold of the Southern Belle in Skull Tales?", S, ["10"], ["Hold: 10"], cat="number")
q("st-mutiny-dice", "In a Skull Tales mutiny, what is the maximum number of dice for the bid?", S, ["5"],
  ["bearing in mind that the maximum amount of dice is 5"], cat="number", split="holdout")
q("st-whale", "What do I get for defeating the Whale in Skull Tales?", S, ["2"],
  ["add up 2 \"Provisions\" tokens to your Hold, and also draw +1 \"Goods\" token and add +3 to your crew's Morale"])
q("st-explore-ko", "스컬 테일즈 탐험 액션은 몇 AP야?", S, ["2"], ["Explore (2AP)"], cat="crosslingual", lang="ko",
  split="holdout")
q("st-morale-ko", "스컬 테일즈에서 사기 최대치는?", S, ["30"], ["The maximum Morale your crew can reach is 30."],
  cat="crosslingual", lang="ko")
q("djl-curse-ko", "데비 존스 로커에서 저주 카드는 최대 몇 장까지 가질 수 있어?", D, ["4"],
  ["you can only have a maximum of 4 Curses on your ship at a time"], cat="crosslingual", lang="ko")
q("tep-urn-ko", "타이니 에픽 파이러츠에서 유골함을 얻으려면 저주받은 금화가 몇 개 필요해?", T, ["2"],
  ["you must spend 2 Cursed Gold from your Gold Track"], cat="crosslingual", lang="ko", split="holdout")
q("p2-hand-ko", "총독의 딸에서 손패는 최대 몇 장?", P, ["5"], ["Players can have no more than 5 cards in hand."],
  cat="crosslingual", lang="ko")

# ---- unanswerable (including what players often assume)
q("un-djl-5p-setup-souls", "With 5 players in Davy Jones' Locker, what do the Soul Dials start at during set-up?", D, [],
  ["no soul count is printed for 5 players in the set-up section"], cat="unanswerable", answerable=False,
  split="holdout")
q("un-p2-5p", "How many rum markers for 5 players in Pirates 2 ed.?", None, [], [], cat="unanswerable",
  answerable=False)
q("un-st-lvl", "What is the maximum character level in Skull Tales?", None, [], [], cat="unanswerable",
  answerable=False, split="holdout")
q("un-tep-kraken", "How do I defeat the Kraken in Tiny Epic Pirates?", None, [], [], cat="unanswerable",
  answerable=False)
q("un-dm-ko-score", "데드 맨 텔 노 테일즈에서 점수는 어떻게 계산해?", None, [], [], cat="unanswerable", lang="ko",
  answerable=False)
q("un-djl-dragon", "How much damage does the Sea Dragon deal in Davy Jones' Locker?", None, [], [],
  cat="unanswerable", answerable=False, split="holdout")
q("un-monopoly", "Can I build hotels on Boardwalk?", None, [], [], cat="unanswerable", answerable=False)

# ---- ambiguous game
q("amb-setup", "What do I do at set up?", None, [], [], cat="ambiguous", needs_game=[D, P], split="holdout")

# ---- follow-ups
q("fu-st-ko-5", "and a 5?", S, ["3-5"],
  ["3-5\tThe character discards half of his wounds, rounding up, and also loses 1AP for the rest of the adventure."],
  cat="followup", history=[{"role": "user", "content": "In Skull Tales, what does a 9 on the KO chart do?"},
                           {"role": "assistant", "content": "9-10: The character discards all wounds. [1]"}])
q("fu-djl-drop-2p", "and for 2 players?", D, ["7"], ["7 Cursed Gold9 Cursed Gold11 Cursed Gold12 Cursed Gold"],
  cat="followup", history=[{"role": "user", "content": "How much Cursed Gold must be dropped with 3 players in Davy Jones' Locker?"},
                           {"role": "assistant", "content": "3 Players: 9 Cursed Gold [1]"}], split="holdout")
q("fu-st-brig", "what about a Brigantine?", S, ["200"], ["Brigantine\t3D\t8\t3\t200"], cat="followup",
  history=[{"role": "user", "content": "How much does a Sloop cost in Skull Tales?"},
           {"role": "assistant", "content": "Sloop: Speed 4D, Hold 6, Cannons 2, Value 150 [1]"}])


# ==== arithmetic over rules (issue 3): the calculators must produce these numbers =================
q("calc-ko-dp", "In Skull Tales I rolled 7 on the KO chart and have 2 unused Destiny Points. What happens?", S,
  ["9", "9-10", "6-9"], ["Add +1 to his roll for each DP not used by the KO character."], cat="arithmetic")
q("calc-ko-mummy", "Skull Tales KO chart: I rolled 4 with the Mummy Curse and 1 unused DP, what's the result?", S,
  ["4", "3-5"], ["*When a character gets the Mummy Curse, subtract 1 from the roll."], cat="arithmetic",
  split="holdout")
q("calc-ko-example", "Skull Tales: revived with 2 DP left and I roll a 3 on the knocked out chart, what then?", S,
  ["5", "3-5"], ["Add +1 to his roll for each DP not used by the KO character."], cat="arithmetic")
q("calc-ransom-yes", "Can I free the governor's daughter with 45 Doubloons and 31 Splendor?", P, ["Yes", "30"],
  ["intimidating him, if the player has at least 30 Splendor points."], cat="arithmetic")
q("calc-ransom-no", "Pirates 2 ed.: I have 40 Doubloons and 12 Splendor, can I free the governor's daughter?", P,
  ["No", "50"], ["paying 50 Doubloons of ransom to Roberts, or;"], cat="arithmetic", split="holdout")
q("calc-map-fragment", "Governor's Daughter: can I buy a map fragment with 12 Doubloons and 11 Splendor?", P,
  ["Yes", "10"], ["buying it in a shipyard for 15 Doubloons or 10 Splendor points"], cat="arithmetic")
q("calc-tep-gold", "Tiny Epic Pirates: my Doubloon is on 9 and I have three Cursed Gold cubes. How much Gold do I have?",
  T, ["12"], ["Each Cursed Gold increases the amount of total Gold you possess by +1 Gold."], cat="arithmetic")
q("calc-tep-gold-2", "In Curse of Amdiak, Doubloon at 6 with 2 Cursed Gold: total gold?", T, ["8"],
  ["Each Cursed Gold increases the amount of total Gold you possess by +1 Gold."], cat="arithmetic",
  style="keywords", split="holdout")
q("calc-trickster", "Skull Tales: with the Trickster skill, how much do I pay for a 75 coins gear card?", S, ["38"],
  ["The character will pay half of the cost -rounding up- for any gear or ally card."], cat="arithmetic")
q("calc-trickster-2", "I'm a Trickster in Skull Tales, what does a 50 coins ally cost me?", S, ["25"],
  ["The character will pay half of the cost -rounding up- for any gear or ally card."], cat="arithmetic",
  split="holdout")

Path(__file__).with_name("gold.jsonl").write_text(
    "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in Q), encoding="utf-8")
print(len(Q), "questions")
