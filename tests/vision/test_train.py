"""Training and the model file: a tiny model trains, saves without pickle, loads, and refuses junk."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from vision.model import DEFAULT_MODEL_PATH, ModelLoadError, load_model
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


def test_copy_interpolation_is_stored_and_older_models_load_with_pixel_areas(tiny_model, tmp_path) -> None:
    """The tile map is learned on the localisation copies, so how they were shrunk travels with the
    model; a file saved before the setting existed was trained on pixel-area copies."""
    import json
    from dataclasses import replace

    import skops.io as sio

    from vision.config import DEFAULT_CONFIG

    bilinear = replace(tiny_model, cfg=replace(tiny_model.cfg, map_linear_downscale_above=0.0))
    path = bilinear.save(tmp_path / "bilinear.skops")
    assert load_model(path).cfg.map_linear_downscale_above == 0.0
    payload = sio.load(path, trusted=sio.get_untrusted_types(file=path))
    meta = json.loads(payload["meta"])
    del meta["cfg"]["map_linear_downscale_above"]
    payload["meta"] = json.dumps(meta)
    old = tmp_path / "older.skops"
    sio.dump(payload, old)
    reader_cfg = replace(DEFAULT_CONFIG, map_linear_downscale_above=0.0)
    assert load_model(old, cfg=reader_cfg).cfg.map_linear_downscale_above == 1.0


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


def test_readers_alone_are_those_train_fits_and_the_base_keeps_its_map(tiny_model, tiny_dataset, bundled_model,
                                                                       tmp_path) -> None:
    """``refit_readers`` (``zengarden train --readers-only``) fits the readers ``train_model`` fits
    from the same photos; the tile map and outline inset stay the base model's."""
    from vision.crop import crop_tiles
    from vision.dataset import iter_labelled
    from vision.io import load_image_scaled
    from zengarden.cli import main

    out = tmp_path / "readers.skops"
    assert main(["train", "--readers-only", "--base", str(DEFAULT_MODEL_PATH),
                 "--data", str(tiny_dataset), "--out", str(out)]) == 0
    refit = load_model(out)
    photo = iter_labelled(tiny_dataset)[1]
    image, scale = load_image_scaled(photo.image_path)
    crops = crop_tiles(image, photo.corners * scale, tiny_model.cfg)
    a, b = tiny_model.predict_probs(crops), refit.predict_probs(crops)
    for name in ("floor", "path", "decor", "corner"):
        np.testing.assert_allclose(getattr(a, name), getattr(b, name), atol=1e-9)
    assert refit.cfg.outline_inset == bundled_model.cfg.outline_inset
    pixels = np.random.default_rng(0).random((50, bundled_model.mask.n_features_in_))
    np.testing.assert_array_equal(refit.mask.predict_proba(pixels), bundled_model.mask.predict_proba(pixels))
    assert refit.meta["trained_on"] == [f"{tiny_dataset.name} (4 photos)"]
    assert refit.meta["mask_trained_on"] == bundled_model.meta["mask_trained_on"]
    with pytest.raises(SystemExit):  # one part or the other, not both
        main(["train", "--readers-only", "--mask-only", "--data", str(tiny_dataset), "--out", str(out)])


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


@pytest.mark.parametrize("corner", ["nw", "ne", "se", "sw"])
def test_upright_crops_turn_the_path_to_nw(corner: str) -> None:
    from vision.model import VOCAB, upright_crops

    tile = f"gravel/wood/crane/{corner}"
    crops = np.stack([render_tile(tile, 64)] * 2)
    straight = upright_crops(crops, np.array([VOCAB["corner"].index(corner)] * 2))
    np.testing.assert_array_equal(straight[0], render_tile("gravel/wood/crane/nw", 64))


def test_floor_path_and_decor_are_read_upright_and_mixed_over_unsure_corners(tiny_model, tmp_path) -> None:
    from vision.model import VOCAB, upright_crops

    assert tiny_model.upright == ("floor", "path", "decor")
    assert tiny_model.readers["decor"].windows == "far"
    loaded = load_model(tiny_model.save(tmp_path / "m.skops"))
    assert loaded.upright == ("floor", "path", "decor") and loaded.readers["decor"].windows == "far"
    crops = np.stack([render_tile(t, 64) for t in ("water/stone/gate/se", "sand/wood/crane/nw")])
    sure = np.array([[0.0, 0.0, 0.0, 1.0], [1.0, 0.0, 0.0, 0.0]])  # VOCAB order nw, ne, sw, se
    assert VOCAB["corner"] == ("nw", "ne", "sw", "se")
    got = tiny_model._read_upright(crops, sure)
    unsure = np.array([[0.0, 0.3, 0.0, 0.7], [1.0, 0.0, 0.0, 0.0]])
    mixed = tiny_model._read_upright(crops, unsure)
    for name in ("floor", "path", "decor"):
        clf = tiny_model.readers[name]
        cols = [VOCAB[name].index(c) for c in clf.classes_]
        direct = clf.predict_proba(upright_crops(crops, np.array([3, 0])))
        np.testing.assert_allclose(got[name][:, cols], direct, atol=1e-6)
        # an unsure corner: the reads in both turns, weighted by the corner probabilities
        other = clf.predict_proba(upright_crops(crops[:1], np.array([1])))
        np.testing.assert_allclose(mixed[name][0, cols], 0.7 * direct[0] + 0.3 * other[0], atol=1e-6)
        np.testing.assert_allclose(mixed[name][1], got[name][1], atol=1e-9)


def test_one_attribute_is_read_as_the_whole_reading_reads_it_and_a_bad_name_is_refused(bundled_model) -> None:
    """``predict_attribute`` runs one reader (and the corner's, which turns the crops upright): the
    same numbers as that attribute of the whole reading, for an upright reader and the corner."""
    crops = np.stack([render_tile(t, 64) for t in ("water/stone/gate/se", "sand/wood/crane/nw",
                                                   "clay/sand/buddha/ne", "trees/stone/pagoda/sw")] * 4)
    whole = bundled_model.predict_probs(crops)
    for name in ("floor", "path", "decor", "corner"):
        np.testing.assert_array_equal(bundled_model.predict_attribute(crops, name), getattr(whole, name))
    with pytest.raises(ValueError, match="one of"):
        bundled_model.predict_attribute(crops, "colour")


def test_training_upright_features_are_those_of_the_upright_crops(tiny_dataset) -> None:
    """Training takes the upright crops' whole-crop features from the four turns it has already
    described; they must be the features the readers compute when reading."""
    from vision.classify import TileClassifier
    from vision.config import DEFAULT_CONFIG
    from vision.crop import crop_tiles
    from vision.dataset import iter_labelled
    from vision.io import load_image_scaled
    from vision.model import VOCAB, upright_crops
    from vision.train import photo_samples

    photo = iter_labelled(tiny_dataset)[0]
    readers = {"path": TileClassifier(), "decor": TileClassifier(windows="far")}
    sample = photo_samples(photo, DEFAULT_CONFIG, np.random.default_rng(0), copies=0, upright=readers)
    image, scale = load_image_scaled(photo.image_path, DEFAULT_CONFIG)
    crops = crop_tiles(image, photo.corners * scale, DEFAULT_CONFIG)
    corners = np.array([VOCAB["corner"].index(t.corner.value) for _, t in photo.garden.cells()])
    straight = upright_crops(crops, corners)
    for name, reader in readers.items():
        np.testing.assert_allclose(sample.upright[name], reader.transform_crops(straight), rtol=1e-6, atol=1e-6)


def test_cells_a_photo_skips_give_the_readers_no_samples(tiny_dataset) -> None:
    """``LabelledPhoto.skip`` (an enrolment photo's tile of another floor): the readers learn from
    the other 15 cells only, the same samples as before, in every turn and upright."""
    from dataclasses import replace

    from vision.classify import TileClassifier
    from vision.config import DEFAULT_CONFIG
    from vision.dataset import iter_labelled
    from vision.train import photo_samples

    photo = iter_labelled(tiny_dataset)[0]
    readers = {"path": TileClassifier(windows="rings")}
    whole = photo_samples(photo, DEFAULT_CONFIG, np.random.default_rng(0), copies=0, upright=readers)
    part = photo_samples(replace(photo, skip=frozenset({5})), DEFAULT_CONFIG, np.random.default_rng(0), copies=0,
                         upright=readers)
    kept = [c for c in range(16) if c != 5]
    assert len(part.labels) == 4 * 15 and part.features.shape[0] == 4 * 15
    for turn in range(4):
        np.testing.assert_allclose(part.features[turn * 15:(turn + 1) * 15],
                                   whole.features[turn * 16:(turn + 1) * 16][kept], rtol=1e-6, atol=1e-6)
        assert part.labels[turn * 15:(turn + 1) * 15] == [whole.labels[turn * 16 + c] for c in kept]
    np.testing.assert_allclose(part.upright["path"], whole.upright["path"][kept], rtol=1e-6, atol=1e-6)
    assert part.upright_labels == [whole.upright_labels[c] for c in kept]
    np.testing.assert_array_equal(part.mask_y, whole.mask_y)  # the tile map still learns the whole block


def test_pooled_linear_averages_the_two_readers_logits() -> None:
    """Two logistic readers fitted on differently scaled data: the pooled one's logits are the
    weighted mean of theirs on any input; weight 0 is the first reader, 1 the second's decisions."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from vision.train import pooled_linear

    rng = np.random.default_rng(4)
    x = rng.normal(size=(300, 5))
    y = np.array(["a", "b", "c"])[np.argmax(x[:, :3], axis=1)]
    own = make_pipeline(StandardScaler(), LogisticRegression(max_iter=300)).fit(x, y)
    other = make_pipeline(StandardScaler(), LogisticRegression(max_iter=300)).fit(3 * x[::-1] + 2, y[::-1])
    probe = rng.normal(size=(20, 5)) * 2
    for w in (0.0, 0.3, 0.5, 1.0):
        pooled = pooled_linear(own, other, w)
        expected = (1 - w) * own.decision_function(probe) + w * other.decision_function(probe)
        assert np.allclose(pooled.decision_function(probe), expected)
    assert np.array_equal(pooled_linear(own, other, 1.0).predict(probe), other.predict(probe))
    assert np.allclose(own.decision_function(probe), pooled_linear(own, other, 0.0).decision_function(probe))
    with pytest.raises(ValueError, match="other_weight"):
        pooled_linear(own, other, 1.5)
    # a reader of more classes pools over the first one's: its logits of those classes
    wider_y = np.array(["a", "b", "c", "d"])[np.argmax(x[:, :4], axis=1)]
    wider = make_pipeline(StandardScaler(), LogisticRegression(max_iter=300)).fit(x, wider_y)
    expected = 0.5 * own.decision_function(probe) + 0.5 * wider.decision_function(probe)[:, :3]
    assert np.allclose(pooled_linear(own, wider, 0.5).decision_function(probe), expected)
    with pytest.raises(ValueError, match="same features and classes"):
        pooled_linear(wider, own, 0.5)  # "d" unknown to the other
    two = make_pipeline(StandardScaler(), LogisticRegression(max_iter=300)).fit(x, np.where(y == "a", "a", "b"))
    with pytest.raises(ValueError, match="same features and classes"):
        pooled_linear(own, two, 0.5)


def test_a_floor_palette_and_board_are_stored_and_a_malformed_palette_refused(tiny_model, tmp_path) -> None:
    from dataclasses import replace as dc_replace

    from scorer.vocab import ALL_FLOORS, ALL_PATHS

    assert tiny_model.floor_palette() is None  # trained on our art, not enrolled: no palette
    good = {f.value: [0.1 * i, -0.1 * i] for i, f in enumerate(ALL_FLOORS)}
    refs = np.random.default_rng(0).normal(size=(2, 4, 3, 30)).astype(np.float32)
    copy = dc_replace(tiny_model, meta={**tiny_model.meta, "floor_palette": good}, board_refs=refs)
    loaded = load_model(copy.save(tmp_path / "copy.skops"))
    assert np.allclose(loaded.floor_palette(), [[0.1 * i, -0.1 * i] for i in range(len(ALL_FLOORS))])
    assert np.array_equal(loaded.board_refs, refs) and tiny_model.board_refs is None
    for bad in ({"sand": [0.0, 0.0]}, {**good, "sand": [0.0, "x"]}, {**good, "sand": [0.0, float("nan")]},
                {**good, "sand": [0.0, 0.0, 0.0]}, [1, 2]):
        with pytest.raises(ValueError, match="floor_palette"):
            dc_replace(tiny_model, meta={**tiny_model.meta, "floor_palette": bad})
    assert loaded.path_palette() is None  # a copy enrolled before the path palette was kept
    materials = {m.value: [0.2 * i, 0.1] for i, m in enumerate(ALL_PATHS)}
    with_paths = load_model(dc_replace(copy, meta={**copy.meta, "path_palette": materials}).save(tmp_path / "p.skops"))
    assert np.allclose(with_paths.path_palette(), [[0.2 * i, 0.1] for i in range(len(ALL_PATHS))])
    with pytest.raises(ValueError, match="path_palette"):
        dc_replace(tiny_model, meta={**tiny_model.meta, "path_palette": {"sand": [0.0, 0.0]}})
    broken = dc_replace(tiny_model, meta={**tiny_model.meta})
    broken.meta["floor_palette"] = {"sand": [0.0, 0.0]}  # written by hand into a file
    with pytest.raises(ModelLoadError, match="floor_palette"):
        load_model(broken.save(tmp_path / "broken.skops"))


def test_context_only_learns_the_maps_second_stage_and_a_new_first_stage_drops_it(tiny_model, tiny_dataset,
                                                                                  easy_photos, tmp_path) -> None:
    """``zengarden train --context-only`` (:func:`vision.train.fit_context`) adds the tile map's
    second stage and keeps everything else; it travels with the model file and reaches the search;
    learning the first stage again (``refit_mask``) drops it, for it was learned on the old one's
    outputs."""
    from vision.dataset import iter_labelled
    from vision.io import load_image_scaled
    from vision.locate import TileMapModel, context_features, locate_grid, pixel_features, working_copies
    from vision.train import refit_mask
    from zengarden.cli import main

    base = tiny_model.save(tmp_path / "base.skops")
    out = tmp_path / "context.skops"
    assert main(["train", "--context-only", "--base", str(base), "--data", str(easy_photos), "--out", str(out)]) == 0
    model = load_model(out)
    assert model.mask_context is not None and model.meta["context_trained_on"] == [f"{easy_photos.name} (6 photos)"]
    pixels = np.random.default_rng(0).random((50, tiny_model.mask.n_features_in_))
    np.testing.assert_array_equal(model.mask.predict_proba(pixels), tiny_model.mask.predict_proba(pixels))
    assert model.tile_map_model == TileMapModel(model.mask, model.mask_context)
    assert load_model(base).tile_map_model.context is None

    photo = iter_labelled(easy_photos)[0]
    image, _ = load_image_scaled(photo.image_path, model.cfg)
    *_, tiny, _ = working_copies(image, model.cfg)
    first = model.mask.predict_proba(pixel_features(tiny, model.cfg))[:, 1].reshape(tiny.shape[:2])
    both = np.hstack([pixel_features(tiny, model.cfg), context_features(first.astype(np.float32), model.cfg)])
    second = model.mask_context.predict_proba(both)[:, 1].reshape(tiny.shape[:2])
    assert ((second > 0.5) == (first > 0.5)).mean() > 0.8  # it learned a map, not noise
    assert locate_grid(image, 4, model.cfg, model.tile_map_model).corners.shape == (4, 2)

    refit = refit_mask(model, [tiny_dataset])
    assert refit.mask_context is None and "context_trained_on" not in refit.meta
    with pytest.raises(SystemExit):  # one part at a time
        main(["train", "--context-only", "--mask-only", "--data", str(tiny_dataset), "--out", str(out)])


def test_the_bundled_model_ships_both_stages_of_the_tile_map(bundled_model) -> None:
    stages = bundled_model.tile_map_model
    assert stages is not None and stages.first is bundled_model.mask and stages.context is not None
    assert bundled_model.meta["context_trained_on"] == ["ctx-train-22 (400 photos)", "ctx-random-23 (400 photos)",
                                                        "ctx-hard-24 (300 photos)"]


def test_tileness_only_learns_whole_tiles_and_the_readers_keep_it(tiny_model, easy_photos, tiny_dataset,
                                                                  tmp_path) -> None:
    """``zengarden train --tileness-only`` (:func:`vision.train.fit_tileness`) adds the tileness
    learner and keeps everything else; it travels with the model file; readers learned again on that
    model keep it. Learned from six easy photos, it tells a held-out photo's true block from the
    same block a tile off."""
    from vision.dataset import iter_labelled
    from vision.io import load_image_scaled
    from vision.tileness import block_tileness
    from vision.train import fit_readers
    from zengarden.cli import main

    base = tiny_model.save(tmp_path / "base.skops")
    out = tmp_path / "tileness.skops"
    assert main(["train", "--tileness-only", "--base", str(base), "--data", str(easy_photos), "--out", str(out)]) == 0
    model = load_model(out)
    assert model.tileness is not None and model.meta["tileness_trained_on"] == [f"{easy_photos.name} (6 photos)"]
    assert load_model(base).tileness is None
    crops = np.random.default_rng(0).integers(0, 256, (3, 40, 40, 3), dtype=np.uint8)
    for name in ("floor", "path", "decor", "corner"):  # the readers are the base's
        np.testing.assert_array_equal(model.readers[name].predict_proba(crops),
                                      tiny_model.readers[name].predict_proba(crops))
    for photo in iter_labelled(tiny_dataset)[:2]:  # photos it did not learn from
        image, scale = load_image_scaled(photo.image_path, model.cfg)
        truth = photo.corners * scale
        tile_off = truth + (truth[1] - truth[0]) / 4  # a column over: four cells of board or table
        assert block_tileness(image, truth, model.tileness, model.cfg) > block_tileness(image, tile_off,
                                                                                        model.tileness, model.cfg)
    again = fit_readers([(iter_labelled(tiny_dataset), 1.0)], model)
    assert again.tileness is model.tileness


def test_the_bundled_model_ships_a_tileness_learner(bundled_model) -> None:
    assert bundled_model.tileness is not None
    assert bundled_model.meta["tileness_trained_on"] == ["tl-train-41 (300 photos)", "tl-random-42 (300 photos)"]
