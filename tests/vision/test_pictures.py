"""A copy's own tile pictures matched against the tiles read: drawn gardens with known answers."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from scorer.tiles import ALL_TILE_KINDS, Tile
from scorer.vocab import ALL_CORNERS, ALL_DECORS, ALL_FLOORS, ALL_PATHS, Corner
from vision.decode import AttributeProbs
from vision.model import TileModel, load_model
from vision.pictures import (
    KIND_INDEX,
    candidate_scores,
    picture_stack,
    picture_templates,
    picture_templates_of,
    upright_cells,
    weigh_decors,
)
from vision.read import resolve_model, weighed_by_pictures
from vision.synth.art import render_tile

SIDE = 64
TURNS = (Corner.NW, Corner.NE, Corner.SE, Corner.SW)


@pytest.fixture(scope="module")
def pictures() -> np.ndarray:
    """The 90 classic tiles drawn upright (``(90, SIDE, SIDE, 3)``), a picture stack."""
    images = np.stack([render_tile(Tile(k.floor, k.path, k.decor, Corner.NW), SIDE) for k in ALL_TILE_KINDS])
    stack = picture_stack(ALL_TILE_KINDS, images)
    assert stack is not None
    return stack


def _garden(kinds: list[int], washed: bool) -> tuple[np.ndarray, list[Tile]]:
    """16 of the tiles, each turned, in a 4×4 square ``(4 SIDE, 4 SIDE, 3)``; ``washed``: the
    figures' contrast cut to a third under a white glare and blurred, as a lamp on glossy tiles."""
    tiles = [Tile(ALL_TILE_KINDS[k].floor, ALL_TILE_KINDS[k].path, ALL_TILE_KINDS[k].decor, TURNS[i % 4])
             for i, k in enumerate(kinds)]
    square = np.zeros((4 * SIDE, 4 * SIDE, 3), np.uint8)
    for i, tile in enumerate(tiles):
        r, c = divmod(i, 4)
        square[r * SIDE:(r + 1) * SIDE, c * SIDE:(c + 1) * SIDE] = render_tile(tile, SIDE)
    if washed:
        square = cv2.GaussianBlur(square, (0, 0), 1.2)
        square = (square.astype(np.float32) / 3 + 170).astype(np.uint8)
    return square, tiles


def _corners() -> np.ndarray:
    return np.array([[0, 0], [4 * SIDE, 0], [4 * SIDE, 4 * SIDE], [0, 4 * SIDE]], np.float64)


def test_the_picture_stack_holds_every_tile_in_tile_order_or_nothing(pictures: np.ndarray) -> None:
    assert pictures.shape == (90, SIDE, SIDE, 3) and pictures.dtype == np.uint8
    small = np.stack([cv2.resize(p, (32, 32)) for p in pictures])
    shuffled = np.random.default_rng(1).permutation(90)
    again = picture_stack([ALL_TILE_KINDS[k] for k in shuffled], small[shuffled])  # any order, any size
    assert again is not None and again.shape == (90, SIDE, SIDE, 3)
    assert np.abs(again.astype(int) - cv2.resize(small[7], (SIDE, SIDE), interpolation=cv2.INTER_AREA)[None]
                  ).reshape(90, -1).sum(axis=1).argmin() == 7
    twice = picture_stack([*ALL_TILE_KINDS, ALL_TILE_KINDS[0]], np.concatenate([pictures, pictures[5:6]]))
    assert twice is not None and np.array_equal(twice[0], pictures[0])  # a tile pictured twice: its first
    assert picture_stack(ALL_TILE_KINDS[:89], pictures[:89]) is None  # a copy enrolled in part
    with pytest.raises(ValueError, match="one per kind"):
        picture_stack(ALL_TILE_KINDS, pictures[:10])


@pytest.mark.parametrize("washed", [False, True])
def test_each_tile_matches_its_own_picture_best_among_its_floor_and_path(pictures: np.ndarray, washed: bool) -> None:
    kinds = list(np.random.default_rng(3).choice(90, 16, replace=False))
    square, tiles = _garden(kinds, washed)
    corner_idx = np.array([ALL_CORNERS.index(t.corner) for t in tiles])
    cells = upright_cells(square, _corners(), corner_idx)
    assert cells.shape == (16, SIDE, SIDE, 3)
    floors = np.array([ALL_FLOORS.index(t.floor) for t in tiles])
    paths = np.array([ALL_PATHS.index(t.path) for t in tiles])
    scores = candidate_scores(cells, picture_templates(pictures), floors, paths)
    assert scores.shape == (16, 5) and np.all(scores <= 1.0 + 1e-6)
    assert [ALL_DECORS[j] for j in scores.argmax(axis=1)] == [t.decor for t in tiles]
    # the right picture clearly first, not by a hair
    ranked = np.sort(scores, axis=1)
    assert np.all(ranked[:, -1] - ranked[:, -2] > 0.05)


def test_weighing_turns_an_unsure_decor_and_leaves_a_sure_one_when_the_pictures_agree() -> None:
    decor = np.array([[0.5, 0.3, 0.1, 0.05, 0.05], [0.02, 0.9, 0.04, 0.02, 0.02]])
    scores = np.array([[0.3, 0.8, 0.2, 0.1, 0.1], [0.2, 0.9, 0.3, 0.1, 0.1]])
    weighed = weigh_decors(decor, scores)
    np.testing.assert_allclose(weighed.sum(axis=1), 1.0)
    assert list(weighed.argmax(axis=1)) == [1, 1] and weighed[1, 1] > decor[1, 1]
    # no picture score difference: nothing changes
    np.testing.assert_allclose(weigh_decors(decor, np.full_like(decor, 0.4)), decor / decor.sum(axis=1, keepdims=True))
    with pytest.raises(ValueError, match="same shape"):
        weigh_decors(decor, scores[:, :4])


def test_a_copy_models_pictures_put_a_washed_out_figure_right(pictures: np.ndarray) -> None:
    base = resolve_model(None)
    model = replace(base, tile_pictures=pictures)
    kinds = list(np.random.default_rng(8).choice(90, 16, replace=False))
    square, tiles = _garden(kinds, washed=True)

    def onehot(values: list[int], size: int, sure: float) -> np.ndarray:
        out = np.full((16, size), (1 - sure) / (size - 1))
        out[np.arange(16), values] = sure
        return out

    truth_decor = [ALL_DECORS.index(t.decor) for t in tiles]
    wrong = [(d + 1) % 5 for d in truth_decor]
    probs = AttributeProbs(floor=onehot([ALL_FLOORS.index(t.floor) for t in tiles], 6, 0.99),
                           path=onehot([ALL_PATHS.index(t.path) for t in tiles], 3, 0.99),
                           decor=onehot(wrong, 5, 0.5),  # a reader leaning to the wrong figure
                           corner=onehot([ALL_CORNERS.index(t.corner) for t in tiles], 4, 0.99))
    lit, seen = weighed_by_pictures(square, _corners(), (probs, probs), model)
    assert list(lit.decor.argmax(axis=1)) == truth_decor and np.array_equal(lit.decor, seen.decor)
    assert lit.decor.dtype == probs.decor.dtype and np.array_equal(lit.floor, probs.floor)
    # a model without pictures, or with the weight at 0, reads as before
    assert weighed_by_pictures(square, _corners(), (probs, probs), base)[0] is probs
    off = replace(model, cfg=replace(model.cfg, picture_weight=0.0))
    assert picture_templates_of(off) is None
    assert picture_templates_of(model) is picture_templates_of(model)  # made once


def test_tile_pictures_are_saved_with_the_model_and_checked(pictures: np.ndarray, tmp_path: Path) -> None:
    base = resolve_model(None)
    path = replace(base, tile_pictures=pictures).save(tmp_path / "copy.skops")
    loaded = load_model(path)
    assert loaded.tile_pictures is not None and np.array_equal(loaded.tile_pictures, pictures)
    assert load_model().tile_pictures is None  # the bundled model has none
    with pytest.raises(ValueError, match="tile_pictures must be"):
        TileModel(base.readers, tile_pictures=pictures[:89])
    with pytest.raises(ValueError, match="tile_pictures must be"):
        TileModel(base.readers, tile_pictures=pictures.astype(np.float32))
    assert KIND_INDEX[ALL_TILE_KINDS[17]] == 17
