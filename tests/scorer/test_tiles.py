"""Notation: features, tiles, gardens, cells — parse/format round-trips and clear errors."""

from __future__ import annotations

import pytest

from scorer import ALL_FEATURES, ALL_TILE_KINDS, Feature, Garden, NotationError, Tile, cell_name, parse_cell
from scorer.vocab import ALL_CORNERS, Corner
from tests.scorer.gardens import build
from zengarden.wording import CONTRACT


def test_tile_set_has_every_combination_once() -> None:
    assert len(ALL_TILE_KINDS) == 90
    assert len(set(ALL_TILE_KINDS)) == 90
    assert len(ALL_FEATURES) == 14


@pytest.mark.parametrize("text", ["water/stone/gate/se", "cherry_blossom/wood/crane/nw", "sand/sand/pagoda/ne"])
def test_tile_round_trip(text: str) -> None:
    assert Tile.parse(text).format() == text


def test_tile_parse_is_lenient_about_case_and_spaces() -> None:
    assert Tile.parse(" Cherry Blossom/WOOD/crane/NW ").format() == "cherry_blossom/wood/crane/nw"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("water/stone/gate", "floor/path/decor/corner"),
        ("lava/stone/gate/se", "unknown floor 'lava'"),
        ("water/gold/gate/se", "unknown path 'gold'"),
        ("water/stone/dragon/se", "unknown decor 'dragon'"),
        ("water/stone/gate/up", "unknown corner 'up'"),
    ],
)
def test_tile_parse_errors_name_the_problem(text: str, fragment: str) -> None:
    with pytest.raises(NotationError) as info:
        Tile.parse(text)
    assert fragment in CONTRACT(info.value.reason)


def test_feature_round_trip_and_errors() -> None:
    for feature in ALL_FEATURES:
        assert Feature.parse(feature.format()) == feature
    with pytest.raises(NotationError):
        Feature.parse("floor:stone")
    with pytest.raises(NotationError):
        Feature.parse("water")


def test_cell_names() -> None:
    assert cell_name((0, 0)) == "A1"
    assert cell_name((3, 1)) == "B4"
    assert parse_cell("b4") == (3, 1)
    with pytest.raises(NotationError):
        parse_cell("E1")


def test_garden_round_trip() -> None:
    g = build("SSGG/SSGG/WWTT/WWTT", corners="7913/3197/1111/9999")
    assert Garden.parse(g.format()) == g
    assert Garden.from_rows(g.to_lists()) == g
    assert Garden.parse(" | ".join(t.format() for t in g)) == g


def test_garden_parse_errors_collect_every_bad_cell() -> None:
    rows = build("SSGG/SSGG/WWTT/WWTT").to_lists()
    rows[0][1] = "lava/stone/gate/se"
    rows[3][2] = "nonsense"
    with pytest.raises(NotationError) as info:
        Garden.from_rows(rows)
    assert len(info.value.problems) == 2
    assert [p.values["cell"] for p in info.value.problems] == [(0, 1), (3, 2)]
    assert CONTRACT(info.value.problems[0]).startswith("B1: unknown floor 'lava'")
    assert CONTRACT(info.value.problems[1]).startswith("C4: not a tile")


def test_garden_shape_errors() -> None:
    with pytest.raises(NotationError) as info:
        Garden.parse("water/stone/gate/se")
    assert "16 tiles" in CONTRACT(info.value.reason)
    with pytest.raises(NotationError) as info:
        Garden.from_rows([["water/stone/gate/se"] * 4] * 3)
    assert "4 rows of 4" in CONTRACT(info.value.reason)


def test_corner_rotation_cycle() -> None:
    for corner in ALL_CORNERS:
        assert corner.rotated_cw().rotated_cw().rotated_cw().rotated_cw() is corner
        assert corner.rotated_cw().rotated_ccw() is corner
    assert Corner.NW.rotated_cw() is Corner.NE
    assert Corner.SE.rotated_cw() is Corner.SW


def test_corner_turns_from_nw() -> None:
    assert {c: c.turns_from_nw() for c in ALL_CORNERS} == {Corner.NW: 0, Corner.NE: 1, Corner.SE: 2, Corner.SW: 3}
    for corner in ALL_CORNERS:
        turned = Corner.NW
        for _ in range(corner.turns_from_nw()):
            turned = turned.rotated_cw()
        assert turned is corner


def test_garden_rotation_moves_cells_and_corners() -> None:
    g = build("SGTC/SSSS/SSSS/SSSS", corners="7333/3333/3333/3333")
    turned = g.rotated_cw()
    # the old top row becomes the right column, read top to bottom
    assert [turned[(r, 3)].floor.value for r in range(4)] == ["sand", "gravel", "trees", "clay"]
    assert turned[(0, 3)].corner is Corner.NE  # nw turned clockwise
    assert g.rotated(4) == g
    assert g.rotated(2) == turned.rotated_cw()


def test_garden_replace_and_count() -> None:
    g = build("SSSS/SSSS/SSSS/SSSW")
    water = Feature.parse("floor:water")
    assert g.count(water) == 1
    g2 = g.replace((0, 0), Tile.parse("water/sand/crane/nw"))
    assert g2.count(water) == 2 and g.count(water) == 1
    assert g2.cells_showing(water) == ((0, 0), (3, 3))
