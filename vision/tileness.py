"""Tileness: whether each cell of a block is one whole tile, cut on its seams, by a learner of cells.

The lattice score and the tile map judge a block by its seams and by pixels; a board's printed
squares, its coin track or a patterned table have seams and tile-like pixels too. This learner
judges each *cell* at the scale of a whole tile, seams included: it learned true tiles against the
cells of blocks shifted by half a tile or a whole one (a row of board or table, tiles cut across
their middles) and of blocks a quarter too big or too small, on ``train``-family photos. A
block's tileness is the mean log-odds of its cells (:func:`block_tileness`).

- ``cut_cells(image, corners, cfg) -> (n*n, F, F, 3)``: each cell with ``cfg.tileness_outset`` of a
  tile around it, so its seams are in the picture; the same cut for learning and reading.
- ``cell_labels(col_shift, row_shift, size, n) -> (n*n,)``: 1 a true tile, 0 not, -1 neither.
- ``tileness_samples(image, corners, cfg, rng) -> (X, y)``: one labelled photo's cells for learning.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.crop import check_corners, check_image
from vision.features import tile_features
from vision.geometry import in_block_plane

#: The blocks a photo's cells are learned from, as (column shift, row shift, cell size) in tiles of
#: the true block: the block itself, shifted by halves and wholes, and a quarter bigger or smaller
#: from either end, and a few shifted by nearly a third.
BLOCK_OFFSETS: Final = (
    (0.0, 0.0, 1.0),
    *((dx, dy, 1.0) for dx in (-1.0, -0.5, 0.0, 0.5, 1.0) for dy in (-1.0, -0.5, 0.0, 0.5, 1.0) if dx or dy),
    *((a, a, s) for s in (0.75, 1.25) for a in (0.0, 4.0 - 4.0 * s)),
    (0.3, 0.0, 1.0), (0.0, -0.3, 1.0), (-0.3, 0.3, 1.0),
)


def cut_cells(image: np.ndarray, corners: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG, col_shift: float = 0.0,
              row_shift: float = 0.0, size: float = 1.0) -> np.ndarray:
    """The cells of an n×n block (``n = cfg.grid``) in ``image`` ``(M, N, 3)`` with ``corners``
    ``(4, 2)`` (x, y: TL, TR, BR, BL), each with ``cfg.tileness_outset`` of a cell around it ->
    ``(n*n, F, F, 3)`` uint8, row-major, ``F = cfg.feature_side``. With ``col_shift``, ``row_shift``
    (in tiles) and ``size`` (a cell's side in tiles), the cells of that block instead, in the
    plane of ``corners``: what :func:`tileness_samples` learns from."""
    check_image(image)
    pts = check_corners(corners)
    n, side, outset = cfg.grid, cfg.feature_side, cfg.tileness_outset
    if size <= 0:
        raise ValueError(f"size must be positive, got {size}")
    square = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
    to_image = cv2.getPerspectiveTransform(square, pts.astype(np.float32)).astype(np.float64)
    per_tile = side / (size * (1 + 2 * outset))  # output pixels per tile side
    span = round((n + 2 * outset) * size * per_tile)
    # output pixel (u, v) -> block plane (col_shift - outset*size + u / per_tile, ...)
    to_plane = np.array([[1 / per_tile, 0, col_shift - outset * size], [0, 1 / per_tile, row_shift - outset * size],
                         [0, 0, 1]])
    big = cv2.warpPerspective(image, to_image @ to_plane, (span, span), flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)
    step = size * per_tile
    out = np.empty((n * n, side, side, 3), np.uint8)
    for rows in range(n):
        for cols in range(n):
            top, left = round(rows * step), round(cols * step)
            cell = big[top:top + side, left:left + side]
            if cell.shape[:2] != (side, side):  # a pixel short at the far edge
                cell = cv2.resize(cell, (side, side), interpolation=cv2.INTER_LINEAR)
            out[rows * n + cols] = cell
    return out


def cell_labels(col_shift: float, row_shift: float, size: float, n: int = 4, sure: float = 0.12,
                wrong: float = 0.3) -> np.ndarray:
    """What each cell of the block ``(col_shift, row_shift, size)`` (in tiles of the true n×n block)
    is -> ``(n*n,)`` int: 1 a true tile (within ``sure`` of a tile's place and size), 0 not one
    (beyond the block, or ``wrong`` or more off), -1 in between (not learned from)."""
    labels = np.empty(n * n, np.int64)
    for rows in range(n):
        for cols in range(n):
            x, y = col_shift + cols * size, row_shift + rows * size
            off = max(abs(x - round(x)), abs(y - round(y)), abs(size - 1.0))
            inside = 0 <= round(x) < n and 0 <= round(y) < n
            labels[rows * n + cols] = 1 if inside and off <= sure else 0 if not inside or off >= wrong else -1
    return labels


def tileness_samples(image: np.ndarray, corners: np.ndarray, cfg: VisionConfig, rng: np.random.Generator
                     ) -> tuple[np.ndarray, np.ndarray]:
    """One photo ``(M, N, 3)`` with its true block ``corners`` ``(4, 2)`` -> the features
    ``(K, D)`` and labels ``(K,)`` of the cells of the true block and of ``cfg.tileness_blocks``
    other blocks of :data:`BLOCK_OFFSETS`, drawn by ``rng``, each shifted by up to
    ``cfg.tileness_jitter`` tile either way (a cell a little off is still a tile: blocks are read at
    steps of a quarter tile); cells neither true nor wrong left out."""
    picks = rng.choice(np.arange(1, len(BLOCK_OFFSETS)), cfg.tileness_blocks, replace=False)
    xs, ys = [], []
    for col_shift, row_shift, size in [BLOCK_OFFSETS[0], *(BLOCK_OFFSETS[k] for k in picks)]:
        col_shift, row_shift = np.array([col_shift, row_shift]) + rng.uniform(-1, 1, 2) * cfg.tileness_jitter
        labels = cell_labels(col_shift, row_shift, size, cfg.grid)
        keep = labels >= 0
        if keep.any():
            xs.append(tile_features(cut_cells(image, corners, cfg, col_shift, row_shift, size), cfg)[keep])
            ys.append(labels[keep])
    return np.concatenate(xs), np.concatenate(ys)


def cell_tileness(image: np.ndarray, corners: np.ndarray, learner: Any, cfg: VisionConfig = DEFAULT_CONFIG
                  ) -> np.ndarray:
    """The log-odds that each cell of the block ``corners`` ``(4, 2)`` in ``image`` ``(M, N, 3)`` is
    a whole tile cut on its seams -> ``(n, n)`` float, within ±``cfg.tileness_cap``."""
    n = cfg.grid
    raw = np.asarray(learner.decision_function(tile_features(cut_cells(image, corners, cfg), cfg)), np.float64)
    return np.clip(raw, -cfg.tileness_cap, cfg.tileness_cap).reshape(n, n)


def block_tileness(image: np.ndarray, corners: np.ndarray, learner: Any, cfg: VisionConfig = DEFAULT_CONFIG
                   ) -> float:
    """How much the block ``corners`` ``(4, 2)`` in ``image`` ``(M, N, 3)`` looks like n×n whole
    tiles: its cells' mean log-odds (:func:`cell_tileness`); above 0 most are tiles."""
    return float(cell_tileness(image, corners, learner, cfg).mean())


def blocks_tileness(image: np.ndarray, blocks: Sequence[np.ndarray], learner: Any, cfg: VisionConfig = DEFAULT_CONFIG
                    ) -> np.ndarray:
    """:func:`block_tileness` of each of ``blocks`` (each ``(4, 2)``) in ``image`` ``(M, N, 3)``, their
    cells read by the learner in one batch (the same numbers, one call) -> ``(B,)``; ``-inf`` for a
    block whose cells cannot be cut (a corner not a finite point)."""
    n = cfg.grid
    out = np.full(len(blocks), -np.inf)
    cut, cells = [], []
    for k, corners in enumerate(blocks):
        try:
            cells.append(cut_cells(image, corners, cfg))
        except ValueError:
            continue
        cut.append(k)
    if cells:
        raw = np.asarray(learner.decision_function(tile_features(np.concatenate(cells), cfg)), np.float64)
        for k, values in zip(cut, np.clip(raw, -cfg.tileness_cap, cfg.tileness_cap).reshape(len(cells), n, n)):
            out[k] = float(values.mean())
    return out


def ring_tileness(image: np.ndarray, corners: np.ndarray, learner: Any, cfg: VisionConfig = DEFAULT_CONFIG
                  ) -> np.ndarray:
    """:func:`cell_tileness` of the n×n block ``corners`` ``(4, 2)`` in ``image`` ``(M, N, 3)`` and of
    the ring of cells around it, in its plane -> ``(n + 2, n + 2)``, the block's own cells at
    ``[1:-1, 1:-1]``."""
    n = cfg.grid
    ring = in_block_plane(check_corners(corners), np.array([[-1, -1], [n + 1, -1], [n + 1, n + 1], [-1, n + 1]]), n)
    return cell_tileness(image, ring, learner, replace(cfg, grid=n + 2))


def whole_shift_tileness(ring: np.ndarray) -> np.ndarray:
    """A block's tileness shifted by a whole tile or not, from its ring's cells ``(n + 2, n + 2)``
    (:func:`ring_tileness`) -> ``(3, 3)``: ``[1 + rows, 1 + cols]`` the mean of the block moved by
    ``rows``, ``cols`` in {-1, 0, 1} tiles; ``[1, 1]`` the block's own tileness."""
    ring = np.asarray(ring, np.float64)
    if ring.ndim != 2 or ring.shape[0] != ring.shape[1] or ring.shape[0] < 3:
        raise ValueError(f"ring must be (n + 2, n + 2) with n >= 1, got shape {ring.shape}")
    n = ring.shape[0] - 2
    return np.array([[ring[1 + rows:1 + rows + n, 1 + cols:1 + cols + n].mean() for cols in (-1, 0, 1)]
                     for rows in (-1, 0, 1)])


def best_block_in_plane(image: np.ndarray, corners: np.ndarray, learner: Any, cfg: VisionConfig = DEFAULT_CONFIG,
                        sizes: Sequence[float | tuple[float, float]] | None = None) -> tuple[np.ndarray, float]:
    """:func:`best_block_of_size` for the block ``corners`` ``(4, 2)`` grown or shrunk about its
    middle by each of ``sizes`` (default ``cfg.tileness_sizes``: a board's squares or track are not
    a tile's size), each a factor or (columns, rows) factors (a lattice whose seams were found at
    the wrong pitch one way, 4 of its rows on 3 of the garden's) -> the best (corners ``(4, 2)``,
    tileness)."""
    pts = check_corners(corners)
    n = cfg.grid
    square = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float64)
    to_image = cv2.getPerspectiveTransform(square.astype(np.float32), pts.astype(np.float32)).astype(np.float64)
    best: tuple[np.ndarray, float] | None = None
    for size in cfg.tileness_sizes if sizes is None else sizes:
        block = cv2.perspectiveTransform(((square - n / 2) * size + n / 2)[None], to_image)[0]
        found = best_block_of_size(image, block, learner, cfg)
        if best is None or found[1] > best[1]:
            best = found
    if best is None:
        raise ValueError("no sizes to search (cfg.tileness_sizes is empty)")
    return best


def best_block_of_size(image: np.ndarray, corners: np.ndarray, learner: Any, cfg: VisionConfig = DEFAULT_CONFIG
                       ) -> tuple[np.ndarray, float]:
    """The n×n block that looks most like whole tiles in the plane of the block ``corners``
    ``(4, 2)`` in ``image`` ``(M, N, 3)``, within ``cfg.tileness_reach`` tiles of it, its cells as
    big as that block's: every cell of that plane at steps of ``cfg.tileness_stride`` tile read once
    (:func:`cell_tileness`'s capped log-odds), every block of n×n of them summed -> (its corners
    ``(4, 2)``, its tileness). A block a few tiles off, taking in a board's frame or cut across its
    tiles, lies in the garden's plane with cells of the garden's size: the garden is one of these."""
    check_image(image)
    pts = check_corners(corners)
    n, side, outset, reach, stride = cfg.grid, cfg.feature_side, cfg.tileness_outset, cfg.tileness_reach, \
        cfg.tileness_stride
    square = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
    to_image = cv2.getPerspectiveTransform(square, pts.astype(np.float32)).astype(np.float64)
    per_tile = side / (1 + 2 * outset)
    starts = np.arange(-reach, n + reach - 1 + 1e-9, stride)  # each cell's top-left (columns or rows), tiles
    span = int(np.ceil((starts[-1] - starts[0] + 1 + 2 * outset) * per_tile)) + 1
    origin = starts[0] - outset
    to_plane = np.array([[1 / per_tile, 0, origin], [0, 1 / per_tile, origin], [0, 0, 1]])
    big = cv2.warpPerspective(image, to_image @ to_plane, (span, span), flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)
    offsets = np.round((starts - starts[0]) * per_tile).astype(int)
    windows = [(top, left) for top in offsets for left in offsets]
    raw = np.empty(len(windows))
    for first in range(0, len(windows), cfg.tileness_batch):  # a batch at a time: the features' memory stays small
        batch = windows[first:first + cfg.tileness_batch]
        cells = np.stack([big[top:top + side, left:left + side] for top, left in batch])
        raw[first:first + len(cells)] = learner.decision_function(tile_features(cells, cfg))
    grid = np.clip(raw, -cfg.tileness_cap, cfg.tileness_cap).reshape(len(starts), len(starts))
    step = round(1 / stride)  # cells a tile apart
    last = len(starts) - (n - 1) * step
    sums = sum(grid[r * step:r * step + last, c * step:c * step + last] for r in range(n) for c in range(n))
    row, col = np.unravel_index(int(np.argmax(sums)), sums.shape)
    block = square.astype(np.float64) + np.array([starts[col], starts[row]])
    return cv2.perspectiveTransform(block[None], to_image)[0], float(sums[row, col]) / (n * n)
