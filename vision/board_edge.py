"""The board's own edge as a witness of where its n×n block lies.

A floor photo the lattice search could not place (tiles the colour of their board, faint seams, a
stronger lattice on another player's board beside it) still shows the board's edge: four long
straight lines where board meets table. In a photo whose block is sure, that edge lies a certain
distance beyond each side of the block; in a photo in doubt, every quadrilateral of long straight
lines with those distances inside it gives the block the board would hold, and the band of board
around each such block (:mod:`vision.board_ring`) says which is the board's.

Stages, arrays in, arrays out:

1. :func:`board_margins`: a photo ``(M, N, 3)`` and its block's outline -> how far (tile sides)
   the board's edge lies beyond the block's top, right, bottom and left sides ``(4,)``.
2. :func:`edge_quads`: a photo -> quadrilaterals ``(4, 2)`` of long straight lines (Hough lines
   of its edges, two nearly parallel pairs crossing), the best supported by edges first.
3. :func:`blocks_in_quad`: a quadrilateral taken as the board's edge and margins -> the block it
   would hold, for each of the four corners the board's top-left may be ``(4, 4, 2)``.
4. :func:`place_by_edge`: the blocks of the best quadrilaterals ranked by the band's agreement
   with the sure photos', the best few aligned to it -> the best, with its worst-side agreement.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.board_ring import DEFAULT_RING, RingConfig, align_to_ring, ring_agreement
from vision.config import VisionConfig
from vision.crop import check_corners, check_image
from vision.geometry import downscale, order_corners
from vision.locate import block_offset, grid_shape_ok


@dataclass(frozen=True)
class EdgeConfig:
    """Sizes and thresholds of finding the board by its edge (lengths in tile sides unless said)."""

    #: Pixels a tile side in the rectified frame where the margins are measured, and how far beyond
    #: the block the edge is looked for (from ``near`` out to ``reach``).
    tile_px: int = 16
    near: float = 0.2
    reach: float = 2.5
    #: Longest side (pixels) of the copy the lines are found in; Canny thresholds on it, blurred first.
    lines_side: int = 800
    blur: float = 1.2
    canny: tuple[int, int] = (30, 90)
    #: Hough votes (pixels of that copy) a line needs; lines kept, the strongest first, and how far
    #: (pixels, degrees) two must lie apart to be both kept.
    votes: int = 60
    lines: int = 30
    apart_px: float = 8.0
    apart_deg: float = 4.0
    #: Two sides of a quadrilateral facing each other differ by at most this many degrees, two
    #: meeting by at least ``corner_deg``; it covers at least ``min_area`` of the photo.
    parallel_deg: float = 25.0
    corner_deg: float = 55.0
    min_area: float = 0.03
    #: Edge pixels within ``support_px`` of a side count for it; a quadrilateral's support is its
    #: least supported side's share. Quadrilaterals kept (the best supported, ``distinct_px`` apart).
    support_px: int = 2
    quads: int = 60
    distinct_px: float = 10.0
    #: Blocks aligned to the band (the best by agreement before aligning).
    keep: int = 3

    def __post_init__(self) -> None:
        if not 0.0 < self.near < self.reach:
            raise ValueError(f"need 0 < near < reach, got near {self.near}, reach {self.reach}")
        if self.tile_px < 4:
            raise ValueError(f"tile_px must be at least 4, got {self.tile_px}")


DEFAULT_EDGE = EdgeConfig()

_UNIT = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])


def board_margins(image: np.ndarray, corners: np.ndarray, n: int = 4, ecfg: EdgeConfig = DEFAULT_EDGE
                  ) -> np.ndarray:
    """``image`` ``(M, N, 3)`` uint8 BGR and its n×n block's ``corners`` ``(4, 2)`` (TL, TR, BR, BL)
    -> ``(4,)`` float64: how many tile sides beyond the block's top, right, bottom and left sides the
    board's edge lies: per side, the line parallel to it (``ecfg.near`` to ``ecfg.reach`` out) where
    the rectified photo steps most consistently along the block's length (the mean of its Lab
    gradient across the line; printed marks along the band change sign and average out)."""
    check_image(image)
    quad = check_corners(corners)
    t, reach = ecfg.tile_px, ecfg.reach
    side = round((n + 2 * reach) * t)
    block = ((_UNIT * n + reach) * t - 0.5).astype(np.float32)
    hom = cv2.getPerspectiveTransform(quad.astype(np.float32), block)
    warped = cv2.warpPerspective(image, hom, (side, side), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    lab = cv2.cvtColor(cv2.GaussianBlur(warped, (0, 0), 1.0), cv2.COLOR_BGR2LAB).astype(np.float32)
    lo, hi = round((reach + 0.2) * t), round((reach + n - 0.2) * t)  # along the side, clear of the corners
    out = np.empty(4, np.float64)
    for k in range(4):  # after k quarter turns the top of the frame is the block's top, right, bottom, left side
        step = np.diff(np.rot90(lab, k), axis=0)[:, lo:hi]  # (side - 1, hi - lo, 3): between rows r and r + 1
        profile = np.abs(step.mean(axis=1)).sum(axis=1)
        beyond = (reach * t - (np.arange(len(profile)) + 0.5)) / t  # tiles above the block's top side
        inside = (beyond >= ecfg.near) & (beyond <= reach - 0.05)
        out[k] = beyond[int(np.argmax(np.where(inside, profile, -1.0)))]
    return out


def _lines(image: np.ndarray, ecfg: EdgeConfig) -> tuple[np.ndarray, np.ndarray, float]:
    """The photo's strongest straight lines ``(L, 2)`` (rho, theta on the copy of longest side
    ``ecfg.lines_side``), its edge map ``(m, n)`` bool widened by ``ecfg.support_px``, and the copy's scale."""
    small, scale = downscale(image, ecfg.lines_side)
    gray = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), (0, 0), ecfg.blur)
    edges = cv2.Canny(gray, *ecfg.canny)
    width = 2 * ecfg.support_px + 1
    near_edge = cv2.dilate(edges, np.ones((width, width), np.uint8)) > 0
    found = cv2.HoughLines(edges, 1, np.pi / 360, ecfg.votes)
    kept: list[tuple[float, float]] = []
    for rho, theta in ([] if found is None else found[:, 0]):
        if all(abs(rho - r) > ecfg.apart_px or _angle_apart(theta, t) > np.radians(ecfg.apart_deg) for r, t in kept):
            kept.append((float(rho), float(theta)))
            if len(kept) >= ecfg.lines:
                break
    return np.array(kept, np.float64).reshape(-1, 2), near_edge, scale


def _angle_apart(a: float, b: float) -> float:
    """Radians between two line directions (modulo a half turn)."""
    d = abs(a - b) % np.pi
    return min(d, np.pi - d)


def _crossing(a: np.ndarray, b: np.ndarray) -> np.ndarray | None:
    """Where lines ``a`` and ``b`` (rho, theta) cross, or None when nearly parallel."""
    normals = np.array([[np.cos(a[1]), np.sin(a[1])], [np.cos(b[1]), np.sin(b[1])]])
    if abs(np.linalg.det(normals)) < 0.3:
        return None
    return np.linalg.solve(normals, [a[0], b[0]])


def _support(quad: np.ndarray, near_edge: np.ndarray, samples: int = 40) -> float:
    """The least share of a side of ``quad`` ``(4, 2)`` (edge-map pixels) lying on edges."""
    rows, cols = near_edge.shape
    t = np.linspace(0.05, 0.95, samples)[:, None]
    least = 1.0
    for s in range(4):
        points = np.round(quad[s] + t * (quad[(s + 1) % 4] - quad[s])).astype(int)
        inside = (points[:, 0] >= 0) & (points[:, 0] < cols) & (points[:, 1] >= 0) & (points[:, 1] < rows)
        least = min(least, float(near_edge[points[inside, 1], points[inside, 0]].sum()) / samples)
    return least


def edge_quads(image: np.ndarray, ecfg: EdgeConfig = DEFAULT_EDGE) -> list[np.ndarray]:
    """``image`` ``(M, N, 3)`` uint8 BGR -> quadrilaterals ``(4, 2)`` (``image`` pixels, TL, TR, BR,
    BL) whose sides are long straight lines of the photo: two pairs of lines, each pair within
    ``ecfg.parallel_deg`` of parallel, crossing at ``ecfg.corner_deg`` or more, convex, covering
    ``ecfg.min_area`` of the photo and not far beyond it; the best supported by the photo's edges
    first (:func:`_support`), at most ``ecfg.quads``, ``ecfg.distinct_px`` apart."""
    check_image(image)
    lines, near_edge, scale = _lines(image, ecfg)
    rows, cols = near_edge.shape
    parallel = [(i, j) for i in range(len(lines)) for j in range(i + 1, len(lines))
                if _angle_apart(lines[i, 1], lines[j, 1]) < np.radians(ecfg.parallel_deg)]
    scored: list[tuple[float, np.ndarray]] = []
    for p, (a, c) in enumerate(parallel):
        for b, d in parallel[p + 1:]:
            if len({a, b, c, d}) < 4 or _angle_apart(lines[a, 1], lines[b, 1]) < np.radians(ecfg.corner_deg):
                continue
            points = [_crossing(lines[a], lines[b]), _crossing(lines[b], lines[c]), _crossing(lines[c], lines[d]),
                      _crossing(lines[d], lines[a])]
            if any(point is None for point in points):
                continue
            quad = np.array(points)
            if (quad < -0.2 * np.array([cols, rows])).any() or (quad > 1.2 * np.array([cols, rows])).any():
                continue
            contour = quad.astype(np.float32).reshape(-1, 1, 2)
            if not cv2.isContourConvex(contour) or cv2.contourArea(contour) < ecfg.min_area * rows * cols:
                continue
            scored.append((_support(quad, near_edge), order_corners(quad)))
    scored.sort(key=lambda s: -s[0])
    kept: list[np.ndarray] = []
    for _, quad in scored:
        if all(np.abs(quad - other).max() > ecfg.distinct_px for other in kept):
            kept.append(quad)
            if len(kept) >= ecfg.quads:
                break
    return [quad / scale for quad in kept]


def blocks_in_quad(quad: np.ndarray, margins: np.ndarray, n: int = 4) -> np.ndarray:
    """A board's edge ``quad`` ``(4, 2)`` (TL, TR, BR, BL) and its ``margins`` ``(4,)`` (tiles beyond
    the block's top, right, bottom, left, :func:`board_margins`) -> ``(4, 4, 2)``: the n×n block the
    board holds, with the board's top-left at each of ``quad``'s four corners in turn."""
    top, right, bottom, left = np.asarray(margins, np.float64)
    board = np.float32([[-left, -top], [n + right, -top], [n + right, n + bottom], [-left, n + bottom]])
    block = (_UNIT * n)[None]
    out = []
    for k in range(4):
        hom = cv2.getPerspectiveTransform(board, np.roll(quad, -k, axis=0).astype(np.float32))
        out.append(cv2.perspectiveTransform(block, hom)[0])
    return np.array(out, np.float64)


def place_by_edge(image: np.ndarray, margins: Sequence[np.ndarray], refs: Sequence[np.ndarray], cfg: VisionConfig,
                  rcfg: RingConfig = DEFAULT_RING, ecfg: EdgeConfig = DEFAULT_EDGE,
                  quads: Sequence[np.ndarray] | None = None) -> tuple[np.ndarray, float] | None:
    """The block in ``image`` ``(M, N, 3)`` held by a board whose edge is one of its
    :func:`edge_quads` and whose margins are one of ``margins`` (each ``(4,)``, from the sure
    photos): every such block (:func:`blocks_in_quad`, the lattice search's shapes only) ranked by
    the band's mean :func:`vision.board_ring.ring_agreement` with ``refs`` (each ``(4, 3, P)``),
    the best ``ecfg.keep`` aligned to it (:func:`vision.board_ring.align_to_ring`) -> the best
    aligned block ``(4, 2)`` (its top-left as seen first, as the search gives it: the band cannot tell
    a square board's turns apart) and its worst-side agreement, or None when no block is found.
    ``quads``: the photo's :func:`edge_quads` when found before (a photo is placed again as the
    references grow)."""
    check_image(image)
    if not refs or not margins:
        return None
    n = cfg.grid
    distinct = list({np.round(np.asarray(m, np.float64), 2).tobytes(): np.asarray(m, np.float64)
                     for m in margins}.values())
    quads = edge_quads(image, ecfg) if quads is None else quads
    blocks = [block for quad in quads for m in distinct for block in blocks_in_quad(quad, m, n)
              if grid_shape_ok(block, cfg)]
    if not blocks:
        return None
    ranked = sorted(blocks, key=lambda b: ring_agreement(image, b, refs, n, rcfg), reverse=True)
    picked: list[np.ndarray] = []  # a board as wide as high holds the same block in each of its turns
    for block in ranked:
        if all(block_offset(block, other, n)[0] > rcfg.same for other in picked):
            picked.append(block)
            if len(picked) >= ecfg.keep:
                break
    aligned = [order_corners(align_to_ring(image, block, refs, cfg, rcfg)[0]) for block in picked]
    worst = [ring_agreement(image, block, refs, n, rcfg, worst=True) for block in aligned]
    best = int(np.argmax(worst))
    return aligned[best], worst[best]
