"""Find the 4×4 tile block in a photo from the tiles themselves: their outline and the seams.

1. On a downscaled working copy, a *texture mask* marks busy, colourful pixels (tiles are drawn,
   boards and tables are comparatively plain); its large blobs give candidate quadrilaterals.
2. Each candidate is scored by a *grid fit*: warp it to a canonical square and measure edge
   energy across the 5 lines of each direction (outline + 3 interior seams) against the energy
   inside the tiles. A local search over the 8 corner coordinates maximises the fit, coarse to
   fine, so the corners end on the seams of a 4×4 grid — not on any board art.
3. The best candidate is refined again at higher resolution for sub-pixel corners, then ordered
   so corner 0 is the garden's top-left as seen in the photo (nearest quarter turn).

``locate_garden(image, cfg) -> (4, 2)`` float64 ``(x, y)`` corners TL, TR, BR, BL in the pixel
coordinates of ``image``. Raises :class:`GridNotFoundError` when no 4×4 grid fits well.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.crop import GRID, check_image


class GridNotFoundError(ValueError):
    """No 4×4 tile grid could be found in the photo (give the four corners by hand)."""


# --- helpers ------------------------------------------------------------------------------------

def downscale(image: np.ndarray, side: int) -> tuple[np.ndarray, float]:
    """``(M, N, 3)`` -> (working copy whose longer side is at most ``side``, scale = work / image)."""
    check_image(image)
    longer = max(image.shape[:2])
    if longer <= side:
        return image, 1.0
    scale = side / longer
    size = (max(1, round(image.shape[1] * scale)), max(1, round(image.shape[0] * scale)))
    small = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    return small, small.shape[1] / image.shape[1]


def order_corners(quad: np.ndarray) -> np.ndarray:
    """Order 4 points ``(4, 2)`` clockwise on screen (y down) starting at the corner that puts the
    garden upright to the nearest quarter turn: the direction from the bottom edge's midpoint to
    the top edge's midpoint is closest to the image's up direction."""
    pts = np.asarray(quad, dtype=np.float64).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]  # increasing angle = clockwise on screen (y down)
    best, best_cost = pts, np.inf
    for k in range(4):
        cand = np.roll(pts, -k, axis=0)
        # "Up" = from the bottom edge's midpoint to the top edge's: its angle from the image's up
        # direction is the garden's in-plane rotation in this corner order.
        up = (cand[0] + cand[1]) / 2 - (cand[2] + cand[3]) / 2
        cost = abs(np.arctan2(up[0], -up[1]))
        if cost < best_cost - 1e-9:
            best, best_cost = cand, cost
    return best


def _canonical(side: int) -> np.ndarray:
    return np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float32)


# --- the grid fit ---------------------------------------------------------------------------------

class GridScorer:
    """Scores how well a quadrilateral on a gray image sits on a 4×4 grid of tile seams."""

    def __init__(self, gray: np.ndarray, cfg: VisionConfig) -> None:
        self.gray = gray
        self.cfg = cfg
        side = cfg.fit_side
        self.side = side
        self.dst = _canonical(side)
        cell = side / GRID
        lines = np.round(np.arange(GRID + 1) * cell).astype(int)
        lines[-1] = side - 1
        self.lines = lines
        off = cfg.seam_offset
        inner = []
        for i in range(GRID):
            lo, hi = round(i * cell), round((i + 1) * cell)
            inner.extend([lo + off, hi - off])
        self.inner = np.array(inner)
        self.span = slice(int(cell * 0.08), side - int(cell * 0.08))

    def profiles(self, quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Mean absolute gradient across vertical lines (per column) and across horizontal lines
        (per row) of the warped square: two ``(side,)`` profiles."""
        h = cv2.getPerspectiveTransform(quad.astype(np.float32), self.dst)
        warped = cv2.warpPerspective(self.gray, h, (self.side, self.side), flags=cv2.INTER_LINEAR,
                                     borderMode=cv2.BORDER_REPLICATE)
        gx = np.abs(cv2.Sobel(warped, cv2.CV_32F, 1, 0, ksize=3))
        gy = np.abs(cv2.Sobel(warped, cv2.CV_32F, 0, 1, ksize=3))
        return gx.mean(axis=0), gy.mean(axis=1)

    def score(self, quad: np.ndarray) -> float:
        """Seam contrast: edge energy on the grid lines relative to the energy inside tiles."""
        col_profile, row_profile = self.profiles(quad)
        total = 0.0
        hw = self.cfg.seam_halfwidth
        for profile in (col_profile, row_profile):
            on = np.array([profile[max(0, x - hw): x + hw + 1].max() for x in self.lines])
            inside = float(np.median(profile[self.inner])) + 1e-3
            total += float(np.mean(np.log((on + 1e-3) / inside)))
        return total / 2.0

    def refine(self, quad: np.ndarray, steps: tuple[float, ...]) -> tuple[np.ndarray, float]:
        """Coordinate ascent on the 8 corner coordinates, coarse to fine."""
        best = np.asarray(quad, dtype=np.float64).copy()
        best_score = self.score(best)
        for step in steps:
            for _ in range(self.cfg.refine_rounds):
                improved = False
                for i in range(4):
                    for j in range(2):
                        for sign in (1.0, -1.0):
                            cand = best.copy()
                            cand[i, j] += sign * step
                            s = self.score(cand)
                            if s > best_score + 1e-6:
                                best, best_score, improved = cand, s, True
                if not improved:
                    break
        return best, best_score


# --- the learned tile mask --------------------------------------------------------------------------

def pixel_features(small: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """``(m, n, 3)`` uint8 BGR (already at ``cfg.mask_side``) -> ``(m*n, F)`` float32 per-pixel
    features: Lab colour, local means and spreads of Lab and gradient energy at several scales."""
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    gray = lab[..., 0]
    mag = cv2.magnitude(cv2.Sobel(gray, cv2.CV_32F, 1, 0), cv2.Sobel(gray, cv2.CV_32F, 0, 1))
    sat = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)[..., 1:2].astype(np.float32)
    planes = [lab, sat]
    for k in cfg.mask_windows:
        mean = cv2.blur(lab, (k, k))
        sq = cv2.blur(lab * lab, (k, k))
        planes += [mean, np.sqrt(np.maximum(sq - mean * mean, 0.0)), cv2.blur(mag, (k, k))[..., None]]
    feats = np.concatenate([p.reshape(p.shape[0], p.shape[1], -1) for p in planes], axis=2)
    return feats.reshape(-1, feats.shape[2])


def mask_image(image: np.ndarray, cfg: VisionConfig) -> tuple[np.ndarray, float]:
    """``(M, N, 3)`` -> (the small copy the mask works on, scale small / image)."""
    return downscale(image, cfg.mask_side)


def truth_mask(shape: tuple[int, int], corners: np.ndarray) -> np.ndarray:
    """``(m, n)`` uint8 mask, 1 inside the quadrilateral ``corners`` ``(4, 2)``."""
    mask = np.zeros(shape, dtype=np.uint8)
    cv2.fillConvexPoly(mask, np.round(corners).astype(np.int32), 1)
    return mask


def quad_from_mask(prob: np.ndarray, cfg: VisionConfig) -> np.ndarray | None:
    """Tile-probability map ``(m, n)`` -> the quadrilateral ``(4, 2)`` of its largest blob, its
    sides fitted as lines to the blob outline; ``None`` when there is no sizeable blob."""
    mask = (prob > cfg.mask_threshold).astype(np.uint8)
    close = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, close)
    # Opening with a big kernel cuts the thin bridges to board frames, coins and hands.
    side = round(cfg.mask_open_frac * max(mask.shape))
    if side >= 3:
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side | 1, side | 1))
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return None
    contour = max(contours, key=cv2.contourArea)
    if cv2.contourArea(contour) < cfg.min_quad_area_frac * mask.size:
        return None
    hull = cv2.convexHull(contour)
    quad = _fit_sides(hull.reshape(-1, 2).astype(np.float64), _quad_from_hull(hull))
    return fit_quad_to_map(prob, quad, cfg)


def fit_quad_to_map(prob: np.ndarray, quad: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """Move the corners of ``quad`` ``(4, 2)`` to maximise the sum of ``prob - threshold`` inside
    it (coordinate ascent): a quadrilateral ignores small protrusions (a coin, a hand) and fills
    small holes (glare) of the tile map ``(m, n)``."""
    gain = (prob - cfg.mask_threshold).astype(np.float32)
    shift = 4  # fixed-point bits for sub-pixel polygon filling
    canvas = np.zeros(gain.shape, dtype=np.uint8)

    def objective(q: np.ndarray) -> float:
        canvas[:] = 0
        cv2.fillConvexPoly(canvas, np.round(q * (1 << shift)).astype(np.int32), 1, cv2.LINE_8, shift)
        return float(gain[canvas > 0].sum())

    best = np.asarray(quad, dtype=np.float64).copy()
    best_val = objective(best)
    for step in cfg.mask_fit_steps:
        for _ in range(cfg.refine_rounds):
            improved = False
            for i in range(4):
                for j in range(2):
                    for sign in (1.0, -1.0):
                        cand = best.copy()
                        cand[i, j] += sign * step
                        val = objective(cand)
                        if val > best_val + 1e-6:
                            best, best_val, improved = cand, val, True
            if not improved:
                break
    return best


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
    out = np.empty((4, 2))
    for i in range(4):
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        m = np.array([d1, -d2]).T
        if abs(np.linalg.det(m)) < 1e-9:
            return quad
        t = np.linalg.solve(m, p2 - p1)
        out[i] = p1 + t[0] * d1
    return out


# --- candidates ----------------------------------------------------------------------------------

def texture_map(small: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """``(m, n, 3)`` working image -> ``(m, n)`` float32 local 'tile-ness': blurred gradient energy
    plus colour saturation, normalised to [0, 1]."""
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).astype(np.float32)
    gray = cv2.GaussianBlur(gray, (0, 0), cfg.locate_blur_sigma)
    mag = cv2.magnitude(cv2.Sobel(gray, cv2.CV_32F, 1, 0), cv2.Sobel(gray, cv2.CV_32F, 0, 1))
    sat = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)[..., 1].astype(np.float32)
    k = max(3, cfg.mask_close_px)
    energy = cv2.blur(mag, (k, k))
    sat = cv2.blur(sat, (k, k))
    e = energy / (np.percentile(energy, 99) + 1e-3)
    s = sat / (np.percentile(sat, 99) + 1e-3)
    return np.clip(0.5 * e + 0.5 * s, 0.0, 1.0)


def candidate_quads(small: np.ndarray, cfg: VisionConfig) -> list[np.ndarray]:
    """Quadrilaterals ``(4, 2)`` around large busy blobs of the working image, at several mask
    thresholds."""
    tmap = texture_map(small, cfg)
    area_min = cfg.min_quad_area_frac * small.shape[0] * small.shape[1]
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (cfg.mask_close_px, cfg.mask_close_px))
    quads: list[np.ndarray] = []
    for q in cfg.mask_quantiles:
        thr = np.quantile(tmap, q)
        mask = (tmap > thr).astype(np.uint8)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for contour in sorted(contours, key=cv2.contourArea, reverse=True)[:3]:
            if cv2.contourArea(contour) < area_min:
                continue
            hull = cv2.convexHull(contour)
            quads.append(_quad_from_hull(hull))
    return quads[: cfg.max_candidates]


def shrunk_quads(quad: np.ndarray, factors: tuple[float, ...]) -> list[np.ndarray]:
    """Copies of ``quad`` ``(4, 2)`` shrunk about its centre *in its own plane* (through the
    homography to a square): the tile block often sits inside a larger busy outline."""
    quad = np.asarray(quad, dtype=np.float64)
    unit = _canonical(1)
    h_inv = cv2.getPerspectiveTransform(unit, quad.astype(np.float32))
    out = []
    for f in factors:
        lo, hi = 0.5 - f / 2, 0.5 + f / 2
        pts = np.array([[[lo, lo], [hi, lo], [hi, hi], [lo, hi]]], dtype=np.float64)
        out.append(cv2.perspectiveTransform(pts, h_inv)[0])
    return out


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


def comb_fit(profile: np.ndarray, min_period: float, max_period: float) -> tuple[int, int, float]:
    """Best 5-tooth comb on a 1-D edge profile: ``(start, period, contrast)`` maximising the mean
    profile on the 5 teeth over the mean half-way between them (the seams of 4 equal tiles)."""
    side = profile.shape[0]
    # max over a 3-pixel window so a tooth tolerates a pixel of error
    peak = np.maximum(profile, np.maximum(np.roll(profile, 1), np.roll(profile, -1)))
    best = (0, int(max_period), -np.inf)
    for period in range(int(min_period), int(max_period) + 1):
        starts = np.arange(0, side - GRID * period)
        if starts.size == 0:
            continue
        teeth = np.stack([peak[starts + i * period] for i in range(GRID + 1)])
        gaps = np.stack([profile[starts + i * period + period // 2] for i in range(GRID)])
        contrast = np.log(teeth.mean(axis=0) + 1e-3) - np.log(np.median(gaps, axis=0) + 1e-3)
        j = int(np.argmax(contrast))
        if contrast[j] > best[2]:
            best = (int(starts[j]), period, float(contrast[j]))
    return best


def grid_in_outline(gray: np.ndarray, outline: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """Rectify the busy ``outline`` ``(4, 2)`` to a square, find the 4×4 seam comb along each axis
    and return the tile block's quad ``(4, 2)`` in ``gray``'s pixels."""
    side = cfg.comb_side
    dst = _canonical(side)
    h = cv2.getPerspectiveTransform(outline.astype(np.float32), dst)
    warped = cv2.warpPerspective(gray, h, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    gx = np.abs(cv2.Sobel(warped, cv2.CV_32F, 1, 0, ksize=3))
    gy = np.abs(cv2.Sobel(warped, cv2.CV_32F, 0, 1, ksize=3))
    lo, hi = cfg.comb_min_frac * side / GRID, side / GRID
    x_range, y_range = (0, side), (0, side)
    for _ in range(cfg.comb_rounds):
        x0, px, _ = comb_fit(gx[y_range[0]:y_range[1]].mean(axis=0), lo, hi)
        y0, py, _ = comb_fit(gy[:, x_range[0]:x_range[1]].mean(axis=1), lo, hi)
        x_range, y_range = (x0, x0 + GRID * px), (y0, y0 + GRID * py)
    rect = np.array([[[x_range[0], y_range[0]], [x_range[1], y_range[0]], [x_range[1], y_range[1]],
                      [x_range[0], y_range[1]]]], dtype=np.float64)
    return cv2.perspectiveTransform(rect, np.linalg.inv(h))[0]


# --- the stage ------------------------------------------------------------------------------------

def locate_garden(image: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG, mask_model: object | None = None
                  ) -> np.ndarray:
    """Find the garden in ``image`` ``(M, N, 3)`` uint8 BGR -> corners ``(4, 2)`` float64 (x, y)
    TL, TR, BR, BL in ``image`` pixels. Raises :class:`GridNotFoundError`.

    ``mask_model`` (a fitted classifier with ``predict_proba`` on :func:`pixel_features`, as in the
    tile model) gives the tile-pixel map; without it a hand-made texture map is used.
    """
    check_image(image)
    if mask_model is not None:
        return _locate_with_mask(image, cfg, mask_model)
    small, scale = downscale(image, cfg.locate_side)
    gray = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), (0, 0), cfg.locate_blur_sigma)
    scorer = GridScorer(gray.astype(np.float32), cfg)
    outlines = candidate_quads(small, cfg)
    if not outlines:
        raise GridNotFoundError("no garden found: nothing in the photo looks like a block of tiles")
    g32 = gray.astype(np.float32)
    candidates = [order_corners(grid_in_outline(g32, order_corners(q), cfg)) for q in outlines]
    scored = sorted(((scorer.score(q), q) for q in candidates), key=lambda t: -t[0])
    best_quad, best_score = None, -np.inf
    for _, quad in scored[: cfg.refine_candidates]:
        refined, s = scorer.refine(quad, cfg.refine_steps)
        if s > best_score:
            best_quad, best_score = refined, s
    if best_quad is None or best_score < cfg.min_grid_score:
        raise GridNotFoundError(
            f"no 4x4 tile grid found (best seam fit {best_score:.2f} < {cfg.min_grid_score:.2f}); "
            "give the four corners by hand")
    corners = best_quad / scale
    corners = refine_subpixel(image, corners, cfg)
    return order_corners(corners)


def _locate_with_mask(image: np.ndarray, cfg: VisionConfig, mask_model: object) -> np.ndarray:
    tiny, tiny_scale = mask_image(image, cfg)
    prob = mask_model.predict_proba(pixel_features(tiny, cfg))[:, 1].reshape(tiny.shape[:2])  # type: ignore[attr-defined]
    prob = cv2.GaussianBlur(prob.astype(np.float32), (0, 0), cfg.mask_smooth_sigma)
    quad = quad_from_mask(prob, cfg)
    if quad is None:
        raise GridNotFoundError("no garden found: nothing in the photo looks like a block of tiles")
    small, scale = downscale(image, cfg.locate_side)
    gray = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), (0, 0), cfg.locate_blur_sigma)
    scorer = GridScorer(gray.astype(np.float32), cfg)
    quad = order_corners(quad * (scale / tiny_scale))
    score = scorer.score(quad)
    if score < cfg.min_grid_score:
        raise GridNotFoundError(
            f"no 4x4 tile grid found (seam fit {score:.2f} < {cfg.min_grid_score:.2f}); give the four corners by hand")
    if cfg.refine_steps:
        quad, score = scorer.refine(quad, cfg.refine_steps)
    corners = refine_subpixel(image, quad / scale, cfg)
    return order_corners(corners)


def refine_subpixel(image: np.ndarray, corners: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """Polish corners ``(4, 2)`` with the grid fit on a finer working copy (``cfg.subpix_side``),
    in sub-pixel steps. ``image`` is ``(M, N, 3)`` uint8 BGR."""
    fine, scale = downscale(image, cfg.subpix_side)
    if scale * max(image.shape[:2]) <= cfg.locate_side:
        return corners
    gray = cv2.GaussianBlur(cv2.cvtColor(fine, cv2.COLOR_BGR2GRAY), (0, 0), cfg.locate_blur_sigma)
    fine_cfg = cfg
    scorer = GridScorer(gray.astype(np.float32), fine_cfg)
    scorer_side = cfg.subpix_fit_side
    if scorer_side != scorer.side:
        from dataclasses import replace

        scorer = GridScorer(gray.astype(np.float32), replace(cfg, fit_side=scorer_side))
    refined, _ = scorer.refine(corners * scale, cfg.subpix_steps)
    return refined / scale
