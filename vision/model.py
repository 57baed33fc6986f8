"""The tile model: four `TileClassifier` readers plus metadata, saved without executable code.

Files are skops archives (``.skops``) holding only scikit-learn estimators, numpy arrays and a
JSON metadata string; loading accepts an explicit allow-list of types and refuses anything else,
so a model file cannot run code. ``load_model()`` without a path loads the bundled
``models/zen-garden.skops``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from enum import Enum
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from scorer.tiles import ALL_TILE_KINDS
from scorer.vocab import ALL_CORNERS, ALL_DECORS, ALL_FLOORS, ALL_PATHS, Corner
from vision.board_match import BoardFeatures, picture_frame, template_features
from vision.classify import TileClassifier
from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.decode import AttributeProbs
from vision.features import window_feature_sets
from vision.locate import TileMapModel

READERS = ("floor", "path", "decor", "corner")


def turn_corner(corner: Corner, k: int) -> Corner:
    """``corner`` after ``k`` quarter turns clockwise of its tile."""
    for _ in range(k):
        corner = corner.rotated_cw()
    return corner


VOCAB: dict[str, tuple[str, ...]] = {
    "floor": tuple(v.value for v in ALL_FLOORS),
    "path": tuple(v.value for v in ALL_PATHS),
    "decor": tuple(v.value for v in ALL_DECORS),
    "corner": tuple(v.value for v in ALL_CORNERS),
}
#: ``UPRIGHT_TURNS[j]``: clockwise quarter turns that move a path wrapping corner ``j`` (VOCAB
#: order) to ``nw``: the tile "upright", its figure the way the tile's artist drew it.
UPRIGHT_TURNS: tuple[int, ...] = tuple(-c.turns_from_nw() % 4 for c in ALL_CORNERS)
#: ``_CORNER_TURNED[k][j]``: column of corner ``j`` turned ``k`` quarter turns clockwise.
_CORNER_TURNED: tuple[list[int], ...] = tuple(
    [VOCAB["corner"].index(turn_corner(c, k).value) for c in ALL_CORNERS] for k in range(4))
FORMAT_VERSION = 1
DEFAULT_MODEL_PATH = Path(__file__).resolve().parent.parent / "models" / "zen-garden.skops"

# Types a model file may contain besides the ones skops trusts by default.
_ALLOWED_TYPES = frozenset({
    "sklearn.neural_network._stochastic_optimizers.AdamOptimizer",
    "sklearn.neural_network._stochastic_optimizers.SGDOptimizer",
    "sklearn._loss.loss.HalfMultinomialLoss",
    "sklearn._loss.link.MultinomialLogit",
    "sklearn._loss.link.Interval",
    "sklearn.ensemble._hist_gradient_boosting.binning._BinMapper",
    "sklearn.ensemble._hist_gradient_boosting.predictor.TreePredictor",
    "sklearn._loss._loss.CyHalfMultinomialLoss",
    "numpy.dtype",
})
# Config fields that change what a model computes: stored with the model, restored on load.
_MODEL_CFG_FIELDS = ("tile_side", "tile_inset", "crop_max_downscale", "color_grid", "hist_bins", "hog_bins",
                     "hog_grid", "feature_side", "window_frac", "ring_bins", "ring_reach", "ring_far_bins",
                     "mask_side", "mask_windows", "outline_inset", "map_linear_downscale_above",
                     "mask_context_windows", "mask_context_steps", "tileness_outset")
# Values for fields a model file predates: what such models were trained with.
_LEGACY_CFG = {"map_linear_downscale_above": 1.0}


def upright_crops(crops: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """``(K, h, h, 3)`` crops and ``(K,)`` corner indices (VOCAB order: where each crop's path
    wraps) -> the crops turned so every path wraps ``nw``. Training turns by the true corner,
    reading by the corner read: the same function for both."""
    out = np.empty_like(crops)
    for i, (crop, j) in enumerate(zip(crops, corners)):
        out[i] = np.rot90(crop, -UPRIGHT_TURNS[int(j)], axes=(0, 1))
    return out


class ModelLoadError(ValueError):
    """A model file is missing, corrupt, of another version, or contains disallowed types."""


@dataclass
class TileModel:
    """The four readers and what they were trained on."""

    readers: dict[str, TileClassifier]
    cfg: VisionConfig = DEFAULT_CONFIG
    meta: dict[str, Any] = field(default_factory=dict)
    #: Tile-pixel classifier for localisation (``predict_proba`` on per-pixel features), or None.
    mask: Any = None
    #: The tile map's second stage (``predict_proba`` on per-pixel features and the first map's
    #: context; :class:`vision.locate.TileMapModel`), or None. Learned on ``mask``'s own outputs:
    #: dropped whenever ``mask`` is learned again.
    mask_context: Any = None
    #: Readers that read each tile turned upright by the corner read (:func:`upright_crops`), so
    #: they learn a figure once instead of in four turns.
    upright: tuple[str, ...] = ()
    #: An enrolled copy's board: the band of board around the block in its enrolment photos,
    #: ``(R, 4, 3, P)`` float32 (:func:`vision.board_ring.ring_features`, first turn), or None.
    board_refs: np.ndarray | None = None
    #: An enrolled copy's board rectified, the block filling its middle
    #: (:func:`vision.board_match.board_template`; one of another size is resized to
    #: :func:`vision.board_match.picture_frame`'s), ``(B, B, 3)`` uint8, or None: its printed marks
    #: place a garden in doubt (:func:`vision.board_match.match_board`).
    board_picture: np.ndarray | None = None
    #: Whether a cell is a whole tile cut on its seams (``decision_function`` on
    #: :func:`vision.features.tile_features` of :func:`vision.tileness.cut_cells`), or None.
    tileness: Any = None
    #: An enrolled copy's own pictures of its 90 tiles, upright, in
    #: :data:`scorer.tiles.ALL_TILE_KINDS` order, ``(90, S, S, 3)`` uint8
    #: (:func:`vision.pictures.picture_stack`), or None: the decor read is weighed by them.
    tile_pictures: np.ndarray | None = None

    def __post_init__(self) -> None:
        missing = [r for r in READERS if r not in self.readers]
        if missing:
            raise ValueError(f"model lacks readers: {', '.join(missing)}")
        if "corner" in self.upright or any(r not in READERS for r in self.upright):
            raise ValueError(f"upright readers must be among {READERS[:-1]}, got {self.upright}")
        self.floor_palette()  # a malformed one refused now, not at the first read
        self.path_palette()
        refs = self.board_refs
        if refs is not None and not (isinstance(refs, np.ndarray) and refs.ndim == 4 and refs.shape[1:3] == (4, 3)
                                     and len(refs) and np.all(np.isfinite(refs))):
            shape = getattr(refs, "shape", refs)
            raise ValueError(f"board_refs must be a non-empty finite (R, 4, 3, P) array, got {shape}")
        picture = self.board_picture
        if picture is not None and not (isinstance(picture, np.ndarray) and picture.dtype == np.uint8
                                        and picture.ndim == 3 and picture.shape[0] == picture.shape[1] >= 64
                                        and picture.shape[2] == 3):
            shape = getattr(picture, "shape", picture)
            raise ValueError(f"board_picture must be a square (B, B, 3) uint8 array, B >= 64, got {shape}")
        tiles, kinds = self.tile_pictures, len(ALL_TILE_KINDS)
        if tiles is not None and not (isinstance(tiles, np.ndarray) and tiles.dtype == np.uint8 and tiles.ndim == 4
                                      and tiles.shape[0] == kinds and tiles.shape[1] == tiles.shape[2] >= 16
                                      and tiles.shape[3] == 3):
            shape = getattr(tiles, "shape", tiles)
            raise ValueError(f"tile_pictures must be a ({kinds}, S, S, 3) uint8 array, S >= 16, got {shape}")

    @property
    def tile_map_model(self) -> TileMapModel | None:
        """The learned tile map for :func:`vision.locate.locate_grid`: both stages, or None."""
        return None if self.mask is None else TileMapModel(self.mask, self.mask_context)

    def board_features(self) -> BoardFeatures | None:
        """The marks of :attr:`board_picture` (:func:`vision.board_match.template_features`, found
        once and kept), or None for a model without one."""
        if self.board_picture is None:
            return None
        cached = getattr(self, "_board_features", None)
        if cached is None or cached[0] is not self.board_picture:  # found again for a picture set since
            side = picture_frame()[0]  # a picture made at another size (an older model) is resized
            picture = self.board_picture
            if picture.shape[0] != side:
                picture = cv2.resize(picture, (side, side), interpolation=cv2.INTER_AREA
                                     if picture.shape[0] > side else cv2.INTER_LINEAR)
            cached = self._board_features = (self.board_picture, template_features(picture))
        return cached[1]

    def floor_palette(self) -> np.ndarray | None:
        """An enrolled copy's colour of each floor, ``(6, 2)`` chroma in ``ALL_FLOORS`` order
        (``meta["floor_palette"]``, floor name -> [log B/G, log R/G], written by
        :func:`vision.enrol.floor_palette`), or None for a model without one."""
        return self._palette("floor_palette", ALL_FLOORS, "floors")

    def path_palette(self) -> np.ndarray | None:
        """An enrolled copy's colour of each path material's band, ``(3, 2)`` chroma in
        ``ALL_PATHS`` order (``meta["path_palette"]``, written by :func:`vision.enrol.path_palette`),
        or None for a model without one (a copy enrolled before it was kept)."""
        return self._palette("path_palette", ALL_PATHS, "path materials")

    def _palette(self, key: str, names: Sequence[Enum], what: str) -> np.ndarray | None:
        """``meta[key]`` (name -> [log B/G, log R/G]) -> ``(len(names), 2)``, or None when absent."""
        stored = self.meta.get(key)
        if stored is None:
            return None
        try:
            palette = np.array([[float(v) for v in stored[n.value]] for n in names])
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"{key} must give two numbers for each of the {len(names)} {what}") from None
        if palette.shape != (len(names), 2) or not np.all(np.isfinite(palette)):
            raise ValueError(f"{key} must give two finite numbers for each of the {len(names)} {what}")
        return palette

    def predict_probs(self, crops: np.ndarray) -> AttributeProbs:
        """``(C, T, T, 3)`` tile crops (C a multiple of 16) -> per-attribute probabilities.

        Each crop is read in ``cfg.test_turns`` quarter turns (the corner label turned back) and
        the probabilities averaged: a misread in one orientation is outvoted by the others. The
        corner is read first; upright readers then read the crop turned upright by it.
        """
        out = self._read(crops, READERS)
        return AttributeProbs(out["floor"], out["path"], out["decor"], out["corner"])

    def predict_attribute(self, crops: np.ndarray, name: str) -> np.ndarray:
        """``(C, T, T, 3)`` tile crops -> ``(C, len(VOCAB[name]))``: what :meth:`predict_probs` reads
        for the attribute ``name`` (one of :data:`READERS`), the same numbers, with only that reader
        (and the corner reader, when it reads upright) run: a search that weighs many outlines by
        one attribute (enrolment's floor judge) needs no more."""
        if name not in READERS:
            raise ValueError(f"name must be one of {READERS}, got {name!r}")
        return self._read(crops, (name,))[name]

    def _read(self, crops: np.ndarray, names: Sequence[str]) -> dict[str, np.ndarray]:
        """The readers ``names`` (and the corner's, which turns crops upright) on ``crops`` -> name ->
        probabilities in VOCAB order (see :meth:`predict_probs`)."""
        upright = [name for name in names if name in self.upright]
        first_corner = ("corner", *(name for name in READERS if name != "corner"))  # upright readers need it
        turned_names = [name for name in first_corner if name not in self.upright
                        and (name in names or (name == "corner" and upright))]
        turns = max(1, min(4, self.cfg.test_turns))
        n = crops.shape[0]
        turned = np.concatenate([np.rot90(crops, -k, axes=(1, 2)) for k in range(turns)]) if turns > 1 else crops
        turned = np.ascontiguousarray(turned)
        feats = window_feature_sets(turned, self.cfg, sorted({self.readers[name].windows for name in turned_names}))
        out: dict[str, np.ndarray] = {}
        for name in turned_names:
            clf = self.readers[name]
            full = self._in_vocab(clf.predict_proba_features(feats[clf.windows]), clf, name)
            parts = [full[k * n:(k + 1) * n] for k in range(turns)]
            if name == "corner":  # turned k clockwise, the corner read is the true one turned k
                parts = [part[:, _CORNER_TURNED[k]] for k, part in enumerate(parts)]
            out[name] = np.mean(parts, axis=0)
        if upright:
            out.update(self._read_upright(crops, out["corner"], upright))
        return {name: out[name] for name in names}

    @staticmethod
    def _in_vocab(proba: np.ndarray, clf: TileClassifier, name: str) -> np.ndarray:
        """``(K, n_classes)`` in ``clf.classes_`` order -> ``(K, len(VOCAB[name]))``."""
        full = np.zeros((proba.shape[0], len(VOCAB[name])))
        for j, label in enumerate(clf.classes_):
            if label in VOCAB[name]:
                full[:, VOCAB[name].index(label)] = proba[:, j]
        return full

    def _read_upright(self, crops: np.ndarray, corner: np.ndarray, names: Sequence[str] | None = None
                      ) -> dict[str, np.ndarray]:
        """Read ``crops`` ``(C, T, T, 3)`` with the upright readers ``names`` (default all), turned
        upright by each corner whose probability (``corner``, ``(C, 4)``) is at least
        ``cfg.upright_min_prob`` (always the likeliest), the reads averaged with those probabilities
        as weights -> reader name -> ``(C, len(VOCAB[name]))``. The turned crops and their features
        are made once for all."""
        keep = corner >= self.cfg.upright_min_prob
        keep[np.arange(len(corner)), corner.argmax(axis=1)] = True
        rows, cols = np.nonzero(keep)
        weights = corner[rows, cols][:, None]
        total = np.zeros((len(crops), 1))
        np.add.at(total, rows, weights)
        readers = {name: self.readers[name] for name in self.upright if names is None or name in names}
        feats = window_feature_sets(upright_crops(crops[rows], cols), self.cfg,
                                    sorted({clf.windows for clf in readers.values()}))
        out = {}
        for name, clf in readers.items():
            proba = self._in_vocab(clf.predict_proba_features(feats[clf.windows]), clf, name)
            mixed = np.zeros((len(crops), proba.shape[1]))
            np.add.at(mixed, rows, proba * weights)
            out[name] = mixed / np.maximum(total, 1e-12)
        return out

    def save(self, path: str | Path) -> Path:
        """Write the model as a skops archive; returns the path."""
        import skops.io as sio

        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        meta = dict(self.meta)
        meta["format_version"] = FORMAT_VERSION
        meta["cfg"] = {k: v for k, v in asdict(self.cfg).items() if k in _MODEL_CFG_FIELDS}
        meta["learners"] = {name: self.readers[name].learner for name in READERS}
        meta["windows"] = {name: self.readers[name].windows for name in READERS}
        meta["upright"] = list(self.upright)
        meta.setdefault("saved", time.strftime("%Y-%m-%dT%H:%M:%S"))
        payload = {"meta": json.dumps(meta), **{name: self.readers[name].estimator_ for name in READERS}}
        if self.mask is not None:
            payload["mask"] = self.mask
        if self.mask is not None and self.mask_context is not None:
            payload["mask_context"] = self.mask_context
        if self.board_refs is not None:
            payload["board_refs"] = np.asarray(self.board_refs, np.float32)
        if self.tileness is not None:
            payload["tileness"] = self.tileness
        if self.board_picture is not None:
            payload["board_picture"] = np.asarray(self.board_picture, np.uint8)
        if self.tile_pictures is not None:
            payload["tile_pictures"] = np.asarray(self.tile_pictures, np.uint8)
        sio.dump(payload, path)
        return path


def load_model(path: str | Path | None = None, cfg: VisionConfig = DEFAULT_CONFIG) -> TileModel:
    """Load a model file (default: the bundled one). Raises :class:`ModelLoadError`."""
    import skops.io as sio

    path = DEFAULT_MODEL_PATH if path is None else Path(path)
    if not path.is_file():
        raise ModelLoadError(f"model file not found: {path}")
    try:
        untrusted = sio.get_untrusted_types(file=path)
    except Exception as exc:
        raise ModelLoadError(f"{path.name}: not a model file ({exc})") from None
    bad = sorted(set(untrusted) - _ALLOWED_TYPES)
    if bad:
        raise ModelLoadError(f"{path.name}: refusing to load unexpected types: {', '.join(bad)}")
    try:
        payload = sio.load(path, trusted=list(untrusted))
        meta = json.loads(payload["meta"])
    except Exception as exc:
        raise ModelLoadError(f"{path.name}: corrupt model file ({exc})") from None
    if meta.get("format_version") != FORMAT_VERSION:
        raise ModelLoadError(f"{path.name}: model format {meta.get('format_version')} (expected {FORMAT_VERSION})")
    known = {f.name for f in fields(VisionConfig)}
    stored = {**_LEGACY_CFG, **meta.get("cfg", {})}
    overrides = {k: (tuple(v) if isinstance(v, list) else v) for k, v in stored.items() if k in known}
    model_cfg = replace(cfg, **overrides)
    readers: dict[str, TileClassifier] = {}
    for name in READERS:
        est = payload.get(name)
        if est is None or not hasattr(est, "predict_proba"):
            raise ModelLoadError(f"{path.name}: reader {name!r} missing")
        clf = TileClassifier(learner=meta.get("learners", {}).get(name, "logreg"),
                             windows=meta.get("windows", {}).get(name, "whole"), cfg=model_cfg)
        clf.estimator_ = est
        clf.classes_ = est.classes_
        readers[name] = clf
    mask, context = payload.get("mask"), payload.get("mask_context")
    tileness = payload.get("tileness")
    for learner, what in ((mask, "tile mask"), (context, "tile map's second stage"), (tileness, "tileness learner")):
        if learner is not None and not hasattr(learner, "predict_proba"):
            raise ModelLoadError(f"{path.name}: {what} is not a classifier")
    upright = tuple(meta.get("upright", ()))
    try:
        return TileModel(readers, model_cfg, meta, mask=mask, mask_context=context if mask is not None else None,
                         upright=upright, board_refs=payload.get("board_refs"),
                         board_picture=payload.get("board_picture"), tileness=tileness,
                         tile_pictures=payload.get("tile_pictures"))
    except ValueError as exc:
        raise ModelLoadError(f"{path.name}: {exc}") from None
