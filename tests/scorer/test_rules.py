"""Every scoring rule: the rulebook examples and every table boundary."""

from __future__ import annotations

import pytest

from scorer import Feature
from scorer.game import Mission
from scorer.rules import (
    coin_bonus_lines,
    decor_points,
    detail_points,
    find_walkways,
    floor_areas,
    majority_places,
    minimalism_points,
    mission_points,
    score_coins,
    score_decor,
    score_detail,
    score_major,
    score_majority,
    score_minimalism,
    score_minor,
    score_missions,
    score_unity,
    score_walkways,
)
from tests.scorer.gardens import build
from zengarden.wording import CONTRACT

F = Feature.parse

# Four 2×2 rings, one per quadrant, in the corner pattern se sw / ne nw.
RINGS = "3131/9797/3131/9797"


# --- rulebook examples ---------------------------------------------------------------------------


def test_rulebook_three_walkways_score_10() -> None:
    # quadrants: sand ring, wood ring, stone ring, and a mixed-material block in the bottom right
    g = build("SSGG/SSGG/WWTT/WWTT", paths="ssww/ssww/ttsw/ttws", corners=RINGS)
    result = score_walkways(g)
    assert result.points == 10
    assert len(find_walkways(g)) == 3
    assert "3 complete walkways" in CONTRACT(result.reason)
    assert set(result.cells) == {(r, c) for r in range(4) for c in range(4)} - {(2, 2), (2, 3), (3, 2), (3, 3)}


def test_rulebook_eight_gates_six_pagodas_score_10() -> None:
    g = build("SSSS/GGGG/TTTT/CCCC", decors="GGGG/GGGG/PPPP/PPBU")
    result = score_decor(g)
    assert result.points == 7 + 3
    assert "8 gate → 7" in CONTRACT(result.reason) and "6 pagoda → 3" in CONTRACT(result.reason)
    assert len(result.cells) == 14


def test_rulebook_minor_stone_paths() -> None:
    g = build("SSSS/GGGG/TTTT/CCCC", paths="tttt/tttt/twww/ssss")
    result = score_minor(g, F("path:stone"))
    assert result.points == 9 and len(result.cells) == 9


def test_rulebook_major_eight_gates_score_16() -> None:
    g = build("SSSS/GGGG/TTTT/CCCC", decors="GGGG/GGGG/PPPP/PPBU")
    assert score_major(g, F("decor:gate")).points == 16


def test_rulebook_majority_second_with_three_water() -> None:
    ann = build("WWWS/SSSS/GGGG/TTTT")  # 3 water
    bob = build("WWWW/WSSS/GGGG/TTTT")  # 5 water
    cy = build("WSSS/SSSS/GGGG/TTTT")  # 1 water
    results = score_majority([ann, bob, cy], ["Ann", "Bob", "Cy"], F("floor:water"))
    assert [r.points for r in results] == [4, 8, 0]
    assert "second most" in CONTRACT(results[0].reason)


def test_rulebook_detail_four_gravel_scores_2() -> None:
    g = build("GGGG/SSSS/TTTT/CCCC")
    assert score_detail(g, F("floor:gravel")).points == 2


# --- table boundaries ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "points"),
    [(0, 0), (5, 0), (6, 3), (7, 5), (8, 7), (9, 10), (10, 13), (11, 16), (12, 20), (13, 20), (16, 20)],
)
def test_decor_table(count: int, points: int) -> None:
    assert decor_points(count) == points


def test_two_decor_types_both_score() -> None:
    g = build("SSSS/GGGG/TTTT/CCCC", decors="BBBB/BBBB/CCCC/CCCC")  # 8 bench, 8 crane
    assert score_decor(g).points == 14


def test_twelve_of_one_decor_in_a_garden() -> None:
    g = build("SSSS/GGGG/TTTT/CCCC", decors="UUUU/UUUU/UUUU/PBGC")
    assert score_decor(g).points == 20


@pytest.mark.parametrize(("count", "points"), [(0, 0), (1, -4), (2, -2), (3, -1), (4, 2), (5, 5), (6, 8), (9, 8)])
def test_detail_table(count: int, points: int) -> None:
    assert detail_points(count) == points


def test_detail_with_no_tile_scores_zero_not_negative() -> None:
    g = build("SSSS/SSSS/TTTT/CCCC")
    result = score_detail(g, F("floor:water"))
    assert result.points == 0 and result.cells == ()


@pytest.mark.parametrize("walkways", [0, 1, 2, 3, 4])
def test_walkway_table(walkways: int) -> None:
    # quadrant k gets one material if it is among the first `walkways`, else a broken ring
    quadrant_paths = ["ss/ss", "ww/ww", "tt/tt", "ss/ss"]
    rows = [["", ""], ["", ""], ["", ""], ["", ""]]
    for q in range(4):
        top, bottom = quadrant_paths[q].split("/")
        if q >= walkways:
            top = top[0] + ("w" if top[1] != "w" else "t")
        r0, c0 = 2 * (q // 2), q % 2
        rows[r0][c0], rows[r0 + 1][c0] = top, bottom
    paths = "/".join("".join(r) for r in rows)
    g = build("SSGG/SSGG/WWTT/WWTT", paths=paths, corners=RINGS)
    assert score_walkways(g).points == {0: 0, 1: 3, 2: 6, 3: 10, 4: 15}[walkways]


def test_walkway_needs_the_ring_corners() -> None:
    good = build("SSGG/SSGG/WWTT/WWTT", paths="ssss/ssss/ssss/ssss", corners="3133/9733/3333/3333")
    assert len(find_walkways(good)) == 1
    # same tiles, one turned so it wraps the wrong corner: no ring
    bad = build("SSGG/SSGG/WWTT/WWTT", paths="ssss/ssss/ssss/ssss", corners="3133/9933/3333/3333")
    assert find_walkways(bad) == ()


def test_walkway_may_sit_in_the_middle() -> None:
    g = build("SSGG/SSGG/WWTT/WWTT", paths="ssss/swws/swws/ssss", corners="7777/7317/7977/7777")
    walkways = find_walkways(g)
    assert [w.top_left for w in walkways] == [(1, 1)]
    assert walkways[0].material == "wood"


@pytest.mark.parametrize(("types", "points"), [(1, 18), (2, 18), (3, 12), (4, 6), (5, 0), (6, 0)])
def test_minimalism_table(types: int, points: int) -> None:
    assert minimalism_points(types) == points


@pytest.mark.parametrize(
    ("floors", "points"),
    [("SSSS/SSSS/GGGG/GGGG", 18), ("SSSS/SSSS/GGGG/TTTT", 12), ("SSSS/CCCC/GGGG/TTTT", 6),
     ("SSSS/CCCC/GGGG/TTTW", 0), ("SSSB/CCCC/GGGG/TTTW", 0)],
)
def test_minimalism_counts_floor_types(floors: str, points: int) -> None:
    assert score_minimalism(build(floors)).points == points


def test_coins_score_one_each() -> None:
    assert score_coins(0).points == 0
    assert score_coins(25).points == 25


# --- majority ties -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "places"),
    [
        ([5, 3, 1], [1, 2, 0]),
        ([5, 5, 1], [1, 1, 0]),  # tie for first: nobody is second
        ([5, 3, 3], [1, 2, 2]),  # tie for second: both take 4
        ([5, 0, 0], [1, 0, 0]),  # zero tiles never place (interpretation)
        ([0, 0, 0], [0, 0, 0]),
        ([4, 4, 4, 4], [1, 1, 1, 1]),
        ([2], [1]),
        ([0], [0]),
    ],
)
def test_majority_places(counts: list[int], places: list[int]) -> None:
    assert majority_places(counts) == places


def test_majority_zero_places_when_interpretation_switched_off() -> None:
    assert majority_places([5, 0, 0], needs_a_tile=False) == [1, 2, 2]
    assert majority_places([0, 0], needs_a_tile=False) == [1, 1]


def test_majority_tie_for_first_explained() -> None:
    a = build("WWWS/SSSS/GGGG/TTTT")
    b = build("WWWG/SSSS/GGGG/TTTT")
    c = build("WSSS/SSSS/GGGG/TTTT")
    res = score_majority([a, b, c], ["A", "B", "C"], F("floor:water"))
    assert [r.points for r in res] == [8, 8, 0]
    assert "tie for first" in CONTRACT(res[2].reason)
    assert "(shared)" in CONTRACT(res[0].reason)


# --- unity ---------------------------------------------------------------------------------------


def test_unity_single_tile_areas_count_as_one_area() -> None:
    g = build("SSSS/SSSS/SSSS/SSGW")  # gravel and water alone on one tile each
    result = score_unity(g)
    assert result.points == 10
    assert {f.value: len(a) for f, a in floor_areas(g).items()} == {"sand": 1, "gravel": 1, "water": 1}


def test_unity_split_floor_scores_zero_and_names_the_areas() -> None:
    g = build("WSSS/SSSS/SSSS/SSSW")  # water in two separate corners
    result = score_unity(g)
    assert result.points == 0
    assert "water split into 2 areas" in CONTRACT(result.reason)
    assert (0, 0) in result.cells and (3, 3) in result.cells


def test_unity_diagonal_contact_is_not_adjacent() -> None:
    g = build("WSSS/SWSS/SSSS/SSSS")
    assert score_unity(g).points == 0


def test_unity_snake_shaped_area_is_one_area() -> None:
    g = build("WWWW/SSSW/WWWW/WSSS")
    areas = floor_areas(g)
    assert len(areas[next(f for f in areas if f.value == "water")]) == 1
    assert score_unity(g).points == 0  # the sand is split in two


# --- missions ------------------------------------------------------------------------------------


def test_mission_points_by_order() -> None:
    assert [mission_points(k) for k in (1, 2, 3, 4, 5)] == [5, 3, 1, 0, 0]


def test_missions_sum_over_missions_and_fourth_finisher_gets_nothing() -> None:
    g = build("BBBB/SSSS/CCCC/GGGG", decors="PPPP/BBBB/UUGG/CCCG")
    m1 = Mission((F("decor:pagoda"), F("floor:cherry_blossom")), ("Ann", "Bob"))
    m2 = Mission((F("decor:bench"), F("floor:sand")), ("Bob", "Cy", "Dan", "Ann"))
    ann = score_missions(g, "Ann", [m1, m2])
    assert ann.points == 5 + 0
    assert "4th to complete → 0" in CONTRACT(ann.reason)
    bob = score_missions(g, "Bob", [m1, m2])
    assert bob.points == 3 + 5


def test_missions_not_completed_reason_shows_counts() -> None:
    g = build("BBBS/SSSS/CCCC/GGGG")
    m = Mission((F("decor:pagoda"), F("floor:cherry_blossom")), ())
    result = score_missions(g, "Ann", [m])
    assert result.points == 0
    assert "3× floor:cherry_blossom" in CONTRACT(result.reason)


# --- coin bonus lines ----------------------------------------------------------------------------


def test_coin_bonus_lines_rows_columns_diagonals() -> None:
    g = build("SSSS/GGGG/TTTT/CCCC", decors="PPPP/BGBU/CUGB/UBCG")
    lines = {(line.kind, line.index, line.decor.value) for line in coin_bonus_lines(g)}
    assert lines == {("row", 0, "pagoda")}
    g2 = build("SSSS/GGGG/TTTT/CCCC", decors="GPBU/BGUP/UBGP/CUBG")
    assert {(line.kind, line.index) for line in coin_bonus_lines(g2)} == {("diagonal", 0)}
    g3 = build("SSSS/GGGG/TTTT/CCCC", decors="PBUG/BUGC/UGCP/GCPB")
    assert [(line.kind, line.index, line.decor.value) for line in coin_bonus_lines(g3)] == [("diagonal", 1, "gate")]


def test_coin_bonus_lines_are_named_by_row_column_and_corner_cells() -> None:
    rows = build("SSSS/GGGG/TTTT/CCCC", decors="PPPP/BGBU/CUGB/UBCG")
    columns = build("SSSS/GGGG/TTTT/CCCC", decors="PGBU/BGUP/UGBP/CGUB")
    diagonals = [build("SSSS/GGGG/TTTT/CCCC", decors=d) for d in ("GPBU/BGUP/UBGP/CUBG", "PBUG/BUGC/UGCP/GCPB")]
    assert [CONTRACT(line.reason()) for line in coin_bonus_lines(rows)] == ["row 1"]
    assert [CONTRACT(line.reason()) for line in coin_bonus_lines(columns)] == ["column B"]
    assert [CONTRACT(line.reason()) for g in diagonals for line in coin_bonus_lines(g)] == ["diagonal A1–D4",
                                                                                           "diagonal D1–A4"]


def test_build_helper_puts_each_letter_in_its_cell() -> None:
    g = build("SSSW/GGGG/TTTT/CCCB", paths="wsss/wwww/tttt/ssst", decors="PBUG/CPBU/GCPB/UGCC",
              corners="7333/3333/3333/3339")
    assert g[(0, 3)].format() == "water/sand/gate/se"
    assert g[(0, 0)].format() == "sand/wood/pagoda/nw"
    assert g[(3, 3)].format() == "cherry_blossom/stone/crane/ne"
    assert [t.floor.value for t in g.rows[1]] == ["gravel"] * 4
