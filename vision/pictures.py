"""An enrolled copy's own tile pictures, matched against the tiles read: which figure a tile shows.

A copy has one picture of each of its 90 tiles (:func:`vision.enrol.copy_art`). Once a tile's
floor, path and path corner are read (the readers are surest of those), only five of the copy's
tiles can lie there, one per decor. Each is compared with the cell, both upright, by normalised
correlation of their lightness with the light's slow changes taken out (a figure washed out by
glare or blurred keeps its shape, which the decor reader's features can lose), and the decor
reader's probabilities are weighed by it.

- ``picture_stack(kinds, images, cfg) -> (90, S, S, 3)``: a copy's pictures in tile order, or None.
- ``picture_templates(pictures, cfg) -> (90, T, T)``: what each picture is compared by
  (``picture_templates_of(model)``: a model's, kept).
- ``upright_cells(image, corners, corner_idx, cfg) -> (16, S, S, 3)``: the cells cut as pictures are.
- ``candidate_scores(cells, templates, floors, paths, cfg) -> (16, 5)``: each decor's correlation.
- ``weigh_decors(decor, scores, cfg) -> (16, 5)``: the decor probabilities weighed by the scores.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from scorer.tiles import ALL_TILE_KINDS, TileKind
from scorer.vocab import ALL_DECORS, ALL_FLOORS, ALL_PATHS
from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.crop import GRID, check_corners, check_image, warp_garden
from vision.model import TileModel, upright_crops

#: Row of each tile kind in a picture stack.
KIND_INDEX: dict[TileKind, int] = {kind: i for i, kind in enumerate(ALL_TILE_KINDS)}


def picture_stack(kinds: Sequence[TileKind], images: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG
                  ) -> np.ndarray | None:
    """A copy's tile pictures ``images`` ``(K, s, s, 3)`` uint8, each upright (its path wrapping
    the top-left corner), showing ``kinds[k]`` -> ``(90, S, S, 3)`` uint8 in
    :data:`scorer.tiles.ALL_TILE_KINDS` order, ``S = cfg.picture_side`` (a kind pictured twice: its
    first picture); None unless every tile is pictured (a copy enrolled in part is not matched)."""
    images = np.asarray(images)
    if images.ndim != 4 or images.shape[3] != 3 or images.dtype != np.uint8 or len(images) != len(kinds):
        raise ValueError(f"images must be (K, s, s, 3) uint8, one per kind, got {images.shape} {images.dtype} "
                         f"for {len(kinds)} kinds")
    side = cfg.picture_side
    out = np.zeros((len(ALL_TILE_KINDS), side, side, 3), np.uint8)
    seen = np.zeros(len(ALL_TILE_KINDS), bool)
    for kind, image in zip(kinds, images):
        row = KIND_INDEX[kind]
        if not seen[row]:
            out[row] = cv2.resize(image, (side, side), interpolation=cv2.INTER_AREA)
            seen[row] = True
    return out if seen.all() else None


def _band_passed(images: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """(K, S, S, 3) uint8 BGR -> (K, S, S) float32 lightness less its blur (the light's slow changes)."""
    out = np.empty(images.shape[:3], np.float32)
    for k, image in enumerate(images):
        lightness = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)[..., 0].astype(np.float32)
        out[k] = lightness - cv2.GaussianBlur(lightness, (0, 0), cfg.picture_blur * image.shape[0])
    return out


def picture_templates(pictures: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """A picture stack ``(P, S, S, 3)`` uint8 -> ``(P, T, T)`` float32 templates: each picture's
    band-passed lightness without a margin of ``cfg.picture_margin`` of its side all round, so a cell
    a little off its place still holds it."""
    pictures = np.asarray(pictures)
    if pictures.ndim != 4 or pictures.shape[1] != pictures.shape[2] or pictures.shape[3] != 3 \
            or pictures.dtype != np.uint8:
        raise ValueError(f"pictures must be (P, S, S, 3) uint8, got {pictures.shape} {pictures.dtype}")
    side = pictures.shape[1]
    margin = round(cfg.picture_margin * side)
    return np.ascontiguousarray(_band_passed(pictures, cfg)[:, margin:side - margin, margin:side - margin])


def picture_templates_of(model: TileModel) -> np.ndarray | None:
    """:func:`picture_templates` of ``model``'s tile pictures (made once and kept with the model),
    or None for a model without pictures or with ``cfg.picture_weight`` 0."""
    if model.tile_pictures is None or not model.cfg.picture_weight:
        return None
    cached = getattr(model, "_picture_templates", None)
    if cached is None or cached[0] is not model.tile_pictures:  # made again for pictures set since
        cached = (model.tile_pictures, picture_templates(model.tile_pictures, model.cfg))
        model._picture_templates = cached  # type: ignore[attr-defined]
    return cached[1]


def upright_cells(image: np.ndarray, corners: np.ndarray, corner_idx: np.ndarray,
                  cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """The 16 whole cells (seams included, as the pictures were cut) of the garden ``corners``
    ``(4, 2)`` in ``image`` ``(M, N, 3)``, each turned upright by its corner read ``corner_idx``
    ``(16,)`` (VOCAB order) -> ``(16, S, S, 3)`` uint8, row-major."""
    check_image(image)
    pts = check_corners(corners)
    side = cfg.picture_side
    square = warp_garden(image, pts, cfg, side=GRID * side)
    cells = square.reshape(GRID, side, GRID, side, 3).swapaxes(1, 2).reshape(GRID * GRID, side, side, 3)
    return upright_crops(np.ascontiguousarray(cells), np.asarray(corner_idx))


def candidate_scores(cells: np.ndarray, templates: np.ndarray, floors: np.ndarray, paths: np.ndarray,
                     cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """Upright cells ``(C, S, S, 3)`` uint8, the copy's templates ``(90, T, T)``
    (:func:`picture_templates`) and each cell's floor and path read ``(C,)`` (VOCAB order) ->
    ``(C, 5)`` float: the best normalised correlation of each cell with the picture of its floor,
    its path and each decor, over every shift that keeps the template inside the cell."""
    cells = np.asarray(cells)
    if cells.ndim != 4 or cells.shape[1] != cells.shape[2] or cells.shape[3] != 3 or cells.dtype != np.uint8:
        raise ValueError(f"cells must be (C, S, S, 3) uint8, got {cells.shape} {cells.dtype}")
    if templates.ndim != 3 or templates.shape[1] > cells.shape[1] or len(templates) != len(ALL_TILE_KINDS):
        raise ValueError(f"templates must be ({len(ALL_TILE_KINDS)}, T, T) with T <= the cells' side, "
                         f"got {templates.shape}")
    seen = _band_passed(cells, cfg)
    out = np.empty((len(cells), len(ALL_DECORS)))
    for c, (cell, floor, path) in enumerate(zip(seen, floors, paths)):
        for d, decor in enumerate(ALL_DECORS):
            template = templates[KIND_INDEX[TileKind(ALL_FLOORS[int(floor)], ALL_PATHS[int(path)], decor)]]
            out[c, d] = float(cv2.matchTemplate(cell, template, cv2.TM_CCOEFF_NORMED).max())
    return out


def weigh_decors(decor: np.ndarray, scores: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """Decor probabilities ``(C, 5)`` and the pictures' scores ``(C, 5)`` -> ``(C, 5)``
    probabilities proportional to ``decor * exp(cfg.picture_weight * scores)``."""
    decor = np.asarray(decor, np.float64)
    scores = np.asarray(scores, np.float64)
    if decor.shape != scores.shape:
        raise ValueError(f"decor {decor.shape} and scores {scores.shape} must have the same shape")
    logits = np.log(np.clip(decor, 1e-9, 1.0)) + cfg.picture_weight * scores
    weights = np.exp(logits - logits.max(axis=1, keepdims=True))
    return weights / weights.sum(axis=1, keepdims=True)
