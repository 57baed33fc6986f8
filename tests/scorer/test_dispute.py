"""Dispute check: claimed vs computed scores, which categories differ and why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer import score_game
from scorer.dispute import check_claim, possible_points
from scorer.explain import ReasonCode

ROOT = Path(__file__).resolve().parents[2]
LEVEL5 = json.loads((ROOT / "samples" / "game-level5.json").read_text())
RESULT = score_game(LEVEL5)
ANN = RESULT.player("Ann")


def test_agreeing_claim() -> None:
    report = check_claim(RESULT, "Ann", total=ANN.total)
    assert report.agrees and report.gap == 0


def test_per_category_claims_name_the_differences_with_reasons() -> None:
    claims = {c.category.value: c.points for c in ANN.categories}
    claims["walkways"] = ANN.points("walkways") - 5
    claims["detail"] = ANN.points("detail") + 3
    report = check_claim(RESULT, "Ann", categories=claims)
    assert not report.agrees
    assert {d.category for d in report.differing} == {"walkways", "detail"}
    walk = next(d for d in report.differing if d.category == "walkways")
    assert walk.difference == -5 and walk.reason.code is ReasonCode.WALKWAYS and walk.cells
    assert report.claimed_total == ANN.total - 2


def test_total_only_lists_plausible_categories() -> None:
    report = check_claim(RESULT, "Ann", total=ANN.total + 4)
    assert report.gap == 4 and not report.differing
    cats = {d.category for d in report.candidates}
    # majority 8 -> 12 is impossible, unity 10 -> 14 impossible; coins 9 -> 13 possible
    assert "coins" in cats and "majority" not in cats and "unity" not in cats
    for d in report.candidates:
        assert d.claimed in possible_points()[d.category]


def test_unknown_player_and_category() -> None:
    with pytest.raises(KeyError):
        check_claim(RESULT, "Nobody", total=1)
    report = check_claim(RESULT, "Ann", categories={"bogus": 3})
    assert report.unknown_categories == ("bogus",)


def test_possible_points_tables() -> None:
    pp = possible_points()
    assert pp["walkways"] == frozenset({0, 3, 6, 10, 15})
    assert 20 + 16 in pp["decor"] and 1 not in pp["decor"]
    assert pp["missions"] >= {0, 1, 3, 5, 15} and 16 not in pp["missions"]
