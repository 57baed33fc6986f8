"""Fit the 4×4 lattice to the seams between the tiles: art-independent, sub-pixel corners.

The outline of the block (see :mod:`vision.locate`) can snap to the wrong straight edge: the
inner edge of the coin track runs parallel to the tiles a few hundredths of a tile outside them,
and a dark tile on a dark board gives a weak step. The three inner seams in each direction, thin
dark lines between the tiles whatever the art, pin the lattice down:

1. *Seam map*: a black-hat of the gray image (``(M, N)`` -> ``(M, N)`` float32) with a kernel of
   ``cfg.seam_kernel`` tile sides: large where a line darker than both sides and thinner than the
   kernel runs (a seam or a gap), near zero on flat art.
2. *Seam points*: along each inner seam of the current lattice, ``cfg.seam_per_tile`` normals per
   tile; on each, the seam map's strongest response within ``band`` tile sides, sub-pixel by
   parabola. A robust line per seam keeps the points on one straight seam (figures drawn on the
   tiles also have dark lines).
3. *Joint fit*: one homography from the canonical lattice to the image, fitted (direct linear
   transform, reweighted to geometric distances in lattice units) to the seam points and to
   points along the outline's four sides. An outline side that the seams disagree with by more
   than ``cfg.outline_tolerance`` tile sides is dropped (the worst first) and the fit repeated.
   Seams do not decide alone: three lines extrapolated to the outer corners amplify their noise.

``refine_with_seams(gray, corners, cfg) -> (4, 2)`` corners; when the seams are too faint (a
blurred photo, no gaps) the input corners come back unchanged.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig


def canonical_square(n: int) -> np.ndarray:
    """``(4, 2)`` float32 corners of the lattice square ``0..n`` tile sides: TL, TR, BR, BL."""
    return np.array([[0, 0], [n, 0], [n, n], [0, n]], dtype=np.float32)


#: One group of points on one lattice line: (axis 0 = a line of constant column coordinate /
#: 1 = constant row coordinate, index 0..4 of the line, points ``(K, 2)`` (x, y) in the image,
#: True when the points come from the outline rather than a seam).
LineGroup = tuple[int, int, np.ndarray, bool]


def lattice_homography(corners: np.ndarray, n: int = 4) -> np.ndarray:
    """Corners ``(4, 2)`` TL, TR, BR, BL of an n×n block -> ``(3, 3)`` homography from lattice
    coordinates (0..n tile sides, x = column, y = row) to the image."""
    return cv2.getPerspectiveTransform(canonical_square(n), np.asarray(corners, dtype=np.float32)).astype(np.float64)


def lattice_corners(h: np.ndarray, n: int = 4) -> np.ndarray:
    """``(3, 3)`` lattice->image homography of an n×n block -> the block's corners ``(4, 2)``."""
    return cv2.perspectiveTransform(canonical_square(n)[None].astype(np.float64), h)[0]


def tile_side_px(corners: np.ndarray, n: int = 4) -> float:
    """Mean side of one tile (pixels) of the n×n block with corners ``(4, 2)``."""
    c = np.asarray(corners, dtype=np.float64)
    return float(np.mean(np.linalg.norm(c - np.roll(c, -1, axis=0), axis=1))) / n


def seam_kernel_px(tile_px: float, cfg: VisionConfig = DEFAULT_CONFIG) -> int:
    """Side (odd, pixels) of the black-hat kernel of :func:`seam_map` for tiles of ``tile_px``."""
    return max(3, round(cfg.seam_kernel * tile_px) | 1)


def seam_map(gray: np.ndarray, tile_px: float, cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """``(M, N)`` uint8 gray -> ``(M, N)`` float32 seam response: black-hat (closing minus image)
    with a square kernel of ``cfg.seam_kernel`` tile sides, lightly smoothed."""
    if gray.ndim != 2:
        raise ValueError(f"gray must be (M, N), got shape {gray.shape}")
    k = seam_kernel_px(tile_px, cfg)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    response = cv2.morphologyEx(gray, cv2.MORPH_BLACKHAT, kernel).astype(np.float32)
    return cv2.GaussianBlur(response, (0, 0), cfg.seam_smooth_sigma)


class SeamMaps:
    """:func:`seam_map` of one gray image ``(M, N)``, computed once per kernel size: the candidates
    of one photo mostly agree on the tile size, and each map costs a full-image morphology."""

    def __init__(self, gray: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> None:
        self.gray, self.cfg = gray, cfg
        self._maps: dict[int, np.ndarray] = {}

    def __call__(self, tile_px: float) -> np.ndarray:
        k = seam_kernel_px(tile_px, self.cfg)
        if k not in self._maps:
            self._maps[k] = seam_map(self.gray, tile_px, self.cfg)
        return self._maps[k]


def _along(cfg: VisionConfig) -> np.ndarray:
    """Positions along a lattice line (tile sides) where seams are sampled: ``cfg.seam_per_tile``
    per tile, skipping ``cfg.seam_skip`` near the crossings (corners of four tiles)."""
    return np.concatenate([np.linspace(k + cfg.seam_skip, k + 1 - cfg.seam_skip, cfg.seam_per_tile)
                           for k in range(cfg.grid)])


def seam_points(smap: np.ndarray, h: np.ndarray, band_px: float, cfg: VisionConfig = DEFAULT_CONFIG
                ) -> list[LineGroup]:
    """Where the inner seams of the lattice ``h`` really are in the seam map ``(M, N)``: for each of
    the 6 inner lines the strongest response on each normal within ``band_px`` pixels, kept where it
    stands ``cfg.seam_min_contrast`` above the map's typical level along the normals."""
    along = _along(cfg)
    step = cfg.edge_step
    offsets = np.arange(-band_px, band_px + step / 2, step)
    groups: list[LineGroup] = []
    for axis in (0, 1):
        for index in range(1, cfg.grid):
            lattice = np.zeros((along.size, 2))
            lattice[:, axis] = index
            lattice[:, 1 - axis] = along
            base = cv2.perspectiveTransform(lattice[None], h)[0]
            nudged = lattice.copy()
            nudged[:, axis] += 0.01
            normal = cv2.perspectiveTransform(nudged[None], h)[0] - base
            normal /= np.linalg.norm(normal, axis=1, keepdims=True) + 1e-12
            pts = base[:, None, :] + offsets[None, :, None] * normal[:, None, :]
            prof = cv2.remap(smap, pts[..., 0].astype(np.float32), pts[..., 1].astype(np.float32),
                             cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
            rows = np.arange(prof.shape[0])
            j = np.clip(np.argmax(prof, axis=1), 1, prof.shape[1] - 2)
            left, mid, right = prof[rows, j - 1], prof[rows, j], prof[rows, j + 1]
            denom = left - 2 * mid + right
            sub = np.where(np.abs(denom) > 1e-6, 0.5 * (left - right) / np.where(denom == 0, 1, denom), 0.0)
            pos = offsets[0] + (j + np.clip(sub, -0.5, 0.5)) * step
            strong = mid > np.median(prof) + cfg.seam_min_contrast
            groups.append((axis, index, (base + pos[:, None] * normal)[strong], False))
    return groups


def straight_part(points: np.ndarray, tol: float, min_inliers: float) -> np.ndarray | None:
    """Boolean mask ``(K,)`` of the points ``(K, 2)`` on the best-supported straight line (within
    ``tol`` pixels; every pair of an even and a later odd point is a hypothesis, so no randomness);
    None when fewer than ``min_inliers`` (fraction) agree."""
    k = points.shape[0]
    if k < 4:
        return None
    first, second = np.meshgrid(np.arange(0, k, 2), np.arange(1, k, 2), indexing="ij")
    keep = second > first + 2
    first, second = first[keep], second[keep]
    d = points[second] - points[first]
    length = np.linalg.norm(d, axis=1)
    ok = length > 1e-6
    if not ok.any():
        return None
    first, d, length = first[ok], d[ok], length[ok]
    normals = np.stack([-d[:, 1], d[:, 0]], axis=1) / length[:, None]
    # (hypotheses, K) distances of every point from every hypothesis line
    dist = np.abs((points[None, :, :] - points[first][:, None, :]) @ normals[..., None])[..., 0]
    inliers = dist < tol
    best = inliers[int(np.argmax(inliers.sum(axis=1)))]
    if best.sum() < min_inliers * k:
        return None
    return best


def outline_groups(corners: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> list[LineGroup]:
    """Points along the four sides of the block with corners ``(4, 2)``, as line groups."""
    along = np.linspace(0.05, cfg.grid - 0.05, cfg.outline_points)
    h = lattice_homography(corners, cfg.grid)
    groups: list[LineGroup] = []
    for axis in (0, 1):
        for index in (0, cfg.grid):
            lattice = np.zeros((along.size, 2))
            lattice[:, axis] = index
            lattice[:, 1 - axis] = along
            groups.append((axis, index, cv2.perspectiveTransform(lattice[None], h)[0], True))
    return groups


def fit_lattice(groups: list[LineGroup]) -> tuple[np.ndarray, np.ndarray]:
    """Homography from lattice to image fitted to points known to lie on lattice lines.

    A point ``p`` on line ``axis = index`` satisfies ``(g[axis] - index * g[2]) . p~ = 0`` for the
    image->lattice homography ``G`` (rows ``g``): linear in ``G``, solved by SVD on normalised
    points, then once more with each row divided by its projective depth so the residuals are
    distances in lattice units. Returns ``(H lattice->image, G image->lattice)``, both ``(3, 3)``.
    """
    every = np.concatenate([g[2] for g in groups])
    centre = every.mean(axis=0)
    scale = np.sqrt(2) / (np.linalg.norm(every - centre, axis=1).mean() + 1e-12)
    norm = np.array([[scale, 0, -scale * centre[0]], [0, scale, -scale * centre[1]], [0, 0, 1]])
    homog = [np.c_[g[2], np.ones(len(g[2]))] @ norm.T for g in groups]
    blocks = []
    for (axis, index, _, _), ph in zip(groups, homog):
        rows = np.zeros((len(ph), 9))
        rows[:, 3 * axis: 3 * axis + 3] = ph
        rows[:, 6:9] = -index * ph
        blocks.append(rows)
    a = np.concatenate(blocks)
    stacked = np.concatenate(homog)
    weights = np.ones(len(a))
    for _ in range(2):
        _, _, vt = np.linalg.svd(a / weights[:, None], full_matrices=False)
        g = vt[-1].reshape(3, 3)
        depth = stacked @ g[2]
        weights = np.where(np.abs(depth) < 1e-12, 1e-12, depth)
    g = g @ norm
    return np.linalg.inv(g), g


def line_offset(g: np.ndarray, group: LineGroup) -> float:
    """Mean signed distance (lattice units = tile sides) of a group's points from its line under
    the image->lattice homography ``g``."""
    axis, index, pts, _ = group
    mapped = np.c_[pts, np.ones(len(pts))] @ g.T
    return float(np.mean(mapped[:, axis] / mapped[:, 2] - index))


def refine_with_seams(gray: np.ndarray, corners: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG,
                      maps: SeamMaps | None = None) -> np.ndarray:
    """Corners ``(4, 2)`` of the block in ``gray`` ``(M, N)`` uint8 -> corners fitted jointly to the
    inner seams and the outline (see the module docstring). Unchanged when fewer than three lines
    per direction survive, or when the fit moves a corner more than ``cfg.seam_max_shift`` tiles.
    ``maps``: the seam maps of ``gray`` already computed (:class:`SeamMaps`), to share them."""
    corners = np.asarray(corners, dtype=np.float64)
    tile = tile_side_px(corners, cfg.grid)
    smap = maps(tile) if maps is not None else seam_map(gray, tile, cfg)
    h = lattice_homography(corners, cfg.grid)
    outline = outline_groups(corners, cfg)
    tol_px = cfg.seam_inlier_px + cfg.seam_inlier_frac * tile
    for band in cfg.seam_bands:
        groups: list[LineGroup] = []
        for axis, index, pts, _ in seam_points(smap, h, band * tile, cfg):
            if len(pts) < cfg.seam_min_points:
                continue
            straight = straight_part(pts, tol_px, cfg.seam_min_inliers)
            if straight is not None:
                groups.append((axis, index, pts[straight], False))
        groups += outline
        while True:
            if min(sum(1 for g in groups if g[0] == a) for a in (0, 1)) < 3:
                return corners
            h, g = fit_lattice(groups)
            off = [abs(line_offset(g, grp)) if grp[3] else 0.0 for grp in groups]
            worst = int(np.argmax(off))
            if off[worst] <= cfg.outline_tolerance:
                break
            groups.pop(worst)
    out = lattice_corners(h, cfg.grid)
    if not np.all(np.isfinite(out)) or np.linalg.norm(out - corners, axis=1).max() > cfg.seam_max_shift * tile:
        return corners
    return out
