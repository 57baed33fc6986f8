"""Dispute check: a player's claimed score against the computed one — which categories differ and why.

``check_claim(result, player, total=..., categories={...})`` compares what a player wrote down with
the :class:`~scorer.score.GameResult` of :func:`scorer.score_game`. With per-category claims every
differing category is listed with the computed reason (the counts and tiles behind it). With only a
total claimed, the gap is reported together with the categories that could plausibly explain it:
those where the computed points plus the gap is still a value that category can take (a gap of +4
fits "majority" 4 → 8, and "walkways" only from 6 → 10, since walkways score 0, 3, 6, 10 or 15).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from scorer.explain import Reason, ReasonCode
from scorer.score import GameResult, PlayerResult
from scorer.tiles import cell_name
from scorer.vocab import (
    DECOR_POINTS,
    DETAIL_POINTS,
    GRID_SIZE,
    MAJOR_POINTS_PER_TILE,
    MAJORITY_FIRST_POINTS,
    MAJORITY_SECOND_POINTS,
    MAX_COINS,
    MIN_COINS,
    MINIMALISM_POINTS,
    MINOR_POINTS_PER_TILE,
    MISSION_POINTS,
    MISSIONS_PER_BOARD,
    UNITY_POINTS,
    WALKWAY_POINTS,
    Category,
)


@dataclass(frozen=True)
class CategoryDiff:
    category: str
    claimed: int | None
    computed: int
    reason: Reason
    cells: tuple[str, ...] = ()

    @property
    def difference(self) -> int:
        return (self.claimed if self.claimed is not None else self.computed) - self.computed


@dataclass(frozen=True)
class DisputeReport:
    player: str
    claimed_total: int | None
    computed_total: int
    differing: tuple[CategoryDiff, ...] = ()
    candidates: tuple[CategoryDiff, ...] = ()  # categories that could explain a total-only gap
    unknown_categories: tuple[str, ...] = ()
    notes: tuple[Reason, ...] = field(default_factory=tuple)

    @property
    def agrees(self) -> bool:
        total_ok = self.claimed_total is None or self.claimed_total == self.computed_total
        return total_ok and not self.differing

    @property
    def gap(self) -> int:
        return 0 if self.claimed_total is None else self.claimed_total - self.computed_total


@lru_cache(maxsize=1)
def possible_points() -> dict[str, frozenset[int]]:
    """Every value each category can take for one player (from the scoring tables)."""
    decor_single = [0, *DECOR_POINTS.values()]
    decor = {a + b for a in decor_single for b in decor_single}  # at most two types reach 6 tiles
    most = sum(MISSIONS_PER_BOARD.values())  # every mission in play, one point tile each
    missions = {0}
    for n in range(1, most + 1):
        for combo in combinations(list(MISSION_POINTS) * most, n):
            missions.add(sum(combo))
    tiles = GRID_SIZE * GRID_SIZE
    return {
        Category.COINS.value: frozenset(range(MIN_COINS, MAX_COINS + 1)),
        Category.WALKWAYS.value: frozenset(WALKWAY_POINTS.values()),
        Category.DECOR.value: frozenset(decor),
        Category.MINOR.value: frozenset(n * MINOR_POINTS_PER_TILE for n in range(tiles + 1)),
        Category.MAJOR.value: frozenset(n * MAJOR_POINTS_PER_TILE for n in range(tiles + 1)),
        Category.MAJORITY.value: frozenset({0, MAJORITY_SECOND_POINTS, MAJORITY_FIRST_POINTS}),
        Category.DETAIL.value: frozenset(DETAIL_POINTS.values()),
        Category.UNITY.value: frozenset({0, UNITY_POINTS}),
        Category.MINIMALISM.value: frozenset(MINIMALISM_POINTS.values()),
        Category.MISSIONS.value: frozenset(missions),
    }


def _diff(p: PlayerResult, key: str, claimed: int | None) -> CategoryDiff:
    score = p.score(key)
    return CategoryDiff(key, claimed, score.points, score.reason, tuple(cell_name(c) for c in score.cells))


def check_claim(result: GameResult, player: str, total: int | None = None,
                categories: Mapping[str, int | None] | None = None) -> DisputeReport:
    """Compare a claimed total and/or per-category points with the computed result."""
    p = result.player(player)
    computed_total = p.total
    computed = {c.category.value: c.points for c in p.categories}
    claims = {k: v for k, v in (categories or {}).items() if v is not None}
    unknown = tuple(k for k in claims if k not in computed)
    differing = tuple(_diff(p, k, int(v)) for k, v in claims.items()
                      if k in computed and int(v) != computed[k])
    notes: list[Reason] = []
    if total is None and claims and not unknown:
        # total implied by the claimed categories plus computed ones not claimed
        total = sum(int(claims.get(k, v)) for k, v in computed.items())
    candidates: tuple[CategoryDiff, ...] = ()
    if total is not None and total != computed_total:
        gap = total - computed_total
        explained = sum(d.difference for d in differing)
        if differing and explained != gap:
            notes.append(Reason(ReasonCode.CLAIM_PARTLY_EXPLAINED, {"explained": explained, "gap": gap}))
        if not differing:
            possible = possible_points()
            candidates = tuple(
                _diff(p, k, v + gap) for k, v in computed.items() if v + gap in possible.get(k, frozenset())
            )
            if not candidates:
                notes.append(Reason(ReasonCode.CLAIM_UNEXPLAINED))
    return DisputeReport(player, total, computed_total, differing, candidates, unknown, tuple(notes))
