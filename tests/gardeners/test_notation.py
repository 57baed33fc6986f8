"""Garden, selector, quantity and pattern notation: round-trips and parse errors with line and column."""

from __future__ import annotations

import pytest

from gardeners import Card, Count, Element, Garden, NotationError, Pattern, Selector, Tile, cell_name, parse_cell
from gardeners.vocab import Background, Colour, Direction, ElementKind

SAMPLE = "GTr DFb GBn DHes\nG D GS DFy\nGTy GFr DBw DHnesw\nG . G GHn"


def test_garden_round_trip_and_contents() -> None:
    g = Garden.parse(SAMPLE)
    assert Garden.parse(g.format()) == g
    assert g.format() == SAMPLE
    assert g.size == 4
    assert g[(0, 0)] == Tile(Background.GRASS, Element(ElementKind.TREE, Colour.RED))
    assert g[(0, 2)] == Tile(Background.GRASS, Element(ElementKind.BENCH, facing=Direction.N))
    assert g[(0, 3)].element.sides == frozenset({Direction.E, Direction.S})
    assert g[(3, 1)] is None
    assert g[(1, 0)] == Tile(Background.GRASS)


def test_garden_parse_forgives_case_and_spacing_but_formats_canonically() -> None:
    g = Garden.parse("  gtr   dfb gbn dhSE\n\ng d gs dfy\ngty gfr dbw dhwsen\ng . g ghn  ")
    assert g == Garden.parse(SAMPLE)
    assert g.to_lines()[0] == "GTr DFb GBn DHes"


def test_garden_parse_from_list_of_rows() -> None:
    assert Garden.parse(SAMPLE.split("\n")) == Garden.parse(SAMPLE)


def test_parse_errors_name_line_and_column_and_are_all_reported() -> None:
    text = "GTr DFq GBn DHes\nG D GS DFy\nGTy GX DBw DHnn\nG . G GHn"
    with pytest.raises(NotationError) as info:
        Garden.parse(text)
    found = [(p.line, p.column) for p in info.value.problems]
    assert found == [(1, 5), (3, 5), (3, 12)]
    assert isinstance(info.value, ValueError)
    assert "line 3, column 5" in str(info.value)


def test_too_wide_and_wrong_row_count() -> None:
    # EXAMPLE: "It is forbidden to place the red tile because the garden would then exceed 6 tiles in width."
    wide = "\n".join(["G G G G G G G"] + ["G G G G G G"] * 5)
    with pytest.raises(NotationError) as info:
        Garden.parse(wide)
    assert [(p.line, p.message) for p in info.value.problems] == [(1, "this row has 7 cells; a 6×6 garden needs 6")]
    with pytest.raises(NotationError, match="4, 5 or 6 rows; found 3"):
        Garden.parse("G G G\nG G G\nG G G")
    with pytest.raises(NotationError):
        Garden.parse("\n".join(["G"] * 7))


@pytest.mark.parametrize("token", ["X", "GT", "GTb", "GFg", "GBx", "GH", "GHnn", "GSx", "G-"])
def test_bad_tiles(token: str) -> None:
    with pytest.raises(NotationError):
        Tile.parse(token)


def test_element_refuses_impossible_combinations() -> None:
    with pytest.raises(NotationError):
        Element(ElementKind.TREE, Colour.BLUE)
    with pytest.raises(NotationError):
        Element(ElementKind.BENCH)
    with pytest.raises(NotationError):
        Element(ElementKind.STATUE, facing=Direction.N)


def test_rotation_moves_cells_and_turns_benches_and_hedges() -> None:
    g = Garden.parse(SAMPLE)
    r = g.rotated_cw()
    assert r[(0, 3)] == g[(0, 0)]  # top-left goes to top-right
    assert r[(2, 3)].element.facing is Direction.E  # the bench at C1 (facing N) is now at D3 facing E
    assert r[(3, 3)].element.sides == frozenset({Direction.S, Direction.W})
    assert g.rotated(4) == g
    assert r.rotated(3) == g


def test_cell_names() -> None:
    assert cell_name((0, 0)) == "A1" and cell_name((5, 5)) == "F6"
    assert parse_cell("c2") == (1, 2)
    with pytest.raises(NotationError):
        parse_cell("E1", size=4)


@pytest.mark.parametrize("text", ["*", "grass", "dirt", "tree", "tree:red", "tree:yellow", "flower", "flower:blue",
                                  "bench", "hedge", "statue", "nothing"])
def test_selector_round_trip(text: str) -> None:
    assert Selector.parse(text).format() == text
    assert Selector.parse(Selector.parse(text).format()) == Selector.parse(text)


def test_selector_matches() -> None:
    assert Selector.parse("grass").matches(Tile.parse("GTr"))
    assert Selector.parse("tree").matches(Tile.parse("DTy"))
    assert not Selector.parse("tree:red").matches(Tile.parse("DTy"))
    assert Selector.parse("nothing").matches(Tile.parse("D"))
    assert not Selector.parse("*").matches(None)
    assert Selector.parse("any") == Selector()


@pytest.mark.parametrize("text", ["tree:blue", "bench:red", "rock", "", "grass:red"])
def test_bad_selectors(text: str) -> None:
    with pytest.raises(NotationError):
        Selector.parse(text)


def test_counts() -> None:
    assert Count.parse("6+") == Count(6) and Count.parse("7!") == Count(7, True) and Count.parse(5) == Count(5)
    assert Count.parse(Count(6, True).format()) == Count(6, True)
    assert Count(6).accepts(9) and not Count(6, True).accepts(9) and Count(6, True).accepts(6)
    for bad in ("0+", "six", "6-", True, -1):
        with pytest.raises(NotationError):
            Count.parse(bad)


def test_pattern_round_trip_and_errors() -> None:
    p = Pattern.parse("* flower * / flower statue flower / * flower *")
    assert Pattern.parse(p.format()) == p
    assert Pattern.parse(p.to_lines()) == p
    with pytest.raises(NotationError) as info:
        Pattern.parse("grass rock / dirt tree:blue")
    assert [(q.line, q.column) for q in info.value.problems] == [(1, 7), (2, 6)]
    with pytest.raises(NotationError):
        Pattern.parse("grass / grass dirt")
    with pytest.raises(NotationError):
        Pattern.parse("* *")


def test_card_round_trip_for_every_type() -> None:
    raw = [
        {"type": "proximity", "subject": "flower:yellow", "status": "in_play"},
        {"type": "proximity", "subject": "bench", "partner": "tree", "status": "validated", "label": "aid"},
        {"type": "removal", "subject": ["flower:blue"], "others": ["tree:red", "flower:red"], "status": "in_play"},
        {"type": "agglomeration", "count": "6!", "kinds": ["tree", "flower"], "status": "discarded"},
        {"type": "panorama", "target": "bench", "status": "in_play"},
        {"type": "link", "kinds": ["dirt"], "status": "in_play"},
        {"type": "edge", "zone": "inner", "kinds": ["bench"], "status": "in_play"},
        {"type": "hedge", "shape": "path", "count": "6+", "status": "in_play"},
        {"type": "hedge", "shape": "closed", "status": "in_play"},
        {"type": "layout", "pattern": ["dirt grass dirt", "grass grass grass", "dirt grass dirt"], "status": "in_play"},
    ]
    for data in raw:
        card = Card.from_dict(data)
        assert card.to_dict() == data
        assert Card.from_dict(card.to_dict()) == card
