"""One photo's figures against each other: which tile's figure is unlike its decor's."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from scorer.tiles import Garden, Tile
from scorer.vocab import ALL_DECORS
from vision.config import DEFAULT_CONFIG
from vision.enrol import cell_cues
from vision.figures import (
    figure_box,
    figure_distances,
    figure_gradients,
    figure_silhouettes,
    gradient_histograms,
    lightness_gradients,
    odd_figures,
)
from vision.read import REVIEW_FIGURE, odd_figure_cells

SIDE = 64
BOX = DEFAULT_CONFIG.figure_box
INSET = DEFAULT_CONFIG.tile_inset


def _figure(kind: int, rng: np.random.Generator) -> np.ndarray:
    """An upright tile ``(SIDE, SIDE, 3)``: a grainy floor of a random colour and, in the figure's
    box (lower right), one of four drawings, a little moved from tile to tile."""
    floor = rng.integers(60, 200, 3)
    tile = np.clip(floor + rng.normal(0, 6, (SIDE, SIDE, 3)), 0, 255).astype(np.uint8)
    cx, cy = (int(SIDE * 0.72 + rng.integers(-2, 3)) for _ in range(2))
    ink = (20, 20, 20)
    if kind == 0:
        cv2.circle(tile, (cx, cy), 10, ink, 3)
    elif kind == 1:
        cv2.line(tile, (cx - 11, cy), (cx + 11, cy), ink, 3)
        cv2.line(tile, (cx, cy - 11), (cx, cy + 11), ink, 3)
    elif kind == 2:
        cv2.line(tile, (cx - 11, cy - 11), (cx + 11, cy + 11), ink, 3)
        cv2.line(tile, (cx - 11, cy + 11), (cx + 11, cy - 11), ink, 3)
    else:
        cv2.rectangle(tile, (cx - 10, cy - 10), (cx + 10, cy + 10), ink, -1)
    return tile


def _photo(seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """16 upright tiles, four of each drawing, and which drawing each shows ``(16,)``."""
    rng = np.random.default_rng(seed)
    kinds = np.repeat(np.arange(4), 4)
    rng.shuffle(kinds)
    return np.stack([_figure(int(k), rng) for k in kinds]), kinds


def test_tiles_read_as_their_own_figures_are_like_their_kind() -> None:
    crops, kinds = _photo()
    hog = figure_gradients(crops, INSET, BOX)
    assert hog.shape == (16, 128) and np.allclose(np.linalg.norm(hog, axis=1), 1, atol=1e-4)
    sil = figure_silhouettes(kinds, figure_distances(hog))
    assert np.all(sil > 0.3)
    assert not odd_figures(hog, kinds, -0.3).any()


def test_a_figure_read_as_another_decor_is_the_one_listed() -> None:
    crops, kinds = _photo(seed=3)
    read = kinds.copy()
    read[np.flatnonzero(kinds == 0)[:2]] = 1  # two circles read as the crosses' decor
    odd = odd_figures(figure_gradients(crops, INSET, BOX), read, -0.3)
    assert odd.sum() == 2 and np.all(kinds[odd] == 0)


def test_a_tile_alone_in_its_decor_or_a_photo_of_one_decor_has_no_silhouette() -> None:
    crops, kinds = _photo(seed=1)
    read = kinds.copy()
    read[0] = 9
    dist = figure_distances(figure_gradients(crops, INSET, BOX))
    sil = figure_silhouettes(read, dist)
    assert np.isnan(sil[0]) and not np.isnan(sil[1:]).any()
    assert np.isnan(figure_silhouettes(np.zeros(16, int), dist)).all()
    assert not odd_figures(figure_gradients(crops, INSET, BOX), read, 0.0)[0]


def test_bad_input_is_refused_with_a_plain_message() -> None:
    with pytest.raises(ValueError, match="box"):
        figure_box(SIDE, INSET, (0.9, 0.4))
    with pytest.raises(ValueError, match="holds no pixel"):
        figure_box(4, 0.0, (0.01, 0.05))
    with pytest.raises(ValueError, match="uint8"):
        figure_gradients(np.zeros((2, 8, 8, 3), np.float32), INSET, BOX)
    with pytest.raises(ValueError, match="one shape"):
        gradient_histograms(np.zeros((2, 8, 8)), np.zeros((2, 8, 9)), (slice(0, 8), slice(0, 8)))
    with pytest.raises(ValueError, match="at least two"):
        figure_distances(np.zeros((1, 128)))
    with pytest.raises(ValueError, match="dist must be"):
        figure_silhouettes([0, 1, 2], np.zeros((2, 2)))


def test_enrolment_weighs_the_same_figure_gradients() -> None:
    crops, _ = _photo(seed=2)
    nw = np.zeros(16, int)  # VOCAB's first corner: upright already
    cues = cell_cues(crops, nw, INSET)
    assert np.array_equal(cues["figure"][:, -128:], figure_gradients(crops, INSET, DEFAULT_CONFIG.figure_box))
    d_cols, d_rows = lightness_gradients(np.zeros((3, 9, 9), np.float32))
    assert d_cols.shape == d_rows.shape == (3, 9, 9) and not d_cols.any()
    with pytest.raises(ValueError, match="float32"):
        lightness_gradients(np.zeros((3, 9, 9), np.uint8))


def _garden(decors: list) -> Garden:
    template = Tile.parse("water/stone/gate/nw")
    tiles = [Tile(template.floor, template.path, d, template.corner) for d in decors]
    return Garden(tuple(tuple(tiles[r * 4:(r + 1) * 4]) for r in range(4)))


def test_the_reader_lists_the_odd_figures_cells_with_the_decor_read() -> None:
    crops, kinds = _photo(seed=4)
    decors = [ALL_DECORS[int(k)] for k in kinds]
    wrong = int(np.flatnonzero(kinds == 2)[0])
    decors[wrong] = ALL_DECORS[3]  # read as the squares' decor
    hog = figure_gradients(crops, INSET, BOX)
    cell = "ABCD"[wrong % 4] + str(wrong // 4 + 1)
    assert odd_figure_cells([_garden(decors)], [hog], DEFAULT_CONFIG) == [
        {cell: [f"{REVIEW_FIGURE}:{ALL_DECORS[3].value}"]}]
    assert odd_figure_cells([_garden(decors)], [hog], replace(DEFAULT_CONFIG, review_figure_silhouette=None)) == [{}]
    assert odd_figure_cells([_garden(decors)], [None], DEFAULT_CONFIG) == [{}]
    with pytest.raises(ValueError, match="figure sets"):
        odd_figure_cells([_garden(decors)], [hog, hog], DEFAULT_CONFIG)


def test_a_games_photos_are_weighed_together_each_by_its_own_mean() -> None:
    (crops_a, kinds_a), (crops_b, kinds_b) = _photo(seed=5), _photo(seed=6)
    read_a = [ALL_DECORS[int(k)] for k in kinds_a]
    wrong = int(np.flatnonzero(kinds_a == 0)[0])
    read_a[wrong] = ALL_DECORS[1]  # one circle read as the crosses' decor
    hog_a, hog_b = figure_gradients(crops_a, INSET, BOX), figure_gradients(crops_b, INSET, BOX)
    garden_b = _garden([ALL_DECORS[int(k)] for k in kinds_b])
    marks = odd_figure_cells([_garden(read_a), garden_b, garden_b], [hog_a, hog_b, None], DEFAULT_CONFIG)
    cell = "ABCD"[wrong % 4] + str(wrong // 4 + 1)
    assert marks == [{cell: [f"{REVIEW_FIGURE}:{ALL_DECORS[1].value}"]}, {}, {}]
    both = np.concatenate([hog_a, hog_b])
    apart = figure_distances(both, np.repeat([0, 1], 16))
    assert np.allclose(apart[:16, :16], figure_distances(hog_a), atol=1e-6)  # each photo's own mean taken out
    with pytest.raises(ValueError, match="one photo per tile"):
        figure_distances(both, [0, 1])
