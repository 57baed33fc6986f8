"""Constructed photos of an n×n block of square tiles with known corners, for localisation tests:
random tile art (a colour, a band, a few figures), a board and a table of any colour, a seeded
perspective view; and photos of the development scenes rendered again by seed."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.dataset import LabelledPhoto, iter_labelled


def tile_art(side: int, rng: np.random.Generator, floor_bgr: tuple[int, int, int] | None = None) -> np.ndarray:
    """``(side, side, 3)`` uint8: a floor colour (random unless given), a band across one corner,
    two figures."""
    tile = np.empty((side, side, 3), np.uint8)
    tile[:] = rng.integers(40, 230, 3) if floor_bgr is None else floor_bgr
    band = tuple(int(v) for v in rng.integers(0, 255, 3))
    cv2.ellipse(tile, (0, 0), (side // 2, side // 2), 0, 0, 90, band, max(2, side // 8))
    for _ in range(2):
        centre = (int(rng.integers(side // 3, side - 4)), int(rng.integers(side // 3, side - 4)))
        colour = tuple(int(v) for v in rng.integers(0, 255, 3))
        cv2.circle(tile, centre, int(rng.integers(side // 12, side // 5)), colour, -1, cv2.LINE_AA)
    noise = rng.normal(0, 6, tile.shape)
    return np.clip(tile + noise, 0, 255).astype(np.uint8)


def grid_photo(n: int, seed: int, board_bgr: tuple[int, int, int] | None = None,
               table_bgr: tuple[int, int, int] | None = None, size: tuple[int, int] = (1200, 900),
               gap_frac: float = 0.03, neighbour: bool = False, floor_bgr: tuple[int, int, int] | None = None,
               margin_frac: float = 0.6, table_image: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """A photo of an n×n block on a board on a table -> (image ``(H, W, 3)`` uint8, corners ``(4, 2)``
    TL, TR, BR, BL of the tile block). ``neighbour`` adds a second such board partly in view;
    ``floor_bgr`` gives every tile that floor colour (say, the board's); ``margin_frac`` is the
    board's frame around the block, in tiles; ``table_image`` ``(H, W, 3)`` a patterned table."""
    rng = np.random.default_rng(seed)
    t = 60
    gap = max(2, round(gap_frac * t))
    margin = round(margin_frac * t)
    side = 2 * margin + n * t + (n - 1) * gap

    def board() -> np.ndarray:
        colour = board_bgr if board_bgr is not None else tuple(int(v) for v in rng.integers(0, 255, 3))
        out = np.empty((side, side, 3), np.uint8)
        out[:] = colour
        # the gaps between tiles: the board in the tiles' shadow (cardboard tiles are thick)
        lo, hi = margin - gap, margin + n * t + (n - 1) * gap + gap
        out[lo:hi, lo:hi] = (np.asarray(colour, np.float64) * 0.55).astype(np.uint8)
        for r in range(n):
            for c in range(n):
                y0, x0 = margin + r * (t + gap), margin + c * (t + gap)
                out[y0:y0 + t, x0:x0 + t] = tile_art(t, rng, floor_bgr)
        return out

    w, h = size
    table = table_bgr if table_bgr is not None else tuple(int(v) for v in rng.integers(0, 255, 3))
    img = np.empty((h, w, 3), np.uint8)
    img[:] = table if table_image is None else table_image
    garden_px = min(w, h) * rng.uniform(0.45, 0.6)
    scale = garden_px / (n * t)
    centre = np.array([w / 2, h / 2]) + rng.uniform(-0.08, 0.08, 2) * (w, h)
    angle = rng.uniform(-0.5, 0.5)
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    src = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float64)
    dst = ((src - side / 2) * scale) @ rot.T + centre
    keystone = rng.uniform(0.88, 1.0)  # the far side shorter: a tilted camera
    dst[0] = centre + (dst[0] - centre) * keystone
    dst[1] = centre + (dst[1] - centre) * keystone
    hom = cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32))
    if neighbour:
        shift = np.array([[1, 0, side * 1.1], [0, 1, side * 0.1], [0, 0, 1]])
        other = cv2.warpPerspective(board(), hom @ shift, (w, h))
        cover = cv2.warpPerspective(np.full((side, side), 255, np.uint8), hom @ shift, (w, h)) > 0
        img[cover] = other[cover]
    drawn = cv2.warpPerspective(board(), hom, (w, h))
    cover = cv2.warpPerspective(np.full((side, side), 255, np.uint8), hom, (w, h)) > 0
    img[cover] = drawn[cover]
    lo, hi = margin, margin + n * t + (n - 1) * gap
    block = np.array([[lo, lo], [hi, lo], [hi, hi], [lo, hi]], np.float64)
    corners = cv2.perspectiveTransform(block[None], hom)[0]
    img = cv2.GaussianBlur(img, (0, 0), 0.8)
    return img, corners


def checked_table(step: int, size: tuple[int, int] = (1200, 900), seed: int = 0) -> np.ndarray:
    """A table cloth of two-tone checks ``step`` pixels square -> ``(H, W, 3)`` uint8 (gingham: a
    colour and white, no grout)."""
    rng = np.random.default_rng(seed)
    w, h = size
    rows, cols = np.mgrid[0:h, 0:w]
    dark = ((rows // step + cols // step) % 2 == 0)[..., None]
    colour = rng.integers(30, 200, 3)
    img = np.where(dark, colour, np.full(3, 235))
    return np.clip(img + rng.normal(0, 4, img.shape), 0, 255).astype(np.uint8)


def dev_photo(out_dir: Path, index: int, seed: int = 5454,
              garden_size: tuple[float, float] | None = None, difficulty: str = "mixed") -> LabelledPhoto:
    """Photo ``index`` of the development set ``zengarden synth --seed SEED --family dev
    [--garden-size LO HI] [--difficulty D]`` rendered again into ``out_dir`` (every photo of a set is
    drawn from its own seed), with its sidecar."""
    from vision.synth.generate import generate_dataset

    generate_dataset(out_dir, 1, seed, start=index, family="dev", garden_size=garden_size, difficulty=difficulty)
    return next(iter(iter_labelled(out_dir)))
