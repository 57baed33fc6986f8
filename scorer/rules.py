"""Each scoring rule as a small pure function returning its points and why.

Every function returns a :class:`CategoryScore`: the points, the reason as data (a
:class:`~scorer.explain.Reason`: a code and the counts, features and cells behind it, which
``zengarden.wording`` words in the player's language), the cells that contributed (for
highlighting), and the counts behind any table lookup. Functions that compare players (majority,
missions) take all gardens at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorer.explain import ProblemCode, Reason, ReasonCode, Words, plain_words
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
    PathMaterial,
)


@dataclass(frozen=True)
class CategoryScore:
    """Points for one category, with the reason and the cells that earned them."""

    category: Category
    points: int
    reason: Reason
    cells: tuple[Cell, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)

    def to_dict(self, words: Words = plain_words) -> dict[str, Any]:
        """Points, the reason worded by ``words`` (a language of ``zengarden.wording``), cells."""
        return {
            "points": self.points,
            "reason": words(self.reason),
            "cells": [cell_name(c) for c in self.cells],
        }


# --- coins ---------------------------------------------------------------------------------------


def score_coins(coins: int) -> CategoryScore:
    return CategoryScore(Category.COINS, coins, Reason(ReasonCode.COINS, {"coins": coins, "points": coins}))


# --- board 1 -------------------------------------------------------------------------------------

#: Corner each tile of a 2×2 block must wrap for the block to form a ring, by offset in the block.
WALKWAY_RING: Mapping[Cell, Corner] = {(0, 0): Corner.SE, (0, 1): Corner.SW, (1, 0): Corner.NE, (1, 1): Corner.NW}


@dataclass(frozen=True)
class Walkway:
    """A complete walkway: a 2×2 block whose four paths form one ring of one material."""

    top_left: Cell
    material: PathMaterial

    @property
    def cells(self) -> tuple[Cell, ...]:
        r, c = self.top_left
        return tuple((r + dr, c + dc) for dr, dc in WALKWAY_RING)

    def reason(self) -> Reason:
        r, c = self.top_left
        return Reason(ReasonCode.WALKWAY_RING, {"material": self.material, "first": (r, c), "last": (r + 1, c + 1)})


def find_walkways(garden: Garden) -> tuple[Walkway, ...]:
    """All complete walkways. A tile wraps one corner, so blocks never overlap (at most 4)."""
    found = []
    for r in range(GRID_SIZE - 1):
        for c in range(GRID_SIZE - 1):
            tiles = [garden[(r + dr, c + dc)] for dr, dc in WALKWAY_RING]
            rings = all(t.corner is WALKWAY_RING[off] for t, off in zip(tiles, WALKWAY_RING))
            if rings and len({t.path for t in tiles}) == 1:
                found.append(Walkway((r, c), tiles[0].path))
    return tuple(found)


def score_walkways(garden: Garden) -> CategoryScore:
    walkways = find_walkways(garden)
    n = len(walkways)
    points = WALKWAY_POINTS[n]
    if n:
        reason = Reason(ReasonCode.WALKWAYS, {"count": n, "rings": tuple(w.reason() for w in walkways),
                                              "points": points})
    else:
        reason = Reason(ReasonCode.NO_WALKWAY, {"points": points})
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
    all_counts = tuple(Reason(ReasonCode.DECOR_COUNT, {"decor": d, "count": counts[d]})
                       for d in ALL_DECORS if counts[d])
    if scoring:
        terms = tuple(Reason(ReasonCode.DECOR_TERM, {"decor": d, "count": n, "points": p}) for d, n, p in scoring)
        reason = Reason(ReasonCode.DECOR, {"terms": terms, "points": points, "counts": all_counts})
    else:
        reason = Reason(ReasonCode.NO_DECOR, {"min_count": DECOR_MIN_COUNT, "points": points, "counts": all_counts})
    scored = {d for d, _, _ in scoring}
    cells = tuple(cell for cell, t in garden.cells() if t.decor in scored)
    return CategoryScore(Category.DECOR, points, reason, cells, {"counts": {d.value: counts[d] for d in ALL_DECORS}})


def score_minor(garden: Garden, feature: Feature) -> CategoryScore:
    cells = garden.cells_showing(feature)
    points = len(cells) * MINOR_POINTS_PER_TILE
    reason = Reason(ReasonCode.MINOR, {"feature": feature, "count": len(cells), "per_tile": MINOR_POINTS_PER_TILE,
                                       "points": points})
    return CategoryScore(Category.MINOR, points, reason, cells, {"count": len(cells), "feature": feature.format()})


def score_major(garden: Garden, feature: Feature) -> CategoryScore:
    cells = garden.cells_showing(feature)
    points = len(cells) * MAJOR_POINTS_PER_TILE
    reason = Reason(ReasonCode.MAJOR, {"feature": feature, "count": len(cells), "per_tile": MAJOR_POINTS_PER_TILE,
                                       "points": points})
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


def majority_outcome(place: int, shared: bool, count: int, tie_for_first: bool,
                     needs_a_tile: bool) -> tuple[ReasonCode, int]:
    """The reason code and points of one player's majority place (1, 2 or 0 for none)."""
    if place == 1:
        return (ReasonCode.MAJORITY_FIRST_SHARED if shared else ReasonCode.MAJORITY_FIRST), MAJORITY_FIRST_POINTS
    if place == 2:
        return (ReasonCode.MAJORITY_SECOND_SHARED if shared else ReasonCode.MAJORITY_SECOND), MAJORITY_SECOND_POINTS
    if count == 0 and needs_a_tile:
        return ReasonCode.MAJORITY_NONE_ZERO, 0
    return (ReasonCode.MAJORITY_NONE_TIE if tie_for_first else ReasonCode.MAJORITY_NONE), 0


def score_majority(gardens: Sequence[Garden], names: Sequence[str], feature: Feature,
                   needs_a_tile: bool = True) -> list[CategoryScore]:
    counts = [g.count(feature) for g in gardens]
    places = majority_places(counts, needs_a_tile)
    standings = tuple(Reason(ReasonCode.STANDING, {"name": name, "count": n})
                      for name, n in sorted(zip(names, counts), key=lambda x: -x[1]))
    results = []
    for garden, count, place in zip(gardens, counts, places):
        code, points = majority_outcome(place, places.count(place) > 1, count, places.count(1) > 1, needs_a_tile)
        reason = Reason(code, {"feature": feature, "count": count, "points": points, "standings": standings})
        results.append(CategoryScore(Category.MAJORITY, points, reason, garden.cells_showing(feature),
                                     {"count": count, "place": place, "counts": dict(zip(names, counts))}))
    return results


def detail_points(count: int) -> int:
    """Attention to detail: 0→0, 1→−4, 2→−2, 3→−1, 4→2, 5→5, 6+→8."""
    return DETAIL_POINTS[min(count, DETAIL_MAX_COUNT)]


def score_detail(garden: Garden, feature: Feature) -> CategoryScore:
    cells = garden.cells_showing(feature)
    points = detail_points(len(cells))
    reason = Reason(ReasonCode.DETAIL, {"feature": feature, "count": len(cells), "points": points})
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
        splits = tuple(
            Reason(ReasonCode.FLOOR_SPLIT, {"floor": f, "count": len(a),
                                            "areas": tuple(Reason(ReasonCode.AREA, {"cells": x}) for x in a)})
            for f, a in split.items()
        )
        reason = Reason(ReasonCode.UNITY_SPLIT, {"splits": splits, "points": 0})
        cells = tuple(c for a in split.values() for area in a for c in area)
        return CategoryScore(Category.UNITY, 0, reason, cells, {"areas": {f.value: len(a) for f, a in areas.items()}})
    listing = tuple(Reason(ReasonCode.FLOOR_AREA, {"floor": f, "size": len(a[0])}) for f, a in areas.items())
    reason = Reason(ReasonCode.UNITY, {"listing": listing, "points": UNITY_POINTS})
    return CategoryScore(Category.UNITY, UNITY_POINTS, reason, ALL_CELLS,
                         {"areas": {f.value: 1 for f in areas}})


# --- board 3 -------------------------------------------------------------------------------------


def minimalism_points(floor_types: int) -> int:
    return MINIMALISM_POINTS[min(floor_types, MINIMALISM_MAX_COUNT)]


def score_minimalism(garden: Garden) -> CategoryScore:
    present = [f for f in ALL_FLOORS if any(t.floor is f for t in garden)]
    points = minimalism_points(len(present))
    reason = Reason(ReasonCode.MINIMALISM, {"count": len(present), "floors": tuple(present), "points": points})
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
        if name in mission.completed_by:
            place = mission.completed_by.index(name) + 1
            pts = mission_points(place)
            total += pts
            parts.append(Reason(ReasonCode.MISSION_PLACED, {"index": index, "features": mission.features,
                                                            "place": place, "points": pts}))
            for feature in mission.features:
                cells.update(garden.cells_showing(feature))
        else:
            parts.append(Reason(ReasonCode.MISSION_OPEN, {"index": index, "features": mission.features,
                                                          "counts": feature_counts(garden, mission.features),
                                                          "points": 0}))
    reason = Reason(ReasonCode.MISSIONS, {"parts": tuple(parts), "points": total})
    return CategoryScore(Category.MISSIONS, total, reason, tuple(sorted(cells)))


def feature_counts(garden: Garden, features: Sequence[Feature]) -> tuple[Reason, ...]:
    """How many tiles of the garden show each feature, as reason parts (``3× floor:clay``)."""
    return tuple(Reason(ReasonCode.FEATURE_COUNT, {"feature": f, "count": garden.count(f)}) for f in features)


# --- during-play checks --------------------------------------------------------------------------


@dataclass(frozen=True)
class BonusLine:
    """A row, column or diagonal of four tiles with the same decor (``COIN_BONUS_LINE`` coins during play)."""

    kind: str  # "row", "column" or "diagonal"
    index: int
    decor: Decor
    cells: tuple[Cell, ...]

    def reason(self) -> Reason:
        """Which line, as a reason part: row number, column letter or the diagonal's end cells."""
        if self.kind == "row":
            return Reason(ProblemCode.LINE_ROW, {"row": self.index + 1})
        if self.kind == "column":
            return Reason(ProblemCode.LINE_COLUMN, {"column": COLUMN_LETTERS[self.index]})
        return Reason(ProblemCode.LINE_DIAGONAL, {"first": self.cells[0], "last": self.cells[-1]})


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
