"""Random valid game files: for property tests, benchmarks and demos.

Every game drawn here passes validation: distinct tiles across all gardens, distinct Emperor
tiles, mission finishers that qualify, coins 0–25.
"""

from __future__ import annotations

import random
from typing import Any

from scorer.game import qualifies
from scorer.tiles import ALL_FEATURES, ALL_TILE_KINDS, Garden, Tile
from scorer.vocab import ALL_CORNERS, ALL_SPACES, GRID_SIZE, MAX_COINS, Board

_NAMES = ("Ann", "Bob", "Cy", "Dan")


def random_garden_from(kinds: list[Any], rnd: random.Random) -> Garden:
    """A garden of the given 16 tile kinds in order, each turned to a random corner."""
    tiles = [Tile(k.floor, k.path, k.decor, rnd.choice(ALL_CORNERS)) for k in kinds]
    return Garden(tuple(tuple(tiles[r * GRID_SIZE:(r + 1) * GRID_SIZE]) for r in range(GRID_SIZE)))


def random_game(rnd: random.Random, players: int | None = None, boards: list[int] | None = None) -> dict[str, Any]:
    """A random valid game file (dict). ``rnd`` fixes everything."""
    n = players if players is not None else rnd.randint(1, 4)
    if boards is None:
        boards = sorted(rnd.sample(range(1, 6), rnd.randint(1, 5)))
        if rnd.random() < 0.7 and 1 not in boards:
            boards = sorted([1, *boards])
    kinds = rnd.sample(ALL_TILE_KINDS, 16 * n)
    if rnd.random() < 0.3:  # clustered gardens: more walkways, majorities and unity
        kinds.sort(key=lambda k: (k.floor, k.path))
    gardens = [random_garden_from(kinds[16 * i:16 * (i + 1)], rnd) for i in range(n)]
    names = list(_NAMES[:n])
    features = rnd.sample(ALL_FEATURES, 4 + 2 * 3)
    data: dict[str, Any] = {"boards": boards}
    if 1 in boards:
        data["preferences"] = {space.value: features[i].format() for i, space in enumerate(ALL_SPACES)}
    missions = []
    mission_count = (2 if Board.TWO_MISSIONS in boards else 0) + (1 if Board.ONE_MISSION in boards else 0)
    for m in range(mission_count):
        pair = features[4 + 2 * m: 6 + 2 * m]
        eligible = [name for name, g in zip(names, gardens) if qualifies(g, pair)]
        rnd.shuffle(eligible)
        finishers = eligible[: rnd.randint(0, len(eligible))]
        missions.append({"features": [f.format() for f in pair], "completed_by": finishers})
    if missions:
        data["missions"] = missions
    data["players"] = [
        {"name": name, "coins": rnd.randint(0, MAX_COINS), "garden": g.to_lists()} for name, g in zip(names, gardens)
    ]
    return data
