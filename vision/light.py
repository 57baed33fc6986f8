"""The colour of the light a garden was photographed in, read back from its own tiles.

A lamp's cast (tungsten, a green shade, a blue window) moves every tile's colours the same way, and
far enough it moves a floor or a path material out of what the readers learnt. The cast is found
as the per-channel gain under which the garden's floors and paths read most surely, with a prior
towards the cast the tiles' mean colour suggests, and undone before the tiles are read:

- ``light_gains(crops, corner, model, cfg) -> (3,)`` BGR gains (geometric mean 1: colour, not
  brightness), searched from ``grey_world_cast(crops, cfg) -> (2,)``, the cast that the tiles'
  mean colour suggests (readers sure of a wrong light on unseen art are not left to judge alone);
- ``apply_gains(crops, gains) -> crops`` the same shape.

Nothing here knows our art: any model's floor and path readers judge the candidates.

A copy enrolled from its own photos (:mod:`vision.enrol`) knows more: the colour of each of its
floors (its *floor palette*, one chroma per floor). A cast then shifts every tile's chroma by the
same amount, and the shift that brings the garden's 16 tiles nearest to the palette is the cast:

- ``chroma(pixels) -> (2,)``, ``tile_chroma(crops) -> (K, 2)``: median (log B/G, log R/G);
- ``palette_cast(chromas, palette, cfg) -> (2,)`` and ``palette_gains(crops, palette, cfg) -> (3,)``
  (the tiles' path bands and the copy's path materials' colours, when known, pin the cast too);
- ``palette_likelihood(crops, palette, cfg) -> (K, F)``: how well each tile, in that light, has
  each floor's colour; the floor reader's probabilities are weighed by it.

Whatever the light, the tiles of one floor in one photo share a colour, so a tile whose colour is
that of another floor's tiles in the same photo is read doubtfully:

- ``colour_outliers(chromas, floors, classes, factor) -> [floor or None]`` the other floor whose tiles'
  colour each tile has; the same for path materials with ``path_chroma(upright, band, inset) ->
  (K, 2)``, the chroma of each tile's path band;
- ``agreement_likelihood(chromas, labels, classes, sigma, cap) -> (K, classes)``: how well each
  tile's colour agrees with the other tiles read as each floor (material); the readers'
  probabilities are weighed by it and the photo's tiles decoded again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from vision.config import VisionConfig
from vision.features import window_feature_sets

if TYPE_CHECKING:
    from vision.model import TileModel

#: The readers whose sureness judges a cast: colour is what they read.
LIGHT_READERS = ("floor", "path")
#: Added to every 0..255 channel value before its log: dark pixels' noise does not swing the chroma.
CHROMA_OFFSET = 8.0


def apply_gains(crops: np.ndarray, gains: np.ndarray) -> np.ndarray:
    """``(K, T, T, 3)`` uint8 BGR crops times per-channel ``gains`` ``(3,)`` -> ``(K, T, T, 3)`` uint8."""
    gains = np.asarray(gains, dtype=np.float32)
    if gains.shape != (3,) or not np.all(np.isfinite(gains)) or np.any(gains <= 0):
        raise ValueError(f"gains must be 3 positive numbers, got {gains!r}")
    if crops.ndim != 4 or crops.shape[-1] != 3 or crops.dtype != np.uint8:
        raise ValueError(f"crops must be (K, T, T, 3) uint8, got {crops.shape} {crops.dtype}")
    return np.clip(crops.astype(np.float32) * gains, 0, 255).astype(np.uint8)


def cast_gains(blue: float, red: float) -> np.ndarray:
    """Log gains of blue and red against green -> ``(3,)`` BGR gains whose geometric mean is 1."""
    logs = np.array([blue, 0.0, red])
    return np.exp(logs - logs.mean())


def light_gains(crops: np.ndarray, corner: np.ndarray, model: TileModel, cfg: VisionConfig) -> np.ndarray:
    """The cast of one garden's light: ``crops`` ``(16, T, T, 3)`` and their corner probabilities
    ``corner`` ``(16, 4)`` -> BGR gains ``(3,)`` that undo it (all ones: no cast found).

    A coarse-to-fine search over the blue and red log gains (``cfg.light_steps``, a 3 x 3 pattern
    per step around the best so far, its centre scored the step before and not read again): each
    candidate scored by the summed log-probability of every tile's likeliest floor and path, less
    ``cfg.light_prior`` times 16 times its squared distance (log gains) from where the search
    starts, :func:`grey_world_cast` (no cast when ``cfg.light_grey_world`` is 0).
    Upright readers read the crops turned upright by their likeliest corner."""
    from vision.model import upright_crops

    if crops.ndim != 4 or crops.shape[-1] != 3 or crops.dtype != np.uint8:
        raise ValueError(f"crops must be (K, T, T, 3) uint8, got {crops.shape} {crops.dtype}")
    if corner.shape != (crops.shape[0], 4):
        raise ValueError(f"corner must be ({crops.shape[0]}, 4), got {corner.shape}")
    upright = [name for name in LIGHT_READERS if name in model.upright]
    as_seen = [name for name in LIGHT_READERS if name not in model.upright]
    views = [(upright_crops(crops, corner.argmax(axis=1)), upright), (crops, as_seen)]
    start = tuple(float(v) for v in grey_world_cast(crops, cfg))
    best, best_score = start, None
    for step in cfg.light_steps:
        cands = [(best[0] + db, best[1] + dr) for db in (-step, 0.0, step) for dr in (-step, 0.0, step)]
        # the pattern's centre is the best so far, already scored: only the others are read
        new = [c for c in cands if best_score is None or c != best]
        score = -cfg.light_prior * crops.shape[0] * np.sum(np.square(np.subtract(new, start)), axis=1)
        for view, names in views:
            if not names:
                continue
            batch = np.concatenate([apply_gains(view, cast_gains(*c)) for c in new])
            feats = window_feature_sets(batch, cfg, sorted({model.readers[n].windows for n in names}))
            for name in names:
                proba = model.readers[name].predict_proba_features(feats[model.readers[name].windows])
                sure = np.log(np.clip(proba.max(axis=1), cfg.prob_floor, None))
                score = score + sure.reshape(len(new), -1).sum(axis=1)
        scores = dict(zip(new, score))
        if best_score is not None:
            scores[best] = best_score
        best = cands[int(np.argmax([scores[c] for c in cands]))]
        best_score = scores[best]
    return cast_gains(*best)


def grey_world_cast(crops: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """``(K, T, T, 3)`` uint8 BGR crops of one garden -> ``(2,)`` the log blue and red gains
    (against green) where the cast search starts: ``cfg.light_grey_world`` of the way towards the
    gains that bring the tiles' mean chroma onto ``cfg.light_tile_chroma``. A garden's floors
    span the colours, so their mean in neutral light varies little; a lamp moves it all."""
    if not cfg.light_grey_world:
        return np.zeros(2)
    return -cfg.light_grey_world * (tile_chroma(crops).mean(axis=0) - np.asarray(cfg.light_tile_chroma))


def chroma(pixels: np.ndarray) -> np.ndarray:
    """BGR ``pixels`` ``(..., 3)`` (any shape, at least one pixel) -> their median chroma ``(2,)``:
    log blue over green and log red over green (a cast adds the same to every pixel's)."""
    values = np.asarray(pixels).reshape(-1, 3)
    if values.shape[0] == 0:
        raise ValueError("chroma needs at least one pixel")
    logs = np.log(values.astype(np.float32) + CHROMA_OFFSET)
    return np.array([np.median(logs[:, 0] - logs[:, 1]), np.median(logs[:, 2] - logs[:, 1])])


def tile_chroma(crops: np.ndarray) -> np.ndarray:
    """``(K, T, T, 3)`` uint8 BGR crops -> ``(K, 2)`` each crop's :func:`chroma` (its floor, the most
    of its pixels)."""
    if crops.ndim != 4 or crops.shape[-1] != 3 or crops.dtype != np.uint8:
        raise ValueError(f"crops must be (K, T, T, 3) uint8, got {crops.shape} {crops.dtype}")
    return np.stack([chroma(crop) for crop in crops]) if len(crops) else np.zeros((0, 2))


def palette_cast(chromas: np.ndarray, palette: np.ndarray, cfg: VisionConfig,
                 path_chromas: np.ndarray | None = None, path_palette: np.ndarray | None = None) -> np.ndarray:
    """The cast ``(2,)`` (added log B/G, log R/G) that best explains tiles of chroma ``chromas``
    ``(K, 2)`` as floors of ``palette`` ``(F, 2)``: on a grid of step ``cfg.palette_step`` out to
    ``cfg.palette_reach``, the least sum over tiles of the squared distance to the nearest floor,
    each capped at ``cfg.palette_cap`` (a tile of no floor, a glare), plus ``cfg.palette_prior``
    times the cast's squared length per tile. With the tiles' path bands' chromas ``path_chromas``
    ``(K, 2)`` (:func:`path_chroma`) and the copy's path materials' colours ``path_palette``
    ``(P, 2)``, the bands' distances to their nearest material count too (``cfg.palette_path_weight``
    each): a garden of two floors, whose two colours one cast can move onto almost any two of the
    palette's, is then pinned by its three path materials as well."""
    chromas = np.asarray(chromas, dtype=np.float64)
    palette = np.asarray(palette, dtype=np.float64)
    if chromas.ndim != 2 or chromas.shape[1] != 2 or palette.ndim != 2 or palette.shape[1] != 2 or not len(palette):
        raise ValueError(f"chromas must be (K, 2) and palette (F, 2) with F >= 1, got {chromas.shape}, {palette.shape}")
    if (path_chromas is None) != (path_palette is None):
        raise ValueError("path_chromas and path_palette must be given together")
    axis = np.arange(-cfg.palette_reach, cfg.palette_reach + 1e-9, cfg.palette_step)
    casts = np.stack(np.meshgrid(axis, axis, indexing="ij"), axis=-1).reshape(-1, 2)  # (G, 2)
    cost = (_nearest_costs(chromas, palette, casts, cfg.palette_cap)
            + cfg.palette_prior * len(chromas) * np.square(casts).sum(axis=1))
    if path_chromas is not None and path_palette is not None:
        bands, materials = np.asarray(path_chromas, np.float64), np.asarray(path_palette, np.float64)
        if bands.shape != chromas.shape or materials.ndim != 2 or materials.shape[1] != 2 or not len(materials):
            raise ValueError(f"path_chromas must be {chromas.shape} and path_palette (P, 2) with P >= 1, "
                             f"got {bands.shape}, {materials.shape}")
        cost = cost + cfg.palette_path_weight * _nearest_costs(bands, materials, casts, cfg.palette_cap)
    return casts[int(np.argmin(cost))]


def _nearest_costs(chromas: np.ndarray, palette: np.ndarray, casts: np.ndarray, cap: float) -> np.ndarray:
    """``(K, 2)`` chromas, ``(F, 2)`` palette, ``(G, 2)`` casts -> ``(G,)`` per cast the sum over the
    chromas, less the cast, of the squared distance to the nearest palette colour, each capped at ``cap``."""
    shifted = chromas[None, :, None, :] - casts[:, None, None, :] - palette[None, None]  # (G, K, F, 2)
    return np.minimum(np.square(shifted).sum(axis=-1).min(axis=-1), cap).sum(axis=1)


def palette_gains(crops: np.ndarray, palette: np.ndarray, cfg: VisionConfig,
                  path_chromas: np.ndarray | None = None, path_palette: np.ndarray | None = None) -> np.ndarray:
    """One garden's ``crops`` ``(16, T, T, 3)`` and its copy's floor ``palette`` ``(F, 2)`` (and,
    optionally, its path bands' chromas and the copy's path palette, :func:`palette_cast`) -> BGR
    gains ``(3,)`` that undo the cast :func:`palette_cast` finds (geometric mean 1)."""
    blue, red = palette_cast(tile_chroma(crops), palette, cfg, path_chromas, path_palette)
    return cast_gains(-blue, -red)


def palette_likelihood(crops: np.ndarray, palette: np.ndarray, cfg: VisionConfig) -> np.ndarray:
    """``(K, T, T, 3)`` crops (their cast undone) and a floor ``palette`` ``(F, 2)`` -> ``(K, F)``
    likelihoods in (0, 1]: ``exp(-d² / (2 cfg.palette_sigma²))`` of each crop's chroma distance ``d``
    to each floor's colour, ``d²`` capped at ``cfg.palette_floor_cap`` (a figure or glare that
    hides the floor weighs every floor alike)."""
    d2 = np.square(tile_chroma(crops)[:, None, :] - np.asarray(palette)[None]).sum(axis=-1)
    return np.exp(-np.minimum(d2, cfg.palette_floor_cap) / (2 * cfg.palette_sigma ** 2))


def path_chroma(upright: np.ndarray, band: tuple[float, float], inset: float) -> np.ndarray:
    """``(K, T, T, 3)`` uint8 BGR crops turned so each path wraps the top-left corner
    (:func:`vision.model.upright_crops`; cut ``inset`` of a tile inside the cell) -> ``(K, 2)``
    the :func:`chroma` of each one's path band: the pixels ``band`` (lo, hi) tile sides from that
    corner, 15° to 75° from the top edge (clear of the tile's edges and of the floor beside them)."""
    if upright.ndim != 4 or upright.shape[-1] != 3 or upright.dtype != np.uint8:
        raise ValueError(f"crops must be (K, T, T, 3) uint8, got {upright.shape} {upright.dtype}")
    lo, hi = band
    if not 0 <= lo < hi <= 1.4:
        raise ValueError(f"band must be 0 <= lo < hi <= 1.4 tile sides, got {band}")
    side = upright.shape[1]
    along = (np.arange(side) + 0.5) / side * (1 - 2 * inset) + inset  # tile sides from the corner
    x, y = np.meshgrid(along, along)
    dist, angle = np.hypot(x, y), np.degrees(np.arctan2(y, x))
    where = (dist > lo) & (dist < hi) & (angle > 15) & (angle < 75)
    if not where.any():
        raise ValueError(f"the band {band} holds no pixel of a {side}-pixel crop")
    return np.stack([chroma(crop[where]) for crop in upright]) if len(upright) else np.zeros((0, 2))


def class_distances(chromas: np.ndarray, labels: Sequence[int], classes: int,
                    centre: Callable[..., np.ndarray] = np.median) -> np.ndarray:
    """One photo's tiles, their chromas ``(K, 2)`` and the class read for each (``labels``, indices
    below ``classes``: a floor or a path material) -> ``(K, classes)`` each tile's chroma distance
    to the ``centre`` (``np.median`` or ``np.mean`` over axis 0) of the *other* tiles read as each
    class; NaN where no other tile was."""
    chromas = np.asarray(chromas, dtype=np.float64)
    labels = np.asarray(labels)
    if chromas.ndim != 2 or chromas.shape[1] != 2 or labels.shape != (len(chromas),):
        raise ValueError(f"chromas must be (K, 2) with one label per tile, got {chromas.shape} and {labels.shape}")
    if np.any((labels < 0) | (labels >= classes)):
        raise ValueError(f"labels must be in 0..{classes - 1}, got {labels.tolist()}")
    out = np.full((len(chromas), classes), np.nan)
    for c in range(classes):
        members = np.flatnonzero(labels == c)
        if not len(members):
            continue
        rest = labels != c  # the tiles of other classes: against all of this class's
        out[rest, c] = np.linalg.norm(chromas[rest] - centre(chromas[members], axis=0), axis=1)
        for i in members if len(members) > 1 else ():  # each member against the others
            out[i, c] = float(np.linalg.norm(chromas[i] - centre(chromas[members[members != i]], axis=0)))
    return out


def separation(chromas: np.ndarray, labels: Sequence[int], classes: int) -> float:
    """How well one photo's tiles' chromas ``(K, 2)`` tell the classes read (``labels``, indices
    below ``classes``) apart: the median over its tiles of the distance to the mean of the other
    tiles of its own class over that to the nearest other class's mean (:func:`class_distances`);
    near 0 when each class has a colour of its own, near 1 or above when the colours do not follow
    the classes (a path band sampled off the path of an art unlike ours). NaN when no tile has both."""
    own, near, _ = own_and_nearest(chromas, labels, classes)
    both = ~np.isnan(own) & ~np.isnan(near)
    return float(np.median(own[both] / np.maximum(near[both], 1e-12))) if both.any() else float("nan")


def own_and_nearest(chromas: np.ndarray, labels: Sequence[int], classes: int
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per tile (chromas ``(K, 2)``, ``labels`` the classes read) from :func:`class_distances` to
    the means: the distance to its own class's other tiles ``(K,)``, to the nearest other class
    ``(K,)`` and that class ``(K,)`` (the lowest index on a tie); NaN and -1 where there is none."""
    dist = class_distances(chromas, labels, classes, np.mean)
    rows = np.arange(len(dist))
    labels = np.asarray(labels).astype(np.int64)  # checked by class_distances
    own = dist[rows, labels]
    others = dist.copy()
    others[rows, labels] = np.nan
    seen = ~np.isnan(others).all(axis=1)
    nearest = np.full(len(dist), -1)
    nearest[seen] = np.nanargmin(others[seen], axis=1)
    near = np.where(seen, others[rows, np.maximum(nearest, 0)], np.nan)
    return own, near, nearest


def agreement_likelihood(chromas: np.ndarray, labels: Sequence[int], classes: int, sigma: float, cap: float
                         ) -> np.ndarray:
    """One photo's tiles, their chromas ``(K, 2)`` and the class read for each (``labels``, indices
    below ``classes``) -> ``(K, classes)`` likelihoods in (0, 1]: ``exp(-d² / (2 sigma²))`` of each
    tile's chroma distance ``d`` to the median of the *other* tiles read as each class
    (:func:`class_distances`; a misread tile among them hardly moves it), ``d²`` capped at ``cap``
    (a class no other tile was read as gets the cap's value: no evidence either way). Whatever the
    light, one floor's tiles in one photo share a colour."""
    if not (sigma > 0 and cap > 0):
        raise ValueError(f"sigma and cap must be above 0, got {sigma!r}, {cap!r}")
    d2 = np.square(class_distances(chromas, labels, classes))
    return np.exp(-np.where(np.isnan(d2), cap, np.minimum(d2, cap)) / (2 * sigma ** 2))


def colour_outliers(chromas: np.ndarray, labels: Sequence[int], classes: int, factor: float) -> list[int | None]:
    """One photo's tiles, their chromas ``(K, 2)`` (:func:`tile_chroma`) and the floor read for each
    (``labels``, indices below ``classes``) -> per tile, the other floor whose tiles' colour it has,
    or None: a tile whose chroma lies more than ``factor`` times farther from the mean of the other
    tiles read as its floor than from the mean of another floor's tiles (:func:`class_distances`;
    the nearest such floor). A cast moves all tiles alike, so these are the tiles whose colour the
    reader did not read as it read their floor-mates': most often read as the wrong floor. A tile
    alone on its floor is never one. The same serves path materials (``labels`` the materials
    read, chromas :func:`path_chroma`)."""
    if not factor > 0:
        raise ValueError(f"factor must be above 0, got {factor!r}")
    own, near, nearest = own_and_nearest(chromas, labels, classes)
    return [int(c) if d > factor * n else None for d, n, c in zip(own, near, nearest)]  # False when either is NaN
