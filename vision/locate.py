"""Find an n×n block of square tiles in a photo (the 4×4 garden) from what every copy shares: square
tiles with seams between them, seen through a camera — not the board's or the tiles' colours.

1. *Tile map*: on a tiny copy (``cfg.mask_side``), a small learned per-pixel classifier (part of
   the tile model) gives the probability that a pixel shows tile art; without a model a hand-made
   texture/colour map stands in. It only says roughly where to look.
2. *First outline*: the map's main blob reduced to a quadrilateral, each side snapped to the
   block's edge (strongest intensity step, RANSAC line, coarse then fine), moved in by the learned
   inset, fitted jointly with the dark inner seams (:mod:`vision.seams`); a weak lattice also tries
   a zoomed-in map, a lower map threshold, the block squared up, and a seam-led search.
3. *The lattice from its own evidence* (:func:`locate_grid`): colour-free line evidence (Lab
   gradients across each lattice line); blocks searched exhaustively in square views through the
   map's quad, through the first outline and rectified by the photo's own two line families
   (vanishing points, :func:`rectification`, framed at two widths), and through the map's other
   blobs; polished onto their seams; one
   score and one rule choose between them and the first outline, and say when to check
   (:class:`GridLocation`, which also hands on the best other lattices). A small garden in doubt
   is searched again on a crop around it (:func:`second_look`).
4. Corners are ordered so corner 0 is the garden's top-left as seen (nearest quarter turn).

``locate_grid(image, n, cfg, mask_model) -> GridLocation``; ``locate_garden(image, cfg) -> (4, 2)``
float64 ``(x, y)`` corners TL, TR, BR, BL in the pixel coordinates of ``image``. Both raise
:class:`GridNotFoundError` when nothing looks like a block of tiles.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, cached_property, lru_cache
from typing import Any

import cv2
import numpy as np

from vision.budget import SEARCH_STOPPED
from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.crop import check_corners, check_image
from vision.geometry import climb_corners, downscale, order_corners
from vision.seams import (
    SeamMaps,
    canonical_square,
    lattice_homography,
    refine_with_seams,
    straight_part,
    tile_side_px,
)


class GridNotFoundError(ValueError):
    """No 4×4 tile grid could be found in the photo (give the four corners by hand)."""


# --- helpers ------------------------------------------------------------------------------------

# --- the learned tile mask --------------------------------------------------------------------------

def gradient_energy(gray: np.ndarray) -> np.ndarray:
    """``(m, n)`` float32 -> ``(m, n)`` float32 Sobel gradient magnitude. NumPy's square root, not
    ``cv2.magnitude``: that one's result varies in the last bits from run to run (its fast path
    depends on how the arrays happen to lie in memory), which made the tile mask learned from these
    features differ between two trainings on the same photos."""
    d_cols = cv2.Sobel(gray, cv2.CV_32F, 1, 0)
    d_rows = cv2.Sobel(gray, cv2.CV_32F, 0, 1)
    return np.sqrt(d_cols * d_cols + d_rows * d_rows)


def pixel_features(small: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """``(m, n, 3)`` uint8 BGR (already at ``cfg.mask_side``) -> ``(m*n, F)`` float32 per-pixel
    features: Lab colour, local means and spreads of Lab and gradient energy at several scales."""
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    mag = gradient_energy(lab[..., 0])
    sat = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)[..., 1:2].astype(np.float32)
    planes = [lab, sat]
    for k in cfg.mask_windows:
        mean = cv2.blur(lab, (k, k))
        sq = cv2.blur(lab * lab, (k, k))
        planes += [mean, np.sqrt(np.maximum(sq - mean * mean, 0.0)), cv2.blur(mag, (k, k))[..., None]]
    feats = np.concatenate([p.reshape(p.shape[0], p.shape[1], -1) for p in planes], axis=2)
    return feats.reshape(-1, feats.shape[2])


def truth_mask(shape: tuple[int, int], corners: np.ndarray) -> np.ndarray:
    """``(m, n)`` uint8 mask, 1 inside the quadrilateral ``corners`` ``(4, 2)``."""
    mask = np.zeros(shape, dtype=np.uint8)
    cv2.fillConvexPoly(mask, np.round(corners).astype(np.int32), 1)
    return mask


def quad_from_mask(prob: np.ndarray, cfg: VisionConfig, threshold: float | None = None, fill: float = 0.0,
                   rank: int = 0) -> np.ndarray | None:
    """Tile-probability map ``(m, n)`` -> the quadrilateral ``(4, 2)`` of its deepest blob (``rank``
    1: the next deepest, another board in view or the other part of a map split by dark tiles), its
    sides fitted as lines to the blob outline; ``None`` when there is no such sizeable blob. The
    blob is where the map exceeds ``threshold`` (default ``cfg.mask_threshold``), closed first by
    a disc of ``fill`` of the map's longer side when that is above 0 (a map blotchy on dark tiles
    made whole)."""
    threshold = cfg.mask_threshold if threshold is None else threshold
    mask = (prob > threshold).astype(np.uint8)
    close = max(3, round(fill * max(mask.shape)) | 1)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (close, close)))
    # Opening with a big kernel cuts the thin bridges to board frames, coins and hands.
    side = round(cfg.mask_open_frac * max(mask.shape))
    if side >= 3:
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side | 1, side | 1))
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    blobs = _core_blobs(mask, cfg)
    mask = blobs[rank] if rank < len(blobs) else None
    if mask is None or int(mask.sum()) < cfg.min_quad_area_frac * mask.size:
        return None
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    contour = max(contours, key=cv2.contourArea)
    hull = cv2.convexHull(contour)
    starts = [
        _fit_sides(hull.reshape(-1, 2).astype(np.float64), _quad_from_hull(hull), cfg),
        np.asarray(cv2.boxPoints(cv2.minAreaRect(contour)), dtype=np.float64),
    ]
    best, best_val = None, -np.inf
    for start in starts:
        quad, val = fit_quad_to_map(prob, order_corners(start), cfg, threshold)
        if val > best_val:
            best, best_val = quad, val
    return best


def _core_blobs(mask: np.ndarray, cfg: VisionConfig) -> list[np.ndarray]:
    """The blobs of a binary mask ``(m, n)`` without thin attachments, deepest first: the parts
    deeper than ``cfg.core_depth`` of the mask's maximal depth, each grown back by that depth
    inside the mask."""
    if not mask.any():
        return []
    # a zero frame makes the image border count as the blob's edge (a mask of all ones is finite)
    framed = cv2.copyMakeBorder(mask, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    dist = cv2.distanceTransform(framed, cv2.DIST_L2, 5)[1:-1, 1:-1]
    depth = float(dist.max())
    core = (dist > cfg.core_depth * depth).astype(np.uint8)
    count, labels = cv2.connectedComponents(core)
    if count <= 1:
        return []
    peaks = np.zeros(count)
    np.maximum.at(peaks, labels.ravel(), dist.ravel())
    radius = int(np.ceil(cfg.core_regrow * cfg.core_depth * depth)) + 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
    return [cv2.dilate((labels == label).astype(np.uint8), kernel) & mask
            for label in 1 + np.argsort(-peaks[1:], kind="stable")]


def plausible_quad(quad: np.ndarray, cfg: VisionConfig) -> bool:
    """Whether the quadrilateral ``(4, 2)`` can be a square block in a photo: convex, every angle at
    least ``cfg.quad_min_angle``, opposite sides within ``cfg.quad_max_side_ratio`` of each other.
    (Plain float arithmetic: the quad fit calls this hundreds of times per photo.)"""
    pts = [(float(x), float(y)) for x, y in np.asarray(quad, dtype=np.float64).reshape(4, 2)]
    sides = [math.hypot(pts[(i + 1) % 4][0] - pts[i][0], pts[(i + 1) % 4][1] - pts[i][1]) for i in range(4)]
    if min(sides) <= 0:
        return False
    if max(sides[0], sides[2]) > cfg.quad_max_side_ratio * min(sides[0], sides[2]) or \
            max(sides[1], sides[3]) > cfg.quad_max_side_ratio * min(sides[1], sides[3]):
        return False
    return min_interior_angle(quad) >= cfg.quad_min_angle


def min_interior_angle(quad: np.ndarray) -> float:
    """Smallest interior angle (degrees) of the quadrilateral ``(4, 2)`` (corners in order around
    it); 0 when it is not convex or has a repeated corner."""
    pts = [(float(x), float(y)) for x, y in np.asarray(quad, dtype=np.float64).reshape(4, 2)]
    smallest, turn = 180.0, 0.0
    for i in range(4):
        (px, py), (cx, cy), (nx, ny) = pts[i - 1], pts[i], pts[(i + 1) % 4]
        ax, ay, bx, by = px - cx, py - cy, nx - cx, ny - cy
        cross = ax * by - ay * bx
        norms = math.hypot(ax, ay) * math.hypot(bx, by)
        if norms == 0 or cross == 0 or cross * turn < 0:
            return 0.0
        turn = cross
        smallest = min(smallest, math.degrees(math.acos(max(-1.0, min(1.0, (ax * bx + ay * by) / norms)))))
    return smallest


def fit_quad_to_map(prob: np.ndarray, quad: np.ndarray, cfg: VisionConfig, threshold: float | None = None
                    ) -> tuple[np.ndarray, float]:
    """Move the corners of ``quad`` ``(4, 2)`` to maximise the sum of ``prob - threshold`` inside
    it (coordinate ascent; returns the quad and that sum): a quadrilateral ignores small
    protrusions (a coin, a hand) and fills small holes (glare) of the tile map ``(m, n)``. Only
    :func:`plausible_quad` shapes count (a start that is not one scores ``-inf``)."""
    gain = (prob - (cfg.mask_threshold if threshold is None else threshold)).astype(np.float32)
    shift = 4  # fixed-point bits for sub-pixel polygon filling
    canvas = np.zeros(gain.shape, dtype=np.uint8)
    known: dict[bytes, float] = {}  # the ascent comes back to where it was (a move and its undoing)

    def objective(q: np.ndarray) -> float:
        key = q.tobytes()
        if key not in known:
            canvas[:] = 0
            cv2.fillConvexPoly(canvas, np.round(q * (1 << shift)).astype(np.int32), 1, cv2.LINE_8, shift)
            known[key] = float(gain[canvas > 0].sum())
        return known[key]

    best = np.asarray(quad, dtype=np.float64).copy()
    best_val = objective(best) if plausible_quad(best, cfg) else -np.inf
    for step in cfg.mask_fit_steps:
        for _ in range(cfg.mask_fit_rounds):
            improved = False
            for i in range(4):
                for j in range(2):
                    for sign in (1.0, -1.0):
                        cand = best.copy()
                        cand[i, j] += sign * step
                        val = objective(cand)
                        # the shape check only for a gain: most moves are no gain
                        if val > best_val + 1e-6 and plausible_quad(cand, cfg):
                            best, best_val, improved = cand, val, True
            if not improved:
                break
    return best, best_val


def _fit_sides(points: np.ndarray, quad: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """Refit each side of ``quad`` as a least-squares line through the outline ``points`` nearest to
    it (ignoring the rounded ends), then intersect neighbouring sides."""
    dense = []
    for i in range(len(points)):
        a, b = points[i], points[(i + 1) % len(points)]
        n = max(2, int(np.linalg.norm(b - a)))
        dense.append(a + (b - a) * np.linspace(0, 1, n, endpoint=False)[:, None])
    pts = np.concatenate(dense)
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        d = b - a
        length = np.linalg.norm(d) + 1e-9
        u = d / length
        rel = pts - a
        along = rel @ u
        across = np.abs(rel[:, 0] * u[1] - rel[:, 1] * u[0])
        ends, near = cfg.side_fit_ends, cfg.side_fit_near
        sel = (along > ends * length) & (along < (1 - ends) * length) & (across < near * length + 2)
        if sel.sum() < 5:
            lines.append((a, u))
            continue
        vx, vy, x0, y0 = cv2.fitLine(pts[sel].astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0], dtype=np.float64), np.array([vx, vy], dtype=np.float64)))
    out = _intersect_sides(lines, 1e-9)
    return quad if out is None else out


def _intersect_sides(lines: list[tuple[np.ndarray, np.ndarray]], min_det: float) -> np.ndarray | None:
    """Corners ``(4, 2)`` where each side line (point, direction) meets the previous one; None
    when two neighbouring sides are (nearly) parallel."""
    out = np.empty((4, 2))
    for i in range(4):
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        m = np.array([d1, -d2]).T
        if abs(np.linalg.det(m)) < min_det:
            return None
        t = np.linalg.solve(m, p2 - p1)
        out[i] = p1 + t[0] * d1
    return out


# --- candidates ----------------------------------------------------------------------------------

def texture_map(small: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """``(m, n, 3)`` working image -> ``(m, n)`` float32 local 'tile-ness': blurred gradient energy
    plus colour saturation, normalised to [0, 1]."""
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).astype(np.float32)
    mag = gradient_energy(cv2.GaussianBlur(gray, (0, 0), cfg.locate_blur_sigma))
    sat = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)[..., 1].astype(np.float32)
    k = max(3, cfg.mask_close_px)
    energy = cv2.blur(mag, (k, k))
    sat = cv2.blur(sat, (k, k))
    e = energy / (np.percentile(energy, 99) + 1e-3)
    s = sat / (np.percentile(sat, 99) + 1e-3)
    return np.clip(0.5 * e + 0.5 * s, 0.0, 1.0)


def _quad_from_hull(hull: np.ndarray) -> np.ndarray:
    """Best 4-gon approximating a convex hull: approxPolyDP with growing tolerance, falling back to
    the minimum-area rectangle."""
    peri = cv2.arcLength(hull, True)
    for frac in (0.01, 0.02, 0.03, 0.05, 0.08):
        approx = cv2.approxPolyDP(hull, frac * peri, True)
        if len(approx) == 4:
            return approx.reshape(4, 2).astype(np.float64)
        if len(approx) < 4:
            break
    return np.asarray(cv2.boxPoints(cv2.minAreaRect(hull)), dtype=np.float64)


# --- sub-pixel sides from the outline's edges ------------------------------------------------------

def refine_sides(gray: np.ndarray, quad: np.ndarray, cfg: VisionConfig, band: float, pick: float = 1.0
                 ) -> np.ndarray:
    """Move each side of ``quad`` ``(4, 2)`` (clockwise on screen) onto the tile block's outline.

    Along ``cfg.edge_samples`` normals per side, within ``band`` tile sides either way, the
    strongest intensity step of ``gray`` ``(m, n)`` float32 is found with sub-pixel (parabolic)
    precision; a line is fitted robustly (RANSAC then least squares on the inliers), and
    neighbouring lines are intersected. A side without enough consistent evidence keeps its place.
    """
    quad = np.asarray(quad, dtype=np.float64)
    tile = float(np.mean(np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1))) / cfg.grid
    half = max(2.0, band * tile)
    step = cfg.edge_step
    offsets = np.arange(-half, half + step / 2, step)
    fractions = np.linspace(cfg.edge_margin, 1.0 - cfg.edge_margin, cfg.edge_samples)
    lines: list[tuple[np.ndarray, np.ndarray]] = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        d = (b - a) / (np.linalg.norm(b - a) + 1e-9)
        normal = np.array([d[1], -d[0]])  # outward for a clockwise quad (y down)
        base = a[None, :] + (b - a)[None, :] * fractions[:, None]
        pts = base[:, None, :] + offsets[None, :, None] * normal[None, None, :]
        prof = cv2.remap(gray, pts[..., 0].astype(np.float32), pts[..., 1].astype(np.float32), cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_REPLICATE)
        grad = np.abs(np.diff(prof, axis=1))
        # the innermost step at least ``pick`` of the strongest: the tile art's own edge
        # rather than a shadow or board line just outside it
        strong = grad >= pick * grad.max(axis=1, keepdims=True)
        j = np.argmax(strong, axis=1)
        # climb to the local maximum of that step
        for _ in range(int(np.ceil(1.0 / step)) + 2):
            nxt = np.minimum(j + 1, grad.shape[1] - 1)
            j = np.where(grad[np.arange(grad.shape[0]), nxt] > grad[np.arange(grad.shape[0]), j], nxt, j)
        jc = np.clip(j, 1, grad.shape[1] - 2)
        rows = np.arange(grad.shape[0])
        left, mid, right = grad[rows, jc - 1], grad[rows, jc], grad[rows, jc + 1]
        denom = left - 2 * mid + right
        sub = np.where(np.abs(denom) > 1e-6, 0.5 * (left - right) / np.where(denom == 0, 1, denom), 0.0)
        pos = offsets[0] + (jc + 0.5 + np.clip(sub, -0.5, 0.5)) * step
        strength = grad[rows, j]
        edge_pts = base + pos[:, None] * normal[None, :]
        keep = strength > cfg.edge_min_step
        line = _ransac_line(edge_pts[keep], cfg.edge_inlier_px, cfg.edge_min_inliers)
        lines.append(line if line is not None else (a, d))
    out = _intersect_sides(lines, 1e-6)
    if out is None:
        return quad
    # a side that jumped more than the band is not trusted: keep the input quad
    if np.linalg.norm(out - quad, axis=1).max() > cfg.edge_max_jump * half:
        return quad
    return out


def _ransac_line(points: np.ndarray, tol: float, min_inliers: float) -> tuple[np.ndarray, np.ndarray] | None:
    """Robust line through ``points`` ``(K, 2)``: the most-supported line (:func:`straight_part`),
    refitted by least squares to its inliers -> (centre, direction); None without enough support."""
    best = straight_part(points, tol, min_inliers)
    if best is None:
        return None
    sel = points[best]
    centre = sel.mean(axis=0)
    _, _, vt = np.linalg.svd(sel - centre)
    return centre, vt[0]


# --- the stage ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TileMapModel:
    """The learned tile map in two stages. ``first`` (``predict_proba`` on :func:`pixel_features`)
    reads each pixel by its own neighbourhood: the map every step reads. ``context`` (or None) reads
    each pixel again with the first map's values around it (:func:`context_features`), so a board's
    frame and track, tile-like to the first stage, can be told from the block they surround; its
    block is one more place searched when the first map's outline is in doubt
    (:func:`other_map_quads`). Trained on photos the first stage never saw, so it learns how far
    the first stage is to be trusted. A bare learner may stand for a first stage alone."""

    first: Any
    context: Any = None


def first_stage(mask_model: object | None) -> object | None:
    """The per-pixel learner of ``mask_model`` (a :class:`TileMapModel` or a bare learner), or None."""
    return mask_model.first if isinstance(mask_model, TileMapModel) else mask_model


def _shifted(plane: np.ndarray, d_rows: int, d_cols: int) -> np.ndarray:
    """``(m, n)`` -> the same plane read ``(d_rows, d_cols)`` pixels away, 0 beyond its edge."""
    rows, cols = plane.shape
    pad = max(abs(d_rows), abs(d_cols))
    big = cv2.copyMakeBorder(plane, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0.0)
    return big[pad + d_rows: pad + d_rows + rows, pad + d_cols: pad + d_cols + cols]


#: The eight directions the first map is read in around a pixel (:func:`context_features`).
_DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


def context_features(first: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """The first stage's tile map ``(m, n)`` float32 (unsmoothed) -> ``(m*n, C)`` float32 context of
    every pixel: its own value, the map's means over the ``cfg.mask_context_windows`` boxes (0
    beyond the map) and its values ``cfg.mask_context_steps`` pixels away in eight directions."""
    first = np.asarray(first, np.float32)
    planes = [first]
    for k in cfg.mask_context_windows:
        planes.append(cv2.blur(first, (k, k), borderType=cv2.BORDER_CONSTANT))
    for step in cfg.mask_context_steps:
        diagonal = round(step / 1.414)
        for d_rows, d_cols in _DIRECTIONS:
            along = step if d_rows == 0 or d_cols == 0 else diagonal
            planes.append(_shifted(first, d_rows * along, d_cols * along))
    return np.stack(planes, axis=2).reshape(-1, len(planes))


def tile_map(image: np.ndarray, cfg: VisionConfig, mask_model: object | None) -> tuple[np.ndarray, float]:
    """``(M, N, 3)`` -> (tile-probability map ``(m, n)`` float32 on a ``cfg.mask_side`` copy, scale
    map / image). Uses the learned map's first stage (:func:`first_stage`), or the hand-made texture
    map without one."""
    tiny, scale = downscale(image, cfg.mask_side, cfg.map_linear_downscale_above)
    learner = first_stage(mask_model)
    prob = texture_map(tiny, cfg) if learner is None else first_stage_read(tiny, cfg, learner)[1]
    return cv2.GaussianBlur(prob.astype(np.float32), (0, 0), cfg.mask_smooth_sigma), scale


def first_stage_read(tiny: np.ndarray, cfg: VisionConfig, learner: Any) -> tuple[np.ndarray, np.ndarray]:
    """``(m, n, 3)`` uint8 BGR at ``cfg.mask_side`` -> what the tile map's first stage ``learner``
    reads of it: its :func:`pixel_features` ``(m*n, F)`` and its unsmoothed map ``(m, n)`` float32."""
    pixels = pixel_features(tiny, cfg)
    return pixels, learner.predict_proba(pixels)[:, 1].reshape(tiny.shape[:2]).astype(np.float32)


def context_inputs(pixels: np.ndarray, prob: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """What the first stage read of a map copy (:func:`first_stage_read`: its pixel features
    ``(m*n, F)`` and unsmoothed map ``prob`` ``(m, n)``) -> the second stage's inputs ``(m*n, F + C)``:
    the features and the map's :func:`context_features` beside."""
    return np.hstack([pixels, context_features(prob, cfg)])


def context_map(tiny: np.ndarray, cfg: VisionConfig, mask_model: object | None,
                made: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray | None:
    """``(m, n, 3)`` uint8 BGR at ``cfg.mask_side`` -> the second stage's tile map ``(m, n)`` float32
    (:class:`TileMapModel`), smoothed as :func:`tile_map`'s; None without a second stage. ``made``:
    the copy's :func:`pixel_features` and the first stage's unsmoothed map, when already made."""
    if not isinstance(mask_model, TileMapModel) or mask_model.context is None:
        return None
    pixels, first = made if made is not None else first_stage_read(tiny, cfg, mask_model.first)
    both = context_inputs(pixels, first, cfg)
    prob = mask_model.context.predict_proba(both)[:, 1].reshape(tiny.shape[:2])
    return cv2.GaussianBlur(prob.astype(np.float32), (0, 0), cfg.mask_smooth_sigma)


def working_copies(image: np.ndarray, cfg: VisionConfig
                   ) -> tuple[np.ndarray, float, np.ndarray, float, np.ndarray, float]:
    """``(M, N, 3)`` -> (fine, fine scale, small, small scale, tiny, tiny scale): copies whose longer
    sides are at most ``cfg.edge_fine_side`` (the image itself when 0), ``cfg.locate_side`` and
    ``cfg.mask_side``, scales = copy / image. The smaller two are shrunk from the fine copy, not
    from the photo: on a 12-megapixel photo that is a third of the resizing. Training takes the
    tile-map copy from here too, so the mask learner sees the very pixels it reads."""
    fine, fine_scale = (downscale(image, cfg.edge_fine_side, cfg.linear_downscale_above) if cfg.edge_fine_side
                        else (image, 1.0))
    small, step = downscale(fine, cfg.locate_side, cfg.map_linear_downscale_above)
    tiny, tiny_step = downscale(fine, cfg.mask_side, cfg.map_linear_downscale_above)
    return fine, fine_scale, small, fine_scale * step, tiny, fine_scale * tiny_step


def _outline_inputs(fine: np.ndarray, fscale: float, small: np.ndarray, scale: float, cfg: VisionConfig
                    ) -> tuple[np.ndarray, SeamMaps | None, np.ndarray | None]:
    """What every outline snap of one photo reads (:func:`_outline_and_seams`): the blurred gray
    working copy ``(m, n)`` float32, the seam maps of the fine copy (None without one), and the
    blurred fine copy for a last pass when the photo is bigger than the working copy (else None)."""
    fine_gray = cv2.cvtColor(fine, cv2.COLOR_BGR2GRAY) if cfg.edge_fine_side else None
    gray = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), (0, 0), cfg.locate_blur_sigma)
    fine_blur = None
    if fine_gray is not None and fscale > scale * cfg.fine_pass_above:
        fine_blur = cv2.GaussianBlur(fine_gray, (0, 0), cfg.locate_blur_sigma).astype(np.float32)
    maps = SeamMaps(fine_gray, cfg) if fine_gray is not None else None
    return gray.astype(np.float32), maps, fine_blur


def _map_outline(fine: np.ndarray, fscale: float, scale: float, tiny: np.ndarray, map_scale: float,
                 inputs: tuple[np.ndarray, SeamMaps | None, np.ndarray | None], cfg: VisionConfig,
                 mask_model: object | None, prob: np.ndarray | None = None
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The block found from the tile map (working copies of :func:`working_copies`, ``inputs`` of
    :func:`_outline_inputs`; ``prob`` a map ``(m, n)`` of ``tiny`` already made, else
    :func:`tile_map`'s): its outline snapped to the intensity steps and fitted to the dark seams ->
    (corners, the map's quad, both ``(4, 2)`` image pixels; the tile map ``(m, n)`` at
    ``map_scale``); None when the map shows no block."""
    if prob is None:
        prob, _ = tile_map(tiny, cfg, mask_model)
    quad = quad_from_mask(prob, cfg)
    if quad is None:
        return None
    quad = quad / map_scale
    gray, maps, fine_blur = inputs
    return _outline_and_seams(quad, gray, scale, maps, fine_blur, fscale, cfg), quad, prob


def _map_alternatives(fine: np.ndarray, fscale: float, scale: float, map_scale: float,
                      first: tuple[np.ndarray, np.ndarray, np.ndarray],
                      inputs: tuple[np.ndarray, SeamMaps | None, np.ndarray | None], cfg: VisionConfig,
                      mask_model: object | None, others: list[np.ndarray]) -> list[np.ndarray]:
    """Other outlines the tile map suggests when its first one (``first`` of :func:`_map_outline`)
    is in doubt, each ``(4, 2)`` image pixels and snapped like the first: the block on a zoomed-in
    map of a small garden, the blocks at the lower thresholds ``cfg.mask_retry_thresholds`` (a dim
    part of the block), the oblong quads squared up (a row missed or a strip taken in) and the
    map's other blobs ``others`` (:func:`other_map_quads`, image pixels). They carry no verdict:
    :func:`locate_grid` judges them by its one score."""
    corners, quad, prob = first
    gray, maps, fine_blur = inputs

    def snapped(start: np.ndarray) -> np.ndarray:
        return _outline_and_seams(start, gray, scale, maps, fine_blur, fscale, cfg)

    starts = []
    zoomed = _zoom_in(fine, quad * fscale, cfg, mask_model)
    if zoomed is not None:
        starts.append(zoomed / fscale)
    for threshold in cfg.mask_retry_thresholds:
        retry = quad_from_mask(prob, cfg, threshold)
        if retry is not None:
            starts.append(retry / map_scale)
    starts += squared_up(quad, cfg) + squared_up(corners, cfg)
    return [snapped(start) for start in starts + others]


def other_map_quads(prob: np.ndarray, quad: np.ndarray, cfg: VisionConfig, context: np.ndarray | None = None
                    ) -> list[np.ndarray]:
    """The tile map's ``(m, n)`` other quadrilaterals ``(4, 2)`` (map pixels) beside its first,
    ``quad``: the blob made whole (:func:`quad_from_mask` with ``cfg.mask_fill_frac``) and the
    second-deepest blob, made whole and as it is, then the two deepest blobs of the second stage's
    map ``context`` (:func:`context_map`, same pixels; None without one: a second board in view may
    be the deeper); each only when more than half a tile from ``quad`` and the ones before it. An
    empty list when ``cfg.mask_other_blobs`` is off."""
    if not cfg.mask_other_blobs:
        return []
    others = [quad_from_mask(prob, cfg, fill=fill, rank=rank)
              for fill, rank in ((cfg.mask_fill_frac, 0), (cfg.mask_fill_frac, 1), (0.0, 1))]
    if context is not None:  # its deepest blob, and the next (the garden beside another board in view)
        others += [quad_from_mask(context, cfg, rank=rank) for rank in (0, 1)]
    return _half_a_tile_apart(others, [quad], cfg)


def peak_map_quads(prob: np.ndarray, context: np.ndarray | None, cfg: VisionConfig) -> list[np.ndarray]:
    """The quadrilaterals ``(4, 2)`` (map pixels) of the deepest blob of the tile map ``prob``
    ``(m, n)`` and of its second stage's ``context`` (same pixels; None without one) above each of
    ``cfg.mask_peak_thresholds``, each more than half a tile from the ones before it: where the map
    is surest of tiles (a small garden in a map that also half-marks a busy table around it)."""
    return _half_a_tile_apart([quad_from_mask(stage, cfg, threshold) for threshold in cfg.mask_peak_thresholds
                               for stage in (prob, context) if stage is not None], [], cfg)


def _half_a_tile_apart(quads: list[np.ndarray | None], kept: list[np.ndarray], cfg: VisionConfig
                       ) -> list[np.ndarray]:
    """Those of ``quads`` ``(4, 2)`` (None passed over) more than half a tile from each of ``kept``
    and from those taken before them."""
    taken: list[np.ndarray] = []
    for quad in quads:
        if quad is not None and all(block_offset(quad, k, cfg.grid)[0] > 0.5 for k in [*kept, *taken]):
            taken.append(quad)
    return taken


#: A caller's own evidence on candidate outlines: ``[(4, 2) corners, ...]`` (image pixels) ->
#: ``(K,)`` values added to their lattice scores (e.g. how well their cells read as what the caller
#: knows the tiles to be).
Judge = Callable[[list[np.ndarray]], np.ndarray]


def judging_once(values: Callable[[list[np.ndarray]], np.ndarray], judged: dict[bytes, float] | None = None
                 ) -> Judge:
    """A :data:`Judge` that asks ``values`` (outlines ``(4, 2)`` -> their values ``(K,)``) only for the
    outlines it has not valued before: a search meets the same outlines again. ``judged``: the values
    of outlines valued before (by the same ``values`` in the same image), kept and added to."""
    judged = {} if judged is None else judged

    def judge(candidates: list[np.ndarray]) -> np.ndarray:
        keys = [np.asarray(c, np.float64).tobytes() for c in candidates]
        fresh = list({key: c for key, c in zip(keys, candidates) if key not in judged}.items())
        if fresh:
            judged.update(zip((key for key, _ in fresh),
                              np.asarray(values([c for _, c in fresh]), np.float64).tolist()))
        return np.array([judged[key] for key in keys], np.float64)

    return judge

#: A caller's own test of the map's outline before any search: ``((4, 2) corners in image pixels,
#: their lattice score) -> bool``, true to take it at once (e.g. its tiles read surely).
Accept = Callable[[np.ndarray, float], bool]


@dataclass
class SearchMemo:
    """What :func:`locate_grid`'s search of one image worked out that depends on the image alone (and
    the config and tile map, the same in every search it is handed to): the blocks each first-pass
    view holds, each start polished roughly and finely, each block snapped and scored. Handed to a
    search of the same image again (enrolment searches a photo in doubt again near where the sure
    ones show the block: the first search and more), it spares that search the work it repeats; the
    same outlines come of it. Never hand it to a search of another image."""

    views: dict[bytes, list[np.ndarray]] = field(default_factory=dict)
    polished: dict[tuple[bool, bytes], np.ndarray] = field(default_factory=dict)
    snapped: dict[bytes, np.ndarray] = field(default_factory=dict)
    scores: dict[bytes, float] = field(default_factory=dict)


@dataclass(frozen=True)
class _SearchSetup:
    """What every search of one image starts from: the config for its n, the working copies and
    their scales (:func:`working_copies`), the outline inputs (:func:`_outline_inputs`), the map's
    first outline ``(corners, quad, prob)`` (:func:`_map_outline`) and the tile map that gave it (the
    learned one, or None for the hand-made one), the evidence field a block is judged on, and the
    second stage's map (:func:`context_map`) when the setup made it (the first stage saw no block),
    else None; and what the first stage read of the map's copy (its :func:`pixel_features` and
    unsmoothed map), from which the second stage's map is made when the search asks for it, or None
    for the hand-made map."""

    cfg: VisionConfig
    copies: tuple[np.ndarray, float, np.ndarray, float, np.ndarray, float]
    inputs: tuple[np.ndarray, SeamMaps | None, np.ndarray | None]
    first: tuple[np.ndarray, np.ndarray, np.ndarray]
    mask_model: object | None
    field_image: np.ndarray
    field_scale: float
    field: EvidenceField
    context: np.ndarray | None = None
    first_read: tuple[np.ndarray, np.ndarray] | None = None

    def context_map(self) -> np.ndarray | None:
        """The second stage's map (:func:`context_map`) of the map's copy: the one the setup made,
        else made now from what the first stage read; None without a second stage."""
        if self.context is not None:
            return self.context
        return context_map(self.copies[4], self.cfg, self.mask_model, self.first_read)

    def value(self, found: np.ndarray) -> float:
        """The search's score of the block with corners ``found`` ``(4, 2)`` (image pixels): the
        lattice in the colour-free evidence (:func:`field_score`) plus ``cfg.grid_map_weight`` times
        its :func:`map_support` less 0.5, less the penalties for tiles beyond a side (a learned map
        only), a lattice running on past the outline, lines through every cell and plain cells
        (:func:`locate_grid`); ``-inf`` for no lattice."""
        cfg, field, scale = self.cfg, self.field, self.field_scale
        prob, map_scale = self.first[2], self.copies[5]
        parts = lattice_parts(field, found * scale, cfg)  # read once for the lattice and its cells
        if parts is None:
            return -np.inf
        score = parts.score(cfg) + cfg.grid_map_weight * (map_support(prob, found * map_scale, cfg) - 0.5)
        if cfg.grid_beyond_weight and self.mask_model is not None:
            score -= cfg.grid_beyond_weight * max(0.0, map_beyond(prob, found * map_scale, cfg) - cfg.check_beyond)
        if cfg.grid_continue_weight:
            score -= cfg.grid_continue_weight * max(0.0, lattice_continues(field, found * scale, cfg)
                                                    - cfg.grid_continue_free)
        if cfg.grid_sub_weight:
            score -= cfg.grid_sub_weight * max(0.0, lattice_subdivided(field, found * scale, cfg) - cfg.grid_sub_free)
        if cfg.grid_plain_weight:
            score -= cfg.grid_plain_weight * max(0.0, cfg.grid_plain_free - parts.plain(cfg))
        return float(score)


def _search_setup(image: np.ndarray, n: int, cfg: VisionConfig, mask_model: object | None) -> _SearchSetup:
    """The :class:`_SearchSetup` of ``image`` ``(M, N, 3)`` uint8 BGR for an n×n block. Raises
    ``ValueError`` for a bad image or n, :class:`GridNotFoundError` when no tile map sees a block: the
    learned map's first stage, then its second (:func:`context_map`), then the hand-made one."""
    check_image(image)
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 2 <= n <= 12:
        raise ValueError(f"n must be an integer 2..12 (tiles per side), got {n!r}")
    if cfg.grid != n:
        cfg = replace(cfg, grid=int(n))
    fine, fscale, small, scale, tiny, map_scale = working_copies(image, cfg)
    inputs = _outline_inputs(fine, fscale, small, scale, cfg)
    learner, first_read, prob = first_stage(mask_model), None, None
    if learner is not None:  # kept: the second stage reads the same features and the first's map
        first_read = first_stage_read(tiny, cfg, learner)
        prob = cv2.GaussianBlur(first_read[1], (0, 0), cfg.mask_smooth_sigma)
    first = _map_outline(fine, fscale, scale, tiny, map_scale, inputs, cfg, mask_model, prob)
    context = None
    if first is None and (context := context_map(tiny, cfg, mask_model, first_read)) is not None:
        # the first stage saw nothing (a plain floor reads as board to it): the second stage may
        first = _map_outline(fine, fscale, scale, tiny, map_scale, inputs, cfg, mask_model, context)
    if first is None and mask_model is not None:  # the learned map saw nothing: the hand-made one may
        mask_model, context, first_read = None, None, None
        first = _map_outline(fine, fscale, scale, tiny, map_scale, inputs, cfg, mask_model)
    if first is None:
        raise GridNotFoundError("no garden found: nothing in the photo looks like a block of tiles; "
                                "give the four corners by hand")
    # the evidence on the working copy, or on the fine copy when the tiles are small there
    field_image, field_scale = field_copy(fine, fscale, small, scale, first[1], cfg)
    return _SearchSetup(cfg, (fine, fscale, small, scale, tiny, map_scale), inputs, first, mask_model,
                        field_image, field_scale, EvidenceField(field_image, cfg), context, first_read)


def outline_score(image: np.ndarray, corners: np.ndarray, n: int = 4, cfg: VisionConfig = DEFAULT_CONFIG,
                  mask_model: object | None = None) -> float:
    """The score :func:`locate_grid` would give the n×n block with ``corners`` ``(4, 2)`` (``image``
    pixels) in ``image`` ``(M, N, 3)`` uint8 BGR, had its search met it (no judge; the size rule and
    the shape test left out) -> float, ``-inf`` for no lattice. To tell a garden the search never
    proposed from one it proposed and scored below another (``scripts/eval_locate.py --why``)."""
    return _search_setup(image, n, cfg, mask_model).value(np.asarray(corners, np.float64))


def sharpened_on_seams(image: np.ndarray, corners: np.ndarray, n: int = 4, cfg: VisionConfig = DEFAULT_CONFIG,
                       mask_model: object | None = None) -> np.ndarray | None:
    """The n×n block with ``corners`` ``(4, 2)`` (``image`` pixels) in ``image`` ``(M, N, 3)`` uint8 BGR
    fitted to its seams within the wider bands ``cfg.sharpen_seam_bands`` (no corner moved more than
    ``cfg.sharpen_max_shift`` tiles; :func:`vision.seams.refine_with_seams` on the fine copy) ->
    that block's corners ``(4, 2)`` when the search's own score of it (:func:`outline_score`) beats
    the given block's by ``cfg.sharpen_gain``, else None. The search's lattices snap to seams within
    a narrow band; an outline placed by another step (the tiles read, their cells' tileness) may have
    a corner a third of a tile off, whose seams lie beyond that band."""
    if not cfg.sharpen_gain:
        return None
    setup = _search_setup(image, n, cfg, mask_model)
    fscale, maps = setup.copies[1], setup.inputs[1]
    if maps is None:
        return None
    given = np.asarray(corners, np.float64)
    wide = replace(setup.cfg, seam_bands=cfg.sharpen_seam_bands, seam_max_shift=cfg.sharpen_max_shift)
    moved = refine_with_seams(maps.gray, given * fscale, wide, maps) / fscale
    if np.allclose(moved, given) or setup.value(moved) < setup.value(given) + cfg.sharpen_gain:
        return None
    return moved


def locate_grid(image: np.ndarray, n: int = 4, cfg: VisionConfig = DEFAULT_CONFIG,
                mask_model: object | None = None, judge: Judge | None = None,
                accept: Accept | None = None, near: Sequence[np.ndarray] = (),
                memo: SearchMemo | None = None, stop: Callable[[], bool] | None = None) -> GridLocation:
    """Find an n×n block of square tiles in ``image`` ``(M, N, 3)`` uint8 BGR -> :class:`GridLocation`
    (corners TL, TR, BR, BL in ``image`` pixels, and whether to check them). Raises
    :class:`GridNotFoundError` when nothing looks like a block of tiles.

    The tile map (``mask_model``, the tile model's learned map, :class:`TileMapModel` or a bare
    per-pixel learner; its second stage's map when the first sees no block, the hand-made texture
    map when neither does or without one) only says roughly where to look: a
    quadrilateral around the tiles, which on a board unlike the training boards may take in the
    board's frame and coin track. The geometry decides.
    The outline found from the map (:func:`_map_outline`) is the first candidate; below
    ``cfg.grid_trust_score`` the map's other outlines (:func:`_map_alternatives`: zoomed in, lower
    thresholds, squared up) compete with it by the score below, and the best of them is the map's
    outline. When that scores at least ``cfg.grid_trust_score`` it is taken at once, and so it is
    when it scores at least ``cfg.grid_accept_score`` and the caller's ``accept`` takes it (a reader
    that finds its tiles read surely). Otherwise
    blocks are searched (:func:`lattice_hypotheses`) in square views through the map's quad (also
    turned by ``cfg.grid_search_turns``: the quad of a round blob may be turned against the block),
    through the map's outline, and rectified by the lattice's own lines (:func:`rectifications`:
    the lines around the quad, and those inside it alone, clear of a patterned table; the two
    strongest orientations and the other pairs with the third, the table's lines maybe strongest); the best
    are polished onto their seams (:func:`polish`). Then (:func:`_searched_further`) more widely
    around the best two, the rectification framed wider (a block bigger, smaller or more oblong than the
    quad), and through the map's other blobs (:func:`other_map_quads`: the blob made whole, another
    board, the block of the map's second stage when ``mask_model`` is a :class:`TileMapModel` with
    one, and its next blob). While nothing scores ``cfg.grid_around_below``, last rounds (:func:`rectified_around`, at
    most ``cfg.grid_around_rounds``) search views rectified by the lines inside the map's outline and
    inside the best polished block, then inside the best block of the round before (the quad's own
    view skewed against the block). Everything polished is also snapped to the outline and seams.
    With ``cfg.grid_quick_accept`` and a caller's ``accept``, the search ends after its first pass
    (the views through the quad and the map's outline and quad polished), after searching further,
    or after a last round, when its best block so far scores at least ``cfg.grid_accept_score``, no
    clearly different block is within ``cfg.check_margin`` of it, and ``accept`` takes it: the rest
    of the search is for photos where that is not so. Before the whole first pass, its first
    ``cfg.grid_first_views`` views alone (through the quad, rectified by the lines around it, through
    the map's outline) may end it so; the block taken there, found among fewer blocks, is searched
    once more in its own square view and the best fit of the same block (within
    ``cfg.check_distinct``) returned.
    Still in doubt, and with a caller's ``accept``, the best blocks are each searched around as a
    ``near`` place is (:func:`searched_around_own`): a block a row off or skewed still sets the view
    in which the garden's own lattice is found. The rounds stop once the best block they found
    reads surely (``accept``; each block asked once). Of what those rounds find, only the best
    ``cfg.grid_own_near_confirm`` clearly different blocks whose tiles ``accept`` takes (read surely)
    become candidates: more search also finds strong false lattices (a table's checks, a second
    garden), whose cells hold no tiles.
    Every candidate is
    judged by one score — :func:`field_score` (the ridges of its seams and outline and the texture
    of its least textured cell, colour-free) plus ``cfg.grid_map_weight`` times its
    :func:`map_support` less 0.5, less ``cfg.grid_beyond_weight`` times the excess of its
    :func:`map_beyond` over ``cfg.check_beyond`` (tiles beyond a side; a learned map only), less
    ``cfg.grid_continue_weight`` times the excess of its :func:`lattice_continues` over
    ``cfg.grid_continue_free`` (a lattice on a table of squares runs on past its outline), less
    ``cfg.grid_sub_weight`` times the excess of its :func:`lattice_subdivided` over
    ``cfg.grid_sub_free`` (a block of 2×2 or 3×3 checks has lines through every cell), less
    ``cfg.grid_plain_weight`` times the shortfall of its :func:`plain_cells` below
    ``cfg.grid_plain_free`` (checks hold no art), and nothing smaller than
    ``cfg.grid_min_fraction`` of the map's quad or centred beyond the photo's edge — and one rule
    chooses: the best candidate if it beats the map's outline by more than
    ``cfg.grid_switch_margin`` (``cfg.grid_judged_switch_margin`` when the caller's judge values it
    that much above the map's outline), else the map's outline. When that choice is in doubt (as below) and
    with a caller's ``accept``, the best ``cfg.grid_small_confirm`` clearly different blocks the
    size rule alone ruled out, down to ``cfg.grid_small_fraction`` of the quad (the map took in a
    board's frame or a second board), are polished and read; those whose tiles read surely become
    candidates, valued by the same score, and the rule chooses again. Still in doubt and with a
    caller's ``judge``, the best ``cfg.grid_extend_from`` clearly different candidates are read as a
    part of the block or more than it (:func:`sub_block_outlines`), the best ``cfg.grid_extend_keep``
    of those whole blocks searched around; what that finds is a candidate when the judge values it
    ``cfg.grid_extend_gain`` above the block chosen, and the rule chooses again. The outline is to be checked
    when its score is below ``cfg.check_min_score``, a clearly different lattice (more than
    ``cfg.check_distinct`` tile off) scores within ``cfg.check_margin`` of it, or the learned map
    sees tiles beyond a side (:func:`map_beyond` above ``cfg.check_beyond``) and a different lattice
    scores within ``cfg.check_beyond_margin``. The best clearly different lattices are handed on as
    ``alternatives`` for a reader that knows the tiles.

    The map's outline and quad are themselves polished too. With ``cfg.grid_search_frame`` the whole
    photo is searched as well (:func:`frame_proposals`). ``judge`` (a caller that knows what the
    tiles are) adds its values to the scores of the searched candidates before the choice, and the
    checks read the judged scores; it also ranks the search's blocks for polishing (:func:`best_first`,
    the best ``cfg.grid_judge_pool``); an outline trusted at once is not judged. ``near``: outlines
    ``(4, 2)`` (image pixels) where the caller expects the block (where it lay in other photos of the
    same board), each searched on its own budget (:func:`near_proposals`) when the map's outline is
    not trusted; the smallest of them, not the map's quad, then sets the smallest block
    (``cfg.grid_min_fraction``). Last, a small garden still in doubt gets a second look
    (:func:`second_look`): the same search on a crop around it. ``memo``: what an earlier search of
    this same image worked out (:class:`SearchMemo`), kept and added to. ``stop`` (e.g.
    :meth:`vision.budget.Deadline.expired`): asked once the first pass is done and before each later
    round (searched further, near places, last rounds, the whole photo, around its own blocks, small
    blocks, extension, second look); once it says yes the rest is skipped, the choice made among
    what was found, and the outline flagged (:data:`vision.budget.SEARCH_STOPPED`), unless what was
    found settles the search as it would without a limit (a block read surely, no rival near it).
    """
    located, look_again = _search_grid(image, n, cfg, mask_model, judge, accept, near, memo, stop)
    if look_again is None:
        return located
    if stop is not None and stop():  # a second look is one more search
        return stopped_search(located)
    # the search's working copies and evidence are let go before a second look makes a crop's own
    cfg, mask_model = look_again
    return second_look(image, located, cfg, mask_model, judge, accept, near, stop)


def stopped_search(located: GridLocation) -> GridLocation:
    """``located`` flagged for checking: its search stopped at its time limit
    (:data:`vision.budget.SEARCH_STOPPED`, once)."""
    if SEARCH_STOPPED in located.reasons:
        return located
    return replace(located, check_outline=True, reasons=(*located.reasons, SEARCH_STOPPED))


def _search_grid(image: np.ndarray, n: int, cfg: VisionConfig, mask_model: object | None, judge: Judge | None,
                 accept: Accept | None, near: Sequence[np.ndarray], memo: SearchMemo | None = None,
                 stop: Callable[[], bool] | None = None
                 ) -> tuple[GridLocation, tuple[VisionConfig, object | None] | None]:
    """:func:`locate_grid` up to its second look -> (the block found, None when it is settled, else
    the config for this n and the tile map the second look is to use)."""
    memo = SearchMemo() if memo is None else memo
    spent = False  # whether ``stop`` said the time is up: every later round skipped

    def stopped() -> bool:
        nonlocal spent
        spent = spent or (stop is not None and bool(stop()))
        return spent

    setup = _search_setup(image, n, cfg, mask_model)
    cfg, mask_model, first = setup.cfg, setup.mask_model, setup.first
    fine, fscale, small, scale, _, map_scale = setup.copies
    corners, quad, prob = first
    inputs = gray, maps, fine_blur = setup.inputs
    field_image, field_scale, field = setup.field_image, setup.field_scale, setup.field

    # a lattice in a few tiles' art is no garden: the smallest block is a fraction of the map's quad,
    # or of the smallest place the caller expects it (that knows the block's size better)
    near = [np.asarray(where, np.float64) for where in near]
    base_tile = min([tile_side_px(where, cfg.grid) for where in near] or [tile_side_px(quad, cfg.grid)])
    min_tile, small_tile = cfg.grid_min_fraction * base_tile, cfg.grid_small_fraction * base_tile

    def shaped_in_photo(found: np.ndarray) -> bool:
        """Whether a block has a garden's shape and its centre lies in the photo (a block mostly
        beyond its edge is none)."""
        x, y = found.mean(axis=0)
        return grid_shape_ok(found, cfg) and 0.0 <= x < image.shape[1] and 0.0 <= y < image.shape[0]

    values: dict[bytes, float] = {}  # the search meets the same blocks again (ranking, polishing, choosing)
    small: dict[bytes, np.ndarray] = {}  # blocks ruled out by their size alone (read before they count)
    admitted: set[bytes] = set()  # ... and those whose tiles read surely: valued as any other

    def value(found: np.ndarray) -> float:
        """The one score every candidate (image pixels) is judged by: the lattice in the
        colour-free evidence, and whether its cells lie on tile-like pixels of the map."""
        key = np.asarray(found, np.float64).tobytes()
        if key not in values:
            if not shaped_in_photo(found):
                values[key] = -np.inf
            elif (side := tile_side_px(found, cfg.grid)) < min_tile and key not in admitted:
                if side >= small_tile:
                    small[key] = np.asarray(found, np.float64)
                values[key] = -np.inf
            else:
                if key not in memo.scores:
                    memo.scores[key] = setup.value(found)
                values[key] = memo.scores[key]
        return values[key]

    @cache
    def coarse() -> EvidenceField:
        """The more blurred field the rough polish climbs, made when first needed."""
        return EvidenceField(field_image, cfg, cfg.grid_coarse_sigma)

    climbed = memo.polished  # a start polished again climbs the same way

    def polished_one(start: np.ndarray, rough: bool) -> np.ndarray:
        key = (rough, np.asarray(start, np.float64).tobytes())
        if key not in climbed:
            steps = cfg.grid_rough_steps if rough else None
            climbed[key] = order_corners(polish(field, start * field_scale, cfg, coarse() if rough else None,
                                                steps)[0] / field_scale)
        return climbed[key]

    def taken_at_once(outline: np.ndarray, score: float, ask: bool) -> GridLocation | None:
        """The map's outline taken without a search: a clear lattice where the map led, or (when
        ``ask``) tiles that read surely there (the caller's ``accept``); else None. Tiles also read
        surely a fraction of a tile off (a band of board taken in): with ``cfg.grid_polish_taken``
        an outline taken so is polished (coarse, then fine) and handed on as ``polished`` when that
        scores ``cfg.grid_switch_margin`` higher."""
        if score >= cfg.grid_trust_score:
            return GridLocation(order_corners(outline), float(score), -np.inf, False, (), float(score))
        if not (ask and accept is not None and score >= cfg.grid_accept_score
                and accept(order_corners(outline), score)):
            return None
        polished = None
        if cfg.grid_polish_taken:
            fitted = polished_one(polished_one(outline, True), False)
            if value(fitted) > score + cfg.grid_switch_margin:
                polished = order_corners(fitted)
        return GridLocation(order_corners(outline), float(score), -np.inf, False, (), float(score), polished=polished)

    first_value = value(corners)
    others: list[np.ndarray] = []  # the map's other blobs' quads, image pixels
    # before its other outlines are snapped
    if (taken := taken_at_once(corners, first_value, cfg.grid_accept_first)) is not None:
        return taken, None

    def polished_all(starts: list[np.ndarray], keep: int = cfg.grid_rough_keep) -> list[np.ndarray]:
        """The best ``keep`` (default ``cfg.grid_rough_keep``) starts polished coarsely, the best
        ``cfg.grid_polish_keep`` of those finely."""
        starts = best_first(starts, value, judge, cfg.grid_judge_pool)[:keep]
        rough = [polished_one(p, True) for p in starts]
        finest = best_first(rough, value, judge, cfg.grid_judge_pool)[: cfg.grid_polish_keep]
        return [polished_one(p, False) for p in finest]

    seen = memo.views  # the first views are searched once, whether alone or not

    def hypotheses(views: list[np.ndarray | None]) -> list[np.ndarray]:
        for view in views:
            if view is not None and view.tobytes() not in seen:
                seen[view.tobytes()] = [order_corners(h / fscale) for h in lattice_hypotheses(fine, view, cfg)]
        return [h for view in views if view is not None for h in seen[view.tobytes()]]

    snaps = memo.snapped

    def with_snapped(blocks: list[np.ndarray]) -> list[np.ndarray]:
        """Each block, then the same snapped to the outline and seams (:func:`_outline_and_seams`)."""
        out = []
        for block in blocks:
            key = np.asarray(block, np.float64).tobytes()
            if key not in snaps:
                snaps[key] = _outline_and_seams(block, gray, scale, maps, fine_blur, fscale, cfg)
            out += [block, snaps[key]]
        return out

    verdicts: dict[bytes, bool] = {}

    def reads_surely(block: np.ndarray) -> bool:
        """The caller's ``accept`` of a block, asked once (a reading costs more than a score)."""
        key = np.asarray(block, np.float64).tobytes()
        if key not in verdicts:
            verdicts[key] = accept is not None and bool(accept(order_corners(block), value(block)))
        return verdicts[key]

    def ends_here(blocks: list[np.ndarray], refine: bool = False) -> GridLocation | None:
        """The search so far settles it (``cfg.grid_quick_accept``, a caller's ``accept``) when its
        best block, snapped, scores at least ``cfg.grid_accept_score``, leads the next clearly
        different one by ``cfg.check_margin`` and reads surely; else None. With ``refine`` (a block
        found among few) that block is searched again in its own square view and its best fit kept."""
        if accept is None or not cfg.grid_quick_accept:
            return None
        leading = distinct_best(with_snapped(blocks), value, 2, cfg)
        top = [value(b) for b in leading]
        if (top and top[0] >= cfg.grid_accept_score and (len(top) < 2 or top[0] - top[1] >= cfg.check_margin)
                and reads_surely(leading[0])):
            if refine:  # the same block searched again in its own square view: the best fit of it
                block = leading[0]
                own = [h for h in hypotheses([quad_view(block * fscale, cfg)])
                       if block_offset(h, block, cfg.grid)[0] <= cfg.check_distinct]
                same = [b for b in with_snapped(polished_all(own, cfg.grid_polish_keep))
                        if block_offset(b, block, cfg.grid)[0] <= cfg.check_distinct]
                best = max(same, key=value, default=block)
                if value(best) > top[0]:
                    leading[0], top[0] = best, value(best)
            return GridLocation(order_corners(leading[0]), float(top[0]), float(top[1]) if len(top) > 1 else -np.inf,
                                False, (), float(first_value))
        return None

    @cache
    def by_lines() -> list[list[tuple[np.ndarray, np.ndarray, np.ndarray] | None]]:
        """The views rectified by the lines around the quad, and by those inside it alone (clear of a
        patterned table): :func:`rectifications`, made when first needed."""
        return rectifications(fine, quad * fscale, cfg, (None, 0.0))

    def leading_views() -> list[np.ndarray | None]:
        """The first views: through the map's quad, rectified by the lines around it, through the
        map's outline (as it stands)."""
        rectified = by_lines()[0][0]
        return [quad_view(quad * fscale, cfg), None if rectified is None else framed(rectified, cfg),
                quad_view(corners * fscale, cfg)]

    def first_views() -> GridLocation | None:
        """The first ``cfg.grid_first_views`` views' blocks and the map's outline and quad, polished:
        the search settled by them (:func:`ends_here`, the block refitted in its own view), else None."""
        polished = polished_all(hypotheses(leading_views()[: cfg.grid_first_views]))
        polished += polished_all([corners, quad])  # the map's own outline and quad climb onto their seams
        return ends_here(polished, refine=True)

    quick = bool(cfg.grid_first_views and accept is not None and cfg.grid_quick_accept)
    early = quick and cfg.grid_alternatives_late
    if early and (settled_search := first_views()) is not None:
        return settled_search, None  # the map's other outlines not snapped: the first views settle it
    map_outline = corners
    # the map's outline in doubt: its other outlines compete with it by the same score
    context = setup.context_map()
    others = [other / map_scale for other in other_map_quads(prob, quad * map_scale, cfg, context)]
    for other in _map_alternatives(fine, fscale, scale, map_scale, first, inputs, cfg, mask_model, others):
        other_value = value(other)
        if other_value > first_value:
            corners, first_value = other, other_value
    if (taken := taken_at_once(corners, first_value, True)) is not None:  # nothing to search for
        return taken, None
    (rectified, *around), within = by_lines()
    views = leading_views()
    if views[0] is not None:  # the map's quad may be turned against the block (a round blob)
        views += [turned_view(views[0], angle, cfg) for angle in cfg.grid_search_turns]
    views += [framed(r, cfg) for r in around + within if r is not None]  # other line pairs; the lines inside alone
    candidates = [corners]
    # they alone may settle it (asked again only when one of the map's other outlines replaced its first)
    if quick and not (early and corners is map_outline) and (settled_search := first_views()) is not None:
        return settled_search, None
    polished = polished_all(hypotheses(views))
    polished += polished_all([corners, quad])
    if (settled_search := ends_here(polished)) is not None:
        return settled_search, None
    if not stopped():
        polished += _searched_further(polished, rectified, others, fine, fscale, cfg, value, polished_all)
    for where in near:  # where the caller's other photos of the board show the block
        if not stopped():
            polished += polished_all(near_proposals(where, fine, fscale, cfg))
    if (settled_search := ends_here(polished)) is not None:
        return settled_search, None
    regions, latest = [corners], polished  # each round: the map's outline (first only), the latest best
    for _ in range(cfg.grid_around_rounds):
        if not latest or max([first_value, *map(value, polished)]) >= cfg.grid_around_below:  # a clear lattice
            break
        if stopped():
            break
        latest = rectified_around(regions, latest, quad, fine, fscale, cfg, value, polished_all)
        polished += latest
        regions = []
        if (settled_search := ends_here(polished)) is not None:
            return settled_search, None
    if cfg.grid_search_frame and not stopped():
        polished += polished_all(frame_proposals(fine, fscale, cfg))
    candidates += with_snapped(polished)

    def around(where: np.ndarray) -> list[np.ndarray]:
        """The blocks searched around ``where`` as a caller's expected place, polished and snapped."""
        found = polished_all(near_proposals(where, fine, fscale, cfg))
        return with_snapped(found)

    # only a block whose tiles the caller reads surely is taken from these rounds (unless the time is up)
    if accept is not None and not stopped():

        def settled(found: list[np.ndarray]) -> bool:
            """Whether the best block the rounds found so far reads surely: enough searching (the
            best is asked again only when a better one turns up); or the time is up."""
            best = distinct_best(found, value, 1, cfg)
            return (bool(best) and reads_surely(best[0])) or stopped()

        new = searched_around_own(candidates, quad, value, around, cfg, settled)
        candidates += [b for b in distinct_best(new, value, cfg.grid_own_near_confirm, cfg) if reads_surely(b)]

    def choice() -> tuple[list[float], float, int, float, float]:
        """The candidates' scores (judged), the map's outline's, the one chosen, its score and the
        best clearly different one's."""
        scores = [value(corners), *(value(c) for c in candidates[1:])]
        extras = [0.0] * len(scores)
        if judge is not None:
            judged = [i for i, v in enumerate(scores) if np.isfinite(v)]
            for i, extra in zip(judged, np.asarray(judge([candidates[i] for i in judged]), np.float64)):
                scores[i] += float(extra)
                extras[i] = float(extra)
        best = int(np.argmax(scores))
        margin = cfg.grid_switch_margin
        if (judge is not None and cfg.grid_judged_switch_margin is not None
                and extras[best] - extras[0] >= cfg.grid_switch_margin):  # its tiles read clearly better
            margin = cfg.grid_judged_switch_margin
        chosen = best if scores[best] > scores[0] + margin else 0
        others = [other for c, other in zip(candidates, scores)
                  if block_offset(c, candidates[chosen], cfg.grid)[0] > cfg.check_distinct]
        return scores, scores[0], chosen, scores[chosen], max(others, default=-np.inf)

    scores, first_value, chosen, score, runner_up = choice()
    if (accept is not None and small and (score < cfg.check_min_score or score - runner_up < cfg.check_margin)
            and not stopped()):
        # in doubt: the blocks ruled out as too small count when their tiles read surely
        surely = []
        raw = {key: setup.value(block) for key, block in small.items()}
        for block in distinct_best(list(small.values()), lambda b: raw[b.tobytes()], cfg.grid_small_confirm, cfg):
            fitted = polished_one(polished_one(block, True), False)
            key = fitted.tobytes()
            if shaped_in_photo(fitted) and tile_side_px(fitted, cfg.grid) >= small_tile and reads_surely(fitted):
                admitted.add(key)
                values.pop(key, None)
                surely.append(fitted)
        if surely:
            candidates += surely
            scores, first_value, chosen, score, runner_up = choice()
    if judge is not None and cfg.grid_extend_from and (score < cfg.check_min_score
                                                       or score - runner_up < cfg.check_margin) and not stopped():
        # in doubt: the leading blocks as parts of the block (or more), the best whole ones searched
        # around; what that finds counts when its tiles read clearly better than the chosen block's
        ranked = [candidates[i] for i in np.argsort(-np.asarray(scores), kind="stable") if np.isfinite(scores[i])]
        leading = distinct_best(ranked, lambda _b: 0.0, cfg.grid_extend_from, cfg)  # in the judged order
        wholes = [order_corners(w) for b in leading for w in sub_block_outlines(b, cfg.grid, cfg.grid_extend_spans, 1)]
        wholes = [w for w in wholes if shaped_in_photo(w)]
        found = [b for where in best_first(wholes, value, judge, len(wholes))[: cfg.grid_extend_keep]
                 for b in around(where) if np.isfinite(value(b))]
        if found:
            bar = scores[chosen] - value(candidates[chosen]) + cfg.grid_extend_gain  # the chosen one's judged value
            candidates += [b for b, extra in zip(found, np.asarray(judge(found), np.float64)) if extra > bar]
            scores, first_value, chosen, score, runner_up = choice()
    reasons = []
    if score < cfg.check_min_score:
        reasons.append(f"weak lattice (score {score:.2f} < {cfg.check_min_score})")
    if score - runner_up < cfg.check_margin:
        reasons.append(f"another lattice nearly as good (score {score:.2f} vs {runner_up:.2f})")
    elif score - runner_up < cfg.check_beyond_margin and mask_model is not None:
        beyond = map_beyond(prob, candidates[chosen] * map_scale, cfg)
        if beyond > cfg.check_beyond:
            reasons.append(f"tiles beyond the outline (tile map {beyond:.2f} outside a side) and another "
                           f"lattice not far behind (score {score:.2f} vs {runner_up:.2f})")
    if spent:
        reasons.append(SEARCH_STOPPED)
    kept: list[int] = [chosen]
    for i in sorted(range(len(candidates)), key=lambda i: -scores[i]):
        if len(kept) > cfg.grid_alternatives or not np.isfinite(scores[i]):
            break
        if all(block_offset(candidates[i], candidates[k], cfg.grid)[0] > cfg.check_distinct for k in kept):
            kept.append(i)
    located = GridLocation(order_corners(candidates[chosen]), float(score), float(runner_up), bool(reasons),
                           tuple(reasons), float(first_value), tuple(order_corners(candidates[i]) for i in kept[1:]),
                           tuple(float(scores[i]) for i in kept[1:]),
                           tuple(order_corners(c) for c in candidates), tuple(float(v) for v in scores),
                           SurestBlobs(prob, context, map_scale, cfg), order_corners(map_outline))
    return located, (cfg, mask_model)


def second_look(image: np.ndarray, located: GridLocation, cfg: VisionConfig, mask_model: object | None = None,
                judge: Judge | None = None, accept: Accept | None = None, near: Sequence[np.ndarray] = (),
                stop: Callable[[], bool] | None = None) -> GridLocation:
    """``located`` in ``image`` ``(M, N, 3)``, or the block found by the same search on a crop around
    it when that is surer: a small garden in doubt (``located.check_outline``, mean side below
    ``cfg.second_look_below`` of the photo's longer side) is searched again (:func:`locate_grid`,
    the same ``mask_model``, and ``judge``, ``accept`` and ``near`` moved to the crop's pixels) on a
    crop ``cfg.second_look_span`` times the outline's extent around its centre, where the tile map
    and the search's views see the garden bigger and little of the rest of the table. The crop's
    outline (image pixels) is taken when it is not to be checked there and is a clearly different
    block (more than ``cfg.check_distinct`` tile off); else ``located`` is returned, with the
    crop's outline added to its ``alternatives`` when clearly different from them and from it (a
    reader may find its tiles read surely, :func:`vision.read.choose_by_reading`). The same block
    found on the crop lifts the doubt only when the caller's ``accept`` takes it (its tiles read
    surely): a score alone does not, since the crop shows less of what raised the doubt (a rival
    lattice elsewhere in the photo). ``stop``: the search's (:func:`locate_grid`); when the crop's
    search was stopped by it, ``located`` is returned flagged so (:func:`stopped_search`)."""
    if not (located.check_outline and cfg.second_look_below):
        return located
    corners = located.corners
    height, width = image.shape[:2]
    if tile_side_px(corners, cfg.grid) * cfg.grid >= cfg.second_look_below * max(height, width):
        return located
    centre = corners.mean(axis=0)
    half = 0.5 * cfg.second_look_span * float(np.max(corners.max(axis=0) - corners.min(axis=0)))
    x0, y0 = max(0, int(centre[0] - half)), max(0, int(centre[1] - half))
    x1, y1 = min(width, math.ceil(centre[0] + half)), min(height, math.ceil(centre[1] + half))
    if x1 - x0 < 32 or y1 - y0 < 32:
        return located
    offset = np.array([x0, y0], np.float64)
    crop = np.ascontiguousarray(image[y0:y1, x0:x1])
    crop_judge = None if judge is None else (lambda blocks: judge([b + offset for b in blocks]))
    crop_accept = None if accept is None else (lambda found, score: accept(found + offset, score))
    try:
        again = locate_grid(crop, cfg.grid, replace(cfg, second_look_below=0.0), mask_model, crop_judge,
                            crop_accept, [np.asarray(w, np.float64) - offset for w in near], stop=stop)
    except GridNotFoundError:
        return located
    if SEARCH_STOPPED in again.reasons:  # the crop's search cut short: what it found is no surer
        return stopped_search(located)
    moved = again.corners + offset
    same = block_offset(moved, corners, cfg.grid)[0] <= cfg.check_distinct
    if again.check_outline:  # in doubt there too: a different outline is one more for a reader to weigh
        if not same and all(block_offset(moved, other, cfg.grid)[0] > cfg.check_distinct
                            for other in located.alternatives):
            return replace(located, alternatives=(*located.alternatives, moved),
                           alternative_scores=(*located.alternative_scores, again.score))
        return located
    if same and not (accept is not None and accept(moved, again.score)):
        return located  # the same block, not read surely: the crop shows less of what raised the doubt
    return replace(again, corners=moved, alternatives=tuple(a + offset for a in again.alternatives),
                   searched=tuple(b + offset for b in again.searched), blobs=located.blobs,
                   map_outline=located.map_outline,
                   polished=None if again.polished is None else again.polished + offset)


def near_proposals(where: np.ndarray, fine: np.ndarray, fscale: float, cfg: VisionConfig) -> list[np.ndarray]:
    """Blocks searched around an outline ``where`` ``(4, 2)`` (image pixels) a caller expects the
    block near: its square view and its views rectified by the lines around it
    (:func:`rectifications`, every pair), in ``fine`` ``(M, N, 3)`` (the working copy at ``fscale``
    of the image). Corners ``(4, 2)`` in image pixels."""
    views = [quad_view(where * fscale, cfg)]
    views += [framed(r, cfg) for pairs in rectifications(fine, where * fscale, cfg, (None,)) for r in pairs
              if r is not None]
    return [order_corners(h / fscale) for view in views if view is not None
            for h in lattice_hypotheses(fine, view, cfg)]


def searched_around_own(candidates: list[np.ndarray], within: np.ndarray, value: Callable[[np.ndarray], float],
                        around: Callable[[np.ndarray], list[np.ndarray]], cfg: VisionConfig,
                        settled: Callable[[list[np.ndarray]], bool] | None = None) -> list[np.ndarray]:
    """The last rounds of :func:`locate_grid`'s search, at most ``cfg.grid_own_near_rounds``, run while
    the search is in doubt (its best block below ``cfg.grid_around_below``, or the best two clearly
    different ones within ``cfg.check_margin``): the map's outline (``candidates[0]``, first round
    only) and the best ``cfg.grid_own_near`` clearly different blocks (:func:`distinct_best`) not
    searched around yet, centred ``within`` the map's quad, are each searched around by ``around``
    (as a place where a caller expects the block: a block a row off or skewed still sets a view in
    which the garden's own lattice shows). Each round's blocks take part in the next. The rounds
    stop as soon as ``settled`` (when given) finds the new blocks so far good enough (a reader that
    reads the best of them surely), asked after each place. -> the new blocks, corners ``(4, 2)``
    in image pixels like ``candidates`` and ``within``."""
    region = np.asarray(within, np.float32).reshape(-1, 1, 2)
    pool, seeds, new = list(candidates), [], []
    for _ in range(cfg.grid_own_near_rounds):
        leading = distinct_best(pool, value, cfg.grid_own_near, cfg)
        top = [value(b) for b in leading[:2]]
        if not top or (top[0] >= cfg.grid_around_below and (len(top) < 2 or top[0] - top[1] >= cfg.check_margin)):
            break  # no longer in doubt
        fresh = [b for b in ([] if seeds else [candidates[0]]) + leading
                 if cv2.pointPolygonTest(region, tuple(map(float, b.mean(axis=0))), False) >= 0]
        searched = len(seeds)
        for where in fresh:
            if any(block_offset(where, s, cfg.grid)[0] <= cfg.check_distinct for s in seeds):
                continue  # searched around already (the map's outline may also be among the best)
            seeds.append(where)
            found = around(where)
            pool += found
            new += found
            if settled is not None and settled(new):
                return new
        if len(seeds) == searched:  # nowhere new to search
            break
    return new


def sub_block_outlines(corners: np.ndarray, n: int = 4, spans: Sequence[int] = (1, 2, 3, 4, 5),
                       uneven: int = 0) -> list[np.ndarray]:
    """An outline ``(4, 2)`` read as kx×ky of the block's tiles (kx and ky in ``spans``, differing by
    at most ``uneven``; k > n: the block lies inside it; k = n: the block a row or a column off it)
    -> the n×n outlines it would belong to, one per place of the kx×ky part in the block, each
    ``(4, 2)`` through the outline's own perspective. Uneven spans: a lattice whose seams were found
    a tile apart one way and 3/4 of one the other."""
    quad = check_corners(corners)
    hom = cv2.getPerspectiveTransform(np.float32([[0, 0], [n, 0], [n, n], [0, n]]), quad.astype(np.float32))

    def places(k: int) -> range:  # a part: the block reaches out of it; bigger: the block lies in it
        return range(-1, 2) if k == n else range(abs(n - k) + 1)

    out = []
    for ky in spans:
        for kx in spans:
            if kx < 1 or ky < 1 or abs(kx - ky) > uneven:
                continue
            ux, uy = n / kx, n / ky  # one tile in the outline's own coordinates
            for row in places(ky):
                for col in places(kx):
                    if kx == ky == n and row == col == 0:
                        continue
                    u0 = -(1 if kx <= n else -1) * col * ux
                    v0 = -(1 if ky <= n else -1) * row * uy
                    box = np.float32([[u0, v0], [u0 + n * ux, v0], [u0 + n * ux, v0 + n * uy], [u0, v0 + n * uy]])
                    out.append(cv2.perspectiveTransform(box[None], hom)[0].astype(np.float64))
    return out


def distinct_best(blocks: list[np.ndarray], value: Callable[[np.ndarray], float], k: int, cfg: VisionConfig
                  ) -> list[np.ndarray]:
    """The best ``k`` of ``blocks`` (corners ``(4, 2)``) by ``value`` that lie more than
    ``cfg.check_distinct`` tile from each other (:func:`block_offset`); none ruled out (an infinite value)."""
    kept: list[np.ndarray] = []
    for block in sorted(blocks, key=value, reverse=True):
        if len(kept) == k or not np.isfinite(value(block)):
            break
        if all(block_offset(block, other, cfg.grid)[0] > cfg.check_distinct for other in kept):
            kept.append(block)
    return kept


def best_first(blocks: list[np.ndarray], value: Callable[[np.ndarray], float], judge: Judge | None,
               pool: int) -> list[np.ndarray]:
    """``blocks`` (corners ``(4, 2)``) ordered best first by ``value``; with a ``judge``, the best
    ``pool`` of them that ``value`` does not rule out (a finite value) are ordered by ``value`` plus
    the judge's values, ahead of the rest (a tile map that never saw the art ranks the true block
    low; the judge, reading the tiles, knows it)."""
    scores = np.array([value(b) for b in blocks], np.float64)
    order = np.argsort(-scores, kind="stable")
    if judge is not None and pool > 0:
        judged = order[:pool]
        judged = judged[np.isfinite(scores[judged])]
        if judged.size:
            values = scores[judged] + np.asarray(judge([blocks[i] for i in judged]), np.float64)
            order = np.r_[judged[np.argsort(-values, kind="stable")], np.setdiff1d(order, judged, assume_unique=True)]
    return [blocks[i] for i in order]


def frame_proposals(fine: np.ndarray, fscale: float, cfg: VisionConfig) -> list[np.ndarray]:
    """Blocks searched in the whole photo (the working copy ``fine`` ``(M, N, 3)`` at ``fscale`` of
    the image), not where the tile map points: the full frame seen square (its longer side both
    ways) and rectified by its own lines (:func:`rectification`), blocks of ``cfg.grid_frame_sizes``
    of it (:func:`lattice_hypotheses`). Corners ``(4, 2)`` in image pixels."""
    rows, cols = fine.shape[:2]
    frame = np.array([[0, 0], [cols - 1, 0], [cols - 1, rows - 1], [0, rows - 1]], np.float64)
    margin = cfg.grid_frame_margin
    # square views, so a square block stays near-square in them: the frame's longer side both ways
    half = max(rows, cols) / 2
    centre = np.array([(cols - 1) / 2, (rows - 1) / 2])
    views = [quad_view(centre + half * np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]), cfg, margin)]
    rectified = rectification(fine, frame, cfg, 0.0)
    if rectified is not None:
        to_axes, lo, hi = rectified
        mid, span = (lo + hi) / 2, float(np.max(hi - lo))
        views.append(framed((to_axes, mid - span / 2, mid + span / 2), cfg, margin))
    return [order_corners(h / fscale) for view in views if view is not None
            for h in lattice_hypotheses(fine, view, cfg, margin, cfg.grid_frame_sizes)]


def _searched_further(polished: list[np.ndarray], rectified: tuple[np.ndarray, np.ndarray, np.ndarray] | None,
                      others: list[np.ndarray], fine: np.ndarray, fscale: float, cfg: VisionConfig,
                      value: Callable[[np.ndarray], float],
                      polished_all: Callable[[list[np.ndarray]], list[np.ndarray]]) -> list[np.ndarray]:
    """The second round of :func:`locate_grid`'s search, each part with its own budget so that none
    crowds out another, polished (``polished_all``; ``value`` the one score): wider views around the
    best ``polished`` blocks (a block found in part, two rows of four, sets the perspective for the
    whole), the lattice's rectification framed wider (a block bigger, smaller or more oblong than
    the map's quad) and the map's other blobs ``others`` (the blob made whole, another board), each
    seen square and rectified. Image pixels, like ``polished``."""
    wide = []
    for found in sorted(polished, key=value, reverse=True)[: cfg.grid_wide_keep]:
        view = quad_view(found * fscale, cfg, cfg.grid_wide_margin)
        if view is not None:
            wide += [order_corners(h / fscale) for h in lattice_hypotheses(fine, view, cfg, cfg.grid_wide_margin,
                                                                           cfg.grid_wide_sizes)]
    further = [] if rectified is None else [order_corners(h / fscale) for h in lattice_hypotheses(
        fine, framed(rectified, cfg, cfg.grid_rect_wide_margin), cfg, cfg.grid_rect_wide_margin,
        cfg.grid_rect_wide_sizes, cfg.grid_rect_wide_aspects)]
    elsewhere = []
    for other in others:
        other_rectified = rectification(fine, other * fscale, cfg)
        elsewhere += [quad_view(other * fscale, cfg), None if other_rectified is None else framed(other_rectified, cfg)]
    elsewhere_proposals = [order_corners(h / fscale) for view in elsewhere if view is not None
                           for h in lattice_hypotheses(fine, view, cfg)]
    return polished_all(wide) + polished_all(further) + polished_all(elsewhere_proposals)


def rectified_around(first: list[np.ndarray], polished: list[np.ndarray], within: np.ndarray, fine: np.ndarray,
                     fscale: float, cfg: VisionConfig, value: Callable[[np.ndarray], float],
                     polished_all: Callable[[list[np.ndarray]], list[np.ndarray]]) -> list[np.ndarray]:
    """One of the last rounds of :func:`locate_grid`'s search: blocks searched again in views rectified by the
    lines in each region of ``first`` (the map's outline) and of the best ``cfg.grid_around_keep``
    ``polished`` blocks (within ``cfg.grid_around_margins`` of its side: :func:`rectifications`),
    framed on that region. The map's quad may be far from the block's shape (a board and a table
    taken in, its view then skewed against the block), while an outline or a block found a row or a
    few tiles off still holds the garden's lines. Only blocks centred ``within`` the map's quad count
    (such views also show a table's squares beside it). Each region's blocks are polished on their
    own budget (``polished_all``; ``value`` the one score). Corners ``(4, 2)`` in image pixels, like
    ``first``, ``polished`` and ``within``; ``fine`` ``(M, N, 3)`` the working copy at ``fscale`` of
    the image."""
    region = np.asarray(within, np.float32).reshape(-1, 1, 2)
    out: list[np.ndarray] = []
    for found in first + sorted(polished, key=value, reverse=True)[: cfg.grid_around_keep]:
        views = [framed(rectified, cfg) for pairs in rectifications(fine, found * fscale, cfg, cfg.grid_around_margins)
                 for rectified in pairs if rectified is not None]
        blocks = [order_corners(h / fscale) for view in views for h in lattice_hypotheses(fine, view, cfg)]
        starts = [b for b in blocks if cv2.pointPolygonTest(region, tuple(map(float, b.mean(axis=0))), False) >= 0]
        out += polished_all(starts)
    return out


def snapped_outlines(image: np.ndarray, corners: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG
                     ) -> list[np.ndarray]:
    """Corners given by hand ``(4, 2)`` (a player's four taps on ``image`` ``(M, N, 3)``, image
    pixels) -> the outlines near them that a reader may prefer: the lattice of the taps, and that
    lattice ``cfg.snap_scales`` tile sides a side bigger or smaller (taps inside or outside the
    block's corners), each polished onto the seams and outline (coarse then fine, as
    :func:`polish`; no corner moved more than ``cfg.snap_reach`` tile sides from the taps), and
    each of those snapped to the block's edge and seams as the search's candidates are
    (:func:`_outline_and_seams`). Each ``(4, 2)`` with its corners in the given order; none when
    the taps make no plausible block."""
    check_image(image)
    given = np.asarray(corners, np.float64)
    fine, fscale, small, scale, _, _ = working_copies(image, cfg)
    field_image, field_scale = field_copy(fine, fscale, small, scale, given, cfg)
    field = EvidenceField(field_image, cfg)
    start = given * field_scale
    unit = tile_side_px(start, cfg.grid)
    if not unit >= 1.0 or not plausible_quad(given, _grid_shapes(cfg)):  # no block to snap to: as given
        return []

    def near(moved: np.ndarray) -> bool:
        return float(np.linalg.norm(moved - start, axis=1).max()) <= cfg.snap_reach * unit

    coarse = EvidenceField(field_image, cfg, cfg.grid_coarse_sigma)
    to_image = lattice_homography(start, cfg.grid)
    n = cfg.grid
    starts = [start]
    for grow in cfg.snap_scales:
        square = np.array([[-grow, -grow], [n + grow, -grow], [n + grow, n + grow], [-grow, n + grow]], np.float64)
        starts.append(cv2.perspectiveTransform(square[None], to_image)[0])
    gray, maps, fine_blur = _outline_inputs(fine, fscale, small, scale, cfg)
    out = []
    for first in starts:
        best, _ = polish(field, first, cfg, coarse, (*cfg.grid_rough_steps, *cfg.grid_polish_steps), unit, near)
        polished = best / field_scale
        edged = _outline_and_seams(polished, gray, scale, maps, fine_blur, fscale, cfg)
        out += [polished, in_given_order(edged, given)]
    return out


def in_given_order(outline: np.ndarray, given: np.ndarray) -> np.ndarray:
    """``outline`` ``(4, 2)`` turned (its corners rolled) to start from the corner nearest ``given``'s
    first, the way round ``given`` goes."""
    rolls = [np.roll(outline, -k, axis=0) for k in range(4)]
    return min(rolls, key=lambda r: float(np.linalg.norm(r - given, axis=1).sum()))


@lru_cache(maxsize=8)
def _grid_shapes(cfg: VisionConfig) -> VisionConfig:
    """``cfg`` with the quad checks of a lattice candidate (looser than the tile map's quad)."""
    return replace(cfg, quad_max_side_ratio=cfg.grid_max_side_ratio, quad_min_angle=cfg.grid_min_angle)


def grid_shape_ok(corners: np.ndarray, cfg: VisionConfig) -> bool:
    """Whether a block outline ``(4, 2)`` has a shape the lattice search accepts: a
    :func:`plausible_quad` by the grid's own limits, not more oblong than ``cfg.grid_max_aspect``."""
    aspect = block_aspect(corners)
    return plausible_quad(corners, _grid_shapes(cfg)) and max(aspect, 1.0 / max(aspect, 1e-9)) <= cfg.grid_max_aspect


def locate_garden(image: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG, mask_model: object | None = None
                  ) -> np.ndarray:
    """The corners ``(4, 2)`` of :func:`locate_grid` for the 4×4 garden (training and the inset
    measurement need only these). Raises :class:`GridNotFoundError`."""
    return locate_grid(image, 4, cfg, mask_model).corners


def block_aspect(corners: np.ndarray) -> float:
    """Mean width over mean height of the quadrilateral ``(4, 2)`` TL, TR, BR, BL."""
    sides = np.linalg.norm(np.roll(corners, -1, axis=0) - corners, axis=1)
    return float((sides[0] + sides[2]) / max(sides[1] + sides[3], 1e-9))


def squared_up(corners: np.ndarray, cfg: VisionConfig) -> list[np.ndarray]:
    """An oblong quadrilateral ``(4, 2)`` (:func:`block_aspect` beyond ``cfg.block_max_aspect``
    either way) -> four squares: grown across its short sides at either end (the map missed a row
    at the top or the bottom, a column at the left or the right), then cut along its long sides at
    either end (the block took in a strip beside it: the board's frame, a card). An empty list for
    a quad that is square enough."""
    corners = np.asarray(corners, dtype=np.float64)
    aspect = block_aspect(corners)
    if max(aspect, 1.0 / aspect) <= cfg.block_max_aspect:
        return []
    tl, tr, br, bl = corners
    if aspect > 1.0:  # wide: a row missing (grow the left and right sides) or a column too many
        grow, keep = aspect - 1.0, 1.0 / aspect
        return [np.array([tl + grow * (tl - bl), tr + grow * (tr - br), br, bl]),
                np.array([tl, tr, br + grow * (br - tr), bl + grow * (bl - tl)]),
                np.array([tl, tl + keep * (tr - tl), bl + keep * (br - bl), bl]),
                np.array([tr + keep * (tl - tr), tr, br, br + keep * (bl - br)])]
    grow, keep = 1.0 / aspect - 1.0, aspect  # tall: a column missing or a row too many
    return [np.array([tl + grow * (tl - tr), tr, br, bl + grow * (bl - br)]),
            np.array([tl, tr + grow * (tr - tl), br + grow * (br - bl), bl]),
            np.array([tl, tr, tr + keep * (br - tr), tl + keep * (bl - tl)]),
            np.array([bl + keep * (tl - bl), br + keep * (tr - br), br, bl])]


def _outline_and_seams(quad: np.ndarray, gray: np.ndarray, scale: float, maps: SeamMaps | None,
                       fine_blur: np.ndarray | None, fscale: float, cfg: VisionConfig) -> np.ndarray:
    """Quad ``(4, 2)`` from the tile map (image pixels) -> corners snapped to the outline on the
    blurred working copy ``gray`` (``scale`` = copy / image), then on the blurred finer copy
    ``fine_blur`` when given, moved in by the learned inset and fitted to the seams of the finer
    copy (``maps``: its seam maps; ``fscale``, both). Image pixels."""
    quad = order_corners(quad * scale)
    for band, pick in zip(cfg.edge_bands, cfg.edge_picks):
        quad = order_corners(refine_sides(gray, quad, cfg, band, pick))
    corners = quad / scale
    if fine_blur is not None:  # a last pass when the photo is bigger
        corners = order_corners(refine_sides(fine_blur, corners * fscale, cfg, cfg.edge_bands[-1],
                                             cfg.edge_picks[-1])) / fscale
    if cfg.outline_inset:
        corners = inset_quad(corners, cfg.outline_inset, cfg.grid)
    if cfg.seam_fit and maps is not None:
        corners = refine_with_seams(maps.gray, corners * fscale, cfg, maps) / fscale
    return corners


def _zoom_in(fine: np.ndarray, quad: np.ndarray, cfg: VisionConfig, mask_model: object | None
             ) -> np.ndarray | None:
    """The quad ``(4, 2)`` (pixels of ``fine``, the photo's ``cfg.edge_fine_side`` copy) found on a
    tile map recomputed on a crop of ``fine`` around a small garden (smaller than ``cfg.zoom_below``
    of the photo's longer side), where its tiles have more map pixels; None for a bigger garden or
    when the zoomed map has no blob."""
    height, width = fine.shape[:2]
    lo, hi = quad.min(axis=0), quad.max(axis=0)
    size = float((hi - lo).max())
    if size > cfg.zoom_below * max(height, width):
        return None
    centre = (lo + hi) / 2
    half = size * (0.5 + cfg.zoom_margin)
    x0, y0 = max(0, int(centre[0] - half)), max(0, int(centre[1] - half))
    x1, y1 = min(width, int(centre[0] + half) + 1), min(height, int(centre[1] + half) + 1)
    crop = fine[y0:y1, x0:x1]
    if min(crop.shape[:2]) < 16:
        return None
    prob, scale = tile_map(crop, cfg, mask_model)
    zoomed = quad_from_mask(prob, cfg)
    if zoomed is None:
        return None
    return zoomed / scale + np.array([x0, y0], dtype=np.float64)


def inset_quad(quad: np.ndarray, inset: float, n: int = 4) -> np.ndarray:
    """Move every side of ``quad`` ``(4, 2)`` inwards by ``inset`` tile sides, in the quad's own
    plane (through the homography of the 4×4 block): the found outline includes the tiles' edges
    and shadows; the learned inset (see training) maps it to the tile art's corners."""
    outer = np.array([[-inset, -inset], [n + inset, -inset], [n + inset, n + inset], [-inset, n + inset]],
                     dtype=np.float32)
    h = cv2.getPerspectiveTransform(outer, np.asarray(quad, dtype=np.float32))
    inner = canonical_square(n)[None].astype(np.float64)
    return cv2.perspectiveTransform(inner, h)[0]


def outline_offset(found: np.ndarray, truth: np.ndarray, n: int = 4) -> float:
    """How far (tile sides, outwards positive) the sides of ``found`` lie from those of ``truth``,
    both ``(4, 2)`` in the same order: the mean over the 8 side coordinates in the block's plane."""
    h = cv2.getPerspectiveTransform(np.asarray(truth, dtype=np.float32), canonical_square(n))
    unit = cv2.perspectiveTransform(np.asarray(found, dtype=np.float64)[None], h)[0]
    outward = np.concatenate([-unit[0], [unit[1, 0] - n, -unit[1, 1]], unit[2] - n,
                              [-unit[3, 0], unit[3, 1] - n]])
    return float(np.median(outward))


# --- the lattice from its own evidence ---------------------------------------------------------

@dataclass(frozen=True)
class GridLocation:
    """Where an n×n block of tiles is, and how sure that is.

    ``corners`` ``(4, 2)`` float64 (x, y) TL, TR, BR, BL in the input image's pixels; ``score``
    the chosen lattice's score (:func:`field_score` and :func:`map_support`, see :func:`locate_grid`);
    ``runner_up`` the best score of a clearly different
    lattice (more than ``cfg.check_distinct`` tile off; ``-inf`` when none was found);
    ``check_outline`` true when the outline may be wrong, with the ``reasons`` why; ``first_score``
    the score of the map's outline (the best of the tile map's outlines, the incumbent);
    ``alternatives`` the best other lattices searched, each ``(4, 2)`` like ``corners`` and clearly
    different from it and from each other, best score first (at most ``cfg.grid_alternatives``;
    none when the map's outline was trusted), with their ``alternative_scores``: a reader that
    knows the tiles may prefer one of them (:func:`vision.read.read_gardens`). ``searched``: every
    candidate the choice weighed (the map's outline first; none when it was taken at once or the
    search ended early), with ``searched_scores`` (judged; ``-inf`` for one ruled out): where a
    reader that judges cells may look for the block (:func:`vision.read.found_by_tileness`), and for
    measuring why an outline was missed (``scripts/eval_locate.py --why``); after a second look,
    those of the search on its crop. ``peaks``: the tile map's surest blobs (:func:`peak_map_quads`, from the
    maps kept in ``blobs``, found when first asked for), each ``(4, 2)`` like ``corners``, where a
    reader that judges cells may look for the block (none when the search ended early).
    ``map_outline``: the tile map's first outline ``(4, 2)`` like ``corners``, before its other
    outlines or the search replaced it (None when it was taken at once or the search ended early):
    where the map led, which a stronger false lattice (a board's frame, a table's squares) may
    have outscored. ``polished``: the map's outline taken at once by the caller's ``accept``,
    polished onto its seams, when that scores ``cfg.grid_switch_margin`` higher (else None): tiles
    read surely with a band of board taken in, which a reader that judges cells may prefer
    (:func:`vision.read.read_gardens`); the lattice score alone also climbs a right outline a
    little off its corners.
    """

    corners: np.ndarray
    score: float
    runner_up: float
    check_outline: bool
    reasons: tuple[str, ...] = ()
    first_score: float = -np.inf
    alternatives: tuple[np.ndarray, ...] = ()
    alternative_scores: tuple[float, ...] = ()
    searched: tuple[np.ndarray, ...] = ()
    searched_scores: tuple[float, ...] = ()
    blobs: SurestBlobs | None = None
    map_outline: np.ndarray | None = None
    polished: np.ndarray | None = None

    @property
    def peaks(self) -> tuple[np.ndarray, ...]:
        """The tile map's surest blobs (:class:`SurestBlobs`), found when first asked for."""
        return () if self.blobs is None else self.blobs.quads


@dataclass(frozen=True, eq=False)
class SurestBlobs:
    """What the search's tile map saw, kept for a reader that asks where the map is surest: the
    first stage's map ``prob`` ``(m, n)``, the second stage's ``context`` (same pixels; None without
    one), the map's scale (map pixels per image pixel) and the config."""

    prob: np.ndarray
    context: np.ndarray | None
    map_scale: float
    cfg: VisionConfig

    @cached_property
    def quads(self) -> tuple[np.ndarray, ...]:
        """:func:`peak_map_quads`, each ``(4, 2)`` in image pixels (TL, TR, BR, BL)."""
        return tuple(order_corners(q / self.map_scale) for q in peak_map_quads(self.prob, self.context, self.cfg))


def lab_gradients(image: np.ndarray, sigma: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """``(M, N, 3)`` uint8 BGR -> the Sobel gradients of its Lab channels across columns and across
    rows, each ``(M, N, 3)`` float32, after a Gaussian blur of ``sigma`` pixels (none for 0): the
    colour-free evidence both the search (:func:`edge_evidence`) and the judge
    (:class:`EvidenceField`) read."""
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB).astype(np.float32)
    if sigma > 0:
        lab = cv2.GaussianBlur(lab, (0, 0), sigma)
    return cv2.Sobel(lab, cv2.CV_32F, 1, 0), cv2.Sobel(lab, cv2.CV_32F, 0, 1)


def edge_evidence(patch: np.ndarray, cfg: VisionConfig) -> tuple[np.ndarray, np.ndarray]:
    """``(M, N, 3)`` uint8 BGR -> (vertical, horizontal) line evidence, each ``(M, N)`` float32:
    the Lab gradient across columns (a line of constant column coordinate) and across rows, summed
    over the channels, smoothed along and across lines, divided by the patch's mean gradient. Any
    seam — dark, light, a gap, two tiles' art meeting — and any outline step lights it up, whatever
    the colours; it is scale-free (the same under dimmer light)."""
    d_cols, d_rows = (np.abs(d).sum(axis=2) for d in lab_gradients(patch))
    sigma = cfg.grid_evidence_sigma
    d_cols = cv2.GaussianBlur(d_cols, (0, 0), sigma)
    d_rows = cv2.GaussianBlur(d_rows, (0, 0), sigma)
    norm = float(d_cols.mean() + d_rows.mean()) / 2 + 1e-3
    return d_cols / norm, d_rows / norm


def ridge_maps(v: np.ndarray, h: np.ndarray, cfg: VisionConfig) -> tuple[np.ndarray, np.ndarray]:
    """Line evidence ``(M, N)`` for vertical (``v``) and horizontal (``h``) lines -> their ridges:
    each pixel's evidence less the mean of the pixels ``cfg.grid_ridge_px`` either side across the
    line. A seam or an outline stands out from what is beside it, whatever the tiles' texture."""
    d = cfg.grid_ridge_px
    v_side = np.pad(v, ((0, 0), (d, d)), mode="edge")
    h_side = np.pad(h, ((d, d), (0, 0)), mode="edge")
    v_ridge = v - 0.5 * (v_side[:, : -2 * d] + v_side[:, 2 * d:])
    h_ridge = h - 0.5 * (h_side[: -2 * d] + h_side[2 * d:])
    return v_ridge, h_ridge


def lattice_terms(v_cum: np.ndarray, h_cum: np.ndarray, x0: np.ndarray, y0: np.ndarray, width: int, height: int,
                  cfg: VisionConfig) -> tuple[np.ndarray, np.ndarray]:
    """For the axis-aligned n×n blocks (n = ``cfg.grid``) of ``width`` × ``height`` pixels at every
    column ``x0`` ``(C,)`` and row ``y0`` ``(R,)`` of a rectified view whose :func:`ridge_maps` are
    summed along the lines (``v_cum``, ``h_cum``, :func:`_cumulative`) -> (mean ridge of the 2(n-1)
    inner seams, of the 4 outline sides), each ``(R, C)``; each line's mean capped at
    ``cfg.grid_ridge_cap`` so that no one strong edge (the board's border) outweighs several seams."""
    return _terms_of_lines(_column_means(v_cum, y0, height, cfg), _row_means(h_cum, x0, width, cfg), x0, y0,
                           width, height, cfg.grid)


def _column_means(v_cum: np.ndarray, y0: np.ndarray, height: int, cfg: VisionConfig) -> np.ndarray:
    """``(R, columns of the view)``: each column's capped mean ridge over the ``height`` rows from each
    row ``y0`` ``(R,)`` (:func:`lattice_terms`; the same for every block of that height)."""
    return np.minimum((v_cum[y0 + height] - v_cum[y0]) / height, cfg.grid_ridge_cap)


def _row_means(h_cum: np.ndarray, x0: np.ndarray, width: int, cfg: VisionConfig) -> np.ndarray:
    """``(rows of the view, C)``: each row's capped mean ridge over the ``width`` columns from each
    column ``x0`` ``(C,)`` (:func:`lattice_terms`; the same for every block of that width)."""
    return np.minimum((h_cum[:, x0 + width] - h_cum[:, x0]) / width, cfg.grid_ridge_cap)


def _terms_of_lines(v_means: np.ndarray, h_means: np.ndarray, x0: np.ndarray, y0: np.ndarray, width: int,
                    height: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`lattice_terms` from the lines' means (:func:`_column_means`, :func:`_row_means`)."""
    k = np.arange(n + 1)[:, None]
    cols = np.clip(np.round(x0 + k * (width / n)).astype(np.int64), 0, v_means.shape[1] - 1)  # (n+1, C)
    rows = np.clip(np.round(y0 + k * (height / n)).astype(np.int64), 0, h_means.shape[0] - 1)  # (n+1, R)
    v_lines = v_means[:, cols.ravel()].reshape(len(y0), n + 1, len(x0))  # (R, n+1, C)
    h_lines = h_means[rows.ravel()].reshape(n + 1, len(y0), len(x0))  # (n+1, R, C)
    inner = v_lines[:, 1:n].sum(axis=1) + h_lines[1:n].sum(axis=0)
    outer = v_lines[:, 0] + v_lines[:, n] + h_lines[0] + h_lines[n]
    return inner / (2 * (n - 1)), outer / 4


def _combine(seams: np.ndarray, outline: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """The lattice score from its terms: the seams' ridges and (less) the outline's."""
    return seams + cfg.grid_outline_weight * outline


def _cumulative(v: np.ndarray, h: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    v_cum = np.zeros((v.shape[0] + 1, v.shape[1]), np.float64)
    v_cum[1:] = np.cumsum(v, axis=0)
    h_cum = np.zeros((h.shape[0], h.shape[1] + 1), np.float64)
    h_cum[:, 1:] = np.cumsum(h, axis=1)
    return v_cum, h_cum


def view_frame(cfg: VisionConfig, margin: float | None = None) -> tuple[int, float, float]:
    """How a search view frames its block: (the view's side ``cfg.grid_search_side`` pixels, the
    block's side inside it, the offset of the block's top-left corner), the block framed by
    ``margin`` (default ``cfg.grid_search_margin``) of its side on every side."""
    size = cfg.grid_search_side
    inner = size / (1 + 2 * (cfg.grid_search_margin if margin is None else margin))
    return size, inner, (size - inner) / 2


def quad_view(quad: np.ndarray, cfg: VisionConfig, margin: float | None = None) -> np.ndarray | None:
    """A ``(3, 3)`` homography from the image to a square view of ``cfg.grid_search_side`` pixels in
    which ``quad`` ``(4, 2)`` is the square framed by ``margin`` (default ``cfg.grid_search_margin``)
    of its side; None for a degenerate quad."""
    _, inner, m = view_frame(cfg, margin)
    dst = np.array([[m, m], [m + inner, m], [m + inner, m + inner], [m, m + inner]], np.float32)
    try:
        return cv2.getPerspectiveTransform(np.asarray(quad, np.float32), dst).astype(np.float64)
    except cv2.error:
        return None


def turned_view(view: np.ndarray, degrees: float, cfg: VisionConfig) -> np.ndarray:
    """The search view ``view`` ``(3, 3)`` turned by ``degrees`` about its centre (so that lines at
    that angle in it run along its rows and columns)."""
    size = cfg.grid_search_side
    c = (size - 1) / 2
    turn = cv2.getRotationMatrix2D((c, c), float(degrees), 1.0)
    return np.vstack([turn, [0, 0, 1]]) @ view


def lattice_hypotheses(image: np.ndarray, view: np.ndarray, cfg: VisionConfig, margin: float | None = None,
                       sizes: tuple[float, float] | None = None, aspects: tuple[float, ...] | None = None
                       ) -> list[np.ndarray]:
    """Blocks of square tiles seen in a rectified view of ``image`` ``(M, N, 3)``: ``view`` ``(3, 3)``
    maps the image to a square of ``cfg.grid_search_side`` pixels in which the tile map's rough block
    fills the middle (:func:`quad_view`, :func:`rectification` and :func:`framed`), so the true block is an
    axis-aligned near-square there. Every such block — sizes ``sizes`` (default
    ``cfg.grid_search_sizes``) of the middle, aspects ``aspects`` (default ``cfg.grid_search_aspects``), every position,
    ``cfg.grid_search_step`` pixels apart — is scored by the ridges of its seams and outline
    (:func:`lattice_terms`, by running sums). ``margin``: the view's (default
    ``cfg.grid_search_margin``). Returns the best ``cfg.grid_search_keep`` distinct blocks, best
    first, as corners ``(4, 2)`` in ``image`` pixels."""
    n = cfg.grid
    size, inner, _ = view_frame(cfg, margin)
    patch = cv2.warpPerspective(image, view, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    cap = cfg.grid_search_pixel_cap
    v_ridge, h_ridge = (np.clip(r, -cap, cap) for r in ridge_maps(*edge_evidence(patch, cfg), cfg))
    spread = 2 * cfg.grid_search_spread + 1
    if spread > 1:  # each line takes its best pixel within the search's step (sizes and positions)
        v_ridge = cv2.dilate(v_ridge, np.ones((1, spread), np.uint8))
        h_ridge = cv2.dilate(h_ridge, np.ones((spread, 1), np.uint8))
    v_cum, h_cum = _cumulative(v_ridge, h_ridge)
    step = cfg.grid_search_step
    found: list[tuple[float, float, float, int, int]] = []
    lo, hi = cfg.grid_search_sizes if sizes is None else sizes
    by_height: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # the columns' means, shared by blocks as tall
    for width in range(int(lo * inner), min(size - 1, int(hi * inner)) + 1, step):
        x0 = np.arange(0, size - width, step)
        h_means = _row_means(h_cum, x0, width, cfg) if x0.size else None  # shared by blocks as wide
        for aspect in cfg.grid_search_aspects if aspects is None else aspects:
            height = round(width * aspect)
            if height >= size - 1 or h_means is None:
                continue
            if height not in by_height:
                y0 = np.arange(0, size - height, step)
                by_height[height] = y0, _column_means(v_cum, y0, height, cfg)
            y0, v_means = by_height[height]
            if y0.size == 0:
                continue
            score = _combine(*_terms_of_lines(v_means, h_means, x0, y0, width, height, n), cfg)
            keep = min(cfg.grid_search_keep, score.size)
            top = np.argpartition(score, score.size - keep, axis=None)[score.size - keep:]
            best = top[np.argsort(score.flat[top])[::-1]]
            found += [(float(score.flat[i]), float(x0[i % x0.size]), float(y0[i // x0.size]), width, height)
                      for i in best]
    found.sort(reverse=True)
    inv = np.linalg.inv(view)
    kept: list[np.ndarray] = []
    for _, x, y, width, height in found:
        sq = np.array([[x, y], [x + width, y], [x + width, y + height], [x, y + height]], np.float64)
        if any(np.abs(sq - k).max() < cfg.check_distinct * width / n for k in kept):
            continue
        kept.append(sq)
        if len(kept) == cfg.grid_search_keep:
            break
    return [cv2.perspectiveTransform(k[None], inv)[0] for k in kept]


def map_support(prob: np.ndarray, corners: np.ndarray, cfg: VisionConfig) -> float:
    """Mean of the tile map ``(m, n)`` at the centres of the n×n cells of the block with corners
    ``(4, 2)`` (map pixels): near 1 when every cell lies on tile-like pixels, near 0 on a table."""
    n = cfg.grid
    centres = np.array([[c + 0.5, r + 0.5] for r in range(n) for c in range(n)], np.float64)
    pts = cv2.perspectiveTransform(centres[None], lattice_homography(corners, n))[0].astype(np.float32)
    values = cv2.remap(prob, pts[:, 0:1], pts[:, 1:2], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                       borderValue=0)
    return float(values.mean())


@lru_cache(maxsize=4)
def _beyond_samples(n: int, lo: float, hi: float) -> np.ndarray:
    """Lattice points ``(4 · 24 · 5, 2)`` in bands ``lo``..``hi`` tile sides outside each side of an
    n×n block (top, right, bottom, left; 24 along each side, 5 across)."""
    along = np.linspace(0.1, n - 0.1, 24)
    out = np.linspace(lo, hi, 5)
    a, o = (v.ravel() for v in np.meshgrid(along, out, indexing="ij"))
    return np.concatenate([np.c_[a, -o], np.c_[n + o, a], np.c_[a, n + o], np.c_[-o, a]]).astype(np.float64)


def map_beyond(prob: np.ndarray, corners: np.ndarray, cfg: VisionConfig) -> float:
    """The most tile-like side of the band just outside the block with corners ``(4, 2)`` (map
    pixels): the largest of the four sides' mean tile map ``(m, n)`` from ``cfg.beyond_band[0]`` to
    ``cfg.beyond_band[1]`` tile sides out. Near 0 along a board's frame or a table; near 1 when the
    map sees a row of tiles beyond that side (the outline a row short, or a row off)."""
    n = cfg.grid
    pts = cv2.perspectiveTransform(_beyond_samples(n, *cfg.beyond_band)[None], lattice_homography(corners, n))[0]
    pts = pts.astype(np.float32)
    values = cv2.remap(prob, pts[:, 0:1], pts[:, 1:2], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                       borderValue=0)
    return float(values.reshape(4, -1).mean(axis=1).max())


def corner_distance_tiles(a: np.ndarray, b: np.ndarray, n: int = 4) -> float:
    """Largest distance between corresponding corners ``(4, 2)`` of two blocks, in tile sides of ``b``."""
    return float(np.linalg.norm(np.asarray(a) - np.asarray(b), axis=1).max() / max(tile_side_px(b, n), 1e-9))


def block_offset(a: np.ndarray, b: np.ndarray, n: int = 4) -> tuple[float, int]:
    """How far block ``a`` ``(4, 2)`` lies from block ``b`` whichever corner each starts from: the
    :func:`corner_distance_tiles` of ``a`` to ``b``'s corners taken from the start ``k`` (0..3, the
    corner of ``b`` that ``a``'s first corner matches) that fits best, and that ``k``. Seen from
    near 45° either of two corners can be the top-left of the same block."""
    b = np.asarray(b)
    errors = [corner_distance_tiles(a, np.roll(b, -k, axis=0), n) for k in range(4)]
    k = int(np.argmin(errors))
    return errors[k], k


def line_families(gray: np.ndarray, cfg: VisionConfig, region: np.ndarray, found: np.ndarray | None = None
                  ) -> list[list[np.ndarray]]:
    """``(M, N)`` uint8 -> pairs of families of straight segments (each ``(K, 4)`` x1, y1, x2, y2)
    whose middles lie in the polygon ``region`` ``(4, 2)``, by orientation: the lattice's two
    directions, with the board's and the tiles' edges. First the two strongest orientations
    (``cfg.vp_min_angle`` apart); then, with ``cfg.vp_extra_family``, each of them paired with the
    third strongest (a patterned table's lines may be the strongest). Each family needs
    ``cfg.vp_min_segments`` segments; empty when the first pair has not. ``found``: the segments of
    ``gray`` when already detected (LSD's ``(K, 1, 4)``), to filter by another region without
    detecting them again."""
    if found is None:
        found = cv2.createLineSegmentDetector().detect(gray)[0]
    if found is None:
        return []
    seg = found.reshape(-1, 4).astype(np.float64)
    length = np.hypot(seg[:, 2] - seg[:, 0], seg[:, 3] - seg[:, 1])
    poly = region.astype(np.float32).reshape(-1, 1, 2)
    inside = np.array([cv2.pointPolygonTest(poly, (float((a + c) / 2), float((b + d) / 2)), False) >= 0
                       for a, b, c, d in seg], bool)
    keep = inside & (length >= cfg.vp_min_length * max(gray.shape))
    seg, length = seg[keep], length[keep]
    if len(seg) < 2 * cfg.vp_min_segments:
        return []
    angle = np.degrees(np.arctan2(seg[:, 3] - seg[:, 1], seg[:, 2] - seg[:, 0])) % 180.0
    hist = np.bincount(np.round(angle).astype(int) % 180, weights=length, minlength=180)
    hist = np.convolve(np.r_[hist[-5:], hist, hist[:5]], np.ones(5), "same")[5:-5]

    def gap(peak: int) -> np.ndarray:
        return np.abs((np.arange(180) - peak + 90) % 180 - 90)

    first = int(np.argmax(hist))
    second = int(np.argmax(np.where(gap(first) >= cfg.vp_min_angle, hist, -1.0)))
    peaks = [first, second]
    if cfg.vp_extra_family:
        apart = (gap(first) >= 2 * cfg.vp_angle_tolerance) & (gap(second) >= 2 * cfg.vp_angle_tolerance)
        if apart.any():
            peaks.append(int(np.argmax(np.where(apart, hist, -1.0))))

    def family(peak: int) -> np.ndarray:
        return seg[np.abs((angle - peak + 90) % 180 - 90) <= cfg.vp_angle_tolerance]

    families = [family(peak) for peak in peaks]
    if min(len(families[0]), len(families[1])) < cfg.vp_min_segments:
        return []
    pairs = [[families[0], families[1]]]
    if len(peaks) == 3 and len(families[2]) >= cfg.vp_min_segments:
        pairs += [[families[k], families[2]] for k in (0, 1) if gap(peaks[k])[peaks[2]] >= cfg.vp_min_angle]
    return pairs


def vanishing_point(segments: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """``(K, 4)`` segments -> their common vanishing point, homogeneous ``(3,)`` (possibly at
    infinity): the point nearest all their lines, weighted by length, with the worst
    ``cfg.vp_drop_quantile`` of the lines dropped once (segments of other things that happen to share
    the orientation)."""
    p1 = np.c_[segments[:, :2], np.ones(len(segments))]
    p2 = np.c_[segments[:, 2:], np.ones(len(segments))]
    lines = np.cross(p1, p2)
    lines /= np.linalg.norm(lines[:, :2], axis=1, keepdims=True) + 1e-12
    weight = np.hypot(segments[:, 2] - segments[:, 0], segments[:, 3] - segments[:, 1])
    keep = np.ones(len(lines), bool)
    for _ in range(2):
        a = lines[keep] * np.sqrt(weight[keep])[:, None]
        v = np.linalg.svd(a)[2][-1]
        # angle between each segment and the direction to the point, as a residual
        mid = (p1[:, :2] + p2[:, :2]) / 2
        to_v = v[:2][None, :] - mid * v[2]
        d = segments[:, 2:] - segments[:, :2]
        cos = np.abs((to_v * d).sum(axis=1)) / (np.linalg.norm(to_v, axis=1) * np.linalg.norm(d, axis=1) + 1e-12)
        keep = cos >= np.quantile(cos, cfg.vp_drop_quantile)
    return v


def rectification(image: np.ndarray, quad: np.ndarray, cfg: VisionConfig, lines_margin: float | None = None
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The lattice's own rectification around ``quad`` ``(4, 2)`` (the tile map's rough block) in
    ``image`` ``(M, N, 3)``: a ``(3, 3)`` homography under which the two strongest line families
    there (:func:`line_families`, :func:`vanishing_point`) run along the rows and columns (their
    vanishing points sent to infinity, their directions to the axes), and the quad's extent under it
    (lowest and highest ``(x, y)``, each ``(2,)``). The lines are those within ``lines_margin``
    (default ``cfg.grid_search_margin``) of the quad's side around it; 0 keeps a patterned table's
    lines out. None when the photo shows no two clear line families."""
    return rectifications(image, quad, cfg, (lines_margin,))[0][0]


def rectifications(image: np.ndarray, quad: np.ndarray, cfg: VisionConfig,
                   lines_margins: tuple[float | None, ...]
                   ) -> list[list[tuple[np.ndarray, np.ndarray, np.ndarray] | None]]:
    """For each of ``lines_margins``, the rectification by the strongest pair of line families (as
    :func:`rectification`; None when there is none) and then those by the other pairs
    (:func:`line_families`), the segments detected once."""
    quad = np.asarray(quad, np.float64)
    centre = quad.mean(axis=0)
    region = centre + (quad - centre) * (1 + 2 * cfg.grid_search_margin)
    x0, y0 = np.floor(region.min(axis=0)).astype(int)
    x1, y1 = np.ceil(region.max(axis=0)).astype(int)
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(image.shape[1], x1), min(image.shape[0], y1)
    if x1 - x0 < 16 or y1 - y0 < 16:
        return [[None] for _ in lines_margins]
    crop = cv2.cvtColor(image[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
    shrink = min(1.0, cfg.vp_side / max(crop.shape))
    if shrink < 1.0:
        crop = cv2.resize(crop, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    found = cv2.createLineSegmentDetector().detect(crop)[0]
    out = []
    for margin in lines_margins:
        lines_region = region if margin is None else centre + (quad - centre) * (1 + 2 * margin)
        pairs = [] if found is None else line_families(crop, cfg, (lines_region - (x0, y0)) * shrink, found)
        rectified = [_rectified_by(pair, quad, centre, x0, y0, shrink, cfg) for pair in pairs] or [None]
        out.append(rectified[:1] + [r for r in rectified[1:] if r is not None])
    return out


def _rectified_by(families: list[np.ndarray], quad: np.ndarray, centre: np.ndarray, x0: int, y0: int,
                  shrink: float, cfg: VisionConfig) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The rectification of :func:`rectification` from two line ``families`` found on a crop of the
    image (its top-left ``x0``, ``y0``, shrunk by ``shrink``) around ``quad`` (centre ``centre``)."""
    # crop pixels -> image pixels, then centred on the quad (keeps the vanishing line off the origin)
    to_crop = np.array([[shrink, 0, -shrink * x0], [0, shrink, -shrink * y0], [0, 0, 1]])
    centring = np.array([[1, 0, -centre[0]], [0, 1, -centre[1]], [0, 0, 1]])
    to_centred = centring @ np.linalg.inv(to_crop)
    v1, v2 = (to_centred @ vanishing_point(f, cfg) for f in families)
    horizon = np.cross(v1, v2)
    if abs(horizon[2]) < 1e-12:
        return None
    horizon = horizon / horizon[2]
    h_proj = np.array([[1, 0, 0], [0, 1, 0], horizon], np.float64)
    d1, d2 = (h_proj @ v1)[:2], (h_proj @ v2)[:2]
    basis = np.c_[d1 / (np.linalg.norm(d1) + 1e-12), d2 / (np.linalg.norm(d2) + 1e-12)]
    if abs(np.linalg.det(basis)) < math.sin(math.radians(cfg.vp_min_angle)):
        return None
    axes = np.eye(3)
    axes[:2, :2] = np.linalg.inv(basis)
    to_axes = axes @ h_proj @ centring
    mapped = cv2.perspectiveTransform(quad[None], to_axes)[0]
    if not np.all(np.isfinite(mapped)):
        return None
    return to_axes, mapped.min(axis=0), mapped.max(axis=0)


def framed(rectified: tuple[np.ndarray, np.ndarray, np.ndarray], cfg: VisionConfig, margin: float | None = None
           ) -> np.ndarray:
    """A :func:`rectification` framed as a search view: ``(3, 3)`` homography from the image to a
    square of ``cfg.grid_search_side`` pixels in which the quad's extent is scaled square and framed
    by ``margin`` (default ``cfg.grid_search_margin``) of its side, like :func:`lattice_hypotheses`."""
    to_axes, lo, hi = rectified
    _, inner, offset = view_frame(cfg, margin)
    span = np.maximum(hi - lo, 1e-9)
    fit = np.array([[inner / span[0], 0, 0], [0, inner / span[1], 0], [0, 0, 1]])
    fit[:2, 2] = offset - fit[[0, 1], [0, 1]] * lo
    return fit @ to_axes


class EvidenceField:
    """Colour-free line evidence of one image ``(M, N, 3)`` uint8 BGR, for scoring lattices where
    they lie: the gradients of its Lab channels (lightly smoothed), and their mean magnitude over the
    whole image as the unit, so that candidates of one photo compare by the same yardstick and a
    flat table grid does not win by contrast with nothing."""

    def __init__(self, image: np.ndarray, cfg: VisionConfig, sigma: float | None = None) -> None:
        self.d_cols, self.d_rows = lab_gradients(image, cfg.grid_evidence_sigma if sigma is None else sigma)
        pixels = self.d_cols.shape[0] * self.d_cols.shape[1]  # the channels' |gradients| summed, mean per pixel
        self.unit = (cv2.norm(self.d_cols, cv2.NORM_L1) + cv2.norm(self.d_rows, cv2.NORM_L1)) / (2 * pixels) + 1e-3

    def _at(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The channels' gradients across columns and across rows at ``points`` ``(K, 2)``: two ``(K, 3)``."""
        px = points[None, :, 0].astype(np.float32)  # one row of points: remap reads a row faster than a column
        py = points[None, :, 1].astype(np.float32)
        gx = cv2.remap(self.d_cols, px, py, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        gy = cv2.remap(self.d_rows, px, py, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        return gx.reshape(-1, 3), gy.reshape(-1, 3)

    def across(self, points: np.ndarray, normals: np.ndarray) -> np.ndarray:
        """Evidence ``(K,)`` of a line through ``points`` ``(K, 2)`` with unit ``normals`` ``(K, 2)``:
        the channels' gradients along the normal, in absolute value, summed, in units of the mean."""
        gx, gy = self._at(points)
        return _along_normals(gx, gy, normals) / self.unit

    def across_and_magnitude(self, points: np.ndarray, normals: np.ndarray, anywhere: np.ndarray
                             ) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`across` at ``points`` ``(K, 2)``, and the evidence in any direction at ``anywhere``
        ``(J, 2)`` (the channels' gradients across columns and across rows, in absolute value, summed,
        in units of the mean), read in one pass -> ``(K,)``, ``(J,)``."""
        gx, gy = self._at(np.concatenate([points, anywhere]))
        k = len(points)
        mag_x, mag_y = np.abs(gx[k:]), np.abs(gy[k:])
        # the three channels added in turn, as a sum over them would
        return (_along_normals(gx[:k], gy[:k], normals) / self.unit,
                ((mag_x[:, 0] + mag_x[:, 1] + mag_x[:, 2]) + (mag_y[:, 0] + mag_y[:, 1] + mag_y[:, 2])) / self.unit)


def _along_normals(gx: np.ndarray, gy: np.ndarray, normals: np.ndarray) -> np.ndarray:
    """The channels' gradients ``(K, 3)`` across columns and rows -> the absolute gradient along
    ``normals`` ``(K, 2)``, summed over the channels ``(K,)`` (added in turn, as a sum over them would)."""
    across = gx * normals[:, 0:1]
    across += gy * normals[:, 1:2]
    np.abs(across, out=across)
    return across[:, 0] + across[:, 1] + across[:, 2]


def _nudged_across(points: np.ndarray) -> np.ndarray:
    """Points ``(K, 2)`` on lattice lines (lattice units), the first half on lines of constant column
    coordinate and the second on lines of constant row, each moved 0.01 across its line: where they
    land in the image gives each line's normal there."""
    nudged = points.copy()
    half = len(points) // 2
    nudged[:half, 0] += 0.01
    nudged[half:, 1] += 0.01
    return nudged


def _lines_beside(lines: list[tuple[int, float, np.ndarray]], offset: float) -> tuple[np.ndarray, np.ndarray]:
    """Sample points of ``lines`` (each ``(axis, position, along)``: the line where lattice coordinate
    ``axis`` equals ``position``, sampled at ``along`` on the other; all axis-0 lines first, as many
    as axis-1 lines), each followed by the lines ``offset`` before and after it -> points
    ``(3·sum(len(along)), 2)`` and the same points nudged across their line, both read-only."""
    pts = []
    for axis, position, along in lines:
        for off in (0.0, -offset, offset):
            line = np.zeros((along.size, 2))
            line[:, axis] = position + off
            line[:, 1 - axis] = along
            pts.append(line)
    points = np.concatenate(pts)
    nudged = _nudged_across(points)
    for arr in (points, nudged):
        arr.setflags(write=False)
    return points, nudged


@lru_cache(maxsize=16)
def _lattice_samples(n: int, per_tile: int, skip: float, offset: float, inside: float) -> np.ndarray:
    """Where :func:`field_score` samples an n×n lattice, in lattice units, stacked ``(2K + 16·n², 2)``:
    K = 2·(n+1)·3·n·per_tile points on every line and on the lines ``offset`` beside it, the same
    points nudged across their line (their normals' direction), and 16 points inside each cell."""
    along = np.concatenate([np.linspace(k + skip, k + 1 - skip, per_tile) for k in range(n)])
    lines, nudged = _lines_beside([(axis, k, along) for axis in (0, 1) for k in range(n + 1)], offset)
    u, v = np.meshgrid(*(np.linspace(inside, 1.0 - inside, 4),) * 2)
    cell = np.c_[u.ravel(), v.ravel()]
    cells = np.concatenate([cell + np.array([c, r]) for r in range(n) for c in range(n)])
    stacked = np.concatenate([lines, nudged, cells])
    stacked.setflags(write=False)
    return stacked


def line_ridges(field: EvidenceField, h: np.ndarray, points: np.ndarray, nudged: np.ndarray,
                lines: tuple[int, ...], cfg: VisionConfig) -> np.ndarray | None:
    """The ridges of lines sampled at ``points`` ``(K, 2)`` (lattice units, through ``h`` ``(3, 3)``
    into ``field``; ``nudged`` the same points moved across their line), laid out as ``lines`` +
    (the line and the lines ``cfg.grid_ridge_offset`` either side, the points along it): each line's
    evidence less the mean of its two neighbours', the median along the line, capped at
    ``cfg.grid_ridge_cap`` -> shaped ``lines``, or None when a point maps to no finite pixel. A seam
    runs the whole length of the block: the median, not the mean, so that a line crossing a few
    strong edges of the art (a path's border) is not taken for one."""
    image_pts = cv2.perspectiveTransform(points[None], h)[0]
    if not np.all(np.isfinite(image_pts)):
        return None
    return _ridges(field.across(image_pts, _normals(image_pts, cv2.perspectiveTransform(nudged[None], h)[0])),
                   lines, cfg)


def _normals(image_pts: np.ndarray, nudged_pts: np.ndarray) -> np.ndarray:
    """Unit normals ``(K, 2)`` of lines at ``image_pts`` ``(K, 2)`` from the same points nudged across them."""
    normal = nudged_pts - image_pts
    return normal / (np.sqrt((normal * normal).sum(axis=1, keepdims=True)) + 1e-12)


def _ridges(evidence: np.ndarray, lines: tuple[int, ...], cfg: VisionConfig) -> np.ndarray:
    """Evidence across lines ``(K,)`` laid out as ``lines`` + (the line and the lines beside it, the
    points along it) -> each line's median ridge over its neighbours', capped (:func:`line_ridges`)."""
    samples = evidence.reshape(*lines, 3, -1)
    return np.minimum(_median_last(samples[..., 0, :] - 0.5 * (samples[..., 1, :] + samples[..., 2, :])),
                      cfg.grid_ridge_cap)


def _median_last(values: np.ndarray) -> np.ndarray:
    """The median over the last axis of ``values`` (finite), as ``np.median`` gives it, by one partition."""
    count = values.shape[-1]
    half = count // 2
    if count % 2:
        return np.partition(values, half, axis=-1)[..., half]
    part = np.partition(values, (half - 1, half), axis=-1)
    return (part[..., half - 1] + part[..., half]) / 2


@dataclass(frozen=True)
class LatticeParts:
    """What the evidence shows of one block, measured where its lines lie in the image (no warp):
    its inner seams' mean ridge, its outline's, and each cell's texture ``(n²,)``, least textured
    first (the mean gradient at 16 points inside the cell, in units of the field's mean; zeros when
    a point maps to no finite pixel). :func:`field_score` and :func:`plain_cells` are read from it."""

    seams: float
    outline: float
    textures: np.ndarray

    def score(self, cfg: VisionConfig) -> float:
        """:func:`field_score`: the seams plus ``cfg.grid_outline_weight`` times the outline, plus
        ``cfg.grid_cell_weight`` times the least textured cell capped at ``cfg.grid_cell_cap``
        (every tile carries art; a lattice shifted onto the board's plain frame has a row of cells
        without any)."""
        texture = min(float(self.textures[0]), cfg.grid_cell_cap)
        return self.seams + cfg.grid_outline_weight * self.outline + cfg.grid_cell_weight * texture

    def plain(self, cfg: VisionConfig) -> float:
        """:func:`plain_cells`: the ``cfg.grid_plain_rank``-th least textured cell over the inner
        seams' ridge (at least 1)."""
        return float(self.textures[cfg.grid_plain_rank]) / max(1.0, self.seams)


def lattice_parts(field: EvidenceField, corners: np.ndarray, cfg: VisionConfig) -> LatticeParts | None:
    """The :class:`LatticeParts` of the block with corners ``(4, 2)`` (pixels of ``field``): each
    line's median ridge over the lines ``cfg.grid_ridge_offset`` tile sides beside it, capped at
    ``cfg.grid_ridge_cap``, and the cells' textures; None when the block maps to no finite lattice."""
    n = cfg.grid
    try:
        h = lattice_homography(corners, n)
    except cv2.error:
        return None
    stacked = _lattice_samples(n, cfg.grid_field_samples, cfg.seam_skip, cfg.grid_ridge_offset, cfg.grid_cell_inside)
    pts = cv2.perspectiveTransform(stacked[None], h)[0]  # lines, nudged, cells: mapped and read at once
    k = (len(stacked) - 16 * n * n) // 2
    on_lines, in_cells = pts[:k], pts[2 * k:]
    if not np.all(np.isfinite(on_lines)):
        return None
    normals = _normals(on_lines, pts[k:2 * k])
    if np.all(np.isfinite(in_cells)):
        across, texture = field.across_and_magnitude(on_lines, normals, in_cells)
        textures = np.sort(texture.reshape(n * n, -1).mean(axis=1))
    else:
        across, textures = field.across(on_lines, normals), np.zeros(n * n)
    ridge = _ridges(across, (2, n + 1), cfg)
    return LatticeParts(float(ridge[:, 1:n].mean()), float(ridge[:, [0, n]].mean()), textures)


def field_score(field: EvidenceField, corners: np.ndarray, cfg: VisionConfig) -> float:
    """The score of the block with corners ``(4, 2)`` (:meth:`LatticeParts.score`; ``-inf`` for no
    lattice)."""
    parts = lattice_parts(field, corners, cfg)
    return -np.inf if parts is None else parts.score(cfg)


@lru_cache(maxsize=16)
def _continuation_samples(n: int, per_tile: int, lo: float, hi: float, offset: float) -> tuple[np.ndarray, np.ndarray]:
    """Where :func:`lattice_continues` samples an n×n lattice, in lattice units: the n - 1 inner
    lines of each direction continued ``lo``..``hi`` tile sides beyond both ends, with the lines
    ``offset`` beside them, ``(2·2·(n-1)·3·per_tile, 2)`` (direction, end, line, offset, point),
    and the same points nudged across their line."""
    beyond = np.linspace(lo, hi, per_tile)
    # lines of constant x (axis 0) run along y: beyond the top and bottom
    return _lines_beside([(axis, k, ends) for axis in (0, 1) for ends in (-beyond, n + beyond)
                          for k in range(1, n)], offset)


def lattice_continues(field: EvidenceField, corners: np.ndarray, cfg: VisionConfig) -> float:
    """How strongly the block with corners ``(4, 2)`` (pixels of ``field``) runs on beyond its
    outline: its inner lines continued past each of its four sides through each band of
    ``cfg.grid_continue_reach`` (tile sides out), each continuation's median ridge (as
    :func:`field_score` reads a line), capped at ``cfg.grid_ridge_cap``; the mean over a side's
    lines, the median of the four sides, and the weakest band. A garden's seams end at its outline,
    or run on one tile at most along a board's track of squares; a lattice on a table of squares
    runs on through every band."""
    n = cfg.grid
    try:
        h = lattice_homography(corners, n)
    except cv2.error:
        return 0.0
    per = cfg.grid_field_samples
    bands = []
    for lo, hi in cfg.grid_continue_reach:
        samples = _continuation_samples(n, per, lo, hi, cfg.grid_ridge_offset)
        ridge = line_ridges(field, h, *samples, (4, n - 1), cfg)  # (the four sides, their lines)
        if ridge is None:
            return 0.0
        bands.append(float(np.median(ridge.mean(axis=1))))
    return min(bands, default=0.0)


@lru_cache(maxsize=16)
def _subdivision_samples(n: int, per_tile: int, skip: float, offset: float, fractions: tuple[float, ...]
                         ) -> tuple[np.ndarray, np.ndarray]:
    """Where :func:`lattice_subdivided` samples an n×n lattice, in lattice units: for each of the
    ``fractions`` f, the n lines at k + f of each direction, with the lines ``offset`` beside them,
    ``(2·F·n·3·n·per_tile, 2)`` (direction, fraction, line, offset, point), and the same points
    nudged across their line."""
    along = np.concatenate([np.linspace(k + skip, k + 1 - skip, per_tile) for k in range(n)])
    return _lines_beside([(axis, k + f, along) for axis in (0, 1) for f in fractions for k in range(n)], offset)


def lattice_subdivided(field: EvidenceField, corners: np.ndarray, cfg: VisionConfig) -> float:
    """How strongly the block with corners ``(4, 2)`` (pixels of ``field``) is a finer lattice: for
    each fraction f of ``cfg.grid_sub_fractions``, the lines at k + f through every cell (as
    :func:`field_score` reads a line: the median ridge along the block, capped), their mean; the
    largest over the fractions. A garden's tiles carry art that no straight line crosses the whole
    block through; a block of 2×2 or 3×3 squares of a checked table (or of a garden's tiles) has
    seams there too."""
    n = cfg.grid
    try:
        h = lattice_homography(corners, n)
    except cv2.error:
        return 0.0
    fractions = tuple(cfg.grid_sub_fractions)
    samples = _subdivision_samples(n, cfg.grid_field_samples, cfg.seam_skip, cfg.grid_ridge_offset, fractions)
    ridge = line_ridges(field, h, *samples, (2, len(fractions), n), cfg)
    if ridge is None:
        return 0.0
    return float(ridge.mean(axis=(0, 2)).max())


def plain_cells(field: EvidenceField, corners: np.ndarray, cfg: VisionConfig) -> float:
    """How much art the block's cells hold against its seams (corners ``(4, 2)`` in pixels of
    ``field``): the texture of its ``cfg.grid_plain_rank``-th least textured cell (0 the least) over
    its inner seams' mean ridge (as :func:`field_score` reads them; at least 1). A garden's tiles
    all carry art, rarely much fainter than the seams between them (one may lie under glare); the
    squares of a checked table or floor are plain, their edges strong. 0 for no lattice."""
    parts = lattice_parts(field, corners, cfg)
    return 0.0 if parts is None else parts.plain(cfg)


def polish(field: EvidenceField, corners: np.ndarray, cfg: VisionConfig, coarse: EvidenceField | None = None,
           steps: tuple[float, ...] | None = None, unit: float | None = None,
           allowed: Callable[[np.ndarray], bool] | None = None) -> tuple[np.ndarray, float]:
    """Corners ``(4, 2)`` moved one coordinate at a time, by ``steps`` (default
    ``cfg.grid_polish_steps``) tile sides (``unit`` pixels; default the tile side of ``corners``)
    coarse to fine, while :func:`field_score` rises and ``allowed`` (when given) takes the move: a
    block found in a view whose perspective was a little off is pulled onto the seams and outline.
    Steps of ``cfg.grid_coarse_step`` or more climb the ``coarse`` field (more blurred: a wider
    reach), when given. Returns (corners, score in ``field``)."""
    known: dict[tuple[int, bytes], float] = {}  # a climb comes back to where it was (a move and its undoing)

    def scored(evidence: EvidenceField, c: np.ndarray) -> float:
        key = (id(evidence), c.tobytes())
        if key not in known:
            known[key] = field_score(evidence, c, cfg)
        return known[key]

    def on(step: float) -> Callable[[np.ndarray], float]:
        evidence = coarse if coarse is not None and step >= cfg.grid_coarse_step else field
        return lambda c: scored(evidence, c)

    if unit is None:
        unit = tile_side_px(np.asarray(corners, np.float64), cfg.grid)
    best, _ = climb_corners(corners, on, cfg.grid_polish_steps if steps is None else steps, cfg.grid_polish_rounds,
                            unit, allowed)
    return best, scored(field, np.asarray(best, np.float64))


def field_copy(fine: np.ndarray, fscale: float, small: np.ndarray, scale: float, corners: np.ndarray,
               cfg: VisionConfig) -> tuple[np.ndarray, float]:
    """The working copy a block with ``corners`` ``(4, 2)`` (image pixels) is judged on, and its
    scale: ``small`` (at ``scale`` of the image), or ``fine`` (at ``fscale``) when the block's tiles
    are smaller than ``cfg.grid_field_min_tile`` pixels on ``small``."""
    on_fine = tile_side_px(corners * scale, cfg.grid) < cfg.grid_field_min_tile
    return (fine, fscale) if on_fine else (small, scale)
