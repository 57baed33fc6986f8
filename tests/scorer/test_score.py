"""score_game: the result contract, hand-checked sample results, ranks and the coins tie-break."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from scorer import GameResult, InvalidGameError, Severity, score_game
from scorer.vocab import Board, Category
from zengarden.wording import CONTRACT

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def load(name: str) -> dict[str, Any]:
    return json.loads((SAMPLES / name).read_text())


def table(result: dict[str, Any]) -> dict[str, dict[str, int]]:
    return {p["name"]: p["categories"] for p in result["players"]}


# Expected results worked out by hand from the gardens (see the arithmetic in each comment).
LEVEL1 = {
    # Ann: 4 rings (stone, stone, wood, sand) → 15; no decor ≥ 6; 8 stone; 4 gates ×2; most water (8);
    # 4 gravel → 2.  9+15+0+8+8+8+2 = 50
    "Ann": {"coins": 9, "walkways": 15, "decor": 0, "minor": 8, "major": 8, "majority": 8, "detail": 2},
    # Bob: 1 clay/stone ring → 3; 6 gates → 3; 8 stone; 6 gates ×2; 2 water, second → 4; 6 gravel → 8.  = 50
    "Bob": {"coins": 12, "walkways": 3, "decor": 3, "minor": 8, "major": 12, "majority": 4, "detail": 8},
}
LEVEL3 = {
    # minor trees, major wood, majority crane, detail buddha. Ann: 0 trees, 4 wood, 3 cranes (2nd), 1 buddha;
    # water/gravel/sand each one area; 3 floor types.  5+15+0+0+8+4-4+10+12 = 50
    "Ann": {"coins": 5, "walkways": 15, "decor": 0, "minor": 0, "major": 8, "majority": 4, "detail": -4,
            "unity": 10, "minimalism": 12},
    # Bob: 3 trees, 4 wood, 0 cranes, 2 buddhas; 5 floor types all in one area each.  20+3+3+3+8+0-2+10+0 = 45
    "Bob": {"coins": 20, "walkways": 3, "decor": 3, "minor": 3, "major": 8, "majority": 0, "detail": -2,
            "unity": 10, "minimalism": 0},
    # Cy: wood ring → 3; 8 trees; 9 wood; 4 cranes (most); 2 buddhas; 2 floor types.  4+3+0+8+18+8-2+10+18 = 67
    "Cy": {"coins": 4, "walkways": 3, "decor": 0, "minor": 8, "major": 18, "majority": 8, "detail": -2,
           "unity": 10, "minimalism": 18},
}
LEVEL5 = {
    "Ann": {"coins": 9, "walkways": 15, "decor": 0, "minor": 8, "major": 8, "majority": 8, "detail": 2,
            "unity": 10, "minimalism": 12, "missions": 0},
    "Bob": {"coins": 12, "walkways": 3, "decor": 3, "minor": 8, "major": 12, "majority": 4, "detail": 8,
            "unity": 10, "minimalism": 0, "missions": 0},
    # Cy: second to complete wood + crane (9 wood, 4 cranes) → 3
    "Cy": {"coins": 4, "walkways": 3, "decor": 0, "minor": 0, "major": 8, "majority": 0, "detail": 0,
           "unity": 10, "minimalism": 18, "missions": 3},
    # Dan: first on wood + crane and on clay + bench → 5 + 5; clay split (A1–D1 block and D4) → unity 0
    "Dan": {"coins": 7, "walkways": 3, "decor": 0, "minor": 5, "major": 6, "majority": 0, "detail": 0,
            "unity": 0, "minimalism": 18, "missions": 10},
}


def test_level1_sample_tie_broken_by_coins() -> None:
    result = score_game(load("game-level1.json")).to_dict(words=CONTRACT)
    assert table(result) == LEVEL1
    assert [(p["name"], p["total"], p["rank"]) for p in result["players"]] == [("Ann", 50, 2), ("Bob", 50, 1)]
    assert result["winners"] == ["Bob"]
    assert "Bob wins with the most coins left (Ann 9, Bob 12)" in result["tie_break"]


def test_level3_sample() -> None:
    result = score_game(load("game-level3.json")).to_dict(words=CONTRACT)
    assert table(result) == LEVEL3
    assert [(p["total"], p["rank"]) for p in result["players"]] == [(50, 2), (45, 3), (67, 1)]
    assert result["winners"] == ["Cy"] and result["tie_break"] is None


def test_level5_sample() -> None:
    result = score_game(load("game-level5.json")).to_dict(words=CONTRACT)
    assert table(result) == LEVEL5
    assert [(p["total"], p["rank"]) for p in result["players"]] == [(72, 1), (60, 2), (46, 4), (49, 3)]
    assert result["winners"] == ["Ann"]


def test_result_contract_keys_follow_the_boards_in_play() -> None:
    data = load("game-level5.json")
    for boards, keys in [
        ([1], ["coins", "walkways", "decor", "minor", "major", "majority", "detail"]),
        ([1, 2], ["coins", "walkways", "decor", "minor", "major", "majority", "detail", "unity"]),
        ([2, 3], ["coins", "unity", "minimalism"]),
        ([1, 5], ["coins", "walkways", "decor", "minor", "major", "majority", "detail", "missions"]),
    ]:
        game = dict(data, boards=boards)
        game["missions"] = {1: [], 2: [], 3: []}[1] if 5 not in boards else data["missions"][2:]
        if 1 not in boards:
            game.pop("preferences")
        result = score_game(game).to_dict(words=CONTRACT)
        for p in result["players"]:
            assert list(p["categories"]) == keys
            assert p["total"] == sum(p["categories"].values())
            assert set(p) >= {"name", "total", "rank", "categories"}
        assert set(result) >= {"players", "winners"}


def test_explanations_name_the_contributing_cells() -> None:
    result = score_game(load("game-level5.json")).to_dict(words=CONTRACT)
    ann = result["players"][0]["explanations"]
    assert ann["walkways"]["cells"] == [
        "A1", "B1", "A2", "B2", "C1", "D1", "C2", "D2", "A3", "B3", "A4", "B4", "C3", "D3", "C4", "D4"]
    assert ann["major"]["cells"] == ["A1", "C1", "A3", "C3"]
    assert "4 tiles show decor:gate × 2 = 8" in ann["major"]["reason"]
    dan = result["players"][3]["explanations"]
    assert "clay split into 2 areas" in dan["unity"]["reason"]
    assert "1st to complete → 5" in dan["missions"]["reason"]


def test_more_points_wins_without_tie_break() -> None:
    data = load("game-level1.json")
    data["players"][0]["coins"] = 12  # Ann 53, Bob 50
    result = score_game(data).to_dict(words=CONTRACT)
    assert result["winners"] == ["Ann"] and result["tie_break"] is None
    assert [p["rank"] for p in result["players"]] == [1, 2]


def test_shared_victory_when_points_and_coins_tie() -> None:
    data = load("game-level1.json")
    # Ann's C1 gravel becomes sand (same path, decor, corner): 3 gravel → detail −1 instead of 2,
    # so both players have 38 points before coins.
    data["players"][0]["garden"][0][2] = "sand/stone/gate/se"
    data["players"][0]["coins"] = data["players"][1]["coins"] = 12
    result = score_game(data).to_dict(words=CONTRACT)
    assert [p["total"] for p in result["players"]] == [50, 50]
    assert result["winners"] == ["Ann", "Bob"]
    assert "shared victory" in result["tie_break"]
    assert [p["rank"] for p in result["players"]] == [1, 1]


def test_invalid_game_raises_with_every_problem() -> None:
    data = load("game-level1.json")
    data["players"][0]["coins"] = 99
    data["preferences"]["major"] = "decor:dragon"
    with pytest.raises(InvalidGameError) as info:
        score_game(data)
    assert len(info.value.problems) == 2


def test_majority_interpretation_is_switchable_in_the_game_file() -> None:
    data = load("game-level5.json")  # water: Ann 8, Bob 2, Cy 0, Dan 0
    assert [p["categories"]["majority"] for p in score_game(data).to_dict(words=CONTRACT)["players"]] == [8, 4, 0, 0]
    data["rules"] = {"majority_needs_a_tile": False}
    assert [p["categories"]["majority"] for p in score_game(data).to_dict(words=CONTRACT)["players"]] == [8, 4, 0, 0]
    data["players"] = data["players"][2:]  # Cy and Dan, both 0 water: they now share first place
    data["missions"][1]["completed_by"] = ["Dan", "Cy"]
    assert [p["categories"]["majority"] for p in score_game(data).to_dict(words=CONTRACT)["players"]] == [8, 8]
    del data["rules"]
    assert [p["categories"]["majority"] for p in score_game(data).to_dict(words=CONTRACT)["players"]] == [0, 0]


def test_unknown_rules_switch_is_an_error() -> None:
    data = load("game-level1.json")
    data["rules"] = {"majority_needs_tile": False, "majority_needs_a_tile": "no"}
    with pytest.raises(InvalidGameError) as info:
        score_game(data)
    assert len(info.value.problems) == 2


def test_score_game_returns_a_frozen_typed_result() -> None:
    result = score_game(load("game-level5.json"))
    assert isinstance(result, GameResult)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.winners = ("Bob",)  # type: ignore[misc]
    assert result.boards == (Board.BASICS, Board.UNITY, Board.MINIMALISTIC, Board.TWO_MISSIONS, Board.ONE_MISSION)
    assert result.categories[0] is Category.COINS and result.categories[-1] is Category.MISSIONS
    dan = result.player("Dan")
    assert (dan.total, dan.rank, dan.points(Category.MISSIONS), dan.score("unity").points) == (49, 3, 10, 0)
    assert dan.score(Category.MAJOR).points == 6 and len(dan.score(Category.MAJOR).cells) == 3
    with pytest.raises(KeyError):
        result.player("Nobody")
    assert [w.severity for w in result.warnings] == [Severity.INFO] * len(result.warnings)


def test_to_dict_without_explanations_is_the_bare_contract() -> None:
    result = score_game(load("game-level3.json"))
    full, bare = result.to_dict(words=CONTRACT), result.to_dict(explain=False, words=CONTRACT)
    assert list(full) == ["players", "winners", "tie_break", "warnings", "boards"]
    assert [set(p) for p in bare["players"]] == [{"name", "total", "rank", "categories"}] * 3
    assert [{k: v for k, v in p.items() if k != "explanations"} for p in full["players"]] == bare["players"]
