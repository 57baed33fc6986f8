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
    likeliest_tiles,
    picture_stack,
    picture_templates,
    picture_templates_of,
    tile_correlations,
    turned_cells,
    upright_cells,
    weigh_tiles,
)
from vision.read import picture_judge, resolve_model, weighed_by_pictures
from vision.synth.art import render_tile

SIDE = 64
TURNS = (Corner.NW, Corner.NE, Corner.SE, Corner.SW)


@pytest.fixture(scope="module")
def pictures(classic_pictures: np.ndarray) -> np.ndarray:
    """The 90 classic tiles drawn upright (``(90, SIDE, SIDE, 3)``), a picture stack."""
    assert classic_pictures.shape[1] == SIDE
    return classic_pictures


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


def _onehot(values: list[int], size: int, sure: float) -> np.ndarray:
    """(16, size) probabilities: ``sure`` on each cell's value, the rest shared by the others."""
    out = np.full((16, size), (1 - sure) / (size - 1))
    out[np.arange(16), values] = sure
    return out


def _truth(tiles: list[Tile]) -> tuple[list[int], list[int], list[int], list[int]]:
    """Each tile's floor, path, decor and corner index (VOCAB order)."""
    return ([ALL_FLOORS.index(t.floor) for t in tiles], [ALL_PATHS.index(t.path) for t in tiles],
            [ALL_DECORS.index(t.decor) for t in tiles], [ALL_CORNERS.index(t.corner) for t in tiles])


def test_turned_cells_are_the_upright_cells_of_each_corner() -> None:
    square, _ = _garden(list(range(16)), washed=False)
    turned = turned_cells(square, _corners())
    assert turned.shape == (16, 4, SIDE, SIDE, 3) and turned.dtype == np.uint8
    for c in range(4):
        assert np.array_equal(turned[:, c], upright_cells(square, _corners(), np.full(16, c)))


@pytest.mark.parametrize("washed", [False, True])
def test_each_tile_matches_its_own_picture_turned_its_way_best_among_its_floor_and_path(
        pictures: np.ndarray, washed: bool) -> None:
    kinds = list(np.random.default_rng(3).choice(90, 16, replace=False))
    square, tiles = _garden(kinds, washed)
    floors, paths, decors, corners = _truth(tiles)
    # every decor at every turn of each cell's own floor and path: 20 candidates
    candidates = np.array([[(f, p, d, c) for d in range(5) for c in range(4)] for f, p in zip(floors, paths)])
    scores = tile_correlations(turned_cells(square, _corners()), picture_templates(pictures), candidates)
    assert scores.shape == (16, 20) and np.all(scores <= 1.0 + 1e-6)
    best = candidates[np.arange(16), scores.argmax(axis=1)]
    assert best[:, 2].tolist() == decors and best[:, 3].tolist() == corners
    ranked = np.sort(scores, axis=1)  # the right picture clearly first, not by a hair
    assert np.all(ranked[:, -1] - ranked[:, -2] > 0.05)
    with pytest.raises(ValueError, match="candidates must be"):
        tile_correlations(turned_cells(square, _corners()), picture_templates(pictures), candidates[:, :, :3])


def test_the_likeliest_tiles_come_first_and_in_order() -> None:
    rng = np.random.default_rng(5)
    probs = AttributeProbs(*(rng.dirichlet(np.ones(n), 16) for n in (6, 3, 5, 4)))
    candidates = likeliest_tiles(probs, 12)
    assert candidates.shape == (16, 12, 4)
    first = np.stack([probs.floor.argmax(1), probs.path.argmax(1), probs.decor.argmax(1), probs.corner.argmax(1)], 1)
    assert np.array_equal(candidates[:, 0], first)
    joint = np.stack([[probs.floor[c, f] * probs.path[c, p] * probs.decor[c, d] * probs.corner[c, k]
                       for f, p, d, k in cell] for c, cell in enumerate(candidates)])
    assert np.all(np.diff(joint, axis=1) <= 1e-12)  # each no likelier than the one before
    assert len({tuple(t) for t in candidates[0]}) == 12
    with pytest.raises(ValueError, match="k must be"):
        likeliest_tiles(probs, 0)


def test_weighing_overrules_a_sure_reader_only_when_a_picture_fits_clearly_better() -> None:
    rng = np.random.default_rng(6)
    probs = AttributeProbs(*(rng.dirichlet(np.ones(n), 16).astype(np.float32) for n in (6, 3, 5, 4)))
    candidates = likeliest_tiles(probs, 10)
    # no picture fits better than another: the readers' probabilities, as they were
    same = weigh_tiles(probs, candidates, np.full((16, 10), 0.4))
    for name in ("floor", "path", "decor", "corner"):
        np.testing.assert_allclose(getattr(same, name), getattr(probs, name), atol=1e-5)
        assert getattr(same, name).dtype == np.float32
    # the second likeliest tile's picture fits clearly better: it wins, the readers' marginals move
    scores = np.full((16, 10), 0.3)
    scores[:, 1] = 0.8
    moved = weigh_tiles(probs, candidates, scores)
    second = candidates[:, 1]
    assert moved.floor.argmax(1).tolist() == second[:, 0].tolist()
    assert moved.path.argmax(1).tolist() == second[:, 1].tolist()
    assert moved.decor.argmax(1).tolist() == second[:, 2].tolist()
    assert moved.corner.argmax(1).tolist() == second[:, 3].tolist()
    np.testing.assert_allclose(moved.decor.sum(axis=1), 1.0, rtol=1e-6)
    with pytest.raises(ValueError, match="candidates must be"):
        weigh_tiles(probs, candidates, scores[:, :9])


def test_a_copy_models_pictures_put_a_washed_out_figure_right(pictures: np.ndarray) -> None:
    base = resolve_model(None)
    model = replace(base, tile_pictures=pictures)
    kinds = list(np.random.default_rng(8).choice(90, 16, replace=False))
    square, tiles = _garden(kinds, washed=True)

    floors, paths, truth_decor, corners = _truth(tiles)
    wrong = [(d + 1) % 5 for d in truth_decor]
    probs = AttributeProbs(floor=_onehot(floors, 6, 0.99), path=_onehot(paths, 3, 0.99),
                           decor=_onehot(wrong, 5, 0.5),  # a reader leaning to the wrong figure
                           corner=_onehot(corners, 4, 0.99))
    lit, seen = weighed_by_pictures(square, _corners(), (probs, probs), model)
    assert list(lit.decor.argmax(axis=1)) == truth_decor and np.array_equal(lit.decor, seen.decor)
    assert lit.decor.dtype == probs.decor.dtype and list(lit.floor.argmax(axis=1)) == floors
    # a path reader sure of the wrong path (0.99), the figures clear: the picture of the tile it
    # missed fits far better
    clear, _ = _garden(kinds, washed=False)
    wrong_path = AttributeProbs(floor=probs.floor, path=_onehot([(p + 1) % 3 for p in paths], 3, 0.99),
                                decor=_onehot(truth_decor, 5, 0.9), corner=probs.corner)
    lit, _ = weighed_by_pictures(clear, _corners(), (wrong_path, wrong_path), model)
    assert list(lit.path.argmax(axis=1)) == paths and list(lit.decor.argmax(axis=1)) == truth_decor
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


def test_the_picture_judge_values_the_gardens_own_outline_above_outlines_off_it(pictures: np.ndarray) -> None:
    base = resolve_model(None)
    model = replace(base, tile_pictures=pictures)
    square, _ = _garden(list(np.random.default_rng(11).choice(90, 16, replace=False)), washed=False)
    photo = np.full((6 * SIDE, 6 * SIDE, 3), 90, np.uint8)  # the garden on a plain grey table
    photo[SIDE:5 * SIDE, SIDE:5 * SIDE] = square
    judge = picture_judge(photo, model)
    assert judge is not None
    true = _corners() + SIDE
    half = true + np.array([SIDE / 2, 0])  # half a tile to the right: each cell cuts two tiles
    row = true + np.array([0, SIDE])  # a row down: a row of table
    beyond = true - 10 * SIDE  # wholly beyond the photo
    values = judge([true, half, row, beyond])
    weight = model.cfg.picture_judge_weight
    assert values[0] > 0.6 * weight and values[0] > values[1] + 0.2 * weight and values[0] > values[2] + 0.2 * weight
    assert values[3] == -weight
    assert np.array_equal(judge([row, true]), values[[2, 0]])  # judged once, kept
    many = [true + np.array([dx, dy]) for dx in (-8, 0, 8) for dy in (-8, 0, 8, 16)]  # read in batches
    one_by_one = [picture_judge(photo, model)([outline])[0] for outline in many]  # type: ignore[misc]
    np.testing.assert_allclose(picture_judge(photo, model)(many), one_by_one)  # type: ignore[misc]
    assert picture_judge(photo, base) is None  # no pictures: no judge
    assert picture_judge(photo, replace(model, cfg=replace(model.cfg, picture_judge_weight=0.0))) is None


def test_a_copy_models_search_is_judged_by_its_pictures_and_the_bundled_ones_is_not(
        pictures: np.ndarray, monkeypatch: pytest.MonkeyPatch) -> None:
    import vision.read as read_module

    seen: list[tuple[object, int]] = []
    real = read_module.locate_grid

    def spy(image: np.ndarray, n: int, cfg: object, **kwargs: object) -> object:
        seen.append((kwargs.get("judge"), cfg.grid_judge_pool))  # type: ignore[attr-defined]
        return real(image, n, cfg, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(read_module, "locate_grid", spy)
    base = resolve_model(None)
    square, _ = _garden(list(range(16)), washed=False)
    photo = np.full((6 * SIDE, 6 * SIDE, 3), 90, np.uint8)
    photo[SIDE:5 * SIDE, SIDE:5 * SIDE] = square
    read_module.read_garden(photo, replace(base, tile_pictures=pictures))
    read_module.read_garden(photo, base)
    (copy_judge, copy_pool), (bundled_judge, bundled_pool) = seen
    assert callable(copy_judge) and copy_pool == base.cfg.picture_judge_pool  # values candidates, ranks no starts
    assert bundled_judge is None and bundled_pool == base.cfg.grid_judge_pool
