"""Enrolment: learn one physical copy from a photo of each floor's 15 tiles, then read it like our art.

``zengarden enrol --out MODEL [--board PHOTO] --floor FLOOR PHOTO [--floor FLOOR PHOTO ...]``.

A floor photo shows the 15 tiles of one floor (one per path × decor pair) in any order and turns,
and one tile of another floor. Stages, each arrays in, arrays out:

1. ``locate_and_cut``: the reader's own localisation (:func:`vision.locate.locate_grid`, the whole
   photo searched too, each candidate also valued by how surely its cells read as the photo's
   floor: :func:`floor_judge`) and crop (:func:`vision.crop.crop_tiles`) -> ``(16, T, T, 3)``
   cells; a sidecar's corners win. Then
   ``place_by_board``: every located photo is checked against the others' board (all show one
   board, :mod:`vision.board_ring`), and one in doubt is placed again where the band of board
   around the block matches the sure photos' (near the search's outlines, or inside the photo's
   quadrilaterals of straight lines taken as the board's edge, :mod:`vision.board_edge`, where the
   search found nothing near the block); ``place_by_marks``: one still in doubt is placed
   where the board's printed marks are (:mod:`vision.board_match`, the board's picture made of the
   sure photos).
2. ``cell_cues``: per cell, with the path turned to the top-left by the corner read (a reader
   that is colour-free enough to hold on unseen art): the path band's colour, spread and edge
   direction and its pattern across and along the band (free of lightness: a tile in shade), the
   floor's colour, and the figure's shape (pixels unlike the photo's floor), colour
   and gradients. Band and figure cues are centred per photo: every floor photo holds each path
   material 5 times and each figure 3 times, so the photo's mean is the floor and the light, not
   the labels.
3. ``decide_labels``: per photo a 16 × 16 assignment (Hungarian, as the decoder does): 15 columns
   for the path × decor pairs and one for "another floor's tile". Costs: distances to the path and
   figure prototypes pooled over all photos (30 tiles share each path material, 18 each figure),
   the bundled readers' probabilities as a prior, and for the odd column the cell's floor colour
   against its photo's and (near ones only: each photo has its own light) the other photos'
   floors. Prototypes and assignments are refined in turn until nothing changes; cluster names
   are then fixed by the bundled readers' votes over each cluster.
4. ``build_copy_model``: the 90 decided tile pictures rendered by the synthetic camera onto random
   boards (``render_photo(..., tile_images=...)``) and, given a photo of the empty board
   (``--board``), a share of them onto that board (:func:`board_picture`: its 4×4 spaces found and
   the board around them rectified), plus the enrolment photos themselves (weighted up; each one's
   tile of another floor left out unless the player labelled it: its labels are a guess), train the
   readers (:func:`vision.train.fit_readers`); with a board photo the tile map is learned again
   from the renders, so the copy's board is "not tile" to it; without one the base model's map
   (trained on random art) is kept. The board's picture (:func:`vision.board_match.board_template`,
   from the photos that show one board and the empty board's) is kept in the model: a garden in
   doubt is placed where its printed marks are.

The work done photo by photo (each floor photo's search, the renders, their training crops) runs in
``EnrolConfig.jobs`` worker processes (:class:`vision.workers.ModelPool`), with the same result as
in one.
"""

from __future__ import annotations

import argparse
import copy
import json
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np
from scipy.optimize import linear_sum_assignment

from scorer.tiles import Garden, Tile, TileKind, cell_name
from scorer.vocab import ALL_CORNERS, ALL_DECORS, ALL_FLOORS, ALL_PATHS, GRID_SIZE, Floor, PathMaterial
from vision.board_edge import DEFAULT_EDGE, EdgeConfig, board_margins, edge_quads, place_by_edge
from vision.board_match import DEFAULT_MATCH, board_template, marks_place_surely, match_board, template_features
from vision.board_ring import (
    DEFAULT_RING,
    RING_SHADING,
    RingConfig,
    RingPlacement,
    align_to_ring,
    band_chroma,
    bands_agreement,
    place_by_ring,
    ring_agreement,
    ring_features,
)
from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.crop import check_corners, crop_each, crop_tiles
from vision.dataset import LabelledPhoto, read_labelled, write_labelled
from vision.figures import figure_box, gradient_histograms, lightness_gradients, tile_coords
from vision.geometry import order_corners
from vision.io import ALL_IMAGE_PROBLEMS, load_image_scaled
from vision.light import apply_gains, cast_gains, path_chroma, tile_chroma
from vision.locate import GridLocation, Judge, SearchMemo, block_offset, judging_once, locate_grid
from vision.model import VOCAB, TileModel, upright_crops
from vision.pictures import picture_stack
from vision.read import MOVED_BY_TILENESS, NOT_TILES, found_by_tileness
from vision.synth.exemplar import TileArt, art_garden, tile_art_from_photos
from vision.threads import one_thread
from vision.tileness import block_tileness
from vision.workers import ModelPool, check_jobs, default_jobs

Progress = Callable[[float, str], None]

#: The 15 labels of a floor photo, in a fixed order: (path index, decor index).
PAIRS: tuple[tuple[int, int], ...] = tuple((p, d) for p in range(len(ALL_PATHS)) for d in range(len(ALL_DECORS)))
ODD = len(PAIRS)  # the sixteenth column: a tile of another floor
CELLS = GRID_SIZE * GRID_SIZE


@dataclass(frozen=True)
class EnrolConfig:
    """Enrolment's thresholds and sizes (tile coordinates are fractions of a tile side, from the
    top-left corner of a tile turned so its path wraps that corner)."""

    #: Radii of the path band sampled for the path cues (inside the band of every style we know).
    band: tuple[float, float] = (0.35, 0.52)
    #: Floor sampled near the corner inside the band and in the two corners beside the figure.
    floor_inner: float = 0.2
    floor_corner: float = 0.27
    #: The figure's box (both coordinates): the reader's (``VisionConfig.figure_box``).
    figure: tuple[float, float] = DEFAULT_CONFIG.figure_box
    #: A figure pixel differs from the photo's floor by this many floor spreads (soft ramp of 2).
    figure_spread: float = 2.5
    #: Weight of the bundled readers' log-probabilities against the copy's own prototypes.
    prior_weight: float = 0.5
    #: Dimensions kept of the figure cues (PCA over all cells) and refinement rounds at most.
    figure_dims: int = 12
    rounds: int = 12
    #: A cell whose best swap costs less than this (in cost units) is listed as unsure, and so is
    #: one whose corner the bundled corner reader gives less than ``corner_unsure``.
    unsure_margin: float = 2.0
    corner_unsure: float = 0.95
    #: The odd tile (another floor's): a cell is the more likely it the farther its floor cues lie from
    #: its photo's floor and the nearer to another photo's floor, that nearness counted only within
    #: this many squared spreads per cue (beyond it, as for a floor not photographed): each photo was
    #: taken in its own light, so a cell unlike every other photo's floor may still be another floor's.
    #: None counts it however far (unless a floor is not photographed).
    odd_other_cap: float | None = 3.0
    #: Whether the floor's spread (its Lab standard deviations) counts with its colour in telling
    #: the odd tile: a shadow's edge or a figure reaching into the floor's samples spreads it.
    odd_by_spread: bool = False
    #: Whether the path cues include the band's pattern (:func:`band_pattern`: its profile across and
    #: its spectrum along the band, free of lightness): two materials of like colour, one in shade.
    path_pattern: bool = True
    #: Rendered photos of the copy's tiles for its model, their size, seed and tile picture side.
    renders: int = 320
    render_size: tuple[int, int] = (1200, 900)
    render_seed: int = 5150
    art_side: int = 128
    #: Weight of the enrolment photos themselves against one rendered photo.
    photo_weight: float = 8.0
    #: Learn the tile map again from the rendered photos of the copy (True), keep the base model's
    #: (False), or learn it only when a board photo shows the copy's own board (None): the bundled
    #: map, trained on random art, finds the copy's tiles better than one learned from its renders.
    learn_map: bool | None = None
    #: With a board photo: the share of rendered photos that show the copy's own board (the rest
    #: random boards, so the model still reads the copy on another board or a table), and the side
    #: of the rectified 4×4 spaces in the board's picture.
    board_share: float = 0.5
    board_side: int = 512
    #: Weight of the base model's floor reader pooled with the copy's own (their logits averaged,
    #: :func:`vision.train.pooled_linear`): the copy's floor colours come from its enrolment photos'
    #: light only; the base reader has seen many lights. 0 keeps the copy's own alone.
    floor_pool: float = 0.5
    #: Whether the copy's readers learn from each floor photo's tile of another floor: its path and
    #: figure are decided against another floor's cells, less surely than the photo's own 15, and
    #: its own floor's photo shows the same tile anyway.
    learn_odd_tile: bool = False
    #: The board band that places a floor photo in doubt by the sure ones (:func:`place_by_board`).
    ring: RingConfig = DEFAULT_RING
    #: Finding the board by its edge where the band alone places a photo in doubt nowhere surely
    #: (:func:`vision.board_edge.place_by_edge`); None: not.
    edge: EdgeConfig | None = DEFAULT_EDGE
    #: Finding a floor photo's block: the whole photo searched too (``VisionConfig.grid_search_frame``),
    #: and each candidate outline judged also by how surely its best 15 cells read as the photo's
    #: floor (this weight times their mean log-probability, :func:`floor_judge`); 0 turns that off.
    search_frame: bool = True
    floor_judge_weight: float = 1.0
    #: The copy's board (:func:`copy_board`): photos whose band of board agrees this well (median
    #: :func:`vision.board_ring.ring_agreement` with the others) show one board; its colour in each
    #: tells that photo's cast against theirs (for :func:`floor_palette`), and their bands are kept.
    palette_board_agreement: float = 0.15
    #: The floor palette is kept only when at least this share of the photos is so linked.
    palette_min_linked: float = 0.5
    #: Worker processes for the work done photo by photo (finding the blocks, rendering the copy's
    #: photos, cutting their training crops; :class:`vision.workers.ModelPool`): the same result
    #: with any number. None: :func:`vision.workers.default_jobs` (this machine's cores, at most 2).
    jobs: int | None = None

    @property
    def workers(self) -> int:
        """How many worker processes ``jobs`` asks for."""
        return default_jobs() if self.jobs is None else self.jobs

    def __post_init__(self) -> None:
        if not 0.0 <= self.floor_pool <= 1.0:
            raise ValueError(f"floor_pool must be in [0, 1], got {self.floor_pool}")
        if self.renders < 0:
            raise ValueError(f"renders must be at least 0, got {self.renders}")
        if self.jobs is not None:
            check_jobs(self.jobs)


DEFAULT_ENROL = EnrolConfig()


#: What an :class:`EnrolError` may say besides a photo that cannot be loaded (``ALL_IMAGE_PROBLEMS``).
ENROL_PROBLEMS = ("unknown_floor", "no_photos", "photo_not_found", "photo_twice", "bad_sidecar", "no_garden",
                  "board_not_found", "board_unsure", "bad_option")
ALL_ENROL_PROBLEMS = ALL_IMAGE_PROBLEMS + ENROL_PROBLEMS


class EnrolError(ValueError):
    """Bad enrolment input (a message for the user, never a traceback). ``code`` says what was wrong
    (one of :data:`ALL_ENROL_PROBLEMS`; the image problem for a photo that cannot be loaded) and
    ``floor`` whose photo (None: the board or no one photo), so that a user interface can word it in
    its own language."""

    def __init__(self, message: str, code: str, floor: Floor | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.floor = floor

    def __reduce__(self) -> tuple[type[EnrolError], tuple[str, str, Floor | None]]:
        # raised in a worker process, it comes back whole
        return type(self), (str(self), self.code, self.floor)


def _load_error(path: Path, exc: Exception, floor: Floor | None) -> EnrolError:
    """A photo that cannot be loaded: ``vision.io``'s problem code (a file error: ``cannot_read``)."""
    code = getattr(exc, "code", "cannot_read" if isinstance(exc, OSError) else "unreadable")
    return EnrolError(f"{path}: {exc}", code, floor)


# --------------------------------------------------------------------------------------------
# inputs


_FLOOR_NAMES = {f.value: f for f in ALL_FLOORS} | {f.value.replace("_", "-"): f for f in ALL_FLOORS} | {
    "cherry": Floor.CHERRY_BLOSSOM, "blossom": Floor.CHERRY_BLOSSOM}


def parse_floor(name: str) -> Floor:
    """A floor from its name (``sand``, ``cherry_blossom``, ``cherry-blossom``, ``cherry``)."""
    floor = _FLOOR_NAMES.get(str(name).strip().lower())
    if floor is None:
        raise EnrolError(f"unknown floor {name!r}: one of {', '.join(f.value for f in ALL_FLOORS)}",
                         "unknown_floor")
    return floor


@dataclass
class FloorPhoto:
    """One enrolment photo and what was found in it."""

    floor: Floor
    path: Path
    #: ``(4, 2)`` corners in the loaded (possibly reduced) image, and that image's scale.
    corners: np.ndarray = field(default_factory=lambda: np.zeros((4, 2)))
    scale: float = 1.0
    crops: np.ndarray = field(default_factory=lambda: np.zeros((0,)))
    #: The user's labels (a same-name sidecar), or None.
    labelled: Garden | None = None
    outline_reasons: tuple[str, ...] = ()
    #: The search's other outlines (``GridLocation.alternatives``), for :func:`place_by_board`.
    alternatives: tuple[np.ndarray, ...] = ()
    #: Whether the outline was found by the search (not given in a sidecar).
    located: bool = False
    #: The loaded image's ``(rows, cols)``.
    shape: tuple[int, int] = (0, 0)
    #: What the search's floor judge valued its outlines at (:func:`floor_judge`) and what the search
    #: worked out (:class:`vision.locate.SearchMemo`), for a search of the photo again.
    judged: dict[bytes, float] = field(default_factory=dict, compare=False, repr=False)
    memo: SearchMemo = field(default_factory=SearchMemo, compare=False, repr=False)

    @property
    def size(self) -> np.ndarray:
        """The loaded image's ``(width, height)`` ``(2,)``, to give its outline as fractions of it."""
        return np.array([self.shape[1], self.shape[0]], np.float64)


def check_inputs(floors: Sequence[tuple[str, str | Path]]) -> list[tuple[Floor, Path]]:
    """``(floor name, photo path)`` pairs -> checked pairs. Every floor may appear more than once,
    but each needs its own photo; the same photo cannot stand for two floors."""
    if not floors:
        raise EnrolError("give at least one --floor FLOOR PHOTO", "no_photos")
    out: list[tuple[Floor, Path]] = []
    seen: dict[Path, Floor] = {}
    for name, photo in floors:
        floor = parse_floor(name)
        path = Path(photo)
        if not path.is_file():
            raise EnrolError(f"{path}: photo not found", "photo_not_found", floor)
        key = path.resolve()
        if key in seen:
            raise EnrolError(f"{path} is given twice (as {seen[key].value} and {floor.value}): "
                             f"each floor photo shows one floor; a second photo of a floor must be another file",
                             "photo_twice", floor)
        seen[key] = floor
        out.append((floor, path))
    return out


def _corners_only(sidecar: Path, floor: Floor | None = None) -> np.ndarray | None:
    """The corners of a sidecar that gives only ``corners`` (no ``garden``), else None (a bad one
    raises, as ``floor``'s)."""
    if not sidecar.is_file():
        return None
    try:
        data = json.loads(sidecar.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise EnrolError(f"{sidecar}: not valid JSON ({exc})", "bad_sidecar", floor) from None
    if not isinstance(data, dict) or "garden" in data or "corners" not in data:
        return None
    try:
        return check_corners(data["corners"])
    except ValueError as exc:
        raise EnrolError(f"{sidecar}: {exc}", "bad_sidecar", floor) from None


#: The least probability :func:`floor_judge` takes the log of (one cell cannot outweigh the rest).
FLOOR_JUDGE_FLOOR = 1e-3


def floor_judge(image: np.ndarray, floor: Floor, model: TileModel, weight: float,
                judged: dict[bytes, float] | None = None) -> Judge:
    """A floor photo's own evidence for :func:`vision.locate.locate_grid`: each candidate outline
    in ``image`` ``(M, N, 3)`` valued ``weight`` times the mean log-probability that its best 15 cells
    show ``floor`` (the sixteenth is another floor's tile), read by ``model``'s floor reader. An
    outline a row off or on another board cuts cells of frame or of other floors. ``judged``: the
    values of outlines judged before in this image by this model and weight, kept and added to (a
    search meets the same outlines again, and a photo searched again meets all of its first search's)."""
    column = ALL_FLOORS.index(floor)

    def values(outlines: list[np.ndarray]) -> np.ndarray:
        out = np.full(len(outlines), weight * np.log(FLOOR_JUDGE_FLOOR))  # an outline off the photo: worst
        cut, crops = crop_each(image, outlines, model.cfg)
        if cut:
            p = model.predict_attribute(np.concatenate(crops), "floor")[:, column].reshape(len(cut), CELLS)
            best = np.sort(p, axis=1)[:, 1:]
            out[cut] = weight * np.log(best + FLOOR_JUDGE_FLOOR).mean(axis=1)
        return out

    return judging_once(values, judged)


def locate_floor_photo(image: np.ndarray, floor: Floor, model: TileModel, ecfg: EnrolConfig = DEFAULT_ENROL,
                       near: Sequence[np.ndarray] = (), judged: dict[bytes, float] | None = None,
                       memo: SearchMemo | None = None) -> GridLocation:
    """Enrolment's search for the block of a floor photo ``image`` ``(M, N, 3)`` of ``floor``:
    :func:`vision.locate.locate_grid` with the whole photo searched too (``ecfg.search_frame``) and
    each candidate valued by :func:`floor_judge` (``ecfg.floor_judge_weight``; 0: not; ``judged``:
    its values from an earlier search of the same image; ``memo``: that search's own); ``near``:
    outlines ``(4, 2)`` (``image`` pixels) where the other photos show the block."""
    judge = floor_judge(image, floor, model, ecfg.floor_judge_weight, judged) if ecfg.floor_judge_weight else None
    return locate_grid(image, 4, replace(model.cfg, grid_search_frame=ecfg.search_frame), model.tile_map_model, judge,
                       near=near, memo=memo)


def locate_and_cut(floor: Floor, path: Path, model: TileModel, ecfg: EnrolConfig = DEFAULT_ENROL,
                   near: Sequence[np.ndarray] = (), judged: dict[bytes, float] | None = None,
                   memo: SearchMemo | None = None) -> FloorPhoto:
    """Load a floor photo, find its 4×4 block and cut its cells -> :class:`FloorPhoto` with ``crops``
    ``(16, T, T, 3)``. A same-name sidecar with ``garden`` and ``corners`` labels the photo; one
    with ``corners`` only gives the outline (the player's four taps) and leaves the labels to decide.
    The search is enrolment's (:func:`locate_floor_photo`; ``near``: outlines ``(4, 2)`` as
    fractions of the photo's width and height where other photos show the block; ``judged`` and
    ``memo``: the floor judge's values and the search's work from an earlier search of this photo by
    ``model``, kept and added to)."""
    cfg = model.cfg
    judged = {} if judged is None else judged
    memo = SearchMemo() if memo is None else memo
    try:
        image, scale = load_image_scaled(path, cfg)
    except (ValueError, OSError) as exc:
        raise _load_error(path, exc, floor) from None
    labelled = None
    reasons: tuple[str, ...] = ()
    alternatives: tuple[np.ndarray, ...] = ()
    sidecar = path.with_suffix(".json")
    given = _corners_only(sidecar, floor)
    if given is not None:  # the outline given by hand (four taps), the labels still to decide
        corners = given * scale
    elif sidecar.is_file():
        try:
            photo = read_labelled(path)
        except ValueError as exc:
            raise EnrolError(str(exc), "bad_sidecar", floor) from None
        labelled, corners = photo.garden, photo.corners * scale
    else:
        try:
            size = np.array([image.shape[1], image.shape[0]], np.float64)
            found = locate_floor_photo(image, floor, model, ecfg, [where * size for where in near], judged, memo)
        except ValueError as exc:  # GridNotFoundError is a ValueError
            raise EnrolError(f"{path}: no garden found ({exc}); photograph the 16 tiles on the board from above",
                             "no_garden", floor) from None
        corners, reasons, alternatives = found.corners, found.reasons, found.alternatives
        doubt, moved = found_by_tileness(image, corners, (), model, climb_starts=0)  # searched at the end
        if doubt is not None:
            reasons = (*reasons, doubt)
        if moved is not None:
            corners, alternatives = moved, (corners, *alternatives)
            reasons = (*reasons, MOVED_BY_TILENESS)
    crops = crop_tiles(image, corners, cfg)
    return FloorPhoto(floor, path, corners, scale, crops, labelled, reasons, alternatives, located=given is None
                      and labelled is None, shape=(int(image.shape[0]), int(image.shape[1])), judged=judged, memo=memo)


def _locate_task(model: TileModel, task: tuple[Floor, Path, EnrolConfig, Sequence[np.ndarray],
                                                dict[bytes, float] | None, SearchMemo | None]) -> FloorPhoto:
    """:func:`locate_and_cut` of one photo, as a worker runs it (:class:`vision.workers.ModelPool`)."""
    floor, path, ecfg, near, judged, memo = task
    return locate_and_cut(floor, path, model, ecfg, near, judged, memo)


def found_again_near(photos: Sequence[FloorPhoto], model: TileModel, ecfg: EnrolConfig = DEFAULT_ENROL,
                     progress: Progress | None = None, only: Sequence[int] | None = None,
                     pool: ModelPool | None = None) -> list[FloorPhoto]:
    """Every floor photo whose outline the search put in doubt (of those at the indices ``only``, when
    given) searched again (:func:`locate_and_cut`) near where the sure photos (not in doubt, or given
    in a sidecar) show the block, as fractions of each photo's width and height: a group photographs
    its board the same way each time, so a block the tile map missed (a copy's art it has never seen)
    lies about there. The search with those places is the first one and more, so it keeps the first
    outline unless one scores higher; one it leaves becomes the first of the new search's other
    outlines, for the board to weigh (:func:`place_by_board`): more search also finds stronger false
    lattices (a striped table), and the other photos' cells may read as a copy's floor worse than the
    table does. The photos are searched in ``pool``'s workers (None: here, one after the other)."""
    sure = [ph.corners / ph.size for ph in photos if not ph.outline_reasons and min(ph.shape) > 0]
    out = list(photos)
    if not sure:
        return out
    todo = [j for j, ph in enumerate(photos) if ph.located and ph.outline_reasons and (only is None or j in only)]
    if progress is not None and todo:
        names = ", ".join(photos[j].path.name for j in todo)
        progress(todo[0] / len(photos), f"searching {names} again where the other photos show the tiles")
    found = (pool or ModelPool(model)).map(_locate_task, [(photos[j].floor, photos[j].path, ecfg, sure,
                                                            photos[j].judged, photos[j].memo) for j in todo])
    for j, again in zip(todo, found):
        if not np.allclose(again.corners, photos[j].corners):
            again = replace(again, alternatives=(photos[j].corners, *again.alternatives))
        out[j] = again
    return out


def place_by_board(photos: Sequence[FloorPhoto], model: TileModel, board: np.ndarray | None = None,
                   ecfg: EnrolConfig = DEFAULT_ENROL, progress: Progress | None = None) -> list[FloorPhoto]:
    """Every floor photo located by the search placed again by the copy's board: its outline and the
    search's other outlines (and the whole blocks a part of them may belong to, or a row or column
    off) judged by how well the band of board around them matches the other photos' whose outline
    is sure, and the empty board's picture ``board`` (:func:`board_picture`) when given
    (:func:`vision.board_ring.place_by_ring`).

    - An outline in doubt moves where the band agrees at least ``ecfg.ring.accept`` and the cells
      are cut again; at ``ecfg.ring.sure`` or more the doubt is lifted, below it the photo stays
      flagged with the move said.
    - Sure photos are checked first, each against the others. A sure outline moves only when its
      own band, aligned, agrees less than ``accept`` and another outline's at least ``sure``: a
      lattice found confidently in the wrong place (a reference from then on where it moved). It is
      not put in doubt for a band that merely disagrees: on development sets the bands of right
      outlines disagreed as often as the one wrong outline's did.
    - A photo in doubt the search's outlines do not place surely is looked for by the board's edge
      too (``ecfg.edge``, :func:`vision.board_edge.place_by_edge`): the blocks that boards of the
      sure photos' margins would hold inside the photo's quadrilaterals of long straight lines,
      judged by the same band (the lattice may have found nothing near the block: tiles the colour
      of their board, another player's board beside it with stronger seams).
    - A photo in doubt placed with agreement ``sure`` or more is a reference for the rest, and the
      photos still in doubt are tried again while that places another surely.
    - When every photo is in doubt, the two whose outlines' bands agree best, at least ``sure``
      each aligned to the other's, are each other's references, their doubt lifted.
    - Where nothing agrees enough, the photos are as they were. Outlines given in a sidecar are
      never moved."""
    cfg, rcfg = model.cfg, ecfg.ring
    out = list(photos)
    found = [j for j, ph in enumerate(photos) if ph.located]
    sure = [j for j, ph in enumerate(photos) if not ph.outline_reasons]
    refs, images = {}, {}
    for j in sure:
        images[j] = load_image_scaled(photos[j].path, cfg)[0]
        refs[j] = ring_features(images[j], photos[j].corners, GRID_SIZE, rcfg)[0]
    if board is not None:
        refs[-1] = ring_features(board, board_spaces(board), GRID_SIZE, rcfg)[0]

    margins: dict[int, np.ndarray] = {}
    quads: dict[int, list[np.ndarray]] = {}

    def place(j: int) -> RingPlacement | None:
        others = [ref for i, ref in refs.items() if i != j]
        if not others:
            return None
        if progress is not None:
            progress(j / len(out), f"matching the board around the tiles in {out[j].path.name}")
        if j not in images:
            images[j] = load_image_scaled(out[j].path, cfg)[0]
        return place_by_ring(images[j], (out[j].corners, *out[j].alternatives), others, cfg, rcfg)

    def place_in_doubt(j: int) -> RingPlacement | None:
        placed = place(j)
        if ecfg.edge is None or placed is None or placed.agreement >= rcfg.sure:
            return placed
        for i in refs:
            if i >= 0 and i not in margins:
                margins[i] = board_margins(images[i], out[i].corners, GRID_SIZE, ecfg.edge)
        if progress is not None:
            progress(j / len(out), f"looking for the board's edge in {out[j].path.name}")
        if j not in quads:
            quads[j] = edge_quads(images[j], ecfg.edge)
        found = place_by_edge(images[j], [m for i, m in margins.items() if i != j and i in refs],
                              [ref for i, ref in refs.items() if i != j], cfg, rcfg, ecfg.edge, quads[j])
        if found is None or found[1] <= placed.agreement:
            return placed
        return RingPlacement(found[0], found[1], -1, placed.first)

    def move(j: int, placed: RingPlacement, reasons: tuple[str, ...]) -> None:
        ph = out[j]
        crops = ph.crops if placed.source == 0 else crop_tiles(images[j], placed.corners, cfg)
        out[j] = replace(ph, corners=placed.corners, crops=crops, outline_reasons=reasons)

    # the sure ones first, each against the others: moved only when the board clearly says the block
    # lies elsewhere (a lattice found surely in the wrong place)
    for j in [j for j in found if j in refs]:
        placed = place(j)
        if placed is not None and placed.source != 0 and placed.agreement >= rcfg.sure and placed.first < rcfg.accept:
            move(j, placed, ())
            refs[j] = ring_features(images[j], placed.corners, GRID_SIZE, rcfg)[0]
    if not refs:  # every photo in doubt: two whose bands agree surely are each other's reference
        for j in found:
            if j not in images:
                images[j] = load_image_scaled(out[j].path, cfg)[0]
        pair = _agreeing_pair(found, out, images, cfg, rcfg)
        for j in pair:
            out[j] = replace(out[j], outline_reasons=())
            refs[j] = ring_features(images[j], out[j].corners, GRID_SIZE, rcfg)[0]
    # the photos in doubt; one placed surely is a reference for the rest, so go round while that helps
    doubtful = [j for j in found if j not in refs]
    while doubtful:
        placed_surely = False
        for j in list(doubtful):
            placed = place_in_doubt(j)
            if placed is None or placed.agreement < rcfg.accept or (
                    placed.source == 0 and placed.agreement < rcfg.sure):
                continue
            doubtful.remove(j)
            if placed.agreement >= rcfg.sure:
                move(j, placed, ())
                refs[j] = ring_features(images[j], placed.corners, GRID_SIZE, rcfg)[0]
                placed_surely = True
            else:
                move(j, placed, (*out[j].outline_reasons, f"moved to where the board matches the other photos' "
                                                          f"(agreement {placed.agreement:.2f} < {rcfg.sure})"))
        if not placed_surely:
            break
    return out


def place_by_marks(photos: Sequence[FloorPhoto], model: TileModel, board: np.ndarray | None = None,
                   progress: Progress | None = None) -> list[FloorPhoto]:
    """Every floor photo the search left in doubt placed by the copy's board found by its printed
    marks (:func:`vision.board_match.match_board`): the board's picture made of the photos whose
    outline is sure (or given in a sidecar) and of the empty board's picture ``board``
    (:func:`board_picture`) when given, the block mapped from it into the photo and its cells cut
    again. The doubt is lifted when at least ``DEFAULT_MATCH.sure_inliers`` marks agree or the
    block lies within ``DEFAULT_MATCH.agree`` tile of the search's outline; else the photo stays
    flagged with the move said. Where the board is not found surely, or nothing is sure to make
    its picture of, the photos are as they were."""
    cfg = model.cfg
    sure = [j for j, ph in enumerate(photos) if not ph.outline_reasons]
    doubtful = [j for j, ph in enumerate(photos) if ph.located and ph.outline_reasons]
    out = list(photos)
    if not doubtful or (not sure and board is None):
        return out
    images = {j: load_image_scaled(photos[j].path, cfg)[0] for j in sure + doubtful}
    features = template_features(board_template([images[j] for j in sure], [photos[j].corners for j in sure],
                                                 board))
    for j in doubtful:
        ph = photos[j]
        if progress is not None:
            progress(j / len(photos), f"finding the board's printed marks in {ph.path.name}")
        found = match_board(images[j], features)
        if found is None:
            continue
        corners = order_corners(found.corners)
        try:
            crops = crop_tiles(images[j], corners, cfg)
        except ValueError:  # the block beyond the photo's edge
            continue
        if marks_place_surely(found, ph.corners):
            reasons: tuple[str, ...] = ()
        else:
            reasons = (*ph.outline_reasons, f"moved to where the board's printed marks are ({found.inliers} agree, "
                                            f"fewer than {DEFAULT_MATCH.sure_inliers})")
        out[j] = replace(ph, corners=corners, crops=crops, outline_reasons=reasons)
    return out


def place_by_tileness(photos: Sequence[FloorPhoto], model: TileModel, progress: Progress | None = None
                      ) -> list[FloorPhoto]:
    """Every located floor photo whose cells do not look like whole tiles (tileness below
    ``cfg.tileness_doubt``, :func:`vision.tileness.block_tileness`) searched by its cells' tileness
    from its own best outlines and from where each other photo shows the block, as fractions of the
    photo's width and height (:func:`vision.read.found_by_tileness` with ``also``: the block of each
    start's plane that looks most like tiles, climbed): the six photos are taken the same way, so
    where the search was drawn to a table's stripes the others' outlines lie about a tile from the
    garden. The block found is taken, its cells cut again and the photo kept in doubt with the move
    said; a photo not so found gets the doubt (in place of the one it had: one doubt, the latest); a
    model without a tileness learner changes nothing."""
    cfg = model.cfg
    out = list(photos)
    if model.tileness is None:
        return out
    for j, ph in enumerate(photos):
        if not ph.located or min(ph.shape) == 0:
            continue
        image = load_image_scaled(ph.path, cfg)[0]
        if block_tileness(image, ph.corners, model.tileness, cfg) >= cfg.tileness_doubt:
            continue
        if progress is not None:
            progress(j / len(photos), f"looking for whole tiles in {ph.path.name} where the other photos show them")
        starts = [other.corners / other.size * ph.size for i, other in enumerate(photos)
                  if i != j and min(other.shape) > 0]
        doubt, moved = found_by_tileness(image, ph.corners, ph.alternatives, model, also=starts)
        if moved is None:
            if doubt is not None:  # the doubt as judged now, in place of the one judged when first found
                kept = tuple(reason for reason in ph.outline_reasons if not reason.startswith(NOT_TILES))
                out[j] = replace(ph, outline_reasons=(*kept, doubt))
            continue
        out[j] = replace(ph, corners=moved, crops=crop_tiles(image, moved, cfg), alternatives=(ph.corners,
                         *ph.alternatives), outline_reasons=(*ph.outline_reasons, "moved to where its cells look "
                                                             "like whole tiles, near the other photos' blocks"))
    return out


def _agreeing_pair(found: Sequence[int], photos: Sequence[FloorPhoto], images: dict[int, np.ndarray],
                   cfg: VisionConfig, rcfg: RingConfig) -> tuple[int, ...]:
    """The two of the ``found`` photos (indices into ``photos``, their loaded ``images``) whose
    outlines' bands of board agree best, each aligned to the other's and staying within
    ``rcfg.same`` tile of its outline, when that worst-side agreement reaches ``rcfg.sure`` both
    ways; else ``()``."""
    bands = {j: ring_features(images[j], photos[j].corners, GRID_SIZE, rcfg)[0] for j in found}

    def agreement(j: int, i: int) -> float:
        aligned = align_to_ring(images[j], photos[j].corners, [bands[i]], cfg, rcfg)[0]
        if block_offset(aligned, photos[j].corners, GRID_SIZE)[0] > rcfg.same:
            return -1.0  # the band agrees elsewhere: not this outline
        return ring_agreement(images[j], aligned, [bands[i]], GRID_SIZE, rcfg, worst=True)

    best, pair = rcfg.sure, ()
    for a, i in enumerate(found):
        for j in found[a + 1:]:
            value = min(agreement(j, i), agreement(i, j))
            if value >= best:
                best, pair = value, (i, j)
    return pair


def board_spaces(board: np.ndarray) -> np.ndarray:
    """The 4×4 spaces' outline ``(4, 2)`` in a board's picture ``(B, B, 3)`` (:func:`board_picture`):
    they fill the middle, :data:`vision.synth.photo.BOARD_MARGIN` of their side around them."""
    from vision.synth.photo import BOARD_MARGIN

    side = board.shape[0] / (1 + 2 * BOARD_MARGIN)
    lo, hi = (board.shape[0] - side) / 2, (board.shape[0] + side) / 2
    return np.array([[lo, lo], [hi, lo], [hi, hi], [lo, hi]], np.float64)


def board_picture(path: str | Path, model: TileModel, ecfg: EnrolConfig = DEFAULT_ENROL) -> np.ndarray:
    """A photo of the empty board -> its picture for the synthetic camera: the board rectified so its
    4×4 spaces fill the middle ``ecfg.board_side`` pixels, with :data:`vision.synth.photo.BOARD_MARGIN`
    of their side around them (``render_photo(board_image=...)``), ``(B, B, 3)`` uint8 BGR.

    The spaces are found by the reader's own localisation, which looks for a block of squares; on a
    bare board it is sure only when the spaces are clearly printed or embossed. A same-name sidecar
    ``{"corners": [[x, y] x 4]}`` (top-left first, clockwise, in the photo's pixels) gives them by
    hand. Raises :class:`EnrolError` when the photo cannot be read or the spaces are not found surely."""
    from vision.synth.photo import BOARD_MARGIN

    path = Path(path)
    if not path.is_file():
        raise EnrolError(f"{path}: board photo not found", "photo_not_found")
    cfg = model.cfg
    try:
        image, scale = load_image_scaled(path, cfg)
    except (ValueError, OSError) as exc:
        raise _load_error(path, exc, None) from None
    given = _corners_only(path.with_suffix(".json"))
    if given is not None:
        corners = given * scale
    else:
        hint = (f"give the corners of its 16 spaces in {path.with_suffix('.json').name}: "
                f'{{"corners": [[x, y] x 4]}}, top-left first, clockwise, in the photo\'s pixels')
        try:
            found = locate_grid(image, 4, cfg, mask_model=model.tile_map_model)
        except ValueError as exc:
            raise EnrolError(f"{path}: the board's 4×4 spaces were not found ({exc}); {hint}",
                             "board_not_found") from None
        if found.reasons:  # a guess on a bare board is no outline to learn the board from
            raise EnrolError(f"{path}: the board's 4×4 spaces were not found surely ({'; '.join(found.reasons)}); "
                             f"{hint}", "board_unsure")
        corners = found.corners
    side = int(ecfg.board_side)
    margin = round(BOARD_MARGIN * side)
    dst = np.array([[margin, margin], [margin + side, margin], [margin + side, margin + side],
                    [margin, margin + side]], np.float32)
    hom = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), dst)
    full = side + 2 * margin
    # beyond the photo's edge the board's border pixels are repeated (a close-up still gives a board)
    return cv2.warpPerspective(image, hom, (full, full), flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


# --------------------------------------------------------------------------------------------
# cues


def band_pattern(lightness: np.ndarray, inset: float, band: tuple[float, float], radii: int = 8, angles: int = 64,
                 freqs: int = 12) -> np.ndarray:
    """Upright cells' lightness ``(K, T, T)`` -> ``(K, radii + freqs)``: the path band's pattern, free of
    its lightness and of where along the band a tile's pattern starts: its profile across the band
    (the log of each radius's mean over the band's mean; edges, a raised rim) and the spectrum along it
    (the magnitudes of the first ``freqs`` frequencies of each radius's lightness around the quarter
    circle, over their sum, averaged over the radii: dots, planks, bricks repeat at their own pace)."""
    k, side = lightness.shape[0], lightness.shape[1]
    r = np.linspace(band[0], band[1], radii, dtype=np.float32)[:, None]
    theta = np.linspace(0.0, np.pi / 2, angles, dtype=np.float32)[None, :]
    to_pixel = side / (1 - 2 * inset)
    map_x = ((r * np.cos(theta) - inset) * to_pixel - 0.5).astype(np.float32)
    map_y = ((r * np.sin(theta) - inset) * to_pixel - 0.5).astype(np.float32)
    out = np.empty((k, radii + freqs), np.float64)
    for i in range(k):
        polar = cv2.remap(lightness[i], map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        polar = polar.astype(np.float64)
        means = polar.mean(axis=1) + 1.0
        spectrum = np.abs(np.fft.rfft(polar - polar.mean(axis=1, keepdims=True), axis=1))[:, 1:freqs + 1]
        spectrum /= spectrum.sum(axis=1, keepdims=True) + 1e-6
        out[i, :radii] = np.log(means / means.mean())
        out[i, radii:] = spectrum.mean(axis=0)
    return out


def cell_cues(crops: np.ndarray, corners: np.ndarray, inset: float, ecfg: EnrolConfig = DEFAULT_ENROL
              ) -> dict[str, np.ndarray]:
    """Cells ``(K, T, T, 3)`` uint8 BGR and their corner indices ``(K,)`` (VOCAB order) -> cues:
    ``path (K, 11)`` (with ``ecfg.path_pattern`` ``(K, 31)``: :func:`band_pattern` added),
    ``floor (K, 6)`` and ``figure (K, 64 + 3 + 128)`` (figure shape against the photo's floor,
    figure colour, gradient histograms), ``floor_lab (K, 3)``. All cells must be
    of one photo (the floor model is the photo's)."""
    if crops.ndim != 4 or crops.shape[3] != 3 or crops.dtype != np.uint8:
        raise ValueError(f"crops must be (K, T, T, 3) uint8, got {crops.shape} {crops.dtype}")
    up = upright_crops(crops, corners)
    k, side = up.shape[0], up.shape[1]
    lab = np.stack([cv2.cvtColor(c, cv2.COLOR_BGR2LAB) for c in up]).astype(np.float32)
    x, y = tile_coords(side, inset)
    dist = np.hypot(x, y)
    band = (dist >= ecfg.band[0]) & (dist <= ecfg.band[1])
    floor_m = (dist <= ecfg.floor_inner) | ((x >= 1 - ecfg.floor_corner) & (y <= ecfg.floor_corner)) | (
        (x <= ecfg.floor_corner) & (y >= 1 - ecfg.floor_corner))
    lo, hi = ecfg.figure
    fig = (x >= lo) & (x <= hi) & (y >= lo) & (y <= hi)
    gx, gy = lightness_gradients(np.ascontiguousarray(lab[..., 0]))
    # radial unit vector from the top-left corner: edges across planks are tangential gradients
    ux, uy = x / np.maximum(dist, 1e-6), y / np.maximum(dist, 1e-6)
    radial = np.abs(gx * ux + gy * uy)
    tangential = np.abs(-gx * uy + gy * ux)
    band_lab = lab[:, band]  # (K, n, 3)
    floor_lab = lab[:, floor_m]
    b_mean, b_std = band_lab.mean(axis=1), band_lab.std(axis=1)
    f_med = np.median(floor_lab, axis=1)
    rad, tan = radial[:, band].mean(axis=1), tangential[:, band].mean(axis=1)
    path = np.column_stack([b_mean, b_std, b_mean - f_med, np.log((tan + 1) / (rad + 1)), np.log1p(rad + tan)])
    if ecfg.path_pattern:  # the band's pattern across and along it, whatever its lightness
        path = np.column_stack([path, band_pattern(lab[..., 0], inset, ecfg.band)])
    floor = np.column_stack([f_med, floor_lab.std(axis=1)])
    # figure: pixels unlike the photo's floor (its median colour and spread over every cell)
    photo_floor = np.median(floor_lab.reshape(-1, 3), axis=0)
    spread = np.median(np.abs(floor_lab.reshape(-1, 3) - photo_floor), axis=0) * 1.4826 + 2.0
    dev = np.sqrt((((lab - photo_floor) / spread) ** 2).sum(axis=3))
    soft = np.clip((dev - ecfg.figure_spread) / 2.0, 0, 1) * fig
    box = figure_box(side, inset, ecfg.figure)
    shape = np.stack([cv2.resize(s[box], (8, 8), interpolation=cv2.INTER_AREA).ravel() for s in soft])
    weight = soft.reshape(k, -1)
    colour = (lab.reshape(k, -1, 3) * weight[..., None]).sum(axis=1) / (weight.sum(axis=1, keepdims=True) + 1.0)
    figure = np.column_stack([shape, colour, gradient_histograms(gx, gy, box)])
    return {"path": path.astype(np.float64), "floor": floor.astype(np.float64), "figure": figure.astype(np.float64),
            "floor_lab": f_med.astype(np.float64)}


# --------------------------------------------------------------------------------------------
# joint labels


@dataclass(frozen=True)
class Decision:
    """Labels decided for one floor photo: ``pair[c]`` index into :data:`PAIRS` per cell (``ODD`` for
    the other floor's tile), its corner index, the odd tile's floor, and the unsure cells."""

    pair: np.ndarray
    corner: np.ndarray
    odd_floor: Floor
    odd_pair: int
    unsure: tuple[str, ...]

    def garden(self, floor: Floor) -> Garden:
        tiles = []
        for cell in range(CELLS):
            idx = int(self.pair[cell])
            f = floor if idx != ODD else self.odd_floor
            p, d = PAIRS[idx if idx != ODD else self.odd_pair]
            tiles.append(Tile(f, ALL_PATHS[p], ALL_DECORS[d], ALL_CORNERS[int(self.corner[cell])]))
        return Garden(tuple(tuple(tiles[r * GRID_SIZE:(r + 1) * GRID_SIZE]) for r in range(GRID_SIZE)))


def _standardise(x: np.ndarray) -> np.ndarray:
    return (x - x.mean(axis=0)) / (x.std(axis=0) + 1e-6)


def _centre_per_photo(x: np.ndarray, photos: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """Subtract each photo's mean over its kept cells (the floor's and the light's share)."""
    out = x.copy()
    for p in np.unique(photos):
        sel = photos == p
        out[sel] -= x[sel & keep].mean(axis=0)
    return out


def _prototype_costs(x: np.ndarray, labels: np.ndarray, classes: int, fixed: np.ndarray) -> np.ndarray:
    """``(K, D)`` cues and labels (``-1`` = none) -> ``(K, classes)`` cost: squared distance to each
    class mean over the pooled within-class variance, per dimension (a diagonal Gaussian)."""
    means = np.zeros((classes, x.shape[1]))
    var = np.zeros(x.shape[1])
    count = 0
    for c in range(classes):
        members = x[labels == c]
        if len(members) == 0:
            means[c] = np.inf
            continue
        means[c] = members.mean(axis=0)
        var += ((members - means[c]) ** 2).sum(axis=0)
        count += len(members)
    var = var / max(1, count - classes) + 0.05
    cost = 0.5 * (((x[:, None, :] - means[None]) ** 2) / var).sum(axis=2) / x.shape[1] * min(x.shape[1], 8)
    return np.where(np.isfinite(cost), cost, 1e3)


def decide_labels(photos: Sequence[FloorPhoto], probs: Sequence[object], ecfg: EnrolConfig = DEFAULT_ENROL,
                  inset: float = 0.06) -> list[Decision]:
    """Jointly decide every floor photo's 15 path × decor labels and its odd tile (see the module).

    ``probs`` are the bundled readers' :class:`vision.decode.AttributeProbs` per photo (16 cells).
    Labelled photos keep their labels and lend their cells to the prototypes."""
    n = len(photos)
    corner = np.concatenate([np.argmax(pr.corner, axis=1) for pr in probs])  # type: ignore[attr-defined]
    corner_sure = np.concatenate([np.max(pr.corner, axis=1) for pr in probs])  # type: ignore[attr-defined]
    photo_of = np.repeat(np.arange(n), CELLS)
    cues = [cell_cues(ph.crops, corner[i * CELLS:(i + 1) * CELLS], inset, ecfg) for i, ph in enumerate(photos)]
    path_x = np.concatenate([c["path"] for c in cues])
    fig_x = np.concatenate([c["figure"] for c in cues])
    floor_x = _standardise(np.concatenate([c["floor"] for c in cues]))
    if not ecfg.odd_by_spread:  # the floor's colour alone tells the odd tile (its spread: shadows, figures)
        floor_x = floor_x[:, :3]
    eps = 1e-6
    prior_path = -np.log(np.concatenate([pr.path for pr in probs]) + eps)  # type: ignore[attr-defined]
    prior_decor = -np.log(np.concatenate([pr.decor for pr in probs]) + eps)  # type: ignore[attr-defined]
    prior_floor = np.concatenate([pr.floor for pr in probs])  # type: ignore[attr-defined]

    # fixed labels from sidecars
    fixed = np.full(n * CELLS, -1)
    for i, ph in enumerate(photos):
        if ph.labelled is None:
            continue
        for cell, (_, tile) in enumerate(ph.labelled.cells()):
            k = i * CELLS + cell
            corner[k] = ALL_CORNERS.index(tile.corner)
            fixed[k] = ODD if tile.floor is not ph.floor else PAIRS.index(
                (ALL_PATHS.index(tile.path), ALL_DECORS.index(tile.decor)))
    # floor cost of the odd column: own photo's floor against the nearest other photo's floor
    own_floor = [ph.floor for ph in photos]
    odd_cost = np.zeros(n * CELLS)
    floor_proto: dict[Floor, np.ndarray] = {}
    for f in dict.fromkeys(own_floor):
        sel = np.isin(photo_of, [i for i, g in enumerate(own_floor) if g is f])
        floor_proto[f] = np.median(floor_x[sel], axis=0)
    floor_spread = np.median(np.abs(floor_x - np.stack([floor_proto[own_floor[p]] for p in photo_of])), axis=0) \
        * 1.4826 + 0.05
    d_own = (((floor_x - np.stack([floor_proto[own_floor[p]] for p in photo_of])) / floor_spread) ** 2).sum(axis=1)
    for k in range(n * CELLS):
        others = [(((floor_x[k] - v) / floor_spread) ** 2).sum() for f, v in floor_proto.items()
                  if f != own_floor[photo_of[k]]]
        # the odd tile may be of a floor not photographed: then it is odd when far from its own floor
        unseen = 3.0 * floor_x.shape[1]
        d_other = min(others) if others else unseen
        if len(floor_proto) < len(ALL_FLOORS):
            d_other = min(d_other, unseen)
        if ecfg.odd_other_cap is not None:
            d_other = min(d_other, ecfg.odd_other_cap * floor_x.shape[1])
        p_own = prior_floor[k, ALL_FLOORS.index(own_floor[photo_of[k]])]
        odd_cost[k] = 0.5 * (d_other - d_own[k]) + ecfg.prior_weight * (np.log(p_own + eps) - np.log(1 - p_own + eps))

    pair_path = np.array([p for p, _ in PAIRS])
    pair_decor = np.array([d for _, d in PAIRS])
    labels = fixed.copy()
    keep = np.ones(n * CELLS, bool)
    path_cost = ecfg.prior_weight * prior_path * 2
    decor_cost = ecfg.prior_weight * prior_decor * 2
    previous = None
    for _round in range(ecfg.rounds):
        labels = _assign(path_cost, decor_cost, odd_cost, fixed, n, pair_path, pair_decor)
        if previous is not None and np.array_equal(labels, previous):
            break
        previous = labels
        keep = labels != ODD
        pl = np.where(keep, pair_path[np.minimum(labels, ODD - 1)], -1)
        dl = np.where(keep, pair_decor[np.minimum(labels, ODD - 1)], -1)
        px = _standardise(_centre_per_photo(path_x, photo_of, keep))
        fx = _centre_per_photo(_standardise(fig_x), photo_of, keep)
        fx = _pca(fx, keep, ecfg.figure_dims)
        path_cost = _prototype_costs(px, pl, len(ALL_PATHS), fixed) + ecfg.prior_weight * prior_path
        decor_cost = _prototype_costs(fx, dl, len(ALL_DECORS), fixed) + ecfg.prior_weight * prior_decor
    labels = _assign(path_cost, decor_cost, odd_cost, fixed, n, pair_path, pair_decor)
    return [_decision(i, labels, corner, path_cost, decor_cost, odd_cost, prior_floor, own_floor, fixed, ecfg,
                      corner_sure) for i in range(n)]


def _pca(x: np.ndarray, keep: np.ndarray, dims: int) -> np.ndarray:
    """``x`` projected on its ``dims`` main directions (fitted on the kept rows), standardised."""
    centred = x - x[keep].mean(axis=0)
    _, _, vt = np.linalg.svd(centred[keep], full_matrices=False)
    z = centred @ vt[:dims].T
    return z / (z[keep].std(axis=0) + 1e-6)


def _cost_matrix(i: int, path_cost: np.ndarray, decor_cost: np.ndarray, odd_cost: np.ndarray,
                 pair_path: np.ndarray, pair_decor: np.ndarray) -> np.ndarray:
    """``(16, 16)`` cost of photo ``i``'s cells (rows) for the 15 pairs and the odd column."""
    rows = slice(i * CELLS, (i + 1) * CELLS)
    m = np.zeros((CELLS, ODD + 1))
    m[:, :ODD] = path_cost[rows][:, pair_path] + decor_cost[rows][:, pair_decor]
    # being the odd tile costs as much as the cell's best pair plus the floor evidence
    m[:, ODD] = odd_cost[rows] + m[:, :ODD].min(axis=1)
    return m


def _assign(path_cost: np.ndarray, decor_cost: np.ndarray, odd_cost: np.ndarray, fixed: np.ndarray, n: int,
            pair_path: np.ndarray, pair_decor: np.ndarray) -> np.ndarray:
    labels = np.empty(n * CELLS, np.int64)
    for i in range(n):
        rows = slice(i * CELLS, (i + 1) * CELLS)
        if np.all(fixed[rows] >= 0):
            labels[rows] = fixed[rows]
            continue
        m = _cost_matrix(i, path_cost, decor_cost, odd_cost, pair_path, pair_decor)
        r, c = linear_sum_assignment(m)
        out = np.empty(CELLS, np.int64)
        out[r] = c
        labels[rows] = out
    return labels


def _decision(i: int, labels: np.ndarray, corner: np.ndarray, path_cost: np.ndarray, decor_cost: np.ndarray,
              odd_cost: np.ndarray, prior_floor: np.ndarray, own_floor: list[Floor], fixed: np.ndarray,
              ecfg: EnrolConfig, corner_sure: np.ndarray | None = None) -> Decision:
    pair_path = np.array([p for p, _ in PAIRS])
    pair_decor = np.array([d for _, d in PAIRS])
    rows = slice(i * CELLS, (i + 1) * CELLS)
    lab = labels[rows]
    m = _cost_matrix(i, path_cost, decor_cost, odd_cost, pair_path, pair_decor)
    unsure = []
    if not np.all(fixed[rows] >= 0):
        holder = {int(c): cell for cell, c in enumerate(lab)}
        for cell in range(CELLS):
            mine = int(lab[cell])
            best = np.inf
            for other, col in holder.items():
                if other == mine:
                    continue
                swap = m[cell, other] + m[col, mine] - m[cell, mine] - m[col, other]
                best = min(best, swap)
            doubtful_turn = (corner_sure is not None and mine != ODD  # the odd tile is left out: its turn unused
                             and corner_sure[i * CELLS + cell] < ecfg.corner_unsure)
            if best < ecfg.unsure_margin or doubtful_turn:
                unsure.append(cell_name(divmod(cell, GRID_SIZE)))
    odd_cells = np.nonzero(lab == ODD)[0]
    k = i * CELLS + (int(odd_cells[0]) if len(odd_cells) else 0)
    # the odd tile's floor: the bundled floor reader's choice among the others (the other photos'
    # floor colours were taken in their own light, so the nearest of them misnames it)
    odd_floor = max((f for f in ALL_FLOORS if f != own_floor[i]), key=lambda f: prior_floor[k, ALL_FLOORS.index(f)])
    odd_pair = int(np.argmin(path_cost[k][pair_path] + decor_cost[k][pair_decor]))
    return Decision(lab.copy(), corner[rows].copy(), odd_floor, odd_pair, tuple(unsure))


# --------------------------------------------------------------------------------------------
# the whole enrolment


@dataclass
class Enrolment:
    """What ``enrol`` decided: per photo its garden (labels as decided or given), corners in the
    photo's own pixels, unsure cells and outline warnings; the copy model when built."""

    photos: list[FloorPhoto]
    gardens: list[Garden]
    unsure: list[tuple[str, ...]]
    model: TileModel | None = None
    seconds: dict[str, float] = field(default_factory=dict)
    #: The copy's board as :func:`board_picture` rectified it (``--board``), or None.
    board: np.ndarray | None = None


def settle_outlines(photos: Sequence[FloorPhoto], model: TileModel, board: np.ndarray | None = None,
                    ecfg: EnrolConfig = DEFAULT_ENROL, progress: Progress | None = None,
                    pool: ModelPool | None = None) -> list[FloorPhoto]:
    """The floor photos' outlines settled by each other and the copy's board (its picture ``board``,
    :func:`board_picture`, when given): the photos in doubt searched again near the sure ones
    (:func:`found_again_near`), placed by the board's band (:func:`place_by_board`), then, when the
    band lifted the doubt on some (two photos whose bands agree, where none was sure before), those
    it left in place and in doubt searched again near those, and last placed by the board's printed
    marks (:func:`place_by_marks`). The searches run in ``pool``'s workers (None: here)."""
    searched = found_again_near(photos, model, ecfg, progress, pool=pool)
    settled = place_by_board(searched, model, board, ecfg, progress)
    if any(ph.located and not ph.outline_reasons and was.outline_reasons for ph, was in zip(settled, searched)):
        again = [j for j, (ph, was) in enumerate(zip(settled, searched))
                 if ph.outline_reasons and np.array_equal(ph.corners, was.corners)]
        settled = found_again_near(settled, model, ecfg, progress, again, pool)
    return place_by_tileness(place_by_marks(settled, model, board, progress), model, progress)


def enrol_labels(floors: Sequence[tuple[str, str | Path]], base: TileModel, ecfg: EnrolConfig = DEFAULT_ENROL,
                 progress: Progress | None = None, board: str | Path | np.ndarray | None = None
                 ) -> Enrolment:
    """Locate, cut and label every floor photo (no model built); with ``board`` (a photo of the empty
    board) also its picture (:func:`board_picture`), checked first so a bad one fails at once, or
    that picture itself ``(B, B, 3)`` when made already. The board's picture also places the floor
    photos in doubt (:func:`settle_outlines`). The photos are worked on in one order whatever the
    order given (by floor as :data:`ALL_FLOORS`, then file name: the sure photos place the others
    in turn), so the same photos give the same result; it comes back in the order given."""
    report = progress or (lambda _f, _m: None)
    given = check_inputs(floors)
    order = sorted(range(len(given)), key=lambda j: (ALL_FLOORS.index(given[j][0]), given[j][1].name,
                                                     str(given[j][1])))
    pairs = [given[j] for j in order]
    board_pic = board if isinstance(board, np.ndarray) else None
    if board is not None and board_pic is None:
        report(0.0, f"finding the spaces of the board in {Path(board).name}")
        board_pic = board_picture(board, base, ecfg)
    photos = []
    with one_thread(), ModelPool(base, min(ecfg.workers, len(pairs))) as pool:  # many small reads, as a photo's
        report(0.0, f"finding the tiles in {pairs[0][1].name} ({pairs[0][0].value})")
        for j, photo in enumerate(pool.imap(_locate_task, [(floor, path, ecfg, (), None, None)
                                                            for floor, path in pairs])):
            photos.append(photo)
            if j + 1 < len(pairs):
                report((j + 1) / len(pairs), f"finding the tiles in {pairs[j + 1][1].name} ({pairs[j + 1][0].value})")
        photos = settle_outlines(photos, base, board_pic, ecfg, lambda f, m: report(1.0, m), pool)
        probs = [base.predict_probs(ph.crops) for ph in photos]
    decisions = decide_labels(photos, probs, ecfg, base.cfg.tile_inset)
    gardens, unsure = [], []
    for ph, dec in zip(photos, decisions):
        if ph.labelled is not None:
            gardens.append(ph.labelled)
            unsure.append(())
        else:
            gardens.append(dec.garden(ph.floor))
            unsure.append(dec.unsure)
    back = np.argsort(order)
    return Enrolment([photos[k] for k in back], [gardens[k] for k in back], [unsure[k] for k in back],
                     board=board_pic)


def write_labels(enrolment: Enrolment, out_dir: str | Path) -> list[Path]:
    """Each enrolment photo copied to ``out_dir`` under its own name with a sidecar of the decided
    labels (the labelled-photo format; corners in the photo's pixels), plus ``floor`` and ``unsure``."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for ph, garden, unsure in zip(enrolment.photos, enrolment.gardens, enrolment.unsure):
        target = out / ph.path.name
        if target.resolve() != ph.path.resolve():
            shutil.copyfile(ph.path, target)
        sidecar = {"garden": garden.to_lists(),
                   "corners": [[round(float(x), 2), round(float(y), 2)] for x, y in ph.corners / ph.scale],
                   "floor": ph.floor.value, "unsure": list(unsure)}
        target.with_suffix(".json").write_text(json.dumps(sidecar, indent=1) + "\n", encoding="utf-8")
        written.append(target)
    return written


def copy_art(enrolment: Enrolment, side: int, cfg: VisionConfig, casts: np.ndarray | None = None) -> TileArt:
    """The copy's tile pictures: every enrolment photo's own-floor tiles (the odd one left out),
    upright, ``side`` pixels -> :class:`vision.synth.exemplar.TileArt`; with ``casts`` ``(J, 2)``
    (:func:`enrolment_board`) each photo's cast undone first, so all are in one light."""
    kinds: list[TileKind] = []
    images = []
    with tempfile.TemporaryDirectory(prefix="zengarden-enrol-") as tmp:
        labelled = _labelled_photos(enrolment, Path(tmp), cfg, casts)
        for ph, lp in zip(enrolment.photos, labelled):
            art = tile_art_from_photos([lp], side, cfg)
            for kind, img in zip(art.kinds, art.images):
                if kind.floor is ph.floor:
                    kinds.append(kind)
                    images.append(img)
    return TileArt(tuple(kinds), np.stack(images))


def _labelled_photos(enrolment: Enrolment, tmp: Path, cfg: VisionConfig, casts: np.ndarray | None = None,
                     skip_odd: bool = False) -> list[LabelledPhoto]:
    """The enrolment photos as labelled photos (copies with sidecars in ``tmp``), each with its
    cast in ``casts`` ``(J, 2)`` undone when given; with ``skip_odd`` the tile of another floor in a
    photo not labelled by the player is marked not to be learned from (``LabelledPhoto.skip``)."""
    out = []
    for j, (ph, garden) in enumerate(zip(enrolment.photos, enrolment.gardens)):
        image, _ = load_image_scaled(ph.path, cfg)
        if casts is not None and np.any(casts[j]):
            image = apply_gains(image[None], cast_gains(-casts[j][0], -casts[j][1]))[0]
        path = write_labelled(tmp / f"enrol-{j:02d}.jpg", image, garden, ph.corners, quality=95)
        skip = frozenset(cell for cell, (_, tile) in enumerate(garden.cells())
                         if tile.floor is not ph.floor) if skip_odd and ph.labelled is None else frozenset()
        out.append(replace(read_labelled(path), skip=skip))
    return out


@dataclass(frozen=True)
class CopyBoard:
    """What the enrolment photos show of the copy's board: per photo its light's ``casts`` ``(J, 2)``
    against the others' (:func:`copy_board`), and the band of board around the block in the photos
    that show the common board, ``refs`` ``(R, 4, 3, P)`` (:func:`vision.board_ring.ring_features`,
    first turn), for placing a garden in doubt by that board when it is read; ``linked`` ``(J,)``
    the photos whose cast the board tells (their band agrees with the others'); ``picture`` the
    board rectified from those photos and the empty board's (:func:`vision.board_match.board_template`),
    whose printed marks find the board in a photo being read, or None when no two photos show one
    board and there is no empty board's picture; ``found_by_marks`` in how many of the linked
    photos the board is found by the picture's marks (:func:`vision.board_match.match_board`: a
    board of too few distinct marks is found in none)."""

    casts: np.ndarray
    refs: np.ndarray
    linked: np.ndarray
    picture: np.ndarray | None = None
    found_by_marks: int = 0


def copy_board(images: Sequence[np.ndarray], corners: Sequence[np.ndarray], ecfg: EnrolConfig = DEFAULT_ENROL,
               board: np.ndarray | None = None) -> CopyBoard:
    """The enrolment photos ``(M, N, 3)`` with their blocks' ``corners`` ``(4, 2)`` -> their
    :class:`CopyBoard`. Photos whose band of board agrees with the others' (median
    :func:`vision.board_ring.ring_agreement` at least ``ecfg.palette_board_agreement``) show one
    board; for them the band's colour (:func:`vision.board_ring.band_chroma`) less its mean over
    them is their light's cast (zero for a photo on another board, and for all unless two agree),
    and their bands are the references, with the empty board's picture's (``board``,
    :func:`board_picture`) when given; the board's picture is made from the same photos and that one."""
    count = len(images)
    casts = np.zeros((count, 2))
    turns = [ring_features(img, c, GRID_SIZE, ecfg.ring) for img, c in zip(images, corners)]
    bands = [t[0] for t in turns]
    same: list[int] = []
    if count >= 2:
        agree = [float(np.median([bands_agreement(turns[i], [bands[j]]) for j in range(count) if j != i]))
                 for i in range(count)]
        same = [i for i in range(count) if agree[i] >= ecfg.palette_board_agreement]
    same = same if len(same) >= 2 else []
    if same:
        colours = np.stack([band_chroma(images[i], corners[i], GRID_SIZE, ecfg.ring) for i in same])
        casts[same] = colours - colours.mean(axis=0)
    refs = [bands[i] for i in same]
    if board is not None:
        refs.append(ring_features(board, board_spaces(board), GRID_SIZE, ecfg.ring)[0])
    shape = (0, *bands[0].shape) if bands else (0, 4, 3, 0)
    linked = np.zeros(count, bool)
    linked[same] = True
    picture = (board_template([images[i] for i in same], [corners[i] for i in same], board)
               if same or board is not None else None)
    found = 0
    if picture is not None and same:
        features = template_features(picture)
        found = sum(match_board(images[i], features) is not None for i in same)
    return CopyBoard(casts, np.stack(refs).astype(np.float32) if refs else np.zeros(shape, np.float32), linked,
                     picture, found)


def enrolment_board(enrolment: Enrolment, cfg: VisionConfig, ecfg: EnrolConfig = DEFAULT_ENROL) -> CopyBoard:
    """:func:`copy_board` of an enrolment's photos (and its board's picture)."""
    images = [load_image_scaled(ph.path, cfg)[0] for ph in enrolment.photos]
    return copy_board(images, [ph.corners for ph in enrolment.photos], ecfg, enrolment.board)


def floor_palette(enrolment: Enrolment, casts: np.ndarray | None = None) -> dict[str, list[float]] | None:
    """The copy's colour of each floor (floor name -> [log B/G, log R/G]): the median chroma
    (:func:`vision.light.tile_chroma`) of each photo's own-floor tiles, its light's cast
    (``casts`` ``(J, 2)``, :func:`enrolment_board`; none when not given) taken off, averaged over a
    floor's photos. None unless all six floors were enrolled (a tile of a floor missing would take
    the nearest one's colour)."""
    casts = np.zeros((len(enrolment.photos), 2)) if casts is None else casts
    per_floor: dict[Floor, list[np.ndarray]] = {}
    for ph, garden, cast in zip(enrolment.photos, enrolment.gardens, casts):
        own = [k for k, (_, tile) in enumerate(garden.cells()) if tile.floor is ph.floor]
        if own:
            per_floor.setdefault(ph.floor, []).append(np.median(tile_chroma(ph.crops[own]), axis=0) - cast)
    if any(f not in per_floor for f in ALL_FLOORS):
        return None
    return {f.value: [round(float(v), 4) for v in np.mean(per_floor[f], axis=0)] for f in ALL_FLOORS}


def path_palette(enrolment: Enrolment, casts: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG
                 ) -> dict[str, list[float]] | None:
    """The copy's colour of each path material's band (material name -> [log B/G, log R/G]): the
    median :func:`vision.light.path_chroma` of the photos' own-floor tiles of that material, each
    turned upright by its labelled corner and its photo's light's cast (``casts`` ``(J, 2)``, as
    :func:`floor_palette`) taken off. None when a material has no tile."""
    per_path: dict[PathMaterial, list[np.ndarray]] = {}
    for ph, garden, cast in zip(enrolment.photos, enrolment.gardens, casts):
        own = [(k, tile) for k, (_, tile) in enumerate(garden.cells()) if tile.floor is ph.floor]
        if not own:
            continue
        corners = np.array([VOCAB["corner"].index(tile.corner.value) for _, tile in own])
        bands = path_chroma(upright_crops(ph.crops[[k for k, _ in own]], corners), cfg.review_path_band, cfg.tile_inset)
        for (_, tile), band in zip(own, bands):
            per_path.setdefault(tile.path, []).append(band - cast)
    if any(m not in per_path for m in ALL_PATHS):
        return None
    return {m.value: [round(float(v), 4) for v in np.median(per_path[m], axis=0)] for m in ALL_PATHS}


def on_copy_board(renders: int, share: float) -> list[bool]:
    """Which of ``renders`` rendered photos show the copy's own board: a ``share`` of them, spread
    evenly (photo ``i`` while fewer than ``round(share * (i + 1))`` before it do)."""
    shown, out = 0, []
    for i in range(renders):
        out.append(shown < round(share * (i + 1)))
        shown += out[-1]
    return out


#: Rendered photos of a copy per task sent to a worker (each task carries the copy's pictures).
RENDER_CHUNK = 16


def _render_task(_model: TileModel, task: tuple[TileArt, np.ndarray | None, Path, EnrolConfig,
                                                 list[tuple[int, bool]]]) -> list[Path]:
    """Rendered photos ``(i, on the copy's board)`` of :func:`render_copy`, as a worker renders them."""
    from vision.synth.generate import photo_rng
    from vision.synth.photo import render_photo

    art, board, out, ecfg, which = task
    paths = []
    for i, shown in which:
        rng = photo_rng(ecfg.render_seed, i)
        garden, pictures = art_garden(art, rng)
        image, truth = render_photo(garden, rng, size=ecfg.render_size, difficulty="mixed", tile_images=pictures,
                                    family="train", board_image=board if shown else None)
        paths.append(write_labelled(out / f"copy-{i:05d}.jpg", image, truth["garden"], truth["corners"]))
    return paths


def render_copy(art: TileArt, board: np.ndarray | None, out: Path, ecfg: EnrolConfig = DEFAULT_ENROL,
                pool: ModelPool | None = None) -> Iterator[Path]:
    """The ``ecfg.renders`` photos a copy model learns from: random gardens of the copy's ``art`` on
    random boards, ``ecfg.board_share`` of them on its own ``board`` (its picture, when it has one;
    :func:`on_copy_board`), photo ``i`` drawn from ``photo_rng(ecfg.render_seed, i)``; written into
    ``out`` as labelled photos, their paths yielded in order. Rendered in ``pool``'s workers,
    :data:`RENDER_CHUNK` at a time (None: here), the same photos either way."""
    out.mkdir(parents=True, exist_ok=True)
    which = list(enumerate(on_copy_board(ecfg.renders, ecfg.board_share if board is not None else 0.0)))
    if pool is None:
        for item in which:
            yield from _render_task(None, (art, board, out, ecfg, [item]))  # type: ignore[arg-type]
        return
    chunks = [which[k:k + RENDER_CHUNK] for k in range(0, len(which), RENDER_CHUNK)]
    for paths in pool.imap(_render_task, [(art, board, out, ecfg, chunk) for chunk in chunks]):
        yield from paths


def build_copy_model(enrolment: Enrolment, base: TileModel, ecfg: EnrolConfig = DEFAULT_ENROL,
                     progress: Progress | None = None, work_dir: str | Path | None = None,
                     extra: Sequence[LabelledPhoto] = ()) -> TileModel:
    """Train readers for the enrolled copy: ``ecfg.renders`` photos of random gardens of its own
    tile pictures on random boards (``ecfg.board_share`` of them on the copy's own board when the
    enrolment has one), plus the enrolment photos and ``extra`` labelled photos of the same copy
    (games' photos the players corrected), both weighted ``ecfg.photo_weight``; the tile map is
    learned again from the renders or kept from ``base`` (``ecfg.learn_map``); the floor reader is
    pooled with ``base``'s (``ecfg.floor_pool``). The enrolment photos are first brought to one
    light (:func:`enrolment_board`), and the copy's floor colours in it kept as the model's floor
    palette (:func:`floor_palette`; when at least ``ecfg.palette_min_linked`` of the photos are
    linked by the board), by which every garden's cast is undone when it is read; the
    band of board around the blocks of the photos that show one board (and the empty board's) is
    kept too (``TileModel.board_refs``), by which a garden in doubt is placed on that board."""
    from vision.train import fit_readers, pooled_linear, refit_mask

    report = progress or (lambda _f, _m: None)
    cfg = base.cfg
    with tempfile.TemporaryDirectory(prefix="zengarden-enrol-") as tmp_name:
        tmp = Path(work_dir) if work_dir is not None else Path(tmp_name)
        tmp.mkdir(parents=True, exist_ok=True)
        seen_board = enrolment_board(enrolment, cfg, ecfg)  # the photos brought to one light
        casts = seen_board.casts
        art = copy_art(enrolment, ecfg.art_side, cfg, casts)
        rendered = []
        on_board = sum(on_copy_board(ecfg.renders, ecfg.board_share)) if enrolment.board is not None else 0
        enrolled = _labelled_photos(enrolment, tmp, cfg, casts, skip_odd=not ecfg.learn_odd_tile)
        learn_map = ecfg.learn_map if ecfg.learn_map is not None else enrolment.board is not None
        head = 0.85 if learn_map else 1.0
        with ModelPool(base, ecfg.workers) as pool:
            report(0.0, f"rendering your tiles 0/{ecfg.renders}")
            for i, path in enumerate(render_copy(art, enrolment.board, tmp / "renders", ecfg, pool), 1):
                if i % 10 == 0:
                    report(0.5 * i / ecfg.renders, f"rendering your tiles {i}/{ecfg.renders}")
                rendered.append(read_labelled(path))
            model = fit_readers([(rendered, 1.0), ([*enrolled, *extra], ecfg.photo_weight)], base,
                                lambda f, m: report(0.5 + (head - 0.5) * f, m), pool)
        if learn_map:  # the tile map learns the copy's art and board too
            model = refit_mask(model, [tmp / "renders"], lambda f, m: report(head + (1 - head) * f, "tile map: " + m))
    pooled = ""
    if ecfg.floor_pool > 0:
        floor = copy.copy(model.readers["floor"])
        try:
            floor.estimator_ = pooled_linear(floor.estimator_, base.readers["floor"].estimator_, ecfg.floor_pool)
            model.readers["floor"] = floor
            pooled = f", floor reader pooled with the base model's (weight {ecfg.floor_pool:g})"
        except ValueError:  # a base whose floor reader is not linear: the copy's own is kept
            pass
    palette = floor_palette(enrolment, casts)
    # the copy's floor colours, which tell each garden's cast when it is read: only when the board
    # brings most photos to one light (each in a light of its own, the colours disagree)
    if palette is not None and seen_board.linked.mean() >= ecfg.palette_min_linked:
        model.meta["floor_palette"] = palette
        materials = path_palette(enrolment, casts, cfg)  # the path bands' colours pin the cast too
        if materials is not None:
            model.meta["path_palette"] = materials
    if len(seen_board.refs):  # the copy's board, which places a garden in doubt when it is read
        model.board_refs = seen_board.refs
        model.meta[RING_SHADING] = ecfg.ring.shading  # the bands are compared as they were cut
    model.board_picture = seen_board.picture
    model.tile_pictures = picture_stack(art.kinds, art.images, cfg)  # matched against the tiles read
    if seen_board.picture is not None and seen_board.linked.any():  # how well the marks find it, for the player
        model.meta["board_found_by_marks"] = [seen_board.found_by_marks, int(seen_board.linked.sum())]
    model.meta["trained_on"] = [f"enrolled copy: {len(enrolled)} floor photos, {len(rendered)} rendered photos of "
                                f"its {len(art)} tile pictures"
                                + (f", {on_board} of them on its own board" if on_board else "")
                                + (f", {len(extra)} corrected game photos" if extra else "") + pooled
                                + (", its tile pictures kept to match the tiles read"
                                   if model.tile_pictures is not None else "")]
    return model


def enrol(floors: Sequence[tuple[str, str | Path]], base: TileModel, ecfg: EnrolConfig = DEFAULT_ENROL,
          progress: Progress | None = None, build: bool = True) -> Enrolment:
    """The whole enrolment: labels (:func:`enrol_labels`), then the copy model."""
    report = progress or (lambda _f, _m: None)
    t0 = time.perf_counter()
    result = enrol_labels(floors, base, ecfg, lambda f, m: report(0.1 * f, m))
    t1 = time.perf_counter()
    result.seconds["labels"] = t1 - t0
    if build:
        result.model = build_copy_model(result, base, ecfg, lambda f, m: report(0.1 + 0.9 * f, m))
        result.seconds["model"] = time.perf_counter() - t1
    return result


def cli_enrol(args: argparse.Namespace) -> int:
    """``zengarden enrol --out MODEL [--board PHOTO] --floor FLOOR PHOTO ... [--labels-out DIR]``."""
    from vision.read import resolve_model

    def show(fraction: float, message: str) -> None:
        print(f"\r[{fraction * 100:5.1f} %] {message:<48}", end="", file=sys.stderr, flush=True)

    t0 = time.perf_counter()
    try:
        base = resolve_model(args.base)
        if args.renders is not None and not 1 <= args.renders <= 5000:
            raise EnrolError(f"--renders must be 1..5000, got {args.renders}", "bad_option")
        if args.jobs is not None and not 1 <= args.jobs <= 64:
            raise EnrolError(f"--jobs must be 1..64, got {args.jobs}", "bad_option")
        renders = DEFAULT_ENROL.renders if args.renders is None else args.renders
        ecfg = replace(DEFAULT_ENROL, jobs=args.jobs, renders=renders)
        result = enrol_labels(args.floor, base, ecfg, lambda f, m: show(0.1 * f, m), board=args.board)
        print(file=sys.stderr)
        for ph, unsure in zip(result.photos, result.unsure):
            how = "labels from its sidecar" if ph.labelled is not None else (
                f"unsure of {', '.join(unsure)}" if unsure else "sure of every cell")
            print(f"{ph.path.name} ({ph.floor.value}): {how}")
            if ph.outline_reasons:
                print(f"  check the outline of {ph.path.name}: {'; '.join(ph.outline_reasons)} (if it is wrong, "
                      f"give the 4 corners in {ph.path.with_suffix('.json').name}: "
                      f'{{"corners": [[x, y] x 4]}}, top-left first, clockwise)')
        if args.labels_out:
            write_labels(result, args.labels_out)
            print(f"labels written to {args.labels_out} (correct a sidecar there and enrol again with it)")
        if result.board is not None:
            print(f"board: its 4×4 spaces found in {Path(args.board).name}; {ecfg.board_share:.0%} of the rendered "
                  f"photos show your tiles on it")
        floors_done = {ph.floor for ph in result.photos}
        if len(floors_done) < len(ALL_FLOORS):
            missing = [f.value for f in ALL_FLOORS if f not in floors_done]
            print(f"note: no photo of {', '.join(missing)}: those tiles are not enrolled")
        t1 = time.perf_counter()
        result.model = build_copy_model(result, base, ecfg, lambda f, m: show(0.1 + 0.9 * f, m))
        path = result.model.save(args.out)
    except (ValueError, OSError) as exc:
        print(f"\nerror: {exc}", file=sys.stderr)
        return 2
    print(f"\nwrote {path}: copy model from {len(result.photos)} floor photos in "
          f"{time.perf_counter() - t0:.0f} s (labels {t1 - t0:.0f} s, model {time.perf_counter() - t1:.0f} s)")
    print(copy_model_summary(result.model))
    return 0


def copy_model_summary(model: TileModel) -> str:
    """What a copy model knows of the copy's light and board, in a sentence for the player."""
    light = ("its floors' colours: each garden's light is read from them" if model.floor_palette() is not None
             else "no floor colours (the photos' boards did not agree, or a floor is missing): light read as before")
    board = (f"its board from {len(model.board_refs)} photo(s): a garden in doubt is placed on it"
             if model.board_refs is not None else "no board (none showed the same board around the tiles)")
    found = model.meta.get("board_found_by_marks")
    if found is not None:
        board += f", found by its printed marks in {found[0]} of its {found[1]} photos"
    pictures = ("; its 90 tile pictures: each tile read, and each outline in doubt, is checked against them"
                if model.tile_pictures is not None
                else "")
    return f"learnt {light}; {board}{pictures}"
