"""One board seen in several photos: the band of board around the 4×4 block as a second witness.

Every enrolment photo of a copy shows the same player board around its tiles. The tiles differ from
photo to photo (a floor each), the board does not. Where the lattice search is unsure of a photo
(faint seams between 15 tiles of one colour, a table printed with squares), the board says where
the block is: the block is where the band of board around it looks like the band around the block
in the photos that were found surely (or in the photo of the empty board).

Stages, arrays in, arrays out:

1. :func:`ring_features`: a photo ``(M, N, 3)`` and a block outline -> the band around it, rectified
   to ``rcfg.tile_px`` pixels a tile, side by side, each normalised per Lab channel, in all four
   turns ``(4, 4, 3, P)`` (a photo may show the board turned any way).
   :func:`band_chroma`: the band's colour (its light's cast, the board being the same).
2. :func:`ring_agreement`: an outline -> per reference the best turn's normalised correlation over
   the four sides (their mean to climb, their worst for the verdict), the mean over references.
3. :func:`vision.locate.sub_block_outlines`: an outline that may hold kx×ky of the tiles (a lattice
   found on one tile's art, on a 3×3 part, or on three columns of faint seams) -> the whole blocks it
   would belong to.
4. :func:`align_to_ring`: an outline moved corner by corner while the agreement rises.
5. :func:`place_by_ring`: the search's outlines and their extensions ranked by agreement, the best
   few aligned, the best of those with its agreement (:class:`RingPlacement`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.config import VisionConfig
from vision.crop import check_corners, check_image
from vision.geometry import climb_corners
from vision.light import chroma
from vision.locate import block_offset, grid_shape_ok, sub_block_outlines
from vision.seams import tile_side_px


@dataclass(frozen=True)
class RingConfig:
    """Sizes and thresholds of the board-band comparison (lengths in tile sides)."""

    #: Pixels a tile side in the rectified band; the band reaches ``margin`` tiles out from the
    #: block and skips the first ``skip`` (the tiles' edges and the gaps, which differ per photo).
    tile_px: int = 24
    margin: float = 0.45
    skip: float = 0.1
    #: Blur (pixels of the rectified band) before comparing: JPEG and resampling noise.
    blur: float = 1.0
    #: The light's shading taken out of each side's strip before comparing: the strip less its
    #: blur along the side, of this many tile sides (0: not). A shadow or a light falling across
    #: the board varies slowly along the band; the board's print does not.
    shading: float = 0.3
    #: Outlines aligned (the best by agreement before aligning), alignment steps and rounds.
    keep: int = 3
    steps: tuple[float, ...] = (0.2, 0.08, 0.03)
    rounds: int = 6
    #: Sub-block sizes tried (tiles per side an outline may span of the n×n block; n itself: the
    #: block a row or a column off).
    spans: tuple[int, ...] = (1, 2, 3, 4, 5)
    #: Most tiles the spans across and down may differ by (:func:`sub_block_outlines`).
    uneven: int = 1
    #: An aligned outline within this many tiles of one of the search's keeps the search's corners.
    same: float = 0.25
    #: Agreement to move an unsure outline to, and to call the outline sure.
    accept: float = 0.5
    sure: float = 0.65

    def __post_init__(self) -> None:
        if self.tile_px < 4:
            raise ValueError(f"tile_px must be at least 4, got {self.tile_px}")
        if not 0.0 <= self.skip < self.margin:
            raise ValueError(f"skip must be in [0, margin), got skip {self.skip}, margin {self.margin}")
        if self.shading < 0:
            raise ValueError(f"shading must be at least 0, got {self.shading}")
        if not -1.0 <= self.accept <= self.sure <= 1.0:
            raise ValueError(f"need -1 <= accept <= sure <= 1, got accept {self.accept}, sure {self.sure}")


DEFAULT_RING = RingConfig()

#: The key of a model's ``meta`` that says the ``RingConfig.shading`` its ``board_refs`` were cut
#: with (a model without it: 0, made before the shading was taken out).
RING_SHADING = "ring_shading"


def _frame(rcfg: RingConfig, n: int) -> tuple[int, np.ndarray, int, int]:
    """The rectified frame: side ``S``, the block's corners in it ``(4, 2)``, and the rows of the
    top side's strip of band (``top``..``bottom``); the other sides are that strip turned."""
    t, out = rcfg.tile_px, round(rcfg.margin * rcfg.tile_px)
    side = n * t + 2 * out
    lo, hi = out - 0.5, out + n * t - 0.5  # pixel centres are whole numbers: the block is centred on the grid
    block = np.float32([[lo, lo], [hi, lo], [hi, hi], [lo, hi]])
    return side, block, 0, out - round(rcfg.skip * t)


def _band_frame(image: np.ndarray, corners: np.ndarray, n: int, rcfg: RingConfig) -> np.ndarray:
    """``image`` ``(M, N, 3)`` rectified around the block ``corners`` ``(4, 2)`` into :func:`_frame`
    ``(S, S, 3)`` (the block centred, the band around it; the photo's border pixels repeated)."""
    check_image(image)
    quad = check_corners(corners)
    side, block, _, _ = _frame(rcfg, n)
    hom = cv2.getPerspectiveTransform(quad.astype(np.float32), block)
    return cv2.warpPerspective(image, hom, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def ring_size(n: int = 4, rcfg: RingConfig = DEFAULT_RING) -> int:
    """Pixels ``P`` of one side's strip in :func:`ring_features` for an n×n block."""
    side, _, top, bottom = _frame(rcfg, n)
    return (bottom - top) * side


def ring_features(image: np.ndarray, corners: np.ndarray, n: int = 4, rcfg: RingConfig = DEFAULT_RING
                  ) -> np.ndarray:
    """``image`` ``(M, N, 3)`` uint8 BGR and a block outline ``corners`` ``(4, 2)`` (TL, TR, BR, BL)
    -> the band of board around it, side by side, in its four turns ``(4, 4, 3, P)`` float32 (turn,
    side from the top clockwise, Lab channel, pixel): each side's strip per channel less its
    shading along the side (``rcfg.shading``) and its mean, scaled to unit length (the light's
    level, colour cast and slow shading drop out). Beyond the photo's edge its border pixels are
    repeated."""
    warped = _band_frame(image, corners, n, rcfg)
    if rcfg.blur > 0:
        warped = cv2.GaussianBlur(warped, (0, 0), rcfg.blur)
    lab = cv2.cvtColor(warped, cv2.COLOR_BGR2LAB).astype(np.float32)
    _, _, top, bottom = _frame(rcfg, n)
    strips = []
    for k in range(4):  # the strip on top after k quarter turns: the top, right, bottom, left sides
        strip = np.ascontiguousarray(np.rot90(lab, k)[top:bottom])  # (rows, S, 3)
        if rcfg.shading > 0:  # the shading along the side: the strip's rows averaged, blurred along it
            along = cv2.GaussianBlur(strip.mean(axis=0, keepdims=True), (0, 0), sigmaX=rcfg.shading * rcfg.tile_px,
                                     sigmaY=0, borderType=cv2.BORDER_REFLECT)
            strip = strip - along
        values = strip.reshape(-1, 3).T  # (3, P)
        values = values - values.mean(axis=1, keepdims=True)
        strips.append(values / (np.linalg.norm(values, axis=1, keepdims=True) + 1e-6))
    sides = np.stack(strips)  # (4, 3, P)
    return np.stack([np.roll(sides, -k, axis=0) for k in range(4)]).astype(np.float32)


def band_chroma(image: np.ndarray, corners: np.ndarray, n: int = 4, rcfg: RingConfig = DEFAULT_RING) -> np.ndarray:
    """The colour of the band of board around ``corners`` ``(4, 2)`` in ``image`` ``(M, N, 3)``: its
    median chroma ``(2,)`` (:func:`vision.light.chroma`). One board in two photos: the difference
    of their band chromas is the difference of their lights' casts."""
    warped = _band_frame(image, corners, n, rcfg)
    _, _, top, bottom = _frame(rcfg, n)
    return chroma(np.concatenate([np.rot90(warped, k)[top:bottom].reshape(-1, 3) for k in range(4)]))


def ring_agreement(image: np.ndarray, corners: np.ndarray, refs: Sequence[np.ndarray], n: int = 4,
                   rcfg: RingConfig = DEFAULT_RING, worst: bool = False) -> float:
    """How well the band around ``corners`` ``(4, 2)`` in ``image`` ``(M, N, 3)`` matches the
    references (each the first turn ``(4, 3, P)`` of a :func:`ring_features`): per side the
    correlation averaged over the three channels; the four sides' mean, or with ``worst`` their
    worst (stricter: an outline a row off still has board along two sides, and a smooth mean to
    climb is no verdict); the best turn; the mean over references. In [-1, 1]."""
    if not refs:
        raise ValueError("ring_agreement needs at least one reference band")
    return bands_agreement(ring_features(image, corners, n, rcfg), refs, worst)


def bands_agreement(turns: np.ndarray, refs: Sequence[np.ndarray], worst: bool = False) -> float:
    """:func:`ring_agreement` of a band already cut (``turns`` ``(4, 4, 3, P)``, :func:`ring_features`)."""
    pool = np.min if worst else np.mean
    return float(np.mean([max(float(pool((turn * ref).sum(axis=(1, 2)))) / 3.0 for turn in turns)
                          for ref in refs]))


def align_to_ring(image: np.ndarray, corners: np.ndarray, refs: Sequence[np.ndarray], cfg: VisionConfig,
                  rcfg: RingConfig = DEFAULT_RING) -> tuple[np.ndarray, float]:
    """Corners ``(4, 2)`` moved one coordinate at a time by ``rcfg.steps`` tile sides, coarse to
    fine, while :func:`ring_agreement` rises (only shapes the lattice search accepts) -> (corners,
    agreement)."""
    n = cfg.grid
    quad = check_corners(corners)
    return climb_corners(quad, lambda _step: lambda c: ring_agreement(image, c, refs, n, rcfg), rcfg.steps,
                         rcfg.rounds, tile_side_px(quad, n), lambda c: grid_shape_ok(c, cfg), min_gain=1e-4)


@dataclass(frozen=True)
class RingPlacement:
    """Where the board around the block matches: ``corners`` ``(4, 2)``; ``agreement`` their
    worst-side :func:`ring_agreement`; ``source`` the index of the search's outline they are (-1:
    none, a whole block from a part of one); ``first`` the worst-side agreement of the search's
    first outline, aligned to the band (how well the outline found first holds up)."""

    corners: np.ndarray
    agreement: float
    source: int
    first: float


def place_by_ring(image: np.ndarray, outlines: Sequence[np.ndarray], refs: Sequence[np.ndarray],
                  cfg: VisionConfig, rcfg: RingConfig = DEFAULT_RING) -> RingPlacement:
    """The block in ``image`` ``(M, N, 3)`` where the board around it matches ``refs``: the
    ``outlines`` (the search's, best first, each ``(4, 2)``) and their :func:`sub_block_outlines`
    ranked by the band's mean :func:`ring_agreement`; the best ``rcfg.keep`` and the first outline
    aligned (:func:`align_to_ring`); the best aligned one judged by its worst side ->
    :class:`RingPlacement`. When it lands within ``rcfg.same`` tile of an outline of the search, that
    outline's corners are given (the lattice places the seams more exactly than the band)."""
    check_image(image)
    if not outlines:
        raise ValueError("place_by_ring needs at least one outline")
    n = cfg.grid
    starts = [check_corners(c) for c in outlines]
    starts += [e for c in starts for e in sub_block_outlines(c, n, rcfg.spans, rcfg.uneven)]
    scored = sorted(((ring_agreement(image, c, refs, n, rcfg), i) for i, c in enumerate(starts)
                     if grid_shape_ok(c, cfg)), reverse=True)
    picked = [i for _, i in scored[: rcfg.keep]]
    picked += [] if 0 in picked else [0]
    aligned = {i: align_to_ring(image, starts[i], refs, cfg, rcfg) for i in picked}
    first = ring_agreement(image, aligned[0][0], refs, n, rcfg, worst=True)
    corners = max(aligned.values(), key=lambda a: a[1])[0]
    value = ring_agreement(image, corners, refs, n, rcfg, worst=True)
    for i, outline in enumerate(starts[: len(outlines)]):
        if block_offset(corners, outline, n)[0] <= rcfg.same:
            return RingPlacement(outline, value, i, first)
    return RingPlacement(corners, value, -1, first)
