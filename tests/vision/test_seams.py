"""The seam fit on synthetic blocks with known corners (fixed seeds)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.seams import (
    fit_lattice,
    lattice_corners,
    lattice_homography,
    outline_groups,
    refine_with_seams,
    seam_map,
    straight_part,
    tile_side_px,
)

TRUTH = np.array([[210.0, 140.0], [690.0, 175.0], [655.0, 640.0], [170.0, 600.0]])


def _block_photo(seed: int, seams: bool = True) -> np.ndarray:
    """A 4×4 block of flat random-gray tiles (dark 4-px seams between them when ``seams``) on a
    mid-gray table, seen through the homography that puts its corners at TRUTH: ``(800, 860)`` uint8."""
    rng = np.random.default_rng(seed)
    side, tile = 400, 100
    flat = np.full((side, side), 0, np.uint8)
    for r in range(4):
        for c in range(4):
            flat[r * tile:(r + 1) * tile, c * tile:(c + 1) * tile] = rng.integers(110, 230)
    if seams:
        for k in range(1, 4):
            flat[k * tile - 2:k * tile + 2, :] = 40
            flat[:, k * tile - 2:k * tile + 2] = 40
    src = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    h = cv2.getPerspectiveTransform(src, TRUTH.astype(np.float32))
    out = np.full((800, 860), 90, np.uint8)
    return cv2.warpPerspective(flat, h, (860, 800), dst=out, borderMode=cv2.BORDER_TRANSPARENT)


def _error_tiles(found: np.ndarray) -> float:
    return float(np.linalg.norm(found - TRUTH, axis=1).max() / tile_side_px(TRUTH))


@pytest.mark.parametrize("seed", range(3))
def test_an_outline_side_on_the_wrong_edge_is_pulled_back_by_the_seams(seed: int) -> None:
    # the right side snapped to a line 0.08 tile outside the block (like the coin track's edge)
    h = lattice_homography(TRUTH)
    wrong = lattice_corners(h @ np.diag([4.08 / 4, 1.0, 1.0]))
    assert _error_tiles(wrong) > 0.07
    fixed = refine_with_seams(_block_photo(seed), wrong, DEFAULT_CONFIG)
    assert _error_tiles(fixed) < 0.02


def test_small_shifts_are_refined_sub_pixel() -> None:
    rng = np.random.default_rng(7)
    start = TRUTH + rng.normal(0, 4.0, TRUTH.shape)  # about 0.04 tile
    fixed = refine_with_seams(_block_photo(7), start, DEFAULT_CONFIG)
    assert _error_tiles(fixed) < 0.5 * _error_tiles(start)
    assert _error_tiles(fixed) < 0.02


def test_without_seams_the_corners_come_back_unchanged() -> None:
    start = TRUTH + 3.0
    np.testing.assert_array_equal(refine_with_seams(_block_photo(1, seams=False), start, DEFAULT_CONFIG), start)


def test_fit_lattice_recovers_a_homography_from_points_on_its_lines() -> None:
    groups = outline_groups(TRUTH, DEFAULT_CONFIG)
    h_true = lattice_homography(TRUTH)
    for axis in (0, 1):  # exact points on the inner lines too
        lattice = np.zeros((10, 2))
        lattice[:, axis] = 2
        lattice[:, 1 - axis] = np.linspace(0.1, 3.9, 10)
        groups.append((axis, 2, cv2.perspectiveTransform(lattice[None], h_true)[0], False))
    h, g = fit_lattice(groups)
    np.testing.assert_allclose(lattice_corners(h), TRUTH, atol=1e-6)
    np.testing.assert_allclose(g @ h / (g @ h)[2, 2], np.eye(3), atol=1e-9)


def test_seam_map_lights_up_thin_dark_lines_only() -> None:
    img = np.full((60, 60), 200, np.uint8)
    img[:, 30:32] = 50  # a 2-px dark line
    img[:, :10] = 50  # a wide dark band: not a seam
    smap = seam_map(img, tile_px=50.0)
    assert smap[:, 30:32].mean() > 100
    assert smap[20:40, 2:8].max() < 5
    with pytest.raises(ValueError, match=r"\(M, N\)"):
        seam_map(np.zeros((5, 5, 3), np.uint8), 10.0)


def test_straight_part_ignores_outliers() -> None:
    rng = np.random.default_rng(3)
    xs = np.linspace(0, 100, 30)
    pts = np.stack([xs, 0.5 * xs + 3 + rng.normal(0, 0.2, xs.size)], axis=1)
    pts[::5, 1] += 25  # 6 stray points
    keep = straight_part(pts, tol=1.0, min_inliers=0.3)
    assert keep is not None
    assert keep.sum() == 24 and not keep[::5].any()
    assert straight_part(pts[:3], 1.0, 0.3) is None
