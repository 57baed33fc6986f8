"""Tileness: cells cut with their seams, what each cell of a moved block is, and the learner's use."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.config import DEFAULT_CONFIG
from vision.tileness import (
    BLOCK_OFFSETS,
    best_block_in_plane,
    block_tileness,
    blocks_tileness,
    cell_labels,
    cell_tileness,
    cut_cells,
    ring_tileness,
    tileness_samples,
    whole_shift_tileness,
)

CORNERS = np.array([[100.0, 100.0], [500.0, 100.0], [500.0, 500.0], [100.0, 500.0]])


def chequered(side: int = 600) -> np.ndarray:
    """A 4×4 block of 100-pixel cells from (100, 100), each a colour of its own, on grey."""
    image = np.full((side, side, 3), 128, np.uint8)
    for rows in range(4):
        for cols in range(4):
            image[100 + rows * 100:200 + rows * 100, 100 + cols * 100:200 + cols * 100] = (
                rows * 60, cols * 60, 255 - rows * 30 - cols * 30)
    return image


def test_cut_cells_takes_each_cell_with_its_seams_in_row_major_order() -> None:
    cfg = DEFAULT_CONFIG
    cells = cut_cells(chequered(), CORNERS, cfg)
    side = cfg.feature_side
    assert cells.shape == (16, side, side, 3) and cells.dtype == np.uint8
    middle = side // 2
    for rows in range(4):
        for cols in range(4):
            expected = (rows * 60, cols * 60, 255 - rows * 30 - cols * 30)
            np.testing.assert_array_equal(cells[rows * 4 + cols, middle, middle], expected)
    # the outset: a top-left cell's top-left corner is the grey around the block
    np.testing.assert_array_equal(cells[0, 1, 1], (128, 128, 128))


def test_cut_cells_of_a_moved_block_are_those_cells_of_the_plane() -> None:
    image = chequered(800)
    shifted = cut_cells(image, CORNERS, DEFAULT_CONFIG, col_shift=1.0, row_shift=1.0)
    again = cut_cells(image, CORNERS + 100.0)  # the same block, a cell down and right
    np.testing.assert_array_equal(shifted, again)
    with pytest.raises(ValueError, match="size"):
        cut_cells(image, CORNERS, DEFAULT_CONFIG, size=0.0)
    with pytest.raises(ValueError):
        cut_cells(np.zeros((10, 10), np.uint8), CORNERS)


def test_cell_labels_mark_true_tiles_cells_beyond_the_block_and_cells_cut_across() -> None:
    assert (cell_labels(0.0, 0.0, 1.0) == 1).all()
    one_over = cell_labels(1.0, 0.0, 1.0).reshape(4, 4)  # a column over: its last column is beyond
    assert (one_over[:, :3] == 1).all() and (one_over[:, 3] == 0).all()
    assert (cell_labels(0.5, 0.5, 1.0) == 0).all()  # every cell cut across four tiles
    bigger = cell_labels(0.0, 0.0, 1.25).reshape(4, 4)  # a quarter too big: no cell is a tile
    assert (bigger != 1).all() and (bigger[2:] == 0).all() and (bigger[:, 2:] == 0).all()
    assert (cell_labels(0.2, 0.0, 1.0) == -1).all()  # neither right nor wrong: not learned from
    assert len(set(BLOCK_OFFSETS)) == len(BLOCK_OFFSETS) and BLOCK_OFFSETS[0] == (0.0, 0.0, 1.0)


def test_tileness_samples_draw_the_true_block_and_others() -> None:
    cfg = DEFAULT_CONFIG
    x, y = tileness_samples(chequered(800), CORNERS, cfg, np.random.default_rng(0))
    assert x.shape[0] == y.shape[0] and x.ndim == 2 and set(np.unique(y)) <= {0, 1}
    assert (y == 1).sum() >= 16 and (y == 0).sum() >= 16  # the true block's 16, and some not


def test_block_tileness_is_the_mean_capped_log_odds_of_the_cells() -> None:
    cfg = DEFAULT_CONFIG

    class Fixed:
        def decision_function(self, features: np.ndarray) -> np.ndarray:
            return np.array([20.0] * 12 + [-1.0] * 4)

    per_cell = cell_tileness(chequered(), CORNERS, Fixed(), cfg)
    assert per_cell.shape == (4, 4) and per_cell.max() == cfg.tileness_cap
    assert block_tileness(chequered(), CORNERS, Fixed(), cfg) == pytest.approx((12 * cfg.tileness_cap - 4) / 16)


class _Counting:
    """A learner of cells whose log-odds is a function of each cell's features, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def decision_function(self, features: np.ndarray) -> np.ndarray:
        self.calls += 1
        return 40.0 * np.sin(features[:, :7].sum(axis=1) * 9.0)


def test_blocks_tileness_reads_many_blocks_at_once_as_one_by_one() -> None:
    image = chequered()
    blocks = [CORNERS + shift for shift in (0.0, 13.0, -27.0, 50.0)]
    blocks.insert(2, np.full((4, 2), np.nan))  # cannot be cut
    learner = _Counting()
    together = blocks_tileness(image, blocks, learner, DEFAULT_CONFIG)
    assert learner.calls == 1 and together.shape == (5,) and together[2] == -np.inf
    alone = [block_tileness(image, b, learner, DEFAULT_CONFIG) for k, b in enumerate(blocks) if k != 2]
    assert np.array_equal(np.delete(together, 2), alone)  # the same numbers, bit for bit
    assert len(set(alone)) == 4
    assert blocks_tileness(image, [], learner, DEFAULT_CONFIG).shape == (0,)


def test_ring_tileness_reads_the_block_and_the_cells_around_it_in_its_plane() -> None:
    """The ring of a block is the (n + 2)×(n + 2) block one cell out, its own cells in the middle."""
    cfg = DEFAULT_CONFIG
    seen: list[np.ndarray] = []

    class Recording:
        def decision_function(self, features: np.ndarray) -> np.ndarray:
            seen.append(features)
            return np.arange(len(features), dtype=np.float64) - 18.0

    ring = ring_tileness(chequered(800), CORNERS + 100, Recording(), cfg)
    assert ring.shape == (6, 6) and len(seen[0]) == 36
    np.testing.assert_array_equal(ring, np.clip(np.arange(36.0) - 18.0, -cfg.tileness_cap, cfg.tileness_cap)
                                  .reshape(6, 6))
    from vision.features import tile_features
    block_features = tile_features(cut_cells(chequered(800), CORNERS + 100, cfg), cfg)
    inner = seen[0].reshape(6, 6, -1)[1:5, 1:5].reshape(16, -1)  # the same cells, cut a sub-pixel apart
    assert np.abs(inner - block_features).mean() < 0.02 < np.abs(seen[0][:16] - block_features).mean()


def test_whole_shift_tileness_is_the_mean_of_each_block_a_tile_away() -> None:
    ring = np.zeros((6, 6))
    ring[1:5, 0] = 8.0  # the column left of the block is all tiles
    ring[1:5, 4] = -8.0  # the block's own right column is not
    shifts = whole_shift_tileness(ring)
    assert shifts.shape == (3, 3)
    assert shifts[1, 1] == pytest.approx(-2.0) and shifts[1, 0] == pytest.approx(2.0)
    assert shifts[0, 0] == pytest.approx(ring[0:4, 0:4].mean()) and shifts[2, 2] == pytest.approx(ring[2:6, 2:6].mean())
    assert int(np.argmax(shifts)) == 3  # one column left
    with pytest.raises(ValueError, match="ring"):
        whole_shift_tileness(np.zeros((6, 5)))


def test_the_bundled_tileness_tells_a_garden_from_the_same_block_moved(bundled_model, easy_photos) -> None:
    """On held-out easy photos, the true block's cells are tiles (tileness above
    ``cfg.tileness_sure``) and the block a column over, half a tile over or a quarter too big is
    not as much so."""
    from vision.dataset import iter_labelled
    from vision.io import load_image_scaled

    cfg, learner = bundled_model.cfg, bundled_model.tileness
    square = np.array([[0, 0], [4, 0], [4, 4], [0, 4]], np.float32)
    for photo in iter_labelled(easy_photos)[:3]:
        image, scale = load_image_scaled(photo.image_path, cfg)
        truth = photo.corners * scale
        to_image = cv2.getPerspectiveTransform(square, truth.astype(np.float32))

        def moved(dx: float, dy: float, size: float, to_image: np.ndarray = to_image) -> np.ndarray:
            return cv2.perspectiveTransform((square * size + [dx, dy])[None].astype(np.float64), to_image)[0]

        own = block_tileness(image, truth, learner, cfg)
        assert own > cfg.tileness_sure
        for dx, dy, size in ((1.0, 0.0, 1.0), (0.5, 0.5, 1.0), (0.0, 0.0, 1.25)):
            assert block_tileness(image, moved(dx, dy, size), learner, cfg) < own - 2.0


def test_a_plane_stretched_one_way_holds_the_garden_a_lattice_of_the_wrong_pitch_missed(bundled_model,
                                                                                       easy_photos) -> None:
    """:func:`best_block_in_plane` with ``stretches``: a block whose four rows lie on the garden's
    last 2.7 has cells two-thirds of a tile tall; its plane searched at its own sizes finds no
    garden, stretched by half along its rows (columns 1.0, rows 1.5) it finds the garden's block."""
    from vision.dataset import iter_labelled
    from vision.geometry import in_block_plane, order_corners
    from vision.io import load_image_scaled
    from vision.locate import block_offset

    photo = iter_labelled(easy_photos)[0]
    image, scale = load_image_scaled(photo.image_path, bundled_model.cfg)
    truth = order_corners(photo.corners * scale)
    squeezed = in_block_plane(truth, np.array([[0, 4 / 3], [4, 4 / 3], [4, 4], [0, 4]], np.float64), 4)
    plain, plain_tileness = best_block_in_plane(image, squeezed, bundled_model.tileness, DEFAULT_CONFIG)
    found, tileness = best_block_in_plane(image, squeezed, bundled_model.tileness, DEFAULT_CONFIG, ((1.0, 1.5),))
    assert block_offset(plain, truth)[0] > 0.5 and plain_tileness < 2.0
    assert block_offset(found, truth)[0] < 0.15 and tileness > 5.0
