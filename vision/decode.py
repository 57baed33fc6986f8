"""Joint decoding: the most probable *valid* gardens given per-tile attribute probabilities.

Every physical tile (floor + path + decor) exists once, so no two cells — in one garden or across
the gardens of one game — may show the same tile kind. Per-attribute log-probabilities are summed
into a ``(cells, 90)`` cost matrix and the assignment is solved exactly with
:func:`scipy.optimize.linear_sum_assignment`. The path corner is read per cell.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.optimize import linear_sum_assignment

from scorer.tiles import ALL_TILE_KINDS, Garden, Tile, cell_name
from scorer.vocab import ALL_CORNERS, ALL_DECORS, ALL_FLOORS, ALL_PATHS, GRID_SIZE
from vision.config import DEFAULT_CONFIG, VisionConfig

CELLS = GRID_SIZE * GRID_SIZE
MAX_GARDENS = len(ALL_TILE_KINDS) // CELLS  # 5 gardens use 80 of the 90 tiles

# Index of each tile kind's floor / path / decor in the ALL_* orders: (90,) each.
_KIND_FLOOR = np.array([ALL_FLOORS.index(k.floor) for k in ALL_TILE_KINDS])
_KIND_PATH = np.array([ALL_PATHS.index(k.path) for k in ALL_TILE_KINDS])
_KIND_DECOR = np.array([ALL_DECORS.index(k.decor) for k in ALL_TILE_KINDS])


@dataclass(frozen=True)
class AttributeProbs:
    """Per-cell probabilities, columns in the vocabulary's canonical order.

    ``floor (C, 6)``, ``path (C, 3)``, ``decor (C, 5)``, ``corner (C, 4)`` for ``C`` cells
    (16 per garden, row-major A1, B1, C1, D1, A2, ...).
    """

    floor: np.ndarray
    path: np.ndarray
    decor: np.ndarray
    corner: np.ndarray

    def __post_init__(self) -> None:
        expected = {"floor": len(ALL_FLOORS), "path": len(ALL_PATHS), "decor": len(ALL_DECORS),
                    "corner": len(ALL_CORNERS)}
        cells = None
        for name, width in expected.items():
            arr = getattr(self, name)
            if not isinstance(arr, np.ndarray) or arr.ndim != 2 or arr.shape[1] != width:
                raise ValueError(f"{name} probabilities must be (C, {width}), got {getattr(arr, 'shape', arr)}")
            if cells is not None and arr.shape[0] != cells:
                raise ValueError("all attribute probabilities need the same number of cells")
            cells = arr.shape[0]
        if cells is None or cells == 0 or cells % CELLS:
            raise ValueError(f"cells must be a positive multiple of {CELLS}, got {cells}")

    @property
    def gardens(self) -> int:
        return self.floor.shape[0] // CELLS

    def slice(self, garden: int) -> AttributeProbs:
        s = slice(garden * CELLS, (garden + 1) * CELLS)
        return AttributeProbs(self.floor[s], self.path[s], self.decor[s], self.corner[s])

    @staticmethod
    def concat(items: list[AttributeProbs]) -> AttributeProbs:
        return AttributeProbs(*(np.concatenate([getattr(p, n) for p in items]) for n in
                                ("floor", "path", "decor", "corner")))


@dataclass(frozen=True)
class DecodedGarden:
    """One decoded garden: tiles, per-cell confidence ``(4, 4)``, cells to review, alternatives."""

    garden: Garden
    confidence: np.ndarray
    review: tuple[str, ...]
    alternatives: tuple[tuple[tuple[Tile, float], ...], ...]


def _normalise(p: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    p = np.clip(np.asarray(p, dtype=np.float64), cfg.prob_floor, None)
    return p / p.sum(axis=1, keepdims=True)


def kind_log_probs(probs: AttributeProbs, cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """``(C, 90)`` log-probability of every tile kind per cell (attributes treated independently)."""
    lf = np.log(_normalise(probs.floor, cfg))
    lp = np.log(_normalise(probs.path, cfg))
    ld = np.log(_normalise(probs.decor, cfg))
    return lf[:, _KIND_FLOOR] + lp[:, _KIND_PATH] + ld[:, _KIND_DECOR]


def decode(probs: AttributeProbs, cfg: VisionConfig = DEFAULT_CONFIG) -> list[DecodedGarden]:
    """Decode ``probs.gardens`` gardens jointly so that no tile kind is used twice.

    Returns one :class:`DecodedGarden` per garden, in input order.
    """
    if probs.gardens > MAX_GARDENS:
        raise ValueError(f"at most {MAX_GARDENS} gardens can be decoded together (90 tiles), got {probs.gardens}")
    log_kind = kind_log_probs(probs, cfg)
    rows_idx, kind_idx = linear_sum_assignment(-log_kind)
    assigned = np.empty(log_kind.shape[0], dtype=np.int64)
    assigned[rows_idx] = kind_idx
    corner_p = _normalise(probs.corner, cfg)
    kind_p = np.exp(log_kind)
    kind_p /= kind_p.sum(axis=1, keepdims=True)

    out: list[DecodedGarden] = []
    for g in range(probs.gardens):
        tiles: list[Tile] = []
        conf = np.zeros((GRID_SIZE, GRID_SIZE))
        review: list[str] = []
        alternatives: list[tuple[tuple[Tile, float], ...]] = []
        for cell in range(CELLS):
            i = g * CELLS + cell
            kind = ALL_TILE_KINDS[assigned[i]]
            corner_i = int(np.argmax(corner_p[i]))
            tile = Tile(kind.floor, kind.path, kind.decor, ALL_CORNERS[corner_i])
            tiles.append(tile)
            c = float(kind_p[i, assigned[i]] * corner_p[i, corner_i])
            rows, cols = divmod(cell, GRID_SIZE)
            conf[rows, cols] = c
            if c < cfg.review_threshold:
                review.append(cell_name((rows, cols)))
            alternatives.append(_alternatives(kind_p[i], corner_p[i], tile, c, cfg))
        garden = Garden(tuple(tuple(tiles[r * GRID_SIZE:(r + 1) * GRID_SIZE]) for r in range(GRID_SIZE)))
        out.append(DecodedGarden(garden, conf, tuple(review), tuple(alternatives)))
    return out


def tile_probability(probs: AttributeProbs, cell: int, tile: Tile, cfg: VisionConfig = DEFAULT_CONFIG) -> float:
    """The probability :func:`decode` gives ``tile`` at row ``cell`` of ``probs`` (its kind's, the
    attributes taken independently, times its corner's): what it is listed with among a cell's
    alternatives."""
    log_kind = kind_log_probs(probs.slice(cell // CELLS), cfg)[cell % CELLS]
    kind_p = np.exp(log_kind - log_kind.max())
    corner_p = _normalise(probs.corner[cell:cell + 1], cfg)[0]
    return float(kind_p[ALL_TILE_KINDS.index(tile.kind)] / kind_p.sum() * corner_p[ALL_CORNERS.index(tile.corner)])


def _alternatives(kind_p: np.ndarray, corner_p: np.ndarray, chosen: Tile, chosen_p: float,
                  cfg: VisionConfig) -> tuple[tuple[Tile, float], ...]:
    """The chosen tile first, then the most probable other (kind, corner) pairs."""
    joint = kind_p[:, None] * corner_p[None, :]
    order = np.argsort(joint, axis=None)[::-1][: cfg.alternatives + 1]
    result: list[tuple[Tile, float]] = [(chosen, chosen_p)]
    for flat in order:
        k, c = divmod(int(flat), len(ALL_CORNERS))
        kind = ALL_TILE_KINDS[k]
        tile = Tile(kind.floor, kind.path, kind.decor, ALL_CORNERS[c])
        if tile != chosen and len(result) < cfg.alternatives:
            result.append((tile, float(joint[k, c])))
    return tuple(result)
