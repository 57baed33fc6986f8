"""Straighten and split: the warp inverts a perspective view, and training crops == reading crops."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.crop import cells_in_photo, crop_tiles, cut_tiles, warp_garden
from vision.features import tile_features

COLOURS = np.random.default_rng(3).integers(30, 226, (16, 3))


def _flat_garden(cell: int = 100) -> np.ndarray:
    """A 4x4 board of distinct flat colours with a dark cross in each cell (400x400)."""
    img = np.zeros((4 * cell, 4 * cell, 3), dtype=np.uint8)
    for i, colour in enumerate(COLOURS):
        r, c = divmod(i, 4)
        img[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell] = colour
        cv2.line(img, (c * cell + 30, r * cell + 50), (c * cell + 70, r * cell + 50), (0, 0, 0), 3)
    return img


@pytest.mark.parametrize("angle", [0.0, 17.0, 100.0])
def test_warp_recovers_tiles_from_a_perspective_view(angle: float) -> None:
    flat = _flat_garden()
    src = np.float32([[0, 0], [400, 0], [400, 400], [0, 400]])
    a = np.radians(angle)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    dst = (src - 200) @ rot.T * np.array([1.6, 1.2]) + np.array([900, 700])
    dst[0] += (25, 10)  # perspective-ish distortion
    h = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
    photo = cv2.warpPerspective(flat, h, (1800, 1400), borderValue=(255, 255, 255))
    tiles = crop_tiles(photo, dst, DEFAULT_CONFIG)
    assert tiles.shape == (16, DEFAULT_CONFIG.tile_side, DEFAULT_CONFIG.tile_side, 3)
    for i, colour in enumerate(COLOURS):
        corner_patch = tiles[i, 2:12, 2:12].reshape(-1, 3).mean(axis=0)
        assert np.abs(corner_patch - colour).max() < 12, f"tile {i}"


def test_cut_tiles_order_is_row_major() -> None:
    tiles = cut_tiles(_flat_garden(), DEFAULT_CONFIG)
    for i, colour in enumerate(COLOURS):
        assert np.abs(tiles[i, 3, 3].astype(int) - colour).max() <= 1


def test_big_image_is_area_reduced_before_warping() -> None:
    flat = cv2.resize(_flat_garden(), (2400, 2400), interpolation=cv2.INTER_NEAREST)
    corners = np.array([[0, 0], [2400, 0], [2400, 2400], [0, 2400]], dtype=float)
    square = warp_garden(flat, corners, DEFAULT_CONFIG)
    assert square.shape[0] == square.shape[1] == 4 * (DEFAULT_CONFIG.tile_side + 8)


def test_training_uses_the_same_crops_as_reading(tiny_dataset) -> None:
    from vision.dataset import iter_labelled
    from vision.io import load_image_scaled
    from vision.train import photo_samples

    photo = iter_labelled(tiny_dataset)[0]
    sample = photo_samples(photo, DEFAULT_CONFIG, np.random.default_rng(0))
    feats, labels = sample.features, sample.labels
    image, scale = load_image_scaled(photo.image_path)
    expected = tile_features(crop_tiles(image, photo.corners * scale, DEFAULT_CONFIG), DEFAULT_CONFIG)
    np.testing.assert_allclose(feats[:16], expected, rtol=1e-5, atol=1e-5)
    assert labels[0] == tuple(getattr(photo.garden[(0, 0)], a).value for a in ("floor", "path", "decor", "corner"))


@pytest.mark.parametrize("bad", [np.zeros((4, 2)), [[0, 0], [1, 1]], [[0, 0], [10, 0], [10, np.nan], [0, 10]]])
def test_bad_corners_are_value_errors(bad) -> None:
    with pytest.raises(ValueError, match="corners"):
        crop_tiles(np.zeros((100, 100, 3), np.uint8), bad)


def test_bad_image_is_a_value_error() -> None:
    with pytest.raises(ValueError, match=r"\(M, N, 3\)"):
        crop_tiles(np.zeros((100, 100), np.uint8), [[0, 0], [50, 0], [50, 50], [0, 50]])


def test_cells_in_photo_measures_how_much_of_each_tile_the_photo_holds() -> None:
    inside = np.array([[100, 50], [500, 50], [500, 450], [100, 450]], np.float64)
    np.testing.assert_array_equal(cells_in_photo(inside, (600, 800, 3)), np.ones((4, 4)))
    # the photo ends half way across the last column of tiles (x 450 of 100..500)
    half = cells_in_photo(inside, (600, 450, 3))
    np.testing.assert_allclose(half[:, 3], 0.5)
    np.testing.assert_array_equal(half[:, :3], np.ones((4, 3)))
    # turned a quarter (the garden's top-left read at the image's top-right): rows and columns follow it
    turned = cells_in_photo(np.roll(inside, -1, axis=0), (600, 450, 3))
    np.testing.assert_allclose(turned[0], 0.5)
    assert cells_in_photo(inside + 1000.0, (600, 800, 3)).max() == 0.0
    with pytest.raises(ValueError, match="samples"):
        cells_in_photo(inside, (600, 800, 3), samples=0)
    with pytest.raises(ValueError, match="4 \\(x, y\\) points"):
        cells_in_photo(inside[:3], (600, 800, 3))
