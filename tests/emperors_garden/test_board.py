"""Positions, suits, occupants and the board notation (round trips, every bad cell reported)."""

from __future__ import annotations

import pytest

from emperors_garden import EMPEROR, Board, Colour, Deck, Month, NotationError, Piece, PieceRef, Rank
from emperors_garden.board import column_name, parse_occupant, parse_position, parse_suit, position_name
from emperors_garden.vocab import ALL_MONTHS, ALL_RANKS, Adjacency


@pytest.mark.parametrize(("pos", "name"), [((0, 0), "A1"), ((1, 2), "C2"), ((9, 25), "Z10"), ((0, 26), "AA1"),
                                           ((2, 27), "AB3"), ((0, 51), "AZ1"), ((0, 52), "BA1")])
def test_position_names_round_trip(pos: tuple[int, int], name: str) -> None:
    assert position_name(pos) == name
    assert parse_position(name) == pos
    assert parse_position(name.lower()) == pos


def test_column_names_are_spreadsheet_style() -> None:
    assert [column_name(i) for i in (0, 1, 25, 26, 701, 702)] == ["A", "B", "Z", "AA", "ZZ", "AAA"]


@pytest.mark.parametrize("bad", ["", "1A", "A0", "A", "7", "A-1", "A1B"])
def test_bad_position_names_are_refused(bad: str) -> None:
    with pytest.raises(NotationError):
        parse_position(bad)


def test_hanafuda_suits_are_months_1_to_12() -> None:
    assert [parse_suit(str(m.value), Deck.HANAFUDA) for m in ALL_MONTHS] == list(ALL_MONTHS)
    assert parse_suit(5, Deck.HANAFUDA) is Month.IRIS
    assert parse_suit("iris", Deck.HANAFUDA) is Month.IRIS
    assert parse_suit("05", Deck.HANAFUDA) is Month.IRIS
    for bad in ("0", "13", "A", "K", True, None, 2.5):
        with pytest.raises(NotationError):
            parse_suit(bad, Deck.HANAFUDA)


def test_western_suits_are_ranks() -> None:
    assert [parse_suit(r.value, Deck.WESTERN) for r in ALL_RANKS] == list(ALL_RANKS)
    assert parse_suit("q", Deck.WESTERN) is Rank.QUEEN
    assert parse_suit("queens", Deck.WESTERN) is Rank.QUEEN
    assert parse_suit(10, Deck.WESTERN) is Rank.TEN
    with pytest.raises(NotationError):
        parse_suit("Z", Deck.WESTERN)
    # A month and a rank with the same digit are different suits.
    assert parse_suit("5", Deck.HANAFUDA) != parse_suit("5", Deck.WESTERN)


def test_occupants() -> None:
    assert parse_occupant("E") is EMPEROR
    assert parse_occupant("redL") == PieceRef(Colour.RED, Piece.SAMURAI)
    assert parse_occupant("BlueM") == PieceRef(Colour.BLUE, Piece.PRIEST)
    assert parse_occupant("purples") == PieceRef(Colour.PURPLE, Piece.POET)
    for bad in ("redX", "pinkL", "L", "", "EE"):
        with pytest.raises(NotationError):
            parse_occupant(bad)


START = ". 1 . / 3@blueL 8@E 11 / . 12@redL ."


def test_parse_reads_cards_gaps_and_occupants() -> None:
    board = Board.parse(START)
    assert (board.height, board.width) == (3, 3)
    assert board[(0, 0)] is None and board[(0, 1)] is Month.PINE and board[(1, 1)] is Month.PAMPAS_GRASS
    assert board[(5, 5)] is None  # outside the grid: no card
    assert board.emperor == (1, 1)
    assert board.position_of(PieceRef(Colour.RED, Piece.SAMURAI)) == (2, 1)
    assert board.position_of(PieceRef(Colour.RED, Piece.POET)) is None
    assert board.card_positions() == ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1))
    assert board.colours() == (Colour.RED, Colour.BLUE)


def test_format_round_trips_and_is_canonical() -> None:
    board = Board.parse(START)
    assert board.format() == START
    assert Board.parse(board.format()) == board
    assert Board.parse(board.format_grid()) == board
    assert Board.parse(board.rows()) == board
    # Occupants listed in another order give the same board and the same text.
    assert Board.parse(". 1@redS+E . / 3 8 11") == Board.parse(". 1@E+redS . / 3 8 11")
    assert Board.parse(". 1@redS+E . / 3 8 11").format() == ". 1@E+redS . / 3 8 11"


def test_newlines_and_extra_spaces_are_accepted() -> None:
    assert Board.parse("\n  . 1 .\n3@blueL   8@E 11\n. 12@redL .\n") == Board.parse(START)


def test_western_prefix_round_trips() -> None:
    board = Board.parse("western: A@E 10 / Q@redS .")
    assert board.deck is Deck.WESTERN
    assert board[(0, 1)] is Rank.TEN
    assert board.format() == "western: A@E 10 / Q@redS ."
    assert Board.parse(board.format()) == board
    assert Board.parse(board.format_grid()) == board
    assert Board.parse("A 2 / 3 4", Deck.WESTERN).deck is Deck.WESTERN


def test_every_bad_cell_is_reported_with_its_position() -> None:
    with pytest.raises(NotationError) as info:
        Board.parse("1 13 2 / 3@pinkL 4 Z")
    problems = info.value.problems
    assert [p.position for p in problems] == ["B1", "A2", "C2"]
    assert "13" in problems[0].message and "pinkL" in problems[1].message
    assert isinstance(info.value, ValueError)


def test_ragged_rows_and_empty_text_are_refused() -> None:
    with pytest.raises(NotationError, match="same number of positions"):
        Board.parse("1 2 3 / 4 5")
    with pytest.raises(NotationError, match="empty"):
        Board.parse("   ")
    with pytest.raises(NotationError):
        Board(((Month.PINE,), (Month.PINE, None)))


def test_a_piece_outside_the_grid_cannot_be_written() -> None:
    board = Board(((Month.PINE,),), (((3, 3), EMPEROR),))
    with pytest.raises(NotationError, match="D4"):
        board.format()


def test_mirrors() -> None:
    board = Board.parse("1@E 2 . / 3 . 4@redL")
    assert board.mirrored_left_right() == Board.parse(". 2 1@E / 4@redL . 3")
    assert board.mirrored_up_down() == Board.parse("3 . 4@redL / 1@E 2 .")
    assert board.mirrored_left_right().mirrored_left_right() == board


def test_neighbours() -> None:
    board = Board.parse("1 2 3 / 4 5@E 6 / 7 8 9")
    assert set(board.neighbours((1, 1), Adjacency.ORTHOGONAL)) == {(0, 1), (1, 0), (1, 2), (2, 1)}
    assert len(board.neighbours((1, 1), Adjacency.WITH_DIAGONALS)) == 8
