"""The figures of a photo's tiles (or a game's) against each other: which is unlike its decor's.

In one copy every tile of a decor shows the same figure, turning with the tile, so in one photo
the tiles read as one decor should look alike once turned upright, and unlike the tiles read as
the others. That holds for any art, including one the readers never met, where a figure reader
may read a figure surely and wrongly (the held-out ink art's buddhas read as pagodas). A tile
whose figure lies nearer, on average, to another decor's tiles than to its own decor's is listed
for review (:func:`odd_figures`); the photos of one game, one copy's tiles, are weighed together.

Shapes: upright crops ``(K, T, T, 3)`` uint8 BGR (each tile turned so its path wraps the top-left
corner, :func:`vision.model.upright_crops`); gradient histograms ``(K, 128)``; distances ``(K, K)``.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

#: Histogram cells per side of the figure's box and orientation bins: 4 × 4 × 8 = 128 values.
HOG_GRID, HOG_BINS = 4, 8


def tile_coords(side: int, inset: float) -> tuple[np.ndarray, np.ndarray]:
    """``(side, side)`` tile coordinates x, y in [0, 1] of a crop's pixel centres (the crop trims
    ``inset`` of the tile on each side)."""
    t = inset + (np.arange(side, dtype=np.float32) + 0.5) / side * (1 - 2 * inset)
    return np.meshgrid(t, t)


def figure_box(side: int, inset: float, box: tuple[float, float]) -> tuple[slice, slice]:
    """The rows and columns of a ``side``-pixel upright crop inside the figure's box (``box``: its
    first and last tile coordinate on both axes)."""
    if side < 2:
        raise ValueError(f"side must be at least 2, got {side}")
    lo, hi = box
    if not 0.0 <= lo < hi <= 1.0:
        raise ValueError(f"box must be (lo, hi) with 0 <= lo < hi <= 1, got {box}")
    x, y = tile_coords(side, inset)
    ys, xs = np.nonzero((x >= lo) & (x <= hi) & (y >= lo) & (y <= hi))
    if ys.size == 0:
        raise ValueError(f"the figure box {box} holds no pixel of a {side}-pixel crop with inset {inset}")
    return slice(ys.min(), ys.max() + 1), slice(xs.min(), xs.max() + 1)


def gradient_histograms(d_cols: np.ndarray, d_rows: np.ndarray, box: tuple[slice, slice]) -> np.ndarray:
    """Lightness gradients along columns and rows ``(K, T, T)`` -> ``(K, 128)``: in the box, a
    4 × 4 grid of 8-bin histograms of unsigned gradient orientation weighted by magnitude, each
    tile's scaled to unit length."""
    if d_cols.shape != d_rows.shape or d_cols.ndim != 3:
        raise ValueError(f"gradients must be two (K, T, T) arrays of one shape, got {d_cols.shape}, {d_rows.shape}")
    mag = np.hypot(d_cols, d_rows)[:, box[0], box[1]]
    ang = (np.arctan2(d_rows, d_cols)[:, box[0], box[1]] % np.pi) / np.pi * HOG_BINS
    out = []
    for cell_mag, cell_ang in zip(mag, ang):
        h = np.zeros((HOG_GRID, HOG_GRID, HOG_BINS), np.float32)
        n = cell_mag.shape[0]
        rows = np.minimum((np.arange(n) * HOG_GRID) // n, HOG_GRID - 1)
        ri, ci = np.meshgrid(rows, rows, indexing="ij")
        np.add.at(h, (ri, ci, np.minimum(cell_ang.astype(int), HOG_BINS - 1)), cell_mag)
        h = h.ravel()
        out.append(h / (np.linalg.norm(h) + 1e-6))
    return np.asarray(out, dtype=np.float32).reshape(len(out), HOG_GRID * HOG_GRID * HOG_BINS)


def lightness_gradients(lightness: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Lightness ``(K, T, T)`` float32 -> its Sobel gradients along columns and rows (each
    ``(K, T, T)``)."""
    if lightness.ndim != 3 or lightness.dtype != np.float32:
        raise ValueError(f"lightness must be (K, T, T) float32, got {lightness.shape} {lightness.dtype}")
    d_cols = np.stack([cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3) for g in lightness])
    d_rows = np.stack([cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3) for g in lightness])
    return d_cols, d_rows


def figure_gradients(upright: np.ndarray, inset: float, box: tuple[float, float]) -> np.ndarray:
    """Upright crops ``(K, T, T, 3)`` uint8 BGR -> ``(K, 128)`` gradient histograms of their figure's
    box (:func:`gradient_histograms` of their Lab lightness): the figure's shape, whatever its colours."""
    if upright.ndim != 4 or upright.shape[3] != 3 or upright.dtype != np.uint8:
        raise ValueError(f"crops must be (K, T, T, 3) uint8, got {upright.shape} {upright.dtype}")
    gray = np.stack([cv2.cvtColor(c, cv2.COLOR_BGR2LAB)[..., 0] for c in upright]).astype(np.float32)
    return gradient_histograms(*lightness_gradients(gray), figure_box(upright.shape[1], inset, box))


def figure_distances(hog: np.ndarray, photos: Sequence[int] | np.ndarray | None = None) -> np.ndarray:
    """``(K, D)`` histograms of tiles -> ``(K, K)`` cosine distances after taking out each photo's
    mean (what every tile of a photo shares: the floor's grain, the light), zero diagonal.
    ``photos`` ``(K,)``: which photo each tile is of (tiles of one copy in several photos of a game
    are weighed together); None: all of one photo."""
    if hog.ndim != 2 or hog.shape[0] < 2:
        raise ValueError(f"need (K, D) histograms of at least two tiles, got {hog.shape}")
    of = np.zeros(hog.shape[0], int) if photos is None else np.asarray(photos)
    if of.shape != (hog.shape[0],):
        raise ValueError(f"photos must give one photo per tile ({hog.shape[0]}), got {of.shape}")
    x = np.array(hog, copy=True)
    for photo in np.unique(of):
        x[of == photo] -= x[of == photo].mean(axis=0)
    x = x / (np.linalg.norm(x, axis=1, keepdims=True) + 1e-9)
    dist = np.clip(1.0 - x @ x.T, 0.0, None)
    np.fill_diagonal(dist, 0.0)
    return dist


def figure_silhouettes(labels: Sequence[int] | np.ndarray, dist: np.ndarray) -> np.ndarray:
    """Each tile's silhouette ``(K,)`` among the photo's figures grouped by ``labels`` (the decor
    read, ``(K,)``): ``(b - a) / max(a, b)`` for ``a`` its mean distance to the other tiles of its
    label and ``b`` the least mean distance to another label's tiles; NaN for a tile alone in its
    label or a photo of one label. Near 1: like its own; below 0: more like another label's."""
    lab = np.asarray(labels)
    if dist.shape != (lab.size, lab.size):
        raise ValueError(f"dist must be ({lab.size}, {lab.size}) for {lab.size} labels, got {dist.shape}")
    out = np.full(lab.size, np.nan)
    kinds = np.unique(lab)
    for i in range(lab.size):
        same = lab == lab[i]
        same[i] = False
        if not same.any() or kinds.size < 2:
            continue
        a = float(dist[i, same].mean())
        b = min(float(dist[i, lab == k].mean()) for k in kinds if k != lab[i])
        out[i] = (b - a) / max(a, b, 1e-12)
    return out


def odd_figures(hog: np.ndarray, labels: Sequence[int] | np.ndarray, least: float,
                photos: Sequence[int] | np.ndarray | None = None) -> np.ndarray:
    """The tiles ``(K,)`` bool whose figure (``hog`` ``(K, D)``, :func:`figure_gradients`) is unlike
    the others read as its decor (``labels``): silhouette below ``least``
    (:func:`figure_silhouettes`; ``photos`` as for :func:`figure_distances`)."""
    sil = figure_silhouettes(labels, figure_distances(hog, photos))
    return np.nan_to_num(sil, nan=np.inf) < least
