"""Each scoring rule as a small pure function returning its points and why.

Every function returns a :class:`CategoryScore`: the points, a sentence a player can check
against the table, the cells that contributed (for highlighting), and the counts behind any
table lookup. Functions that compare players (majority, missions) take all gardens at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorer.tiles import ALL_CELLS, Cell, Feature, Garden, cell_name
from scorer.vocab import (
    ALL_DECORS,
    ALL_FLOORS,
    COLUMN_LETTERS,
    DECOR_MAX_COUNT,
    DECOR_MIN_COUNT,
    DECOR_POINTS,
    DETAIL_MAX_COUNT,
    DETAIL_POINTS,
    GRID_SIZE,
    MAJOR_POINTS_PER_TILE,
    MAJORITY_FIRST_POINTS,
    MAJORITY_SECOND_POINTS,
    MINIMALISM_MAX_COUNT,
    MINIMALISM_POINTS,
    MINOR_POINTS_PER_TILE,
    MISSION_POINTS,
    UNITY_POINTS,
    WALKWAY_POINTS,
    Category,
    Corner,
    Decor,
    Floor,
)


@dataclass(frozen=True)
class CategoryScore:
    """Points for one category, with the reason and the cells that earned them."""

    category: Category
    points: int
    reason: str
    cells: tuple[Cell, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "points": self.points,
            "reason": self.reason,
            "cells": [cell_name(c) for c in self.cells],
        }


def _cells_text(cells: Sequence[Cell]) -> str:
    return ", ".join(cell_name(c) for c in cells) if cells else "none"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _tiles_show(n: int, feature: Feature) -> str:
    return f"{n} tile shows {feature}" if n == 1 else f"{n} tiles show {feature}"


# --- coins ---------------------------------------------------------------------------------------


def score_coins(coins: int) -> CategoryScore:
    return CategoryScore(Category.COINS, coins, f"{_plural(coins, 'coin')} left × 1 point = {coins}")


# --- board 1 -------------------------------------------------------------------------------------

#: Corner each tile of a 2×2 block must wrap for the block to form a ring, by offset in the block.
WALKWAY_RING: Mapping[Cell, Corner] = {(0, 0): Corner.SE, (0, 1): Corner.SW, (1, 0): Corner.NE, (1, 1): Corner.NW}


@dataclass(frozen=True)
class Walkway:
    """A complete walkway: a 2×2 block whose four paths form one ring of one material."""

    top_left: Cell
    material: str

    @property
    def cells(self) -> tuple[Cell, ...]:
        r, c = self.top_left
        return tuple((r + dr, c + dc) for dr, dc in WALKWAY_RING)

    def describe(self) -> str:
        r, c = self.top_left
        return f"{self.material} ring {cell_name((r, c))}–{cell_name((r + 1, c + 1))}"


def find_walkways(garden: Garden) -> tuple[Walkway, ...]:
    """All complete walkways. A tile wraps one corner, so blocks never overlap (at most 4)."""
    found = []
    for r in range(GRID_SIZE - 1):
        for c in range(GRID_SIZE - 1):
            tiles = [garden[(r + dr, c + dc)] for dr, dc in WALKWAY_RING]
            rings = all(t.corner is WALKWAY_RING[off] for t, off in zip(tiles, WALKWAY_RING))
            if rings and len({t.path for t in tiles}) == 1:
                found.append(Walkway((r, c), tiles[0].path.value))
    return tuple(found)


def score_walkways(garden: Garden) -> CategoryScore:
    walkways = find_walkways(garden)
    n = len(walkways)
    points = WALKWAY_POINTS[n]
    if n:
        what = "; ".join(w.describe() for w in walkways)
        reason = f"{_plural(n, 'complete walkway')} ({what}) → {points}"
    else:
        reason = "no complete walkway (a 2×2 ring of one material) → 0"
    cells = tuple(cell for w in walkways for cell in w.cells)
    return CategoryScore(Category.WALKWAYS, points, reason, cells, {"count": n})


def decor_points(count: int) -> int:
    """Points for one decor type shown ``count`` times (table: 6→3 … 12+→20)."""
    if count < DECOR_MIN_COUNT:
        return 0
    return DECOR_POINTS[min(count, DECOR_MAX_COUNT)]


def score_decor(garden: Garden) -> CategoryScore:
    counts = Counter(t.decor for t in garden)
    scoring = [(d, counts[d], decor_points(counts[d])) for d in ALL_DECORS if decor_points(counts[d])]
    points = sum(p for _, _, p in scoring)
    all_counts = ", ".join(f"{counts[d]} {d.value}" for d in ALL_DECORS if counts[d])
    if scoring:
        parts = " + ".join(f"{n} {d.value} → {p}" for d, n, p in scoring)
        reason = f"{parts} = {points} (decor counts: {all_counts})"
    else:
        reason = f"no decor type on 6 or more tiles → 0 (decor counts: {all_counts})"
    scored = {d for d, _, _ in scoring}
    cells = tuple(cell for cell, t in garden.cells() if t.decor in scored)
    return CategoryScore(Category.DECOR, points, reason, cells, {"counts": {d.value: counts[d] for d in ALL_DECORS}})


def score_minor(garden: Garden, feature: Feature) -> CategoryScore:
    cells = garden.cells_showing(feature)
    points = len(cells) * MINOR_POINTS_PER_TILE
    reason = f"{_tiles_show(len(cells), feature)} × {MINOR_POINTS_PER_TILE} = {points}"
    return CategoryScore(Category.MINOR, points, reason, cells, {"count": len(cells), "feature": feature.format()})


def score_major(garden: Garden, feature: Feature) -> CategoryScore:
    cells = garden.cells_showing(feature)
    points = len(cells) * MAJOR_POINTS_PER_TILE
    reason = f"{_tiles_show(len(cells), feature)} × {MAJOR_POINTS_PER_TILE} = {points}"
    return CategoryScore(Category.MAJOR, points, reason, cells, {"count": len(cells), "feature": feature.format()})


def majority_places(counts: Sequence[int], needs_a_tile: bool = True) -> list[int]:
    """Place per player (1, 2 or 0 for none) from their counts of the majority feature.

    Most tiles: 1st (ties share it, and then nobody is 2nd). Otherwise the next-highest count
    is 2nd (ties share it). With ``needs_a_tile`` a count of 0 never places.
    """
    eligible = [n for n in counts if n > 0 or not needs_a_tile]
    if not eligible:
        return [0] * len(counts)
    best = max(eligible)
    firsts = [n == best and (n > 0 or not needs_a_tile) for n in counts]
    places = [1 if f else 0 for f in firsts]
    if sum(firsts) == 1:
        rest = [n for n in eligible if n < best]
        if rest:
            second = max(rest)
            places = [2 if (n == second and p == 0) else p for n, p in zip(counts, places)]
    return places


def score_majority(gardens: Sequence[Garden], names: Sequence[str], feature: Feature,
                   needs_a_tile: bool = True) -> list[CategoryScore]:
    counts = [g.count(feature) for g in gardens]
    places = majority_places(counts, needs_a_tile)
    standings = ", ".join(f"{name} {n}" for name, n in sorted(zip(names, counts), key=lambda x: -x[1]))
    results = []
    for garden, count, place in zip(gardens, counts, places):
        shared = places.count(place) > 1
        if place == 1:
            points, what = MAJORITY_FIRST_POINTS, "most" + (" (shared)" if shared else "")
        elif place == 2:
            points, what = MAJORITY_SECOND_POINTS, "second most" + (" (shared)" if shared else "")
        else:
            points = 0
            if count == 0 and needs_a_tile:
                what = "no place (0 tiles never place)"
            elif places.count(1) > 1:
                what = "no place (a tie for first leaves no second place)"
            else:
                what = "no place"
        reason = f"{_tiles_show(count, feature)}: {what} → {points} (counts: {standings})"
        results.append(CategoryScore(Category.MAJORITY, points, reason, garden.cells_showing(feature),
                                     {"count": count, "place": place, "counts": dict(zip(names, counts))}))
    return results


def detail_points(count: int) -> int:
    """Attention to detail: 0→0, 1→−4, 2→−2, 3→−1, 4→2, 5→5, 6+→8."""
    return DETAIL_POINTS[min(count, DETAIL_MAX_COUNT)]


def score_detail(garden: Garden, feature: Feature) -> CategoryScore:
    cells = garden.cells_showing(feature)
    points = detail_points(len(cells))
    reason = f"{_tiles_show(len(cells), feature)} → {points:+d}" if points else \
        f"{_tiles_show(len(cells), feature)} → 0"
    return CategoryScore(Category.DETAIL, points, reason, cells, {"count": len(cells), "feature": feature.format()})


# --- board 2 -------------------------------------------------------------------------------------


def floor_areas(garden: Garden) -> dict[Floor, list[tuple[Cell, ...]]]:
    """Connected areas (orthogonal neighbours) of each floor present, in reading order."""
    seen: set[Cell] = set()
    areas: dict[Floor, list[tuple[Cell, ...]]] = {}
    for start in ALL_CELLS:
        if start in seen:
            continue
        floor = garden[start].floor
        stack, area = [start], []
        seen.add(start)
        while stack:
            r, c = stack.pop()
            area.append((r, c))
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in seen or not (0 <= nb[0] < GRID_SIZE and 0 <= nb[1] < GRID_SIZE):
                    continue
                if garden[nb].floor is floor:
                    seen.add(nb)
                    stack.append(nb)
        areas.setdefault(floor, []).append(tuple(sorted(area)))
    return areas


def score_unity(garden: Garden) -> CategoryScore:
    areas = floor_areas(garden)
    split = {f: a for f, a in areas.items() if len(a) > 1}
    if split:
        parts = "; ".join(
            f"{f.value} split into {len(a)} areas ({' | '.join(_cells_text(x) for x in a)})" for f, a in split.items()
        )
        reason = f"{parts} → 0"
        cells = tuple(c for a in split.values() for area in a for c in area)
        return CategoryScore(Category.UNITY, 0, reason, cells, {"areas": {f.value: len(a) for f, a in areas.items()}})
    listing = ", ".join(f"{f.value} ({len(a[0])})" for f, a in areas.items())
    reason = f"every floor forms one area: {listing} → {UNITY_POINTS}"
    return CategoryScore(Category.UNITY, UNITY_POINTS, reason, ALL_CELLS,
                         {"areas": {f.value: 1 for f in areas}})


# --- board 3 -------------------------------------------------------------------------------------


def minimalism_points(floor_types: int) -> int:
    return MINIMALISM_POINTS[min(floor_types, MINIMALISM_MAX_COUNT)]


def score_minimalism(garden: Garden) -> CategoryScore:
    present = [f for f in ALL_FLOORS if any(t.floor is f for t in garden)]
    points = minimalism_points(len(present))
    reason = f"{_plural(len(present), 'floor type')} ({', '.join(f.value for f in present)}) → {points}"
    return CategoryScore(Category.MINIMALISM, points, reason, (), {"floor_types": len(present)})


# --- boards 4 and 5 ------------------------------------------------------------------------------


def mission_points(place: int) -> int:
    """Points for the ``place``-th finisher (1-based): 5, 3, 1, then nothing."""
    return MISSION_POINTS[place - 1] if 1 <= place <= len(MISSION_POINTS) else 0


def score_missions(garden: Garden, name: str, missions: Sequence[Any]) -> CategoryScore:
    """``missions`` are :class:`scorer.game.Mission` objects (features + completion order)."""
    total = 0
    parts = []
    cells: set[Cell] = set()
    for index, mission in enumerate(missions, start=1):
        label = f"mission {index} ({mission.label()})"
        if name in mission.completed_by:
            place = mission.completed_by.index(name) + 1
            pts = mission_points(place)
            total += pts
            ordinal = {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")
            parts.append(f"{label}: {ordinal} to complete → {pts}")
            for feature in mission.features:
                cells.update(garden.cells_showing(feature))
        else:
            counts = ", ".join(f"{garden.count(f)}× {f}" for f in mission.features)
            parts.append(f"{label}: not completed ({counts}) → 0")
    reason = "; ".join(parts) + f" = {total}"
    return CategoryScore(Category.MISSIONS, total, reason, tuple(sorted(cells)))


# --- during-play checks --------------------------------------------------------------------------


@dataclass(frozen=True)
class BonusLine:
    """A row, column or diagonal of four tiles with the same decor (``COIN_BONUS_LINE`` coins during play)."""

    kind: str  # "row", "column" or "diagonal"
    index: int
    decor: Decor
    cells: tuple[Cell, ...]

    def describe(self) -> str:
        if self.kind == "row":
            return f"row {self.index + 1}"
        if self.kind == "column":
            return f"column {COLUMN_LETTERS[self.index]}"
        return f"diagonal {cell_name(self.cells[0])}–{cell_name(self.cells[-1])}"


def coin_bonus_lines(garden: Garden) -> list[BonusLine]:
    n = GRID_SIZE
    lines: list[tuple[str, int, tuple[Cell, ...]]] = []
    lines += [("row", r, tuple((r, c) for c in range(n))) for r in range(n)]
    lines += [("column", c, tuple((r, c) for r in range(n))) for c in range(n)]
    lines += [("diagonal", 0, tuple((i, i) for i in range(n))),
              ("diagonal", 1, tuple((i, n - 1 - i) for i in range(n)))]
    out = []
    for kind, index, cells in lines:
        decors = {garden[c].decor for c in cells}
        if len(decors) == 1:
            out.append(BonusLine(kind, index, decors.pop(), cells))
    return out
