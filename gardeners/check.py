"""Each rule as a small pure function returning a :class:`Verdict`: compliant or not, why, and where.

Placement rules (:func:`check_square`, :func:`check_no_hole`, :func:`check_connected`) and one function
per constraint-card type (:func:`check_proximity` … :func:`check_layout`). Every function takes the
garden, the card's constraint and the :class:`~gardeners.interpretations.Interpretations`, and never
raises for a legal garden.

``Verdict.cells`` are the cells that break the rule. For cards about *every* X (proximity, removal,
panorama, edge, each-hedge) they are the offending tiles. For cards that ask for something to exist
somewhere (agglomeration, link, closed or long hedge, layout) nothing in particular breaks them, so
the cells are the closest attempt: the largest group(s), the way(s) reaching furthest, or the cells
that differ from the pattern where it comes nearest; ties are all included, so a turned garden
gives the turned cells. ``Verdict.support`` are the cells that satisfy the rule when it is met
(the group, the way, the loop, the pattern found, the elements the benches see).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gardeners.cards import (
    Agglomeration,
    Constraint,
    Edge,
    Hedge,
    Layout,
    Link,
    Panorama,
    Proximity,
    Removal,
    Selector,
    describe_kinds,
    matches_any,
)
from gardeners.garden import Cell, Garden, Tile, cell_name, cells_text
from gardeners.interpretations import DEFAULT, EXACT_LARGEST_GROUP, OUTER_EXPOSED, Interpretations
from gardeners.vocab import ALL_DIRECTIONS, Background, EdgeZone, ElementKind, HedgeShape, PlacementRule


@dataclass(frozen=True)
class Verdict:
    """The outcome of one rule on one garden."""

    rule: str
    compliant: bool
    reason: str
    cells: tuple[Cell, ...] = ()
    support: tuple[Cell, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "compliant": self.compliant,
            "reason": self.reason,
            "cells": [cell_name(c) for c in self.cells],
            "support": [cell_name(c) for c in self.support],
        }


def _verdict(rule: str, compliant: bool, reason: str, cells: Iterable[Cell] = (),
             support: Iterable[Cell] = ()) -> Verdict:
    return Verdict(rule, compliant, reason, tuple(sorted(set(cells))), tuple(sorted(set(support))))


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}{'es' if word.endswith(('ch', 'sh', 's', 'x')) else 's'}"


# --- groups --------------------------------------------------------------------------------------

_STEPS4 = tuple(d.delta for d in ALL_DIRECTIONS)
_STEPS8 = (*_STEPS4, (-1, -1), (-1, 1), (1, -1), (1, 1))


def components(cells: Iterable[Cell], links: Callable[[Cell], Iterable[Cell]] | None = None,
               diagonal: bool = False) -> list[tuple[Cell, ...]]:
    """Connected groups of ``cells`` (orthogonal steps, or also diagonal; or along ``links``), each sorted,
    largest first, then in reading order of their first cell."""
    todo = set(cells)
    steps = _STEPS8 if diagonal else _STEPS4

    def around(cell: Cell) -> Iterable[Cell]:
        if links is not None:
            return links(cell)
        return ((cell[0] + dr, cell[1] + dc) for dr, dc in steps)

    groups = []
    for start in sorted(todo):
        if start not in todo:
            continue
        todo.discard(start)
        group, stack = [start], [start]
        while stack:
            for other in around(stack.pop()):
                if other in todo:
                    todo.discard(other)
                    group.append(other)
                    stack.append(other)
        groups.append(tuple(sorted(group)))
    return sorted(groups, key=lambda g: (-len(g), g[0]))


def largest(groups: Sequence[tuple[Cell, ...]]) -> list[tuple[Cell, ...]]:
    """Every group of the largest size (all of them when tied)."""
    if not groups:
        return []
    top = max(len(g) for g in groups)
    return [g for g in groups if len(g) == top]


def matching_cells(garden: Garden, selectors: Sequence[Selector]) -> list[Cell]:
    return [cell for cell, tile in garden.tiles() if matches_any(selectors, tile)]


def _count_met(sizes: Sequence[int], count: Any, interp: Interpretations) -> bool:
    if not sizes:
        return False
    if count.exact and interp.exact_count == EXACT_LARGEST_GROUP:
        return max(sizes) == count.n
    return any(count.accepts(k) for k in sizes)


def _sizes_text(groups: Sequence[tuple[Cell, ...]]) -> str:
    return ", ".join(str(len(g)) for g in groups) if groups else "none"


# --- placement -----------------------------------------------------------------------------------


def check_square(garden: Garden, interp: Interpretations = DEFAULT) -> Verdict:
    """The garden "always takes the form of a square": once finished, every cell holds a tile."""
    rule = PlacementRule.SQUARE.value
    empty = garden.empty_cells()
    n = garden.size
    if not empty:
        return _verdict(rule, True, f"all {n * n} cells of the {n}×{n} square hold a tile")
    if not interp.require_complete_square:
        return _verdict(rule, True, f"partial garden accepted ({_plural(len(empty), 'empty cell')})")
    return _verdict(rule, False, f"the {n}×{n} square is not complete: {_plural(len(empty), 'empty cell')} "
                    f"({cells_text(empty)})", empty)


def check_no_hole(garden: Garden, interp: Interpretations = DEFAULT) -> Verdict:
    """"Placing a tile can never generate a closed empty space within the garden"."""
    rule = PlacementRule.NO_HOLE.value
    n = garden.size
    holes = [
        g for g in components(garden.empty_cells(), diagonal=interp.hole_connectivity == 8)
        if not any(r in (0, n - 1) or c in (0, n - 1) for r, c in g)
    ]
    if not holes:
        return _verdict(rule, True, "no closed empty space")
    cells = [c for g in holes for c in g]
    what = "; ".join(cells_text(g) for g in sorted(holes))
    return _verdict(rule, False, f"{_plural(len(holes), 'closed empty space')} inside the garden: {what}", cells)


def check_connected(garden: Garden, interp: Interpretations = DEFAULT) -> Verdict:
    """Tiles are added orthogonally adjacent to the garden and "it is forbidden to split the garden"."""
    rule = PlacementRule.CONNECTED.value
    groups = components(cell for cell, _ in garden.tiles())
    if len(groups) <= 1:
        return _verdict(rule, True, "all tiles form one orthogonally connected garden")
    tops = largest(groups)
    if len(tops) == 1:
        stray = [c for g in groups[1:] for c in g]
        return _verdict(rule, False, f"the garden is split in {len(groups)} parts (sizes {_sizes_text(groups)}); "
                        f"not joined to the main part: {cells_text(stray)}", stray, tops[0])
    every = [c for g in groups for c in g]
    return _verdict(rule, False, f"the garden is split in {len(groups)} parts of sizes {_sizes_text(groups)}, "
                    "none the largest", every)


def check_placement(garden: Garden, interp: Interpretations = DEFAULT) -> tuple[Verdict, ...]:
    return check_square(garden, interp), check_no_hole(garden, interp), check_connected(garden, interp)


# --- training A: proximity, removal, agglomeration -----------------------------------------------


def _absent(rule: str, what: str, interp: Interpretations) -> Verdict:
    if interp.absent_subject_complies:
        return _verdict(rule, True, f"no {what} in the garden, so nothing to check")
    return _verdict(rule, False, f"no {what} in the garden (absent subjects do not comply under this reading)")


def check_proximity(garden: Garden, card: Proximity, interp: Interpretations = DEFAULT) -> Verdict:
    """Every subject tile has at least one partner tile orthogonally adjacent."""
    rule = card.type.value
    partner = card.partner_or_subject
    subjects = matching_cells(garden, [card.subject])
    if not subjects:
        return _absent(rule, card.subject.describe(), interp)
    alone = [c for c in subjects if not any(partner.matches(garden[o]) for _, o in garden.neighbours(c))]
    what = card.subject.describe()
    if alone:
        return _verdict(rule, False, f"{_plural(len(alone), what)} without an adjacent {partner.describe()}: "
                        f"{cells_text(alone)}", alone)
    return _verdict(rule, True, f"every {what} ({len(subjects)}) has an adjacent {partner.describe()}",
                    support=subjects)


def check_removal(garden: Garden, card: Removal, interp: Interpretations = DEFAULT) -> Verdict:
    """No subject tile is orthogonally adjacent to a tile of the other kinds."""
    rule = card.type.value
    pairs: set[tuple[Cell, Cell]] = set()
    for cell, tile in garden.tiles():
        if not matches_any(card.subject, tile):
            continue
        for _, other in garden.neighbours(cell):
            if matches_any(card.others, garden[other]):
                pairs.add((min(cell, other), max(cell, other)))
    if not pairs:
        return _verdict(rule, True, f"no {describe_kinds(card.subject)} is adjacent to a {describe_kinds(card.others)}")
    text = ", ".join(f"{cell_name(a)}–{cell_name(b)}" for a, b in sorted(pairs))
    return _verdict(rule, False, f"{_plural(len(pairs), 'forbidden neighbour pair')}: {text}",
                    [c for pair in pairs for c in pair])


def check_agglomeration(garden: Garden, card: Agglomeration, interp: Interpretations = DEFAULT) -> Verdict:
    """Some orthogonally connected group of tiles of the card's kind(s) has the card's size."""
    rule = card.type.value
    groups = components(matching_cells(garden, card.kinds))
    eligible = groups
    if interp.agglomeration_needs_every_kind and len(card.kinds) > 1:
        eligible = [g for g in groups if all(any(s.matches(garden[c]) for c in g) for s in card.kinds)]
    what = describe_kinds(card.kinds)
    sizes = [len(g) for g in eligible]
    if _count_met(sizes, card.count, interp):
        found = next(g for g in eligible if card.count.accepts(len(g)))
        return _verdict(rule, True, f"a group of {len(found)} adjacent tiles (each a {what}) meets "
                        f"{card.count.format()}: {cells_text(found)}", support=found)
    closest = largest(eligible or groups)
    mixed = " holding every kind" if eligible is not groups else ""
    return _verdict(rule, False, f"no group{mixed} of {card.count.describe()} adjacent tiles (each a {what}); "
                    f"group sizes: {_sizes_text(eligible)}", [c for g in closest for c in g])


# --- training B: panorama, link, edge ------------------------------------------------------------


def line_of_sight(garden: Garden, cell: Cell, interp: Interpretations = DEFAULT) -> tuple[Cell, ...]:
    """The tiles a bench on ``cell`` looks at, nearest first (the whole line, or up to the first element)."""
    tile = garden[cell]
    if tile is None or tile.element.facing is None:
        return ()
    dr, dc = tile.element.facing.delta
    seen = []
    r, c = cell[0] + dr, cell[1] + dc
    while garden.inside((r, c)):
        other = garden[(r, c)]
        if other is not None:
            seen.append((r, c))
            if interp.line_of_sight_blocked and other.kind is not ElementKind.NOTHING:
                break
        r, c = r + dr, c + dc
    return tuple(seen)


def check_panorama(garden: Garden, card: Panorama, interp: Interpretations = DEFAULT) -> Verdict:
    """Every bench has a target tile in its line of sight (at any distance)."""
    rule = card.type.value
    benches = [cell for cell, tile in garden.tiles() if tile.kind is ElementKind.BENCH]
    if not benches:
        return _absent(rule, "bench", interp)
    blind, seen = [], []
    for bench in benches:
        targets = [c for c in line_of_sight(garden, bench, interp) if card.target.matches(garden[c])]
        if targets:
            seen.append(targets[0])
        else:
            blind.append(bench)
    what = card.target.describe()
    if blind:
        return _verdict(rule, False, f"{_plural(len(blind), 'bench')} not facing a {what}: {cells_text(blind)}",
                        blind)
    return _verdict(rule, True, f"every bench ({len(benches)}) faces a {what}", support=seen)


def _span(group: Sequence[Cell]) -> int:
    rows = [r for r, _ in group]
    cols = [c for _, c in group]
    return max(max(rows) - min(rows), max(cols) - min(cols)) + 1


def check_link(garden: Garden, card: Link, interp: Interpretations = DEFAULT) -> Verdict:
    """A way (an orthogonally connected group) of the card's kind(s) touches two opposite sides of the square."""
    rule = card.type.value
    n = garden.size
    groups = components(matching_cells(garden, card.kinds))
    what = describe_kinds(card.kinds)
    for g in groups:
        rows = {r for r, _ in g}
        cols = {c for _, c in g}
        if {0, n - 1} <= rows or {0, n - 1} <= cols:
            sides = "north to south" if {0, n - 1} <= rows else "west to east"
            return _verdict(rule, True, f"a way of {len(g)} tiles (each a {what}) links {sides}: {cells_text(g)}",
                            support=g)
    if not groups:
        return _verdict(rule, False, f"no {what} in the garden, so no way")
    best = max(_span(g) for g in groups)
    closest = [c for g in groups if _span(g) == best for c in g]
    return _verdict(rule, False, f"no way of tiles (each a {what}) links two opposite sides; the longest reaches "
                    f"across {best} of {n} rows/columns", closest)


def is_outer(garden: Garden, cell: Cell, interp: Interpretations = DEFAULT) -> bool:
    """Whether a tile is an outer tile of the garden (see ``Interpretations.outer_tiles``)."""
    if interp.outer_tiles == OUTER_EXPOSED:
        return any(not garden.inside(o) or garden[o] is None
                   for o in ((cell[0] + dr, cell[1] + dc) for dr, dc in _STEPS4))
    return garden.on_ring(cell)


def check_edge(garden: Garden, card: Edge, interp: Interpretations = DEFAULT) -> Verdict:
    """Every tile of the card's kind(s) is on the outer tiles (outer), or none is (inner)."""
    rule = card.type.value
    what = describe_kinds(card.kinds)
    cells = matching_cells(garden, card.kinds)
    if not cells:
        return _absent(rule, what, interp)
    if card.zone is EdgeZone.OUTER:
        wrong = [c for c in cells if not is_outer(garden, c, interp)]
        if wrong:
            return _verdict(rule, False, f"{_plural(len(wrong), 'tile')} ({what}) inside the garden, not on its "
                            f"outer tiles: {cells_text(wrong)}", wrong)
        return _verdict(rule, True, f"every {what} ({len(cells)}) is on the outer tiles", support=cells)
    wrong = [c for c in cells if is_outer(garden, c, interp)]
    if wrong:
        return _verdict(rule, False, f"{_plural(len(wrong), 'tile')} ({what}) on the outer tiles: "
                        f"{cells_text(wrong)}", wrong)
    return _verdict(rule, True, f"no {what} on the outer tiles ({len(cells)} inside)", support=cells)


# --- training C: hedge, layout -------------------------------------------------------------------


def hedge_links(garden: Garden, interp: Interpretations = DEFAULT) -> dict[Cell, tuple[Cell, ...]]:
    """For every hedge tile, the hedge tiles it is connected to."""
    hedges = {cell: tile for cell, tile in garden.tiles() if tile.kind is ElementKind.HEDGE}
    out: dict[Cell, tuple[Cell, ...]] = {}
    for cell, tile in hedges.items():
        linked = []
        for d, other in garden.neighbours(cell):
            other_tile: Tile | None = hedges.get(other)
            if other_tile is None:
                continue
            if not interp.hedge_sides_matter or (d in tile.element.sides and d.opposite() in other_tile.element.sides):
                linked.append(other)
        out[cell] = tuple(linked)
    return out


def _two_core(group: Sequence[Cell], links: dict[Cell, tuple[Cell, ...]]) -> set[Cell]:
    """The cells of a group left after repeatedly pruning dead ends: the closed loops."""
    alive = set(group)
    degree = {c: len(links[c]) for c in group}
    stack = [c for c in group if degree[c] <= 1]
    while stack:
        cell = stack.pop()
        if cell not in alive:
            continue
        alive.discard(cell)
        for other in links[cell]:
            if other in alive:
                degree[other] -= 1
                if degree[other] <= 1:
                    stack.append(other)
    return alive


def check_hedge(garden: Garden, card: Hedge, interp: Interpretations = DEFAULT) -> Verdict:
    """Hedges connected: each to another (each), around a closed loop (closed), or in a run of X tiles (path)."""
    rule = card.type.value
    links = hedge_links(garden, interp)
    if card.shape is HedgeShape.EACH:
        if not links:
            return _absent(rule, "hedge", interp)
        alone = [c for c, linked in links.items() if not linked]
        if alone:
            return _verdict(rule, False, f"{_plural(len(alone), 'hedge')} connected to no other hedge: "
                            f"{cells_text(alone)}", alone)
        return _verdict(rule, True, f"every hedge ({len(links)}) is connected to another", support=links)
    groups = components(links, links=lambda c: links[c])
    if card.shape is HedgeShape.CLOSED:
        loops = set().union(*(_two_core(g, links) for g in groups)) if groups else set()
        if loops:
            return _verdict(rule, True, f"closed hedge path through {cells_text(loops)}", support=loops)
        if not groups:
            return _verdict(rule, False, "no hedge in the garden, so no closed path")
        closest = [c for g in largest(groups) for c in g]
        return _verdict(rule, False, f"no closed hedge path; connected hedge groups: {_sizes_text(groups)}", closest)
    assert card.count is not None
    sizes = [len(g) for g in groups]
    if _count_met(sizes, card.count, interp):
        found = next(g for g in groups if card.count.accepts(len(g)))
        return _verdict(rule, True, f"a continuous hedge path of {len(found)} tiles meets {card.count.format()}: "
                        f"{cells_text(found)}", support=found)
    closest = [c for g in largest(groups) for c in g]
    return _verdict(rule, False, f"no continuous hedge path of {card.count.describe()} tiles; connected hedge "
                    f"groups: {_sizes_text(groups)}", closest)


def check_layout(garden: Garden, card: Layout, interp: Interpretations = DEFAULT) -> Verdict:
    """The card's arrangement appears somewhere (turned or mirrored only if the interpretation allows)."""
    rule = card.type.value
    n = garden.size
    best: int | None = None
    closest: set[Cell] = set()
    for pattern in card.pattern.variants(interp.layout_rotations, interp.layout_reflections):
        h, w = pattern.height, pattern.width
        for r0 in range(n - h + 1):
            for c0 in range(n - w + 1):
                cells = [((r0 + r, c0 + c), sel) for r in range(h) for c, sel in enumerate(pattern.rows[r])
                         if not sel.is_any]
                wrong = [cell for cell, sel in cells if not sel.matches(garden[cell])]
                if not wrong:
                    found = [cell for cell, _ in cells]
                    return _verdict(rule, True, f"the arrangement appears at {cells_text(found)}", support=found)
                if best is None or len(wrong) < best:
                    best, closest = len(wrong), set(wrong)
                elif len(wrong) == best:
                    closest.update(wrong)
    if best is None:
        return _verdict(rule, False, f"the arrangement ({card.pattern.height}×{card.pattern.width}) does not fit "
                        f"in a {n}×{n} garden")
    return _verdict(rule, False, f"the arrangement does not appear; where it comes nearest, {best} of its cells "
                    f"are wrong (candidates: {cells_text(closest)})", closest)


_CHECKS: dict[type, Callable[[Garden, Any, Interpretations], Verdict]] = {
    Proximity: check_proximity,
    Removal: check_removal,
    Agglomeration: check_agglomeration,
    Panorama: check_panorama,
    Link: check_link,
    Edge: check_edge,
    Hedge: check_hedge,
    Layout: check_layout,
}


def check_constraint(garden: Garden, constraint: Constraint, interp: Interpretations = DEFAULT) -> Verdict:
    """The verdict of one constraint on one garden."""
    return _CHECKS[type(constraint)](garden, constraint, interp)


# --- moves during phase 2 ------------------------------------------------------------------------


def legal_additions(garden: Garden, interp: Interpretations = DEFAULT) -> tuple[Cell, ...]:
    """Empty cells where a tile may be added: orthogonally adjacent to the garden (any cell for the first
    tile), inside the square (the garden's maximum size), and not closing an empty space."""
    tiles = [cell for cell, _ in garden.tiles()]
    holes_before = set(check_no_hole(garden, interp).cells)
    out = []
    for cell in garden.empty_cells():
        if tiles and not any(garden[o] is not None for _, o in garden.neighbours(cell)):
            continue
        holes_after = set(check_no_hole(garden.replace(cell, Tile(Background.GRASS)), interp).cells)
        if holes_after <= holes_before:
            out.append(cell)
    return tuple(out)


def legal_removals(garden: Garden, interp: Interpretations = DEFAULT) -> tuple[Cell, ...]:
    """Tiles that may be removed: on the edge of the garden (a side free) and not splitting it in two."""
    out = []
    parts = len(components(cell for cell, _ in garden.tiles()))
    for cell, _ in garden.tiles():
        if not is_outer(garden, cell, Interpretations(outer_tiles=OUTER_EXPOSED)):
            continue
        rest = components(c for c, _ in garden.replace(cell, None).tiles())
        if len(rest) <= parts:
            out.append(cell)
    return tuple(out)
