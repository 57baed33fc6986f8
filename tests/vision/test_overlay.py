"""Drawing for the app: grid over the photo, tile pictures from labels, crops beside them, highlights."""

from __future__ import annotations

import numpy as np

from scorer import Garden
from vision.geometry import downscale
from vision.overlay import (
    HIGHLIGHT_BGR,
    REVIEW_BGR,
    comparison_sheet,
    draw_grid,
    grid_points,
    layout_picture,
    photo_crops,
    render_garden,
    tile_picture,
    to_rgb,
)

GRID = [
    ["water/stone/gate/se", "water/stone/pagoda/sw", "gravel/stone/gate/se", "gravel/stone/pagoda/sw"],
    ["water/stone/bench/ne", "water/stone/buddha/nw", "gravel/stone/bench/ne", "gravel/stone/crane/nw"],
    ["water/wood/gate/se", "water/wood/pagoda/sw", "sand/sand/gate/se", "sand/sand/pagoda/sw"],
    ["water/wood/crane/ne", "water/wood/bench/nw", "sand/sand/bench/ne", "sand/sand/crane/nw"],
]
CORNERS = np.array([[100.0, 50.0], [500.0, 70.0], [480.0, 450.0], [90.0, 430.0]])


def test_grid_points_interpolate_corners() -> None:
    pts = grid_points(CORNERS)
    assert pts.shape == (5, 5, 2)
    np.testing.assert_allclose(pts[0, 0], CORNERS[0], atol=1e-3)
    np.testing.assert_allclose(pts[0, 4], CORNERS[1], atol=1e-3)
    np.testing.assert_allclose(pts[4, 4], CORNERS[2], atol=1e-3)
    np.testing.assert_allclose(pts[4, 0], CORNERS[3], atol=1e-3)


def test_draw_grid_marks_review_cells_without_touching_input() -> None:
    photo = np.full((500, 600, 3), 128, np.uint8)
    out = draw_grid(photo, CORNERS, review=["A1"])
    assert out.shape == photo.shape and (photo == 128).all()
    assert (out != 128).any()
    assert np.all(out == np.array(REVIEW_BGR, np.uint8), axis=-1).sum() > 50
    clicks_only = draw_grid(photo, None, clicks=[(10, 10), (200, 20)])
    assert (clicks_only != 128).any()


def test_tile_pictures_and_placeholder() -> None:
    pic = tile_picture("water/stone/gate/se", 64)
    assert pic.shape == (64, 64, 3) and pic.dtype == np.uint8
    assert not np.array_equal(pic, tile_picture("sand/wood/crane/nw", 64))
    blank = tile_picture(None, 64)
    assert blank.shape == (64, 64, 3)


def _cells_of(pic: np.ndarray) -> list[np.ndarray]:
    """The 16 spaces of a :func:`layout_picture` (its layout: gap, tile side, centred)."""
    size = pic.shape[0]
    gap = max(2, size // 60)
    tile = (size - 5 * gap) // 4
    off = (size - 4 * tile - 5 * gap) // 2 + gap
    at = [off + i * (tile + gap) for i in range(4)]
    return [pic[y:y + tile, x:x + tile] for y in at for x in at]


def test_layout_picture_shows_a_floors_15_tiles_and_one_spare_space() -> None:
    from scorer.vocab import Floor

    pic = layout_picture(Floor.WATER, 240)
    assert pic.shape == (240, 240, 3) and pic.dtype == np.uint8
    cells = _cells_of(pic)
    grey = [i for i, cell in enumerate(cells) if np.array_equal(cell, tile_picture(None, cell.shape[0]))]
    assert len(grey) == 1  # the space for any tile of another floor: a grey "?"
    tiles = [cell for i, cell in enumerate(cells) if i != grey[0]]
    assert len({cell.tobytes() for cell in tiles}) == 15  # 15 different tiles
    assert all(np.abs(cell.astype(int) - cells[grey[0]]).mean() > 20 for cell in tiles)
    assert not np.array_equal(pic, layout_picture(Floor.SAND, 240))  # each floor its own tiles
    assert np.array_equal(pic, layout_picture(Floor.WATER, 240))  # the same picture every run


def test_layout_picture_without_a_floor_is_the_empty_board() -> None:
    pic = layout_picture(None, 120)
    assert pic.shape == (120, 120, 3) and pic.dtype == np.uint8
    cells = _cells_of(pic)
    assert all(np.array_equal(cell[2:-2, 2:-2], cells[0][2:-2, 2:-2]) for cell in cells)  # 16 empty spaces
    assert len(np.unique(cells[0][2:-2, 2:-2].reshape(-1, 3), axis=0)) == 1
    assert not np.array_equal(cells[0][5, 5], pic[0, 0])  # a space stands out from the board


def test_render_garden_highlights_contributing_cells() -> None:
    garden = Garden.from_rows(GRID)
    plain = render_garden(garden.rows, tile_size=48, gap=4)
    assert plain.shape == (4 * 48 + 5 * 4,) * 2 + (3,)
    hl = render_garden(GRID, tile_size=48, gap=4, highlight=["A1", "B1"])
    green = np.all(hl == np.array(HIGHLIGHT_BGR, np.uint8), axis=-1)
    # the highlight frames lie in the first two cells of the top row only
    ys, xs = np.nonzero(green)
    assert len(ys) > 0 and xs.max() < 4 + 2 * (48 + 4) and ys.max() < 4 + 48 + 4
    # non-highlighted cells are dimmed (brighter than in the plain sheet)
    cell = (slice(4 + 3 * 52, 4 + 3 * 52 + 48), slice(4 + 3 * 52, 4 + 3 * 52 + 48))
    assert hl[cell].mean() > plain[cell].mean()


def test_crops_and_comparison_sheet() -> None:
    rng = np.random.default_rng(0)
    photo = rng.integers(0, 255, (500, 600, 3), dtype=np.uint8)
    crops = photo_crops(photo, CORNERS, tile_size=40)
    assert len(crops) == 16 and all(c.shape == (40, 40, 3) for c in crops)
    sheet = comparison_sheet(GRID, crops, tile_size=40, review=["D4"])
    assert sheet.shape[0] == 4 * 40 + 5 * 6 and sheet.shape[1] == 4 * (2 * 40 + 2) + 5 * 6
    assert np.all(sheet == np.array(REVIEW_BGR, np.uint8), axis=-1).any()


def test_downscale_and_rgb() -> None:
    big = np.zeros((3000, 4000, 3), np.uint8)
    small, scale = downscale(big, 1000)
    assert small.shape[:2] == (750, 1000) and scale == 0.25
    same, one = downscale(small, 2000)
    assert same is small and one == 1.0
    px = np.array([[[1, 2, 3]]], np.uint8)
    assert to_rgb(px)[0, 0].tolist() == [3, 2, 1]
