"""The light's colour cast, found from a garden's own tiles and undone before reading."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import vision.light
from scorer.tiles import cell_name
from scorer.vocab import ALL_FLOORS
from vision.config import DEFAULT_CONFIG
from vision.crop import crop_tiles
from vision.dataset import iter_labelled
from vision.decode import decode
from vision.light import (
    agreement_likelihood,
    apply_gains,
    cast_gains,
    chroma,
    class_distances,
    colour_outliers,
    grey_world_cast,
    light_gains,
    palette_cast,
    palette_gains,
    palette_likelihood,
    path_chroma,
    separation,
    tile_chroma,
)
from vision.read import read_in_its_light

from .conftest import random_crops

TUNGSTEN = np.array([0.6, 0.9, 1.3])  # BGR: a warm lamp, far warmer than the training light
#: Warmer still: the readers, trained in coloured light too, read part of TUNGSTEN's tiles as seen.
STRONG_TUNGSTEN = np.array([0.45, 0.85, 1.5])


def _right(probs, truth, cfg) -> int:
    garden = decode(probs, cfg)[0].garden
    return sum(garden[cell] == tile for cell, tile in truth.cells())


def test_apply_gains_scales_each_channel_and_saturates() -> None:
    crops = np.full((2, 4, 4, 3), 100, np.uint8)
    out = apply_gains(crops, np.array([0.5, 1.0, 3.0]))
    assert out.shape == crops.shape and out.dtype == np.uint8
    assert tuple(out[0, 0, 0]) == (50, 100, 255)


@pytest.mark.parametrize("gains", [np.array([1.0, 1.0]), np.array([1.0, 0.0, 1.0]), np.array([1.0, np.nan, 1.0])])
def test_apply_gains_rejects_bad_gains(gains) -> None:
    with pytest.raises(ValueError, match="gains"):
        apply_gains(random_crops(1), gains)


def test_apply_gains_rejects_bad_crops() -> None:
    with pytest.raises(ValueError, match="crops"):
        apply_gains(np.zeros((4, 4, 3), np.uint8), np.ones(3))


def test_cast_gains_change_colour_not_brightness() -> None:
    gains = cast_gains(0.4, -0.2)
    assert np.prod(gains) == pytest.approx(1.0)
    assert gains[0] / gains[1] == pytest.approx(np.exp(0.4))
    assert gains[2] / gains[1] == pytest.approx(np.exp(-0.2))
    assert np.allclose(cast_gains(0.0, 0.0), 1.0)


def test_light_gains_checks_its_input(bundled_model) -> None:
    with pytest.raises(ValueError, match="corner"):
        light_gains(random_crops(16), np.ones((15, 4)) / 4, bundled_model, bundled_model.cfg)


def test_a_tungsten_cast_is_found_undone_and_read_through(easy_photos, bundled_model) -> None:
    cfg = bundled_model.cfg
    always = dataclasses.replace(bundled_model, cfg=dataclasses.replace(cfg, light_gate=1.01))
    never = dataclasses.replace(bundled_model, cfg=dataclasses.replace(cfg, light_gate=0.0))
    plain_right = cast_right = undone_right = 0
    undo = []
    for photo in iter_labelled(easy_photos):
        crops = crop_tiles(photo.load_image(), photo.corners, cfg)
        plain = bundled_model.predict_probs(crops)
        # in neutral light there is little to undo
        assert np.abs(np.log(light_gains(crops, plain.corner, bundled_model, cfg))).max() < 0.25
        cast = apply_gains(crops, STRONG_TUNGSTEN)
        gains = light_gains(cast, bundled_model.predict_probs(cast).corner, bundled_model, cfg)
        undo.append(np.log(gains[0] / gains[2]))  # blue raised against red: against the cast
        plain_right += _right(plain, photo.garden, cfg)
        cast_right += _right(read_in_its_light(cast, None, never)[0], photo.garden, cfg)
        undone_right += _right(read_in_its_light(cast, None, always)[0], photo.garden, cfg)
    assert np.mean(undo) > 0.1
    assert cast_right <= plain_right - 8  # the cast costs tiles when read as seen
    assert undone_right >= cast_right + 4  # undone, it costs fewer


def test_the_search_starts_against_a_cast_the_tiles_mean_colour_shows(easy_photos) -> None:
    cfg = DEFAULT_CONFIG
    photo = iter_labelled(easy_photos)[0]
    crops = crop_tiles(photo.load_image(), photo.corners, cfg)
    start = grey_world_cast(crops, cfg)
    warm = grey_world_cast(apply_gains(crops, STRONG_TUNGSTEN), cfg)
    # the lamp moves every tile's log B/G down and log R/G up: the start moves the other way, by
    # light_grey_world of what the lamp did to the tiles' mean
    assert warm[0] - start[0] > 0.2 and warm[1] - start[1] < -0.2
    off = dataclasses.replace(cfg, light_grey_world=0.0)
    assert np.array_equal(grey_world_cast(crops, off), np.zeros(2))
    # tiles whose mean chroma is the neutral garden's own: nothing to undo
    neutral = dataclasses.replace(cfg, light_tile_chroma=tuple(tile_chroma(crops).mean(axis=0)))
    assert np.allclose(grey_world_cast(crops, neutral), 0.0, atol=1e-9)


def test_the_cast_search_starts_where_the_tiles_colour_points(easy_photos, bundled_model) -> None:
    cfg = dataclasses.replace(bundled_model.cfg, light_steps=())  # no step taken: the start itself
    photo = iter_labelled(easy_photos)[0]
    crops = apply_gains(crop_tiles(photo.load_image(), photo.corners, cfg), STRONG_TUNGSTEN)
    gains = light_gains(crops, bundled_model.predict_probs(crops).corner, bundled_model, cfg)
    assert np.allclose(gains, cast_gains(*grey_world_cast(crops, cfg)))
    assert np.log(gains[0] / gains[2]) > 0.1  # blue raised against red: against the warm lamp


def test_the_light_search_reads_each_cast_once(easy_photos, bundled_model, monkeypatch) -> None:
    # the first step reads its 3 x 3 pattern; each finer one its 8 new casts around the best so far
    cfg = bundled_model.cfg
    photo = iter_labelled(easy_photos)[0]
    crops = apply_gains(crop_tiles(photo.load_image(), photo.corners, cfg), TUNGSTEN)
    batches = []
    real = vision.light.window_feature_sets

    def counted(batch, *args, **kwargs):
        batches.append(len(batch))
        return real(batch, *args, **kwargs)

    monkeypatch.setattr(vision.light, "window_feature_sets", counted)
    gains = light_gains(crops, bundled_model.predict_probs(crops).corner, bundled_model, cfg)
    assert batches == [9 * len(crops)] + [8 * len(crops)] * (len(cfg.light_steps) - 1)
    assert np.log(gains[0] / gains[2]) > 0.1  # still found against the warm cast


def test_a_tile_the_light_changes_is_listed_for_review(easy_photos, bundled_model) -> None:
    from vision.read import read_garden

    cfg = dataclasses.replace(bundled_model.cfg, snap_given_corners=False)  # both read where the corners are
    never = dataclasses.replace(bundled_model, cfg=dataclasses.replace(cfg, light_gate=0.0))
    always = dataclasses.replace(bundled_model, cfg=dataclasses.replace(cfg, light_gate=1.01))
    changed = 0
    for photo in iter_labelled(easy_photos):
        image = np.clip(photo.load_image() * TUNGSTEN, 0, 255).astype(np.uint8)
        seen = read_garden(image, model=never, corners=photo.corners)
        lit = read_garden(image, model=always, corners=photo.corners)
        moved = {cell for cell, tile in lit.garden.cells() if seen.garden[cell] != tile}
        changed += len(moved)
        assert {cell_name(cell) for cell in moved} <= set(lit.review)
    assert changed > 0  # the cast is strong enough that undoing it changes some tiles


def test_chroma_is_log_blue_and_red_over_green_and_a_cast_adds_to_it() -> None:
    patch = np.full((8, 8, 3), (92, 192, 42), np.uint8)  # BGR, each + 8 (the offset) a round number
    assert chroma(patch) == pytest.approx([np.log(100 / 200), np.log(50 / 200)])
    crops = np.stack([patch, patch[..., ::-1].copy()])
    assert tile_chroma(crops).shape == (2, 2)
    with pytest.raises(ValueError, match="pixel"):
        chroma(np.zeros((0, 3)))
    with pytest.raises(ValueError, match="crops"):
        tile_chroma(patch)


#: Six floor colours as chroma (log B/G, log R/G), spread as a copy's floors are.
PALETTE = np.array([[-0.5, 0.15], [0.05, -0.05], [-0.6, -0.3], [-0.7, 0.45], [0.45, -0.8], [0.2, 0.35]])


def test_palette_cast_finds_the_shift_shared_by_a_gardens_tiles() -> None:
    rng = np.random.default_rng(3)
    cfg = DEFAULT_CONFIG
    for cast in ([0.0, 0.0], [0.3, -0.25], [-0.4, 0.35]):
        floors = rng.integers(0, len(PALETTE), 16)
        tiles = PALETTE[floors] + np.array(cast) + rng.normal(0, 0.03, (16, 2))
        tiles[0] = [2.0, 2.0]  # a tile of no floor (glare, a hand) is capped, not followed
        assert palette_cast(tiles, PALETTE, cfg) == pytest.approx(cast, abs=0.051)
    with pytest.raises(ValueError, match="palette"):
        palette_cast(np.zeros((16, 2)), np.zeros((0, 2)), cfg)


def test_a_two_floor_gardens_cast_is_pinned_by_its_path_bands() -> None:
    # A development copy's palette: its gravel lies between its water and the no-cast origin, so a
    # garden of trees and water in a warm light can be explained, by a smaller cast, as trees and
    # gravel when its trees are a little off their colour (the light uneven across the board).
    floors = np.array([[-0.5, 0.29], [0.09, -0.04], [-0.42, -0.82], [-0.54, 0.56], [0.34, -0.3], [0.38, 0.52]])
    paths = np.array([[-0.15, 0.07], [-0.47, 0.38], [-0.01, 0.08]])
    cast = np.array([-0.1, 0.45])
    wrong_without = 0
    for seed in range(20):
        rng = np.random.default_rng(seed)
        tiles = floors[[2] * 8 + [4] * 8] + cast + rng.normal(0, 0.05, (16, 2))
        tiles[:8] += [0.15, -0.04]
        bands = paths[rng.integers(0, 3, 16)] + cast + rng.normal(0, 0.05, (16, 2))
        assert palette_cast(tiles, floors, DEFAULT_CONFIG, bands, paths) == pytest.approx(cast, abs=0.051)
        wrong_without += bool(np.abs(palette_cast(tiles, floors, DEFAULT_CONFIG) - cast).max() > 0.06)
    assert wrong_without >= 5  # the floors alone are misled
    with pytest.raises(ValueError, match="together"):
        palette_cast(tiles, floors, DEFAULT_CONFIG, bands, None)
    with pytest.raises(ValueError, match="path_palette"):
        palette_cast(tiles, floors, DEFAULT_CONFIG, bands[:3], paths)


def test_palette_gains_undo_a_tungsten_cast_on_a_gardens_tiles() -> None:
    rng = np.random.default_rng(4)
    floors = rng.integers(0, len(PALETTE), 16)
    crops = _palette_tiles(floors, rng)
    lit = apply_gains(crops, TUNGSTEN)
    undone = apply_gains(lit, palette_gains(lit, PALETTE, DEFAULT_CONFIG))
    assert np.abs(tile_chroma(lit) - PALETTE[floors]).max() > 0.3
    assert np.abs(tile_chroma(undone) - PALETTE[floors]).max() < 0.08


def _palette_tiles(floors: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Speckled plain tiles ``(16, 12, 12, 3)`` of the palette's colours (green 150)."""
    green = 150.0
    bgr = np.stack([green * np.exp(PALETTE[floors, 0]), np.full(len(floors), green),
                    green * np.exp(PALETTE[floors, 1])], 1)
    return np.clip(bgr[:, None, None, :] + rng.normal(0, 4, (len(floors), 12, 12, 3)) - 8, 0, 255).astype(np.uint8)


def test_palette_likelihood_favours_the_floor_of_a_tiles_colour_and_caps_the_others() -> None:
    floors = np.arange(len(PALETTE))
    like = palette_likelihood(_palette_tiles(floors, np.random.default_rng(5)), PALETTE, DEFAULT_CONFIG)
    assert like.shape == (len(PALETTE), len(PALETTE))
    assert np.array_equal(like.argmax(axis=1), floors)
    assert like[floors, floors].min() > 0.8
    floor_value = np.exp(-DEFAULT_CONFIG.palette_floor_cap / (2 * DEFAULT_CONFIG.palette_sigma ** 2))
    assert like.min() == pytest.approx(floor_value)  # far floors all weigh the same: the cap


@pytest.fixture(scope="module")
def our_art_copy(easy_photos, bundled_model):
    """The bundled readers given the floor colours of our own art as a palette (an enrolled copy
    of our art), the light gate shut so nothing but the palette undoes a cast."""
    cfg = bundled_model.cfg
    own: dict[str, list[np.ndarray]] = {}
    for photo in iter_labelled(easy_photos):
        for (_, tile), c in zip(photo.garden.cells(), tile_chroma(crops_of(photo, cfg))):
            own.setdefault(tile.floor.value, []).append(c)
    palette = {floor: np.median(values, axis=0).tolist() for floor, values in own.items()}
    if len(palette) < 6:
        pytest.skip("the easy photos do not show all six floors")
    never = dataclasses.replace(bundled_model, cfg=dataclasses.replace(cfg, light_gate=0.0))
    return dataclasses.replace(never, meta={**bundled_model.meta, "floor_palette": palette})


def test_a_copy_model_with_a_floor_palette_reads_through_a_cast(easy_photos, our_art_copy) -> None:
    """A tungsten cast is undone by the palette even where the readers are sure of what they read."""
    cfg = our_art_copy.cfg
    assert our_art_copy.floor_palette().shape == (6, 2)
    cast_right = undone_right = 0
    for photo in iter_labelled(easy_photos):
        cast = apply_gains(crops_of(photo, cfg), TUNGSTEN)
        lit, seen = read_in_its_light(cast, None, our_art_copy)
        cast_right += _right(seen, photo.garden, cfg)
        undone_right += _right(lit, photo.garden, cfg)
    assert undone_right >= cast_right + 8, (cast_right, undone_right)


def test_a_copy_model_with_a_path_palette_too_reads_through_a_cast(easy_photos, our_art_copy) -> None:
    """The copy's path materials' colours (measured on the photos' path bands) join its floors'
    in finding the cast, and the tiles read through it as well as by the floors alone."""
    from vision.model import VOCAB, upright_crops

    cfg = our_art_copy.cfg
    photos = list(iter_labelled(easy_photos))
    bands: dict[str, list[np.ndarray]] = {}
    for photo in photos:
        corners = np.array([VOCAB["corner"].index(tile.corner.value) for _, tile in photo.garden.cells()])
        upright = upright_crops(crops_of(photo, cfg), corners)
        for (_, tile), c in zip(photo.garden.cells(), path_chroma(upright, cfg.review_path_band, cfg.tile_inset)):
            bands.setdefault(tile.path.value, []).append(c)
    materials = {m: np.median(v, axis=0).tolist() for m, v in bands.items()}
    with_paths = dataclasses.replace(our_art_copy, meta={**our_art_copy.meta, "path_palette": materials})
    assert with_paths.path_palette().shape == (3, 2)
    cast_right = floors_right = paths_right = 0
    for photo in photos:
        cast = apply_gains(crops_of(photo, cfg), TUNGSTEN)
        lit, seen = read_in_its_light(cast, None, our_art_copy)
        both, _ = read_in_its_light(cast, None, with_paths)
        cast_right += _right(seen, photo.garden, cfg)
        floors_right += _right(lit, photo.garden, cfg)
        paths_right += _right(both, photo.garden, cfg)
    assert paths_right >= max(floors_right - 1, cast_right + 8), (cast_right, floors_right, paths_right)


def test_a_tile_the_palettes_light_changes_is_for_review_only_when_not_read_surely(easy_photos, our_art_copy,
                                                                                    bundled_model) -> None:
    from vision.read import read_garden

    cfg = our_art_copy.cfg
    plain = dataclasses.replace(bundled_model, cfg=dataclasses.replace(cfg, light_gate=0.0))
    sure = unsure = 0
    for photo in iter_labelled(easy_photos):
        image = np.clip(photo.load_image() * TUNGSTEN, 0, 255).astype(np.uint8)
        seen = read_garden(image, model=plain, corners=photo.corners)
        lit = read_garden(image, model=our_art_copy, corners=photo.corners)
        for cell, tile in lit.garden.cells():
            if seen.garden[cell] == tile:
                continue
            listed = cell_name(cell) in lit.review
            if lit.confidence[cell] >= cfg.palette_review_confidence:
                sure += 1
                assert not listed, (cell_name(cell), lit.review_why.get(cell_name(cell)))
            else:
                unsure += 1
                assert listed, cell_name(cell)
    assert sure > 0  # the cast is strong enough that the palette's light changes tiles it then reads surely


def crops_of(photo, cfg) -> np.ndarray:
    return crop_tiles(photo.load_image(), photo.corners, cfg)


def test_colour_outliers_names_the_floor_whose_tiles_colour_a_tile_has() -> None:
    rng = np.random.default_rng(3)
    sand, water, trees, clay = range(4)
    centres = {sand: (0.1, 0.3), water: (-0.4, 0.0), trees: (0.05, -0.2), clay: (0.6, 0.6)}
    floors = [sand] * 6 + [water] * 5 + [trees] * 4 + [clay]
    chromas = np.array([centres[f] for f in floors]) + rng.normal(0, 0.01, (16, 2))
    assert colour_outliers(chromas, floors, 6, 1.5) == [None] * 16  # every tile near its own floor's
    chromas[2] = np.array(centres[water]) + 0.005  # read as sand, coloured as the water tiles
    odd = colour_outliers(chromas, floors, 6, 1.5)
    assert odd == [water if i == 2 else None for i in range(16)]
    # a cast moves every tile alike: the same tile stands out
    assert colour_outliers(chromas + np.array([0.3, -0.2]), floors, 6, 1.5) == odd
    # the lone clay tile has no floor-mates to disagree with, however odd its colour
    chromas[15] = np.array(centres[trees])
    assert colour_outliers(chromas, floors, 6, 1.5)[15] is None


def test_class_distances_measure_each_tile_against_the_others_of_each_class() -> None:
    chromas = np.array([[0.0, 0.0], [0.3, 0.4], [0.0, 0.2], [1.0, 1.0]])
    dist = class_distances(chromas, [0, 0, 0, 1], 3, np.mean)
    assert dist[0, 0] == pytest.approx(np.hypot(0.15, 0.3))  # the mean of tiles 1 and 2, not itself
    assert dist[3, 0] == pytest.approx(np.hypot(0.9, 0.8))
    assert np.isnan(dist[3, 1]) and np.isnan(dist[:, 2]).all()  # no other tile of the class
    assert class_distances(chromas, [0, 0, 0, 1], 3)[0, 0] == pytest.approx(np.hypot(0.15, 0.3))  # median of 2


@pytest.mark.parametrize("chromas, floors, factor", [
    (np.zeros((4, 3)), [0] * 4, 1.5),
    (np.zeros((4, 2)), [0] * 3, 1.5),
    (np.zeros((4, 2)), [0] * 4, 0.0),
    (np.zeros((4, 2)), [0, 0, 0, 6], 1.5),
])
def test_colour_outliers_checks_its_input(chromas, floors, factor) -> None:
    with pytest.raises(ValueError):
        colour_outliers(chromas, floors, 6, factor)


def _one_tile_misread(attr: str, photo, model, monkeypatch):
    """Read ``photo`` with decode patched so that one tile, of a value the garden shows at least three
    times, has its ``attr`` read as another value the garden shows at least twice -> (that reading,
    the cell, its true tile)."""
    import vision.read as read

    truth = read.read_garden(photo.image_path, model=model).garden
    counts: dict = {}
    for _, tile in truth.cells():
        counts[getattr(tile, attr)] = counts.get(getattr(tile, attr), 0) + 1
    cell, tile = next((c, t) for c, t in truth.cells() if counts[getattr(t, attr)] >= 3)
    other = next(v for v, k in counts.items() if k >= 2 and v is not getattr(tile, attr))
    real = read.decode

    def misread(probs, cfg=DEFAULT_CONFIG):
        out = real(probs, cfg)
        garden = out[0].garden.replace(cell, dataclasses.replace(out[0].garden[cell], **{attr: other}))
        return [dataclasses.replace(out[0], garden=garden, review=()), *out[1:]]

    monkeypatch.setattr(read, "decode", misread)
    reading = read.read_garden(photo.image_path, model=model)
    assert getattr(reading.garden[cell], attr) is other
    return reading, cell, tile


def test_a_tile_read_as_another_floor_than_its_colour_is_listed_for_review(easy_photos, bundled_model,
                                                                            monkeypatch) -> None:
    import vision.read as read

    photo = iter_labelled(easy_photos)[0]
    reading, cell, tile = _one_tile_misread("floor", photo, bundled_model, monkeypatch)
    assert cell_name(cell) in reading.review
    assert f"floor_colour:{tile.floor.value}" in reading.review_why[cell_name(cell)]  # its true floor's colour
    assert set(reading.review_why) == set(reading.review)
    assert reading.to_dict()["review_why"][cell_name(cell)] == list(reading.review_why[cell_name(cell)])
    off = dataclasses.replace(bundled_model, cfg=dataclasses.replace(bundled_model.cfg, review_floor_factor=0.0))
    assert cell_name(cell) not in read.read_garden(photo.image_path, model=off).review


def _banded(floor_bgr, path_bgr, side: int = 48, inset: float = DEFAULT_CONFIG.tile_inset) -> np.ndarray:
    """A crop of a tile whose path band (0.3..0.6 tile sides from the top-left corner) is one colour
    on a floor of another."""
    along = (np.arange(side) + 0.5) / side * (1 - 2 * inset) + inset
    x, y = np.meshgrid(along, along)
    band = (np.hypot(x, y) > 0.3) & (np.hypot(x, y) < 0.6)
    crop = np.empty((side, side, 3), np.uint8)
    crop[:] = floor_bgr
    crop[band] = path_bgr
    return crop


def test_path_chroma_reads_the_band_not_the_floor() -> None:
    crops = np.stack([_banded((40, 160, 60), (200, 200, 200)), _banded((200, 120, 220), (60, 110, 150))])
    got = path_chroma(crops, DEFAULT_CONFIG.review_path_band, DEFAULT_CONFIG.tile_inset)
    want = np.stack([chroma(np.array([[200, 200, 200]])), chroma(np.array([[60, 110, 150]]))])
    assert np.allclose(got, want, atol=1e-6)
    with pytest.raises(ValueError):
        path_chroma(crops[0], DEFAULT_CONFIG.review_path_band, 0.06)  # not a batch
    with pytest.raises(ValueError):
        path_chroma(crops, (0.5, 0.4), 0.06)  # an empty band


def test_a_tile_read_as_another_path_than_its_band_is_listed_for_review(easy_photos, bundled_model,
                                                                        monkeypatch) -> None:
    import vision.read as read

    photo = iter_labelled(easy_photos)[0]
    reading, cell, tile = _one_tile_misread("path", photo, bundled_model, monkeypatch)
    assert f"path_colour:{tile.path.value}" in reading.review_why[cell_name(cell)]
    off = dataclasses.replace(bundled_model, cfg=dataclasses.replace(bundled_model.cfg, review_path_factor=0.0))
    assert cell_name(cell) not in read.read_garden(photo.image_path, model=off).review


def test_agreement_likelihood_weighs_each_tile_against_the_other_tiles_of_each_class() -> None:
    chromas = np.array([[0.0, 0.0], [0.02, 0.0], [0.01, 0.01], [0.5, 0.5], [0.52, 0.5], [0.51, 0.49]])
    labels = [0, 0, 0, 1, 1, 0]  # the last tile read as class 0 but coloured as class 1
    got = agreement_likelihood(chromas, labels, 3, sigma=0.1, cap=0.09)
    floor = np.exp(-0.09 / (2 * 0.1 ** 2))  # no evidence: the cap's value
    assert got.shape == (6, 3)
    # near its class-mates (the misread one among them does not move their median), far from class 1
    assert got[0, 0] > 0.9 and got[0, 1] == pytest.approx(floor)
    assert got[5, 1] > 0.9 and got[5, 0] == pytest.approx(floor)  # agrees with class 1, whatever it was read as
    assert np.allclose(got[:, 2], floor)  # a class no tile was read as
    # the tile's own colour does not vouch for itself: alone on its class it gets the cap's value
    assert agreement_likelihood(chromas[:3], [0, 0, 1], 2, 0.1, 0.09)[2, 1] == pytest.approx(floor)
    # a cast moves all tiles alike and changes nothing
    assert np.allclose(agreement_likelihood(chromas + 0.3, labels, 3, 0.1, 0.09), got)
    with pytest.raises(ValueError):
        agreement_likelihood(chromas, [0, 0, 0, 1, 1, 3], 3, 0.1, 0.09)
    with pytest.raises(ValueError):
        agreement_likelihood(chromas, labels, 3, 0.0, 0.09)


def test_agreeing_colours_moves_a_doubtful_floor_to_the_one_its_colour_agrees_with() -> None:
    from scorer.tiles import Garden
    from scorer.vocab import ALL_FLOORS, ALL_PATHS
    from vision.decode import AttributeProbs
    from vision.read import agreeing_colours

    rng = np.random.default_rng(5)
    truth = [[f"{ALL_FLOORS[(r * 4 + c) % 3].value}/{ALL_PATHS[(r + c) % 3].value}/gate/nw" for c in range(4)]
             for r in range(4)]
    garden = Garden.from_rows(truth)
    floors = np.array([ALL_FLOORS.index(t.floor) for _, t in garden.cells()])
    paths = np.array([ALL_PATHS.index(t.path) for _, t in garden.cells()])
    colours = np.array([[0.0, 0.0], [0.4, 0.1], [-0.3, 0.4]])
    chromas = colours[floors] + rng.normal(0, 0.01, (16, 2))
    path_chromas = colours[paths][:, ::-1] + rng.normal(0, 0.01, (16, 2))
    floor = np.full((16, 6), 0.01)
    floor[np.arange(16), floors] = 0.9
    floor[5] = 0.01
    floor[5, floors[5]], floor[5, (floors[5] + 1) % 3] = 0.45, 0.5  # the reader leans the wrong way
    path = np.full((16, 3), 0.05)
    path[np.arange(16), paths] = 0.9
    probs = AttributeProbs(floor / floor.sum(1, keepdims=True), path, np.full((16, 5), 0.2), np.full((16, 4), 0.25))
    read = garden.replace((1, 1), garden[(1, 1)].__class__(ALL_FLOORS[(floors[5] + 1) % 3], garden[(1, 1)].path,
                                                             garden[(1, 1)].decor, garden[(1, 1)].corner))
    agreed = agreeing_colours(probs, read, chromas, path_chromas, DEFAULT_CONFIG)
    assert agreed.floor[5].argmax() == floors[5]  # its colour is that of its true floor's other tiles
    assert np.array_equal(agreed.floor.argmax(1), floors) and np.array_equal(agreed.path.argmax(1), paths)
    assert np.allclose(agreed.floor.sum(1), 1) and np.allclose(agreed.path.sum(1), 1)
    assert agreed.decor is probs.decor and agreed.corner is probs.corner


def test_a_tile_its_colour_reads_otherwise_is_listed_and_its_first_reading_stays_offered(easy_photos, bundled_model,
                                                                                          monkeypatch) -> None:
    import vision.read as read

    photo = iter_labelled(easy_photos)[0]
    first = read.read_garden(photo.image_path, model=bundled_model)
    cell = (2, 1)
    was = first.garden[cell]
    other = next(f for f in ALL_FLOORS if f is not was.floor)
    real = read.agreeing_colours

    def pushed(probs, garden, chromas, path_chromas, cfg):  # the colours point one tile to another floor
        agreed = real(probs, garden, chromas, path_chromas, cfg)
        floor = agreed.floor.copy()
        floor[cell[0] * 4 + cell[1]] = 0.0
        floor[cell[0] * 4 + cell[1], ALL_FLOORS.index(other)] = 1.0
        return dataclasses.replace(agreed, floor=floor)

    monkeypatch.setattr(read, "agreeing_colours", pushed)
    reading = read.read_garden(photo.image_path, model=bundled_model)
    assert reading.garden[cell].floor is other
    assert f"colour_read:{was.format()}" in reading.review_why[cell_name(cell)]  # what it read alone
    assert was in [tile for tile, _ in reading.alternatives[cell[0] * 4 + cell[1]]]  # one tap back


def test_separation_is_small_when_each_class_has_its_colour_and_large_when_colours_ignore_the_classes() -> None:
    rng = np.random.default_rng(3)
    labels = np.arange(16) % 3
    colours = np.array([[0.0, 0.0], [0.4, 0.1], [-0.3, 0.4]])
    apart = separation(colours[labels] + rng.normal(0, 0.02, (16, 2)), labels, 3)
    mixed = separation(rng.normal(0, 0.3, (16, 2)), labels, 3)  # a band that shows the floors, not the paths
    assert apart < 0.2 < DEFAULT_CONFIG.path_separation_max < mixed
    assert np.isnan(separation(rng.normal(0, 0.3, (16, 2)), np.zeros(16, int), 3))  # one class: nothing to tell


def _path_read_otherwise(rng: np.random.Generator, band_on_path: bool):
    """A garden of three path materials with one tile's path read as another, its tiles' path-band
    chromas following the materials (``band_on_path``) or not at all."""
    from scorer.tiles import Garden
    from scorer.vocab import ALL_PATHS

    rows = [[f"{ALL_FLOORS[(r * 4 + c) % 3].value}/{ALL_PATHS[(r + c) % 3].value}/gate/nw" for c in range(4)]
            for r in range(4)]
    garden = Garden.from_rows(rows)
    paths = np.array([ALL_PATHS.index(t.path) for _, t in garden.cells()])
    colours = np.array([[0.0, 0.0], [0.4, 0.1], [-0.3, 0.4]])
    bands = colours[paths] + rng.normal(0, 0.01, (16, 2)) if band_on_path else rng.normal(0, 0.3, (16, 2))
    tile = garden[(1, 1)]
    wrong = ALL_PATHS[(paths[5] + 1) % 3]
    read = garden.replace((1, 1), tile.__class__(tile.floor, wrong, tile.decor, tile.corner))
    return read, bands, paths


def test_path_colours_serve_only_where_the_bands_tell_the_materials_apart() -> None:
    from scorer.vocab import ALL_PATHS
    from vision.decode import AttributeProbs
    from vision.read import agreeing_colours, bands_show_paths, odd_colours

    rng = np.random.default_rng(11)
    chromas = rng.normal(0, 0.01, (16, 2))  # one floor colour: no floor tile stands out
    read, bands, paths = _path_read_otherwise(rng, band_on_path=True)
    assert bands_show_paths(bands, [ALL_PATHS.index(t.path) for _, t in read.cells()], DEFAULT_CONFIG)
    assert odd_colours(read, chromas, bands, DEFAULT_CONFIG)["B2"] == [f"path_colour:{ALL_PATHS[paths[5]].value}"]
    read, bands, paths = _path_read_otherwise(rng, band_on_path=False)
    assert not bands_show_paths(bands, [ALL_PATHS.index(t.path) for _, t in read.cells()], DEFAULT_CONFIG)
    why = odd_colours(read, chromas, bands, DEFAULT_CONFIG)
    assert not any(code.startswith("path_colour") for codes in why.values() for code in codes)
    path = np.full((16, 3), 0.1)
    path[np.arange(16), [ALL_PATHS.index(t.path) for _, t in read.cells()]] = 0.8
    probs = AttributeProbs(np.full((16, 6), 1 / 6), path, np.full((16, 5), 0.2), np.full((16, 4), 0.25))
    assert np.array_equal(agreeing_colours(probs, read, chromas, bands, DEFAULT_CONFIG).path, path)  # left as read
