"""Impossible states are refused, each problem naming its position, and every problem is reported at once."""

from __future__ import annotations

import pytest

from emperors_garden import (
    EMPEROR,
    Board,
    Colour,
    Deck,
    Game,
    InvalidGameError,
    Month,
    Player,
    Rank,
    game_problems,
    score_game,
)
from emperors_garden.validate import board_problems, check

from .helpers import make_game

SCORING = (1, 2, 3, 4)
RED, BLUE, GREEN = Colour.RED, Colour.BLUE, Colour.GREEN


def messages(game: Game) -> list[str]:
    return [p.format() for p in game_problems(game)]


def one_problem(game: Game) -> str:
    found = messages(game)
    assert len(found) == 1, found
    return found[0]


def test_a_valid_game_has_no_problem() -> None:
    game = make_game("5@E 6@redL 7@blueS", SCORING)
    assert game_problems(game) == []
    assert check(game) is game


def test_two_pieces_on_one_card() -> None:
    text = one_problem(make_game("5@E 6@redL+blueS 7", SCORING))
    assert "position B1" in text and "2 pieces on one card" in text
    assert "red samurai" in text and "blue poet" in text


def test_a_piece_on_the_emperors_card() -> None:
    text = one_problem(make_game("5@E+redM 6 7", SCORING))
    assert "position A1" in text and "the emperor and the red priest" in text


def test_a_scoring_suit_with_four_cards_showing() -> None:
    # Suit 1 is a scoring card, yet all four of its cards are on the board.
    text = one_problem(make_game("1@E 1 1 1 5", SCORING))
    assert "position A1" in text
    assert "1 (pine) is a scoring card" in text and "4 of its cards show on the board (A1, B1, C1, D1)" in text


def test_two_scoring_cards_of_a_suit_leave_two_on_the_board() -> None:
    assert game_problems(make_game("1@E 1 5", (1, 1, 2, 3))) == []
    text = one_problem(make_game("1@E 1 1 5", (1, 1, 2, 3)))
    assert "scoring card (2×)" in text and "A1, B1, C1" in text


def test_more_than_four_cards_of_a_suit() -> None:
    text = one_problem(make_game("7@E 7 7 / 7 7 1", SCORING))
    assert "5 cards of 7 (bush clover) on the board (A1, B1, C1, A2, B2)" in text


def test_a_piece_on_a_position_with_no_card() -> None:
    text = one_problem(make_game("5@E .@redL 7", SCORING))
    assert "position B1" in text and "red samurai stands on a position with no card" in text


def test_a_piece_outside_the_layout() -> None:
    board = Board(((Month.IRIS, Month.PEONY),), (((0, 0), EMPEROR), ((3, 4), Board.parse("1@redL").occupants[0][1])))
    game = Game(board, (Player(RED), Player(BLUE)), (Month.PINE,) * 2 + (Month.PLUM_BLOSSOM,) * 2)
    text = one_problem(game)
    assert "position E4" in text and "outside the layout" in text


def test_a_piece_of_a_colour_not_in_play() -> None:
    text = one_problem(make_game("5@E 6@greenL 7", SCORING))
    assert "position B1" in text and "no player plays green" in text


def test_the_emperor_is_missing_or_doubled() -> None:
    assert "the emperor is not on the board" in one_problem(make_game("5 6 7", SCORING))
    text = one_problem(make_game("5@E 6@E 7", SCORING))
    assert "only one emperor" in text and "A1, B1" in text and "position B1" in text


def test_one_piece_in_two_places() -> None:
    text = one_problem(make_game("5@E 6@redL 7@redL", SCORING))
    assert "red samurai is in 2 places at once (B1, C1)" in text


def test_player_count_colours_and_names() -> None:
    assert "2 to 4 players, got 1" in one_problem(make_game("5@E 6 7", SCORING, players=[Player(RED)]))
    five = [Player(c) for c in (RED, BLUE, GREEN, Colour.YELLOW, Colour.BLACK)]
    assert "got 5" in one_problem(make_game("5@E 6 7", SCORING, players=five))
    text = one_problem(make_game("5@E 6 7", SCORING, players=[Player(RED, "A"), Player(RED, "B")]))
    assert "2 players play red" in text
    text = one_problem(make_game("5@E 6 7", SCORING, players=[Player(RED, "Al"), Player(BLUE, "Al")]))
    assert "2 players are called 'Al'" in text


def test_emperor_colour_must_be_a_set_no_player_uses() -> None:
    assert "emperor's pyramid" in one_problem(make_game("5@E 6 7", SCORING, emperor_colour=RED))
    assert game_problems(make_game("5@E 6 7", SCORING, emperor_colour=Colour.BLACK)) == []


def test_four_scoring_cards() -> None:
    assert "4 scoring cards, got 3" in one_problem(make_game("5@E 6 7", (1, 2, 3)))
    assert "got 5" in one_problem(make_game("5@E 6 7", (1, 2, 3, 4, 8)))


def test_negative_points_in_play() -> None:
    players = [Player(RED, points_in_play=-1), Player(BLUE)]
    text = one_problem(make_game("5@E 6 7", SCORING, players=players))
    assert "cannot be negative" in text and "'red'" in text


def test_western_removed_rank_and_foreign_cards() -> None:
    game = make_game("western: K@E 2 3", ("A", "4", "5", "6"))
    assert game.removed_rank is Rank.KING
    assert "position A1" in one_problem(game) and "rank removed" in one_problem(game)
    aces_out = make_game("western: K@E 2 3", ("A", "4", "5", "6"), removed_rank=Rank.ACE)
    assert "not a suit of the cards in play" in one_problem(aces_out)  # the scoring ace
    # A month on a western board (only possible through the API).
    board = Board(((Month.PINE, Rank.TWO),), (((0, 1), EMPEROR),), Deck.WESTERN)
    text = one_problem(Game(board, (Player(RED), Player(BLUE)), (Rank.THREE,) * 2 + (Rank.FOUR,) * 2))
    assert "position A1" in text and "not a suit of the western deck" in text


def test_out_of_play_cards_count_towards_the_four() -> None:
    # 3 cards of 9 on the board + 2 out of play = 5.
    text = one_problem(make_game("9@E 9 9", SCORING, out_of_play=(Month.CHRYSANTHEMUM,) * 2))
    assert "5 cards of 9 (chrysanthemum)" in text


def test_more_cards_than_the_deck() -> None:
    rows = " / ".join(" ".join(str(m) for m in range(1, 13)) for _ in range(3))  # 36 cards, 3 of each suit
    board = rows.replace("1", "1@E", 1) + " / " + " ".join(["5", "6", "7", "8", "9", "10", "11", "12", ".", ".",
                                                            ".", "."])
    # 36 + 8 = 44 cards on the board, 4 scoring cards (one each of 1-4), 2 agents held: 50 > 48.
    text = one_problem(make_game(board, SCORING))
    assert "50 cards accounted for" in text


def test_every_problem_is_reported_at_once() -> None:
    game = make_game("1 1@redL+blueS 1 1@greenM / .@blueL 6 6@redL .", (1, 2, 3),
                     players=[Player(RED), Player(BLUE, points_in_play=-2)], emperor_colour=BLUE)
    found = messages(game)
    expected = ["emperor is not on the board", "2 pieces on one card", "no player plays green",
                "stands on a position with no card", "red samurai is in 2 places", "4 scoring cards, got 3",
                "1 (pine) is a scoring card", "cannot be negative", "emperor's pyramid"]
    for text in expected:
        assert any(text in f for f in found), (text, found)
    assert len(found) == len(expected)
    with pytest.raises(InvalidGameError) as info:
        score_game(game)
    assert isinstance(info.value, ValueError)
    assert len(info.value.problems) == len(expected)
    assert "invalid game: 9 problems" in str(info.value)


def test_board_problems_without_players() -> None:
    assert board_problems(Board.parse("1@E 2@greenL")) == []
    assert len(board_problems(Board.parse("1@E 2@greenL"), colours_in_play=(RED,))) == 1
