"""Random gardens for synthetic photos: 16 distinct physical tiles, sometimes with structure
(complete walkways, many of one decor, few floor types in connected areas) so that every scoring
category is exercised by the training and test data."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from scorer.tiles import ALL_TILE_KINDS, Garden, Tile, TileKind
from scorer.vocab import ALL_CORNERS, ALL_DECORS, ALL_FLOORS, ALL_PATHS, GRID_SIZE, Corner, Decor, Floor, PathMaterial

_RING = ((0, 0, Corner.SE), (0, 1, Corner.SW), (1, 0, Corner.NE), (1, 1, Corner.NW))
#: Top-left cells of the non-overlapping 2×2 blocks a garden can hold walkways in.
_BLOCKS = ((0, 0), (0, 2), (2, 0), (2, 2), (1, 1), (0, 1), (1, 0), (1, 2), (2, 1))


def _pick(rng: np.random.Generator, seq: Iterable) -> object:  # type: ignore[type-arg]
    items = list(seq)
    return items[int(rng.integers(len(items)))]


def _structured(rng: np.random.Generator, pool: list[TileKind]) -> Garden | None:
    """One attempt at a garden with some structure; ``None`` when the pool cannot fill it."""
    want_path: dict[tuple[int, int], PathMaterial] = {}
    want_corner: dict[tuple[int, int], Corner] = {}
    want_decor: dict[tuple[int, int], Decor] = {}
    want_floor: dict[tuple[int, int], Floor] = {}
    cells = [(r, c) for r in range(4) for c in range(4)]

    if rng.random() < 0.6:  # walkways
        n_rings = int(rng.integers(1, 5))
        order = list(_BLOCKS)
        rng.shuffle(order)
        used: set[tuple[int, int]] = set()
        for r0, c0 in order:
            if n_rings == 0:
                break
            block = [(r0 + dr, c0 + dc) for dr, dc, _ in _RING]
            if used.intersection(block):
                continue
            material = _pick(rng, ALL_PATHS)
            for (_dr, _dc, corner), cell in zip(_RING, block):
                want_path[cell] = material  # type: ignore[assignment]
                want_corner[cell] = corner
            used.update(block)
            n_rings -= 1
    if rng.random() < 0.5:  # many of one decor
        decor = _pick(rng, ALL_DECORS)
        n = int(rng.integers(5, 13))
        chosen = rng.permutation(16)[:n]
        for i in chosen:
            want_decor[cells[int(i)]] = decor  # type: ignore[assignment]
        if rng.random() < 0.3:  # and a second decor type near the threshold
            other = _pick(rng, [d for d in ALL_DECORS if d is not decor])
            rest = [cells[int(i)] for i in rng.permutation(16) if cells[int(i)] not in want_decor]
            for cell in rest[: int(rng.integers(4, 7))]:
                want_decor[cell] = other  # type: ignore[assignment]
    if rng.random() < 0.5:  # few floor types, in connected areas
        k = int(rng.integers(2, 5))
        floors = [ALL_FLOORS[int(i)] for i in rng.permutation(len(ALL_FLOORS))[:k]]
        layout = rng.integers(3)
        for r, c in cells:
            if layout == 0:  # horizontal bands
                idx = min(k - 1, r * k // 4)
            elif layout == 1:  # vertical bands
                idx = min(k - 1, c * k // 4)
            else:  # reading order, snake-like areas
                idx = min(k - 1, (r * 4 + (c if r % 2 == 0 else 3 - c)) * k // 16)
            want_floor[(r, c)] = floors[idx]

    taken: set[TileKind] = set()
    rows: list[list[Tile]] = [[], [], [], []]
    order_cells = sorted(cells, key=lambda cell: -(
        (cell in want_path) + (cell in want_decor) + (cell in want_floor)))
    placed: dict[tuple[int, int], Tile] = {}
    for cell in order_cells:
        options = [
            k for k in pool
            if k not in taken
            and (cell not in want_path or k.path is want_path[cell])
            and (cell not in want_decor or k.decor is want_decor[cell])
            and (cell not in want_floor or k.floor is want_floor[cell])
        ]
        if not options:
            return None
        kind = options[int(rng.integers(len(options)))]
        taken.add(kind)
        corner = want_corner.get(cell, ALL_CORNERS[int(rng.integers(4))])
        placed[cell] = Tile(kind.floor, kind.path, kind.decor, corner)
    for r, c in cells:
        rows[r].append(placed[(r, c)])
    return Garden(tuple(tuple(row) for row in rows))


def random_garden(rng: np.random.Generator, exclude: Iterable[TileKind] = ()) -> Garden:
    """A random finished garden of 16 distinct physical tiles with random path corners.

    About half the gardens carry structure (complete walkways, a decor type 5–12 times, 2–4 floor
    types laid out in areas) so that every scoring category is exercised.

    Args:
        rng: the random generator to draw from.
        exclude: physical tiles (:class:`scorer.tiles.TileKind`) that must not be used, e.g. the
            tiles of other gardens of the same game.

    Returns:
        a :class:`scorer.tiles.Garden`.
    """
    if not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng must be a numpy Generator, got {type(rng).__name__}")
    excluded = set(exclude)
    for kind in excluded:
        if not isinstance(kind, TileKind):
            raise ValueError(f"exclude must hold TileKind values, got {kind!r}")
    pool = [k for k in ALL_TILE_KINDS if k not in excluded]
    if len(pool) < 16:
        raise ValueError(f"only {len(pool)} tiles left after exclusions; a garden needs 16")
    if rng.random() < 0.55:
        for _ in range(20):
            garden = _structured(rng, pool)
            if garden is not None:
                return garden
    chosen = rng.permutation(len(pool))[:16]
    tiles = [
        Tile(pool[int(i)].floor, pool[int(i)].path, pool[int(i)].decor, ALL_CORNERS[int(rng.integers(4))])
        for i in chosen
    ]
    return Garden(tuple(tuple(tiles[r * 4 : r * 4 + 4]) for r in range(4)))


def enrolment_garden(floor: Floor, rng: np.random.Generator) -> Garden:
    """The 15 tiles of ``floor`` and one random tile of another floor, shuffled, each turned at random."""
    own = [k for k in ALL_TILE_KINDS if k.floor is floor]
    others = [k for k in ALL_TILE_KINDS if k.floor is not floor]
    kinds = [*own, others[int(rng.integers(len(others)))]]
    order = rng.permutation(len(kinds))
    turns = rng.integers(0, 4, len(kinds))
    tiles = [Tile(kinds[i].floor, kinds[i].path, kinds[i].decor, ALL_CORNERS[int(t)]) for i, t in zip(order, turns)]
    return Garden(tuple(tuple(tiles[r * GRID_SIZE:(r + 1) * GRID_SIZE]) for r in range(GRID_SIZE)))
