"""``vision.geometry``: the corner-by-corner climb shared by the lattice polish and the board-band
alignment, and the whole-block moves and climb of the search by reading."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.geometry import block_moves, climb_block, climb_corners, shifted_block

TARGET = np.array([[10.0, 12.0], [52.0, 9.0], [55.0, 50.0], [8.0, 47.0]])


def _closeness(corners: np.ndarray) -> float:
    return -float(np.abs(corners - TARGET).sum())


def test_climb_corners_reaches_the_best_corners_coarse_to_fine() -> None:
    start = TARGET + np.array([[3.0, -2.0], [-4.0, 1.0], [2.0, 2.0], [-1.0, -3.0]])
    found, value = climb_corners(start, lambda _step: _closeness, steps=(1.0, 0.5), rounds=20, unit=2.0)
    assert np.allclose(found, TARGET) and value == 0.0
    assert not np.array_equal(start, found)  # the input is not changed
    few, _ = climb_corners(start, lambda _step: _closeness, steps=(1.0,), rounds=1, unit=2.0)
    assert _closeness(start) < _closeness(few) < 0.0  # one sweep climbs part of the way


def test_climb_corners_never_tries_a_refused_shape_and_climbs_each_steps_own_objective() -> None:
    start = TARGET + 4.0
    fenced, _ = climb_corners(start, lambda _step: _closeness, steps=(1.0,), rounds=20, unit=1.0,
                              allowed=lambda c: bool(c[0, 0] >= 13.0))
    assert fenced[0, 0] == 13.0 and np.allclose(fenced[1:], TARGET[1:])
    seen = []

    def per_step(step: float):
        seen.append(step)
        return _closeness if step > 1 else (lambda c: -_closeness(c))  # the fine step climbs away

    found, value = climb_corners(start, per_step, steps=(2.0, 0.5), rounds=20, unit=1.0)
    assert seen == [2.0, 0.5]
    assert value == -_closeness(found) > -_closeness(TARGET)
    assert climb_corners(start, lambda _step: _closeness, steps=(1.0,), rounds=20, unit=1.0, min_gain=100.0)[1] \
        == _closeness(start)  # no move gains enough


def _block(homography: np.ndarray, cells: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(np.asarray(cells, np.float64)[None], homography)[0]


# a 4×4 block seen in perspective: its own plane (tile sides) -> photo pixels
SQUARE = np.array([[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]])
SEEN = cv2.getPerspectiveTransform(SQUARE.astype(np.float32),
                                   np.float32([[100, 80], [420, 110], [400, 380], [90, 330]])).astype(np.float64)


def test_block_moves_shift_the_block_and_move_each_side_in_its_own_plane() -> None:
    """Each of the 16 moves, taken back to the block's own plane, is the square shifted by a step
    along an axis or both, or with one side moved out or in by a step, the other corners where they
    were."""
    corners = _block(SEEN, SQUARE)
    moved = block_moves(corners, 0.5, 4)
    back = [_block(np.linalg.inv(SEEN), m) for m in moved]
    expected = [SQUARE + np.array([dx, dy]) for dx in (-0.5, 0, 0.5) for dy in (-0.5, 0, 0.5) if dx or dy]
    for pair, out in (((0, 1), (0, -1)), ((1, 2), (1, 0)), ((2, 3), (0, 1)), ((3, 0), (-1, 0))):
        for sign in (1, -1):
            block = SQUARE.copy()
            block[list(pair)] += sign * 0.5 * np.array(out)
            expected.append(block)
    assert len(moved) == 16
    for got, want in zip(back, expected):
        np.testing.assert_allclose(got, want, atol=1e-6)
    with pytest.raises(ValueError, match="step"):
        block_moves(corners, 0.0, 4)


def test_shifted_block_moves_the_block_by_whole_or_part_tiles_in_its_own_plane() -> None:
    corners = _block(SEEN, SQUARE)
    for cols, rows in ((1, 0), (-1, 1), (0.5, -0.25)):
        back = _block(np.linalg.inv(SEEN), shifted_block(corners, cols, rows, 4))
        np.testing.assert_allclose(back, SQUARE + np.array([cols, rows]), atol=1e-6)
    np.testing.assert_allclose(shifted_block(corners, 0, 0, 4), corners, atol=1e-6)


def test_climb_block_brings_a_block_a_row_off_and_too_big_onto_the_garden() -> None:
    """Valued by closeness to the garden, a start a row off, with a band around it, climbs onto it
    by whole-block moves, coarse steps then fine; the count of blocks valued is reported."""
    garden = _block(SEEN, SQUARE)

    def closeness(corners: np.ndarray) -> float:
        return -float(np.abs(corners - garden).sum())

    start = _block(SEEN, np.array([[-0.5, 0.5], [4.5, 0.5], [4.5, 5.5], [-0.5, 5.5]]))  # a row off, a band wider
    found, value, valued = climb_block(start, closeness, steps=(1.0, 0.5, 0.25, 0.12), rounds=8, n=4)
    # a step is in the moved block's own tiles, so the climb ends near the garden, not on it exactly
    off = np.abs(_block(np.linalg.inv(SEEN), found) - SQUARE).max()
    assert off < 0.1 < np.abs(_block(np.linalg.inv(SEEN), start) - SQUARE).max()
    assert value > closeness(start) and valued > 16
    stuck, _, valued_once = climb_block(garden, closeness, steps=(0.5,), rounds=8, n=4)
    np.testing.assert_allclose(stuck, garden)  # nothing near is better: it stays, after one look around
    assert valued_once == 17


def test_climb_block_values_each_move_s_neighbours_at_once_when_asked() -> None:
    garden = _block(SEEN, SQUARE)
    batches: list[int] = []

    def closeness(corners: np.ndarray) -> float:
        return -float(np.abs(corners - garden).sum())

    def many(blocks: list[np.ndarray]) -> list[float]:
        batches.append(len(blocks))
        return [closeness(b) for b in blocks]

    start = _block(SEEN, SQUARE + 0.6)
    one_by_one = climb_block(start, closeness, steps=(0.5, 0.25), rounds=8, n=4)
    at_once = climb_block(start, closeness, steps=(0.5, 0.25), rounds=8, n=4, many=many)
    np.testing.assert_array_equal(at_once[0], one_by_one[0])
    assert at_once[1:] == one_by_one[1:]
    assert batches and set(batches) == {16} and 1 + 16 * len(batches) == at_once[2]
