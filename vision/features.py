"""Hand-engineered tile features: colour statistics, texture and shape, computed in batches.

``tile_features(crops, cfg) -> (K, D) float32`` for ``K`` BGR tile crops of any (square) size.
Nothing here knows our art: it describes where colours and edges are, so the same features serve
the floor, path, corner and decor readers and any other square tile art.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig

# 8-neighbour offsets (rows, cols) for the local binary pattern, in circular order.
_LBP_OFFSETS = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))
_LBP_BINS = 10  # rotation-invariant uniform codes: popcount 0..8, plus one bin for the rest
_EDGE_TOLERANCE = 5e-7  # radians: see orientation_bins


def as_batch(crops: Sequence[np.ndarray] | np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """Crops (a list of ``(h, w, 3)`` uint8 BGR arrays or one ``(K, h, w, 3)`` array) ->
    ``(K, F, F, 3)`` uint8 resized to ``cfg.feature_side``."""
    side = cfg.feature_side
    if isinstance(crops, np.ndarray) and crops.ndim == 4:
        if crops.shape[3] != 3 or crops.dtype != np.uint8:
            raise ValueError(f"crops must be (K, h, w, 3) uint8, got {crops.shape} {crops.dtype}")
        if crops.shape[1] == side and crops.shape[2] == side:
            return crops
        items: Sequence[np.ndarray] = list(crops)
    else:
        items = list(crops)
    out = np.empty((len(items), side, side, 3), dtype=np.uint8)
    for i, crop in enumerate(items):
        arr = np.asarray(crop)
        if arr.ndim != 3 or arr.shape[2] != 3 or arr.dtype != np.uint8 or min(arr.shape[:2]) < 4:
            raise ValueError(f"crop {i} must be (h, w, 3) uint8 with h, w >= 4, got {arr.shape} {arr.dtype}")
        interp = cv2.INTER_AREA if arr.shape[0] > side else cv2.INTER_LINEAR
        out[i] = cv2.resize(arr, (side, side), interpolation=interp)
    return out


def _cell_means(values: np.ndarray, grid: int) -> np.ndarray:
    """(K, F, F, C) -> (K, grid*grid*C) block means."""
    k, f, _, c = values.shape
    step = f // grid
    v = values[:, : step * grid, : step * grid].reshape(k, grid, step, grid, step, c)
    return v.mean(axis=(2, 4)).reshape(k, grid * grid * c)


def _cell_moments(values: np.ndarray, grid: int) -> tuple[np.ndarray, np.ndarray]:
    """(K, F, F, C) float32, C > 1 -> the block means of the values and of their squares, each
    (K, grid*grid*C): :func:`_cell_means` of both, to the last bit (each block's pixels added one by
    one, row by row, as numpy adds them there), from one copy with the blocks' pixels leading."""
    k, f, _, c = values.shape
    step = f // grid
    v = values[:, : step * grid, : step * grid].reshape(k, grid, step, grid, step, c)
    pixels = np.ascontiguousarray(v.transpose(2, 4, 0, 1, 3, 5)).reshape(step * step, k * grid * grid * c)
    count = step * step
    means = np.add.reduce(pixels, axis=0) / count
    squares = np.add.reduce(pixels * pixels, axis=0) / count
    return means.reshape(k, grid * grid * c), squares.reshape(k, grid * grid * c)


def orientation_bins(d_cols: np.ndarray, d_rows: np.ndarray, bins: int) -> np.ndarray:
    """Gradients along columns and rows (any equal shapes) -> the bin of each one's undirected angle
    (``atan2(d_rows, d_cols)`` modulo pi, in ``bins`` equal bins from 0) as int32; a zero gradient
    in bin 0. Told by which side of each bin's edge the gradient lies, turned into the upper half
    plane: no arc tangents. A gradient within ``_EDGE_TOLERANCE`` radians below an edge counts as
    on it, as a float32 arc tangent rounds it (differences of 8-bit gray levels come no nearer an
    edge than about 2e-6 radians unless they lie on it)."""
    flip = (d_rows < 0) | ((d_rows == 0) & (d_cols < 0))
    cols = np.where(flip, -d_cols, d_cols)
    rows = np.where(flip, -d_rows, d_rows)
    slack = np.float32(-_EDGE_TOLERANCE) * (np.abs(cols) + rows)  # rows >= 0: at least the gradient's length
    out = np.zeros(cols.shape, np.int32)
    for edge in range(1, bins):
        angle = np.pi * edge / bins
        cos = 0.0 if 2 * edge == bins else np.cos(angle)  # the vertical edge exactly
        out += (np.float32(cos) * rows - np.float32(np.sin(angle)) * cols) >= slack
    out[(cols == 0) & (rows == 0)] = 0
    return out


def _code_counts(codes: np.ndarray, bins: int) -> np.ndarray:
    """(K, ...) integer codes in 0..bins-1 -> (K, bins) float32 share of each code in each crop."""
    k = codes.shape[0]
    flat = codes.reshape(k, -1)
    offsets = (np.arange(k, dtype=np.int64) * bins)[:, None]
    counts = np.bincount((flat + offsets).ravel(), minlength=k * bins).reshape(k, bins)
    return counts.astype(np.float32) / flat.shape[1]


def _level_bins(scale: float, bins: int) -> np.ndarray:
    """(256,) the bin of each 8-bit level ``v``: ``v / scale`` in float32 cut into ``bins`` equal
    bins over 0..1, the top one closed (a look-up table: the same float32 steps as on the pixels)."""
    levels = np.arange(256, dtype=np.float32) / np.float32(scale)
    return np.clip((levels * bins).astype(np.int32), 0, bins - 1)


def _gradients(gray: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(K, F, F) gray -> central-difference gradients along columns and rows, each (K, F, F)
    (zero on the border)."""
    d_cols = np.zeros_like(gray)
    d_rows = np.zeros_like(gray)
    d_cols[:, :, 1:-1] = gray[:, :, 2:] - gray[:, :, :-2]
    d_rows[:, 1:-1, :] = gray[:, 2:, :] - gray[:, :-2, :]
    return d_cols, d_rows


def _lab8(batch: np.ndarray) -> np.ndarray:
    """(K, F, F, 3) uint8 BGR -> (K, F, F, 3) uint8 Lab (OpenCV's 8-bit scaling)."""
    k, side = batch.shape[0], batch.shape[1]
    return cv2.cvtColor(batch.reshape(k * side, side, 3), cv2.COLOR_BGR2LAB).reshape(k, side, side, 3)


def _lab(batch: np.ndarray) -> np.ndarray:
    """(K, F, F, 3) uint8 BGR -> (K, F, F, 3) float32 Lab scaled to 0..1."""
    return _lab8(batch).astype(np.float32) / 255.0


def _lbp_codes(gray: np.ndarray) -> np.ndarray:
    """(K, F, F) float -> (K, F-2, F-2) rotation-invariant uniform LBP bin (0.._LBP_BINS-1)."""
    centre = gray[:, 1:-1, 1:-1] + 2.0
    f = gray.shape[1]
    bits = [gray[:, 1 + dr : f - 1 + dr, 1 + dc : f - 1 + dc] >= centre for dr, dc in _LBP_OFFSETS]
    ones = np.zeros(centre.shape, dtype=np.uint8)
    transitions = np.zeros(centre.shape, dtype=np.uint8)
    for prev, bit in zip(bits[-1:] + bits[:-1], bits):  # circular order: count bits and their changes
        ones += bit
        transitions += bit != prev
    return np.where(transitions <= 2, ones, _LBP_BINS - 1)


def tile_features(crops: Sequence[np.ndarray] | np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """``K`` BGR tile crops ``(h, w, 3)`` -> ``(K, D)`` float32 feature matrix.

    Blocks: per-cell Lab mean and std on a ``color_grid`` grid; global L/a/b and hue-saturation
    histograms; per-cell gradient-orientation histograms (HOG-like, ``hog_grid`` grid); per-cell
    edge density; per-quadrant local-binary-pattern texture histograms.
    """
    batch = as_batch(crops, cfg)
    k = batch.shape[0]
    if k == 0:
        return np.zeros((0, feature_dim(cfg)), dtype=np.float32)
    side = cfg.feature_side
    flat = batch.reshape(k * side, side, 3)
    lab8 = _lab8(batch)
    lab = lab8.astype(np.float32) / 255.0
    hsv = cv2.cvtColor(flat, cv2.COLOR_BGR2HSV).reshape(k, side, side, 3)
    gray = lab[..., 0] * 255.0

    parts: list[np.ndarray] = []
    grid = cfg.color_grid
    means, sq = _cell_moments(lab, grid)
    parts.append(means)
    parts.append(np.sqrt(np.maximum(sq - means * means, 0.0)))

    bins = cfg.hist_bins
    level_bins = _level_bins(255.0, bins)
    for ch in range(3):
        parts.append(_code_counts(level_bins[lab8[..., ch]], bins))
    # hue x saturation histogram (hue in 0..180 for OpenCV 8-bit)
    hue_sat = _level_bins(180.0, bins)[hsv[..., 0]] * 4 + _level_bins(256.0, 4)[hsv[..., 1]]
    parts.append(_code_counts(hue_sat, bins * 4))

    gx, gy = _gradients(gray)
    mag = np.sqrt(gx * gx + gy * gy)
    nb = cfg.hog_bins
    ori = orientation_bins(gx, gy, nb)
    hog_grid = cfg.hog_grid
    step = side // hog_grid
    cell_rows = np.minimum(np.arange(side) // step, hog_grid - 1)
    cell_idx = (cell_rows[:, None] * hog_grid + cell_rows[None, :]) * nb
    keys = (np.arange(k, dtype=np.int64) * (hog_grid * hog_grid * nb))[:, None, None] + cell_idx[None] + ori
    hog = np.bincount(keys.ravel(), weights=mag.ravel(), minlength=k * hog_grid * hog_grid * nb)
    hog = hog.reshape(k, hog_grid * hog_grid, nb).astype(np.float32) / (step * step)
    hog = hog / (np.linalg.norm(hog, axis=-1, keepdims=True) + 1.0)
    parts.append(hog.reshape(k, -1))
    parts.append(_cell_means(mag[..., None], hog_grid) / 64.0)

    codes = _lbp_codes(gray)
    half = codes.shape[1] // 2
    for rows in (slice(0, half), slice(half, None)):
        for cols in (slice(0, half), slice(half, None)):
            parts.append(_code_counts(codes[:, rows, cols], _LBP_BINS))
    return np.concatenate(parts, axis=1).astype(np.float32)


def ring_features(crops: Sequence[np.ndarray] | np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """``K`` BGR tile crops -> ``(K, 11 * cfg.ring_bins)`` float32 statistics of rings centred on
    the crop's top-left corner: ``cfg.ring_bins`` rings of equal width out to ``cfg.ring_reach``
    crop sides (the corner pixel beyond, in the last). On a tile turned upright, its path wrapping
    the top-left corner, the path band is one or two rings, whatever the art.

    Per ring: Lab mean and spread; the mean less that of the outer ``cfg.ring_far_bins`` rings (the
    floor beyond the path: a sand band is lighter than a sand floor, a wood one darker, whatever the
    light's colour); mean gradient energy in the radial and the tangential direction (a band's
    borders make radial gradients; the edges of wooden planks, lying across the band, tangential ones).
    """
    batch = as_batch(crops, cfg)
    k, side = batch.shape[0], cfg.feature_side
    bins = cfg.ring_bins
    if k == 0:
        return np.zeros((0, 11 * bins), dtype=np.float32)
    lab = _lab(batch)
    gray = lab[..., 0] * 255.0
    d_cols, d_rows = _gradients(gray)
    centre = np.arange(side, dtype=np.float32) + 0.5
    radius = np.hypot(centre[:, None], centre[None, :])
    out_rows, out_cols = centre[:, None] / radius, centre[None, :] / radius  # unit vector away from the corner
    radial = np.abs(d_rows * out_rows + d_cols * out_cols)
    tangential = np.abs(d_cols * out_rows - d_rows * out_cols)
    ring = np.minimum((radius / (cfg.ring_reach * side) * bins).astype(np.int64), bins - 1).ravel()
    onehot = np.zeros((side * side, bins), dtype=np.float32)
    onehot[np.arange(side * side), ring] = 1.0
    average = np.ascontiguousarray((onehot / np.maximum(onehot.sum(axis=0, keepdims=True), 1.0)).T)  # (bins, F²)
    far = (ring >= bins - cfg.ring_far_bins).astype(np.float32)
    far /= max(float(far.sum()), 1.0)

    def ring_mean(values: np.ndarray) -> np.ndarray:  # (K, F, F, C) -> (K, C, bins)
        return np.swapaxes(average @ values.reshape(k, side * side, -1), 1, 2)

    means = ring_mean(lab)
    spread = np.sqrt(np.maximum(ring_mean(lab * lab) - means * means, 0.0))
    floor = (far @ lab.reshape(k, side * side, 3))[:, :, None]
    edges = ring_mean(np.stack([radial, tangential], axis=-1)) / 64.0
    parts = [means, spread, means - floor, edges]
    return np.concatenate([p.reshape(k, -1) for p in parts], axis=1).astype(np.float32)


#: The parts each kind of features adds after the whole crop's: corner windows (bottom?, right?)
#: or ``"rings"`` (:func:`ring_features`).
_KIND_PARTS: dict[str, tuple[tuple[bool, bool] | str, ...]] = {
    "whole": (),
    "far": ((True, True),),
    "corners": ((False, False), (False, True), (True, False), (True, True)),
    "rings": ("rings",),
}
WINDOWS: tuple[str, ...] = tuple(_KIND_PARTS)


def window_features(crops: Sequence[np.ndarray] | np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG,
                    windows: str = "whole") -> np.ndarray:
    """``K`` BGR tile crops -> ``(K, D)`` features of the whole crop (``windows="whole"``), then of
    corner windows each ``cfg.window_frac`` of the side, cut at the crop's own resolution: the
    bottom-right one (``"far"``: ``(K, 2 D)``; on an upright tile, its path wrapping the top-left
    corner, that is the part the path leaves free, where the figure stands) or all four, top-left,
    top-right, bottom-left, bottom-right (``"corners"``: ``(K, 5 D)``). A window sees a figure at a
    finer scale than the whole crop's grids do. ``"rings"`` adds instead the statistics of rings
    around the top-left corner (:func:`ring_features`): where an upright tile's path band lies."""
    return window_feature_sets(crops, cfg, (windows,))[windows]


def window_feature_sets(crops: Sequence[np.ndarray] | np.ndarray, cfg: VisionConfig,
                        kinds: Sequence[str], whole: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """:func:`window_features` of the same crops for several window ``kinds`` -> kind -> ``(K, D_kind)``;
    the whole crop and each window are described once, however many kinds share them. ``whole``:
    the crops' :func:`tile_features` when the caller has them already."""
    bad = [k for k in kinds if k not in WINDOWS]
    if bad:
        raise ValueError(f"windows must be one of {WINDOWS}, got {bad[0]!r}")
    if isinstance(crops, np.ndarray) and crops.ndim == 4:
        items: Sequence[np.ndarray] | np.ndarray = crops
    else:
        items = [np.asarray(c) for c in crops]
    parts: dict[tuple[bool, bool] | str | None, np.ndarray] = {
        None: tile_features(items, cfg) if whole is None else whole}
    for kind in kinds:
        for part in _KIND_PARTS[kind]:
            if part in parts:
                continue
            if part == "rings":
                parts[part] = ring_features(items, cfg)
            else:
                bottom, right = part  # type: ignore[misc]
                parts[part] = tile_features(_corner_windows(items, cfg.window_frac, bottom, right), cfg)
    return {kind: np.concatenate([parts[None], *(parts[p] for p in _KIND_PARTS[kind])], axis=1)
            for kind in kinds}


def _corner_windows(crops: Sequence[np.ndarray] | np.ndarray, frac: float, bottom: bool, right: bool
                    ) -> list[np.ndarray] | np.ndarray:
    """The ``frac``-sized window in one corner of each crop, cut at the crop's own resolution."""
    def cut(arr: np.ndarray, rows: int, cols: int) -> np.ndarray:
        r, c = max(4, round(frac * rows)), max(4, round(frac * cols))
        r0, c0 = (rows - r if bottom else 0), (cols - c if right else 0)
        return arr[..., r0:r0 + r, c0:c0 + c, :]

    if isinstance(crops, np.ndarray):
        return np.ascontiguousarray(cut(crops, crops.shape[1], crops.shape[2]))
    return [np.ascontiguousarray(cut(c, c.shape[0], c.shape[1])) if c.ndim == 3 else c for c in crops]


def feature_dim(cfg: VisionConfig = DEFAULT_CONFIG) -> int:
    """Length of the feature vector :func:`tile_features` returns for ``cfg``."""
    g, h = cfg.color_grid, cfg.hog_grid
    return 2 * 3 * g * g + 3 * cfg.hist_bins + 4 * cfg.hist_bins + h * h * cfg.hog_bins + h * h + 4 * _LBP_BINS
