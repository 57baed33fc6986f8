"""The board's edge as a witness of where its block lies (``vision.board_edge``) and its use in
enrolment (``vision.enrol.place_by_board``): constructed and rendered photos, seeded."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from scorer.vocab import Floor
from tests.vision.grids import grid_photo
from vision.board_edge import EdgeConfig, blocks_in_quad, board_margins, edge_quads, place_by_edge
from vision.board_ring import ring_features
from vision.crop import crop_tiles
from vision.enrol import DEFAULT_ENROL, FloorPhoto, place_by_board
from vision.geometry import in_block_plane
from vision.locate import block_offset
from vision.read import resolve_model

_SQUARE = np.float32([[0, 0], [4, 0], [4, 4], [0, 4]])


def _board_quad(corners: np.ndarray, margins: np.ndarray) -> np.ndarray:
    """The board's outline ``(4, 2)`` around the block ``corners`` with ``margins`` (top, right,
    bottom, left, tiles) beyond its sides, through the block's perspective."""
    top, right, bottom, left = margins
    return in_block_plane(corners, np.array([[-left, -top], [4 + right, -top], [4 + right, 4 + bottom],
                                             [-left, 4 + bottom]]), 4)


@pytest.mark.parametrize("margin", [0.4, 0.6, 1.2])
def test_board_margins_measure_the_frame_beyond_each_side(margin: float) -> None:
    image, corners = grid_photo(4, 31, board_bgr=(60, 140, 200), table_bgr=(40, 40, 40), margin_frac=margin)
    # the block's tile side counts the gaps between tiles (3 of them, 3 % of a tile each, over 4 tiles)
    want = margin / (1 + 0.75 * 0.03)
    assert np.allclose(board_margins(image, corners), want, atol=0.08)


def test_board_margins_check_their_input() -> None:
    with pytest.raises(ValueError):
        board_margins(np.zeros((10, 10), np.uint8), _SQUARE)
    with pytest.raises(ValueError, match="near"):
        EdgeConfig(near=3.0, reach=2.0)


def test_edge_quads_find_the_boards_edge_and_nothing_on_a_plain_table() -> None:
    image, corners = grid_photo(4, 32, board_bgr=(200, 200, 210), table_bgr=(90, 60, 40), margin_frac=0.7)
    board = _board_quad(corners, np.full(4, 0.7 / (1 + 0.75 * 0.03)))
    quads = edge_quads(image)
    assert quads, "no quadrilateral found"
    closest = min(np.abs(q - board).max() for q in quads[:10])
    assert closest < 6.0  # pixels of a 1200 x 900 photo
    plain = np.random.default_rng(0).normal(120, 8, (600, 800, 3)).clip(0, 255).astype(np.uint8)
    assert edge_quads(plain) == []


def test_blocks_in_quad_give_the_block_back_from_the_board_in_each_turn() -> None:
    corners = np.array([[310.0, 205.0], [720.0, 240.0], [700.0, 650.0], [290.0, 610.0]])
    margins = np.array([0.5, 0.9, 0.5, 0.3])  # a board with a wider frame on its right
    blocks = blocks_in_quad(_board_quad(corners, margins), margins)
    assert blocks.shape == (4, 4, 2)
    assert np.allclose(blocks[0], corners, atol=1e-3)
    assert block_offset(blocks[1], corners)[0] > 0.3  # read from another corner, the frame is elsewhere
    square = np.full(4, 0.6)
    same = blocks_in_quad(_board_quad(corners, square), square)
    assert max(block_offset(b, corners)[0] for b in same) < 1e-3  # an even frame: the same block each turn


def test_place_by_edge_finds_a_block_no_outline_pointed_at(copy_photos: list) -> None:
    cfg = resolve_model(None).cfg
    (image_a, corners_a), (image_b, corners_b) = copy_photos[0], copy_photos[1]
    found = place_by_edge(image_b, [board_margins(image_a, corners_a)], [ring_features(image_a, corners_a)[0]], cfg)
    assert found is not None
    corners, agreement = found
    assert block_offset(corners, corners_b)[0] < 0.1
    assert agreement > 0.6
    assert place_by_edge(image_b, [], [ring_features(image_a, corners_a)[0]], cfg) is None  # nothing to go by


def _floor_photo(tmp: Path, name: str, image: np.ndarray, corners: np.ndarray, reasons: tuple[str, ...]
                 ) -> FloorPhoto:
    path = tmp / f"{name}.png"
    cv2.imwrite(str(path), image)
    cfg = resolve_model(None).cfg
    return FloorPhoto(Floor.SAND, path, corners, 1.0, crop_tiles(image, corners, cfg), None, reasons, located=True,
                      shape=image.shape[:2])


def test_place_by_board_finds_a_photo_far_from_its_outline_by_the_boards_edge(copy_photos: list, tmp_path: Path
                                                                              ) -> None:
    model = resolve_model(None)
    (image_a, corners_a), (image_b, corners_b) = copy_photos[0], copy_photos[1]
    side = corners_b[1] - corners_b[0]
    far = corners_b - 1.6 * side  # an outline on the table, nearer no part of the block
    photos = [_floor_photo(tmp_path, "a", image_a, corners_a, ()),
              _floor_photo(tmp_path, "b", image_b, far, ("weak lattice",))]
    placed = place_by_board(photos, model)
    assert block_offset(placed[1].corners, corners_b)[0] < 0.1
    assert not np.array_equal(placed[1].crops, photos[1].crops)  # the cells cut again
    unaided = place_by_board(photos, model, ecfg=replace(DEFAULT_ENROL, edge=None))
    assert block_offset(unaided[1].corners, corners_b)[0] > 1.0  # the band alone does not reach it
