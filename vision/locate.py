"""Find the 4×4 tile block in a photo from the tiles themselves: where tile pixels are, then the
straight outline of the block.

1. *Tile map*: on a tiny copy (``cfg.mask_side``), a small learned per-pixel classifier (part of
   the tile model, trained on tile vs non-tile pixels of labelled photos) gives the probability
   that a pixel shows tile art; without a model a hand-made texture/colour map stands in.
2. *Quadrilateral*: the main blob (thin attachments such as a hand, a card or a coin cut off by
   depth), its convex hull reduced to 4 sides, then the 4 corners moved to best cover the
   probability map — robust to glare holes and clutter touching the block.
3. *Outline*: each side is snapped to the block's edge on a larger gray copy: the strongest
   intensity step along 40 normals, sub-pixel by parabola, a RANSAC line through them, sides
   intersected; coarse band then fine band, and a last pass on a 1600-pixel copy for big photos.
   The smaller copies are shrunk from the fine one, not from the photo (:func:`working_copies`).
4. The outline is moved in by the learned inset (tile edges, shadows), then fitted jointly with
   the inner seams (:mod:`vision.seams`) on the ``cfg.edge_fine_side`` gray copy: the seams catch an
   outline side that snapped to the coin track or a board line.
5. Corners are ordered so corner 0 is the garden's top-left as seen (nearest quarter turn).

``locate_garden(image, cfg) -> (4, 2)`` float64 ``(x, y)`` corners TL, TR, BR, BL in the pixel
coordinates of ``image``. Raises :class:`GridNotFoundError` when no 4×4 grid fits well.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.crop import GRID, check_image
from vision.seams import SeamMaps, lattice_score, refine_with_seams, search_lattice, straight_part, tile_side_px


class GridNotFoundError(ValueError):
    """No 4×4 tile grid could be found in the photo (give the four corners by hand)."""


# --- helpers ------------------------------------------------------------------------------------

def downscale(image: np.ndarray, side: int, linear_above: float = 1.0) -> tuple[np.ndarray, float]:
    """``(M, N, 3)`` -> (working copy whose longer side is at most ``side``, scale = work / image).
    Pixel-area averaging, or bilinear (several times faster) when the scale is above
    ``linear_above``: shrinking by less than half, bilinear leaves out no pixel."""
    check_image(image)
    longer = max(image.shape[:2])
    if longer <= side:
        return image, 1.0
    scale = side / longer
    size = (max(1, round(image.shape[1] * scale)), max(1, round(image.shape[0] * scale)))
    small = cv2.resize(image, size, interpolation=cv2.INTER_LINEAR if scale > linear_above else cv2.INTER_AREA)
    return small, small.shape[1] / image.shape[1]


def tilt_degrees(corners: np.ndarray) -> float:
    """In-plane tilt (degrees, -180..180, clockwise positive) of the "up" direction — from the
    bottom edge's midpoint to the top edge's — of corners ``(4, 2)`` TL, TR, BR, BL (y down)."""
    c = np.asarray(corners, dtype=np.float64)
    up = (c[0] + c[1]) / 2 - (c[2] + c[3]) / 2
    return float(np.degrees(np.arctan2(up[0], -up[1])))


def upright_turns(corners: np.ndarray) -> int:
    """The roll ``k`` (0..3) of clockwise corners ``(4, 2)`` that puts the garden upright as seen:
    ``np.roll(corners, k, axis=0)`` has the smallest tilt. Under perspective the four choices are not
    exactly 90° apart, so all four are compared rather than one angle rounded; the synthetic ground
    truth uses this same rule."""
    c = np.asarray(corners, dtype=np.float64)
    tilts = [abs(tilt_degrees(np.roll(c, k, axis=0))) for k in range(4)]
    return int(np.argmin(tilts))


def order_corners(quad: np.ndarray) -> np.ndarray:
    """Order 4 points ``(4, 2)`` clockwise on screen (y down) starting at the garden's top-left as
    seen (:func:`upright_turns`), whichever order they came in."""
    pts = np.asarray(quad, dtype=np.float64).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]  # increasing angle = clockwise on screen (y down)
    return np.roll(pts, upright_turns(pts), axis=0)


def _canonical(side: int) -> np.ndarray:
    return np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float32)


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


def quad_from_mask(prob: np.ndarray, cfg: VisionConfig, threshold: float | None = None) -> np.ndarray | None:
    """Tile-probability map ``(m, n)`` -> the quadrilateral ``(4, 2)`` of its largest blob, its
    sides fitted as lines to the blob outline; ``None`` when there is no sizeable blob. The blob
    is where the map exceeds ``threshold`` (default ``cfg.mask_threshold``)."""
    threshold = cfg.mask_threshold if threshold is None else threshold
    mask = (prob > threshold).astype(np.uint8)
    close = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, close)
    # Opening with a big kernel cuts the thin bridges to board frames, coins and hands.
    side = round(cfg.mask_open_frac * max(mask.shape))
    if side >= 3:
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side | 1, side | 1))
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    mask = _core_blob(mask, cfg)
    if mask is None or int(mask.sum()) < cfg.min_quad_area_frac * mask.size:
        return None
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    contour = max(contours, key=cv2.contourArea)
    hull = cv2.convexHull(contour)
    starts = [
        _fit_sides(hull.reshape(-1, 2).astype(np.float64), _quad_from_hull(hull)),
        np.asarray(cv2.boxPoints(cv2.minAreaRect(contour)), dtype=np.float64),
    ]
    best, best_val = None, -np.inf
    for start in starts:
        quad, val = fit_quad_to_map(prob, order_corners(start), cfg, threshold)
        if val > best_val:
            best, best_val = quad, val
    return best


def _core_blob(mask: np.ndarray, cfg: VisionConfig) -> np.ndarray | None:
    """The main blob of a binary mask ``(m, n)`` without thin attachments: pixels deeper than
    ``cfg.core_depth`` of the blob's maximal depth, grown back by that depth inside the mask."""
    if not mask.any():
        return None
    # a zero frame makes the image border count as the blob's edge (a mask of all ones is finite)
    framed = cv2.copyMakeBorder(mask, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    dist = cv2.distanceTransform(framed, cv2.DIST_L2, 5)[1:-1, 1:-1]
    depth = float(dist.max())
    core = (dist > cfg.core_depth * depth).astype(np.uint8)
    count, labels = cv2.connectedComponents(core)
    if count <= 1:
        return None
    peak = np.unravel_index(int(np.argmax(dist)), dist.shape)
    core = (labels == labels[peak]).astype(np.uint8)
    radius = int(np.ceil(cfg.core_regrow * cfg.core_depth * depth)) + 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
    return cv2.dilate(core, kernel) & mask


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

    def objective(q: np.ndarray) -> float:
        canvas[:] = 0
        cv2.fillConvexPoly(canvas, np.round(q * (1 << shift)).astype(np.int32), 1, cv2.LINE_8, shift)
        return float(gain[canvas > 0].sum())

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


def _fit_sides(points: np.ndarray, quad: np.ndarray) -> np.ndarray:
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
        sel = (along > 0.15 * length) & (along < 0.85 * length) & (across < 0.05 * length + 2)
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
    tile = float(np.mean(np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1))) / GRID
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
    if np.linalg.norm(out - quad, axis=1).max() > 2.5 * half:
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

def tile_map(image: np.ndarray, cfg: VisionConfig, mask_model: object | None) -> tuple[np.ndarray, float]:
    """``(M, N, 3)`` -> (tile-probability map ``(m, n)`` float32 on a ``cfg.mask_side`` copy, scale
    map / image). Uses the learned mask model, or the hand-made texture map without one."""
    tiny, scale = downscale(image, cfg.mask_side, cfg.map_linear_downscale_above)
    if mask_model is None:
        prob = texture_map(tiny, cfg)
    else:
        prob = mask_model.predict_proba(pixel_features(tiny, cfg))[:, 1].reshape(tiny.shape[:2])  # type: ignore[attr-defined]
    return cv2.GaussianBlur(prob.astype(np.float32), (0, 0), cfg.mask_smooth_sigma), scale


def working_copies(image: np.ndarray, cfg: VisionConfig
                   ) -> tuple[np.ndarray, float, np.ndarray, float, np.ndarray, float]:
    """``(M, N, 3)`` -> (fine, fine scale, small, small scale, tiny, tiny scale): copies whose longer
    sides are at most ``cfg.edge_fine_side`` (the image itself when 0), ``cfg.locate_side`` and
    ``cfg.mask_side``, scales = copy / image. The smaller two are shrunk from the fine copy, not
    from the photo: on a 12-megapixel photo that is a third of the resizing. Training takes the
    tile-map copy from here too, so the mask learner sees the very pixels it reads. (Shrinking the
    tiny copy from the small one instead was measured worse: 3 localisation failures in 200 vs 0.)"""
    fine, fine_scale = (downscale(image, cfg.edge_fine_side, cfg.linear_downscale_above) if cfg.edge_fine_side
                        else (image, 1.0))
    small, step = downscale(fine, cfg.locate_side, cfg.map_linear_downscale_above)
    tiny, tiny_step = downscale(fine, cfg.mask_side, cfg.map_linear_downscale_above)
    return fine, fine_scale, small, fine_scale * step, tiny, fine_scale * tiny_step


def locate_garden(image: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG, mask_model: object | None = None
                  ) -> np.ndarray:
    """Find the garden in ``image`` ``(M, N, 3)`` uint8 BGR -> corners ``(4, 2)`` float64 (x, y)
    TL, TR, BR, BL in ``image`` pixels. Raises :class:`GridNotFoundError`.

    ``mask_model`` (the tile model's ``mask``: ``predict_proba`` on :func:`pixel_features`) gives
    the tile-pixel map; without it a hand-made texture map is used (much less reliable).
    """
    check_image(image)
    fine, fscale, small, scale, tiny, map_scale = working_copies(image, cfg)
    prob, _ = tile_map(tiny, cfg, mask_model)
    quad = quad_from_mask(prob, cfg)
    if quad is None:
        raise GridNotFoundError("no garden found: nothing in the photo looks like a block of tiles; "
                                "give the four corners by hand")
    quad = quad / map_scale
    fine_gray = cv2.cvtColor(fine, cv2.COLOR_BGR2GRAY) if cfg.edge_fine_side else None
    gray = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), (0, 0), cfg.locate_blur_sigma)
    gray = gray.astype(np.float32)
    fine_blur = None  # the fine copy blurred, for a last outline pass when the photo is bigger
    if fine_gray is not None and fscale > scale * 1.2:
        fine_blur = cv2.GaussianBlur(fine_gray, (0, 0), cfg.locate_blur_sigma).astype(np.float32)
    maps = SeamMaps(fine_gray, cfg) if fine_gray is not None else None
    corners = _outline_and_seams(quad, gray, scale, maps, fine_blur, fscale, cfg)
    if maps is None:
        return corners
    smap = maps(tile_side_px(corners * fscale))
    score = lattice_score(smap, corners * fscale, cfg)

    def candidate(start: np.ndarray) -> tuple[np.ndarray, float]:
        """Another start quad (image pixels) -> its refined corners and their lattice score."""
        found = _outline_and_seams(start, gray, scale, maps, fine_blur, fscale, cfg)
        return found, lattice_score(smap, found * fscale, cfg)

    zoomed = _zoom_in(fine, quad * fscale, cfg, mask_model)
    if zoomed is not None:
        # a small garden: its zoomed-in tile map is a second candidate; the seams decide
        other, other_score = candidate(zoomed / fscale)
        if other_score > score:
            corners, score = other, other_score
    if score < cfg.lattice_min_score:
        # a weak lattice: the tile map may have missed a dim part of the block; lower thresholds
        # give other candidates, which must beat it clearly (as the search below must)
        for threshold in cfg.mask_retry_thresholds:
            retry = quad_from_mask(prob, cfg, threshold)
            if retry is None:
                continue
            other, other_score = candidate(retry / map_scale)
            if _clear_gain(other_score, score, cfg):
                corners, score = other, other_score
    for square in squared_up(quad, cfg) + squared_up(corners, cfg):
        # an oblong block: the map missed a row or column, or took in a strip beside the block
        other, other_score = candidate(square)
        if other_score > score:
            corners, score = other, other_score
    if score < cfg.lattice_min_score:
        # a weak lattice: let the seams alone lead a search from there
        searched = refine_with_seams(maps.gray, search_lattice(smap, corners * fscale, cfg), cfg, maps)
        new_score = lattice_score(smap, searched, cfg)
        if _clear_gain(new_score, score, cfg):
            corners = searched / fscale
    return corners


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


def _clear_gain(new: float, old: float, cfg: VisionConfig) -> bool:
    """Whether lattice score ``new`` beats ``old`` clearly: by ``cfg.lattice_gain_factor`` times
    and ``cfg.lattice_gain_min`` (blurred photos have faint seams, where small gains are noise)."""
    return new > max(cfg.lattice_gain_factor * old, old + cfg.lattice_gain_min)


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
        corners = inset_quad(corners, cfg.outline_inset)
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


def inset_quad(quad: np.ndarray, inset: float) -> np.ndarray:
    """Move every side of ``quad`` ``(4, 2)`` inwards by ``inset`` tile sides, in the quad's own
    plane (through the homography of the 4×4 block): the found outline includes the tiles' edges
    and shadows; the learned inset (see training) maps it to the tile art's corners."""
    outer = np.array([[-inset, -inset], [GRID + inset, -inset], [GRID + inset, GRID + inset], [-inset, GRID + inset]],
                     dtype=np.float32)
    h = cv2.getPerspectiveTransform(outer, np.asarray(quad, dtype=np.float32))
    inner = np.array([[[0, 0], [GRID, 0], [GRID, GRID], [0, GRID]]], dtype=np.float64)
    return cv2.perspectiveTransform(inner, h)[0]


def outline_offset(found: np.ndarray, truth: np.ndarray) -> float:
    """How far (tile sides, outwards positive) the sides of ``found`` lie from those of ``truth``,
    both ``(4, 2)`` in the same order: the mean over the 8 side coordinates in the block's plane."""
    h = cv2.getPerspectiveTransform(np.asarray(truth, dtype=np.float32),
                                    np.array([[0, 0], [GRID, 0], [GRID, GRID], [0, GRID]], dtype=np.float32))
    unit = cv2.perspectiveTransform(np.asarray(found, dtype=np.float64)[None], h)[0]
    outward = np.concatenate([-unit[0], [unit[1, 0] - GRID, -unit[1, 1]], unit[2] - GRID,
                              [-unit[3, 0], unit[3, 1] - GRID]])
    return float(np.median(outward))
