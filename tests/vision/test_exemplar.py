"""Tile art cut from labelled photos and rendered into new photos (calibration to a real copy)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from scorer.tiles import Garden, Tile
from scorer.vocab import Corner
from vision.config import DEFAULT_CONFIG
from vision.crop import crop_tiles
from vision.dataset import iter_labelled, write_labelled
from vision.synth import random_garden, render_photo, render_tile
from vision.synth.art import CORNER_TURNS
from vision.synth.exemplar import TileArt, art_garden, render_art_dataset, tile_art_from_photos

SIDE = 96


def _flat_photo(tmp_path: Path, garden: Garden, margin: int = 40) -> Path:
    """A labelled 'photo' that is the garden's canonical tile drawings side by side on gray."""
    block = 4 * SIDE
    image = np.full((block + 2 * margin, block + 2 * margin, 3), 128, np.uint8)
    for (r, c), tile in garden.cells():
        image[margin + r * SIDE: margin + (r + 1) * SIDE, margin + c * SIDE: margin + (c + 1) * SIDE] = \
            render_tile(tile, SIDE)
    corners = [[margin, margin], [margin + block, margin], [margin + block, margin + block], [margin, margin + block]]
    return write_labelled(tmp_path / "flat.png", image, garden, corners)


def test_tile_art_turns_every_path_to_the_top_left(tmp_path: Path) -> None:
    garden = random_garden(np.random.default_rng(3))
    assert len({t.corner for t in garden}) > 1  # the test needs several corners
    photo = iter_labelled(_flat_photo(tmp_path, garden).parent)[0]
    art = tile_art_from_photos([photo], side=SIDE)
    assert art.images.shape == (16, SIDE, SIDE, 3) and len(art) == 16
    for (_, tile), kind, picture in zip(garden.cells(), art.kinds, art.images):
        assert kind == tile.kind
        upright = render_tile(Tile(tile.floor, tile.path, tile.decor, Corner.NW), SIDE).astype(int)
        diff = np.abs(picture.astype(int) - upright).mean()
        # the same drawing (resampling only) and clearly not one of the other three turns
        assert diff < 6.0
        for k in (1, 2, 3):
            assert np.abs(np.rot90(picture, k).astype(int) - upright).mean() > 2 * diff


def test_art_garden_pictures_match_their_tiles() -> None:
    rng = np.random.default_rng(0)
    pictures = rng.integers(0, 256, (20, 8, 8, 3), dtype=np.uint8)
    kinds = tuple(t.kind for t in random_garden(rng)) + tuple(t.kind for t in random_garden(rng))[:4]
    art = TileArt(kinds, pictures)
    garden, placed = art_garden(art, np.random.default_rng(1))
    assert len(placed) == 16
    used = []
    for (_, tile), picture in zip(garden.cells(), placed):
        # the picture is one of the art's, turned clockwise by the tile's corner
        upright = np.rot90(picture, CORNER_TURNS[tile.corner])
        match = [k for k in range(len(art)) if np.array_equal(art.images[k], upright)]
        assert len(match) == 1 and art.kinds[match[0]] == tile.kind
        used.append(match[0])
    assert len(set(used)) == 16  # 20 pictures: no repeats


def test_tile_art_input_errors() -> None:
    with pytest.raises(ValueError, match="no labelled photos"):
        tile_art_from_photos([])
    with pytest.raises(ValueError, match="square"):
        TileArt((random_garden(np.random.default_rng(0)).rows[0][0].kind,), np.zeros((1, 8, 9, 3), np.uint8))
    with pytest.raises(ValueError, match="one tile kind per picture"):
        TileArt((), np.zeros((1, 8, 8, 3), np.uint8))


def test_render_photo_draws_the_given_pictures() -> None:
    garden = random_garden(np.random.default_rng(5))
    colours = np.random.default_rng(6).integers(30, 226, (16, 3))
    pictures = [np.full((32, 32, 3), col, np.uint8) for col in colours]
    image, truth = render_photo(garden, np.random.default_rng(7), size=(800, 600), difficulty="easy",
                                tile_images=pictures)
    crops = crop_tiles(image, truth["corners"])
    # the truth garden is turned upright: find the turn, then every cell shows its flat colour
    k = int(truth["quarter_turns"])
    order = np.rot90(np.arange(16).reshape(4, 4), -k).ravel()  # picture index shown in each read cell
    means = crops.reshape(16, -1, 3).mean(axis=1)
    err = np.abs(means - colours[order]).mean(axis=1)
    assert np.median(err) < 25, err
    with pytest.raises(ValueError, match="16 square"):
        render_photo(garden, np.random.default_rng(7), size=(320, 240), tile_images=pictures[:15])


def test_render_art_dataset_is_labelled_and_reproducible(tmp_path: Path) -> None:
    garden = random_garden(np.random.default_rng(11))
    photo = iter_labelled(_flat_photo(tmp_path / "src", garden).parent)[0]
    art = tile_art_from_photos([photo], side=64)
    a = render_art_dataset(tmp_path / "a", art, 2, seed=9, size=(640, 480))
    b = render_art_dataset(tmp_path / "b", art, 1, seed=9, size=(640, 480), start=1)
    assert [p.name for p in a] == ["art-00000.jpg", "art-00001.jpg"] and b[0].name == "art-00001.jpg"
    assert a[1].read_bytes() == b[0].read_bytes()
    for labelled in iter_labelled(tmp_path / "a"):
        assert {t.kind for t in labelled.garden} <= set(art.kinds)
    with pytest.raises(ValueError, match="start"):
        render_art_dataset(tmp_path / "c", art, 1, seed=9, start=-1)


def test_training_renders_the_calibration_photos_tiles(tiny_dataset: Path, tmp_path: Path) -> None:
    from vision.train import calibration_groups, train_model

    calib = tmp_path / "copy"
    calib.mkdir()
    for src in sorted(tiny_dataset.glob("*.jpg"))[:1]:
        for suffix in (".jpg", ".json"):
            (calib / (src.stem + suffix)).write_bytes(src.with_suffix(suffix).read_bytes())
    cfg = replace(DEFAULT_CONFIG, calibration_renders=3, mask_iterations=5)
    groups = [iter_labelled(tiny_dataset), iter_labelled(calib)]
    assert calibration_groups(groups, cfg) == [1]
    assert calibration_groups(groups[:1], cfg) == []
    messages: list[str] = []
    model = train_model([tiny_dataset, calib], progress=lambda f, m: messages.append(m), cfg=cfg)
    assert any("rendering your tiles" in m for m in messages)
    assert model.meta["trained_on"][-1] == "rendered from the calibration photos' tiles (3 photos)"
    assert model.meta["photos"] == len(groups[0]) + 1 + 3
