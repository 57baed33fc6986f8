"""Enrolment's board photo (``zengarden enrol --board``): the empty board's spaces found or given, the
board rectified into a picture, and the copy model's rendered photos showing the copy on it."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from scorer.vocab import Floor
from vision.enrol import DEFAULT_ENROL, EnrolError, board_picture, build_copy_model, cli_enrol, enrol_labels
from vision.read import resolve_model
from vision.synth.enrolment import enrolment_garden, render_enrolment_set
from vision.synth.photo import BOARD_MARGIN, render_photo

MAGENTA = np.array([200, 40, 220], np.float64)  # BGR: a board colour no random board or tile art is near


def _magenta_board(side: int = 96) -> np.ndarray:
    """A board picture: magenta with its 4×4 spaces printed in dark lines."""
    board = np.zeros((side, side, 3), np.uint8)
    board[:] = MAGENTA.astype(np.uint8)
    m = round(BOARD_MARGIN * side / (1 + 2 * BOARD_MARGIN))
    for k in range(5):
        p = m + round(k * (side - 2 * m) / 4)
        cv2.line(board, (p, m), (p, side - m), (30, 30, 30), 1)
        cv2.line(board, (m, p), (side - m, p), (30, 30, 30), 1)
    return board


def _magenta_share(image: np.ndarray) -> float:
    """Share of the photo's pixels of the board's magenta hue (hue survives the renders' coloured light)."""
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    return float(((np.abs(hsv[..., 0].astype(np.int32) - 150) < 15) & (hsv[..., 1] > 90)).mean())


def _empty_board_photo(directory: Path, with_corners: bool = True) -> Path:
    """A rendered photo of the bare magenta board (+ its spaces' corners in a sidecar)."""
    rng = np.random.default_rng(3)
    image, truth = render_photo(enrolment_garden(Floor.SAND, rng), rng, size=(640, 480), difficulty="easy",
                                board_image=_magenta_board(), empty_board=True)
    path = directory / "board.jpg"
    cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, 95])
    if with_corners:
        path.with_suffix(".json").write_text(json.dumps({"corners": truth["corners"].tolist()}))
    return path


def _inside(image: np.ndarray, corners: np.ndarray, grow: float = 1.0) -> np.ndarray:
    """Mask of the photo's pixels inside the block outline ``corners`` scaled by ``grow`` about its centre."""
    centre = corners.mean(axis=0)
    mask = np.zeros(image.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(centre + (corners - centre) * grow).astype(np.int32), 1)
    return mask.astype(bool)


def test_render_photo_draws_the_given_board_and_an_empty_board_has_no_tiles() -> None:
    rng = np.random.default_rng(1)
    garden = enrolment_garden(Floor.WATER, rng)
    plain, _ = render_photo(garden, np.random.default_rng(2), size=(320, 240), difficulty="easy", family="train")
    assert _magenta_share(plain) < 0.01
    full, truth = render_photo(garden, np.random.default_rng(2), size=(320, 240), difficulty="easy",
                               board_image=_magenta_board())
    bare, bare_truth = render_photo(garden, np.random.default_rng(2), size=(320, 240), difficulty="easy",
                                    board_image=_magenta_board(), empty_board=True)

    def share(image: np.ndarray, mask: np.ndarray) -> float:
        return _magenta_share(image[mask][None])

    block, ring = _inside(full, truth["corners"]), _inside(full, truth["corners"], 1.2)
    assert share(full, ring & ~block) > 0.5  # the board's margin around the tiles is the given board
    assert share(full, block) < 0.2  # tiles on the spaces
    assert share(bare, _inside(bare, bare_truth["corners"], 0.9)) > 0.5  # no tiles: the spaces are bare
    with pytest.raises(ValueError, match="board_image"):
        render_photo(garden, rng, size=(320, 240), board_image=np.zeros((40, 60, 3), np.uint8))


def test_board_picture_rectifies_the_spaces_into_the_middle(tmp_path: Path) -> None:
    base = resolve_model(None)
    ecfg = replace(DEFAULT_ENROL, board_side=128)
    picture = board_picture(_empty_board_photo(tmp_path), base, ecfg)
    m = round(BOARD_MARGIN * 128)
    assert picture.shape == (128 + 2 * m, 128 + 2 * m, 3)
    # mostly the magenta board, its printed lines at the spaces' edges (a quarter of the side apart)
    assert _magenta_share(picture) > 0.6
    dark = picture.astype(np.int32).sum(axis=2) < 250
    for k in range(5):  # each printed column line falls within 4 pixels of where the picture puts it
        x = m + k * 32
        assert dark[m + 8:m + 120, max(0, x - 4):x + 5].any(axis=1).mean() > 0.5, k


@pytest.fixture(scope="module")
def sand_photo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One labelled floor photo (its sidecar gives the labels: no deciding needed)."""
    d = tmp_path_factory.mktemp("sand")
    return render_enrolment_set(d, seed=77, style="alt", family="train", size=(640, 480), floors=(Floor.SAND,))[0]


def test_a_copy_model_with_a_board_renders_the_copy_on_that_board(sand_photo: Path, tmp_path: Path) -> None:
    base = resolve_model(None)
    ecfg = replace(DEFAULT_ENROL, renders=4, render_size=(480, 360), learn_map=False, art_side=48, board_side=128)
    result = enrol_labels([("sand", sand_photo)], base, ecfg, board=_empty_board_photo(tmp_path))
    assert result.board is not None
    model = build_copy_model(result, base, ecfg, work_dir=tmp_path / "work")
    renders = sorted((tmp_path / "work" / "renders").glob("*.jpg"))
    on_board = [p.name for p in renders if _magenta_share(cv2.imread(str(p))) > 0.01]
    assert len(renders) == 4 and len(on_board) == 2, on_board  # board_share 0.5 of them
    assert "2 of them on its own board" in model.meta["trained_on"][0]


@pytest.mark.parametrize("case", ["blank", "not_an_image", "missing"])
def test_a_bad_board_photo_gives_a_clear_error(case: str, sand_photo: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "board.png"
    if case == "blank":  # no spaces anywhere: none found surely
        cv2.imwrite(str(board), np.full((300, 400, 3), 128, np.uint8))
    elif case == "not_an_image":
        board.write_text("not a photo")
    with pytest.raises(EnrolError, match="board") as raised:
        board_picture(board, resolve_model(None))
    assert raised.value.floor is None
    # blank: no lattice at all, or only an unsure one (which one is the locator's business)
    assert raised.value.code in {"blank": {"board_not_found", "board_unsure"}, "not_an_image": {"not_an_image"},
                                 "missing": {"photo_not_found"}}[case]
    args = argparse.Namespace(out=str(tmp_path / "m.skops"), floor=[["sand", str(sand_photo)]], board=str(board),
                              labels_out=None, base=None, renders=2, jobs=None)
    assert cli_enrol(args) == 2
    err = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err and "board" in err
    if case == "blank":
        assert "corners" in err  # says how to give the spaces by hand
    assert not (tmp_path / "m.skops").exists()
