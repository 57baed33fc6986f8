"""The board around the block as a second witness (``vision.board_ring``) and its use in enrolment
(``vision.enrol.place_by_board``): photos of one rendered copy, seeded."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from scorer.vocab import Floor
from vision.board_ring import (
    DEFAULT_RING,
    RingConfig,
    place_by_ring,
    ring_agreement,
    ring_features,
    sub_block_outlines,
)
from vision.crop import crop_tiles
from vision.enrol import DEFAULT_ENROL, FloorPhoto, place_by_board
from vision.geometry import order_corners
from vision.locate import block_offset
from vision.read import resolve_model
from vision.synth.enrolment import enrolment_garden
from vision.synth.generate import photo_rng
from vision.synth.photo import random_board_picture, render_photo


def _cell(corners: np.ndarray, row: int, col: int, n: int = 4) -> np.ndarray:
    """The outline ``(4, 2)`` of one cell of the block ``corners`` (through its perspective)."""
    hom = cv2.getPerspectiveTransform(np.float32([[0, 0], [n, 0], [n, n], [0, n]]), np.float32(corners))
    box = np.float32([[col, row], [col + 1, row], [col + 1, row + 1], [col, row + 1]])
    return cv2.perspectiveTransform(box[None], hom)[0].astype(np.float64)


def test_random_board_picture_is_a_seeded_board_with_its_margin() -> None:
    a = random_board_picture(np.random.default_rng(5), "zoo", side=256)
    b = random_board_picture(np.random.default_rng(5), "zoo", side=256)
    assert a.shape == (320, 320, 3) and a.dtype == np.uint8  # 256 + 2 * 0.125 * 256
    assert np.array_equal(a, b)
    with pytest.raises(ValueError, match="classic"):
        random_board_picture(np.random.default_rng(5), "classic")


def test_ring_features_are_unit_length_per_side_and_channel_in_four_turns(copy_photos: list) -> None:
    image, corners = copy_photos[0]
    feats = ring_features(image, corners)
    assert feats.shape[:3] == (4, 4, 3)
    assert np.allclose(np.linalg.norm(feats, axis=3), 1.0, atol=1e-3)
    assert np.allclose(feats.mean(axis=3), 0.0, atol=1e-4)
    assert np.array_equal(feats[1], np.roll(feats[0], -1, axis=0))  # a turn is the sides in another order


def test_the_same_board_agrees_whichever_corner_comes_first_and_a_wrong_outline_does_not(copy_photos: list
                                                                                           ) -> None:
    (image_a, corners_a), (image_b, corners_b) = copy_photos[0], copy_photos[1]
    ref = ring_features(image_a, corners_a)[0]
    right = [ring_agreement(image_b, np.roll(corners_b, k, axis=0), [ref]) for k in range(4)]
    assert min(right) > 0.6, right
    assert max(right) - min(right) < 0.05  # the four turns are all compared
    shifted = corners_b + (corners_b[1] - corners_b[0]) / 4  # the block a column to the right
    assert ring_agreement(image_b, shifted, [ref]) < min(right) - 0.3


def test_sub_block_outlines_hold_the_block_for_every_part() -> None:
    block = order_corners(np.array([[100.0, 80.0], [420.0, 110.0], [400.0, 430.0], [90.0, 400.0]]))
    for k, row, col in ((1, 2, 3), (2, 0, 1), (3, 1, 0)):
        hom = cv2.getPerspectiveTransform(np.float32([[0, 0], [4, 0], [4, 4], [0, 4]]), np.float32(block))
        part = cv2.perspectiveTransform(np.float32([[[col, row], [col + k, row], [col + k, row + k],
                                                     [col, row + k]]]), hom)[0].astype(np.float64)
        found = min(block_offset(o, block)[0] for o in sub_block_outlines(part, 4, (k,)))
        assert found < 1e-3, (k, row, col, found)
    bigger = cv2.perspectiveTransform(np.float32([[[-1, 0], [4, 0], [4, 5], [-1, 5]]]), cv2.getPerspectiveTransform(
        np.float32([[0, 0], [4, 0], [4, 4], [0, 4]]), np.float32(block)))[0].astype(np.float64)
    assert min(block_offset(o, block)[0] for o in sub_block_outlines(bigger, 4, (5,))) < 1e-3
    assert len(sub_block_outlines(block, 4, (1, 2, 3, 4, 5))) == 16 + 9 + 4 + 8 + 4
    a_row_down = cv2.perspectiveTransform(np.float32([[[0, 1], [4, 1], [4, 5], [0, 5]]]), cv2.getPerspectiveTransform(
        np.float32([[0, 0], [4, 0], [4, 4], [0, 4]]), np.float32(block)))[0].astype(np.float64)
    assert min(block_offset(o, block)[0] for o in sub_block_outlines(a_row_down, 4, (4,))) < 1e-3
    three_columns = cv2.perspectiveTransform(np.float32([[[1, 0], [4, 0], [4, 4], [1, 4]]]), hom)[0].astype(np.float64)
    assert min(block_offset(o, block)[0] for o in sub_block_outlines(three_columns, 4, (3, 4), 1)) < 1e-3
    assert min(block_offset(o, block)[0] for o in sub_block_outlines(three_columns, 4, (3, 4))) > 0.2  # even only
    assert len(sub_block_outlines(block, 4, (3, 4), 1)) == 2 * 3 * 2 + 4 + 8  # 3×4 and 4×3 parts, 3×3, 4×4


def test_place_by_ring_finds_the_block_from_one_tile(copy_photos: list) -> None:
    (image_a, corners_a), (image_b, corners_b) = copy_photos[0], copy_photos[2]
    refs = [ring_features(image_a, corners_a)[0]]
    cfg = resolve_model(None).cfg
    one_tile = _cell(corners_b, 1, 2)  # a lattice found on one tile's art
    placed = place_by_ring(image_b, [one_tile], refs, cfg)
    assert placed.source == -1  # from an extension, not the outline given
    assert block_offset(placed.corners, corners_b)[0] < 0.15
    assert placed.agreement >= DEFAULT_RING.sure > placed.first


def test_a_shadow_falling_across_the_board_is_taken_out_of_the_band(copy_photos: list) -> None:
    (image_a, corners_a), (image_b, corners_b) = copy_photos[0], copy_photos[1]
    rows, cols = np.mgrid[0:image_b.shape[0], 0:image_b.shape[1]]
    (col, row), = corners_b.mean(axis=0, keepdims=True)
    # a soft shadow's edge running diagonally through the block: a fifth of the light on one side
    light = 0.2 + 0.8 / (1 + np.exp(-((cols - col) - (rows - row)) / 80.0))
    shaded = (image_b * light[..., None]).clip(0, 255).astype(np.uint8)
    flat = replace(DEFAULT_RING, shading=0.0)
    with_shading = ring_agreement(shaded, corners_b, [ring_features(image_a, corners_a)[0]], worst=True)
    without = ring_agreement(shaded, corners_b, [ring_features(image_a, corners_a, rcfg=flat)[0]], rcfg=flat,
                             worst=True)
    assert with_shading > without + 0.04, (with_shading, without)
    assert with_shading > DEFAULT_RING.accept
    shifted = corners_b + (corners_b[1] - corners_b[0]) / 4  # the block a column over still disagrees
    assert ring_agreement(shaded, shifted, [ring_features(image_a, corners_a)[0]], worst=True) < DEFAULT_RING.accept


def test_ring_config_checks_its_values() -> None:
    with pytest.raises(ValueError, match="skip"):
        RingConfig(skip=0.5, margin=0.45)
    with pytest.raises(ValueError, match="shading"):
        RingConfig(shading=-0.1)
    with pytest.raises(ValueError, match="accept"):
        RingConfig(accept=0.8, sure=0.6)
    with pytest.raises(ValueError, match="reference"):
        ring_agreement(np.zeros((50, 50, 3), np.uint8), np.array([[5, 5], [40, 5], [40, 40], [5, 40.0]]), [])


def _floor_photo(tmp: Path, name: str, image: np.ndarray, corners: np.ndarray, reasons: tuple[str, ...],
                 alternatives: tuple[np.ndarray, ...] = ()) -> FloorPhoto:
    path = tmp / f"{name}.png"
    cv2.imwrite(str(path), image)
    cfg = resolve_model(None).cfg
    return FloorPhoto(Floor.SAND, path, corners, 1.0, crop_tiles(image, corners, cfg), None, reasons, alternatives,
                      located=True)


def test_place_by_board_moves_a_doubtful_photo_to_where_the_sure_ones_board_is(copy_photos: list,
                                                                              tmp_path: Path) -> None:
    model = resolve_model(None)
    (image_a, corners_a), (image_b, corners_b), (image_c, corners_c) = copy_photos
    wrong = _cell(corners_b, 3, 0)
    photos = [_floor_photo(tmp_path, "a", image_a, corners_a, ()),
              _floor_photo(tmp_path, "b", image_b, wrong, ("weak lattice",)),
              _floor_photo(tmp_path, "c", image_c, corners_c, ())]
    placed = place_by_board(photos, model)
    assert block_offset(placed[1].corners, corners_b)[0] < 0.15
    assert placed[1].outline_reasons == ()  # the board agrees: no doubt left
    assert not np.array_equal(placed[1].crops, photos[1].crops)  # the cells cut again
    assert placed[0] is photos[0] and placed[2] is photos[2]  # the sure ones are left alone
    assert photos[1].corners is wrong  # the input is not changed


def test_place_by_board_leaves_photos_alone_without_a_sure_one_or_on_another_board(copy_photos: list,
                                                                                  tmp_path: Path) -> None:
    model = resolve_model(None)
    (image_a, corners_a), (image_b, corners_b) = copy_photos[0], copy_photos[1]
    wrong = _cell(corners_b, 0, 0)
    doubtful = [_floor_photo(tmp_path, "a", image_a, corners_a, ("weak lattice",)),
                _floor_photo(tmp_path, "b", image_b, wrong, ("weak lattice",))]
    assert place_by_board(doubtful, model) == doubtful  # no reference: nothing to match
    rng = photo_rng(999, 0)
    other, truth = render_photo(enrolment_garden(Floor.SAND, rng), rng, size=(1200, 900), difficulty="easy",
                                style="random", family="train",
                                board_image=random_board_picture(photo_rng(999, 1000), "train", side=256))
    sure_elsewhere = _floor_photo(tmp_path, "other", other, np.asarray(truth["corners"], np.float64), ())
    ecfg = replace(DEFAULT_ENROL, ring=replace(DEFAULT_RING, accept=0.5))
    placed = place_by_board([sure_elsewhere, doubtful[1]], model, ecfg=ecfg)
    assert placed[1].outline_reasons == ("weak lattice",)  # still in doubt: never a confident wrong move


def test_a_sure_outline_in_the_wrong_place_moves_but_a_given_one_never_does(copy_photos: list, tmp_path: Path
                                                                           ) -> None:
    model = resolve_model(None)
    (image_a, corners_a), (image_b, corners_b), (image_c, corners_c) = copy_photos
    off = corners_b + (corners_b[1] - corners_b[0]) / 4  # a column off, found without doubt
    photos = [_floor_photo(tmp_path, "a", image_a, corners_a, ()),
              _floor_photo(tmp_path, "b", image_b, off, ()),
              _floor_photo(tmp_path, "c", image_c, corners_c, ())]
    placed = place_by_board(photos, model)
    assert block_offset(placed[1].corners, corners_b)[0] < 0.15
    assert placed[0] is photos[0] and placed[2] is photos[2]  # the right ones hold up
    photos[1] = replace(photos[1], located=False)  # the player's four taps: theirs to change
    assert place_by_board(photos, model)[1] is photos[1]



def test_the_empty_boards_picture_alone_places_a_doubtful_photo(copy_photos: list, tmp_path: Path) -> None:
    model = resolve_model(None)
    image_b, corners_b = copy_photos[1]
    board = random_board_picture(photo_rng(4250, 1000), "train", side=256)  # the fixture's board
    doubtful = [_floor_photo(tmp_path, "b", image_b, _cell(corners_b, 2, 1), ("weak lattice",))]
    assert place_by_board(doubtful, model) == doubtful  # no sure photo, no board: nothing to go by
    placed = place_by_board(doubtful, model, board=board)
    assert block_offset(placed[0].corners, corners_b)[0] < 0.15


def test_with_every_photo_in_doubt_two_that_agree_are_the_references(copy_photos: list, tmp_path: Path) -> None:
    model = resolve_model(None)
    (image_a, corners_a), (image_b, corners_b), (image_c, corners_c) = copy_photos
    photos = [_floor_photo(tmp_path, "a", image_a, corners_a, ("weak lattice",)),
              _floor_photo(tmp_path, "b", image_b, _cell(corners_b, 0, 3), ("weak lattice",)),
              _floor_photo(tmp_path, "c", image_c, corners_c, ("weak lattice",))]
    placed = place_by_board(photos, model)
    assert placed[0].outline_reasons == () and placed[2].outline_reasons == ()  # they agree with each other
    assert np.array_equal(placed[0].corners, corners_a) and np.array_equal(placed[2].corners, corners_c)
    assert block_offset(placed[1].corners, corners_b)[0] < 0.15  # and place the third
