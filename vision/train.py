"""Training the tile model from labelled photos (image + sidecar JSON): synthetic and calibration.

``train_model(dirs, progress=None) -> TileModel``. Each photo contributes its 16 tile crops cut
with the truth corners (plus jittered copies, so readers tolerate localisation error), each in
the four quarter turns (the corner label turns with the crop), and a sample of pixels for the
tile-mask learner. The floor, path and decor readers learn from the same crops turned upright by
their true corner instead (``UPRIGHT_READERS``), and read tiles turned upright by the corner read:
the path band then always lies in the same place, and a figure is learned once, not in four turns.
Small directories (a user's handful of corrected photos of their own copy) are up-weighted against
big synthetic ones so a few photos calibrate the model.
"""

from __future__ import annotations

import argparse
import copy
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.exceptions import ConvergenceWarning
from sklearn.neural_network import MLPClassifier
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import StandardScaler

from scorer.vocab import GRID_SIZE, Corner
from vision.classify import TileClassifier
from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.crop import crop_tiles
from vision.dataset import LabelledPhoto, iter_labelled
from vision.features import tile_features, window_feature_sets
from vision.io import load_image_scaled
from vision.locate import (
    GridNotFoundError,
    context_inputs,
    first_stage_read,
    locate_garden,
    outline_offset,
    pixel_features,
    truth_mask,
    working_copies,
)
from vision.model import READERS, UPRIGHT_TURNS, VOCAB, TileModel, turn_corner, upright_crops
from vision.synth.exemplar import render_art_dataset, tile_art_from_photos
from vision.tileness import tileness_samples
from vision.workers import ModelPool

Progress = Callable[[float, str], None]

# Reader configurations of the one TileClassifier.
READER_PARAMS: dict[str, dict[str, object]] = {
    "floor": {"learner": "logreg", "C": 1.0, "windows": "rings"},
    "path": {"learner": "logreg", "C": 1.0, "windows": "rings"},
    # the decor reader is regularised lightly (C = 10, MLP alpha 0.1): see the README's Measured table
    "decor": {"learner": "mlp", "C": 10.0, "hidden": 128, "max_iter": 200, "windows": "far"},
    "corner": {"learner": "logreg", "C": 1.0},
}
#: Readers trained on and reading tiles turned upright by their corner (see ``TileModel.upright``).
UPRIGHT_READERS: tuple[str, ...] = ("floor", "path", "decor")


def _labels(photo: LabelledPhoto, quarter_turns: int) -> list[tuple[str, str, str, str]]:
    """Per-cell (floor, path, decor, corner) labels, corners turned ``quarter_turns`` clockwise."""
    return [(tile.floor.value, tile.path.value, tile.decor.value, turn_corner(tile.corner, quarter_turns).value)
            for _, tile in photo.garden.cells()]


def jittered(corners: np.ndarray, noise: np.ndarray, frac: float) -> np.ndarray:
    """Corners ``(4, 2)`` moved by ``noise`` ``(4, 2)`` (standard normal, drawn beforehand so that a
    photo's samples can be cut in another process) times ``frac`` of one tile side."""
    side = np.mean(np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1)) / GRID_SIZE
    return corners + (frac * side) * noise


@dataclass(frozen=True)
class PhotoSamples:
    """What one labelled photo gives the learners."""

    #: ``(K, D)`` features of the tile crops in all four quarter turns, and their K label tuples
    #: (floor, path, decor, corner), the corner turned with the crop.
    features: np.ndarray
    labels: list[tuple[str, str, str, str]]
    #: Per upright reader: ``(U, D')`` features of the same crops turned upright by their true
    #: corner (:func:`vision.model.upright_crops`), and their U label tuples.
    upright: dict[str, np.ndarray]
    upright_labels: list[tuple[str, str, str, str]]
    #: ``(P, F)`` tile-mask pixel features and ``(P,)`` labels (1 = tile).
    mask_x: np.ndarray
    mask_y: np.ndarray


def photo_samples(photo: LabelledPhoto, cfg: VisionConfig, rng: np.random.Generator,
                  mask_rng: np.random.Generator | None = None, copies: int | None = None,
                  pixels: int | None = None, upright: dict[str, TileClassifier] | None = None) -> PhotoSamples:
    """One photo -> its training samples. ``rng`` jitters the corners, ``mask_rng`` (default
    ``rng``) samples the mask pixels: separate streams keep the mask's training data independent of
    the jitter settings. ``copies`` jittered copies (default ``cfg.train_jitter_copies``) and
    ``pixels`` mask pixels (default ``cfg.mask_train_pixels``) are taken. ``upright`` maps the
    upright readers' names to (unfitted) readers whose ``transform_crops`` gives their features.
    The cells in ``photo.skip`` give the readers no samples (the tile map still learns their pixels)."""
    noise = rng.standard_normal((cfg.train_jitter_copies if copies is None else copies, 4, 2))
    return drawn_samples(photo, cfg, noise, mask_rng or rng, pixels, upright)


def drawn_samples(photo: LabelledPhoto, cfg: VisionConfig, noise: np.ndarray, mask_rng: np.random.Generator,
                  pixels: int | None = None, upright: dict[str, TileClassifier] | None = None) -> PhotoSamples:
    """:func:`photo_samples` with the corners' jitter drawn beforehand: ``noise`` ``(C, 4, 2)``
    standard normal for ``C`` jittered copies (the same samples as ``photo_samples`` given a
    generator that draws that noise first)."""
    image, scale = load_image_scaled(photo.image_path, cfg)
    corners = photo.corners * scale
    feats: list[np.ndarray] = []
    labels: list[tuple[str, str, str, str]] = []
    upright_feats: dict[str, list[np.ndarray]] = {name: [] for name in upright or {}}
    upright_labels: list[tuple[str, str, str, str]] = []
    truth_corners = np.array([VOCAB["corner"].index(tile.corner.value) for _, tile in photo.garden.cells()])
    corner_sets = [corners] + [jittered(corners, step, cfg.train_jitter_frac) for step in noise]
    learn = np.array([cell not in photo.skip for cell in range(GRID_SIZE * GRID_SIZE)])

    def learned(quarter_turns: int) -> list[tuple[str, str, str, str]]:  # the labels of the cells learned from
        return [label for label, keep in zip(_labels(photo, quarter_turns), learn) if keep]

    truth_corners = truth_corners[learn]
    turns_up = np.array([UPRIGHT_TURNS[j] for j in truth_corners], dtype=int)
    kinds = sorted({reader.windows for reader in (upright or {}).values()})
    for cs in corner_sets:
        crops = crop_tiles(image, cs, cfg)[learn]
        by_turn = []
        for k in range(4):
            turned = np.ascontiguousarray(np.rot90(crops, -k, axes=(1, 2)))  # k quarter turns clockwise
            by_turn.append(tile_features(turned, cfg))
            labels.extend(learned(k))
        feats.extend(by_turn)
        if upright:
            # each upright crop is one of the four turns: its whole-crop features are already made
            whole = np.stack(by_turn)[turns_up, np.arange(len(crops))]
            sets = window_feature_sets(upright_crops(crops, truth_corners), cfg, kinds, whole)
            for name, reader in upright.items():
                upright_feats[name].append(sets[reader.windows])
            upright_labels.extend((f, p, d, Corner.NW.value) for f, p, d, _ in learned(0))
    *_, tiny, tiny_scale = working_copies(image, cfg)
    pix = pixel_features(tiny, cfg)
    truth = truth_mask(tiny.shape[:2], corners * tiny_scale).ravel()
    wanted = cfg.mask_train_pixels if pixels is None else pixels
    take = mask_rng.choice(pix.shape[0], size=min(wanted, pix.shape[0]), replace=False)
    return PhotoSamples(np.concatenate(feats), labels, {n: np.concatenate(f) for n, f in upright_feats.items()},
                        upright_labels, pix[take], truth[take])


def _dir_photos(dirs: Sequence[str | Path]) -> list[list[LabelledPhoto]]:
    groups = []
    for d in dirs:
        path = Path(d)
        if not path.is_dir():
            raise ValueError(f"not a directory: {path}")
        photos = list(iter_labelled(path))
        if not photos:
            raise ValueError(f"no labelled photos (image + .json sidecar) in {path}")
        groups.append(photos)
    return groups


def calibration_groups(groups: Sequence[Sequence[LabelledPhoto]], cfg: VisionConfig) -> list[int]:
    """Indices of the calibration sets among ``groups``: at most ``cfg.calibration_max_photos``
    photos and fewer than the largest set."""
    largest = max(len(g) for g in groups)
    return [i for i, g in enumerate(groups) if len(g) < largest and len(g) <= cfg.calibration_max_photos]


def render_calibration(photos: Sequence[LabelledPhoto], out_dir: Path, cfg: VisionConfig,
                       progress: Progress | None = None) -> list[LabelledPhoto]:
    """``cfg.calibration_renders`` labelled photos of random gardens made of the tiles cut from
    ``photos`` (a real copy's art), rendered into ``out_dir``; returns them."""
    art = tile_art_from_photos(photos, cfg.calibration_art_side, cfg)
    report = progress or (lambda _f, _m: None)
    step = 10
    for start in range(0, cfg.calibration_renders, step):
        report(start / cfg.calibration_renders, f"rendering your tiles {start}/{cfg.calibration_renders}")
        render_art_dataset(out_dir, art, min(step, cfg.calibration_renders - start), cfg.calibration_render_seed,
                           start=start)
    return iter_labelled(out_dir)


def train_model(dirs: Sequence[str | Path], progress: Progress | None = None,
                cfg: VisionConfig = DEFAULT_CONFIG) -> TileModel:
    """Train all readers and the tile mask from labelled photo directories.

    A calibration set (see :func:`calibration_groups`: a few photos of the players' own copy) is
    used twice. Its photos are weighted up (at most ``cfg.calibration_weight``): each gives that
    many times more *different* samples (jittered crops, mask pixels), not repeated ones, and its
    tile samples carry the rest of the weight. And its tiles are cut out and rendered into
    ``cfg.calibration_renders`` synthetic photos (:func:`render_calibration`), which train like
    synthetic ones, so the readers and the tile mask see the copy's art under many cameras and
    lights. ``progress(fraction, message)`` is called as photos are rendered and processed and
    readers fitted.
    """
    if isinstance(dirs, (str, Path)):
        dirs = [dirs]
    if not dirs:
        raise ValueError("give at least one directory of labelled photos")
    groups = _dir_photos(dirs)
    names = [f"{Path(d).name} ({len(g)} photos)" for d, g in zip(dirs, groups)]
    report = progress or (lambda _f, _m: None)
    calib = calibration_groups(groups, cfg)
    with tempfile.TemporaryDirectory(prefix="zengarden-calibration-") as tmp:
        rendered: list[LabelledPhoto] = []
        if calib and cfg.calibration_renders > 0:
            photos = [p for i in calib for p in groups[i]]
            rendered = render_calibration(photos, Path(tmp), cfg, lambda f, m: report(0.2 * f, m))
            names.append(f"rendered from the calibration photos' tiles ({len(rendered)} photos)")
        head = 0.2 if rendered else 0.0
        model = _fit(groups, rendered, cfg, lambda f, m: report(head + (1 - head) * f, m))
    model.meta["trained_on"] = names
    return model


def size_weights(groups: Sequence[Sequence[LabelledPhoto]], cfg: VisionConfig) -> list[float]:
    """Each photo group's weight: the largest's size over its own, from 1 up to ``cfg.calibration_weight``
    (a smaller set gives more jittered crops per photo, so every set counts)."""
    largest = max(len(g) for g in groups)
    return [float(min(cfg.calibration_weight, max(1.0, largest / len(g)))) for g in groups]


def _fit(groups: list[list[LabelledPhoto]], rendered: list[LabelledPhoto], cfg: VisionConfig,
         report: Progress) -> TileModel:
    """Fit the readers and the tile mask: ``groups`` weighted by size (small ones up), and the
    ``rendered`` photos of a calibration set like synthetic ones."""
    weighted = list(zip(groups, size_weights(groups, cfg)))
    if rendered:  # like synthetic photos
        weighted.append((rendered, 1.0))
    return _fit_weighted(weighted, groups, cfg, report)


def refit_readers(model: TileModel, dirs: Sequence[str | Path], progress: Progress | None = None) -> TileModel:
    """``model`` with its four readers learned again from the labelled photos in ``dirs``, weighted
    by size as :func:`train_model` weighs them (the same readers it fits from sets with no
    calibration set among them; none is rendered here); the tile map and outline inset are
    ``model``'s. For teaching the readers more art or light without moving where gardens are found."""
    if isinstance(dirs, (str, Path)):
        dirs = [dirs]
    groups = _dir_photos(dirs)
    fitted = fit_readers(list(zip(groups, size_weights(groups, model.cfg))), model, progress)
    return replace(fitted, meta={**model.meta, **fitted.meta,
                                 "trained_on": [f"{Path(d).name} ({len(g)} photos)" for d, g in zip(dirs, groups)]})


def fit_readers(weighted: Sequence[tuple[Sequence[LabelledPhoto], float]], base: TileModel,
                progress: Progress | None = None, pool: ModelPool | None = None) -> TileModel:
    """New readers from labelled photo groups, each with its weight (a photo of weight w gives w times
    more jittered crops, up to ``cfg.calibration_max_copies``); the tile map and outline inset are
    ``base``'s (a copy's enrolment teaches how its tiles look, not where gardens are). The photos'
    samples are cut in ``pool``'s workers (None: here), the same readers either way."""
    groups = [list(g) for g, _ in weighted]
    if not any(groups):
        raise ValueError("no labelled photos to train on")
    return _fit_weighted([(list(g), float(w)) for g, w in weighted if g], groups, base.cfg,
                         progress or (lambda _f, _m: None), base, pool)


def pooled_linear(own: Pipeline, other: Pipeline, other_weight: float) -> Pipeline:
    """Two fitted ``StandardScaler`` + multinomial ``LogisticRegression`` pipelines on the same
    features -> one whose logits are ``(1 - w) * own + w * other`` (a weighted geometric mean of
    their probabilities, renormalised), over ``own``'s classes (``other`` may know more: a copy
    enrolled with fewer floors), ``other``'s scaling folded into ``own``'s. Raises ``ValueError``
    when they do not match or ``other_weight`` is outside [0, 1]."""
    if not 0.0 <= other_weight <= 1.0:
        raise ValueError(f"other_weight must be in [0, 1], got {other_weight}")
    try:
        (_, s_own), (_, lr_own) = own.steps
        (_, s_other), (_, lr_other) = other.steps
        known = list(lr_other.classes_)
        rows = [known.index(c) for c in lr_own.classes_]
        same = (len(rows) > 2 and lr_own.coef_.shape == (len(rows), lr_other.coef_.shape[1])
                and lr_other.coef_.shape[0] == len(known)
                and isinstance(s_own, StandardScaler) and isinstance(s_other, StandardScaler))
    except (AttributeError, ValueError):  # not such a pipeline, or a class ``other`` does not know
        same = False
    if not same:
        raise ValueError("both readers must be a StandardScaler + LogisticRegression on the same features and classes")
    own_scale = s_own.scale_ if s_own.with_std else np.ones_like(lr_own.coef_[0])
    other_scale = s_other.scale_ if s_other.with_std else np.ones_like(lr_other.coef_[0])
    shift = (s_own.mean_ - s_other.mean_) / other_scale  # own's scaled space -> other's
    coef, intercept = lr_other.coef_[rows], lr_other.intercept_[rows]
    pooled = copy.deepcopy(own)
    lr = pooled.steps[-1][1]
    lr.coef_ = (1 - other_weight) * lr_own.coef_ + other_weight * coef * (own_scale / other_scale)
    lr.intercept_ = (1 - other_weight) * lr_own.intercept_ + other_weight * (intercept + coef @ shift)
    return pooled


def _samples_task(_model: TileModel, task: tuple[LabelledPhoto, VisionConfig, np.ndarray,
                                                  dict[str, TileClassifier]]) -> PhotoSamples:
    """One photo's readers' samples (no tile-map pixels), as a worker cuts them (:func:`drawn_samples`)."""
    photo, cfg, noise, upright = task
    return drawn_samples(photo, cfg, noise, np.random.default_rng(0), 0, upright)


def _fit_weighted(weighted: list[tuple[list[LabelledPhoto], float]], groups: list[list[LabelledPhoto]],
                  cfg: VisionConfig, report: Progress, base: TileModel | None = None,
                  pool: ModelPool | None = None) -> TileModel:
    """Fit the readers on ``weighted`` photo groups, and the tile mask too unless ``base`` gives it
    (then the photos' samples may be cut in ``pool``'s workers, each photo's jitter drawn here in
    turn as one process would)."""
    total = sum(len(g) for g, _ in weighted)
    rng = np.random.default_rng(cfg.train_seed)
    mask_rng = np.random.default_rng([cfg.train_seed, 1])
    t0 = time.perf_counter()

    readers = {name: TileClassifier(cfg=cfg, random_state=cfg.train_seed, **READER_PARAMS[name])  # type: ignore[arg-type]
               for name in READERS}
    straight = {name: readers[name] for name in UPRIGHT_READERS}
    feats, labels, weights, mask_x, mask_y, mask_w = [], [], [], [], [], []
    up_feats: dict[str, list[np.ndarray]] = {name: [] for name in straight}
    up_labels: list[tuple[str, str, str, str]] = []
    up_weights = []
    done = 0
    for group, weight in weighted:
        copies = min(cfg.calibration_max_copies, round(cfg.train_jitter_copies * weight))
        pixels = round(cfg.mask_train_pixels * weight) if base is None else 0
        if base is not None and pool is not None:
            drawn = [(photo, cfg, rng.standard_normal((copies, 4, 2)), straight) for photo in group]
            samples: Iterable[PhotoSamples] = pool.imap(_samples_task, drawn)
        else:
            samples = (photo_samples(photo, cfg, rng, mask_rng, copies, pixels, straight) for photo in group)
        for sample in samples:
            feats.append(sample.features)
            labels.extend(sample.labels)
            # a photo's crops weigh ``weight`` times a synthetic photo's, spread over its copies
            share = weight * (1 + cfg.train_jitter_copies) / (1 + copies)
            weights.append(np.full(len(sample.labels), share))
            for name in straight:
                up_feats[name].append(sample.upright[name])
            up_labels.extend(sample.upright_labels)
            up_weights.append(np.full(len(sample.upright_labels), share))
            mask_x.append(sample.mask_x)
            mask_y.append(sample.mask_y)
            # what the extra pixels do not cover of the weight (the MLP has no sample weights)
            extra = max(1.0, weight * cfg.mask_train_pixels / max(1, len(sample.mask_y)))
            mask_w.append(np.full(len(sample.mask_y), extra))
            done += 1
            report(0.7 * done / total, f"prepared {done}/{total} photos")
    x = np.concatenate(feats)
    y = np.asarray(labels)
    w = np.concatenate(weights)
    for i, name in enumerate(READERS):
        report(0.7 + 0.25 * i / len(READERS), f"fitting the {name} reader")
        if name in straight:
            fx, fy, fw = np.concatenate(up_feats[name]), np.asarray(up_labels)[:, i], np.concatenate(up_weights)
        else:
            fx, fy, fw = x, y[:, i], w
        readers[name].fit_features(fx, fy, None if np.all(fw == fw[0]) else fw)
    if base is None:
        report(0.95, "fitting the tile mask")
        mask = fit_mask(np.concatenate(mask_x), np.concatenate(mask_y), np.concatenate(mask_w), cfg)
        report(0.97, "measuring the outline inset")
        cfg = replace(cfg, outline_inset=measure_inset(groups, mask, cfg))
    else:
        mask = base.mask
    context = None if base is None else base.mask_context  # learned on the first stage kept here
    for clf in readers.values():
        clf.cfg = cfg
    meta = {
        "photos": total,
        "tile_samples": int(x.shape[0]),
        "upright_samples": len(up_labels),
        "train_seconds": round(time.perf_counter() - t0, 1),
        "outline_inset": cfg.outline_inset,
    }
    report(1.0, "done")
    return TileModel(readers, cfg, meta, mask=mask, mask_context=context, upright=UPRIGHT_READERS,
                     tileness=None if base is None else base.tileness)


def fit_mask(x: np.ndarray, y: np.ndarray, weight: np.ndarray, cfg: VisionConfig) -> object:
    """The tile-pixel learner fitted to pixel features ``(P, F)``, labels ``(P,)`` (1 = tile) and
    weights ``(P,)`` (whole numbers of repeats: the MLP takes no sample weights)."""
    mask = make_pipeline(StandardScaler(), MLPClassifier((cfg.mask_hidden,), max_iter=cfg.mask_iterations,
                                                         random_state=cfg.train_seed))
    reps = np.round(weight).astype(int)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        mask.fit(np.repeat(x, reps, axis=0), np.repeat(y, reps))
    return mask


def mask_samples(photo: LabelledPhoto, cfg: VisionConfig, rng: np.random.Generator, first: object | None = None
                 ) -> tuple[np.ndarray, np.ndarray]:
    """One photo -> random pixels of its tile-map copy: features and labels ``(P,)`` (1 inside the
    tile block). For the first stage ``cfg.mask_train_pixels`` of them, features ``(P, F)``
    (:func:`vision.locate.pixel_features`); given the ``first`` stage, for the second,
    ``cfg.mask_context_pixels`` with its :func:`vision.locate.context_inputs`, ``(P, F + C)``."""
    image, scale = load_image_scaled(photo.image_path, cfg)
    *_, tiny, tiny_scale = working_copies(image, cfg)
    if first is None:
        pix, count = pixel_features(tiny, cfg), cfg.mask_train_pixels
    else:
        pix, count = context_inputs(*first_stage_read(tiny, cfg, first), cfg), cfg.mask_context_pixels
    truth = truth_mask(tiny.shape[:2], photo.corners * scale * tiny_scale).ravel()
    take = rng.choice(pix.shape[0], size=min(count, pix.shape[0]), replace=False)
    return pix[take], truth[take]


def _map_samples(dirs: Sequence[str | Path], cfg: VisionConfig, seed: int, report: Progress,
                 first: object | None = None) -> tuple[list[list[LabelledPhoto]], np.ndarray, np.ndarray]:
    """The labelled photos in ``dirs`` (by directory) and :func:`mask_samples` of each, every photo
    alike, in one array ``(P, ...)`` and labels ``(P,)``; progress to 0.8."""
    if isinstance(dirs, (str, Path)):
        dirs = [dirs]
    groups = _dir_photos(dirs)
    photos = [p for g in groups for p in g]
    rng = np.random.default_rng([cfg.train_seed, seed])
    xs, ys = [], []
    for i, photo in enumerate(photos):
        x, y = mask_samples(photo, cfg, rng, first)
        xs.append(x)
        ys.append(y)
        report(0.8 * (i + 1) / len(photos), f"prepared {i + 1}/{len(photos)} photos")
    return groups, np.concatenate(xs), np.concatenate(ys)


def refit_mask(model: TileModel, dirs: Sequence[str | Path], progress: Progress | None = None) -> TileModel:
    """``model`` with its tile map learned again from the labelled photos in ``dirs`` (every photo
    alike) and its outline inset measured again; the readers are unchanged. For teaching the map
    other boards, tables and light (``zengarden synth --family train``) without moving how tiles
    are read. The map's second stage, learned on the old first stage's outputs, is dropped
    (:func:`fit_context` learns one again)."""
    if isinstance(dirs, (str, Path)):
        dirs = [dirs]
    report = progress or (lambda _f, _m: None)
    cfg = model.cfg
    t0 = time.perf_counter()
    groups, x, y = _map_samples(dirs, cfg, 1, report)
    report(0.8, "fitting the tile mask")
    mask = fit_mask(x, y, np.ones(len(x)), cfg)
    report(0.95, "measuring the outline inset")
    cfg = replace(cfg, outline_inset=measure_inset(groups, mask, cfg))
    for clf in model.readers.values():
        clf.cfg = cfg
    meta = dict(model.meta)
    meta.update({"mask_trained_on": [f"{Path(d).name} ({len(g)} photos)" for d, g in zip(dirs, groups)],
                 "mask_seconds": round(time.perf_counter() - t0, 1), "outline_inset": cfg.outline_inset})
    meta.pop("context_trained_on", None)
    report(1.0, "done")
    return TileModel(model.readers, cfg, meta, mask=mask, upright=model.upright, tileness=model.tileness)


def fit_context(model: TileModel, dirs: Sequence[str | Path], progress: Progress | None = None) -> TileModel:
    """``model`` with its tile map's second stage (:class:`vision.locate.TileMapModel`) learned from
    the labelled photos in ``dirs``, which its first stage must not have been trained on: the second
    stage learns how far the first is to be trusted on photos it has not seen. Everything else is
    ``model``'s."""
    if model.mask is None:
        raise ValueError("the model has no tile map to learn a second stage for")
    if isinstance(dirs, (str, Path)):
        dirs = [dirs]
    report = progress or (lambda _f, _m: None)
    cfg = model.cfg
    t0 = time.perf_counter()
    groups, x, y = _map_samples(dirs, cfg, 2, report, model.mask)
    report(0.8, "fitting the second stage")
    context = make_pipeline(StandardScaler(), MLPClassifier((cfg.mask_context_hidden,),
                                                            max_iter=cfg.mask_context_iterations,
                                                            random_state=cfg.train_seed))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        context.fit(x, y)
    meta = dict(model.meta)
    meta.update({"context_trained_on": [f"{Path(d).name} ({len(g)} photos)" for d, g in zip(dirs, groups)],
                 "context_seconds": round(time.perf_counter() - t0, 1)})
    report(1.0, "done")
    return replace(model, meta=meta, mask_context=context)


def fit_tileness(model: TileModel, dirs: Sequence[str | Path], progress: Progress | None = None) -> TileModel:
    """``model`` with its tileness learner (:mod:`vision.tileness`) learned from the labelled photos in
    ``dirs``: the cells of each photo's true block against those of blocks shifted, grown or shrunk
    (:func:`vision.tileness.tileness_samples`); everything else is ``model``'s."""
    if isinstance(dirs, (str, Path)):
        dirs = [dirs]
    report = progress or (lambda _f, _m: None)
    cfg = model.cfg
    t0 = time.perf_counter()
    groups = _dir_photos(dirs)
    photos = [p for g in groups for p in g]
    rng = np.random.default_rng([cfg.train_seed, 3])
    xs, ys = [], []
    for i, photo in enumerate(photos):
        image, scale = load_image_scaled(photo.image_path, cfg)
        x, y = tileness_samples(image, photo.corners * scale, cfg, rng)
        xs.append(x)
        ys.append(y)
        report(0.8 * (i + 1) / len(photos), f"prepared {i + 1}/{len(photos)} photos")
    report(0.8, "fitting the tileness learner")
    learner = HistGradientBoostingClassifier(max_iter=cfg.tileness_iterations, random_state=cfg.train_seed)
    learner.fit(np.concatenate(xs), np.concatenate(ys))
    meta = dict(model.meta)
    meta.update({"tileness_trained_on": [f"{Path(d).name} ({len(g)} photos)" for d, g in zip(dirs, groups)],
                 "tileness_seconds": round(time.perf_counter() - t0, 1)})
    report(1.0, "done")
    return replace(model, meta=meta, tileness=learner)


def measure_inset(groups: Sequence[Sequence[LabelledPhoto]], mask: object, cfg: VisionConfig) -> float:
    """Median distance (tile sides) between the located outline and the truth corners over up to
    ``cfg.inset_photos`` photos, small (calibration) directories first; 0 when nothing is found."""
    ordered = [p for g in sorted(groups, key=len) for p in g][: cfg.inset_photos]
    probe = replace(cfg, outline_inset=0.0, seam_fit=False)  # the outline alone
    offsets = []
    for photo in ordered:
        image, scale = load_image_scaled(photo.image_path, cfg)
        try:
            found = locate_garden(image, probe, mask_model=mask)
        except GridNotFoundError:
            continue
        off = outline_offset(found, photo.corners * scale)
        if abs(off) < cfg.inset_max:
            offsets.append(off)
    return round(float(np.median(offsets)), 4) if offsets else 0.0


def cli_train(args: argparse.Namespace) -> int:
    """``zengarden train --data DIR [--data DIR ...] --out MODEL [--mask-only | --readers-only |
    --context-only | --tileness-only] [--base MODEL]``."""
    def show(fraction: float, message: str) -> None:
        print(f"\r[{fraction * 100:5.1f} %] {message:<40}", end="", file=sys.stderr, flush=True)

    try:
        parts = [name for name in ("mask_only", "readers_only", "context_only", "tileness_only")
                 if getattr(args, name, False)]
        if parts:
            from vision.read import resolve_model

            refit = {"mask_only": refit_mask, "readers_only": refit_readers, "context_only": fit_context,
                     "tileness_only": fit_tileness}[parts[0]]
            model = refit(resolve_model(args.base), args.data, progress=show)
        else:
            model = train_model(args.data, progress=show)
        path = model.save(args.out)
    except (ValueError, OSError) as exc:
        print(f"\nerror: {exc}", file=sys.stderr)
        return 2
    size = path.stat().st_size / 1e6
    if getattr(args, "mask_only", False):
        print(f"\nwrote {path} ({size:.1f} MB): tile map from {', '.join(model.meta['mask_trained_on'])} "
              f"in {model.meta['mask_seconds']} s, readers of {args.base or 'the bundled model'}")
    elif getattr(args, "context_only", False):
        print(f"\nwrote {path} ({size:.1f} MB): the tile map's second stage from "
              f"{', '.join(model.meta['context_trained_on'])} in {model.meta['context_seconds']} s, "
              f"the rest of {args.base or 'the bundled model'}")
    elif getattr(args, "tileness_only", False):
        print(f"\nwrote {path} ({size:.1f} MB): the tileness learner from "
              f"{', '.join(model.meta['tileness_trained_on'])} in {model.meta['tileness_seconds']} s, "
              f"the rest of {args.base or 'the bundled model'}")
    elif getattr(args, "readers_only", False):
        print(f"\nwrote {path} ({size:.1f} MB): readers from {', '.join(model.meta['trained_on'])} "
              f"in {model.meta['train_seconds']} s, tile map of {args.base or 'the bundled model'}")
    else:
        print(f"\nwrote {path} ({size:.1f} MB) from {model.meta['photos']} photos "
              f"in {model.meta['train_seconds']} s")
    return 0
