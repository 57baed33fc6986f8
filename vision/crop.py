"""Straighten the garden and cut its 16 tiles — the one crop function for training and reading.

Corners are ``(4, 2)`` float ``(x, y)`` image pixels ordered top-left, top-right, bottom-right,
bottom-left of the garden as read (corner 0 = outer corner of cell A1).
"""

from __future__ import annotations

import cv2
import numpy as np

from scorer.vocab import GRID_SIZE as GRID
from vision.config import DEFAULT_CONFIG, VisionConfig


def check_image(image: np.ndarray) -> None:
    """Raise ValueError unless ``image`` is an ``(M, N, 3)`` uint8 array."""
    if not isinstance(image, np.ndarray):
        raise ValueError(f"image must be a numpy array, got {type(image).__name__}")
    if image.ndim != 3 or image.shape[2] != 3:
        raise ValueError(f"image must have shape (M, N, 3), got {image.shape}")
    if image.dtype != np.uint8:
        raise ValueError(f"image must be uint8, got {image.dtype}")
    if image.shape[0] < 16 or image.shape[1] < 16:
        raise ValueError(f"image too small: {image.shape[1]}x{image.shape[0]} pixels")


def check_corners(corners: object) -> np.ndarray:
    """Return corners as a ``(4, 2)`` float64 array; ValueError for anything else."""
    try:
        arr = np.asarray(corners, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError("corners must be 4 (x, y) points") from None
    if arr.shape != (4, 2):
        raise ValueError(f"corners must be 4 (x, y) points, got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError("corners must be finite numbers")
    area = 0.5 * abs(np.dot(arr[:, 0], np.roll(arr[:, 1], 1)) - np.dot(arr[:, 1], np.roll(arr[:, 0], 1)))
    if area < 16.0:
        raise ValueError("corners enclose no area")
    return arr


def cell_side(cfg: VisionConfig) -> int:
    """Side of one cell in the canonical square: the tile crop plus its trimmed margin."""
    pad = round(cfg.tile_side * cfg.tile_inset / (1.0 - 2.0 * cfg.tile_inset))
    return cfg.tile_side + 2 * pad


def warp_garden(image: np.ndarray, corners: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG,
                side: int | None = None) -> np.ndarray:
    """Warp the garden quadrilateral to a canonical ``(S, S, 3)`` square (S = 4 cells).

    ``image`` is ``(M, N, 3)`` uint8 BGR, ``corners`` ``(4, 2)`` (x, y) TL, TR, BR, BL. Before the
    warp the region is halved with area averaging while the garden is more than
    ``cfg.crop_max_downscale`` times the target size, so big photos do not alias.
    """
    check_image(image)
    pts = check_corners(corners)
    size = GRID * cell_side(cfg) if side is None else int(side)
    if size < GRID:
        raise ValueError(f"side must be at least {GRID}")
    # Work on the bounding box only (big photos): a small margin keeps the bilinear border exact.
    height, width = image.shape[:2]
    x0 = int(max(0, np.floor(pts[:, 0].min()) - 2))
    y0 = int(max(0, np.floor(pts[:, 1].min()) - 2))
    x1 = int(min(width, np.ceil(pts[:, 0].max()) + 3))
    y1 = int(min(height, np.ceil(pts[:, 1].max()) + 3))
    if x1 - x0 < 2 or y1 - y0 < 2:
        raise ValueError("corners lie outside the image")
    roi = image[y0:y1, x0:x1]
    local = pts - np.array([x0, y0], dtype=np.float64)
    edge = np.mean(np.linalg.norm(local - np.roll(local, -1, axis=0), axis=1))
    factor = 1.0
    while edge / factor > cfg.crop_max_downscale * size and min(roi.shape[:2]) > 2 * GRID:
        roi = cv2.resize(roi, ((roi.shape[1] + 1) // 2, (roi.shape[0] + 1) // 2), interpolation=cv2.INTER_AREA)
        factor *= 2.0
    # Pixel centres: a pixel at index i covers [i, i+1); halving maps x -> x / 2.
    local = local / factor
    dst = np.array([[0, 0], [size, 0], [size, size], [0, size]], dtype=np.float64)
    homography = cv2.getPerspectiveTransform((local - 0.5).astype(np.float32), (dst - 0.5).astype(np.float32))
    return cv2.warpPerspective(roi, homography, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def cut_tiles(square: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """Cut a canonical ``(S, S, 3)`` square into ``(16, T, T, 3)`` tiles, row-major (A1, B1, ...).

    Each crop is the cell's centre, trimmed by ``cfg.tile_inset`` on every edge so seams and
    neighbouring tiles stay out; it is resized to ``cfg.tile_side`` if the square is not canonical.
    """
    check_image(square)
    if square.shape[0] != square.shape[1]:
        raise ValueError(f"square must be (S, S, 3), got {square.shape}")
    cell = square.shape[0] / GRID
    inset = round(cell * cfg.tile_inset)
    out = np.empty((GRID * GRID, cfg.tile_side, cfg.tile_side, 3), dtype=np.uint8)
    for rows in range(GRID):
        for cols in range(GRID):
            top = round(rows * cell) + inset
            left = round(cols * cell) + inset
            bottom = round((rows + 1) * cell) - inset
            right = round((cols + 1) * cell) - inset
            tile = square[top:bottom, left:right]
            if tile.shape[0] != cfg.tile_side or tile.shape[1] != cfg.tile_side:
                tile = cv2.resize(tile, (cfg.tile_side, cfg.tile_side), interpolation=cv2.INTER_AREA)
            out[rows * GRID + cols] = tile
    return out


def crop_tiles(image: np.ndarray, corners: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """Image ``(M, N, 3)`` + corners ``(4, 2)`` -> the 16 tile crops ``(16, T, T, 3)`` uint8 BGR.

    The single crop function used both to build training data and to read photos.
    """
    return cut_tiles(warp_garden(image, corners, cfg), cfg)


def cells_in_photo(corners: np.ndarray, shape: tuple[int, ...], n: int = GRID, samples: int = 8) -> np.ndarray:
    """The share of each cell of the n×n block with ``corners`` ``(4, 2)`` (x, y) that lies inside
    an image of ``shape`` ``(M, N, ...)`` -> ``(n, n)`` in [0, 1], row-major like the garden: the
    fraction of ``samples`` × ``samples`` points spread over the cell that fall on the image. A
    tile partly beyond the photo's edge is read from part of its picture."""
    pts = check_corners(corners)
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    square = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
    to_image = cv2.getPerspectiveTransform(square, pts.astype(np.float32))
    steps = (np.arange(samples) + 0.5) / samples
    local = np.stack(np.meshgrid(steps, steps), axis=-1).reshape(-1, 2)  # (samples², 2) inside one cell
    cells = np.array([[c, r] for r in range(n) for c in range(n)], np.float64)
    lattice = (cells[:, None, :] + local[None]).reshape(-1, 2)
    xy = cv2.perspectiveTransform(lattice[None], to_image)[0]
    height, width = shape[:2]
    inside = (xy[:, 0] >= 0) & (xy[:, 0] < width) & (xy[:, 1] >= 0) & (xy[:, 1] < height)
    return inside.reshape(n, n, -1).mean(axis=2)


def crop_each(image: np.ndarray, outlines: list[np.ndarray], cfg: VisionConfig = DEFAULT_CONFIG
              ) -> tuple[list[int], list[np.ndarray]]:
    """:func:`crop_tiles` for each of several outlines ``(4, 2)`` in ``image`` ``(M, N, 3)`` -> (the
    indices of those that could be cut, their cells ``(16, S, S, 3)`` each); one lying wholly beyond
    the image's edge is passed over."""
    cut, crops = [], []
    for k, corners in enumerate(outlines):
        try:
            crops.append(crop_tiles(image, corners, cfg))
        except ValueError:  # nothing of it inside the image
            continue
        cut.append(k)
    return cut, crops
