"""Validation collects every problem at once and names the player and the cell."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from scorer import InvalidGameError, Severity, parse_game, validate_game
from zengarden.wording import CONTRACT

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def load(name: str) -> dict[str, Any]:
    return json.loads((SAMPLES / name).read_text())


def errors(data: Any) -> list[str]:
    return [CONTRACT.problem_line(p) for p in validate_game(data) if p.severity is Severity.ERROR]


def warnings(data: Any) -> list[str]:
    return [CONTRACT.problem_line(p) for p in validate_game(data) if p.severity is Severity.WARNING]


@pytest.mark.parametrize("name", ["game-level1.json", "game-level3.json", "game-level5.json"])
def test_samples_are_valid(name: str) -> None:
    assert errors(load(name)) == []
    game = parse_game(load(name))
    assert parse_game(game.to_dict()) == game  # the game-file form round-trips


def test_not_an_object() -> None:
    assert errors([1, 2]) == ["error: a game file is a JSON object, got list"]


def test_every_problem_is_reported_at_once() -> None:
    data = load("game-level5.json")
    data["boards"] = [1, 2, 3, 4, 5, 9]
    data["preferences"]["minor"] = "floor:lava"
    data["players"][0]["coins"] = 26
    data["players"][1]["name"] = "Ann"
    data["players"][2]["garden"][1][2] = "cherry_blossom/sand/crane/nw"  # already at C1
    data["missions"][0]["completed_by"] = ["Zed"]
    found = errors(data)
    assert any("unknown board 9" in e for e in found)
    assert any("unknown floor 'lava'" in e for e in found)
    assert any("player 'Ann'" in e and "coins must be 0–25" in e for e in found)
    assert any("two players are called 'Ann'" in e for e in found)
    assert any("player 'Cy', cell C2" in e and "cherry_blossom/sand/crane" in e for e in found)
    assert any("unknown player 'Zed'" in e for e in found)
    with pytest.raises(InvalidGameError) as info:
        parse_game(data)
    assert len(info.value.problems) == len(found) >= 6
    assert isinstance(info.value, ValueError)


def test_tile_shared_across_gardens_names_both_players_and_cells() -> None:
    data = load("game-level5.json")
    data["players"][3]["garden"][3][3] = "water/stone/gate/nw"  # Ann has it at A1
    assert errors(data) == [
        "error: player 'Dan', cell D4: tile water/stone/gate is also at A1 in Ann's garden; each tile exists once"
    ]


def test_same_tile_twice_in_one_garden_whatever_the_corner() -> None:
    data = load("game-level1.json")
    data["players"][0]["garden"][0][1] = "water/stone/gate/nw"
    (msg,) = errors(data)
    assert "cell B1" in msg and "also at A1 in the same garden" in msg


def test_bad_cells_are_named() -> None:
    data = load("game-level1.json")
    data["players"][1]["garden"][2][3] = "clay/stone/dragon/nw"
    data["players"][1]["garden"][0][0] = 5
    found = errors(data)
    assert any("player 'Bob', cell D3: unknown decor 'dragon'" in e for e in found)
    assert any("player 'Bob', cell A1" in e for e in found)


@pytest.mark.parametrize(
    "garden",
    [
        [["water/stone/gate/se"] * 4] * 3,
        [["water/stone/gate/se"] * 3] * 4,
        "water/stone/gate/se",
        None,
    ],
)
def test_wrong_grid_size(garden: Any) -> None:
    data = load("game-level1.json")
    data["players"][0]["garden"] = garden
    assert any("player 'Ann'" in e and "4 rows of 4 tiles" in e for e in errors(data))


def test_duplicated_emperor_feature() -> None:
    data = load("game-level5.json")
    data["missions"][1]["features"] = ["path:stone", "decor:crane"]  # path:stone is already minor
    assert any("Emperor tile path:stone is used twice" in e for e in errors(data))


def test_missing_preferences() -> None:
    data = load("game-level1.json")
    del data["preferences"]["detail"]
    assert errors(data) == ["error: preferences.detail: board 1 needs an Emperor tile on 'detail'"]
    del data["preferences"]
    assert any("'preferences' is missing" in e for e in errors(data))


@pytest.mark.parametrize(("boards", "given", "message"), [
    ([1, 4], 3, "3 mission(s) given; the boards in play need 2"),
    ([1, 5], 2, "2 mission(s) given; the boards in play need 1"),
    ([1, 4, 5], 2, "2 mission(s) given; boards 4 and 5 need 3"),
    ([1], 1, "1 mission(s) given; the boards in play need 0"),
])
def test_wrong_number_of_missions(boards: list[int], given: int, message: str) -> None:
    data = load("game-level5.json")
    data["boards"] = boards
    data["missions"] = data["missions"][:given]
    for m in data["missions"]:
        m["completed_by"] = []
    assert f"error: missions: {message}" in errors(data)


def test_mission_with_the_same_feature_twice() -> None:
    data = load("game-level5.json")
    data["missions"][0]["features"] = ["decor:pagoda", "decor:pagoda"]
    assert any("names decor:pagoda twice" in e for e in errors(data))


def test_mission_finisher_must_qualify() -> None:
    data = load("game-level5.json")
    data["missions"][2]["completed_by"] = ["Dan", "Bob"]  # Bob: 4 clay but only 3 benches
    (msg,) = errors(data)
    assert "player 'Bob'" in msg and "3× decor:bench" in msg and "at least 4" in msg


def test_mission_finisher_listed_twice() -> None:
    data = load("game-level5.json")
    data["missions"][1]["completed_by"] = ["Dan", "Cy", "Dan"]
    assert any("Dan is listed twice for mission 2" in e for e in errors(data))


@pytest.mark.parametrize("coins", [-1, 26, 3.5, "7", True, None])
def test_coins_outside_range_or_type(coins: Any) -> None:
    data = load("game-level1.json")
    data["players"][0]["coins"] = coins
    assert any("player 'Ann'" in e and "coins must be" in e for e in errors(data))


@pytest.mark.parametrize("coins", [0, 25])
def test_coin_limits_are_valid(coins: int) -> None:
    data = load("game-level1.json")
    data["players"][0]["coins"] = coins
    assert errors(data) == []


def test_player_count_limits() -> None:
    data = load("game-level1.json")
    data["players"] = []
    assert any("0 players given" in e for e in errors(data))
    one = load("game-level1.json")
    one["players"] = one["players"][:1]
    assert errors(one) == []  # one garden alone is accepted for checking


def test_empty_player_name() -> None:
    data = load("game-level1.json")
    data["players"][0]["name"] = "  "
    assert any("non-empty name" in e for e in errors(data))


def test_board_one_missing_is_a_warning_not_an_error() -> None:
    data = load("game-level3.json")
    data["boards"] = [2, 3]
    assert errors(data) == []
    assert any("board 1 (basics) is not in play" in w for w in warnings(data))
    assert parse_game(data).preferences == {}


def test_qualifying_player_not_listed_is_warned_while_point_tiles_remain() -> None:
    data = load("game-level5.json")
    data["missions"][1]["completed_by"] = ["Dan"]  # Cy qualifies too
    found = warnings(data)
    assert found == [
        "warning: player 'Cy': qualifies for mission 2 (path:wood + decor:crane) but is not listed as completing "
        "it, while point tiles remain"
    ]


def test_coin_bonus_lines_are_listed_as_info() -> None:
    infos = [p for p in validate_game(load("game-level1.json")) if p.severity is Severity.INFO]
    assert [(p.player, CONTRACT.problem(p).split(" earned")[0]) for p in infos] == [("Bob", "column A"),
                                                                                   ("Bob", "column B")]


def test_photo_player_without_reading_is_an_error_for_plain_validation() -> None:
    data = load("game-level1.json")
    data["players"][1] = {"name": "Bob", "coins": 3, "photo": "photos/bob.jpg"}
    assert any("garden not read yet" in e for e in errors(data))


def test_validation_does_not_mutate_input() -> None:
    data = load("game-level5.json")
    before = copy.deepcopy(data)
    validate_game(data)
    assert data == before
