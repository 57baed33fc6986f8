"""An enrolled copy's own tile pictures, matched against the tiles read: which tile a cell shows.

A copy has one picture of each of its 90 tiles (:func:`vision.enrol.copy_art`). The readers'
probabilities, attribute by attribute, say which few tiles, each turned some way, a cell most
likely holds; each of those pictures is compared with the cell turned as it would lie, by
normalised correlation of their lightness with the light's slow changes taken out (a figure washed
out by glare or blurred keeps its shape, which the decor reader's features can lose), and the
readers' joint probability of each is weighed by it: a reader sure of the wrong path or floor is
overruled when the picture of the tile it missed fits the cell clearly better.

- ``picture_stack(kinds, images, cfg) -> (90, S, S, 3)``: a copy's pictures in tile order, or None.
- ``picture_templates(pictures, cfg) -> (90, T, T)``: what each picture is compared by
  (``picture_templates_of(model)``: a model's, kept).
- ``upright_cells(image, corners, corner_idx, cfg) -> (16, S, S, 3)``: the cells cut as pictures are,
  each upright; ``turned_cells(image, corners, cfg) -> (16, 4, S, S, 3)``: each as every corner turns it.
- ``likeliest_tiles(probs, k) -> (C, k, 4)``: the k likeliest (floor, path, decor, corner) of each cell.
- ``tile_correlations(turned, templates, candidates, cfg) -> (C, k)``: each candidate's correlation.
- ``weigh_tiles(probs, candidates, scores, cfg) -> AttributeProbs``: the readers weighed by them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import cv2
import numpy as np

from scorer.tiles import ALL_TILE_KINDS, TileKind
from scorer.vocab import ALL_CORNERS, ALL_DECORS, ALL_FLOORS, ALL_PATHS
from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.crop import GRID, check_corners, check_image, warp_garden
from vision.decode import AttributeProbs
from vision.model import TileModel, upright_crops

T = TypeVar("T")

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
    return kept_with_pictures(model, "_picture_templates", lambda pictures: picture_templates(pictures, model.cfg))


def kept_with_pictures(model: TileModel, name: str, make: Callable[[np.ndarray], T]) -> T:
    """``make(model.tile_pictures)`` (pictures set), made once and kept with the model as ``name``;
    made again for pictures set since."""
    cached = getattr(model, name, None)
    if cached is None or cached[0] is not model.tile_pictures:
        cached = (model.tile_pictures, make(model.tile_pictures))
        setattr(model, name, cached)
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


def turned_cells(image: np.ndarray, corners: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """The 16 whole cells of the garden ``corners`` ``(4, 2)`` in ``image`` ``(M, N, 3)``, each turned
    upright as each of the four corners (VOCAB order) would turn it -> ``(16, 4, S, S, 3)`` uint8."""
    cells = upright_cells(image, corners, np.zeros(GRID * GRID, np.int64), cfg)  # cut once, NW: as cut
    idx = np.zeros(len(cells), np.int64)
    return np.stack([upright_crops(cells, idx + c) for c in range(len(ALL_CORNERS))], axis=1)


def likeliest_tiles(probs: AttributeProbs, k: int) -> np.ndarray:
    """The ``k`` likeliest tiles of each cell by the readers' probabilities taken as independent ->
    ``(C, k, 4)`` int (floor, path, decor, corner indices, VOCAB order), the likeliest first."""
    if not 1 <= k <= len(ALL_FLOORS) * len(ALL_PATHS) * len(ALL_DECORS) * len(ALL_CORNERS):
        raise ValueError(f"k must be 1..360, got {k!r}")
    joint = _log_joint(probs)
    cells = joint.shape[0]
    flat = joint.reshape(cells, -1)
    order = np.argsort(-flat, axis=1, kind="stable")[:, :k]
    return np.stack(np.unravel_index(order, joint.shape[1:]), axis=-1)


def _log_joint(probs: AttributeProbs) -> np.ndarray:
    """-> ``(C, 6, 3, 5, 4)`` the log of each (floor, path, decor, corner)'s probability, the
    attributes taken as independent (each probability at least 1e-9)."""
    floor, path, decor, corner = (np.log(np.clip(np.asarray(a, np.float64), 1e-9, 1.0))
                                  for a in (probs.floor, probs.path, probs.decor, probs.corner))
    return (floor[:, :, None, None, None] + path[:, None, :, None, None] + decor[:, None, None, :, None]
            + corner[:, None, None, None, :])


def tile_correlations(turned: np.ndarray, templates: np.ndarray, candidates: np.ndarray,
                      cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """Cells ``(C, 4, S, S, 3)`` uint8 (:func:`turned_cells`), the copy's templates ``(90, T, T)``
    (:func:`picture_templates`) and each cell's candidate tiles ``(C, k, 4)``
    (:func:`likeliest_tiles`) -> ``(C, k)`` float: the best normalised correlation of the cell,
    turned by the candidate's corner, with the picture of the candidate's tile, over every shift
    that keeps the template inside the cell."""
    turned = np.asarray(turned)
    if turned.ndim != 5 or turned.shape[1] != len(ALL_CORNERS) or turned.shape[2] != turned.shape[3] \
            or turned.shape[4] != 3 or turned.dtype != np.uint8:
        raise ValueError(f"turned cells must be (C, 4, S, S, 3) uint8, got {turned.shape} {turned.dtype}")
    if templates.ndim != 3 or templates.shape[1] > turned.shape[2] or len(templates) != len(ALL_TILE_KINDS):
        raise ValueError(f"templates must be ({len(ALL_TILE_KINDS)}, T, T) with T <= the cells' side, "
                         f"got {templates.shape}")
    candidates = np.asarray(candidates)
    if candidates.ndim != 3 or candidates.shape[0] != turned.shape[0] or candidates.shape[2] != 4:
        raise ValueError(f"candidates must be ({turned.shape[0]}, k, 4), got {candidates.shape}")
    seen: dict[tuple[int, int], np.ndarray] = {}  # each cell's turns band-passed when first asked
    out = np.empty(candidates.shape[:2])
    for c, cell_candidates in enumerate(candidates):
        for j, (floor, path, decor, corner) in enumerate(cell_candidates):
            if (c, corner) not in seen:
                seen[(c, corner)] = _band_passed(turned[c, corner][None], cfg)[0]
            kind = TileKind(ALL_FLOORS[int(floor)], ALL_PATHS[int(path)], ALL_DECORS[int(decor)])
            out[c, j] = float(cv2.matchTemplate(seen[(c, corner)], templates[KIND_INDEX[kind]],
                                                cv2.TM_CCOEFF_NORMED).max())
    return out


def weigh_tiles(probs: AttributeProbs, candidates: np.ndarray, scores: np.ndarray,
                cfg: VisionConfig = DEFAULT_CONFIG) -> AttributeProbs:
    """The readers' probabilities ``probs`` (C cells), each cell's candidate tiles ``(C, k, 4)`` and
    their pictures' correlations ``(C, k)`` -> the same attributes, each the marginal of the joint
    probability of (floor, path, decor, corner): the readers' (taken as independent) times
    ``exp(cfg.picture_weight * correlation)``, a tile not among the candidates counted at its
    cell's least candidate correlation (no evidence for it). The arrays keep their dtypes."""
    candidates, scores = np.asarray(candidates), np.asarray(scores, np.float64)
    cells = probs.floor.shape[0]
    if candidates.ndim != 3 or candidates.shape[0] != cells or candidates.shape[2] != 4 \
            or scores.shape != candidates.shape[:2]:
        raise ValueError(f"candidates must be ({cells}, k, 4) and scores ({cells}, k), "
                         f"got {candidates.shape} and {scores.shape}")
    evidence = np.repeat(scores.min(axis=1), len(ALL_FLOORS) * len(ALL_PATHS) * len(ALL_DECORS) * len(ALL_CORNERS))
    joint = _log_joint(probs)
    evidence = evidence.reshape(joint.shape)
    rows = np.repeat(np.arange(cells), candidates.shape[1])
    f, p, d, c = candidates.reshape(-1, 4).T
    evidence[rows, f, p, d, c] = scores.ravel()
    logits = joint + cfg.picture_weight * evidence
    weights = np.exp(logits - logits.reshape(cells, -1).max(axis=1)[:, None, None, None, None])
    weights /= weights.reshape(cells, -1).sum(axis=1)[:, None, None, None, None]
    return AttributeProbs(floor=weights.sum(axis=(2, 3, 4)).astype(probs.floor.dtype),
                          path=weights.sum(axis=(1, 3, 4)).astype(probs.path.dtype),
                          decor=weights.sum(axis=(1, 2, 4)).astype(probs.decor.dtype),
                          corner=weights.sum(axis=(1, 2, 3)).astype(probs.corner.dtype))
