"""An enrolled copy's board found by its printed marks (``vision.board_match``), kept in the copy
model and used when a garden's outline is in doubt (``vision.read.place_by_board_marks``): photos of
one rendered copy whose board carries a numbered coin track, seeded."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from scorer.vocab import Floor
from vision.board_match import (
    DEFAULT_MATCH,
    BoardMatchConfig,
    board_template,
    match_board,
    photo_marks,
    picture_frame,
    template_features,
)
from vision.geometry import order_corners
from vision.locate import GridLocation, block_offset
from vision.model import load_model
from vision.read import place_by_board_marks, resolve_model
from vision.synth.enrolment import enrolment_garden
from vision.synth.generate import photo_rng
from vision.synth.photo import BOARD_MARGIN, random_board_picture, render_photo

SIDE = 256  # the board picture's spaces, pixels


def numbered_board(seed: int, numbered: bool = True) -> np.ndarray:
    """A board picture ``(B, B, 3)`` as a real garden board: a mottled ground with a coin track of
    squares numbered 0–25 round its band (its spaces filling the middle ``SIDE`` pixels,
    ``BOARD_MARGIN`` of them around); unnumbered, each square holds the same dot instead."""
    rng = np.random.default_rng(seed)
    margin = round(BOARD_MARGIN * SIDE)
    full = SIDE + 2 * margin
    ground = cv2.resize(rng.uniform(90, 200, (8, 8, 3)), (full, full), interpolation=cv2.INTER_CUBIC)
    board = np.clip(ground, 0, 255).astype(np.uint8)
    step = (full - margin) / 6.5  # 26 squares, 6.5 a side
    for number in range(26):
        t = number * step
        side, along = divmod(t, full - margin)
        x, y = [(along, 0), (full - margin, along), (full - margin - along, full - margin),
                (0, full - margin - along)][int(side)]
        x0, y0 = int(x) + 2, int(y) + 2
        cv2.rectangle(board, (x0, y0), (x0 + margin - 4, y0 + margin - 4), (40, 40, 40), 1)
        if numbered:
            cv2.putText(board, str(number), (x0 + 3, y0 + margin - 10), cv2.FONT_HERSHEY_SIMPLEX, 0.45,
                        (30, 30, 30), 1)
        else:
            cv2.circle(board, (x0 + margin // 2 - 2, y0 + margin // 2 - 2), 5, (30, 30, 30), -1)
    return board


def copy_photo(board: np.ndarray, index: int, floor: Floor = Floor.SAND, difficulty: str = "easy"
               ) -> tuple[np.ndarray, np.ndarray]:
    """A photo ``(900, 1200, 3)`` of a floor's tiles on ``board``, and the block's corners ``(4, 2)``."""
    rng = photo_rng(4260, index)
    image, truth = render_photo(enrolment_garden(floor, rng), rng, size=(1200, 900), difficulty=difficulty,
                                style="random", family="train", board_image=board)
    return image, np.asarray(truth["corners"], np.float64)


@pytest.fixture(scope="module")
def copy_board_photos() -> tuple[np.ndarray, list[tuple[np.ndarray, np.ndarray]]]:
    """A numbered board and four photos of it: three to learn it from, one to find it in."""
    board = numbered_board(4261)
    floors = (Floor.SAND, Floor.WATER, Floor.GRAVEL, Floor.CLAY)
    return board, [copy_photo(board, k, floor, "easy" if k < 3 else "mixed") for k, floor in enumerate(floors)]


@pytest.fixture(scope="module")
def template(copy_board_photos: tuple) -> np.ndarray:
    _, photos = copy_board_photos
    return board_template([p[0] for p in photos[:3]], [p[1] for p in photos[:3]])


def _band_correlation(a: np.ndarray, b: np.ndarray) -> float:
    """Normalised correlation of two board pictures' gray bands (the block left out), ``b`` in the
    turn that agrees best."""
    side, frame = picture_frame()
    lo, hi = int(frame[0, 0]), int(frame[2, 0])
    mask = np.ones((side, side), bool)
    mask[lo:hi, lo:hi] = False
    x = cv2.cvtColor(a, cv2.COLOR_BGR2GRAY).astype(np.float64)[mask]
    gray = cv2.cvtColor(b, cv2.COLOR_BGR2GRAY).astype(np.float64)
    return max(float(np.corrcoef(x, np.rot90(gray, k)[mask])[0, 1]) for k in range(4))


def test_the_board_template_is_the_board_rectified_whichever_way_a_photo_shows_it(
        copy_board_photos: tuple, template: np.ndarray) -> None:
    board, photos = copy_board_photos
    side, _ = picture_frame()
    assert template.shape == (side, side, 3) and template.dtype == np.uint8
    truth = cv2.resize(board, (side, side), interpolation=cv2.INTER_AREA)
    other = cv2.resize(numbered_board(99), (side, side), interpolation=cv2.INTER_AREA)  # the same track, other ground
    assert _band_correlation(template, truth) > max(0.7, _band_correlation(template, other) + 0.2)
    # a photo whose outline starts at another corner (the board turned) is turned back first
    turned = board_template([p[0] for p in photos[:3]], [photos[0][1], np.roll(photos[1][1], 1, axis=0),
                                                         np.roll(photos[2][1], 2, axis=0)])
    assert _band_correlation(turned, template) > 0.9
    # the empty board's picture leads: the photos are turned to agree with it
    with_board = board_template([photos[0][0]], [np.roll(photos[0][1], 1, axis=0)], board=board)
    assert _band_correlation(with_board, truth) > 0.8


def test_the_board_is_found_by_its_marks_and_gives_the_block(copy_board_photos: tuple, template: np.ndarray) -> None:
    _, photos = copy_board_photos
    features = template_features(template)
    assert features.points.shape[1] == 2 and features.descriptors.shape == (len(features.points), 128)
    image, truth = photos[3]  # a photo the template was not made from, in harder light and camera
    found = match_board(image, features)
    assert found is not None and found.inliers >= DEFAULT_MATCH.min_inliers and found.sides >= 2
    assert found.agreement >= DEFAULT_MATCH.min_agreement
    assert block_offset(order_corners(found.corners), truth)[0] < 0.1
    # the same photo at twice the size: corners in its own pixels
    big = cv2.resize(image, None, fx=2, fy=2, interpolation=cv2.INTER_LINEAR)
    found_big = match_board(big, features)
    assert found_big is not None and block_offset(order_corners(found_big.corners), 2 * truth)[0] < 0.1


def test_another_board_or_no_board_is_not_found(template: np.ndarray) -> None:
    features = template_features(template)
    other = random_board_picture(photo_rng(4262, 0), "train", side=SIDE)
    image, _ = copy_photo(other, 7)
    assert match_board(image, features) is None
    rng = np.random.default_rng(1)
    noise = cv2.resize(rng.integers(0, 255, (90, 120, 3), dtype=np.uint8), (1200, 900))
    assert match_board(noise, features) is None
    blank = np.full((900, 1200, 3), 128, np.uint8)
    assert match_board(blank, features) is None


def test_a_board_of_one_repeated_mark_is_found_right_or_not_at_all() -> None:
    """The same dot on every space: each matches its neighbours as well as itself, and a board a
    space off would fit them; such marks are left out, so the board is found by what else it shows
    or not at all, never a space off."""
    board = numbered_board(4263, numbered=False)
    photos = [copy_photo(board, 20 + k) for k in range(3)]
    features = template_features(board_template([p[0] for p in photos[:2]], [p[1] for p in photos[:2]]))
    for image, truth in photos:
        found = match_board(image, features)
        assert found is None or block_offset(order_corners(found.corners), truth)[0] < 0.1


def test_bad_input_is_refused_plainly(template: np.ndarray) -> None:
    with pytest.raises(ValueError, match="one outline per photo"):
        board_template([template], [])
    with pytest.raises(ValueError, match="at least one photo"):
        board_template([], [])
    with pytest.raises(ValueError, match="template must be"):
        template_features(template[:100])
    with pytest.raises(ValueError, match="image must have shape"):
        match_board(np.zeros((10, 10), np.uint8), template_features(template))
    with pytest.raises(ValueError, match="min_inliers"):
        BoardMatchConfig(min_inliers=30, sure_inliers=20)
    with pytest.raises(ValueError, match="ratio"):
        BoardMatchConfig(ratio=1.0)
    with pytest.raises(ValueError, match="min_agreement"):
        BoardMatchConfig(min_agreement=2.0)


def test_a_copy_model_keeps_its_board_picture_and_places_a_garden_in_doubt_by_it(
        copy_board_photos: tuple, template: np.ndarray, tmp_path: Path) -> None:
    base = resolve_model(None)
    assert base.board_features() is None
    copy = replace(base, board_picture=template)
    first = copy.board_features()
    assert copy.board_features() is first  # found once
    copy.board_picture = np.ascontiguousarray(template[::-1])
    assert copy.board_features() is not first and not np.array_equal(copy.board_features().points, first.points)
    copy.board_picture = template
    loaded = load_model(copy.save(tmp_path / "copy.skops"))
    assert np.array_equal(loaded.board_picture, template)
    with pytest.raises(ValueError, match="board_picture"):
        replace(base, board_picture=template[:, :, 0])
    # a picture made at another size (an older copy model) is still read, resized
    side = template.shape[0]
    smaller = replace(base, board_picture=cv2.resize(template, (side // 2, side // 2), interpolation=cv2.INTER_AREA))
    assert len(smaller.board_features().points) > 0

    _, photos = copy_board_photos
    image, truth = photos[3]
    wrong = truth + (truth[1] - truth[0]) / 4  # the search's outline a column off, in doubt
    located = GridLocation(wrong, 3.0, 2.9, True, ("weak lattice",))
    placed = place_by_board_marks(image, located, loaded)
    assert placed is not None
    corners, reasons = placed
    assert block_offset(corners, truth)[0] < 0.1
    found = match_board(image, loaded.board_features())
    assert found is not None
    # sure with enough marks; with fewer the outline is placed but stays in doubt, saying why
    assert reasons == () if found.inliers >= DEFAULT_MATCH.sure_inliers else "printed marks" in reasons[-1]
    assert place_by_board_marks(image, located, base) is None  # no board known: nothing placed
    # a board its enrolment never found by its marks (they repeat) is not looked for by them
    never = replace(loaded, meta={**loaded.meta, "board_found_by_marks": [0, 6]})
    assert place_by_board_marks(image, located, never) is None
    once = replace(loaded, meta={**loaded.meta, "board_found_by_marks": [1, 6]})
    assert place_by_board_marks(image, located, once) is not None


def test_enrolment_places_a_floor_photo_in_doubt_by_the_sure_photos_board(copy_board_photos: tuple,
                                                                        tmp_path: Path) -> None:
    from vision.enrol import FloorPhoto, place_by_marks

    _, photos = copy_board_photos
    floors = (Floor.SAND, Floor.WATER, Floor.GRAVEL, Floor.CLAY)
    found = []
    for (image, truth), floor in zip(photos, floors):
        path = tmp_path / f"{floor.value}.png"
        cv2.imwrite(str(path), image)
        found.append(FloorPhoto(floor, path, truth, 1.0, np.zeros((16, 8, 8, 3), np.uint8), located=True,
                                shape=image.shape[:2]))
    image, truth = photos[3]
    wrong = truth + (truth[1] - truth[0]) / 4  # the search's outline a column off, in doubt
    found[3] = replace(found[3], corners=wrong, outline_reasons=("weak lattice",))
    model = resolve_model(None)
    placed = place_by_marks(found, model)
    assert block_offset(placed[3].corners, truth)[0] < 0.1 and placed[3].outline_reasons == ()
    assert placed[3].crops.shape[0] == 16 and placed[3].crops.shape[1] > 8  # cut again where it moved
    assert all(placed[k] is found[k] for k in range(3))  # the sure ones are left as they are
    # an outline given by hand is never moved; nothing sure and no empty board: nothing to match
    given = [*found[:3], replace(found[3], located=False)]
    assert place_by_marks(given, model)[3] is given[3]
    all_doubtful = [replace(ph, outline_reasons=("weak lattice",)) for ph in found]
    assert all(a is b for a, b in zip(place_by_marks(all_doubtful, model), all_doubtful))


def test_a_board_found_by_few_marks_places_surely_only_where_the_search_agrees() -> None:
    from vision.board_match import BoardMatch, marks_place_surely

    block = np.array([[100.0, 100.0], [300.0, 100.0], [300.0, 300.0], [100.0, 300.0]])
    few = BoardMatch(np.roll(block, 1, axis=0), DEFAULT_MATCH.sure_inliers - 1, 30, 4, 0.8)  # any corner first
    assert marks_place_surely(few, block + 5.0)  # 0.1 tile from the search's outline
    assert not marks_place_surely(few, block + 50.0)  # a tile off: it stays in doubt
    many = replace(few, inliers=DEFAULT_MATCH.sure_inliers)
    assert marks_place_surely(many, block + 50.0)


def test_the_copy_board_says_in_how_many_photos_its_marks_find_it(copy_board_photos: tuple) -> None:
    from vision.enrol import copy_board

    _, photos = copy_board_photos
    seen = copy_board([p[0] for p in photos[:3]], [p[1] for p in photos[:3]])
    assert seen.linked.all() and seen.picture is not None
    assert seen.found_by_marks == 3
    plain = numbered_board(4263, numbered=False)  # the same dot on every space: too few distinct marks
    dotted = [copy_photo(plain, 20 + k) for k in range(3)]
    seen_plain = copy_board([p[0] for p in dotted], [p[1] for p in dotted])
    assert seen_plain.linked.all() and seen_plain.found_by_marks == 0


def test_a_photos_marks_found_band_by_band_are_the_marks_found_in_one_go(copy_board_photos: tuple) -> None:
    """Bands of rows with their neighbours' rows around them give the marks of the whole photo (SIFT
    in one go), at the same places, the strongest kept; one band is the one go itself."""
    _, photos = copy_board_photos
    gray = cv2.cvtColor(photos[3][0], cv2.COLOR_BGR2GRAY)
    whole, described = photo_marks(gray, BoardMatchConfig(photo_strips=1))
    found = cv2.SIFT_create(nfeatures=DEFAULT_MATCH.photo_features).detectAndCompute(gray, None)[0]
    one_go = np.array([k.pt for k in found], np.float32)
    assert np.allclose(np.unique(whole, axis=0), np.unique(one_go, axis=0)) and described.shape == (len(found), 128)
    points, descriptors = photo_marks(gray, BoardMatchConfig(photo_strips=3))
    assert descriptors.shape == (len(points), 128) and abs(len(points) - len(whole)) <= 0.05 * len(whole)
    nearest = np.min(np.linalg.norm(points[:, None] - whole[None], axis=2), axis=1)
    assert np.mean(nearest < 0.5) >= 0.95
    few = photo_marks(gray, BoardMatchConfig(photo_strips=3, photo_features=50))[0]
    assert len(few) == 50
    assert len(photo_marks(np.full((300, 400), 128, np.uint8))[0]) == 0  # nothing to find
    with pytest.raises(ValueError, match="2-D uint8"):
        photo_marks(photos[3][0])
    with pytest.raises(ValueError, match="photo_strips"):
        BoardMatchConfig(photo_strips=0)
