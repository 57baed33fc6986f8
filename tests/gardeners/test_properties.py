"""Property tests: turning the garden a quarter turn keeps every verdict, with the cells turned too.

Benches and hedges turn with their tiles, so direction-dependent cards (panorama, hedge) are covered as
well; a Layout card read without rotations keeps its verdict when its pattern turns with the garden.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gardeners import (
    Agglomeration,
    Constraint,
    Count,
    Edge,
    Garden,
    Hedge,
    Interpretations,
    Layout,
    Link,
    Panorama,
    Pattern,
    Proximity,
    Removal,
    Selector,
    Tile,
    check_constraint,
    check_placement,
)
from gardeners.check import Verdict
from gardeners.garden import Element, rotate_cell_cw
from gardeners.vocab import (
    ALL_BACKGROUNDS,
    ALL_DIRECTIONS,
    ALL_EDGE_ZONES,
    FLOWER_COLOURS,
    FRUIT_COLOURS,
    ElementKind,
    HedgeShape,
)

ELEMENTS = st.one_of(
    st.just(Element()),
    st.builds(lambda c: Element(ElementKind.TREE, c), st.sampled_from(FRUIT_COLOURS)),
    st.builds(lambda c: Element(ElementKind.FLOWER, c), st.sampled_from(FLOWER_COLOURS)),
    st.builds(lambda d: Element(ElementKind.BENCH, facing=d), st.sampled_from(ALL_DIRECTIONS)),
    st.just(Element(ElementKind.STATUE)),
    st.builds(lambda s: Element(ElementKind.HEDGE, sides=frozenset(s)),
              st.sets(st.sampled_from(ALL_DIRECTIONS), min_size=1)),
)
TILES = st.builds(Tile, st.sampled_from(ALL_BACKGROUNDS), ELEMENTS)


@st.composite
def gardens(draw: st.DrawFn, holes: bool = True) -> Garden:
    n = draw(st.sampled_from((4, 5, 6)))
    cell = st.one_of(st.none(), TILES, TILES, TILES, TILES) if holes and draw(st.booleans()) else TILES
    return Garden(tuple(tuple(draw(cell) for _ in range(n)) for _ in range(n)))


SELECTORS = st.sampled_from([Selector.parse(t) for t in (
    "grass", "dirt", "tree", "tree:red", "tree:yellow", "flower", "flower:red", "flower:yellow", "flower:blue",
    "bench", "hedge", "statue", "nothing")])
KINDS = st.lists(SELECTORS, min_size=1, max_size=2).map(tuple)
COUNTS = st.builds(Count, st.integers(1, 9), st.booleans())


@st.composite
def patterns(draw: st.DrawFn) -> Pattern:
    h, w = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    cells = st.one_of(st.just(Selector()), SELECTORS)
    rows = [[draw(cells) for _ in range(w)] for _ in range(h)]
    rows[draw(st.integers(0, h - 1))][draw(st.integers(0, w - 1))] = draw(SELECTORS)
    return Pattern(tuple(tuple(r) for r in rows))


CONSTRAINTS: st.SearchStrategy[Constraint] = st.one_of(
    st.builds(Proximity, SELECTORS, st.one_of(st.none(), SELECTORS)),
    st.builds(Removal, KINDS, KINDS),
    st.builds(Agglomeration, COUNTS, KINDS),
    st.builds(Panorama, SELECTORS),
    st.builds(Link, KINDS),
    st.builds(Edge, st.sampled_from(ALL_EDGE_ZONES), KINDS),
    st.builds(Hedge, st.sampled_from([HedgeShape.EACH, HedgeShape.CLOSED])),
    st.builds(Hedge, st.just(HedgeShape.PATH), COUNTS),
    st.builds(Layout, patterns()),
)
INTERPRETATIONS = st.builds(
    Interpretations,
    hedge_sides_matter=st.booleans(),
    line_of_sight_blocked=st.booleans(),
    absent_subject_complies=st.booleans(),
    exact_count=st.sampled_from(["some_group", "largest_group"]),
    agglomeration_needs_every_kind=st.booleans(),
    outer_tiles=st.sampled_from(["ring", "exposed"]),
    layout_reflections=st.booleans(),
    hole_connectivity=st.sampled_from([4, 8]),
    require_complete_square=st.booleans(),
)


def turned(v: Verdict, n: int) -> tuple[bool, tuple[tuple[int, int], ...]]:
    return v.compliant, tuple(sorted(rotate_cell_cw(c, n) for c in v.cells))


@settings(max_examples=300, deadline=None)
@given(gardens(), CONSTRAINTS, INTERPRETATIONS)
def test_quarter_turn_keeps_every_card_verdict(garden: Garden, constraint: Constraint,
                                               interp: Interpretations) -> None:
    before = check_constraint(garden, constraint, interp)
    after = check_constraint(garden.rotated_cw(), constraint, interp)
    assert (after.compliant, after.cells) == turned(before, garden.size)


@settings(max_examples=150, deadline=None)
@given(gardens(), INTERPRETATIONS)
def test_quarter_turn_keeps_placement_verdicts(garden: Garden, interp: Interpretations) -> None:
    for before, after in zip(check_placement(garden, interp), check_placement(garden.rotated_cw(), interp)):
        assert (after.compliant, after.cells) == turned(before, garden.size)


@settings(max_examples=150, deadline=None)
@given(gardens(holes=False), patterns())
def test_unrotatable_layout_keeps_its_verdict_when_its_pattern_turns_too(garden: Garden, pattern: Pattern) -> None:
    fixed = Interpretations(layout_rotations=False)
    before = check_constraint(garden, Layout(pattern), fixed)
    after = check_constraint(garden.rotated_cw(), Layout(pattern.rotated_cw()), fixed)
    assert (after.compliant, after.cells) == turned(before, garden.size)


@settings(max_examples=100, deadline=None)
@given(gardens())
def test_notation_round_trip(garden: Garden) -> None:
    assert Garden.parse(garden.format()) == garden
    assert Garden.parse(garden.to_lines()) == garden
    assert garden.rotated(4) == garden
