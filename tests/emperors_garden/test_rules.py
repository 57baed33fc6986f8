"""Each rule function, on the statements of the rule text's "Winning the Game", worked out by hand.

The rule text gives no numeric example game; every statement of its scoring section is turned
into a small board here, with the arithmetic in a comment.
"""

from __future__ import annotations

import pytest

from emperors_garden import Board, Colour, Month, Player, Rules, ScoreKind, TieBreak
from emperors_garden.rules import (
    score_agent,
    score_emperor_bonus,
    score_in_play,
    score_suit,
    scoring_suits,
    suit_multiplier,
    tie_adjacent_to_emperor,
    tie_agent,
    tie_pieces_on_board,
    tie_suits_scored,
)
from emperors_garden.vocab import (
    Adjacency,
    DuplicateScoringCards,
    EmperorBonus,
    SuitsTieBreak,
)

from .helpers import suits

RED, BLUE = Colour.RED, Colour.BLUE
IRIS = Month.IRIS


def test_multiplier_table() -> None:
    # "3 cards ... as listed; 2 cards ... doubled; only one card ... tripled"; 0 cards: nothing to sit on.
    assert [suit_multiplier(n) for n in (3, 2, 1, 0)] == [1, 2, 3, 0]
    with pytest.raises(ValueError, match="0 to 3"):
        suit_multiplier(4)


@pytest.mark.parametrize(("code", "points"), [("L", 3), ("M", 2), ("S", 1)])
def test_piece_values_with_three_cards_of_the_suit(code: str, points: int) -> None:
    # "A samurai on the same suit as a scoring card = 3 points", priest 2, poet 1;
    # three cards of suit 5 on the board: "points are scored as listed" (× 1).
    board = Board.parse(f"5@red{code} 5 5 / 1@E 2 3")
    line = score_suit(board, RED, IRIS)
    assert line.kind is ScoreKind.SUIT and line.suit is IRIS
    assert line.points == points
    assert line.positions == ((0, 0),)
    assert "×1" in line.reason and "3 cards" in line.reason


def test_two_cards_double_the_suit() -> None:
    # Samurai and poet on the only two cards of suit 5: (3 + 1) × 2 = 8.
    board = Board.parse("5@redL 1@E 5@redS")
    line = score_suit(board, RED, IRIS)
    assert line.points == 8
    assert line.positions == ((0, 0), (0, 2))
    assert "= 4" in line.reason and "4 × 2 = 8" in line.reason


def test_one_card_triples_the_suit() -> None:
    # Priest on the only card of suit 5: 2 × 3 = 6.
    board = Board.parse("5@redM 1@E")
    assert score_suit(board, RED, IRIS).points == 6
    assert "tripled" in score_suit(board, RED, IRIS).reason


def test_all_three_pieces_on_a_suit_with_three_cards() -> None:
    # 3 + 2 + 1 = 6, × 1 (3 cards) = 6.
    board = Board.parse("5@redL 5@redM 5@redS 1@E")
    assert score_suit(board, RED, IRIS).points == 6


def test_other_players_pieces_and_other_suits_do_not_count() -> None:
    # Blue's samurai on 5 scores for blue, not red; red's samurai on 6 scores nothing on suit 5.
    board = Board.parse("5@blueL 6@redL 5 1@E")
    assert score_suit(board, RED, IRIS).points == 0
    assert "no piece" in score_suit(board, RED, IRIS).reason
    assert score_suit(board, BLUE, IRIS).points == 3 * 2  # 2 cards of suit 5: 3 × 2 = 6


def test_no_card_of_the_suit_on_the_board() -> None:
    # "It is possible that there will be 3 to 0 cards of the same suit as a scoring card on the board."
    board = Board.parse("1@E 2@redL")
    line = score_suit(board, RED, IRIS)
    assert line.points == 0 and "no card of it" in line.reason


def test_copies_multiply_a_suit_scored_per_card() -> None:
    # per_card reading, two scoring cards of suit 5: samurai on one of 2 cards: 3 × 2 × 2 = 12.
    board = Board.parse("5@redL 5 1@E")
    assert score_suit(board, RED, IRIS, copies=2).points == 12


def test_scoring_suits_once_or_per_card() -> None:
    cards = suits([5, 8, 5, 12])
    assert scoring_suits(cards, Rules()) == ((Month.IRIS, 1), (Month.PAMPAS_GRASS, 1), (Month.PAULOWNIA, 1))
    per_card = Rules(duplicate_scoring_cards=DuplicateScoringCards.PER_CARD)
    assert scoring_suits(cards, per_card) == ((Month.IRIS, 2), (Month.PAMPAS_GRASS, 1), (Month.PAULOWNIA, 1))


# --- emperor bonus ---------------------------------------------------------------------------------


def test_emperor_bonus_with_token_on_the_emperors_scoring_suit() -> None:
    # "If you have a token sitting on a card of a scoring suit and the emperor is also sitting on a
    # card of that suit, then you receive 5 points."
    board = Board.parse("5@E 5@redS 6@blueL")
    red = score_emperor_bonus(board, RED, suits([5, 6, 7, 8]), Rules())
    assert red.kind is ScoreKind.EMPEROR_BONUS
    assert red.points == 5
    assert red.positions == ((0, 0), (0, 1))
    # Blue sits on a scoring suit too (6), but not the emperor's: no bonus.
    assert score_emperor_bonus(board, BLUE, suits([5, 6, 7, 8]), Rules()).points == 0


def test_no_emperor_bonus_when_the_emperors_suit_is_not_scoring() -> None:
    board = Board.parse("5@E 5@redS")
    line = score_emperor_bonus(board, RED, suits([1, 2, 3, 4]), Rules())
    assert line.points == 0 and "not a scoring suit" in line.reason


def test_emperor_bonus_once_or_per_token() -> None:
    board = Board.parse("5@E 5@redS 5@redL 1")
    scoring = suits([5, 6, 7, 8])
    # Default: once per player, whatever the number of tokens: 5.
    assert score_emperor_bonus(board, RED, scoring, Rules()).points == 5
    # per_token: 2 tokens × 5 = 10.
    assert score_emperor_bonus(board, RED, scoring, Rules(emperor_bonus=EmperorBonus.PER_TOKEN)).points == 10


def test_emperor_bonus_multiplied_by_the_suit_factor_only_when_asked() -> None:
    # 2 cards of suit 5 on the board: the pieces double; the bonus stays 5 by default, 5 × 2 = 10 if multiplied.
    board = Board.parse("5@E 5@redS 1")
    scoring = suits([5, 6, 7, 8])
    assert score_emperor_bonus(board, RED, scoring, Rules()).points == 5
    assert score_emperor_bonus(board, RED, scoring, Rules(emperor_bonus_multiplied=True)).points == 10


def test_emperor_bonus_with_two_scoring_cards_of_the_emperors_suit() -> None:
    board = Board.parse("5@E 5@redS 1")
    scoring = suits([5, 5, 7, 8])
    assert score_emperor_bonus(board, RED, scoring, Rules()).points == 5  # once: 5
    per_card = Rules(duplicate_scoring_cards=DuplicateScoringCards.PER_CARD)
    assert score_emperor_bonus(board, RED, scoring, per_card).points == 10  # 5 × 2 scoring cards


def test_all_bonus_switches_together() -> None:
    # Two scoring cards of suit 5 leave at most 2 on the board: the emperor's card and red's poet's.
    board = Board.parse("5@E 5@redS 1")
    rules = Rules(EmperorBonus.PER_TOKEN, True, DuplicateScoringCards.PER_CARD)
    # 5 × 1 token × 2 (2 cards of suit 5) × 2 scoring cards = 20.
    assert score_emperor_bonus(board, RED, suits([5, 5, 7, 8]), rules).points == 20


# --- agent and points in play ---------------------------------------------------------------------


def test_unused_agent_is_worth_two() -> None:
    # "Any unused agents remaining at the end of the game are worth 2 points."
    assert score_agent(Player(RED, holds_agent=True)).points == 2
    assert score_agent(Player(RED, holds_agent=False)).points == 0
    assert score_agent(Player(RED)).kind is ScoreKind.AGENT


def test_points_in_play_are_added() -> None:
    line = score_in_play(Player(RED, points_in_play=7))
    assert (line.kind, line.points) == (ScoreKind.IN_PLAY, 7)
    assert "7 points" in line.reason


# --- tie-breaks ------------------------------------------------------------------------------------


def test_tie_agent() -> None:
    # "the player who still has his agent at the end of the game wins"
    assert tie_agent(Player(RED, holds_agent=True)).value == 1
    assert tie_agent(Player(RED, holds_agent=False)).value == 0
    assert tie_agent(Player(RED)).tie_break is TieBreak.AGENT


def test_tie_pieces_on_board_counts_pieces_on_any_card() -> None:
    board = Board.parse("1@redL 2@redS 3@E 4@blueM")
    red = tie_pieces_on_board(board, RED)
    assert red.value == 2 and red.positions == ((0, 0), (0, 1))
    assert tie_pieces_on_board(board, BLUE).value == 1
    assert tie_pieces_on_board(board, Colour.GREEN).value == 0


def test_tie_suits_scored_more_than_one_or_count() -> None:
    board = Board.parse("5@redL 8@redM 11@redS 1@E")
    lines = [score_suit(board, RED, s) for s in suits([5, 8, 11, 12])]
    # Scored with suits 5, 8 and 11 (12: no piece).
    assert tie_suits_scored(lines, Rules()).value == 1
    assert tie_suits_scored(lines, Rules(suits_tie_break=SuitsTieBreak.COUNT)).value == 3
    one = [score_suit(board, RED, s) for s in suits([5, 2, 3, 4])]
    assert tie_suits_scored(one, Rules()).value == 0  # one suit is not "more than one"
    assert tie_suits_scored(one, Rules(suits_tie_break=SuitsTieBreak.COUNT)).value == 1


def test_tie_adjacent_to_emperor_orthogonal_or_with_diagonals() -> None:
    board = Board.parse("1@redL 2@redM 3 / 4@blueL 5@E 6 / 7 8 9@redS")
    # Orthogonal neighbours of B2: B1, A2, C2, B3 -> red priest (B1) only.
    red = tie_adjacent_to_emperor(board, RED, Rules())
    assert red.value == 1 and red.positions == ((0, 1),)
    # With diagonals: + A1 (samurai) and C3 (poet) -> 3.
    diag = Rules(adjacency=Adjacency.WITH_DIAGONALS)
    assert tie_adjacent_to_emperor(board, RED, diag).value == 3
    assert tie_adjacent_to_emperor(board, BLUE, Rules()).value == 1
