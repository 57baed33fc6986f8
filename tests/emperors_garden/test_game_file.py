"""The JSON game file: reading, round trip, interpretations, every problem of a bad file at once."""

from __future__ import annotations

import json
from typing import Any

import pytest

from emperors_garden import (
    Colour,
    Deck,
    Game,
    InvalidGameError,
    Month,
    Piece,
    PieceRef,
    Rank,
    Rules,
    check_game,
    parse_game,
    validate_game,
)
from emperors_garden.entry import PlayerEntry, entry_to_dict
from emperors_garden.vocab import Adjacency, DuplicateScoringCards, EmperorBonus, SuitsTieBreak

from .helpers import SAMPLES


def sample(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SAMPLES / name).read_text(encoding="utf-8"))
    return data


def test_sample_files_are_valid_and_round_trip() -> None:
    for name in ("emperors-garden-3p.json", "emperors-garden-western.json"):
        data = sample(name)
        assert validate_game(data) == []
        game = Game.from_dict(data)
        assert Game.from_dict(game.to_dict()) == game
        assert Game.from_dict(json.loads(json.dumps(game.to_dict()))) == game


def test_reading_the_three_player_sample() -> None:
    game = parse_game(sample("emperors-garden-3p.json"))
    assert game.deck is Deck.HANAFUDA
    assert [p.name for p in game.players] == ["Ann", "Bob", "Cy"]
    assert game.scoring_cards == (Month.CHERRY_BLOSSOM, Month.IRIS, Month.PAMPAS_GRASS, Month.WILLOW)
    assert game.board.emperor == (2, 2)
    assert game.board.position_of(PieceRef(Colour.BLUE, Piece.PRIEST)) is None  # off the board
    assert game.piece_positions(game.player("Bob")) == {"samurai": "B2", "priest": None, "poet": "E3"}
    assert game.emperor_colour is Colour.BLACK
    assert game.rules == Rules()


def test_reading_the_western_sample() -> None:
    game = parse_game(sample("emperors-garden-western.json"))
    assert game.deck is Deck.WESTERN and game.removed_rank is Rank.KING
    assert game.scoring_cards == (Rank.ACE, Rank.SEVEN, Rank.SEVEN, Rank.QUEEN)
    assert game.out_of_play == (Rank.TWO,)
    assert game.rules.adjacency is Adjacency.WITH_DIAGONALS
    assert Rank.KING not in game.playable_suits() and len(game.playable_suits()) == 12


def test_board_as_one_string_and_defaults() -> None:
    data = {"board": "5@E 6@redL 7@blueS", "scoring_cards": [1, 2, 3, 4],
            "players": [{"colour": "red"}, {"colour": "blue", "holds_agent": False}]}
    game = parse_game(data)
    assert [p.name for p in game.players] == ["red", "blue"]
    assert [p.holds_agent for p in game.players] == [True, False]
    assert [p.points_in_play for p in game.players] == [0, 0]
    assert Game.from_dict(game.to_dict()) == game


def test_rules_from_and_to_dict() -> None:
    rules = Rules.from_dict({"emperor_bonus": "per_token", "emperor_bonus_multiplied": True,
                             "duplicate_scoring_cards": "per_card", "adjacency": "with_diagonals",
                             "suits_tie_break": "count"})
    assert rules == Rules(EmperorBonus.PER_TOKEN, True, DuplicateScoringCards.PER_CARD, Adjacency.WITH_DIAGONALS,
                          SuitsTieBreak.COUNT)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict({}) == Rules()
    assert Rules().changed() == {}
    assert rules.changed()["adjacency"] == "with_diagonals"


def test_bad_rules_are_all_reported() -> None:
    with pytest.raises(InvalidGameError) as info:
        Rules.from_dict({"emperor_bonus": "twice", "adjacency": 3, "emperor_bonus_multiplied": "yes", "colour": 1})
    texts = [p.message for p in info.value.problems]
    assert len(texts) == 4
    assert any("emperor_bonus must be one of once, per_token" in t for t in texts)
    assert any("unknown interpretation 'colour'" in t for t in texts)
    assert any("true or false" in t for t in texts)


def test_every_problem_of_a_bad_file_is_reported() -> None:
    data = {
        "game": "zen-garden",
        "deck": "hanafuda",
        "board": ["5@E 13 6@pinkL"],
        "scoring_cards": [1, 2, "x"],
        "players": [{"colour": "red", "points_in_play": "3"}, {"name": "", "colour": "mauve"}, "Bob"],
        "rules": {"adjacency": "near"},
        "extra": 1,
    }
    game, problems = check_game(data)
    assert game is None  # the board could not be read
    fields = [p.field for p in problems]
    assert "extra" in fields and "game" in fields and "rules" in fields
    assert "scoring_cards[2]" in fields
    board = [p for p in problems if p.field == "board"]
    assert [p.position for p in board] == ["B1", "C1"]
    assert any("points_in_play must be a whole number" in p.message for p in problems)
    assert any("not a colour" in p.message for p in problems)
    assert any("a player must be an object" in p.message for p in problems)
    assert any("a name must be non-empty text" in p.message for p in problems)
    with pytest.raises(InvalidGameError) as info:
        parse_game(data)
    assert len(info.value.problems) == len(problems) >= 10


def test_structural_problems() -> None:
    assert "JSON object" in validate_game([1, 2])[0].message
    problems = validate_game({})
    assert {p.field for p in problems} >= {"board", "scoring_cards", "players"}
    western_only = validate_game({"deck": "hanafuda", "removed_rank": "K", "board": "1@E",
                                  "scoring_cards": [2, 3, 4, 5], "players": [{"colour": "red"}, {"colour": "blue"}]})
    assert [p.field for p in western_only] == ["removed_rank"]
    assert validate_game({"deck": "tarot", "board": "1@E", "scoring_cards": [2, 3, 4, 5],
                          "players": [{"colour": "red"}, {"colour": "blue"}]})[0].field == "deck"


def test_positions_are_written_on_the_board_not_in_players() -> None:
    data = {"board": "5@E 6 7", "scoring_cards": [1, 2, 3, 4],
            "players": [{"colour": "red", "samurai": "B1"}, {"colour": "blue"}]}
    problems = validate_game(data)
    assert len(problems) == 1 and "unknown key 'samurai'" in problems[0].message


def test_manual_entry_builds_the_same_game_file() -> None:
    grid = [[None, "1", None], ["3", "8", "11"], [None, "12", None]]
    players = [PlayerEntry("Ann", "red", samurai="B3", poet="A2", points_in_play=2),
               PlayerEntry("Bob", "blue", priest="C2", holds_agent=False)]
    data, problems = entry_to_dict("hanafuda", grid, "B2", players, ["3", "5", "8", None])
    assert problems == []
    assert data["board"] == [". 1 .", "3@redS 8@E 11@blueM", ". 12@redL ."]
    assert data["scoring_cards"] == ["3", "5", "8"]
    # One scoring card left blank: the game file check says so.
    assert [p.message for p in validate_game(data)] == ["there are 4 scoring cards, got 3"]
    bad, problems = entry_to_dict("hanafuda", grid, "Z9", players, ["3", "5", "8", "9"])
    assert len(problems) == 1 and problems[0].position == "Z9" and "outside the layout" in problems[0].message
    assert "@E" not in " ".join(bad["board"])  # the emperor could not be placed


def test_an_unreadable_board_does_not_hide_the_other_problems() -> None:
    data = {"board": "5@E 99", "scoring_cards": [1, 2, 3], "players": [{"colour": "red", "points_in_play": -1}]}
    game, problems = check_game(data)
    assert game is None
    texts = [p.format() for p in problems]
    assert any("position B1" in t and "99" in t for t in texts)
    assert any("2 to 4 players, got 1" in t for t in texts)
    assert any("4 scoring cards, got 3" in t for t in texts)
    assert any("cannot be negative" in t for t in texts)
    assert len(texts) == 4
