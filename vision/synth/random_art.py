"""Random tile art for training: the ``random`` style.

A real copy's art is unknown, so training also sees art drawn from what every copy shares: each
floor in its colour family (sand pale yellow, gravel grey, trees green, clay terracotta, water
blue, cherry blossom pink), a quarter-circle path band of light sand, brown wood or grey stone
around one corner, and a figure in the opposite half that turns with the tile. Everything else is
drawn at random per *dialect* (one copy's look: base colours, a texture kind per floor, the band's
radii, the path's drawing, an edging, the figures' colours, sizes and mirroring), so the readers
and the tile map learn the semantics rather than one picture.

Kept apart from the held-out ``ink`` style by construction: no dotted edging, no cell crackle or
scallop textures, no boards laid along the curve, no crazy paving and no figure drawings but the
``classic`` and ``alt`` ones (recoloured, resized, mirrored). The development-only ``sketch`` style
is this one with the silhouettes of :mod:`vision.synth.sketch` for figures (``sketch=True``).

A *development copy* (:func:`copy_tile`, ``copy=SEED`` in :func:`vision.synth.photo.render_photo`)
is one dialect drawn from a seed with one fixed picture per physical tile, turned with the tile, as
a real copy's are: enrolment is developed on those (``dev`` family), never on ``ink``.

Image conventions as in :mod:`vision.synth.art`: ``(rows, cols, 3)`` uint8 BGR, canonical drawing
with the path around the top-left corner, then turned to the tile's corner.
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass, replace
from typing import Final

import cv2
import numpy as np

from scorer.tiles import Tile
from scorer.vocab import ALL_DECORS, ALL_FLOORS, ALL_PATHS, Decor, Floor, PathMaterial
from vision.synth.art import _DECORS, _band_mask, _Canvas, _grain, _polar, _smooth_noise, drop_shadow, rim_and_turn
from vision.synth.sketch import SKETCH_FIGURES, sketch_colours

Colour = tuple[int, int, int]
#: A colour family: (hue degrees lo, hi), (saturation lo, hi), (value lo, hi).
Family = tuple[tuple[float, float], tuple[float, float], tuple[float, float]]

#: Each floor's colour family.
FLOOR_FAMILIES: Final[dict[Floor, Family]] = {
    Floor.SAND: ((32, 56), (0.22, 0.58), (0.74, 0.96)),
    Floor.GRAVEL: ((0, 360), (0.0, 0.18), (0.38, 0.70)),
    Floor.TREES: ((80, 150), (0.35, 0.80), (0.28, 0.66)),
    Floor.CLAY: ((6, 28), (0.45, 0.82), (0.45, 0.82)),
    Floor.WATER: ((188, 228), (0.45, 0.88), (0.45, 0.90)),
    Floor.CHERRY_BLOSSOM: ((305, 352), (0.14, 0.46), (0.78, 0.98)),
}
#: Each path material's colour family.
PATH_FAMILIES: Final[dict[PathMaterial, Family]] = {
    PathMaterial.SAND: ((28, 52), (0.04, 0.30), (0.86, 1.0)),
    PathMaterial.WOOD: ((14, 36), (0.40, 0.78), (0.30, 0.70)),
    PathMaterial.STONE: ((0, 360), (0.0, 0.14), (0.50, 0.80)),
}
FLOOR_TEXTURES: Final = ("noise", "dots", "lines", "blobs", "hatch", "rings", "bricks", "strokes")
PATH_DRAWINGS: Final[dict[PathMaterial, tuple[str, ...]]] = {
    PathMaterial.SAND: ("grain", "grooves", "speckle"),
    PathMaterial.WOOD: ("planks", "planks_nailed"),
    PathMaterial.STONE: ("pebbles", "setts", "cobbles"),
}
EDGINGS: Final = ("none", "dark", "light")



@dataclass(frozen=True)
class Dialect:
    """One copy's look: what the ``random`` style draws the same way on every tile of a photo."""

    floor_colours: dict[Floor, Colour]
    floor_textures: dict[Floor, str]
    floor_contrast: float
    path_colours: dict[PathMaterial, Colour]
    path_drawings: dict[PathMaterial, str]
    path_inner: float
    path_outer: float
    edging: str
    edging_width: float
    figure_style: dict[Decor, str]
    figure_hue: dict[Decor, float]
    figure_mirror: dict[Decor, bool]
    figure_size: float
    figure_centre: float
    figure_shadow: bool
    rim: float
    #: With the ``sketch`` figures (:mod:`vision.synth.sketch`): their fill and detail colours;
    #: None for the ``classic`` and ``alt`` drawings named in ``figure_style``.
    sketch: tuple[Colour, Colour] | None = None


def _colour(family: Family, rng: np.random.Generator) -> Colour:
    """A BGR colour drawn uniformly from a hue/saturation/value family."""
    (h0, h1), (s0, s1), (v0, v1) = family
    r, g, b = colorsys.hsv_to_rgb((rng.uniform(h0, h1) % 360) / 360, rng.uniform(s0, s1), rng.uniform(v0, v1))
    return (round(b * 255), round(g * 255), round(r * 255))


def _shade(colour: Colour, amount: float) -> Colour:
    """``colour`` lighter (amount > 0) or darker (< 0), hue kept."""
    c = np.asarray(colour, np.float64)
    out = c + (255 - c) * amount if amount > 0 else c * (1 + amount)
    return tuple(int(v) for v in np.clip(out, 0, 255))  # type: ignore[return-value]


def _hue_turn(img: np.ndarray, degrees: float) -> np.ndarray:
    """``(S, S, 3)`` uint8 BGR with every hue turned by ``degrees``."""
    hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
    hsv[..., 0] = ((hsv[..., 0].astype(np.int32) + round(degrees / 2)) % 180).astype(np.uint8)
    return cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)


def random_dialect(rng: np.random.Generator, sketch: bool = False) -> Dialect:
    """Draw one copy's look; with ``sketch``, its figures the development-only silhouettes (drawn
    after everything else, so the rest of the look is the same as without)."""
    inner = float(rng.uniform(0.22, 0.36))
    look = Dialect(
        floor_colours={f: _colour(FLOOR_FAMILIES[f], rng) for f in ALL_FLOORS},
        floor_textures={f: str(rng.choice(FLOOR_TEXTURES)) for f in ALL_FLOORS},
        floor_contrast=float(rng.uniform(0.1, 0.4)),
        path_colours={m: _colour(PATH_FAMILIES[m], rng) for m in ALL_PATHS},
        path_drawings={m: str(rng.choice(PATH_DRAWINGS[m])) for m in ALL_PATHS},
        path_inner=inner,
        path_outer=min(0.70, inner + float(rng.uniform(0.22, 0.36))),
        edging=str(rng.choice(EDGINGS)),
        edging_width=float(rng.uniform(0.5, 1.6)),
        figure_style={d: str(rng.choice(("classic", "alt"))) for d in ALL_DECORS},
        figure_hue={d: float(rng.uniform(0, 360)) if rng.random() < 0.5 else 0.0 for d in ALL_DECORS},
        figure_mirror={d: bool(rng.random() < 0.5) for d in ALL_DECORS},
        figure_size=float(rng.uniform(0.36, 0.50)),
        figure_centre=float(rng.uniform(0.68, 0.76)),
        figure_shadow=bool(rng.random() < 0.6),
        rim=float(rng.uniform(0.55, 1.0)),
    )
    if not sketch:
        return look
    return replace(look, figure_style={d: "sketch" for d in ALL_DECORS}, sketch=sketch_colours(rng))


def _floor(s: int, base: Colour, texture: str, contrast: float, rng: np.random.Generator) -> np.ndarray:
    """``(s, s, 3)`` float32 floor: ``base`` with a texture in a darker or lighter shade of it."""
    img = np.zeros((s, s, 3), np.float32) + np.asarray(base, np.float32)
    second = _shade(base, float(rng.choice((-1, 1))) * contrast * rng.uniform(0.8, 1.4))
    out = np.clip(img + (_smooth_noise(s, rng, int(rng.integers(3, 9))) * 10)[..., None], 0, 255).astype(np.uint8)
    th = max(1, round(s / rng.uniform(60, 160)))
    if texture == "dots":
        for _ in range(int(rng.integers(20, 120))):
            x, y = rng.uniform(0, s, 2)
            r = rng.uniform(s / 90, s / 30)
            cv2.circle(out, (int(x), int(y)), max(1, int(r)), second, -1, cv2.LINE_AA)
    elif texture == "lines":
        ang, step = rng.uniform(0, np.pi), s / rng.uniform(6, 18)
        yy, xx = np.mgrid[0:s, 0:s].astype(np.float32)
        wave = np.sin(xx / s * rng.uniform(0, 12)) * rng.uniform(0, step / 3)
        t = (xx * np.cos(ang) + yy * np.sin(ang) + wave) / step
        m = (np.abs(t - np.round(t)) * step < th * 0.8).astype(np.float32)[..., None]
        out = (out * (1 - m) + np.asarray(second, np.float32) * m).astype(np.uint8)
    elif texture == "blobs":
        for _ in range(int(rng.integers(6, 18))):
            x, y = rng.uniform(0, s, 2)
            r = rng.uniform(s / 14, s / 6)
            cv2.circle(out, (int(x), int(y)), int(r), second, -1, cv2.LINE_AA)
            if rng.random() < 0.5:
                cv2.circle(out, (int(x - r * 0.3), int(y - r * 0.3)), max(1, int(r * 0.4)), _shade(second, 0.25), -1,
                           cv2.LINE_AA)
    elif texture == "hatch":
        step = max(3, round(s / rng.uniform(8, 20)))
        for k in range(-s, s, step):
            cv2.line(out, (k, 0), (k + s, s), second, th, cv2.LINE_AA)
            if rng.random() < 0.5:
                cv2.line(out, (k + s, 0), (k, s), second, th, cv2.LINE_AA)
    elif texture == "rings":
        for _ in range(int(rng.integers(3, 8))):
            x, y = rng.uniform(0, s, 2)
            for k in range(1, int(rng.integers(2, 5))):
                r = k * s / rng.uniform(10, 20)
                cv2.ellipse(out, (int(x), int(y)), (int(r * rng.uniform(1, 1.5)), int(r)), 0, 0, 360, second, th,
                            cv2.LINE_AA)
    elif texture == "bricks":
        step = s / rng.uniform(4, 9)
        for i in range(int(s / step) + 2):
            y = int(i * step)
            cv2.line(out, (0, y), (s, y), second, th, cv2.LINE_AA)
            off = 0.0 if i % 2 == 0 else step / 2
            for j in range(int(s / step) + 2):
                x = int(j * step * 1.5 + off)
                cv2.line(out, (x, y), (x, int(y + step)), second, th, cv2.LINE_AA)
    elif texture == "strokes":
        for _ in range(int(rng.integers(15, 60))):
            x, y = rng.uniform(0, s, 2)
            ln = rng.uniform(s / 30, s / 10)
            a = rng.uniform(0, 2 * np.pi)
            cv2.line(out, (int(x), int(y)), (int(x + ln * np.cos(a)), int(y + ln * np.sin(a))), second, th + 1,
                     cv2.LINE_AA)
    return out.astype(np.float32) + _grain(s, rng, float(rng.uniform(2, 10)))


def _path(s: int, material: PathMaterial, dialect: Dialect, rng: np.random.Generator) -> np.ndarray:
    """``(s, s, 3)`` float32 path texture (only the band is used)."""
    base = dialect.path_colours[material]
    drawing = dialect.path_drawings[material]
    inner, outer = dialect.path_inner, dialect.path_outer
    dist, ang = _polar(s)
    img = np.zeros((s, s, 3), np.float32) + np.asarray(base, np.float32)
    if drawing == "grooves":
        groove = np.cos(2 * np.pi * (dist - inner) / (outer - inner) * rng.integers(2, 6)) ** 12
        img -= (groove * rng.uniform(10, 30))[..., None]
    elif drawing == "speckle":
        dots = (rng.random((s, s)) < 0.02).astype(np.float32)
        img -= (cv2.GaussianBlur(dots, (0, 0), max(0.6, s / 300)) * 80)[..., None]
    elif drawing.startswith("planks"):
        n = int(rng.integers(6, 17))
        t = ang / (np.pi / 2) * n
        idx = np.floor(t).astype(np.int32)
        tones = rng.uniform(-20, 20, n + 2).astype(np.float32)
        img = img + (tones[idx] + np.sin(dist * s * 0.8 + idx * 1.7) * 8)[..., None]
        edge = np.minimum(t - idx, 1 - (t - idx)) * (np.pi / 2 / n) * dist * s
        gap = np.clip(1.6 - edge, 0, 1)[..., None]
        img = img * (1 - gap) + np.asarray(_shade(base, -0.6), np.float32) * gap
        if drawing == "planks_nailed":
            xx = np.arange(s, dtype=np.float32)[None, :] + 0.5
            yy = np.arange(s, dtype=np.float32)[:, None] + 0.5
            for k in range(n):
                a = (k + 0.5) / n * (np.pi / 2)
                for rr in (inner + 0.04, outer - 0.04):
                    nail = np.clip(s / 120 - np.hypot(xx - np.cos(a) * rr * s, yy - np.sin(a) * rr * s), 0, 1)
                    img = img * (1 - nail[..., None]) + 40 * nail[..., None]
    else:  # stone
        mortar = _shade(base, -float(rng.uniform(0.3, 0.6)))
        out = np.clip(np.zeros((s, s, 3), np.float32) + np.asarray(mortar, np.float32), 0, 255).astype(np.uint8)
        mid, width = (inner + outer) / 2 * s, (outer - inner) * s
        n = int(rng.integers(4, 10))
        rows = (0.0,) if drawing == "pebbles" else (-0.22, 0.22)
        for k in range(n):
            a = (k + 0.5) / n * (np.pi / 2)
            for off in rows:
                rr = mid + off * width
                cx, cy = np.cos(a) * rr, np.sin(a) * rr
                col = _shade(base, float(rng.uniform(-0.15, 0.15)))
                if drawing == "setts":
                    half = width * 0.18
                    box = cv2.boxPoints(((cx, cy), (half * 2, half * 2), float(np.degrees(a))))
                    cv2.fillPoly(out, [np.round(box).astype(np.int32)], col, cv2.LINE_AA)
                else:
                    ax = (width * (0.38 if off == 0.0 else 0.2), width * (0.3 if off == 0.0 else 0.17))
                    cv2.ellipse(out, (int(cx), int(cy)), (max(1, int(ax[0])), max(1, int(ax[1]))),
                                float(np.degrees(a)), 0, 360, col, -1, cv2.LINE_AA)
        img = out.astype(np.float32)
    return img + _grain(s, rng, float(rng.uniform(2, 9)))


def dialect_tile(tile: Tile, size: int, rng: np.random.Generator, dialect: Dialect) -> np.ndarray:
    """Draw one placed tile in ``dialect``: ``(size, size, 3)`` uint8 BGR, the path around
    ``tile.corner``. ``rng`` draws the small per-picture variations (texture layout, grain)."""
    s = int(size)
    img = _floor(s, dialect.floor_colours[tile.floor], dialect.floor_textures[tile.floor], dialect.floor_contrast, rng)
    c = dialect.figure_centre + rng.uniform(-0.02, 0.02, 2)  # drawn before the path: its draws vary
    inner, outer = dialect.path_inner, dialect.path_outer
    band = _band_mask(s, inner, outer)[..., None]
    img = img * (1 - band) + _path(s, tile.path, dialect, rng) * band
    if dialect.edging != "none":
        dist, _ = _polar(s)
        lw = max(1.0, s * dialect.edging_width / 110) / s
        edge = np.clip(1 - np.abs(dist - inner) / lw, 0, 1) + np.clip(1 - np.abs(dist - outer) / lw, 0, 1)
        edge = np.clip(edge, 0, 1)
        col = np.array((35, 40, 45) if dialect.edging == "dark" else (235, 235, 230), np.float32)
        img = img * (1 - edge[..., None] * 0.75) + col * edge[..., None] * 0.75

    canvas = _Canvas(s)
    centre, box = (float(c[0]) * s, float(c[1]) * s), dialect.figure_size * s
    if dialect.sketch is not None:
        SKETCH_FIGURES[tile.decor](canvas, centre, box, *dialect.sketch)
    else:
        _DECORS[tile.decor](canvas, centre, box, dialect.figure_style[tile.decor])
    fig, mask = canvas.img, canvas.mask
    if dialect.figure_mirror[tile.decor]:  # mirrored about the figure's own centre line
        flip = np.array([[-1.0, 0.0, 2 * float(c[0]) * s], [0.0, 1.0, 0.0]])
        fig = cv2.warpAffine(fig, flip, (s, s), flags=cv2.INTER_NEAREST)
        mask = cv2.warpAffine(mask, flip, (s, s), flags=cv2.INTER_NEAREST)
    if dialect.figure_hue[tile.decor]:
        fig = _hue_turn(fig, dialect.figure_hue[tile.decor])
    m = mask.astype(np.float32) / 255.0
    if dialect.figure_shadow:
        img = drop_shadow(img, m, 0.4)
    img = img * (1 - m[..., None]) + fig.astype(np.float32) * m[..., None]
    return rim_and_turn(img, dialect.rim, tile.corner)


def random_tile(tile: Tile, size: int, rng: np.random.Generator | None, sketch: bool = False) -> np.ndarray:
    """One tile in a dialect of its own (drawn from ``rng``, or fixed per tile when ``None``); with
    ``sketch``, its figure a development-only silhouette."""
    if rng is None:
        key = f"{tile.floor.value}/{tile.path.value}/{tile.decor.value}"
        rng = np.random.default_rng([4099, *(ord(ch) for ch in key)])
    return dialect_tile(tile, size, rng, random_dialect(rng, sketch))


#: Side at which a development copy's tile pictures are drawn (then resized to the photo's tiles),
#: and the stream its seeds draw from (apart from any photo's).
COPY_SIDE: Final = 256
COPY_STREAM: Final = 5381


def check_copy(copy: object) -> int:
    """A development copy's seed checked -> the int; ``ValueError`` unless a non-negative integer."""
    if isinstance(copy, bool) or not isinstance(copy, (int, np.integer)) or copy < 0:
        raise ValueError(f"copy must be a non-negative integer (a seed), got {copy!r}")
    return int(copy)


def copy_tile(tile: Tile, size: int, copy: int, sketch: bool = False) -> np.ndarray:
    """One tile of development copy ``copy`` (a non-negative seed): the copy's one look
    (:func:`random_dialect`; with ``sketch``, its figures the development-only silhouettes) and
    one picture per physical tile (floor, path, decor), turned to ``tile.corner``, ``(size, size,
    3)`` uint8 BGR; the same in every photo."""
    check_copy(copy)
    look = random_dialect(np.random.default_rng([COPY_STREAM, int(copy)]), sketch)
    kind = (ALL_FLOORS.index(tile.floor), ALL_PATHS.index(tile.path), ALL_DECORS.index(tile.decor))
    picture = dialect_tile(tile, COPY_SIDE, np.random.default_rng([COPY_STREAM, int(copy), *kind]), look)
    if size == COPY_SIDE:
        return picture
    return cv2.resize(picture, (size, size), interpolation=cv2.INTER_AREA if size < COPY_SIDE else cv2.INTER_LINEAR)
