"""An enrolled copy's tile pictures found in a photo by their keypoints (vision.picture_match), and a
garden in doubt placed where they are seen (vision.read.place_by_pictures)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from scorer.tiles import ALL_TILE_KINDS, Tile
from scorer.vocab import Corner
from vision.config import DEFAULT_CONFIG
from vision.geometry import order_corners
from vision.locate import GridLocation, block_offset
from vision.picture_match import (
    PictureFeatures,
    blocks_of_tiles,
    outlines_by_pictures,
    picture_features,
    picture_features_of,
    tiles_seen,
    zoom_region,
)
from vision.read import PLACED_BY_PICTURES, _read_surely, picture_judge, place_by_pictures, resolve_model
from vision.synth.art import render_tile

TILE = 110  # a tile's side in the constructed photos
DEFAULT_CONFIG_NO_ZOOM = replace(DEFAULT_CONFIG, picture_match_zoom_margin=0.0)
TURNS = (Corner.NW, Corner.NE, Corner.SE, Corner.SW)


@pytest.fixture(scope="module")
def pictures(classic_pictures: np.ndarray) -> np.ndarray:
    """The 90 classic tiles drawn upright, a copy's picture stack (the shared fixture)."""
    return classic_pictures


@pytest.fixture(scope="module")
def features(pictures: np.ndarray) -> PictureFeatures:
    return picture_features(pictures)


#: Where the constructed photos' block lies (before a jitter): near the middle of a 1200 × 900 table.
AT_TABLE = ((330, 190), (800, 160), (860, 700), (290, 730))


def _photo(seed: int, rows: int = 4, tile: int = TILE, at: tuple[tuple[int, int], ...] = AT_TABLE,
           jitter: float = 20.0, size: tuple[int, int] = (900, 1200)) -> tuple[np.ndarray, np.ndarray]:
    """16 of the classic tiles of ``tile`` pixels, each turned, in a 4×4 block (only its first
    ``rows`` rows drawn, the rest left as the board's plain colour), seen in perspective at ``at``
    (TL, TR, BR, BL, each moved up to ``jitter`` pixels) on a noisy table of ``size`` (rows,
    columns) -> (photo ``(*size, 3)`` uint8, the block's corners ``(4, 2)`` TL, TR, BR, BL)."""
    rng = np.random.default_rng(seed)
    kinds = rng.choice(len(ALL_TILE_KINDS), 16, replace=False)
    block = np.full((4 * tile, 4 * tile, 3), (60, 90, 120), np.uint8)
    for i, k in enumerate(kinds[: 4 * rows]):
        kind = ALL_TILE_KINDS[int(k)]
        r, c = divmod(i, 4)
        block[r * tile:(r + 1) * tile, c * tile:(c + 1) * tile] = render_tile(
            Tile(kind.floor, kind.path, kind.decor, TURNS[int(rng.integers(4))]), tile)
    square = np.array([[0, 0], [4 * tile, 0], [4 * tile, 4 * tile], [0, 4 * tile]], np.float32)
    corners = np.array(at, np.float32) + rng.uniform(-jitter, jitter, (4, 2))
    h = cv2.getPerspectiveTransform(square, corners.astype(np.float32))
    photo = rng.normal(120, 25, (*size, 3)).clip(0, 255).astype(np.uint8)
    warped = cv2.warpPerspective(block, h, size[::-1])
    inside = cv2.warpPerspective(np.full(block.shape[:2], 255, np.uint8), h, size[::-1]) > 0
    photo[inside] = warped[inside]
    return photo, order_corners(corners.astype(np.float64))


def test_picture_features_hold_each_pictures_keypoints_in_units_of_its_side(pictures: np.ndarray,
                                                                            features: PictureFeatures) -> None:
    assert len(features.points) == len(features.descriptors) == len(pictures)
    counts = [len(p) for p in features.points]
    assert min(counts) >= 6  # every classic tile has art enough to be found
    for points, descriptors in zip(features.points, features.descriptors):
        assert descriptors is not None and descriptors.shape == (len(points), 128)
        assert points.min() >= 0.0 and points.max() <= 1.0
    with pytest.raises(ValueError, match="pictures must be"):
        picture_features(pictures[..., 0])


@pytest.mark.parametrize("seed", [0, 2, 3])
def test_the_tiles_seen_set_the_whole_block(features: PictureFeatures, seed: int) -> None:
    """Tiles seen in all four rows and columns allow one block: the garden's, within a tenth of a
    tile, whatever way each tile is turned. (In seed 1's photo no tile of one column is seen: two
    blocks, the garden's and one a column over.)"""
    photo, truth = _photo(seed)
    seen = tiles_seen(photo, features)
    assert len(seen) >= 4
    assert [t.inliers for t in seen] == sorted((t.inliers for t in seen), reverse=True)
    blocks, tiles = outlines_by_pictures(photo, features)
    assert tiles >= 4 and len(blocks) == 1
    assert block_offset(blocks[0], truth)[0] < 0.1


def test_tiles_seen_in_one_row_allow_every_block_holding_that_row(features: PictureFeatures) -> None:
    """Only the top row's tiles are drawn: the tiles seen span one row, so each of the four
    placements of four rows holding it is a block, the garden's among them."""
    photo, truth = _photo(3, rows=1)
    blocks, tiles = blocks_of_tiles(tiles_seen(photo, features))
    assert tiles >= 3 and len(blocks) == 4
    assert sorted(block_offset(b, truth)[0] < 0.1 for b in blocks) == [False, False, False, True]


def test_a_photo_without_the_copys_tiles_shows_no_block(features: PictureFeatures) -> None:
    rng = np.random.default_rng(5)
    table = rng.normal(120, 25, (900, 1200, 3)).clip(0, 255).astype(np.uint8)
    assert outlines_by_pictures(table, features) == ([], 0)
    assert outlines_by_pictures(np.full((300, 400, 3), 128, np.uint8), features) == ([], 0)
    assert blocks_of_tiles([]) == ([], 0)


def _small_photo(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """16 classic tiles of 60 pixels in a 4×4 block seen a little askew near the middle of a big
    noisy photo ``(2400, 3200, 3)``: a garden far from the camera -> (photo, the block's corners)."""
    return _photo(seed, tile=60, at=((1400, 1000), (1650, 990), (1660, 1250), (1390, 1240)), jitter=8.0,
                  size=(2400, 3200))


@pytest.mark.parametrize("seed", [0, 2])
def test_a_small_garden_is_looked_for_again_larger_around_where_it_was_searched(features: PictureFeatures,
                                                                                 seed: int) -> None:
    """Tiles 60 pixels wide in a 3200-pixel photo are too small to be seen in the whole photo shrunk
    to 1000; around a search's outline a quarter tile off they are seen at full size, and set the
    garden's block."""
    photo, truth = _small_photo(seed)
    assert tiles_seen(photo, features) == []
    assert outlines_by_pictures(photo, features) == ([], 0)
    near = truth + (truth[1] - truth[0]) / 16
    blocks, tiles = outlines_by_pictures(photo, features, near=near)
    assert tiles >= 3 and len(blocks) == 1
    assert block_offset(blocks[0], truth)[0] < 0.1
    assert outlines_by_pictures(photo, features, DEFAULT_CONFIG_NO_ZOOM, near=near) == ([], 0)


def test_the_zoom_region_grows_the_block_clips_it_and_is_only_worth_a_closer_look(features: PictureFeatures) -> None:
    near = np.array([[1400.0, 1000.0], [1650.0, 990.0], [1660.0, 1250.0], [1390.0, 1240.0]])
    assert zoom_region(near, (2400, 3200, 3)) == (1255, 855, 1795, 1385)  # 270 px across, grown 135 each way
    assert zoom_region(near - 1300, (2400, 3200, 3)) == (0, 0, 495, 85)  # clipped to the photo
    assert zoom_region(near - 800, (900, 1200, 3)) is None  # its tiles seen only 1.2 times larger there
    assert zoom_region(near, (2400, 3200, 3), DEFAULT_CONFIG_NO_ZOOM) is None
    assert zoom_region(np.full((4, 2), np.nan), (2400, 3200, 3)) is None
    with pytest.raises(ValueError, match="region must lie within"):
        tiles_seen(np.zeros((100, 100, 3), np.uint8), features, region=(0, 0, 200, 50))


def test_a_garden_in_doubt_is_placed_where_its_pictures_are_seen(pictures: np.ndarray) -> None:
    """The search's outline in doubt lies a row off: the block the copy's pictures set, read surely
    and valued above it by the pictures, replaces it and stays in doubt. The search's outline where
    the pictures are seen, and a model without pictures, place nothing."""
    model = replace(resolve_model(None), tile_pictures=pictures)
    photo, truth = _photo(1)
    side = np.linalg.norm(truth[1] - truth[0]) / 4
    row_off = GridLocation(truth + np.array([0.0, side]), 1.0, 0.9, True, ("another lattice nearly as good",))
    accept, judge = _read_surely(photo, model, {}), picture_judge(photo, model)
    placed = place_by_pictures(photo, row_off, model, accept, judge)
    assert placed is not None
    corners, reasons = placed
    assert block_offset(corners, truth)[0] < 0.1
    assert reasons[0] == "another lattice nearly as good" and reasons[1].startswith(PLACED_BY_PICTURES.split("(")[0])
    right = GridLocation(truth, 1.0, 0.9, True, ("weak lattice",))
    assert place_by_pictures(photo, right, model, accept, judge) is None
    bundled = resolve_model(None)
    assert picture_features_of(bundled) is None
    assert place_by_pictures(photo, row_off, bundled, _read_surely(photo, bundled, {}), None) is None
    off = replace(model, cfg=replace(model.cfg, picture_match_side=0))
    assert picture_features_of(off) is None


def test_a_models_picture_features_are_made_once_and_again_for_new_pictures(pictures: np.ndarray) -> None:
    model = replace(resolve_model(None), tile_pictures=pictures)
    first = picture_features_of(model)
    assert first is not None and picture_features_of(model) is first
    model.tile_pictures = pictures.copy()
    assert picture_features_of(model) is not first


@pytest.mark.parametrize("in_doubt", [True, False])
def test_a_reading_whose_outline_is_in_doubt_or_not_read_surely_ends_where_the_pictures_are_seen_flagged(
        pictures: np.ndarray, monkeypatch: pytest.MonkeyPatch, in_doubt: bool) -> None:
    """The search (stood in for) hands back an outline a row off, in doubt or sure of it (its tiles
    then do not read surely): the copy's reading cuts the garden where its pictures are seen, reads
    every tile of it, and asks for the outline to be checked, saying why."""
    import vision.read as read_module

    photo, truth = _photo(2)
    side = np.linalg.norm(truth[1] - truth[0]) / 4
    row_off = GridLocation(truth + np.array([0.0, side]), 1.0, 0.9, in_doubt, ("weak lattice",) if in_doubt else ())
    monkeypatch.setattr(read_module, "locate_grid", lambda *args, **kwargs: row_off)
    model = replace(resolve_model(None), tile_pictures=pictures)
    reading = read_module.read_garden(photo, model)
    assert block_offset(np.asarray(reading.corners), truth)[0] < 0.1
    assert reading.check_outline
    placed = PLACED_BY_PICTURES.split("(")[0]
    assert any(reason.startswith(placed) for reason in reading.outline_reasons)


def test_a_sure_outline_whose_tiles_read_surely_is_not_looked_for_by_the_pictures(
        pictures: np.ndarray, monkeypatch: pytest.MonkeyPatch) -> None:
    import vision.read as read_module

    photo, truth = _photo(2)
    monkeypatch.setattr(read_module, "locate_grid", lambda *args, **kwargs: GridLocation(truth, 9.0, 1.0, False))

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the pictures were looked for")

    monkeypatch.setattr(read_module, "place_by_pictures", never)
    reading = read_module.read_garden(photo, replace(resolve_model(None), tile_pictures=pictures))
    assert not reading.check_outline and np.allclose(reading.corners, truth)


def test_asking_aside_whether_tiles_read_surely_leaves_what_the_reader_kept() -> None:
    from vision.read import _asked_aside

    sure: dict[str, object] = {"corners": "kept by the search"}

    def accept(corners: np.ndarray, score: float) -> bool:
        sure.update(corners=corners, read="read again")
        return True

    assert _asked_aside(accept, sure, np.zeros((4, 2))) is True
    assert sure == {"corners": "kept by the search"}
    assert _asked_aside(lambda corners, score: False, sure, np.zeros((4, 2))) is False
    assert sure == {"corners": "kept by the search"}
