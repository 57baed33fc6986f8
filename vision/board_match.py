"""An enrolled copy's board found by its printed marks: the block's outline from the board itself.

A copy's player board is one rigid, printed object: its frame, coin track and numbers look the same
in every photo, whatever the tiles, the table or the light. The lattice search looks for a block of
squares and can be drawn to a table printed with squares; the board's own marks cannot be mistaken
for a table's. From the enrolment photos (and the empty board's) the board is rectified into one
picture, and in a photo to read its marks are matched (SIFT points, each to its nearest by the ratio
test both ways, a homography by RANSAC), the match checked by how the photo's band looks in the
picture's frame, and the block's outline mapped from the picture into the photo. A mark repeated
round the board (the same diamond on every space, no numbers) cannot be told from its neighbours;
such a board is not found by its marks, and the band comparison of :mod:`vision.board_ring` is left.

Stages, arrays in, arrays out:

1. :func:`board_template`: enrolment photos ``(M, N, 3)`` with their blocks' outlines (and the empty
   board's picture) -> the board's picture ``(B, B, 3)``: each photo's band of board rectified, turned
   and moved to agree with the first by its marks, the median of them.
2. :func:`template_features`: the picture -> its marks on the band of board around the block
   (:class:`BoardFeatures`: points ``(K, 2)``, descriptors ``(K, 128)``, the band's look).
3. :func:`match_board`: a photo and the features -> :class:`BoardMatch` (the block's corners in
   the photo, the inliers, how many sides of the band they cover, how alike the band looks), or
   None when the board is not found surely: too few inliers, on too few sides of the band, an
   implausible block, or a band unlike the picture's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

import cv2
import numpy as np

from vision.crop import check_corners, check_image
from vision.geometry import order_corners
from vision.locate import block_offset, min_interior_angle


@dataclass(frozen=True)
class BoardMatchConfig:
    """Sizes and thresholds of the board's picture and of matching it (lengths in pixels of the
    picture or of the photo's working copy, as named)."""

    #: The block's side in the board's picture; the band of board around it, as a fraction of that
    #: side (the synthetic boards' and :func:`vision.enrol.board_picture`'s margin).
    block_px: int = 320
    margin: float = 0.125
    #: Pixels of the band next to the block left out of the marks (tile edges and gaps differ).
    block_skip_px: int = 6
    #: Turning a photo's picture to agree with the first: its marks within ``turn_px`` of the
    #: first's, at least ``turn_marks`` of them (else the band's colours decide).
    turn_px: float = 8.0
    turn_marks: int = 6
    #: Longer side of the photo's copy the marks are found in; the most marks kept from it.
    photo_side: int = 1200
    photo_features: int = 6000
    #: The photo's copy is searched for marks in ``photo_strips`` bands of rows, each with
    #: ``strip_overlap_px`` rows of its neighbours around it (a mark is kept from the band its
    #: middle lies in): nearly the same marks as in one go, for a fraction of SIFT's memory.
    photo_strips: int = 2
    strip_overlap_px: int = 160
    #: Lowe's ratio test: a mark's nearest in the photo must be this much nearer than the second.
    ratio: float = 0.8
    #: RANSAC's reprojection tolerance (working-copy pixels) and iterations.
    ransac_px: float = 4.0
    ransac_iters: int = 5000
    #: The board is found when at least ``min_inliers`` marks agree, on at least ``min_sides`` of
    #: the band's four sides with ``side_inliers`` each (marks of a stripe or one corner do not
    #: fix a board), and the block comes out a plausible quadrilateral.
    min_inliers: int = 12
    min_sides: int = 2
    side_inliers: int = 3
    #: A board found with at least this many agreeing marks places the block surely; with fewer,
    #: surely only when the lattice search's outline lies within ``agree`` tile sides of it.
    sure_inliers: int = 20
    agree: float = 0.25
    #: The photo's band brought into the picture must look like the picture's: their correlation
    #: (Lab, per channel, after a blur of ``look_blur`` picture pixels) at least ``min_agreement``
    #: (marks shared by another board, a track's numbers in the same type, fit it only in part).
    look_blur: float = 2.0
    min_agreement: float = 0.3
    #: The block's smallest interior angle (degrees) and longest over shortest side.
    min_angle: float = 35.0
    max_side_ratio: float = 4.0

    def __post_init__(self) -> None:
        if self.block_px < 32:
            raise ValueError(f"block_px must be at least 32, got {self.block_px}")
        if not 0.0 < self.margin <= 1.0:
            raise ValueError(f"margin must be in (0, 1], got {self.margin}")
        if not -1.0 <= self.min_agreement <= 1.0:
            raise ValueError(f"min_agreement must be in [-1, 1], got {self.min_agreement}")
        if self.agree < 0.0:
            raise ValueError(f"agree must be at least 0, got {self.agree}")
        if not 0.0 < self.ratio < 1.0:
            raise ValueError(f"ratio must be in (0, 1), got {self.ratio}")
        if self.photo_strips < 1 or self.strip_overlap_px < 0:
            raise ValueError(f"need photo_strips >= 1 and strip_overlap_px >= 0, got {self.photo_strips}, "
                             f"{self.strip_overlap_px}")
        if not 4 <= self.min_inliers <= self.sure_inliers or not 1 <= self.min_sides <= 4:
            raise ValueError(f"need 4 <= min_inliers <= sure_inliers and 1 <= min_sides <= 4, got "
                             f"{self.min_inliers}, {self.sure_inliers}, {self.min_sides}")


DEFAULT_MATCH = BoardMatchConfig()


@dataclass(frozen=True)
class BoardFeatures:
    """The marks of a board's picture: ``points`` ``(K, 2)`` float32 (picture pixels) and their
    SIFT ``descriptors`` ``(K, 128)`` float32, the block's ``corners`` ``(4, 2)`` in the picture,
    and the band's look ``band`` ``(P, 3)`` float32 (:func:`_band_look`) that a match is checked by."""

    points: np.ndarray
    descriptors: np.ndarray
    corners: np.ndarray
    band: np.ndarray


@dataclass(frozen=True)
class BoardMatch:
    """A board found in a photo: the block's ``corners`` ``(4, 2)`` (photo pixels, TL, TR, BR, BL as
    the board's picture has them), the marks that agree (``inliers``) of those matched
    (``matched``), on how many of the band's four sides they lie (``sides``), and how well the
    photo's band, brought into the picture, looks like the picture's (``agreement``, a correlation)."""

    corners: np.ndarray
    inliers: int
    matched: int
    sides: int
    agreement: float


def marks_place_surely(found: BoardMatch, outline: np.ndarray, cfg: BoardMatchConfig = DEFAULT_MATCH) -> bool:
    """Whether the board ``found`` by its marks places the block surely: at least
    ``cfg.sure_inliers`` marks agree, or its block lies within ``cfg.agree`` tile sides of
    ``outline`` ``(4, 2)`` (the lattice search's: two witnesses that agree)."""
    return found.inliers >= cfg.sure_inliers or block_offset(order_corners(found.corners), outline)[0] <= cfg.agree


def picture_frame(cfg: BoardMatchConfig = DEFAULT_MATCH) -> tuple[int, np.ndarray]:
    """The board's picture: its side ``B`` and the block's corners in it ``(4, 2)`` float32."""
    margin = round(cfg.margin * cfg.block_px)
    lo, hi = margin, margin + cfg.block_px
    return cfg.block_px + 2 * margin, np.array([[lo, lo], [hi, lo], [hi, hi], [lo, hi]], np.float32)


def _band_mask(cfg: BoardMatchConfig) -> np.ndarray:
    """``(B, B)`` bool: the band of board around the block, the pixels next to the block left out."""
    side, corners = picture_frame(cfg)
    mask = np.ones((side, side), bool)
    lo, hi = int(corners[0, 0]) - cfg.block_skip_px, int(corners[2, 0]) + cfg.block_skip_px
    mask[lo:hi, lo:hi] = False
    return mask


def _normalised(picture: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The band's Lab values, each channel to zero mean and unit spread (the light taken out)."""
    lab = cv2.cvtColor(picture, cv2.COLOR_BGR2LAB).astype(np.float32)[mask]
    return (lab - lab.mean(axis=0)) / (lab.std(axis=0) + 1e-6)


def board_template(images: Sequence[np.ndarray], corners: Sequence[np.ndarray],
                   board: np.ndarray | None = None, cfg: BoardMatchConfig = DEFAULT_MATCH) -> np.ndarray:
    """Photos ``(M, N, 3)`` uint8 of one board with the outlines ``(4, 2)`` of the blocks on it (and
    ``board``, the empty board's picture ``(B', B', 3)`` with the block filling its middle and
    ``cfg.margin`` of its side around it, :func:`vision.enrol.board_picture`) -> the board's picture
    ``(B, B, 3)`` uint8 (:func:`picture_frame`): each rectified, turned the way that best agrees with
    the first (the empty board's when given; a photo may show the board turned) — the turn that puts
    most of its printed marks where the first's are, and moved onto the first by those marks (the
    outlines a few pixels apart), or on a board with too few marks the turn whose band's colours
    agree best — the median of them."""
    if len(images) != len(corners):
        raise ValueError(f"need one outline per photo, got {len(images)} photos and {len(corners)} outlines")
    side, frame = picture_frame(cfg)
    pictures = []
    if board is not None:
        check_image(board)
        pictures.append(cv2.resize(board, (side, side), interpolation=cv2.INTER_AREA))
    for image, outline in zip(images, corners):
        check_image(image)
        hom = cv2.getPerspectiveTransform(check_corners(outline).astype(np.float32), frame)
        pictures.append(cv2.warpPerspective(image, hom, (side, side), flags=cv2.INTER_AREA,
                                            borderMode=cv2.BORDER_REPLICATE))
    if not pictures:
        raise ValueError("need at least one photo or the empty board's picture")
    mask = _band_mask(cfg)
    first, first_marks = _normalised(pictures[0], mask), _marks(pictures[0], cfg)
    aligned = [pictures[0]]
    for picture in pictures[1:]:
        turns = [np.ascontiguousarray(np.rot90(picture, k)) for k in range(4)]
        placed = [_marks_in_place(first_marks, _marks(t, cfg), cfg) for t in turns]
        best = int(np.argmax([len(p) for p in placed]))
        if len(placed[best]) >= cfg.turn_marks:  # the turn whose printed marks fall where the first's are,
            # and the few pixels the two outlines differ by taken out (a blend of shifted marks has none)
            src, dst = placed[best][:, 0], placed[best][:, 1]
            hom, _ = cv2.findHomography(src, dst, cv2.RANSAC, cfg.turn_px / 2)
            aligned.append(turns[best] if hom is None else cv2.warpPerspective(
                turns[best], hom, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE))
        else:  # too few marks (a plain board): the turn whose colours agree best
            agreement = [float(np.mean(_normalised(t, mask) * first)) for t in turns]
            aligned.append(turns[int(np.argmax(agreement))])
    return np.median(np.stack(aligned), axis=0).astype(np.uint8)


def _marks(picture: np.ndarray, cfg: BoardMatchConfig) -> tuple[np.ndarray, np.ndarray]:
    """A board's picture ``(B, B, 3)``'s marks on the band: points ``(K, 2)``, descriptors ``(K, 128)``."""
    points, descriptors = _sift().detectAndCompute(cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY),
                                                   _band_mask(cfg).astype(np.uint8) * 255)
    if descriptors is None:
        return np.zeros((0, 2), np.float32), np.zeros((0, 128), np.float32)
    return np.array([p.pt for p in points], np.float32), _root(descriptors)


def _marks_in_place(reference: tuple[np.ndarray, np.ndarray], other: tuple[np.ndarray, np.ndarray],
                    cfg: BoardMatchConfig) -> np.ndarray:
    """The marks of ``other`` that match one of ``reference``'s (ratio test) lying within
    ``cfg.turn_px`` of it, as pairs of points ``(K, 2, 2)`` (other's, reference's): two pictures of
    one board in the same turn share their marks' places."""
    (ref_points, ref_descriptors), (points, descriptors) = reference, other
    if len(ref_points) < 2 or len(points) < 1:
        return np.zeros((0, 2, 2), np.float32)
    pairs = cv2.BFMatcher(cv2.NORM_L2).knnMatch(descriptors, ref_descriptors, k=2)
    good = [p[0] for p in pairs if len(p) == 2 and p[0].distance < cfg.ratio * p[1].distance]
    both = np.array([[points[g.queryIdx], ref_points[g.trainIdx]] for g in good], np.float32).reshape(-1, 2, 2)
    return both[np.linalg.norm(both[:, 0] - both[:, 1], axis=1) <= cfg.turn_px]


def _sift(features: int = 0) -> cv2.SIFT:
    return cv2.SIFT_create(nfeatures=features)


def photo_marks(gray: np.ndarray, cfg: BoardMatchConfig = DEFAULT_MATCH) -> tuple[np.ndarray, np.ndarray]:
    """The SIFT marks of a photo's grey copy ``(M, N)`` uint8 -> points ``(K, 2)`` float32 (x, y) and
    descriptors ``(K, 128)`` float32 (raw SIFT), the ``cfg.photo_features`` strongest: found in
    ``cfg.photo_strips`` bands of rows, each seen with ``cfg.strip_overlap_px`` rows around it and
    keeping the marks whose middle lies in it (SIFT works on its input doubled: one band at a time
    holds a fraction of that memory)."""
    if gray.ndim != 2 or gray.dtype != np.uint8:
        raise ValueError(f"gray must be a 2-D uint8 array, got shape {gray.shape} and dtype {gray.dtype}")
    rows = gray.shape[0]
    cuts = np.linspace(0, rows, cfg.photo_strips + 1).round().astype(int)
    points, descriptors, strengths = [], [], []
    for first, last in pairwise(cuts):
        top, bottom = max(0, first - cfg.strip_overlap_px), min(rows, last + cfg.strip_overlap_px)
        found, described = _sift(cfg.photo_features).detectAndCompute(gray[top:bottom], None)
        if described is None:
            continue
        at = np.array([k.pt for k in found], np.float32).reshape(-1, 2) + np.array([0, top], np.float32)
        mine = (at[:, 1] >= first) & (at[:, 1] < last)
        points.append(at[mine])
        descriptors.append(described[mine].astype(np.float32))
        strengths.append(np.array([k.response for k in found], np.float32)[mine])
    if not points:
        return np.zeros((0, 2), np.float32), np.zeros((0, 128), np.float32)
    order = np.argsort(-np.concatenate(strengths), kind="stable")[: cfg.photo_features]
    return np.concatenate(points)[order], np.concatenate(descriptors)[order]


def _root(descriptors: np.ndarray) -> np.ndarray:
    """RootSIFT: each descriptor L1-normalised and square-rooted (Hellinger distance by L2)."""
    d = descriptors.astype(np.float32)
    return np.sqrt(d / (np.abs(d).sum(axis=1, keepdims=True) + 1e-7))


def template_features(template: np.ndarray, cfg: BoardMatchConfig = DEFAULT_MATCH) -> BoardFeatures:
    """The board's picture ``(B, B, 3)`` uint8 (:func:`board_template`) -> its marks on the band
    around the block (:class:`BoardFeatures`)."""
    check_image(template)
    side, frame = picture_frame(cfg)
    if template.shape[:2] != (side, side):
        raise ValueError(f"template must be {side}x{side} pixels (picture_frame), got "
                         f"{template.shape[1]}x{template.shape[0]}")
    points, descriptors = _marks(template, cfg)
    return BoardFeatures(points, descriptors, frame, _band_look(template, cfg))


def _band_look(picture: np.ndarray, cfg: BoardMatchConfig) -> np.ndarray:
    """The band of a board's picture ``(B, B, 3)`` as compared: blurred a little (the block's
    outline a few pixels off), Lab, each channel to zero mean and unit spread -> ``(P, 3)``."""
    return _normalised(cv2.GaussianBlur(picture, (0, 0), cfg.look_blur), _band_mask(cfg))


def _distinct_matches(ours: np.ndarray, theirs: np.ndarray, ratio: float) -> list[cv2.DMatch]:
    """Matches of descriptors ``ours`` ``(K, 128)`` to ``theirs`` ``(L, 128)`` that pass the ratio
    test both ways and pick each other: a mark repeated round the board (the same diamond on every
    space) is as near to its neighbours as to itself, so it is left out rather than matched to
    the wrong space, which RANSAC can fit as a board a few spaces off."""
    if len(ours) < 2 or len(theirs) < 2:
        return []
    matcher = cv2.BFMatcher(cv2.NORM_L2)
    forward = {p[0].queryIdx: p[0] for p in matcher.knnMatch(ours, theirs, k=2)
               if len(p) == 2 and p[0].distance < ratio * p[1].distance}
    backward = {p[0].queryIdx: p[0].trainIdx for p in matcher.knnMatch(theirs, ours, k=2)
                if len(p) == 2 and p[0].distance < ratio * p[1].distance}
    return [m for i, m in forward.items() if backward.get(m.trainIdx) == i]


def _sides_covered(points: np.ndarray, frame: np.ndarray, least: int) -> int:
    """How many of the band's four sides hold at least ``least`` of ``points`` ``(K, 2)`` (picture
    pixels; a point in a corner of the band counts for both its sides)."""
    lo, hi = float(frame[0, 0]), float(frame[2, 0])
    x, y = points[:, 0], points[:, 1]
    counts = [(y < lo).sum(), (x > hi).sum(), (y > hi).sum(), (x < lo).sum()]
    return int(sum(c >= least for c in counts))


def _plausible(corners: np.ndarray, cfg: BoardMatchConfig) -> bool:
    """Whether ``corners`` ``(4, 2)`` make a convex block whose smallest angle is at least
    ``cfg.min_angle`` (:func:`vision.locate.min_interior_angle`) and whose longest side is at most
    ``cfg.max_side_ratio`` times its shortest (at least 4 pixels)."""
    if not np.all(np.isfinite(corners)):
        return False
    lengths = np.linalg.norm(np.roll(corners, -1, axis=0) - corners, axis=1)
    if lengths.min() < 4.0 or lengths.max() / lengths.min() > cfg.max_side_ratio:
        return False
    return min_interior_angle(corners) >= cfg.min_angle


def match_board(image: np.ndarray, features: BoardFeatures, cfg: BoardMatchConfig = DEFAULT_MATCH
                ) -> BoardMatch | None:
    """Find the board of ``features`` in ``image`` ``(M, N, 3)`` uint8 -> :class:`BoardMatch` with
    the block's corners in ``image`` pixels, or None when it is not found surely (fewer than
    ``cfg.min_inliers`` marks agree, they cover fewer than ``cfg.min_sides`` sides of the band, the
    block would not be a plausible quadrilateral, or the photo's band brought into the picture's
    frame correlates with the picture's less than ``cfg.min_agreement``)."""
    check_image(image)
    if len(features.descriptors) < cfg.min_inliers:
        return None
    scale = min(1.0, cfg.photo_side / max(image.shape[:2]))
    small = image if scale == 1.0 else cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    points, descriptors = photo_marks(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), cfg)
    if len(points) < 2:
        return None
    good = _distinct_matches(features.descriptors, _root(descriptors), cfg.ratio)
    if len(good) < cfg.min_inliers:
        return None
    src = features.points[[g.queryIdx for g in good]]
    dst = points[[g.trainIdx for g in good]]
    hom, inlier_mask = cv2.findHomography(src, dst, cv2.RANSAC, cfg.ransac_px, maxIters=cfg.ransac_iters,
                                          confidence=0.999)
    if hom is None:
        return None
    inliers = inlier_mask.ravel().astype(bool)
    sides = _sides_covered(src[inliers], features.corners, cfg.side_inliers)
    if inliers.sum() < cfg.min_inliers or sides < cfg.min_sides:
        return None
    corners = cv2.perspectiveTransform(features.corners[None].astype(np.float64), hom)[0] / scale
    if not _plausible(corners, cfg):
        return None
    side = picture_frame(cfg)[0]
    seen = cv2.warpPerspective(small, hom, (side, side), flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)
    agreement = float(np.mean(_band_look(seen, cfg) * features.band))
    if agreement < cfg.min_agreement:
        return None
    return BoardMatch(corners, int(inliers.sum()), len(good), sides, agreement)
