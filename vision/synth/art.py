"""Tile art: one square BGR picture per placed tile, in two art styles.

Every tile is drawn in a *canonical* orientation with its path wrapping the top-left (``nw``)
corner and the decor figure upright in the opposite (bottom-right) half, then the whole picture
is turned by quarter turns so the path wraps the requested corner. That is what a printed
cardboard tile does when a player rotates it: the figure turns with the path.

Image conventions: arrays are ``(rows, cols, 3)`` uint8 BGR, row 0 at the top; pixel positions
are ``(x, y)`` = ``(col, row)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

import cv2
import numpy as np

from scorer.tiles import Tile
from scorer.vocab import Corner, Decor, Floor, PathMaterial

#: Styles training may use; ``random`` draws a new look per photo (:mod:`vision.synth.random_art`).
STYLES: Final = ("classic", "alt", "random")
#: Styles kept out of training and tuning, for measuring an unseen copy (see ``_ink_picture``).
HELD_OUT_STYLES: Final = ("ink",)
#: Styles for development only, neither trained on nor held out: ``sketch`` is the ``random`` style
#: with figures drawn unlike any other style's (:mod:`vision.synth.sketch`), to develop the reading
#: of unseen figures on.
DEV_STYLES: Final = ("sketch",)
ALL_STYLES: Final = STYLES + HELD_OUT_STYLES + DEV_STYLES
#: Styles that draw a look of their own per photo, or one development copy's (``copy``).
LOOK_STYLES: Final = ("random", "sketch")

#: Band of the quarter-circle path, as fractions of the tile side, measured from the corner.
PATH_INNER: Final = 0.30
PATH_OUTER: Final = 0.62
#: Centre of the decor figure (canonical orientation, fractions of the side) and its box size.
DECOR_CENTRE: Final = (0.72, 0.72)
DECOR_SIZE: Final = 0.44

#: Clockwise quarter turns taking the canonical ``nw`` drawing to each corner.
CORNER_TURNS: Final[dict[Corner, int]] = {c: c.turns_from_nw() for c in Corner}

Colour = tuple[int, int, int]
FloatImage = np.ndarray  # (S, S, 3) float32 BGR in 0..255


# --------------------------------------------------------------------------------------------
# small helpers


def _rng_for(rng: np.random.Generator | None, *key: str) -> np.random.Generator:
    """The generator to draw with: the caller's, or a fixed one per key (canonical drawing)."""
    if rng is not None:
        return rng
    seed = sum((i + 1) * 131 * ord(ch) for i, ch in enumerate("/".join(key)))
    return np.random.default_rng(seed)


def _jitter(colour: Sequence[float], rng: np.random.Generator, amount: float) -> Colour:
    """``colour`` with each channel moved by up to ``amount`` (clipped to 0..255)."""
    out = np.clip(np.asarray(colour, dtype=np.float64) + rng.uniform(-amount, amount, 3), 0, 255)
    return (int(out[0]), int(out[1]), int(out[2]))


def _fill(size: int, colour: Sequence[float]) -> FloatImage:
    return np.zeros((size, size, 3), np.float32) + np.asarray(colour, np.float32)


def _smooth_noise(size: int, rng: np.random.Generator, cells: int) -> np.ndarray:
    """(size, size) float32 noise in roughly -1..1, smooth at a scale of size / cells."""
    small = rng.standard_normal((cells + 1, cells + 1)).astype(np.float32)
    return cv2.resize(small, (size, size), interpolation=cv2.INTER_CUBIC) * 0.7


def _grain(size: int, rng: np.random.Generator, amount: float) -> np.ndarray:
    """(size, size, 1) float32 per-pixel print grain."""
    return (rng.standard_normal((size, size, 1)).astype(np.float32)) * amount


@lru_cache(maxsize=16)
def _polar(size: int) -> tuple[np.ndarray, np.ndarray]:
    """Distance from the top-left corner (in tile sides) and angle 0..pi/2 for every pixel."""
    coords = (np.arange(size, dtype=np.float32) + 0.5) / size
    xx, yy = np.meshgrid(coords, coords)
    return np.hypot(xx, yy), np.arctan2(yy, xx)


class _Canvas:
    """Draws shapes on a colour layer and a coverage mask at once (for figure shadows)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.img = np.zeros((size, size, 3), np.uint8)
        self.mask = np.zeros((size, size), np.uint8)

    def poly(self, pts: np.ndarray, colour: Colour, outline: Colour | None = None, thick: int = 1) -> None:
        p = np.round(pts).astype(np.int32).reshape(-1, 1, 2)
        cv2.fillPoly(self.img, [p], colour, cv2.LINE_AA)
        cv2.fillPoly(self.mask, [p], 255, cv2.LINE_AA)
        if outline is not None:
            cv2.polylines(self.img, [p], True, outline, max(1, thick), cv2.LINE_AA)

    def ellipse(
        self,
        centre: tuple[float, float],
        axes: tuple[float, float],
        colour: Colour,
        angle: float = 0.0,
        outline: Colour | None = None,
        thick: int = 1,
        start: float = 0.0,
        end: float = 360.0,
    ) -> None:
        c = (round(centre[0]), round(centre[1]))
        a = (max(1, round(axes[0])), max(1, round(axes[1])))
        cv2.ellipse(self.img, c, a, angle, start, end, colour, -1, cv2.LINE_AA)
        cv2.ellipse(self.mask, c, a, angle, start, end, 255, -1, cv2.LINE_AA)
        if outline is not None:
            cv2.ellipse(self.img, c, a, angle, start, end, outline, max(1, thick), cv2.LINE_AA)

    def line(self, pts: np.ndarray, colour: Colour, thick: float) -> None:
        p = np.round(pts).astype(np.int32).reshape(-1, 1, 2)
        t = max(1, round(thick))
        cv2.polylines(self.img, [p], False, colour, t, cv2.LINE_AA)
        cv2.polylines(self.mask, [p], False, 255, t, cv2.LINE_AA)


def _pts(centre: tuple[float, float], d: float, rel: Sequence[tuple[float, float]]) -> np.ndarray:
    """Figure-box coordinates (-0.5..0.5, y down) -> pixel (x, y) array (N, 2) float64."""
    arr = np.asarray(rel, dtype=np.float64)
    return arr * d + np.asarray(centre, dtype=np.float64)


# --------------------------------------------------------------------------------------------
# floors


def _floor_sand(size: int, rng: np.random.Generator, style: str) -> FloatImage:
    yy = np.arange(size, dtype=np.float32)[:, None] / size
    xx = np.arange(size, dtype=np.float32)[None, :] / size
    if style == "classic":
        img = _fill(size, _jitter((150, 196, 222), rng, 6))
        phase = rng.uniform(0, 2 * np.pi)
        wave = yy + 0.025 * np.sin(2 * np.pi * (xx * 1.5) + phase)
        raked = np.cos(2 * np.pi * wave * 11) ** 8  # thin raked grooves
        img -= (raked * 28)[..., None]
        img += _grain(size, rng, 7)
    else:
        img = _fill(size, _jitter((110, 205, 235), rng, 6))
        n = int(size * size / 90)
        ys, xs = rng.integers(0, size, n), rng.integers(0, size, n)
        dots = np.zeros((size, size), np.float32)
        dots[ys, xs] = 1.0
        dots = cv2.GaussianBlur(dots, (0, 0), max(0.6, size / 400))
        img -= (dots * 60)[..., None]
        img += (_smooth_noise(size, rng, 5) * 10)[..., None]
    return img


def _floor_gravel(size: int, rng: np.random.Generator, style: str) -> FloatImage:
    if style == "classic":
        img = _fill(size, _jitter((128, 130, 130), rng, 5))
        out = img.astype(np.uint8)
        n = 170
        for _ in range(n):
            x, y = rng.uniform(0, size, 2)
            r = rng.uniform(size / 70, size / 32)
            g = int(rng.uniform(95, 195))
            cv2.ellipse(out, (int(x), int(y)), (int(r * 1.2) + 1, int(r) + 1), float(rng.uniform(0, 180)),
                        0, 360, (g, g, g + 3), -1, cv2.LINE_AA)
        img = out.astype(np.float32) + _grain(size, rng, 8)
    else:
        img = _fill(size, _jitter((120, 112, 100), rng, 5))
        img += _grain(size, rng, 22)
        step = max(3, size // 20)
        out = img.clip(0, 255).astype(np.uint8)
        for k in range(-size, size, step):
            cv2.line(out, (k, 0), (k + size, size), (95, 88, 80), 1, cv2.LINE_AA)
        img = out.astype(np.float32)
    return img


def _floor_trees(size: int, rng: np.random.Generator, style: str) -> FloatImage:
    if style == "classic":
        img = _fill(size, _jitter((45, 105, 45), rng, 5))
        img += (_smooth_noise(size, rng, 6) * 12)[..., None]
        out = img.clip(0, 255).astype(np.uint8)
        for _ in range(14):
            x, y = rng.uniform(0, size, 2)
            r = rng.uniform(size / 11, size / 7)
            base = _jitter((50, 145, 55), rng, 18)
            cv2.circle(out, (int(x + r * 0.12), int(y + r * 0.15)), int(r), (25, 60, 25), -1, cv2.LINE_AA)
            cv2.circle(out, (int(x), int(y)), int(r), base, -1, cv2.LINE_AA)
            hi = tuple(min(255, c + 45) for c in base)
            cv2.circle(out, (int(x - r * 0.3), int(y - r * 0.3)), max(1, int(r * 0.45)), hi, -1, cv2.LINE_AA)
            cv2.circle(out, (int(x), int(y)), int(r), (30, 80, 30), max(1, size // 160), cv2.LINE_AA)
        img = out.astype(np.float32) + _grain(size, rng, 5)
    else:
        img = _fill(size, _jitter((80, 140, 95), rng, 5))
        out = img.astype(np.uint8)
        for _ in range(16):
            x, y = rng.uniform(-0.05, 1.05, 2) * size
            h = rng.uniform(size / 7, size / 4.5)
            w = h * 0.6
            col = _jitter((40, 85, 25), rng, 12)
            tri = np.array([[x, y - h / 2], [x + w / 2, y + h / 2], [x - w / 2, y + h / 2]], np.int32)
            cv2.fillPoly(out, [tri], col, cv2.LINE_AA)
            cv2.line(out, (int(x), int(y + h / 2)), (int(x), int(y + h * 0.62)), (30, 50, 70),
                     max(1, size // 100), cv2.LINE_AA)
        img = out.astype(np.float32) + _grain(size, rng, 6)
    return img


def _floor_clay(size: int, rng: np.random.Generator, style: str) -> FloatImage:
    if style == "classic":
        img = _fill(size, _jitter((55, 88, 165), rng, 6))
        img += (_smooth_noise(size, rng, 9) * 22)[..., None] * np.array([0.6, 0.8, 1.0], np.float32)
        out = img.clip(0, 255).astype(np.uint8)
        for _ in range(7):
            p = rng.uniform(0, size, 2)
            pts = [p.copy()]
            for _ in range(4):
                p = p + rng.normal(0, size / 12, 2)
                pts.append(p.copy())
            cv2.polylines(out, [np.array(pts, np.int32)], False, (35, 55, 110), max(1, size // 170), cv2.LINE_AA)
        img = out.astype(np.float32) + _grain(size, rng, 6)
    else:
        img = _fill(size, _jitter((70, 120, 205), rng, 6))
        out = img.astype(np.uint8)
        step = size / 6
        for i in range(7):
            y = int(i * step)
            cv2.line(out, (0, y), (size, y), (50, 85, 150), max(1, size // 120), cv2.LINE_AA)
            off = 0.0 if i % 2 == 0 else step / 2
            for j in range(7):
                x = int(j * step + off)
                cv2.line(out, (x, y), (x, int(y + step)), (50, 85, 150), max(1, size // 120), cv2.LINE_AA)
        img = out.astype(np.float32) + _grain(size, rng, 10)
    return img


def _floor_water(size: int, rng: np.random.Generator, style: str) -> FloatImage:
    if style == "classic":
        img = _fill(size, _jitter((185, 120, 40), rng, 6))
        img += (_smooth_noise(size, rng, 4) * 18)[..., None]
        out = img.clip(0, 255).astype(np.uint8)
        for _ in range(5):
            x, y = rng.uniform(0, size, 2)
            for k in range(1, 4):
                r = k * size / 16 + rng.uniform(0, size / 40)
                cv2.ellipse(out, (int(x), int(y)), (int(r * 1.4), int(r)), 0, 0, 360, (235, 195, 120),
                            max(1, size // 140), cv2.LINE_AA)
        img = out.astype(np.float32) + _grain(size, rng, 4)
    else:
        img = _fill(size, _jitter((160, 130, 30), rng, 6))
        yy = np.arange(size, dtype=np.float32)[:, None] / size
        xx = np.arange(size, dtype=np.float32)[None, :] / size
        phase = rng.uniform(0, 2 * np.pi)
        wave = np.cos(2 * np.pi * (yy * 9 + 0.06 * np.sin(2 * np.pi * xx * 3 + phase))) ** 12
        img += wave[..., None] * np.array([70, 60, 30], np.float32)
        img += _grain(size, rng, 5)
    return img


def _floor_cherry(size: int, rng: np.random.Generator, style: str) -> FloatImage:
    if style == "classic":
        img = _fill(size, _jitter((185, 165, 240), rng, 5))
        img += (_smooth_noise(size, rng, 5) * 8)[..., None]
        out = img.clip(0, 255).astype(np.uint8)
        for _ in range(13):
            x, y = rng.uniform(0, size, 2)
            r = rng.uniform(size / 40, size / 26)
            rot = rng.uniform(0, 2 * np.pi)
            for k in range(5):
                a = rot + k * 2 * np.pi / 5
                cv2.circle(out, (int(x + np.cos(a) * r), int(y + np.sin(a) * r)), max(1, int(r * 0.8)),
                           (235, 225, 255), -1, cv2.LINE_AA)
            cv2.circle(out, (int(x), int(y)), max(1, int(r * 0.45)), (120, 50, 200), -1, cv2.LINE_AA)
        img = out.astype(np.float32) + _grain(size, rng, 4)
    else:
        img = _fill(size, _jitter((205, 150, 230), rng, 5))
        out = img.astype(np.uint8)
        for _ in range(3):
            p = rng.uniform(0, size, 2)
            pts = [p.copy()]
            for _ in range(5):
                p = p + rng.normal(0, size / 9, 2)
                pts.append(p.copy())
            cv2.polylines(out, [np.array(pts, np.int32)], False, (50, 50, 90), max(1, size // 90), cv2.LINE_AA)
        for _ in range(60):
            x, y = rng.uniform(0, size, 2)
            r = rng.uniform(size / 90, size / 50)
            cv2.ellipse(out, (int(x), int(y)), (int(r * 1.6) + 1, int(r) + 1), float(rng.uniform(0, 180)), 0, 360,
                        (250, 235, 255), -1, cv2.LINE_AA)
        img = out.astype(np.float32) + _grain(size, rng, 5)
    return img


_FLOORS: Final = {
    Floor.SAND: _floor_sand,
    Floor.GRAVEL: _floor_gravel,
    Floor.TREES: _floor_trees,
    Floor.CLAY: _floor_clay,
    Floor.WATER: _floor_water,
    Floor.CHERRY_BLOSSOM: _floor_cherry,
}


# --------------------------------------------------------------------------------------------
# paths (canonical: wrapping the top-left corner)


def _band_mask(size: int, inner: float, outer: float) -> np.ndarray:
    """(size, size) float32 0..1 coverage of the quarter annulus, anti-aliased."""
    dist, _ = _polar(size)
    soft = 1.0 / size
    a = np.clip((dist - inner) / soft + 0.5, 0, 1)
    b = np.clip((outer - dist) / soft + 0.5, 0, 1)
    return (a * b).astype(np.float32)


def _path_texture(material: PathMaterial, size: int, rng: np.random.Generator, style: str,
                  inner: float, outer: float) -> FloatImage:
    dist, ang = _polar(size)
    if material is PathMaterial.SAND:
        if style == "classic":
            img = _fill(size, _jitter((205, 235, 248), rng, 5))
            img += _grain(size, rng, 9)
            # a few fine grooves following the curve
            groove = np.cos(2 * np.pi * (dist - inner) / (outer - inner) * 4) ** 16
            img -= (groove * 14)[..., None]
        else:
            img = _fill(size, _jitter((175, 225, 240), rng, 5))
            img += _grain(size, rng, 16)
    elif material is PathMaterial.WOOD:
        n_planks = 9 if style == "classic" else 13
        t = ang / (np.pi / 2) * n_planks
        idx = np.floor(t).astype(np.int32)
        frac = t - idx
        tones = rng.uniform(-18, 18, n_planks + 2).astype(np.float32)
        if style == "classic":
            base = np.asarray(_jitter((45, 90, 150), rng, 6), np.float32)
            gap_col = np.array([20, 35, 60], np.float32)
        else:
            base = np.asarray(_jitter((90, 150, 195), rng, 6), np.float32)
            gap_col = np.array([50, 80, 110], np.float32)
        grain = np.sin(dist * size * 0.9 + idx * 1.7) * 0.5 + np.sin(dist * size * 0.23 + idx * 3.1) * 0.5
        img = base + (tones[idx] + grain * 9)[..., None]
        edge = np.minimum(frac, 1 - frac) * (np.pi / 2 / n_planks) * dist * size  # px to the plank edge
        gap = np.clip(1.6 - edge, 0, 1)[..., None]
        img = img * (1 - gap) + gap_col * gap
        if style != "classic":  # nails near both ends of each plank
            centre_a = (idx + 0.5) / n_planks * (np.pi / 2)
            for rr in (inner + 0.05, outer - 0.05):
                nx = np.cos(centre_a) * rr * size
                ny = np.sin(centre_a) * rr * size
                xx = np.arange(size, dtype=np.float32)[None, :] + 0.5
                yy = np.arange(size, dtype=np.float32)[:, None] + 0.5
                nail = np.clip(size / 110 - np.hypot(xx - nx, yy - ny), 0, 1)[..., None]
                img = img * (1 - nail) + np.array([40, 45, 50], np.float32) * nail
    else:  # stone
        if style == "classic":
            mortar, stone_col, n = (70, 88, 80), (178, 178, 172), 5
        else:
            mortar, stone_col, n = (95, 100, 110), (150, 155, 165), 8
        img = _fill(size, _jitter(mortar, rng, 6)) + _grain(size, rng, 8)
        out = img.clip(0, 255).astype(np.uint8)
        mid = (inner + outer) / 2 * size
        width = (outer - inner) * size
        for k in range(n):
            a = (k + 0.5) / n * (np.pi / 2) + rng.uniform(-0.05, 0.05)
            cx, cy = np.cos(a) * mid, np.sin(a) * mid
            shade = float(rng.uniform(-16, 16))
            col = tuple(int(np.clip(v + shade, 0, 255)) for v in stone_col)
            if style == "classic":
                ax = (width * rng.uniform(0.36, 0.42), width * rng.uniform(0.28, 0.34))
                cv2.ellipse(out, (int(cx + 2), int(cy + 2)), (int(ax[0]), int(ax[1])), float(np.degrees(a)), 0, 360,
                            (40, 45, 45), -1, cv2.LINE_AA)
                cv2.ellipse(out, (int(cx), int(cy)), (int(ax[0]), int(ax[1])), float(np.degrees(a)), 0, 360,
                            col, -1, cv2.LINE_AA)
                hi = tuple(min(255, c + 30) for c in col)
                cv2.ellipse(out, (int(cx - ax[0] * 0.2), int(cy - ax[1] * 0.2)),
                            (max(1, int(ax[0] * 0.45)), max(1, int(ax[1] * 0.4))), float(np.degrees(a)), 0, 360,
                            hi, -1, cv2.LINE_AA)
            else:  # cobbles: small hexagons in two rows
                for rr in (mid - width * 0.22, mid + width * 0.22):
                    hx, hy = np.cos(a) * rr, np.sin(a) * rr
                    r = width * 0.2
                    hexa = np.array([[hx + r * np.cos(t), hy + r * np.sin(t)]
                                     for t in np.linspace(0, 2 * np.pi, 7)[:-1] + a], np.int32)
                    cv2.fillPoly(out, [hexa], col, cv2.LINE_AA)
                    cv2.polylines(out, [hexa], True, (70, 70, 75), max(1, size // 150), cv2.LINE_AA)
        img = out.astype(np.float32)
    return img


# --------------------------------------------------------------------------------------------
# decor figures: each draws into a canvas, centre (x, y) and box size d in pixels


def _pagoda(cv: _Canvas, c: tuple[float, float], d: float, style: str) -> None:
    th = max(1, round(d / 60))
    if style == "classic":
        body, roof, ink = (40, 45, 150), (45, 40, 45), (20, 20, 20)
        tiers = [(0.44, 0.30), (0.34, 0.06), (0.25, -0.16)]
        cv.poly(_pts(c, d, [(-0.34, 0.42), (0.34, 0.42), (0.34, 0.5), (-0.34, 0.5)]), (110, 115, 120), ink, th)
        for half, y in tiers:
            w = half * 0.55
            cv.poly(_pts(c, d, [(-w, y), (w, y), (w, y + 0.14), (-w, y + 0.14)]), body, ink, th)
            cv.poly(_pts(c, d, [(-half, y + 0.02), (-half * 0.5, y - 0.08), (half * 0.5, y - 0.08), (half, y + 0.02),
                                (half * 0.8, y + 0.0), (-half * 0.8, y + 0.0)]), roof, ink, th)
        cv.line(_pts(c, d, [(0, -0.24), (0, -0.46)]), (40, 170, 210), d / 22)
    else:
        body, roof, ink = (235, 240, 240), (120, 130, 40), (60, 60, 30)
        y = 0.42
        for k in range(5):
            half = 0.36 - k * 0.055
            cv.poly(_pts(c, d, [(-half * 0.5, y), (half * 0.5, y), (half * 0.5, y - 0.1), (-half * 0.5, y - 0.1)]),
                    body, ink, th)
            cv.poly(_pts(c, d, [(-half, y - 0.1), (half, y - 0.1), (half * 0.4, y - 0.17), (-half * 0.4, y - 0.17)]),
                    roof, ink, th)
            y -= 0.165
        cv.line(_pts(c, d, [(0, y + 0.0), (0, y - 0.08)]), ink, d / 30)


def _bench(cv: _Canvas, c: tuple[float, float], d: float, style: str) -> None:
    th = max(1, round(d / 60))
    if style == "classic":
        wood, dark, ink = (40, 95, 160), (30, 60, 100), (20, 30, 45)
        for x in (-0.36, 0.30):  # legs
            cv.poly(_pts(c, d, [(x, 0.05), (x + 0.07, 0.05), (x + 0.07, 0.36), (x, 0.36)]), dark, ink, th)
        for x in (-0.36, 0.30):  # back uprights
            cv.poly(_pts(c, d, [(x, -0.32), (x + 0.07, -0.32), (x + 0.07, 0.0), (x, 0.0)]), dark, ink, th)
        cv.poly(_pts(c, d, [(-0.46, -0.02), (0.46, -0.02), (0.46, 0.10), (-0.46, 0.10)]), wood, ink, th)
        cv.poly(_pts(c, d, [(-0.44, -0.34), (0.44, -0.34), (0.44, -0.22), (-0.44, -0.22)]), wood, ink, th)
        cv.poly(_pts(c, d, [(-0.44, -0.18), (0.44, -0.18), (0.44, -0.10), (-0.44, -0.10)]), wood, ink, th)
    else:  # stone bench: slab on two blocks
        stone, ink = (150, 160, 170), (60, 65, 70)
        for x in (-0.34, 0.18):
            cv.poly(_pts(c, d, [(x, 0.02), (x + 0.16, 0.02), (x + 0.16, 0.3), (x, 0.3)]), (120, 128, 135), ink, th)
        cv.poly(_pts(c, d, [(-0.48, -0.14), (0.48, -0.14), (0.40, 0.04), (-0.40, 0.04)]), stone, ink, th)


def _buddha(cv: _Canvas, c: tuple[float, float], d: float, style: str) -> None:
    th = max(1, round(d / 60))
    x, y = c
    if style == "classic":
        gold, ink = (40, 170, 215), (20, 70, 100)
        cv.ellipse((x, y - 0.12 * d), (0.40 * d, 0.40 * d), (140, 215, 240), outline=ink, thick=th)  # halo
        cv.ellipse((x, y + 0.38 * d), (0.44 * d, 0.11 * d), (60, 60, 170), outline=ink, thick=th)  # lotus seat
        cv.ellipse((x, y + 0.18 * d), (0.36 * d, 0.18 * d), gold, outline=ink, thick=th)  # crossed legs
        cv.poly(_pts(c, d, [(-0.20, 0.20), (0.20, 0.20), (0.13, -0.12), (-0.13, -0.12)]), gold, ink, th)  # torso
        cv.ellipse((x, y - 0.22 * d), (0.12 * d, 0.14 * d), gold, outline=ink, thick=th)  # head
        cv.ellipse((x, y - 0.37 * d), (0.05 * d, 0.05 * d), (30, 120, 160))  # top knot
        cv.ellipse((x, y + 0.10 * d), (0.10 * d, 0.05 * d), (30, 140, 185), outline=ink, thick=th)  # hands
    else:  # jade statue, standing on a plinth, no halo
        jade, ink = (120, 170, 90), (50, 80, 40)
        cv.poly(_pts(c, d, [(-0.30, 0.38), (0.30, 0.38), (0.30, 0.5), (-0.30, 0.5)]), (140, 140, 140), ink, th)
        cv.poly(_pts(c, d, [(-0.24, 0.38), (0.24, 0.38), (0.16, -0.18), (-0.16, -0.18)]), jade, ink, th)
        cv.ellipse((x, y - 0.30 * d), (0.13 * d, 0.15 * d), jade, outline=ink, thick=th)
        cv.line(_pts(c, d, [(-0.1, 0.0), (0.0, 0.08), (0.1, 0.0)]), ink, d / 40)


def _gate(cv: _Canvas, c: tuple[float, float], d: float, style: str) -> None:
    th = max(1, round(d / 60))
    if style == "classic":
        red, top, ink = (30, 55, 225), (35, 30, 35), (15, 20, 70)
    else:
        red, top, ink = (40, 70, 110), (40, 70, 110), (20, 30, 50)
    for x in (-0.30, 0.22):
        cv.poly(_pts(c, d, [(x, -0.30), (x + 0.08, -0.30), (x + 0.09, 0.46), (x - 0.01, 0.46)]), red, ink, th)
    cv.poly(_pts(c, d, [(-0.40, -0.16), (0.40, -0.16), (0.40, -0.08), (-0.40, -0.08)]), red, ink, th)  # nuki
    if style == "classic":
        cv.poly(_pts(c, d, [(-0.50, -0.40), (-0.36, -0.32), (0.36, -0.32), (0.50, -0.40), (0.48, -0.28),
                            (-0.48, -0.28)]), top, ink, th)  # curved kasagi
        cv.poly(_pts(c, d, [(-0.40, -0.27), (0.40, -0.27), (0.40, -0.22), (-0.40, -0.22)]), red, ink, th)
    else:
        cv.poly(_pts(c, d, [(-0.46, -0.38), (0.46, -0.38), (0.46, -0.28), (-0.46, -0.28)]), top, ink, th)


def _crane(cv: _Canvas, c: tuple[float, float], d: float, style: str) -> None:
    d *= 1.15
    x, y = c
    if style == "classic":  # standing crane, side view
        ink, white = (40, 40, 40), (245, 245, 240)
        cv.line(_pts(c, d, [(-0.02, 0.12), (-0.06, 0.48)]), (60, 60, 70), d / 40)
        cv.line(_pts(c, d, [(0.06, 0.12), (0.08, 0.48)]), (60, 60, 70), d / 40)
        cv.ellipse((x - 0.22 * d, y + 0.02 * d), (0.14 * d, 0.08 * d), (25, 25, 25), angle=20)  # tail
        cv.ellipse((x, y), (0.26 * d, 0.15 * d), white, angle=-15, outline=ink, thick=max(1, round(d / 70)))
        cv.line(_pts(c, d, [(0.18, -0.06), (0.26, -0.22), (0.22, -0.36)]), (30, 30, 30), d / 14)  # neck
        cv.ellipse((x + 0.23 * d, y - 0.38 * d), (0.06 * d, 0.05 * d), (245, 245, 240), outline=ink, thick=1)
        cv.ellipse((x + 0.23 * d, y - 0.42 * d), (0.035 * d, 0.025 * d), (30, 30, 220))  # red crown
        cv.line(_pts(c, d, [(0.28, -0.38), (0.44, -0.34)]), (60, 130, 170), d / 40)  # beak
    else:  # flying crane, wings spread
        ink, grey = (70, 70, 70), (215, 220, 225)
        cv.poly(_pts(c, d, [(-0.05, -0.02), (-0.48, -0.38), (-0.30, -0.05), (-0.46, 0.02)]), grey, ink, 1)
        cv.poly(_pts(c, d, [(0.05, -0.02), (0.48, -0.38), (0.30, -0.05), (0.46, 0.02)]), grey, ink, 1)
        cv.ellipse((x, y + 0.05 * d), (0.09 * d, 0.22 * d), (245, 245, 245), outline=ink, thick=1)
        cv.line(_pts(c, d, [(0.0, -0.12), (0.0, -0.32)]), (40, 40, 40), d / 22)
        cv.ellipse((x, y - 0.35 * d), (0.05 * d, 0.05 * d), (30, 30, 210))
        cv.line(_pts(c, d, [(-0.03, 0.26), (-0.05, 0.46)]), (40, 40, 40), d / 45)
        cv.line(_pts(c, d, [(0.03, 0.26), (0.05, 0.46)]), (40, 40, 40), d / 45)


_DECORS: Final = {
    Decor.PAGODA: _pagoda,
    Decor.BENCH: _bench,
    Decor.BUDDHA: _buddha,
    Decor.GATE: _gate,
    Decor.CRANE: _crane,
}


# --------------------------------------------------------------------------------------------
# the held-out "ink" style: for measurement only, never for training or tuning
#
# A third look that shares nothing drawn with ``classic`` and ``alt`` but the semantics: floors in
# each floor's colour family with other shades and textures (cross-hatched sand, raked gravel
# circles, leaf strokes, crackled clay, wave scallops, petal stars), a narrower path band with a
# dotted edging (wood laid *along* the curve, crazy-paving stone, combed sand) and other figures
# (a three-roof pagoda, a log bench, a stone head, a round moon gate, a paper crane). Like a
# printed copy, each physical tile is one fixed picture: it is drawn once, seeded by the tile's
# identity (floor, path, decor), and only turned with the tile; the photo's random generator never
# changes it.

INK_SIDE: Final = 256
INK_PATH: Final = (0.27, 0.57)


def _ink_rng(*key: str) -> np.random.Generator:
    """A generator seeded by a tile's identity only (stable across runs and Python versions)."""
    seed = [sum((i + 1) * 257 * ord(ch) for i, ch in enumerate(k)) for k in key]
    return np.random.default_rng([7919, *seed])


def _ink_floor(floor: Floor, s: int, rng: np.random.Generator) -> np.ndarray:
    """``(s, s, 3)`` uint8 floor of the ink style."""
    yy, xx = np.mgrid[0:s, 0:s].astype(np.float32) / s
    if floor is Floor.SAND:  # warm ochre, fine cross-hatching
        img = _fill(s, _jitter((120, 190, 225), rng, 8))
        for ang in (0.52, -0.52):
            phase = rng.uniform(0, 2 * np.pi)
            hatch = np.cos(2 * np.pi * 16 * (xx * np.cos(ang) + yy * np.sin(ang)) + phase) ** 20
            img -= (hatch * 22)[..., None]
        img += _grain(s, rng, 5)
        return np.clip(img, 0, 255).astype(np.uint8)
    if floor is Floor.GRAVEL:  # slate grey-blue, raked circles around a stone off the tile
        img = _fill(s, _jitter((150, 140, 130), rng, 8))
        cx, cy = rng.uniform(-0.3, 1.3, 2)
        rr = np.hypot(xx - cx, yy - cy)
        img -= ((np.cos(2 * np.pi * rr * 14) ** 10) * 30)[..., None]
        img += _grain(s, rng, 9)
        return np.clip(img, 0, 255).astype(np.uint8)
    if floor is Floor.TREES:  # olive green with dark leaf strokes
        img = _fill(s, _jitter((60, 125, 85), rng, 8)) + (_smooth_noise(s, rng, 4) * 10)[..., None]
        out = np.clip(img, 0, 255).astype(np.uint8)
        for _ in range(40):
            x, y = rng.uniform(0, s, 2)
            ln = rng.uniform(s / 22, s / 12)
            col = _jitter((30, 80, 40), rng, 15)
            cv2.ellipse(out, (int(x), int(y)), (int(ln), max(1, int(ln / 3.5))), float(rng.uniform(0, 180)), 0, 360,
                        col, -1, cv2.LINE_AA)
        return out
    if floor is Floor.CLAY:  # terracotta orange, a crackle of cells
        img = _fill(s, _jitter((70, 120, 200), rng, 8)) + (_smooth_noise(s, rng, 7) * 14)[..., None]
        out = np.clip(img, 0, 255).astype(np.uint8)
        sub = cv2.Subdiv2D((-s, -s, 3 * s, 3 * s))
        for p in rng.uniform(-0.1, 1.1, (26, 2)) * s:
            sub.insert((float(p[0]), float(p[1])))
        facets, _ = sub.getVoronoiFacetList([])
        for f in facets:
            cv2.polylines(out, [np.round(f).astype(np.int32)], True, (45, 70, 120), max(1, s // 128), cv2.LINE_AA)
        return out
    if floor is Floor.WATER:  # deep blue with rows of wave scallops (seigaiha)
        out = np.clip(_fill(s, _jitter((165, 100, 35), rng, 8)), 0, 255).astype(np.uint8)
        r = s / 7
        shift = rng.uniform(0, r)
        for row in range(-1, 16):
            y = row * r / 2 + shift
            off = (row % 2) * r
            for col in range(-1, 6):
                x = col * 2 * r + off
                for k in (1.0, 0.7, 0.4):
                    cv2.ellipse(out, (int(x), int(y)), (int(r * k), int(r * k)), 0, 180, 360, (215, 175, 120),
                                max(1, s // 120), cv2.LINE_AA)
        return out
    # cherry blossom: lavender pink, small petal stars
    img = _fill(s, _jitter((200, 160, 230), rng, 8)) + (_smooth_noise(s, rng, 3) * 8)[..., None]
    out = np.clip(img, 0, 255).astype(np.uint8)
    for _ in range(22):
        x, y = rng.uniform(0, s, 2)
        r = rng.uniform(s / 45, s / 28)
        rot = rng.uniform(0, 2 * np.pi)
        star = np.array([[x + (r if k % 2 == 0 else r * 0.45) * np.cos(rot + k * np.pi / 5),
                          y + (r if k % 2 == 0 else r * 0.45) * np.sin(rot + k * np.pi / 5)] for k in range(10)])
        cv2.fillPoly(out, [star.astype(np.int32)], (170, 110, 215), cv2.LINE_AA)
    return out


def _ink_path(material: PathMaterial, s: int, rng: np.random.Generator) -> np.ndarray:
    """``(s, s, 3)`` uint8 path texture of the ink style (only the band is used)."""
    inner, outer = INK_PATH
    dist, ang = _polar(s)
    if material is PathMaterial.SAND:  # pale cream, combed along the curve
        img = _fill(s, _jitter((200, 230, 240), rng, 5))
        comb = np.cos(2 * np.pi * (dist - inner) / (outer - inner) * 3) ** 6
        img -= (comb * 20)[..., None]
        img += _grain(s, rng, 6)
        return np.clip(img, 0, 255).astype(np.uint8)
    if material is PathMaterial.WOOD:  # reddish boards laid along the curve, staggered joints
        n = 4
        t = (dist - inner) / (outer - inner) * n
        idx = np.clip(np.floor(t), 0, n - 1).astype(np.int32)
        tones = rng.uniform(-15, 15, n).astype(np.float32)
        base = np.asarray(_jitter((40, 75, 130), rng, 6), np.float32)
        img = base + tones[idx][..., None] + (np.sin(ang * s * 0.35 + idx * 2.1) * 6)[..., None]
        frac = t - np.floor(t)
        seam = (np.minimum(frac, 1 - frac) * (outer - inner) / n * s < 1.0)[..., None]
        joint = np.zeros_like(dist, dtype=bool)
        for i in range(n):
            a0 = rng.uniform(0.3, 1.2)
            joint |= (idx == i) & (np.abs((ang - a0 * (i % 2 + 0.5) / 1.5) * dist * s) < 0.9)
        img = np.where(seam | joint[..., None], np.float32(25), img)
        return np.clip(img, 0, 255).astype(np.uint8)
    # stone: crazy paving of grey-blue flagstones, dark mortar
    out = np.clip(_fill(s, _jitter((60, 60, 55), rng, 5)), 0, 255).astype(np.uint8)
    sub = cv2.Subdiv2D((-s, -s, 3 * s, 3 * s))
    mid = (inner + outer) / 2
    for k in range(12):
        a = (k + rng.uniform(0.1, 0.9)) / 12 * (np.pi / 2)
        for rr in (mid - 0.07, mid + 0.07):
            r = (rr + rng.uniform(-0.02, 0.02)) * s
            sub.insert((float(np.cos(a) * r), float(np.sin(a) * r)))
    facets, centres = sub.getVoronoiFacetList([])
    for f, c in zip(facets, centres):
        poly = np.round(c + (f - c) * 0.86).astype(np.int32)
        cv2.fillPoly(out, [poly], _jitter((165, 160, 150), rng, 18), cv2.LINE_AA)
    return out


def _ink_figure(decor: Decor, cv: _Canvas, c: tuple[float, float], d: float, rng: np.random.Generator) -> None:
    """One ink-style decor figure (thick dark outlines, flat fills) in box ``d`` at centre ``c``."""
    ink = _jitter((25, 25, 30), rng, 10)
    th = max(1, round(d / 28))
    x, y = c
    if decor is Decor.PAGODA:  # three upturned roofs over white walls, a finial
        wall, roof = _jitter((235, 240, 245), rng, 8), _jitter((70, 60, 50), rng, 10)
        for k, (yy, half) in enumerate(((0.30, 0.46), (0.02, 0.36), (-0.24, 0.27))):
            w = half * 0.55
            low = yy + 0.20 - 0.02 * k
            cv.poly(_pts(c, d, [(-w, yy), (w, yy), (w, low), (-w, low)]), wall, ink, th)
            cv.poly(_pts(c, d, [(-half, yy - 0.02), (-half * 0.6, yy - 0.12), (half * 0.6, yy - 0.12),
                                (half, yy - 0.02), (half * 0.7, yy + 0.02), (-half * 0.7, yy + 0.02)]), roof, ink, th)
        cv.line(_pts(c, d, [(0, -0.36), (0, -0.50)]), ink, d / 18)
    elif decor is Decor.BENCH:  # a log bench: a long log on two short log ends
        bark, cut = _jitter((35, 65, 105), rng, 10), _jitter((120, 180, 215), rng, 10)
        for xx in (-0.28, 0.28):
            cv.poly(_pts(c, d, [(xx - 0.09, 0.05), (xx + 0.09, 0.05), (xx + 0.09, 0.38), (xx - 0.09, 0.38)]), bark,
                    ink, th)
        cv.poly(_pts(c, d, [(-0.42, -0.12), (0.36, -0.12), (0.36, 0.08), (-0.42, 0.08)]), bark, ink, th)
        cv.ellipse((x + 0.38 * d, y - 0.02 * d), (0.08 * d, 0.11 * d), cut, outline=ink, thick=th)
    elif decor is Decor.BUDDHA:  # a stone head: bun, long ears, closed eyes, on a square plinth
        stone = _jitter((150, 155, 160), rng, 12)
        cv.poly(_pts(c, d, [(-0.26, 0.30), (0.26, 0.30), (0.26, 0.48), (-0.26, 0.48)]), _jitter((90, 95, 100), rng, 8),
                ink, th)
        for sx in (-1, 1):
            cv.ellipse((x + sx * 0.25 * d, y - 0.02 * d), (0.06 * d, 0.16 * d), stone, outline=ink, thick=th)
        cv.ellipse((x, y - 0.02 * d), (0.22 * d, 0.28 * d), stone, outline=ink, thick=th)
        cv.ellipse((x, y - 0.32 * d), (0.12 * d, 0.09 * d), stone, outline=ink, thick=th)
        for sx in (-1, 1):
            cv.line(_pts(c, d, [(sx * 0.13, -0.04), (sx * 0.05, -0.02)]), ink, d / 40)
        cv.line(_pts(c, d, [(-0.06, 0.14), (0.06, 0.14)]), ink, d / 40)
    elif decor is Decor.GATE:  # a round moon gate in a white wall under a small roof
        wall = _jitter((225, 230, 235), rng, 8)
        cv.poly(_pts(c, d, [(-0.46, -0.30), (0.46, -0.30), (0.46, 0.46), (-0.46, 0.46)]), wall, ink, th)
        cv.poly(_pts(c, d, [(-0.50, -0.30), (-0.40, -0.44), (0.40, -0.44), (0.50, -0.30)]),
                _jitter((50, 50, 50), rng, 8), ink, th)
        cv.ellipse((x, y + 0.10 * d), (0.27 * d, 0.27 * d), _jitter((30, 35, 40), rng, 8), outline=ink, thick=th)
    else:  # crane: a folded paper crane, white with a red back
        paper, back = _jitter((245, 245, 245), rng, 6), _jitter((50, 50, 200), rng, 12)
        cv.poly(_pts(c, d, [(-0.45, 0.20), (0.0, 0.05), (0.45, 0.20), (0.0, 0.38)]), paper, ink, th)  # body
        cv.poly(_pts(c, d, [(-0.05, 0.10), (-0.30, -0.42), (0.10, 0.12)]), back, ink, th)  # wing
        cv.poly(_pts(c, d, [(0.05, 0.12), (0.32, -0.30), (0.18, 0.16)]), paper, ink, th)  # wing
        cv.poly(_pts(c, d, [(-0.42, 0.20), (-0.50, -0.05), (-0.34, 0.16)]), paper, ink, th)  # tail
        cv.poly(_pts(c, d, [(0.42, 0.20), (0.48, -0.10), (0.56, -0.06), (0.36, 0.16)]), paper, ink, th)  # head


@lru_cache(maxsize=96)
def _ink_picture(floor: Floor, path: PathMaterial, decor: Decor) -> np.ndarray:
    """The one ``(INK_SIDE, INK_SIDE, 3)`` uint8 picture of a physical tile in the ink style,
    upright (path wrapping the top-left corner); read-only."""
    key = (floor.value, path.value, decor.value)
    rng = _ink_rng(*key)
    s = INK_SIDE
    img = _ink_floor(floor, s, rng).astype(np.float32)
    inner, outer = INK_PATH
    band = _band_mask(s, inner, outer)[..., None]
    img = img * (1 - band) + _ink_path(path, s, rng).astype(np.float32) * band
    # a dotted edging on both sides of the band
    dist, ang = _polar(s)
    dots = (np.cos(ang * 60) > 0.3).astype(np.float32)
    for r in (inner, outer):
        ring = np.clip(1.6 - np.abs(dist - r) * s, 0, 1) * dots
        img = img * (1 - ring[..., None]) + np.array((20, 40, 60), np.float32) * ring[..., None]
    cx, cy = 0.73 + rng.uniform(-0.02, 0.02), 0.73 + rng.uniform(-0.02, 0.02)
    d = 0.42 * rng.uniform(0.95, 1.05)
    canvas = _Canvas(s)
    _ink_figure(decor, canvas, (cx * s, cy * s), d * s, rng)
    m = (canvas.mask.astype(np.float32) / 255.0)[..., None]
    img = img * (1 - m) + canvas.img.astype(np.float32) * m
    out = np.clip(img, 0, 255).astype(np.uint8)
    out.setflags(write=False)
    return out


def _ink_tile(t: Tile, size: int) -> np.ndarray:
    pic = _ink_picture(t.floor, t.path, t.decor)
    if size != INK_SIDE:
        pic = cv2.resize(pic, (size, size), interpolation=cv2.INTER_AREA if size < INK_SIDE else cv2.INTER_LINEAR)
    turns = CORNER_TURNS[t.corner]
    return np.ascontiguousarray(np.rot90(pic, k=-turns)) if turns else pic.copy()


# --------------------------------------------------------------------------------------------
# public


def _as_tile(tile: Tile | str) -> Tile:
    if isinstance(tile, Tile):
        return tile
    if isinstance(tile, str):
        try:
            return Tile.parse(tile)
        except Exception as exc:  # NotationError and friends -> a plain ValueError for callers
            raise ValueError(f"not a tile: {tile!r} ({exc})") from None
    raise ValueError(f"tile must be a Tile or a notation string like 'water/stone/gate/se', got {tile!r}")


def render_tile(
    tile: Tile | str,
    size: int = 256,
    rng: np.random.Generator | None = None,
    style: str = "classic",
) -> np.ndarray:
    """Draw one placed tile.

    Args:
        tile: a :class:`scorer.tiles.Tile` or its notation, e.g. ``"water/stone/gate/se"``.
        size: side of the square picture in pixels (16..2048).
        rng: random generator for small variations (texture layout, colour shades, decor position
            and size). ``None`` gives the deterministic canonical drawing of the tile.
        style: ``"classic"``, ``"alt"`` (a clearly different art style, same semantics),
            ``"random"`` (a random look of its own, see :mod:`vision.synth.random_art`),
            ``"ink"`` (held out for measurement: each physical tile one fixed picture, ``rng`` unused)
            or ``"sketch"`` (development only: ``random`` with the silhouettes of
            :mod:`vision.synth.sketch` for figures).

    Returns:
        ``(size, size, 3)`` uint8 BGR image. The path band wraps ``tile.corner`` (``nw`` = top-left
        of the image); the decor figure sits in the opposite half and turns with the tile.
    """
    t = _as_tile(tile)
    if not isinstance(size, (int, np.integer)) or isinstance(size, bool) or not 16 <= int(size) <= 2048:
        raise ValueError(f"size must be an integer 16..2048, got {size!r}")
    if rng is not None and not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng must be a numpy Generator or None, got {type(rng).__name__}")
    if style not in ALL_STYLES:
        raise ValueError(f"style must be one of {ALL_STYLES}, got {style!r}")
    s = int(size)
    if style == "ink":
        return _ink_tile(t, s)
    if style in LOOK_STYLES:
        from vision.synth.random_art import random_tile  # it draws with this module's helpers

        return random_tile(t, s, rng, sketch=style == "sketch")
    img = _FLOORS[t.floor](s, _rng_for(rng, "floor", t.floor.value, style), style)

    # path band around the top-left corner
    inner, outer = PATH_INNER, PATH_OUTER
    if rng is not None:
        inner += float(rng.uniform(-0.015, 0.015))
        outer += float(rng.uniform(-0.015, 0.015))
    band = _band_mask(s, inner, outer)[..., None]
    path = _path_texture(t.path, s, _rng_for(rng, "path", t.path.value, style), style, inner, outer)
    img = img * (1 - band) + path * band
    # edging lines on both sides of the band
    dist, _ = _polar(s)
    lw = max(1.0, s / 110) / s
    edge_col = np.array((40, 50, 55) if style == "classic" else (235, 235, 235), np.float32)
    edge = (np.clip(1 - np.abs(dist - inner) / lw, 0, 1) + np.clip(1 - np.abs(dist - outer) / lw, 0, 1))
    edge = np.clip(edge, 0, 1)[..., None] * (0.75 if style == "classic" else 0.55)
    img = img * (1 - edge) + edge_col * edge

    # decor figure with a soft drop shadow
    cx, cy = DECOR_CENTRE
    d = DECOR_SIZE
    if rng is not None:
        cx += float(rng.uniform(-0.025, 0.025))
        cy += float(rng.uniform(-0.025, 0.025))
        d *= float(rng.uniform(0.92, 1.05))
    canvas = _Canvas(s)
    _DECORS[t.decor](canvas, (cx * s, cy * s), d * s, style)
    mask = canvas.mask.astype(np.float32) / 255.0
    img = drop_shadow(img, mask, 0.45)
    m = mask[..., None]
    img = img * (1 - m) + canvas.img.astype(np.float32) * m
    return rim_and_turn(img, 0.72, t.corner)


def drop_shadow(img: FloatImage, mask: np.ndarray, strength: float) -> FloatImage:
    """``img`` darkened under a soft shadow of the ``(S, S)`` 0..1 figure ``mask``, cast down-right."""
    s = img.shape[0]
    shift = max(1, round(s / 60))
    shadow = np.zeros_like(mask)
    shadow[shift:, shift:] = mask[:-shift, :-shift]
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(0.8, s / 120))[..., None] * strength
    return img * (1 - shadow)


def rim_and_turn(img: FloatImage, shade: float, corner: Corner) -> np.ndarray:
    """A canonical float drawing -> the placed tile: a thin printed-cardboard rim darkened by
    ``shade``, clipped to uint8, turned so the path wraps ``corner``."""
    rim = max(1, round(img.shape[0] / 100))
    img[:rim, :] *= shade
    img[-rim:, :] *= shade
    img[:, :rim] *= shade
    img[:, -rim:] *= shade
    out = np.clip(img, 0, 255).astype(np.uint8)
    turns = CORNER_TURNS[corner]
    return np.ascontiguousarray(np.rot90(out, k=-turns)) if turns else out
