"""Ring features on drawn tiles with known answers: a band around the top-left corner."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.features import (
    _EDGE_TOLERANCE,
    _cell_means,
    _cell_moments,
    orientation_bins,
    ring_features,
    tile_features,
    window_features,
)

SIDE = DEFAULT_CONFIG.feature_side
BINS = DEFAULT_CONFIG.ring_bins
RING_PX = DEFAULT_CONFIG.ring_reach * SIDE / BINS  # width of one ring in feature pixels
FLOOR = (60, 160, 200)  # BGR
LIGHT = (150, 220, 240)
DARK = (30, 70, 110)
INNER, OUTER = 3.2 * RING_PX, 6.8 * RING_PX  # the band: rings 4 and 5 whole, 3 and 6 in part


def _radius() -> np.ndarray:
    centre = np.arange(SIDE) + 0.5
    return np.hypot(centre[:, None], centre[None, :])


def _band_tile(band: tuple[int, int, int], planks: int = 0) -> np.ndarray:
    """``(SIDE, SIDE, 3)``: a floor with a band around the top-left corner; ``planks`` dark radial
    lines across the band."""
    tile = np.empty((SIDE, SIDE, 3), dtype=np.uint8)
    tile[:] = FLOOR
    radius = _radius()
    inside = (radius >= INNER) & (radius < OUTER)
    tile[inside] = band
    if planks:
        centre = np.arange(SIDE) + 0.5
        angle = np.arctan2(centre[:, None], centre[None, :])  # 0..pi/2 from the top edge to the left
        seam = (np.floor(angle / (np.pi / 2) * planks * 2).astype(int) % 2) == 1
        tile[inside & seam] = DARK
    return tile


def _lightness(bgr: tuple[int, int, int]) -> float:
    return float(cv2.cvtColor(np.array([[bgr]], dtype=np.uint8), cv2.COLOR_BGR2LAB)[0, 0, 0]) / 255.0


def _parts(features: np.ndarray) -> dict[str, np.ndarray]:
    """One crop's ring features -> named ``(C, BINS)`` blocks."""
    f = features.reshape(11, BINS)
    return {"mean": f[0:3], "spread": f[3:6], "contrast": f[6:9], "edges": f[9:11]}


def test_ring_features_see_a_band_lighter_or_darker_than_the_floor() -> None:
    light, dark = (_parts(f) for f in ring_features(np.stack([_band_tile(LIGHT), _band_tile(DARK)])))
    floor_l, light_l, dark_l = _lightness(FLOOR), _lightness(LIGHT), _lightness(DARK)
    for parts, band_l in ((light, light_l), (dark, dark_l)):
        # rings 4 and 5 lie wholly in the band, rings 8 on wholly in the floor
        np.testing.assert_allclose(parts["mean"][0, 4:6], band_l, atol=1e-6)
        np.testing.assert_allclose(parts["mean"][0, 8:], floor_l, atol=1e-6)
        np.testing.assert_allclose(parts["spread"][:, 4:6], 0.0, atol=1e-3)
        np.testing.assert_allclose(parts["contrast"][0, 4:6], band_l - floor_l, atol=1e-5)
        np.testing.assert_allclose(parts["contrast"][:, 8:], 0.0, atol=1e-5)
        # a ring the band's border crosses has both colours
        assert parts["spread"][0, 3] > 0.05
    assert light["contrast"][0, 4] > 0.1 and dark["contrast"][0, 4] < -0.1


def test_ring_features_tell_planks_across_a_band_from_a_smooth_band() -> None:
    smooth, planked = (_parts(f)["edges"] for f in ring_features(np.stack([_band_tile(LIGHT),
                                                                         _band_tile(LIGHT, planks=6)])))
    radial, tangential = 0, 1
    # a smooth band: edges only at its borders, where the gradient points away from the corner
    np.testing.assert_allclose(smooth[:, 4:6], 0.0, atol=1e-6)
    np.testing.assert_allclose(smooth[:, 8:], 0.0, atol=1e-6)
    for border in (3, 6):
        assert smooth[radial, border] > 0.2 and smooth[radial, border] > 3 * smooth[tangential, border]
    # planks: strong tangential gradients inside the band
    assert np.all(planked[tangential, 4:6] > 1.0) and np.all(planked[tangential, 4:6] > 3 * planked[radial, 4:6])


def test_ring_features_shapes_and_any_crop_size() -> None:
    tiles = np.stack([_band_tile(LIGHT), _band_tile(DARK)])
    feats = ring_features(tiles)
    assert feats.shape == (2, 11 * BINS) and feats.dtype == np.float32
    assert ring_features(np.zeros((0, SIDE, SIDE, 3), dtype=np.uint8)).shape == (0, 11 * BINS)
    # crops of another size are resized to the feature side first: nearly the same description
    big = np.stack([cv2.resize(t, (2 * SIDE, 2 * SIDE), interpolation=cv2.INTER_NEAREST) for t in tiles])
    np.testing.assert_allclose(ring_features(list(big)), feats, atol=0.02)
    # the "rings" window kind is the whole crop's features, then these
    np.testing.assert_allclose(window_features(tiles, DEFAULT_CONFIG, "rings"),
                               np.hstack([tile_features(tiles), feats]))
    with pytest.raises(ValueError, match="uint8"):
        ring_features(np.zeros((1, SIDE, SIDE, 3), dtype=np.float32))


def _gray_gradients(rng: np.random.Generator, count: int) -> tuple[np.ndarray, np.ndarray]:
    """Central differences of random 8-bit lightness as the features see it (``L / 255 * 255`` in
    float32), with flat patches and equal steps (gradients exactly on 45° and the axes)."""
    levels = rng.integers(0, 256, (count, SIDE, SIDE))
    levels[:, :10, :10] = 77  # flat: zero gradients
    ramp = np.arange(SIDE)
    levels[:, 20:30, 20:30] = (ramp[20:30, None] + ramp[None, 20:30]) * 3  # steps equal along rows and columns
    levels[:, 30:40, 30:40] = (ramp[30:40, None] - ramp[None, 30:40]) * 5 + 100
    gray = levels.astype(np.float32) / 255.0 * 255.0
    d_cols, d_rows = np.zeros_like(gray), np.zeros_like(gray)
    d_cols[:, :, 1:-1] = gray[:, :, 2:] - gray[:, :, :-2]
    d_rows[:, 1:-1, :] = gray[:, 2:, :] - gray[:, :-2, :]
    return d_cols, d_rows


@pytest.mark.parametrize("bins", [4, 6, 8, 9])
def test_orientation_bins_are_the_arc_tangents_bins_a_gradient_on_an_edge_above_it(bins: int) -> None:
    """The bins of the undirected angle, a gradient on a bin's edge (the axes, 45°) in the bin above
    it: the reference is the float64 arc tangent within ``_EDGE_TOLERANCE`` of an edge, not the
    float32 one, whose rounding at 45° differs from one machine's numpy to another's."""
    d_cols, d_rows = _gray_gradients(np.random.default_rng(bins), 12)
    angle = np.mod(np.arctan2(d_rows.astype(np.float64), d_cols.astype(np.float64)), np.pi)
    expected = np.clip(np.floor((angle + _EDGE_TOLERANCE) / np.pi * bins).astype(np.int32), 0, bins - 1)
    got = orientation_bins(d_cols, d_rows, bins)
    assert got.dtype == np.int32 and got.shape == d_cols.shape
    np.testing.assert_array_equal(got, expected)
    # the cases on an edge are there: axes, diagonals and no gradient at all
    assert (d_cols == 0).any() and (d_rows == 0).any() and (np.abs(d_cols) == np.abs(d_rows)).sum() > 100


def test_orientation_bins_of_known_directions() -> None:
    d_cols = np.array([1.0, 0.0, -1.0, 1.0, -1.0, 0.0, 2.0, -3.0], np.float32)
    d_rows = np.array([0.0, 1.0, 0.0, 1.0, 1.0, 0.0, -1e-3, -1e-3], np.float32)
    # 0°, 90°, 180° (= 0°), 45°, 135°, none, just below 0° (= just below 180°), just above 0°
    np.testing.assert_array_equal(orientation_bins(d_cols, d_rows, 4), [0, 2, 0, 1, 3, 0, 3, 0])


def test_cell_moments_are_the_cell_means_of_values_and_squares_to_the_bit() -> None:
    rng = np.random.default_rng(7)
    for count in (1, 5, 16, 130):
        values = (rng.random((count, SIDE, SIDE, 3), dtype=np.float32) * rng.random()).astype(np.float32)
        means, squares = _cell_moments(values, 4)
        assert np.array_equal(means, _cell_means(values, 4))
        assert np.array_equal(squares, _cell_means(values * values, 4))
    odd = rng.random((3, 50, 50, 3), dtype=np.float32)  # a side the grid does not divide: the remainder left out
    assert np.array_equal(_cell_moments(odd, 4)[0], _cell_means(odd, 4))


def test_tile_features_histograms_are_shares_of_the_crop() -> None:
    rng = np.random.default_rng(3)
    crops = rng.integers(0, 256, (6, SIDE, SIDE, 3), dtype=np.uint8)
    crops[0] = (10, 200, 30)  # one colour: every histogram one bin
    features = tile_features(crops)
    cfg = DEFAULT_CONFIG
    grid, bins, hog = cfg.color_grid, cfg.hist_bins, cfg.hog_grid
    start = 2 * 3 * grid * grid
    hists = features[:, start:start + 7 * bins]
    lbp = features[:, -40:].reshape(len(crops), 4, 10)
    for lab_channel in range(3):
        np.testing.assert_allclose(hists[:, lab_channel * bins:(lab_channel + 1) * bins].sum(axis=1), 1.0, atol=1e-6)
    np.testing.assert_allclose(hists[:, 3 * bins:].sum(axis=1), 1.0, atol=1e-6)
    np.testing.assert_allclose(lbp.sum(axis=2), 1.0, atol=1e-6)
    assert np.count_nonzero(hists[0, :bins]) == 1 and np.count_nonzero(hists[0, 3 * bins:]) == 1
    assert features.shape[1] == 2 * 3 * grid * grid + 7 * bins + hog * hog * (cfg.hog_bins + 1) + 40
