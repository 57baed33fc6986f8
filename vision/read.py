"""Reading gardens from photos: localise, straighten, classify, decode jointly.

``read_garden(image, model=None, corners=None) -> GardenReading`` for one photo and
``read_gardens(images, ...)`` for all photos of one game (decoded together: every physical tile
exists once). ``image`` is a ``(M, N, 3)`` uint8 BGR array, a path, or the file's bytes.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Union

import numpy as np

from scorer.tiles import ALL_CELLS, Garden, Tile, cell_name
from scorer.vocab import ALL_DECORS, ALL_FLOORS, ALL_PATHS
from vision.board_match import DEFAULT_MATCH, marks_place_surely, match_board
from vision.board_ring import DEFAULT_RING, RING_SHADING, place_by_ring, ring_size
from vision.budget import SEARCH_STOPPED, Deadline
from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.crop import cells_in_photo, check_corners, check_image, crop_each, crop_tiles
from vision.decode import AttributeProbs, decode, tile_probability
from vision.figures import figure_gradients, odd_figures
from vision.geometry import climb_block, order_corners, shifted_block
from vision.io import ImageSource, load_image_scaled
from vision.light import (
    agreement_likelihood,
    apply_gains,
    colour_outliers,
    light_gains,
    palette_gains,
    palette_likelihood,
    path_chroma,
    separation,
    tile_chroma,
)
from vision.locate import (
    Accept,
    GridLocation,
    Judge,
    block_offset,
    grid_shape_ok,
    judging_once,
    locate_grid,
    sharpened_on_seams,
    snapped_outlines,
)
from vision.model import TileModel, load_model, upright_crops
from vision.picture_match import outlines_by_pictures, picture_features_of
from vision.pictures import likeliest_tiles, picture_templates_of, tile_correlations, turned_cells, weigh_tiles
from vision.threads import one_thread
from vision.tileness import (
    best_block_in_plane,
    block_tileness,
    blocks_tileness,
    ring_tileness,
    whole_shift_tileness,
)

ImageInput = Union[np.ndarray, ImageSource]

_MODEL_CACHE: dict[str, TileModel] = {}


@dataclass(frozen=True)
class GardenReading:
    """What was read from one photo.

    ``corners`` ``(4, 2)`` (x, y) TL, TR, BR, BL of the read garden in the input image's pixels
    (for a path or bytes input: in the photo's full-resolution upright pixels); ``confidence``
    ``(4, 4)`` in [0, 1]; ``review`` cell names (``"B3"``) to check: read unsure, read otherwise
    once the light's colour cast is undone (:mod:`vision.light`), coloured as another floor's
    tiles or path bands in the same photo, partly beyond the photo's edge, or its figure unlike the
    other tiles read as its decor there (:mod:`vision.figures`), with ``review_why``
    (cell name -> the reasons, in the ``REVIEW_*`` codes); ``alternatives`` per cell
    (row-major, 16 entries) the chosen tile first then the next most probable ``(Tile, prob)``;
    ``timings`` seconds for ``decode`` (image file), ``localise`` and ``classify``;
    ``check_outline`` true when the outline may be wrong — a weak lattice, another lattice nearly as
    good (unless every tile then reads surely and no other lattice's tiles do), or tiles read so
    unsure that the cut is likely off (``outline_reasons`` says which; neither a weak lattice alone
    nor unsure tiles flag an outline whose cells look like whole tiles, :func:`cells_are_whole_tiles`); then
    the tiles as read should not be shown before the player confirms the outline. Corners given by
    hand are never flagged.
    """

    garden: Garden
    corners: np.ndarray
    confidence: np.ndarray
    review: tuple[str, ...]
    alternatives: tuple[tuple[tuple[Tile, float], ...], ...] = ()
    timings: dict[str, float] = field(default_factory=dict)
    check_outline: bool = False
    outline_reasons: tuple[str, ...] = ()
    review_why: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form printed by ``zengarden read --json``."""
        return {
            "garden": self.garden.to_lists(),
            "corners": [[round(float(x), 2), round(float(y), 2)] for x, y in self.corners],
            "confidence": [[round(float(v), 4) for v in row] for row in self.confidence],
            "review": list(self.review),
            "alternatives": [[[t.format(), round(p, 4)] for t, p in cell] for cell in self.alternatives],
            "timings": {k: round(v, 4) for k, v in self.timings.items()},
            "check_outline": self.check_outline,
            "outline_reasons": list(self.outline_reasons),
            "review_why": {cell: list(codes) for cell, codes in self.review_why.items()},
        }


def resolve_model(model: TileModel | str | Path | None) -> TileModel:
    """A loaded model: the given one, a path to load, or the bundled default (cached)."""
    if isinstance(model, TileModel):
        return model
    key = str(model) if model is not None else "<default>"
    if key not in _MODEL_CACHE:
        _MODEL_CACHE[key] = load_model(model)
    return _MODEL_CACHE[key]


def _prepare(image: ImageInput, cfg: VisionConfig) -> tuple[np.ndarray, float, float]:
    """-> (image array, scale array/original, seconds spent decoding)."""
    t0 = time.perf_counter()
    if isinstance(image, np.ndarray):
        check_image(image)
        return image, 1.0, 0.0
    arr, scale = load_image_scaled(image, cfg)
    return arr, scale, time.perf_counter() - t0


@dataclass(frozen=True)
class _Cut:
    """One photo located and cut, before the game's tiles are decoded together: its 16 tiles'
    probabilities in their light and as seen (:func:`read_in_its_light`), the ``corners`` in the
    input's pixels, the tiles' colours (``chromas``, ``path_chromas``), the locator's ``reasons``
    to check the outline, ``timings``, and whether those reasons may be lifted by a sure reading
    (``clearable``: located by the search, no other lattice's tiles read nearly as surely, and not
    found again by reading its tiles, nor placed where the copy's tile pictures are seen)."""

    read: tuple[AttributeProbs, AttributeProbs]
    corners: np.ndarray
    #: Each tile's chroma ``(16, 2)`` as seen (:func:`vision.light.tile_chroma`), and its path
    #: band's, the tile turned upright by the corner read (:func:`vision.light.path_chroma`).
    chromas: np.ndarray
    path_chromas: np.ndarray
    reasons: tuple[str, ...]
    timings: dict[str, float]
    clearable: bool
    #: The share of each cell ``(4, 4)`` inside the photo (:func:`vision.crop.cells_in_photo`).
    in_photo: np.ndarray
    #: Located by the search, in doubt at most for a weak lattice, and its cells look like whole
    #: tiles (:func:`cells_are_whole_tiles`): tiles read unsure then say nothing about the outline.
    whole_tiles: bool = False
    #: Each tile's figure turned upright ``(16, 128)`` (:func:`vision.figures.figure_gradients`).
    figures: np.ndarray | None = None


def _locate_and_crop(image: ImageInput, model: TileModel, corners: Any | None, budget: float | None = None) -> _Cut:
    """Locate (unless ``corners`` are given), choose by reading when in doubt, cut and read;
    ``budget``: seconds the outline's search may take (:class:`vision.budget.Deadline`, None for any)."""
    cfg = model.cfg
    arr, scale, t_decode = _prepare(image, cfg)
    t0 = time.perf_counter()
    deadline = Deadline(budget)
    reasons: tuple[str, ...] = ()
    located = None
    sure: dict[str, Any] = {}
    on_board = by_pictures = False
    accept = _read_surely(arr, model, sure) if cfg.accept_min_confidence else None
    if corners is None:
        judge = picture_judge(arr, model)  # a copy's pictures value the candidates, not the search's starts
        search_cfg = cfg if judge is None else replace(cfg, grid_judge_pool=cfg.picture_judge_pool)
        located = locate_grid(arr, 4, search_cfg, mask_model=model.tile_map_model, accept=accept, judge=judge,
                              stop=deadline.expired)
        found, reasons = located.corners, located.reasons
        if (located.polished is not None and accept is not None and polished_looks_whole(arr, located, model)
                and accept(located.polished, -np.inf)):  # a band of board taken in: the seams say where the tiles are
            found = located.polished
        placed = None
        if located.check_outline:  # in doubt: the copy's board by its marks, its tiles by their pictures, its band
            placed = place_by_board_marks(arr, located, model)
            if placed is None and (placed := place_by_pictures(arr, located, model, accept, judge)) is not None:
                by_pictures = True  # the search was in doubt: so is the block its tiles set, however surely read
            placed = placed or place_on_copy_board(arr, located, model)
        # a lattice the search was sure of whose tiles do not read surely: the pictures may see them elsewhere
        elif (picture_features_of(model) is not None and accept is not None
              and not _asked_aside(accept, sure, found)
              and (placed := place_by_pictures(arr, located, model, accept, judge)) is not None):
            by_pictures = True
        if placed is not None:
            (found, reasons), on_board = placed, True
    else:
        found = check_corners(corners) * scale
        if cfg.snap_given_corners:  # a player's taps, a little off: the tiles choose them or the seams near
            found, sure["read"], sure["crops"] = most_surely_read(arr, [found, *snapped_outlines(arr, found, cfg)],
                                                                  model)
            sure["corners"] = found
    t1 = time.perf_counter()
    rival, climbed, whole_tiles, t_choose = False, False, False, 0.0
    probs = crops = None
    if not (sure and np.array_equal(sure["corners"], found)):
        crops = crop_tiles(arr, found, cfg)
        if located is not None and located.check_outline and located.alternatives and not on_board:  # localising
            t_choose = time.perf_counter()
            found, crops, probs, moved, rival = choose_by_reading(arr, located, crops, model, accept)
            reasons = (*reasons, moved) if moved else reasons
            t_choose = time.perf_counter() - t_choose
        if (located is not None and located.check_outline and not on_board and accept is not None
                and cfg.read_climb_starts and not (sure and np.array_equal(sure["corners"], found))
                and not deadline.expired()):
            t_climb = time.perf_counter()  # still in doubt and not read surely: the tiles say where
            found_again = climb_by_reading(arr, [found, located.corners, *located.alternatives], model, accept,
                                           deadline.expired)
            if found_again is not None:
                found, climbed = found_again, True
                reasons = (*reasons, "moved to where its tiles read surely (found by reading them)")
            t_choose += time.perf_counter() - t_climb
        if located is not None and not on_board:
            t_cells = time.perf_counter()  # the cells say whether they are tiles, and where the tiles are
            shifts = None if model.tileness is None else whole_shifts(arr, found, model)
            doubt, moved_to = found_by_tileness(arr, found, [located.corners, *located.alternatives,
                                                             *located.searched], model,
                                                also=where_the_map_led(located, cfg), peaks=lambda: located.peaks,
                                                shifts=shifts, stop=deadline.expired, stretched=True,
                                                by_reading=True)
            if doubt:
                reasons = (*reasons, doubt) if located.check_outline else (doubt,)
                climbed = True  # a sure reading does not lift this doubt
            if moved_to is not None:
                found, crops, probs = moved_to, crop_tiles(arr, moved_to, cfg), None
                reasons = (*reasons, MOVED_BY_TILENESS)
            if located.check_outline:  # still in doubt, wherever placed: its seams once more, more widely
                sharper = sharpened_on_seams(arr, found, 4, cfg, model.tile_map_model)
                if sharper is not None:
                    found, crops, probs = sharper, crop_tiles(arr, sharper, cfg), None
                    shifts = None  # of the block before; made again below only if asked
            if (model.tileness is not None and not (rival or climbed) and reasons == located.reasons
                    and weak_at_most(located, cfg)
                    and cells_are_whole_tiles(whole_shifts(arr, found, model) if shifts is None else shifts, cfg)):
                whole_tiles, reasons = True, ()  # a weak lattice of tiles the readers have not met
            t_choose += time.perf_counter() - t_cells
    if deadline.stopped and SEARCH_STOPPED not in reasons:  # a step after the search was skipped
        reasons = (*reasons, SEARCH_STOPPED)
    if sure and np.array_equal(sure["corners"], found):  # the outline taken because its tiles read surely
        read, crops = sure["read"], sure["crops"]
    else:
        read = read_in_its_light(crops, probs, model)
    read = weighed_by_pictures(arr, found, read, model)
    t2 = time.perf_counter()
    timings = {"decode": t_decode, "localise": t1 - t0 + t_choose, "classify": t2 - t1 - t_choose}
    upright = upright_crops(crops, read[0].corner.argmax(axis=1))  # as decode reads the corner
    paths = path_chroma(upright, cfg.review_path_band, cfg.tile_inset)
    clearable = located is not None and not (rival or climbed or by_pictures)
    figures = figure_gradients(upright, cfg.tile_inset, cfg.figure_box)
    return _Cut(read, found / scale, tile_chroma(crops), paths, reasons, timings, clearable,
                cells_in_photo(found, arr.shape), whole_tiles, figures)


def polished_looks_whole(image: np.ndarray, located: GridLocation, model: TileModel) -> bool:
    """Whether the outline taken at once, polished onto its seams (``located.polished``), has cells
    that look more like whole tiles than the outline's own in ``image`` ``(M, N, 3)``, by
    ``cfg.taken_polish_tileness_gain`` (:func:`vision.tileness.blocks_tileness`); False without a
    polished outline or a tileness learner."""
    if located.polished is None or model.tileness is None:
        return False
    own, polished = blocks_tileness(image, [located.corners, located.polished], model.tileness, model.cfg)
    return bool(polished >= own + model.cfg.taken_polish_tileness_gain)


def weighed_by_pictures(image: np.ndarray, corners: np.ndarray, read: tuple[AttributeProbs, AttributeProbs],
                        model: TileModel) -> tuple[AttributeProbs, AttributeProbs]:
    """A garden's reading (in its light, as seen) weighed by the copy's own pictures of the
    ``cfg.picture_candidates`` tiles, each turned some way, that its reading in its light finds
    likeliest in each cell (:mod:`vision.pictures`), the cells cut from ``image`` ``(M, N, 3)`` at
    ``corners`` ``(4, 2)``; unchanged for a model without pictures."""
    templates = picture_templates_of(model)
    if templates is None:
        return read
    candidates = likeliest_tiles(read[0], model.cfg.picture_candidates)
    scores = tile_correlations(turned_cells(image, corners, model.cfg), templates, candidates, model.cfg)
    lit, seen = (weigh_tiles(r, candidates, scores, model.cfg) for r in read)
    return lit, seen


#: How many outlines :func:`picture_judge` reads at once (their features held together).
PICTURE_JUDGE_BATCH = 8


def picture_judge(image: np.ndarray, model: TileModel) -> Judge | None:
    """For a copy model with tile pictures: each candidate outline in ``image`` ``(M, N, 3)`` valued
    ``cfg.picture_judge_weight`` times how well its cells fit the copy's pictures (the mean over
    its 16 cells of the best correlation among each cell's likeliest tiles as seen,
    :mod:`vision.pictures`); an outline that cannot be cut gets the weight times -1. None without
    pictures or with the weight 0."""
    cfg = model.cfg
    templates = picture_templates_of(model)
    if templates is None or not cfg.picture_judge_weight:
        return None

    def values(outlines: list[np.ndarray]) -> np.ndarray:
        out = np.full(len(outlines), -cfg.picture_judge_weight)  # an outline off the photo: worst
        for start in range(0, len(outlines), PICTURE_JUDGE_BATCH):  # a few outlines' cells read at once
            batch = outlines[start:start + PICTURE_JUDGE_BATCH]
            cut, crops = crop_each(image, batch, cfg)
            if not cut:
                continue
            probs = model.predict_probs(np.concatenate(crops))
            for j, k in enumerate(cut):
                candidates = likeliest_tiles(probs.slice(j), cfg.picture_candidates)
                scores = tile_correlations(turned_cells(image, batch[k], cfg), templates, candidates, cfg)
                out[start + k] = cfg.picture_judge_weight * float(scores.max(axis=1).mean())
        return out

    return judging_once(values)


def where_the_map_led(located: GridLocation, cfg: VisionConfig) -> tuple[np.ndarray, ...]:
    """The tile map's first outline (:attr:`vision.locate.GridLocation.map_outline`) when the search
    left it for a clearly different block (more than ``cfg.check_distinct`` tile off): one more
    start for the cells' tileness, whatever it scored (a stronger false lattice, a board's frame or
    a table's squares, may outscore the map's outline a little off the garden) -> ``((4, 2),)`` or
    ``()``."""
    outline = located.map_outline
    if outline is None or block_offset(outline, located.corners, cfg.grid)[0] <= cfg.check_distinct:
        return ()
    return (outline,)


def weak_at_most(located: GridLocation, cfg: VisionConfig) -> bool:
    """Whether the search's outline is in no doubt, or only because its lattice scores below
    ``cfg.check_min_score`` (no rival near it, no tiles beyond it)."""
    return not located.reasons or (len(located.reasons) == 1 and located.score < cfg.check_min_score)


def whole_shifts(image: np.ndarray, corners: np.ndarray, model: TileModel) -> np.ndarray:
    """The tileness ``(3, 3)`` of the block with ``corners`` ``(4, 2)`` in ``image`` ``(M, N, 3)`` (at
    the centre) and of the blocks a whole tile over in its plane (:func:`vision.tileness.ring_tileness`,
    :func:`vision.tileness.whole_shift_tileness`); the model needs its tileness learner."""
    return whole_shift_tileness(ring_tileness(image, corners, model.tileness, model.cfg))


def cells_are_whole_tiles(shifts: np.ndarray, cfg: VisionConfig) -> bool:
    """Whether a block whose :func:`whole_shifts` are ``shifts`` ``(3, 3)`` looks like whole tiles
    surely (tileness at least ``cfg.tileness_clear``) and more than the block a whole tile over in
    any direction; False with ``cfg.tileness_clear`` 0."""
    own = float(shifts[1, 1])
    return bool(cfg.tileness_clear) and own >= cfg.tileness_clear and own > float(np.delete(shifts.ravel(), 4).max())


def most_surely_read(image: np.ndarray, outlines: Sequence[np.ndarray], model: TileModel
                     ) -> tuple[np.ndarray, tuple[AttributeProbs, AttributeProbs], np.ndarray]:
    """Of ``outlines`` (each ``(4, 2)`` in ``image`` ``(M, N, 3)``), the one whose tiles read most
    surely in their light (mean confidence, :func:`read_in_its_light`) -> (its corners, what was
    read there: in its light, as seen; its tiles ``(16, S, S, 3)``). One wholly beyond the photo is
    passed over; when none can be cut, the first one's ``ValueError`` (:func:`vision.crop.crop_tiles`)."""
    cut, crops = crop_each(image, list(outlines), model.cfg)
    if not cut:  # nothing of the first one in the photo: say so as cutting it does
        crop_tiles(image, outlines[0], model.cfg)
    reads = [read_in_its_light(c, None, model) for c in crops]
    sureness = [float(decode(lit, model.cfg)[0].confidence.mean()) for lit, _ in reads]
    best = int(np.argmax(sureness))
    return np.asarray(outlines[cut[best]], np.float64), reads[best], crops[best]


def place_by_board_marks(image: np.ndarray, located: GridLocation, model: TileModel
                         ) -> tuple[np.ndarray, tuple[str, ...]] | None:
    """A garden in doubt in ``image`` ``(M, N, 3)`` placed by an enrolled copy's board found by its
    printed marks (``model.board_picture``, :func:`vision.board_match.match_board`): the block's
    outline mapped from the board's picture (the tiles lie on its spaces) -> (corners ``(4, 2)``,
    the reasons left to check it: none when at least ``DEFAULT_MATCH.sure_inliers`` marks agree, or
    when the outline lies within ``DEFAULT_MATCH.agree`` tile of the search's: two witnesses),
    or None when the model knows no board's picture, its enrolment found that board by its marks in
    none of its photos (``meta["board_found_by_marks"]``: a board whose marks repeat; looking again
    would cost the time and memory of its marks for nothing), the board is not found surely, or the
    block's middle lies beyond the photo's edge."""
    features = model.board_features()
    enrolled = model.meta.get("board_found_by_marks")
    if features is None or (enrolled is not None and enrolled[0] == 0):
        return None
    found = match_board(image, features)
    x, y = (np.nan, np.nan) if found is None else found.corners.mean(axis=0)
    if not (0.0 <= x < image.shape[1] and 0.0 <= y < image.shape[0]):  # none, or the block beyond the photo
        return None
    corners = order_corners(found.corners)
    if marks_place_surely(found, located.corners):
        return corners, ()
    return corners, (*located.reasons, f"placed by the copy's board ({found.inliers} of its printed marks agree, "
                                       f"fewer than {DEFAULT_MATCH.sure_inliers})")


def place_on_copy_board(image: np.ndarray, located: GridLocation, model: TileModel
                        ) -> tuple[np.ndarray, tuple[str, ...]] | None:
    """A garden in doubt in ``image`` ``(M, N, 3)`` placed by an enrolled copy's board
    (``model.board_refs``): the search's outlines, and the whole blocks a part of one may belong
    to, judged by how well the band of board around them matches the copy's
    (:func:`vision.board_ring.place_by_ring`) -> (corners ``(4, 2)``, the reasons left to check
    it: none when the band agrees at least ``DEFAULT_RING.sure``), or None when it agrees less
    than ``DEFAULT_RING.accept`` (another board, a table) or the model knows no board."""
    refs, rcfg = model.board_refs, replace(DEFAULT_RING, shading=float(model.meta.get(RING_SHADING, 0.0)))
    if refs is None or refs.shape[-1] != ring_size(4, rcfg):  # none, or made with other band sizes
        return None
    placed = place_by_ring(image, (located.corners, *located.alternatives), list(refs), model.cfg, rcfg)
    if placed.agreement < rcfg.accept:
        return None
    if placed.agreement >= rcfg.sure:
        return placed.corners, ()
    return placed.corners, (*located.reasons, f"placed where the copy's board matches (agreement "
                                              f"{placed.agreement:.2f} < {rcfg.sure})")


#: Why an outline placed by :func:`place_by_pictures` is still to be checked, besides its own doubt.
PLACED_BY_PICTURES = "placed where the copy's own tile pictures are seen ({tiles} tiles on one lattice)"


def place_by_pictures(image: np.ndarray, located: GridLocation, model: TileModel, accept: Accept | None,
                      judge: Judge | None) -> tuple[np.ndarray, tuple[str, ...]] | None:
    """A garden in doubt in ``image`` ``(M, N, 3)`` placed where an enrolled copy's tile pictures are
    seen (:func:`vision.picture_match.outlines_by_pictures`, the blocks the tiles seen allow, looked
    for again around the search's outline when too few are seen in the whole photo, each also
    snapped to its seams as a player's taps are): the one the pictures ``judge`` values most,
    when its tiles read surely (``accept``), it lies more than ``cfg.check_distinct`` tile from the
    search's outline and the judge values it above that outline -> (corners ``(4, 2)``, the
    search's reasons and :data:`PLACED_BY_PICTURES`: still to be checked); else None (no pictures,
    no judge or ``accept``, too few tiles seen, or the search's outline is where they are)."""
    cfg = model.cfg
    features = picture_features_of(model)
    if features is None or accept is None or judge is None:
        return None
    blocks, tiles = outlines_by_pictures(image, features, cfg, near=located.corners)
    candidates = [order_corners(c) for block in blocks for c in (block, *snapped_outlines(image, block, cfg))
                  if grid_shape_ok(c, cfg)]
    if not candidates:
        return None
    values = judge(candidates)
    best = int(np.argmax(values))
    corners = candidates[best]
    if (block_offset(corners, located.corners, cfg.grid)[0] <= cfg.check_distinct
            or values[best] <= float(judge([located.corners])[0]) or not accept(corners, -np.inf)):
        return None
    return corners, (*located.reasons, PLACED_BY_PICTURES.format(tiles=tiles))


def _asked_aside(accept: Accept, sure: dict[str, Any], corners: np.ndarray) -> bool:
    """Whether ``accept`` (:func:`_read_surely`, keeping what it read in ``sure``) takes ``corners``
    ``(4, 2)``, ``sure`` left as it was: the reading's later steps run as they would unasked."""
    kept = dict(sure)
    taken = accept(corners, -np.inf)
    sure.clear()
    sure.update(kept)
    return taken


def _read_surely(image: np.ndarray, model: TileModel, sure: dict[str, Any]) -> Callable[[np.ndarray, float], bool]:
    """``locate_grid``'s ``accept`` for ``image`` ``(M, N, 3)``: the map's outline ``(4, 2)`` is taken
    without a search when its tiles read surely in their light (``cfg.accept_min_confidence``,
    ``cfg.accept_mean_confidence``) and neither reading points to a wrong cut
    (:func:`unsure_reading`); tiles whose reading as seen points to a wrong cut, and without a
    floor palette tiles that read on average below ``cfg.accept_seen_mean`` as seen, are refused
    before the light is searched. What it read is left in ``sure`` (corners, read, crops); an
    outline asked again is not read again."""
    cfg = model.cfg
    verdicts: dict[bytes, dict[str, Any] | None] = {}

    def accept(corners: np.ndarray, score: float) -> bool:
        key = np.asarray(corners, np.float64).tobytes()
        if key not in verdicts:
            verdicts[key] = surely_read(corners)
        if verdicts[key] is None:
            return False
        sure.update(verdicts[key])
        return True

    def surely_read(corners: np.ndarray) -> dict[str, Any] | None:
        """What the tiles at ``corners`` read (corners, read, crops) when they read surely, else None."""
        try:
            crops = crop_tiles(image, corners, cfg)
        except ValueError:  # a corner beyond what can be cut
            return None
        as_seen = model.predict_probs(crops)
        seen = decode(as_seen, cfg)[0]
        if model.floor_palette() is None and float(seen.confidence.mean()) < cfg.accept_seen_mean:
            return None  # far from sure as seen: not worth the light's search
        if unsure_reading(seen.confidence, cfg):
            return None  # as seen, the tiles point to a wrong cut, whatever the light
        read = read_in_its_light(crops, as_seen, model)
        lit = decode(read[0], cfg)[0]
        if (not reads_surely(lit.confidence, cfg.accept_min_confidence, cfg.accept_mean_confidence)
                or unsure_reading(lit.confidence, cfg)):
            return None
        return {"corners": np.array(corners, np.float64), "read": read, "crops": crops}

    return accept


def choose_by_reading(image: np.ndarray, located: GridLocation, crops: np.ndarray, model: TileModel,
                      accept: Accept | None = None) -> tuple[np.ndarray, np.ndarray, AttributeProbs, str | None, bool]:
    """An outline in doubt against the search's other lattices: each candidate (``located.corners``
    with its ``crops`` ``(16, S, S, 3)``, then ``located.alternatives`` in ``image`` ``(M, N, 3)``)
    scored by its lattice score plus ``cfg.read_choice_weight`` times the mean confidence of its
    tiles read alone (:func:`vision.decode.decode`) and ``cfg.read_choice_edge_weight`` times that
    of its least sure edge row or column (:func:`edge_line_confidence`) -> (corners ``(4, 2)``, their crops, their
    probabilities, why the outline moved or None when the located one stays, whether another
    candidate's tiles all read as surely as ``cfg.clear_min_confidence`` and
    ``cfg.clear_mean_confidence`` ask: another garden, or the same one cut nearly as well).
    With the reader's ``accept`` (:func:`_read_surely`), the candidates whose tiles read surely in
    their light come first, whatever the scores (asked best value first, until one does)."""
    cfg = model.cfg
    cuts = [(located.corners, located.score, crops)]
    cut, others = crop_each(image, list(located.alternatives), cfg)  # one beyond the photo's edge: passed over
    cuts += [(located.alternatives[k], located.alternative_scores[k], c) for k, c in zip(cut, others)]
    read = [model.predict_probs(cut) for _, _, cut in cuts]
    confidence = [decode(p, cfg)[0].confidence for p in read]
    values = [score + reading_sureness(c, cfg) for (_, score, _), c in zip(cuts, confidence)]
    best = int(np.argmax(values))
    if accept is not None:  # tiles that read surely first; what was read is left in the reader's ``sure``
        best = next((int(k) for k in np.argsort(values)[::-1] if accept(*cuts[k][:2])), best)
    corners, _, cut = cuts[best]
    rival = any(reads_surely(c, cfg.clear_min_confidence, cfg.clear_mean_confidence)
                for k, c in enumerate(confidence) if k != best)
    return corners, cut, read[best], "the tiles read more surely on another lattice" if best else None, rival


class BlockValues:
    """``value`` of a block's corners ``(4, 2)`` remembered by their bytes (a climb meets the blocks it
    came from again); -inf for a block of implausible shape (:func:`vision.locate.grid_shape_ok`) or
    one that cannot be cut (``value`` raising ``ValueError``: a corner beyond the photo). Called with
    one block; :meth:`many` values several, those not yet known by ``batch`` in one call when given
    (the numbers ``value`` gives, each ``-inf`` where a block cannot be cut)."""

    def __init__(self, value: Callable[[np.ndarray], float], cfg: VisionConfig,
                 batch: Callable[[list[np.ndarray]], np.ndarray] | None = None) -> None:
        self._value, self._batch, self._cfg = value, batch, cfg
        self._known: dict[bytes, float] = {}

    def __call__(self, corners: np.ndarray) -> float:
        key = np.asarray(corners, np.float64).tobytes()
        if key not in self._known:
            self._known[key] = -np.inf
            if grid_shape_ok(corners, self._cfg):
                with contextlib.suppress(ValueError):
                    self._known[key] = self._value(corners)
        return self._known[key]

    def many(self, blocks: Sequence[np.ndarray]) -> list[float]:
        """The values of ``blocks`` (each ``(4, 2)``), in order."""
        if self._batch is not None:
            new: dict[bytes, np.ndarray] = {}
            for corners in blocks:
                key = np.asarray(corners, np.float64).tobytes()
                if key in self._known or key in new:
                    continue
                if grid_shape_ok(corners, self._cfg):
                    new[key] = np.asarray(corners, np.float64)
                else:
                    self._known[key] = -np.inf
            if new:
                self._known.update(zip(new, map(float, self._batch(list(new.values())))))
        return [self(corners) for corners in blocks]



def ranked_starts(starts: Sequence[np.ndarray], value: Callable[[np.ndarray], float]) -> list[np.ndarray]:
    """The distinct ``starts`` (each ``(4, 2)``) of finite ``value``, the highest first."""
    unique = list({np.asarray(c, np.float64).tobytes(): np.asarray(c, np.float64) for c in starts}.values())
    return sorted((c for c in unique if np.isfinite(value(c))), key=value, reverse=True)


def climb_by_reading(image: np.ndarray, starts: Sequence[np.ndarray], model: TileModel, accept: Accept,
                     stop: Callable[[], bool] | None = None) -> np.ndarray | None:
    """An outline in doubt found again by its tiles: the ``starts`` (each ``(4, 2)`` in ``image``
    ``(M, N, 3)``: the outline chosen, the search's other lattices) valued by how surely their
    tiles read alone (:func:`reading_sureness`), the best ``cfg.read_climb_starts`` each moved
    while that rises (:func:`vision.geometry.climb_block`: shifted, a side moved out or in, by
    ``cfg.read_climb_steps`` tile sides; a start no move of the first, coarsest step reads better
    from is left where it is) and snapped to its seams as a player's taps are
    (:func:`vision.locate.snapped_outlines`) -> the first block so found, clearly different from
    its start (more than ``cfg.check_distinct`` tile off), whose tiles read surely in their light
    (``accept``; the snapped outlines asked first, the one whose tiles read most surely alone
    first, then the block as moved), or None. ``stop`` (when given) is asked before each start: once
    it says yes the climb ends (:class:`vision.budget.Deadline`)."""
    cfg = model.cfg
    sureness = BlockValues(
        lambda corners: reading_sureness(decode(model.predict_probs(crop_tiles(image, corners, cfg)), cfg)[0]
                                         .confidence, cfg), cfg)
    ranked = ranked_starts(starts, sureness)
    first, finer = cfg.read_climb_steps[:1], cfg.read_climb_steps[1:]
    for start in ranked[: cfg.read_climb_starts]:
        if stop is not None and stop():
            break
        moved = climb_block(start, sureness, first, cfg.read_climb_rounds, cfg.grid)[0]
        if np.array_equal(moved, start):  # no coarsest move reads better: the garden is not a step away
            continue
        moved = climb_block(moved, sureness, finer, cfg.read_climb_rounds, cfg.grid)[0]
        # the tiles say roughly where the block is, its seams exactly: snapped as a player's taps are
        snapped = sorted(snapped_outlines(image, moved, cfg), key=sureness, reverse=True)
        for block in [*snapped, moved]:
            if block_offset(block, start, cfg.grid)[0] <= cfg.check_distinct:
                continue  # the start's own block, which its seams placed better
            if np.isfinite(sureness(block)) and accept(order_corners(block), -np.inf):
                return order_corners(block)
    return None


#: Why an outline moved by :func:`found_by_tileness` is in doubt, besides its own doubt.
MOVED_BY_TILENESS = "moved to where its cells look like whole tiles (found by their tileness)"
#: How the doubt of an outline whose cells are not whole tiles begins (its tileness follows).
NOT_TILES = "its cells do not look like whole tiles"


def found_by_tileness(image: np.ndarray, found: np.ndarray, candidates: Sequence[np.ndarray], model: TileModel,
                      climb_starts: int | None = None, also: Sequence[np.ndarray] = (),
                      peaks: Callable[[], Sequence[np.ndarray]] = tuple, shifts: np.ndarray | None = None,
                      stop: Callable[[], bool] | None = None, stretched: bool = False, by_reading: bool = False
                      ) -> tuple[str | None, np.ndarray | None]:
    """The outline ``found`` ``(4, 2)`` in ``image`` ``(M, N, 3)`` judged by its cells' tileness
    (:func:`vision.tileness.block_tileness`, ``model.tileness``) -> (why it is in doubt, or None; the
    block where the cells look more like tiles, or None). Its cells look like tiles (tileness at
    least ``cfg.tileness_doubt``): no doubt, unless the block a whole tile over looks more so by
    ``cfg.tileness_shift_gain`` (:func:`vision.tileness.ring_tileness`), which is returned. Else in
    doubt: the ``climb_starts`` (default ``cfg.tileness_climb_starts``) of ``found`` and the other
    ``candidates`` ``(4, 2)`` (the search's outline, its other lattices and every block it weighed,
    those its size rule ruled out too; valued in one batch) whose cells look most like
    tiles, and the outlines ``also`` ``(4, 2)``, each give the block of their plane that looks most
    like tiles (:func:`vision.tileness.best_block_in_plane`; with ``stretched``, first ``found``'s own
    plane stretched by each of ``cfg.tileness_stretches``, a lattice fitted at the wrong pitch one
    way; for the tile map's surest blobs
    ``(4, 2)`` that ``peaks()`` gives, asked only here, :attr:`vision.locate.GridLocation.peaks`, of
    ``cfg.tileness_peak_sizes`` of their quarters: a blob takes in some of the board's frame) and
    are moved while that rises (:func:`vision.geometry.climb_block`, ``cfg.tileness_climb_steps``);
    both are moved again by ``cfg.tileness_polish_steps`` and snapped to their seams
    (:func:`vision.locate.snapped_outlines`); the block that then looks most like tiles is returned
    when it reaches ``cfg.tileness_sure`` and beats ``found``; with ``by_reading``, of it and the
    blocks other starts gave that do so ``cfg.tileness_elsewhere`` tiles or more away, the one whose
    tiles read most surely (:func:`most_surely_read`: a table's squares look like whole tiles too,
    but do not read as tiles). ``shifts``: :func:`whole_shifts` of
    ``found`` when already made; ``stop`` (when given) is asked before each start's search but the
    first, ``found``'s stretched plane (a few seconds): once it says yes, the best block so far is
    returned (:class:`vision.budget.Deadline`). A model without a tileness learner judges nothing."""
    cfg = model.cfg
    if model.tileness is None:
        return None, None
    shifts = whole_shifts(image, found, model) if shifts is None else shifts
    own = float(shifts[1, 1])
    if own >= cfg.tileness_doubt:
        rows, cols = np.unravel_index(int(np.argmax(shifts)), shifts.shape)
        if shifts[rows, cols] <= own + cfg.tileness_shift_gain:
            return None, None
        moved = shifted_block(found, int(cols) - 1, int(rows) - 1, cfg.grid)
        return (f"its cells look more like whole tiles a tile away (tileness {own:.1f}, there "
                f"{shifts[rows, cols]:.1f})"), order_corners(moved)
    doubt = f"{NOT_TILES} (tileness {own:.1f} < {cfg.tileness_doubt:g})"
    tileness = BlockValues(lambda corners: block_tileness(image, corners, model.tileness, cfg), cfg,
                           lambda blocks: blocks_tileness(image, blocks, model.tileness, cfg))
    tileness.many([found, *candidates])  # in one batch: the search may hand on many blocks
    ranked = ranked_starts([found, *candidates], tileness)
    bar = max(own, cfg.tileness_sure - 1e-9)
    peak_cfg = replace(cfg, tileness_sizes=cfg.tileness_peak_sizes)
    # an outline given in ``also`` may be one of the ranked starts already (the map's first outline kept
    # by the search): each start searched once
    chosen = [*ranked[: cfg.tileness_climb_starts if climb_starts is None else climb_starts], *also]
    starts = [(start, cfg) for start in
              {np.asarray(s, np.float64).tobytes(): np.asarray(s, np.float64) for s in chosen}.values()]

    tile_like: list[tuple[np.ndarray, float]] = []  # each candidate's best block beating the bar, its tileness

    def weigh(candidate: np.ndarray) -> None:
        """``candidate`` moved again while its tileness rises and snapped to its seams: its best kept."""
        moved = climb_block(candidate, tileness, cfg.tileness_polish_steps, cfg.tileness_climb_rounds, cfg.grid,
                            many=tileness.many)[0]
        block = max([moved, *snapped_outlines(image, moved, cfg)], key=tileness)
        if tileness(block) > bar:
            tile_like.append((order_corners(block), tileness(block)))

    if stretched and cfg.tileness_stretches:  # first, even when the time is up: a few seconds
        weigh(best_block_in_plane(image, found, model.tileness, cfg, cfg.tileness_stretches)[0])
    for start, plane_cfg in [*starts, *((peak, peak_cfg) for peak in peaks())]:
        if stop is not None and stop():
            break
        weigh(best_block_in_plane(image, start, model.tileness, plane_cfg)[0])
        weigh(climb_block(start, tileness, cfg.tileness_climb_steps, cfg.tileness_climb_rounds, cfg.grid,
                          many=tileness.many)[0])
    if not tile_like:
        return doubt, None
    best = max(tile_like, key=lambda kept: kept[1])[0]
    elsewhere = [block for block, _ in tile_like if block_offset(block, best, cfg.grid)[0] >= cfg.tileness_elsewhere]
    if by_reading and elsewhere:  # a table's squares look like whole tiles too
        return doubt, most_surely_read(image, [best, *elsewhere], model)[0]
    return doubt, best


def reading_sureness(confidence: np.ndarray, cfg: VisionConfig) -> float:
    """How surely a block's tiles read, from their confidences ``(n, n)``: ``cfg.read_choice_weight``
    times the mean plus ``cfg.read_choice_edge_weight`` times the least sure edge line's
    (:func:`edge_line_confidence`)."""
    return (cfg.read_choice_weight * float(np.mean(confidence))
            + cfg.read_choice_edge_weight * edge_line_confidence(confidence))


def edge_line_confidence(confidence: np.ndarray) -> float:
    """The mean tile confidence ``(n, n)`` of a block's least sure edge line (its first or last row,
    its first or last column): low for a block a row or a column off, whose edge line lies on the
    board or the table, however surely its other tiles read."""
    conf = np.asarray(confidence, np.float64)
    return float(min(conf[0].mean(), conf[-1].mean(), conf[:, 0].mean(), conf[:, -1].mean()))


def read_in_its_light(crops: np.ndarray, read: AttributeProbs | None, model: TileModel
                      ) -> tuple[AttributeProbs, AttributeProbs]:
    """One garden's ``crops`` ``(16, T, T, 3)`` -> (their probabilities, read with the light's colour
    cast undone (:func:`vision.light.light_gains`) when the least sure tile reads below
    ``cfg.light_gate``, or always by the model's floor palette when it has one (and its path
    palette, the path bands turned upright by the corner read as seen;
    :func:`vision.light.palette_gains`, the floors then weighed by it too,
    :func:`vision.light.palette_likelihood`); the probabilities as seen). ``read``: the tiles as
    seen when the outline choice has read them already."""
    cfg = model.cfg
    seen = model.predict_probs(crops) if read is None else read
    palette = model.floor_palette()
    if palette is not None:  # an enrolled copy: its floors' colours tell the cast, sure or not
        materials = model.path_palette()  # and its path materials', where the copy kept them
        bands = None if materials is None else path_chroma(upright_crops(crops, seen.corner.argmax(axis=1)),
                                                           cfg.review_path_band, cfg.tile_inset)
        lit_crops = apply_gains(crops, palette_gains(crops, palette, cfg, bands, materials))
        lit = model.predict_probs(lit_crops)
        floor = lit.floor * palette_likelihood(lit_crops, palette, cfg)
        floor /= np.maximum(floor.sum(axis=1, keepdims=True), 1e-12)
        return replace(lit, floor=floor), seen
    if float(decode(seen, cfg)[0].confidence.min()) >= cfg.light_gate:
        return seen, seen
    gains = light_gains(crops, seen.corner, model, cfg)
    if np.allclose(gains, 1.0):
        return seen, seen
    return model.predict_probs(apply_gains(crops, gains)), seen


def reads_surely(confidence: np.ndarray, least: float, mean: float) -> bool:
    """Whether every tile's ``confidence`` ``(4, 4)`` is at least ``least`` and their mean ``mean``."""
    return float(np.min(confidence)) >= least and float(np.mean(confidence)) >= mean


def unsure_reading(confidence: np.ndarray, cfg: VisionConfig) -> str | None:
    """Why tiles read this unsure point to a wrong cut (``confidence`` ``(4, 4)``), or None: a
    misplaced outline cuts every tile across its neighbours, and the readers then doubt many cells
    (``cfg.check_review_cells`` read below ``cfg.check_unsure_below``, or a mean below
    ``cfg.check_mean_confidence``), or, one row or column off, doubt the cells of the edge that lies
    on the board's frame (``cfg.check_edge_cells``)."""
    low = np.asarray(confidence) < cfg.check_unsure_below
    if int(low.sum()) >= cfg.check_review_cells:
        return f"{int(low.sum())} of 16 tiles unsure"
    if float(np.mean(confidence)) < cfg.check_mean_confidence:
        return f"mean tile confidence {float(np.mean(confidence)):.2f}"
    edge = max(int(low[0].sum()), int(low[-1].sum()), int(low[:, 0].sum()), int(low[:, -1].sum()))
    if edge >= cfg.check_edge_cells:  # an outline one row or column off takes in the board's frame
        return f"{edge} of {low.shape[1]} tiles unsure along one edge"
    return None


#: Why a cell is listed for review (:attr:`GardenReading.review_why`): read below
#: ``cfg.review_threshold``; read otherwise once the light's cast is undone; read otherwise once its
#: colour was weighed against the photo's other tiles (:func:`agreeing_colours`;
#: ``colour_read:<the tile as read alone>``); its colour is
#: another floor's tiles' in the same photo (``floor_colour:<that floor>``) or its path band's
#: another material's (``path_colour:<that material>``).
REVIEW_UNSURE, REVIEW_LIGHT, REVIEW_COLOUR_READ = "unsure", "light", "colour_read"
REVIEW_FLOOR_COLOUR, REVIEW_PATH_COLOUR = "floor_colour", "path_colour"
#: ... and partly beyond the photo's edge (less than ``cfg.review_in_photo`` of it inside); and its
#: figure unlike the other tiles read as its decor in that photo (``figure:<the decor read>``).
REVIEW_BEYOND_PHOTO, REVIEW_FIGURE = "beyond_photo", "figure"


def agreeing_colours(probs: AttributeProbs, garden: Garden, chromas: np.ndarray, path_chromas: np.ndarray,
                     cfg: VisionConfig) -> AttributeProbs:
    """One photo's tile probabilities weighed by its tiles' colours: each tile's floor
    probabilities times how well its colour (``chromas`` ``(16, 2)``) agrees with the other tiles
    ``garden`` has on each floor, its path's likewise by its path band's colour (``path_chromas``)
    where the bands show the paths (:func:`bands_show_paths`)
    (:func:`vision.light.agreement_likelihood`, ``cfg.colour_sigma``, ``cfg.colour_cap``)."""
    tiles = [tile for _, tile in garden.cells()]
    floor = probs.floor * agreement_likelihood(chromas, [ALL_FLOORS.index(t.floor) for t in tiles], len(ALL_FLOORS),
                                               cfg.colour_sigma, cfg.colour_cap)
    materials = [ALL_PATHS.index(t.path) for t in tiles]
    path = probs.path
    if bands_show_paths(path_chromas, materials, cfg):
        path = path * agreement_likelihood(path_chromas, materials, len(ALL_PATHS), cfg.colour_sigma, cfg.colour_cap)
    return replace(probs, floor=floor / np.maximum(floor.sum(axis=1, keepdims=True), 1e-12),
                   path=path / np.maximum(path.sum(axis=1, keepdims=True), 1e-12))


def bands_show_paths(path_chromas: np.ndarray, materials: Sequence[int], cfg: VisionConfig) -> bool:
    """Whether one photo's path bands (their chromas ``(16, 2)``, :func:`vision.light.path_chroma`)
    tell the path materials read (``materials``, indices into ``ALL_PATHS``) apart, so that their
    colours may serve: :func:`vision.light.separation` at most ``cfg.path_separation_max``."""
    apart = separation(path_chromas, materials, len(ALL_PATHS))
    return bool(np.isnan(apart) or apart <= cfg.path_separation_max)


def odd_colours(garden: Garden, chromas: np.ndarray, path_chromas: np.ndarray, cfg: VisionConfig
                ) -> dict[str, list[str]]:
    """The cells of ``garden`` whose tile's colour (``chromas`` ``(16, 2)``, row-major) is another
    floor's in the same photo, or whose path band's (``path_chromas``) another path material's
    where the bands show the paths (:func:`bands_show_paths`)
    (:func:`vision.light.colour_outliers`; ``cfg.review_floor_factor``, ``cfg.review_path_factor``,
    each 0 for not): read doubtfully, whatever the reader's confidence -> cell name -> why
    (``floor_colour:<floor>``, ``path_colour:<material>``)."""
    cells = list(garden.cells())
    out: dict[str, list[str]] = {}
    for code, attr, values, factor, vocab in (
            (REVIEW_FLOOR_COLOUR, "floor", chromas, cfg.review_floor_factor, ALL_FLOORS),
            (REVIEW_PATH_COLOUR, "path", path_chromas, cfg.review_path_factor, ALL_PATHS)):
        if not factor:
            continue
        labels = [vocab.index(getattr(tile, attr)) for _, tile in cells]
        if attr == "path" and not bands_show_paths(values, labels, cfg):
            continue
        for (cell, _), other in zip(cells, colour_outliers(values, labels, len(vocab), factor)):
            if other is not None:
                out.setdefault(cell_name(cell), []).append(f"{code}:{vocab[other].value}")
    return out


def odd_figure_cells(gardens: Sequence[Garden], figures: Sequence[np.ndarray | None], cfg: VisionConfig
                     ) -> list[dict[str, list[str]]]:
    """Per photo of one game, the cells of its garden (``gardens``) whose figure (``figures``, each
    ``(16, 128)``, row-major, :func:`vision.figures.figure_gradients`) is unlike the other tiles
    read as its decor in the game's photos, weighed together: one copy's tiles
    (:func:`vision.figures.odd_figures`, ``cfg.review_figure_silhouette``; None for not) -> cell
    name -> why (``figure:<the decor read>``). A photo without figures is left out."""
    if len(gardens) != len(figures):
        raise ValueError(f"{len(gardens)} gardens but {len(figures)} figure sets")
    out: list[dict[str, list[str]]] = [{} for _ in gardens]
    kept = [g for g, fig in enumerate(figures) if fig is not None]
    if cfg.review_figure_silhouette is None or not kept:
        return out
    cells = [list(gardens[g].cells()) for g in kept]
    decors = [ALL_DECORS.index(tile.decor) for photo in cells for _, tile in photo]
    photos = np.repeat(np.arange(len(kept)), [len(photo) for photo in cells])
    odd = odd_figures(np.concatenate([figures[g] for g in kept]), decors, cfg.review_figure_silhouette, photos)
    flags = iter(odd)
    for g, photo in zip(kept, cells):
        for cell, tile in photo:
            if next(flags):
                out[g][cell_name(cell)] = [f"{REVIEW_FIGURE}:{tile.decor.value}"]
    return out


def read_gardens(images: Sequence[ImageInput], model: TileModel | str | Path | None = None,
                 corners: Sequence[Any | None] | None = None, budget: float | None = None) -> list[GardenReading]:
    """Read all gardens of one game, decoded jointly (no tile used twice across them).

    ``corners`` optionally gives per image 4 (x, y) corners (or None to locate). ``budget``: seconds
    each photo's outline search may take (None: as long as it needs; :mod:`vision.budget`); a search
    stopped at it flags its outline for checking. Raises ``ValueError`` for a budget that is not a
    positive number. Raises
    :class:`vision.locate.GridNotFoundError` / ``ValueError`` with a message naming the photo and
    ``photo_index``, the index in ``images`` of the photo it is about (for a user interface to name it).
    The learners run on one thread (:func:`vision.threads.one_thread`).
    """
    Deadline(budget)  # a bad budget is refused before any photo is read
    tile_model = resolve_model(model)
    with one_thread():
        return _read_gardens(list(images), tile_model, corners, budget)


def _read_gardens(images: list[ImageInput], tile_model: TileModel, corners: Sequence[Any | None] | None,
                  budget: float | None = None) -> list[GardenReading]:
    """:func:`read_gardens` with the model resolved."""
    if not images:
        raise ValueError("no photos given")
    per_corners = list(corners) if corners is not None else [None] * len(images)
    if len(per_corners) != len(images):
        raise ValueError(f"{len(images)} photos but {len(per_corners)} corner sets")
    prepared = []
    for i, (img, cs) in enumerate(zip(images, per_corners)):
        try:
            prepared.append(_locate_and_crop(img, tile_model, cs, budget))
        except ValueError as exc:
            exc.photo_index = i  # which photo, as a number any language can word
            if len(images) > 1:
                exc.args = (f"photo {i + 1}: {exc}",)  # the same error (its type and code kept)
            raise
    t0 = time.perf_counter()
    lit, seen = zip(*[cut.read for cut in prepared])
    agreed = AttributeProbs.concat(list(lit))
    first = decode(agreed, tile_model.cfg)
    decoded = first
    for _ in range(tile_model.cfg.colour_rounds):  # each tile's colour weighed against its photo's others
        agreed = AttributeProbs.concat([agreeing_colours(p, dec.garden, cut.chromas, cut.path_chromas, tile_model.cfg)
                                        for p, dec, cut in zip(lit, decoded, prepared)])
        decoded = decode(agreed, tile_model.cfg)
    # as seen too: a cast undone can make a wrong cut read surely, and a tile the light changes is in doubt
    as_seen = (first if all(a is b for a, b in zip(lit, seen))
               else decode(AttributeProbs.concat(list(seen)), tile_model.cfg))
    t_classify = (time.perf_counter() - t0) / len(images)
    out = []
    cfg = tile_model.cfg
    # a tile the light or its colour among the others changes is in doubt; by a copy's palette, only
    # when not read surely in that light
    doubt_changed = np.inf if tile_model.floor_palette() is None else cfg.palette_review_confidence
    odd_figures_of = odd_figure_cells([dec.garden for dec in decoded], [cut.figures for cut in prepared], cfg)
    for g, (cut, dec, dec_first, dec_seen, cs) in enumerate(zip(prepared, decoded, first, as_seen, per_corners)):
        timings = dict(cut.timings)
        timings["classify"] += t_classify
        reasons = cut.reasons
        why: dict[str, list[str]] = {name: [REVIEW_UNSURE] for name in dec.review}
        alternatives = list(dec.alternatives)
        for k, (cell, tile) in enumerate(dec.garden.cells()):
            if dec_seen.garden[cell] != dec_first.garden[cell] and dec.confidence[cell] < doubt_changed:
                why.setdefault(cell_name(cell), []).append(REVIEW_LIGHT)
            was = dec_first.garden[cell]
            if was != tile and dec.confidence[cell] < doubt_changed:
                why.setdefault(cell_name(cell), []).append(f"{REVIEW_COLOUR_READ}:{was.format()}")
            if was != tile and all(was != alt for alt, _ in alternatives[k]):  # the readers' own read stays offered
                alternatives[k] = (*alternatives[k], (was, tile_probability(agreed, g * len(ALL_CELLS) + k, was, cfg)))
        for name, codes in odd_colours(dec.garden, cut.chromas, cut.path_chromas, cfg).items():
            why.setdefault(name, []).extend(codes)
        for cell in ALL_CELLS:
            if cut.in_photo[cell] < cfg.review_in_photo:
                why.setdefault(cell_name(cell), []).append(REVIEW_BEYOND_PHOTO)
        review = tuple(name for name in map(cell_name, ALL_CELLS) if name in why)
        # an odd figure says nothing of the cut: the outline's doubt is weighed without those cells
        for name, codes in odd_figures_of[g].items():
            why.setdefault(name, []).extend(codes)
        if cs is None:
            unsure = None if cut.whole_tiles else (unsure_reading(dec.confidence, cfg)
                                                   or unsure_reading(dec_seen.confidence, cfg))
            if unsure:
                reasons = (*reasons, unsure)
            elif (reasons and cut.clearable and cfg.clear_min_confidence and not review
                  and reads_surely(dec.confidence, cfg.clear_min_confidence, cfg.clear_mean_confidence)):
                reasons = ()  # a doubtful lattice whose every tile reads surely, and no rival: no doubt left
        review = tuple(name for name in map(cell_name, ALL_CELLS) if name in why)
        out.append(GardenReading(dec.garden, cut.corners, dec.confidence, review, tuple(alternatives), timings,
                                 bool(reasons), tuple(reasons), {name: tuple(why[name]) for name in review}))
    return out


def read_garden(image: ImageInput, model: TileModel | str | Path | None = None,
                corners: Any | None = None, budget: float | None = None) -> GardenReading:
    """Read one garden from a photo (array ``(M, N, 3)`` uint8 BGR, path or bytes); ``budget`` as in
    :func:`read_gardens`."""
    return read_gardens([image], model, [corners], budget)[0]


def cli_read(args: argparse.Namespace, cfg: VisionConfig = DEFAULT_CONFIG) -> int:
    """``zengarden read PHOTO [--model M] [--json] [--budget S]`` (``--budget``: seconds for the
    outline's search, default ``cfg.read_budget``, 0 for no limit)."""
    budget = getattr(args, "budget", None)
    budget = cfg.read_budget if budget is None else budget
    try:
        reading = read_garden(Path(args.photo), model=args.model, budget=budget or None)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(reading.to_dict()))
    else:
        print(reading.garden.format())
        if reading.check_outline:
            print(f"check the outline: {'; '.join(reading.outline_reasons)}", file=sys.stderr)
        if reading.review:
            print("check: " + ", ".join(f"{cell} ({', '.join(reading.review_why.get(cell, ()))})"
                                        if reading.review_why.get(cell) else cell for cell in reading.review),
                  file=sys.stderr)
    return 0
