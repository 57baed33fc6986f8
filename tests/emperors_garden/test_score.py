"""Whole games scored by hand: totals, ranks, winners, and each tie-break with its reason."""

from __future__ import annotations

import json

import pytest

from emperors_garden import Colour, Game, Player, Rules, format_sheet, parse_game, score_game
from emperors_garden.vocab import Adjacency, DuplicateScoringCards, EmperorBonus, SuitsTieBreak

from .helpers import SAMPLES, make_game

RED, BLUE, GREEN = Colour.RED, Colour.BLUE, Colour.GREEN


def test_three_player_sample_by_hand() -> None:
    game = parse_game(json.loads((SAMPLES / "emperors-garden-3p.json").read_text()))
    result = score_game(game)
    # Scoring suits 3, 5, 8, 11. On the board: 3 at D1, C2 (2 cards, ×2); 5 at B2, C3 (2, ×2);
    # 8 at B3, C4 (2, ×2); 11 at E3 (1, ×3). The emperor is on C3, suit 5.
    # Ann (red): samurai D1 on 3: 3 × 2 = 6; priest B3 on 8: 2 × 2 = 4; poet D4 on 1: not scoring.
    #   No token on 5: no bonus. Agent used: 0. In play 3.  6 + 4 + 3 = 13.
    # Bob (blue): samurai B2 on 5: 3 × 2 = 6; poet E3 on 11: 1 × 3 = 3; priest off the board.
    #   Token on 5 with the emperor: 5. Agent held: 2. 6 + 3 + 5 + 2 = 16.
    # Cy (green): priest E2 on 7, samurai D3 on 10, poet C5 on 9: none scoring. Agent 2 + in play 14 = 16.
    assert result.totals() == {"Ann": 13, "Bob": 16, "Cy": 16}
    bob = result.player("Bob")
    assert [line.points for line in bob.lines] == [0, 6, 0, 3, 5, 2, 0]
    # Bob and Cy tie on 16; both hold their agent; Cy has 3 pieces on the board, Bob 2: Cy wins.
    assert result.winners == ("Cy",)
    assert [p.rank for p in result.players] == [3, 2, 1]
    assert result.tie_break == (
        "Bob and Cy tied on 16 points; tie-break 1 (still has the agent): Bob still holds the agent; "
        "Cy still holds the agent → still tied; tie-break 2 (most pieces on the board): Bob 2 pieces on the "
        "board; Cy 3 pieces on the board → Cy wins")


def test_western_sample_by_hand() -> None:
    game = parse_game(json.loads((SAMPLES / "emperors-garden-western.json").read_text()))
    result = score_game(game)
    # Scoring A, 7, 7, Q ("once": 7 scores once). A at A1, D2 (×2); 7 at B1, B2 (×2); Q at C1 (×3).
    # Ann (red): samurai A1 on A: 3 × 2 = 6; priest A2 on 3, poet B3 on J: nothing. In play 7. 6 + 7 = 13.
    # Bob (blue): samurai C1 on Q: 3 × 3 = 9; priest D2 on A: 2 × 2 = 4; poet C3 on 4: nothing. 9 + 4 = 13.
    # Emperor on 7 at B2: nobody has a token on 7. Both agents used.
    assert result.totals() == {"Ann": 13, "Bob": 13}
    # Tie: both used their agent; both have 3 pieces on the board; Ann scored with 1 suit, Bob with 2 -> Bob.
    assert result.winners == ("Bob",)
    assert result.tie_break is not None
    assert result.tie_break.endswith("tie-break 3 (scored with more than one suit): Ann scored with 1 suit (A), "
                                     "not more than one; Bob scored with 2 suits (A, Q) → Bob wins")


def test_per_card_scores_a_doubled_suit_twice() -> None:
    data = json.loads((SAMPLES / "emperors-garden-western.json").read_text())
    data["rules"]["duplicate_scoring_cards"] = "per_card"
    data["board"][0] = "A@redL 7@redS Q@blueL 2"  # Ann's poet moved from J (B3) to a 7 (2 cards: ×2)
    data["board"][2] = "9 J 4@blueS 10"
    result = score_game(data)
    # Ann: A 6 + 7: 1 × 2 × 2 scoring cards = 4; emperor on 7 with Ann's poet: 5 × 2 scoring cards = 10;
    # in play 7. 6 + 4 + 10 + 7 = 27.
    assert result.totals()["Ann"] == 27
    data["rules"]["duplicate_scoring_cards"] = "once"
    # Once: 6 + 2 + 5 + 7 = 20.
    assert score_game(data).totals()["Ann"] == 20


def tie_game(board: str, players: list[Player], rules: Rules | None = None) -> Game:
    return make_game(board, (5, 6, 7, 8), players=players, rules=rules)


def test_tie_break_1_agent() -> None:
    # Red: samurai on 5 (1 card): 3 × 3 = 9, agent used, 2 in play: 11. Blue: samurai on 6 (1 card): 9,
    # agent held 2: 11.
    game = tie_game("5@redL 6@blueL 1@E",
                    [Player(RED, "R", holds_agent=False, points_in_play=2), Player(BLUE, "B")])
    result = score_game(game)
    assert result.totals() == {"R": 11, "B": 11}
    assert result.winners == ("B",)
    assert result.tie_break == ("R and B tied on 11 points; tie-break 1 (still has the agent): R used the agent; "
                                "B still holds the agent → B wins")


def test_tie_break_2_pieces_on_board() -> None:
    # Red: samurai on 5 (1 card): 3 × 3 = 9, poet on 1 (not scoring); blue: samurai on 6: 9. Agents: 2 each.
    game = tie_game("5@redL 6@blueL 1@E 2@redS", [Player(RED, "R"), Player(BLUE, "B")])
    result = score_game(game)
    assert result.totals() == {"R": 11, "B": 11}
    assert result.winners == ("R",)
    assert "tie-break 2 (most pieces on the board): R 2 pieces on the board; B 1 piece on the board → R wins" in (
        result.tie_break or "")


def test_tie_break_3_more_than_one_suit() -> None:
    # Red: samurai on 5 (3 cards) 3 + poet on 6 (3 cards) 1 = 4. Blue: samurai on 7 (3 cards) 3, poet on 1: 0,
    # 1 in play: 4. Agents held: 2 each -> 6 and 6. Both have 2 pieces. Red scored with 2 suits, blue with 1.
    board = "5@redL 5 5 6@redS / 6 6 7@blueL 7 / 7 1@blueS 2@E 3"
    game = tie_game(board, [Player(RED, "R"), Player(BLUE, "B", points_in_play=1)])
    result = score_game(game)
    assert result.totals() == {"R": 6, "B": 6}
    assert result.winners == ("R",)
    assert "tie-break 3 (scored with more than one suit): R scored with 2 suits (5, 6); B scored with 1 suit (7), " \
           "not more than one → R wins" in (result.tie_break or "")


def test_tie_break_3_count_reading() -> None:
    # Red scores with 3 suits, blue with 2: tied under "more than one", red wins under "count".
    # Red: L on 5, M on 6, S on 7, each suit 3 cards: 3 + 2 + 1 = 6. Blue: L on 8 (3 cards) 3 + S on 5: 1 ->
    # 4 + 2 in play = 6, blue's priest on 1 (not scoring). Agents 2 each: 8 = 8. 3 pieces each.
    # Both scored with more than one suit. Adjacent to the emperor (C4, side by side: C3): nobody.
    board = "5@redL 5 5@blueS 6@redM / 6 6 7@redS 7 / 7 8@blueL 8 8 / 1@blueM . 2@E ."
    players = [Player(RED, "R"), Player(BLUE, "B", points_in_play=2)]
    default = score_game(tie_game(board, players))
    assert default.totals() == {"R": 8, "B": 8}
    assert set(default.winners) == {"R", "B"}
    count = score_game(tie_game(board, players, Rules(suits_tie_break=SuitsTieBreak.COUNT)))
    assert count.winners == ("R",)


def test_tie_break_4_adjacent_to_emperor_and_shared_victory() -> None:
    # Red: samurai on 5 (1 card) 9; blue: samurai on 6 (1 card) 9; agents 2 each: 11 = 11; 1 piece each;
    # neither scored with more than one suit. Emperor B2: red's samurai at A2 is beside him (orthogonal);
    # blue's at C1 only diagonally.
    board = "1 2 6@blueL / 5@redL 3@E 4"
    game = tie_game(board, [Player(RED, "R"), Player(BLUE, "B")])
    result = score_game(game)
    assert result.winners == ("R",)
    assert (result.tie_break or "").endswith(
        "tie-break 4 (most pieces adjacent to the emperor): R 1 piece adjacent to the emperor (side by side); "
        "B 0 pieces adjacent to the emperor (side by side) → R wins")
    # With diagonals both have one: shared victory, both ranked 1.
    shared = score_game(tie_game(board, [Player(RED, "R"), Player(BLUE, "B")],
                                 Rules(adjacency=Adjacency.WITH_DIAGONALS)))
    assert shared.winners == ("R", "B")
    assert [p.rank for p in shared.players] == [1, 1]
    assert (shared.tie_break or "").endswith("→ still tied; shared victory: R and B")


def test_no_tie_break_when_the_total_decides() -> None:
    result = score_game(make_game("5@redL 6 1@E", (5, 6, 7, 8)))
    # Red: 3 × 3 = 9 + 2 = 11; blue: 2.
    assert result.totals() == {"Red": 11, "Blue": 2}
    assert result.winners == ("Red",) and result.tie_break is None


def test_tie_breaks_order_lower_places_too() -> None:
    # Red 11 wins; blue and green tie on 2 (agents) and blue has 1 piece on the board, green none.
    players = [Player(RED, "R"), Player(BLUE, "B"), Player(GREEN, "G")]
    result = score_game(make_game("5@redL 1@blueS 2@E", (5, 6, 7, 8), players=players))
    assert [(p.name, p.total, p.rank) for p in result.players] == [("R", 11, 1), ("B", 2, 2), ("G", 2, 3)]


def test_emperor_bonus_interpretations_change_the_total() -> None:
    # Three cards of 5: A1 (the emperor), A2 (red samurai), B2 (red poet): ×1, pieces 3 + 1 = 4.
    board = "5@E 6 / 5@redL 5@redS"
    once = score_game(make_game(board, (5, 6, 7, 8)))
    assert once.totals()["Red"] == 4 + 5 + 2  # pieces 4, bonus once 5, agent 2 = 11
    per_token = score_game(make_game(board, (5, 6, 7, 8), rules=Rules(emperor_bonus=EmperorBonus.PER_TOKEN)))
    assert per_token.totals()["Red"] == 4 + 10 + 2  # bonus 2 tokens × 5 = 10 -> 16
    per_card = Rules(duplicate_scoring_cards=DuplicateScoringCards.PER_CARD)
    with pytest.raises(ValueError, match="scoring card"):  # two scoring 5s with 3 on the board is impossible
        score_game(make_game(board, (5, 5, 7, 8), rules=per_card))


def test_sheet_and_dict() -> None:
    result = score_game(json.loads((SAMPLES / "emperors-garden-3p.json").read_text()))
    sheet = format_sheet(result)
    assert sheet.splitlines()[0].split() == ["Category", "Ann", "Bob", "Cy"]
    assert [line.split()[-3:] for line in sheet.splitlines() if line.startswith("TOTAL")] == [["13", "16", "16"]]
    assert "Winner: Cy" in sheet and "Tie-break: Bob and Cy tied on 16 points" in sheet
    explained = format_sheet(result, explain=True)
    assert "5 (iris): samurai on B2 (3) = 3; 2 cards of the suit on the board → ×2 (doubled): 3 × 2 = 6" in explained
    data = result.to_dict()
    assert data["winners"] == ["Cy"]
    assert data["players"][1]["lines"][4] == {"rule": "emperor_bonus", "points": 5, "positions": ["C3", "B2"],
                                              "suit": 5, "reason": result.players[1].lines[4].reason}
