"""An enrolled copy's tile pictures found in a photo by their keypoints: where the garden lies.

Whatever the board, table or light, the tiles themselves are the copy's own: each picture's SIFT
keypoints are matched to the photo's, a picture matched at enough points agreeing on one
homography is a tile seen there (its square mapped into the photo), and the tiles seen on one
lattice (their centres a whole number of tiles apart, as one of them sees the others) set the 4×4
block: the lattice fitted to all their corners, the block any placement of four rows and columns
holding them all. A garden in doubt is looked for there (:func:`vision.read.place_by_pictures`).

- ``picture_features(pictures, cfg) -> PictureFeatures``: each picture's keypoints and descriptors
  (``picture_features_of(model)``: a model's, kept).
- ``tiles_seen(image, features, cfg) -> list[TileSeen]``: the pictures found, most points first.
- ``blocks_of_tiles(tiles, cfg, n) -> ([(4, 2)], tiles)``: the n×n blocks the tiles of one lattice allow.
- ``outlines_by_pictures(image, features, cfg, near=...) -> ([(4, 2)], tiles)``: both, in image
  pixels, looked for again larger around ``near`` when too few are seen
  (``zoom_region(near, shape, cfg)``: where).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.crop import check_image
from vision.geometry import order_corners
from vision.model import TileModel
from vision.pictures import kept_with_pictures

#: The unit square, TL, TR, BR, BL: a picture's (and a lattice cell's) corners.
_UNIT = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])


@dataclass(frozen=True)
class PictureFeatures:
    """Each picture's SIFT keypoints, ``points[k]`` ``(K_k, 2)`` float32 in units of the picture's
    side (0..1), and their descriptors ``descriptors[k]`` ``(K_k, 128)`` float32 (None: no keypoint)."""

    points: tuple[np.ndarray, ...]
    descriptors: tuple[np.ndarray | None, ...]


@dataclass(frozen=True)
class TileSeen:
    """A picture found in a photo: how many matched keypoints agree (``inliers``), which picture
    (``picture``, its row in the stack), and the homography ``(3, 3)`` mapping the picture's unit
    square into the photo's pixels, and ``quad``, the tile's corners in the photo ``(4, 2)`` (the
    picture's TL, TR, BR, BL as seen; mapped once, as every other tile's lattice reads them)."""

    inliers: int
    picture: int
    homography: np.ndarray
    quad: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "quad", cv2.perspectiveTransform(_UNIT[None], self.homography)[0])


def picture_features(pictures: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> PictureFeatures:
    """A copy's pictures ``(K, S, S, 3)`` uint8 -> their :class:`PictureFeatures`, each picture's
    keypoints found on it enlarged to ``cfg.picture_match_side`` pixels (the stored pictures are
    small; a tile in a photo is usually bigger)."""
    pictures = np.asarray(pictures)
    if pictures.ndim != 4 or pictures.shape[3] != 3 or pictures.dtype != np.uint8:
        raise ValueError(f"pictures must be (K, S, S, 3) uint8, got {pictures.shape} {pictures.dtype}")
    side = cfg.picture_match_side
    sift = cv2.SIFT_create()
    points, descriptors = [], []
    for picture in pictures:
        gray = cv2.cvtColor(cv2.resize(picture, (side, side), interpolation=cv2.INTER_CUBIC), cv2.COLOR_BGR2GRAY)
        keys, desc = sift.detectAndCompute(gray, None)
        points.append(np.array([k.pt for k in keys], np.float32).reshape(-1, 2) / side)
        descriptors.append(desc)
    return PictureFeatures(tuple(points), tuple(descriptors))


def picture_features_of(model: TileModel) -> PictureFeatures | None:
    """:func:`picture_features` of ``model``'s tile pictures (made once and kept with the model), or
    None for a model without pictures or with ``cfg.picture_match_side`` 0."""
    if model.tile_pictures is None or not model.cfg.picture_match_side:
        return None
    return kept_with_pictures(model, "_picture_features", lambda pictures: picture_features(pictures, model.cfg))


def tiles_seen(image: np.ndarray, features: PictureFeatures, cfg: VisionConfig = DEFAULT_CONFIG,
               region: tuple[int, int, int, int] | None = None) -> list[TileSeen]:
    """The pictures of ``features`` found in ``image`` ``(M, N, 3)`` uint8 BGR, most agreeing points
    first: each picture's keypoints matched to the photo's (found on a copy no longer than
    ``cfg.picture_match_photo_side``: SIFT's memory grows with the photo; the nearest passing the ratio test
    ``cfg.picture_match_ratio`` against the next), a homography fitted by RANSAC (within
    ``cfg.picture_match_reproj`` of the photo's longer side), kept when at least
    ``cfg.picture_match_inliers`` points agree and the square it maps to is a plausible tile
    (convex, its sides within a factor two of each other, at least ``cfg.picture_match_min_tile``
    of the photo's longer side). With ``region`` (left, top, right, bottom pixels) only that part of
    the image is looked at, as if it were the photo; the tiles are still in ``image`` pixels."""
    check_image(image)
    left, top, right, bottom = (0, 0, image.shape[1], image.shape[0]) if region is None else region
    if not (0 <= left < right <= image.shape[1] and 0 <= top < bottom <= image.shape[0]):
        raise ValueError(f"region must lie within the image's {image.shape[1]}x{image.shape[0]} pixels, got {region}")
    view = image[top:bottom, left:right]
    longer = float(max(view.shape[:2]))
    shrink = min(1.0, cfg.picture_match_photo_side / longer)  # SIFT's first octave doubles the photo
    gray = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY) if view.ndim == 3 else view
    if shrink < 1.0:
        gray = cv2.resize(gray, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    keys, desc = cv2.SIFT_create().detectAndCompute(gray, None)
    if desc is None or len(keys) < cfg.picture_match_inliers:
        return []
    photo_pts = np.array([k.pt for k in keys], np.float32) / shrink + np.array([left, top], np.float32)
    matcher = cv2.BFMatcher(cv2.NORM_L2)
    seen = []
    for index, (points, descriptors) in enumerate(zip(features.points, features.descriptors)):
        if descriptors is None or len(descriptors) < cfg.picture_match_inliers:
            continue
        pairs = [m for m in matcher.knnMatch(descriptors, desc, k=2)
                 if len(m) == 2 and m[0].distance < cfg.picture_match_ratio * m[1].distance]
        if len(pairs) < cfg.picture_match_inliers:
            continue
        src = points[[m[0].queryIdx for m in pairs]]
        dst = photo_pts[[m[0].trainIdx for m in pairs]]
        h, inliers = cv2.findHomography(src, dst, cv2.RANSAC, cfg.picture_match_reproj * longer)
        if h is None or int(inliers.sum()) < cfg.picture_match_inliers:
            continue
        tile = TileSeen(int(inliers.sum()), index, h)
        if _plausible_tile(tile.quad, cfg.picture_match_min_tile * longer):
            seen.append(tile)
    return sorted(seen, key=lambda t: -t.inliers)


def _plausible_tile(quad: np.ndarray, min_side: float) -> bool:
    """Whether ``quad`` ``(4, 2)`` can be a square tile seen in a photo: finite, convex, each side at
    least ``min_side`` pixels and within a factor two of every other."""
    if not np.all(np.isfinite(quad)) or not cv2.isContourConvex(quad.astype(np.float32).reshape(-1, 1, 2)):
        return False
    sides = np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1)
    return bool(sides.min() >= min_side and sides.max() <= 2.0 * sides.min())


def _cells_seen(tiles: list[TileSeen], reference: TileSeen, cfg: VisionConfig, n: int
                ) -> list[tuple[TileSeen, tuple[int, int]]]:
    """The ``tiles`` on ``reference``'s lattice, each with its cell (column, row) as the reference sees
    it (itself (0, 0)): its centre within ``cfg.picture_match_cell_tol`` of a cell's centre no more
    than n - 1 cells away, its side within a quarter of a cell's. One tile per cell, the one with
    the most points."""
    inverse = np.linalg.inv(reference.homography)
    taken: dict[tuple[int, int], TileSeen] = {}
    for tile in tiles:
        corners = cv2.perspectiveTransform(tile.quad[None], inverse)[0]
        if not np.all(np.isfinite(corners)):
            continue
        centre = corners.mean(axis=0) - 0.5
        cell = np.round(centre)
        sides = np.linalg.norm(np.roll(corners, -1, axis=0) - corners, axis=1)
        if (np.abs(centre - cell).max() > cfg.picture_match_cell_tol or np.abs(cell).max() > n - 1
                or np.abs(sides - 1.0).max() > 0.25):
            continue
        key = (int(cell[0]), int(cell[1]))
        if key not in taken or tile.inliers > taken[key].inliers:
            taken[key] = tile
    return [(tile, cell) for cell, tile in taken.items()]


def blocks_of_tiles(tiles: list[TileSeen], cfg: VisionConfig = DEFAULT_CONFIG, n: int = 4
                    ) -> tuple[list[np.ndarray], int]:
    """The n×n blocks (corners ``(4, 2)``, TL, TR, BR, BL as :func:`vision.geometry.order_corners`
    puts them) the ``tiles`` seen allow, and how many tiles set them: the tile whose lattice holds
    the most points of tiles (:func:`_cells_seen`, at least ``cfg.picture_match_tiles`` tiles) sets
    the lattice, fitted to all those tiles' corners (each at its cell's corner); each placement of n
    rows and columns holding every cell seen is a block (one when the tiles seen span n rows and n
    columns, at most n²). No block (and 0) when no lattice holds enough tiles."""
    best: list[tuple[TileSeen, tuple[int, int]]] = []
    reference = None
    for tile in tiles:
        cells = _cells_seen(tiles, tile, cfg, n)
        if sum(t.inliers for t, _ in cells) > sum(t.inliers for t, _ in best):
            best, reference = cells, tile
    if reference is None or len(best) < cfg.picture_match_tiles:
        return [], 0
    inverse = np.linalg.inv(reference.homography)  # the cells are as the reference sees them
    lattice_pts, photo_pts = [], []
    for tile, _ in best:  # each corner of a tile at the lattice corner nearest where the reference sees it
        quad = tile.quad
        lattice_pts.append(np.round(cv2.perspectiveTransform(quad[None], inverse)[0]))
        photo_pts.append(quad)
    h, _ = cv2.findHomography(np.concatenate(lattice_pts), np.concatenate(photo_pts), 0)
    if h is None:
        return [], 0
    cols = [c for _, (c, _) in best]
    rows = [r for _, (_, r) in best]
    blocks = []
    for left in range(max(cols) - (n - 1), min(cols) + 1):
        for top in range(max(rows) - (n - 1), min(rows) + 1):
            square = _UNIT * n + np.array([left, top], np.float64)
            corners = cv2.perspectiveTransform(square[None], h)[0]
            if np.all(np.isfinite(corners)):
                blocks.append(order_corners(corners))
    return blocks, len(best)


def zoom_region(near: np.ndarray, shape: tuple[int, ...], cfg: VisionConfig = DEFAULT_CONFIG
                ) -> tuple[int, int, int, int] | None:
    """The part of an image of ``shape`` (rows, columns, ...) around the block ``near`` ``(4, 2)``:
    its bounding box grown by ``cfg.picture_match_zoom_margin`` of its longer side each way, clipped
    to the image -> (left, top, right, bottom) pixels; None when looking there would not see the
    tiles at least ``cfg.picture_match_zoom_min`` times larger than looking at the whole image (both
    looked at no longer than ``cfg.picture_match_photo_side``), or the margin is 0."""
    near = np.asarray(near, np.float64)
    if not cfg.picture_match_zoom_margin or near.shape != (4, 2) or not np.all(np.isfinite(near)):
        return None
    low, high = near.min(axis=0), near.max(axis=0)
    grow = cfg.picture_match_zoom_margin * float((high - low).max())
    rows, cols = shape[:2]
    left, top = int(max(0.0, low[0] - grow)), int(max(0.0, low[1] - grow))
    right, bottom = int(min(float(cols), np.ceil(high[0] + grow))), int(min(float(rows), np.ceil(high[1] + grow)))
    if right - left < 2 or bottom - top < 2:
        return None
    side = cfg.picture_match_photo_side
    zoom = min(1.0, side / max(right - left, bottom - top)) / min(1.0, side / max(rows, cols))
    return (left, top, right, bottom) if zoom >= cfg.picture_match_zoom_min else None


def outlines_by_pictures(image: np.ndarray, features: PictureFeatures, cfg: VisionConfig = DEFAULT_CONFIG,
                         n: int = 4, near: np.ndarray | None = None) -> tuple[list[np.ndarray], int]:
    """The n×n blocks ``(4, 2)`` (``image`` pixels) where the copy's tiles are seen in ``image``
    ``(M, N, 3)`` uint8 BGR, and how many tiles set them: :func:`blocks_of_tiles` of
    :func:`tiles_seen`. When too few are seen on one lattice and a block ``near`` ``(4, 2)`` is
    given (where the garden was looked for), the tiles are looked for again, larger, around it
    (:func:`zoom_region`: a small garden's tiles are too small to be seen in the whole photo
    shrunk), and the blocks are those of the tiles seen either way."""
    seen = tiles_seen(image, features, cfg)
    blocks, tiles = blocks_of_tiles(seen, cfg, n)
    region = None if blocks or near is None else zoom_region(near, image.shape, cfg)
    if region is None:
        return blocks, tiles
    closer = tiles_seen(image, features, cfg, region)
    return blocks_of_tiles(sorted([*seen, *closer], key=lambda t: -t.inliers), cfg, n)
