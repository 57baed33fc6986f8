"""The light's colour cast, found from a garden's own tiles and undone before reading."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from scorer.tiles import cell_name
from vision.crop import crop_tiles
from vision.dataset import iter_labelled
from vision.decode import decode
from vision.light import apply_gains, cast_gains, light_gains
from vision.read import read_in_its_light

from .conftest import random_crops

TUNGSTEN = np.array([0.6, 0.9, 1.3])  # BGR: a warm lamp, far warmer than the training light


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
        cast = apply_gains(crops, TUNGSTEN)
        gains = light_gains(cast, bundled_model.predict_probs(cast).corner, bundled_model, cfg)
        undo.append(np.log(gains[0] / gains[2]))  # blue raised against red: against the cast
        plain_right += _right(plain, photo.garden, cfg)
        cast_right += _right(read_in_its_light(cast, None, never)[0], photo.garden, cfg)
        undone_right += _right(read_in_its_light(cast, None, always)[0], photo.garden, cfg)
    assert np.mean(undo) > 0.1
    assert cast_right <= plain_right - 8  # the cast costs tiles when read as seen
    assert undone_right >= cast_right + 4  # undone, it costs fewer


def test_a_tile_the_light_changes_is_listed_for_review(easy_photos, bundled_model) -> None:
    from vision.read import read_garden

    cfg = bundled_model.cfg
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
