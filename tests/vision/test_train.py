"""Training and the model file: a tiny model trains, saves without pickle, loads, and refuses junk."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from vision.model import ModelLoadError, load_model
from vision.synth import render_tile
from vision.train import train_model


@pytest.fixture(scope="module")
def tiny_model(tiny_dataset):
    calls = []
    model = train_model([tiny_dataset], progress=lambda f, m: calls.append((f, m)))
    assert calls and calls[-1][0] == 1.0
    assert all(0.0 <= f <= 1.0 for f, _ in calls)
    return model


def test_save_load_round_trip(tiny_model, tiny_dataset, tmp_path) -> None:
    path = tiny_model.save(tmp_path / "m.skops")
    loaded = load_model(path)
    from vision.crop import crop_tiles
    from vision.dataset import iter_labelled
    from vision.io import load_image_scaled

    photo = iter_labelled(tiny_dataset)[0]
    image, scale = load_image_scaled(photo.image_path)
    crops = crop_tiles(image, photo.corners * scale, tiny_model.cfg)
    a, b = tiny_model.predict_probs(crops), loaded.predict_probs(crops)
    np.testing.assert_allclose(a.floor, b.floor, atol=1e-9)
    np.testing.assert_allclose(a.corner, b.corner, atol=1e-9)
    assert loaded.mask is not None
    # trained on these photos: it should read its own training tiles well
    assert (np.argmax(a.floor, axis=1) == [
        ["sand", "gravel", "trees", "clay", "water", "cherry_blossom"].index(t.floor.value)
        for t in photo.garden]).mean() >= 0.8


def test_refuses_pickles_and_junk(tmp_path) -> None:
    evil = tmp_path / "evil.skops"
    evil.write_bytes(pickle.dumps({"x": 1}))
    with pytest.raises(ModelLoadError):
        load_model(evil)
    with pytest.raises(ModelLoadError, match="not found"):
        load_model(tmp_path / "missing.skops")


def test_train_input_errors(tmp_path) -> None:
    with pytest.raises(ValueError, match="not a directory"):
        train_model([tmp_path / "nope"])
    with pytest.raises(ValueError, match="no labelled photos"):
        train_model([tmp_path])


def test_reading_in_four_turns_is_rotation_consistent(bundled_model) -> None:
    """With ``test_turns=4`` every crop is read in all four quarter turns: a garden's crops turned a
    quarter give the same floor/path/decor probabilities and the corner ones turned with them."""
    from dataclasses import replace

    from scorer.vocab import Corner
    from vision.model import VOCAB

    crops = np.stack([render_tile(t, 64) for t in ("water/stone/gate/se", "sand/wood/crane/nw",
                                                   "clay/sand/bench/ne", "trees/stone/pagoda/sw")] * 4)
    model = replace(bundled_model, cfg=replace(bundled_model.cfg, test_turns=4))
    a = model.predict_probs(crops)
    b = model.predict_probs(np.ascontiguousarray(np.rot90(crops, -1, axes=(1, 2))))
    for name in ("floor", "path", "decor"):
        np.testing.assert_allclose(getattr(a, name), getattr(b, name), atol=1e-9)
    turned = [VOCAB["corner"].index(Corner(c).rotated_cw().value) for c in VOCAB["corner"]]
    np.testing.assert_allclose(a.corner, b.corner[:, turned], atol=1e-9)
    assert [VOCAB["corner"][j] for j in a.corner.argmax(axis=1)[:4]] == ["se", "nw", "ne", "sw"]
