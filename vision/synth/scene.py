"""Boards, tables, light and clutter of many looks, in families: what localisation must not depend on.

The bundled model's first generator drew one dark green board (``classic``) or one purple one
(``alt``) on a handful of tables. A real copy, board, table and light look like none of them. Here
each part of a scene is drawn from a *family* of looks:

- ``train``: the families training may sample (plain, gradient, blotchy, striped, printed and busy
  boards with square, round or no coin tracks; wood, cloth, plain, felt, glossy and patterned
  tables; soft, coloured and harsh light with polygon shadows);
- ``dev``: families disjoint from both, for tuning only — what a change is judged on before the zoo
  measures it, so that no threshold is set on the zoo (printed-grid, plaid, hatched, terrazzo and
  ringed boards with triangular or star tracks; parquet, striped-cloth, rug, newsprint and
  floor-tile or checked tables; sunset, two-lamp and dappled light). Never train on it;
- ``zoo``: disjoint families kept for measurement only (checked, speckled, wood-grain, dotted and
  wavy boards with diamond, hexagonal or ring tracks; marble, gingham, kitchen-tile, floral and dark
  glass tables; tungsten, green and blue light with window-blind shadows). Never train or tune on it.

Both share what every copy shares: a 4×4 block of square cardboard tiles (rounded corners, a visible
edge, gaps of 0–6 % of a tile, a tile or two shifted or turned), hands, dice, phones, cards and other
players' boards in view.
"""

from __future__ import annotations

import math
from typing import Final

import cv2
import numpy as np

#: Scene families: ``classic`` is the first generator's own look (kept so old seeds give old photos).
FAMILIES: Final = ("classic", "train", "dev", "zoo")

BOARD_PATTERNS: Final = {
    "train": ("plain", "gradient", "blotchy", "stripes", "printed", "busy"),
    "dev": ("grid", "plaid", "hatch", "terrazzo", "rings"),
    "zoo": ("checker", "speckle", "woodgrain", "dots", "waves"),
}
TRACK_SHAPES: Final = {"train": ("square", "circle", "none"), "dev": ("triangle", "star"),
                       "zoo": ("diamond", "hexagon", "ring")}
TABLE_KINDS: Final = {
    "train": ("wood", "cloth", "plain", "felt", "glossy", "patterned"),
    "dev": ("parquet", "stripecloth", "rug", "newsprint", "floortile"),
    "zoo": ("marble", "gingham", "kitchen", "floral", "glass"),
}
LIGHT_KINDS: Final = {"train": ("soft", "coloured", "harsh"), "dev": ("sunset", "twolamp", "dappled"),
                      "zoo": ("tungsten", "green", "blinds")}


def check_family(family: str) -> None:
    if family not in FAMILIES:
        raise ValueError(f"family must be one of {', '.join(FAMILIES)}, got {family!r}")


def _random_colour(rng: np.random.Generator) -> np.ndarray:
    """A BGR colour anywhere: any hue, light or dark, grey or vivid."""
    hsv = np.array([[[rng.uniform(0, 180), rng.uniform(0, 255), rng.uniform(25, 245)]]], np.float32)
    return cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)


def _smooth_noise(h: int, w: int, cells: int, rng: np.random.Generator) -> np.ndarray:
    """``(h, w)`` float32 smooth noise, unit spread, ``cells`` blobs across."""
    small = rng.standard_normal((max(2, cells), max(2, cells))).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


def motifs(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """``(h, w)`` float32 in [0, 1]: a dense print of small marks (dots, dashes, crosses, arcs), each
    a few hundredths of the picture across, scattered or in rows: a busy surface whose texture is
    as strong as tile art's."""
    t = np.zeros((h, w), np.float32)
    unit = max(h, w)
    size = unit * rng.uniform(0.006, 0.025)
    spacing = size * rng.uniform(1.3, 3.0)
    kinds = rng.choice(["dot", "dash", "cross", "arc"], size=int(rng.integers(1, 4)), replace=False)
    thick = max(1, round(size * rng.uniform(0.1, 0.3)))
    regular = rng.random() < 0.5
    ys = np.arange(spacing / 2, h, spacing)
    xs = np.arange(spacing / 2, w, spacing)
    for row, y in enumerate(ys):
        for x in xs:
            if regular:
                cx, cy = x + (spacing / 2 if row % 2 else 0), y
                kind = kinds[row % len(kinds)]
            else:
                cx, cy = x + rng.uniform(-0.5, 0.5) * spacing, y + rng.uniform(-0.5, 0.5) * spacing
                kind = kinds[int(rng.integers(len(kinds)))]
            value = float(rng.uniform(0.6, 1.0))
            half = size / 2
            a = float(rng.uniform(0, np.pi)) if not regular else 0.0
            dx, dy = half * math.cos(a), half * math.sin(a)
            p0 = (round(cx - dx), round(cy - dy))
            p1 = (round(cx + dx), round(cy + dy))
            if kind == "dot":
                cv2.circle(t, (round(cx), round(cy)), max(1, round(half * 0.6)), value, -1)
            elif kind == "dash":
                cv2.line(t, p0, p1, value, thick)
            elif kind == "cross":
                cv2.line(t, p0, p1, value, thick)
                cv2.line(t, (round(cx + dy), round(cy - dx)), (round(cx - dy), round(cy + dx)), value, thick)
            else:
                cv2.ellipse(t, (round(cx), round(cy)), (max(1, round(half)), max(1, round(half))),
                            math.degrees(a), 0, 180, value, thick)
    return t


def board_surface(side: int, rng: np.random.Generator, family: str, floor_colour: np.ndarray | None
                  ) -> np.ndarray:
    """``(side, side, 3)`` uint8 BGR: the bare player board of a family's random pattern. With
    ``floor_colour`` the board takes that colour (a board that matches a floor)."""
    kind = str(rng.choice(BOARD_PATTERNS[family]))
    base = floor_colour.astype(np.float32) if floor_colour is not None else _random_colour(rng)
    other = _random_colour(rng)
    mix = rng.uniform(0.15, 0.5)
    second = base * (1 - mix) + other * mix
    yy, xx = np.mgrid[0:side, 0:side].astype(np.float32) / side
    if kind == "plain":
        t = np.zeros((side, side), np.float32)
    elif kind == "gradient":
        a = rng.uniform(0, 2 * np.pi)
        t = np.clip((np.cos(a) * (xx - 0.5) + np.sin(a) * (yy - 0.5)) + 0.5, 0, 1)
    elif kind == "blotchy":
        t = np.clip(_smooth_noise(side, side, int(rng.integers(3, 9)), rng) * 0.35 + 0.5, 0, 1)
    elif kind == "stripes":
        a = rng.uniform(0, np.pi)
        period = rng.uniform(0.02, 0.12)
        t = (np.sin((np.cos(a) * xx + np.sin(a) * yy) * 2 * np.pi / period) > 0).astype(np.float32) * 0.6
    elif kind == "printed":  # leaves or stones printed at low contrast
        t = np.zeros((side, side), np.float32)
        for _ in range(int(rng.integers(15, 50))):
            c = (int(rng.uniform(0, side)), int(rng.uniform(0, side)))
            axes = (int(side * rng.uniform(0.01, 0.06)), int(side * rng.uniform(0.01, 0.03)))
            cv2.ellipse(t, c, axes, float(rng.uniform(0, 180)), 0, 360, float(rng.uniform(0.3, 1.0)), -1)
    elif kind == "busy":
        t = motifs(side, side, rng) * rng.uniform(0.5, 1.0)
    elif kind == "checker":
        n = int(rng.integers(6, 30))
        t = (((xx * n).astype(int) + (yy * n).astype(int)) % 2).astype(np.float32) * 0.5
    elif kind == "speckle":
        t = (rng.random((side, side)) < rng.uniform(0.05, 0.2)).astype(np.float32)
        t = cv2.GaussianBlur(t, (0, 0), max(0.5, side / 900))
    elif kind == "woodgrain":
        bend = _smooth_noise(side, side, 4, rng)
        t = (np.sin(yy * rng.uniform(40, 120) + bend * 3.0) * 0.5 + 0.5) ** 3
    elif kind == "dots":
        t = np.zeros((side, side), np.float32)
        step = int(side * rng.uniform(0.03, 0.08))
        r = max(1, int(step * rng.uniform(0.15, 0.35)))
        for y in range(step // 2, side, step):
            for x in range(step // 2, side, step):
                cv2.circle(t, (x, y), r, 1.0, -1)
    elif kind == "waves":
        t = np.sin(xx * rng.uniform(10, 40) + np.sin(yy * rng.uniform(5, 20)) * 2.0) * 0.5 + 0.5
    elif kind == "grid":  # thin printed lines of a square grid, a pitch near or below a tile's
        pitch = rng.uniform(0.04, 0.15)
        width = rng.uniform(0.05, 0.15) * pitch
        t = (((xx / pitch) % 1 < width / pitch) | ((yy / pitch) % 1 < width / pitch)).astype(np.float32)
    elif kind == "plaid":  # translucent bands crossing
        period = rng.uniform(0.06, 0.2)
        band = rng.uniform(0.2, 0.45)
        t = 0.45 * (((xx / period) % 1 < band).astype(np.float32) + ((yy / period) % 1 < band))
    elif kind == "hatch":
        a = rng.uniform(0, np.pi)
        period = rng.uniform(0.01, 0.04)
        u = (np.cos(a) * xx + np.sin(a) * yy) / period
        t = ((u % 1) < 0.3).astype(np.float32) * 0.7
    elif kind == "terrazzo":  # chips of stone in a plain ground
        t = np.zeros((side, side), np.float32)
        for _ in range(int(rng.integers(60, 200))):
            c = rng.uniform(0, side, 2)
            r = side * rng.uniform(0.004, 0.02)
            k = int(rng.integers(3, 7))
            ang = np.sort(rng.uniform(0, 2 * np.pi, k))
            pts = np.stack([c[0] + r * np.cos(ang), c[1] + r * np.sin(ang)], 1).astype(np.int32)
            cv2.fillConvexPoly(t, pts, float(rng.uniform(0.4, 1.0)))
    else:  # rings: concentric circles about a point
        c = rng.uniform(0, 1, 2)
        wave = np.sin(np.hypot(xx - c[0], yy - c[1]) * 2 * np.pi / rng.uniform(0.02, 0.08))
        t = (wave > 0.3).astype(np.float32) * 0.6
    img = base[None, None, :] * (1 - t[..., None]) + second[None, None, :] * t[..., None]
    img += _smooth_noise(side, side, 8, rng)[..., None] * rng.uniform(2, 8)
    return np.clip(img, 0, 255).astype(np.uint8)


def draw_track(board: np.ndarray, margin: float, tile_px: int, rng: np.random.Generator, family: str) -> None:
    """A coin track around the tile area (in place): a family's space shape, a random count, size,
    colour and numbering, or none."""
    shape = str(rng.choice(TRACK_SHAPES[family]))
    if shape == "none" or margin < 6:
        return
    side = board.shape[0]
    n_spaces = int(rng.integers(16, 40))
    inset = margin * rng.uniform(0.4, 0.6)
    perim = 4 * (side - 2 * inset)
    size = margin * rng.uniform(0.45, 0.85)
    fill = tuple(float(v) for v in _random_colour(rng))
    ink = tuple(float(v) for v in _random_colour(rng) * rng.uniform(0.2, 0.6))
    numbered = rng.random() < 0.6
    width = max(1, tile_px // 90)
    for i in range(n_spaces):
        s = (i + 0.5) / n_spaces * perim
        edge, off = divmod(s, side - 2 * inset)
        cx, cy = [(inset + off, inset), (side - inset, inset + off), (side - inset - off, side - inset),
                  (inset, side - inset - off)][int(edge) % 4]
        half = size / 2
        if shape == "square":
            pts = np.array([[cx - half, cy - half], [cx + half, cy - half], [cx + half, cy + half],
                            [cx - half, cy + half]])
        elif shape == "diamond":
            pts = np.array([[cx, cy - half], [cx + half, cy], [cx, cy + half], [cx - half, cy]])
        elif shape == "hexagon":
            pts = np.array([[cx + half * math.cos(a), cy + half * math.sin(a)] for a in np.arange(6) * math.pi / 3])
        elif shape == "triangle":
            pts = np.array([[cx + half * math.cos(a), cy + half * math.sin(a)]
                            for a in np.arange(3) * 2 * math.pi / 3 - math.pi / 2])
        elif shape == "star":  # drawn as two triangles, filled
            pts = None
            for turn in (-math.pi / 2, math.pi / 2):
                tri = np.round([[cx + half * math.cos(a), cy + half * math.sin(a)]
                                for a in np.arange(3) * 2 * math.pi / 3 + turn]).astype(np.int32)
                cv2.fillConvexPoly(board, tri, fill, cv2.LINE_AA)
                cv2.polylines(board, [tri], True, ink, width, cv2.LINE_AA)
        else:
            pts = None
        if pts is None and shape == "star":
            pass
        elif pts is None:
            r = round(half)
            if shape == "circle":
                cv2.circle(board, (round(cx), round(cy)), r, fill, -1, cv2.LINE_AA)
            cv2.circle(board, (round(cx), round(cy)), r, ink, width + (shape == "ring"), cv2.LINE_AA)
        else:
            poly = np.round(pts).astype(np.int32)
            cv2.fillConvexPoly(board, poly, fill, cv2.LINE_AA)
            cv2.polylines(board, [poly], True, ink, width, cv2.LINE_AA)
        if numbered:
            scale = max(0.2, size / 70)
            label = str(i)
            (tw, th), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, scale, width)
            cv2.putText(board, label, (round(cx - tw / 2), round(cy + th / 2)), cv2.FONT_HERSHEY_SIMPLEX, scale,
                        ink, width, cv2.LINE_AA)


def print_spaces(board: np.ndarray, origin: float, pitch: float, tile_px: int, rng: np.random.Generator) -> None:
    """The 4×4 spaces printed on the board under the tiles (seen through the gaps), in place."""
    if rng.random() < 0.4:
        return
    ink = tuple(float(v) for v in _random_colour(rng))
    width = max(1, round(tile_px * rng.uniform(0.005, 0.03)))
    lo, hi = round(origin), round(origin + 4 * pitch)
    if rng.random() < 0.5:
        cv2.rectangle(board, (lo, lo), (hi, hi), ink, -1)
    for k in range(5):
        p = round(origin + k * pitch)
        cv2.line(board, (p, lo), (p, hi), ink, width)
        cv2.line(board, (lo, p), (hi, p), ink, width)


def tile_alpha(tile_px: int, rng: np.random.Generator) -> np.ndarray:
    """``(t, t)`` float32 in [0, 1]: a cardboard tile's face with rounded corners."""
    alpha = np.zeros((tile_px, tile_px), np.float32)
    radius = round(tile_px * rng.uniform(0.0, 0.08))
    r = max(radius, 0)
    cv2.rectangle(alpha, (r, 0), (tile_px - 1 - r, tile_px - 1), 1.0, -1)
    cv2.rectangle(alpha, (0, r), (tile_px - 1, tile_px - 1 - r), 1.0, -1)
    if r > 0:
        for cx, cy in ((r, r), (tile_px - 1 - r, r), (r, tile_px - 1 - r), (tile_px - 1 - r, tile_px - 1 - r)):
            cv2.circle(alpha, (cx, cy), r, 1.0, -1, cv2.LINE_AA)
    return alpha


def table_surface(w: int, h: int, rng: np.random.Generator, family: str) -> np.ndarray:
    """``(h, w, 3)`` uint8 BGR table top of one of the family's kinds."""
    kind = str(rng.choice(TABLE_KINDS[family]))
    sw, sh = max(32, w // 4), max(32, h // 4)
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    base = _random_colour(rng)
    if kind == "wood":
        base = np.array([rng.uniform(20, 120), rng.uniform(40, 160), rng.uniform(70, 200)], np.float32)
        bend = _smooth_noise(sh, sw, 4, rng)
        tone = 1.0 + 0.1 * np.sin(yy * rng.uniform(0.3, 0.9) + bend * 2.0) ** 4
        plank = max(8, int(sh / rng.uniform(3, 6)))
        tone -= 0.4 * (yy.astype(np.int32) % plank < 1)
        img = base * tone[..., None]
    elif kind == "cloth":
        img = base + ((np.sin(xx * 2.2) * np.sin(yy * 2.2)) * 6)[..., None]
    elif kind == "plain":
        img = base + _smooth_noise(sh, sw, 5, rng)[..., None] * 6
    elif kind == "felt":
        img = base + rng.standard_normal((sh, sw, 1)).astype(np.float32) * 9
    elif kind == "glossy":
        a = rng.uniform(0, np.pi)
        streak = np.exp(-((np.cos(a) * xx / sw + np.sin(a) * yy / sh - rng.uniform(0.2, 0.8)) ** 2) / 0.01)
        img = base + (streak * rng.uniform(40, 90))[..., None]
    elif kind == "patterned":  # a busy print: marks in a second colour, as strong as tile art
        t = motifs(sh, sw, rng)[..., None]
        img = base * (1 - t) + _random_colour(rng) * t
    elif kind == "marble":
        veins = np.abs(np.sin(xx / sw * 12 + _smooth_noise(sh, sw, 6, rng) * 4))
        img = base * 0.3 + 170 + (veins ** 0.2 * -50)[..., None]
    elif kind == "gingham":
        n = rng.uniform(8, 30)
        a = (np.sin(xx / sw * n * np.pi) > 0).astype(np.float32)
        b = (np.sin(yy / sh * n * np.pi * sh / sw) > 0).astype(np.float32)
        img = 235 - (255 - base) * (0.5 * (a + b))[..., None]
    elif kind == "kitchen":
        step = int(rng.uniform(0.08, 0.25) * sw)
        grout = ((xx.astype(np.int32) % step < 2) | (yy.astype(np.int32) % step < 2)).astype(np.float32)
        img = base * (1 - grout[..., None]) + 200 * grout[..., None]
    elif kind == "floral":
        img = np.tile(base, (sh, sw, 1))
        for _ in range(int(rng.integers(20, 60))):
            c = (int(rng.uniform(0, sw)), int(rng.uniform(0, sh)))
            col = tuple(float(v) for v in _random_colour(rng))
            for p in range(5):
                ang = p * 2 * math.pi / 5
                r = rng.uniform(2, 6)
                cv2.circle(img, (int(c[0] + r * math.cos(ang)), int(c[1] + r * math.sin(ang))), int(r), col, -1)
    elif kind == "parquet":  # wooden blocks laid in alternating directions
        base = np.array([rng.uniform(30, 110), rng.uniform(60, 150), rng.uniform(90, 210)], np.float32)
        block = max(6, int(sw * rng.uniform(0.05, 0.15)))
        bx, by = xx.astype(np.int32) // block, yy.astype(np.int32) // block
        along = np.where((bx + by) % 2 == 0, xx, yy)
        tone = 1.0 + 0.08 * np.sin(along * rng.uniform(0.8, 2.0)) - 0.3 * ((xx.astype(np.int32) % block < 1)
                                                                           | (yy.astype(np.int32) % block < 1))
        img = base * tone[..., None]
    elif kind == "stripecloth":
        a = rng.uniform(0, np.pi)
        period = rng.uniform(0.05, 0.2) * sw
        u = (np.cos(a) * xx + np.sin(a) * yy) / period
        other = _random_colour(rng)
        img = np.where(((u % 1) < 0.5)[..., None], base, other)
        img = img + rng.standard_normal((sh, sw, 1)).astype(np.float32) * 4
    elif kind == "rug":  # a woven ground with a border of bands
        img = base + _smooth_noise(sh, sw, 20, rng)[..., None] * 12
        d = np.minimum(np.minimum(xx, sw - 1 - xx), np.minimum(yy, sh - 1 - yy)) / min(sw, sh)
        img = np.where(((d * 40).astype(np.int32) % 3 == 0)[..., None] & (d < 0.15)[..., None],
                       _random_colour(rng), img)
    elif kind == "newsprint":  # rows of dark dashes on pale paper, a few photos in grey
        img = np.full((sh, sw, 3), rng.uniform(200, 235), np.float32)
        line = max(3, int(sh * rng.uniform(0.015, 0.03)))
        words = _smooth_noise(sh, sw, int(sw / 4), rng) > -0.3
        img -= (140 * ((yy.astype(np.int32) % line < line // 2) & words))[..., None]
        for _ in range(int(rng.integers(1, 4))):
            x0, y0 = int(rng.uniform(0, sw)), int(rng.uniform(0, sh))
            img[y0:y0 + int(sh * 0.2), x0:x0 + int(sw * 0.15)] = rng.uniform(60, 160)
    elif kind == "floortile":  # square floor tiles or checks of two tones, a garden tile's size to a
        # flagstone's, with dark grout or none: a table lattice as regular as the garden's
        step = max(3, int(math.exp(rng.uniform(math.log(0.03), math.log(0.3))) * sw))
        other = base * rng.uniform(0.3, 1.0)
        cell = (xx.astype(np.int32) // step + yy.astype(np.int32) // step) % 2 == 0
        img = np.where(cell[..., None], base, other)
        width = int(rng.integers(0, 3))
        grout = (xx.astype(np.int32) % step < width) | (yy.astype(np.int32) % step < width)
        img = np.where(grout[..., None], base * 0.35, img)
    else:  # dark glass with reflections
        img = np.full((sh, sw, 3), rng.uniform(10, 40), np.float32)
        for _ in range(int(rng.integers(1, 4))):
            a = rng.uniform(0, np.pi)
            d = np.cos(a) * xx / sw + np.sin(a) * yy / sh - rng.uniform(0, 1)
            img += (np.exp(-d * d / rng.uniform(0.0005, 0.01)) * rng.uniform(60, 160))[..., None]
    img = np.clip(img, 0, 255).astype(np.uint8)
    return cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR)


def light_maps(sw: int, sh: int, rng: np.random.Generator, family: str, severity: float
               ) -> tuple[np.ndarray, np.ndarray]:
    """Coarse multiplicative gain ``(sh, sw, 3)`` and additive glare ``(sh, sw, 1)`` of a family's light."""
    kind = str(rng.choice(LIGHT_KINDS[family]))
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    xx /= sw
    yy /= sh
    gx, gy = rng.normal(0, 0.2 + 0.4 * severity, 2)
    gain = 1.0 + gx * (xx - 0.5) + gy * (yy - 0.5)
    gain *= rng.uniform(0.6, 1.15)
    gain *= 1 - rng.uniform(0.05, 0.3) * ((xx - 0.5) ** 2 + (yy - 0.5) ** 2) * 2
    cast = np.ones(3, np.float32)
    tint = np.ones((1, 1, 3), np.float32)  # a cast that varies across the table
    if kind == "coloured":
        cast = 1 + rng.normal(0, 0.18, 3).astype(np.float32)
    elif kind == "harsh" or kind == "blinds":
        pass
    elif kind == "tungsten":
        cast = np.array([0.65, 0.9, 1.2], np.float32) * rng.uniform(0.9, 1.1, 3).astype(np.float32)
    elif kind == "green":
        cast = np.array([0.95, 1.15, 0.8], np.float32) * rng.uniform(0.9, 1.1, 3).astype(np.float32)
    elif kind == "sunset":  # low warm light, pink to orange, falling off across the table
        cast = np.array([0.75, 0.85, 1.25], np.float32) * rng.uniform(0.9, 1.1, 3).astype(np.float32)
        a = rng.uniform(0, 2 * np.pi)
        gain *= 1 + rng.uniform(0.2, 0.5) * (np.cos(a) * (xx - 0.5) + np.sin(a) * (yy - 0.5))
    elif kind == "twolamp":  # a warm and a cool lamp from either side
        a = rng.uniform(0, 2 * np.pi)
        u = np.clip(np.cos(a) * (xx - 0.5) + np.sin(a) * (yy - 0.5) + 0.5, 0, 1)[..., None]
        warm = np.array([0.8, 0.95, 1.2], np.float32)
        cool = np.array([1.2, 1.0, 0.85], np.float32)
        tint = u * warm + (1 - u) * cool
    else:
        cast = 1 + rng.normal(0, 0.06, 3).astype(np.float32)
    if kind in ("harsh", "coloured") and rng.random() < 0.7:  # a hard-edged shadow (a person, a lamp arm)
        n = int(rng.integers(3, 7))
        cx, cy = rng.uniform(0, 1, 2)
        angles = np.sort(rng.uniform(0, 2 * np.pi, n))
        radii = rng.uniform(0.2, 0.6, n)
        poly = np.stack([(cx + radii * np.cos(angles)) * sw, (cy + radii * np.sin(angles)) * sh], 1)
        mask = np.zeros((sh, sw), np.float32)
        cv2.fillPoly(mask, [poly.astype(np.int32)], 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), rng.uniform(0.3, 1.5))
        gain *= 1 - rng.uniform(0.3, 0.55) * mask
    if kind == "dappled":  # leaves' shadows: soft blobs
        blobs = _smooth_noise(sh, sw, int(rng.integers(6, 14)), rng) > rng.uniform(0.0, 0.6)
        gain = gain * (1 - rng.uniform(0.25, 0.45) * cv2.GaussianBlur(blobs.astype(np.float32), (0, 0), 0.7))
    if kind == "blinds" or (family == "zoo" and rng.random() < 0.3):  # window-blind stripes
        a = rng.uniform(0, np.pi)
        period = rng.uniform(0.08, 0.2)
        s = np.sin((np.cos(a) * xx + np.sin(a) * yy) * 2 * np.pi / period)
        gain *= 1 - rng.uniform(0.2, 0.4) * (cv2.GaussianBlur((s > 0).astype(np.float32), (0, 0), 0.8))
    glare = np.zeros((sh, sw, 1), np.float32)
    if rng.random() < 0.5:  # glare on glossy tiles
        gx0, gy0 = rng.uniform(0.15, 0.85, 2)
        rad = rng.uniform(0.02, 0.08)
        ax = rng.uniform(0.5, 2.0)
        d2 = ((xx - gx0) / ax) ** 2 + ((yy - gy0) * ax * sh / sw) ** 2
        glare[..., 0] = rng.uniform(40, 140) * np.exp(-d2 / (2 * rad * rad))
    return (gain[..., None] * cast * tint).astype(np.float32), glare


def draw_props(img: np.ndarray, clear: object, rng: np.random.Generator, unit: float) -> None:
    """Dice and a phone on the table (in place), where ``clear(points (K, 2)) -> bool`` allows."""
    for _ in range(int(rng.integers(0, 4))):
        for _attempt in range(6):
            cx, cy = rng.uniform(0, img.shape[1]), rng.uniform(0, img.shape[0])
            if rng.random() < 0.7:  # a die
                s = unit * rng.uniform(0.02, 0.04)
                box = cv2.boxPoints(((cx, cy), (s, s), float(rng.uniform(0, 90))))
                if not clear(box):  # type: ignore[operator]
                    continue
                face = tuple(float(v) for v in _random_colour(rng))
                cv2.fillConvexPoly(img, box.astype(np.int32), face, cv2.LINE_AA)
                pip = (20, 20, 20) if sum(face) > 300 else (235, 235, 235)
                for _p in range(int(rng.integers(1, 7))):
                    q = (int(cx + rng.uniform(-0.3, 0.3) * s), int(cy + rng.uniform(-0.3, 0.3) * s))
                    cv2.circle(img, q, max(1, int(s * 0.08)), pip, -1, cv2.LINE_AA)
            else:  # a phone, screen lit or dark
                pw, ph = unit * rng.uniform(0.07, 0.1), unit * rng.uniform(0.14, 0.2)
                rect = ((cx, cy), (pw, ph), float(rng.uniform(0, 180)))
                box = cv2.boxPoints(rect)
                if not clear(box):  # type: ignore[operator]
                    continue
                cv2.fillConvexPoly(img, box.astype(np.int32), (25, 25, 25), cv2.LINE_AA)
                screen = cv2.boxPoints(((cx, cy), (pw * 0.88, ph * 0.85), rect[2]))
                colour = tuple(float(v) for v in _random_colour(rng)) if rng.random() < 0.6 else (45, 45, 45)
                cv2.fillConvexPoly(img, screen.astype(np.int32), colour, cv2.LINE_AA)
            break


def barrel(img: np.ndarray, points: np.ndarray, k: float) -> tuple[np.ndarray, np.ndarray]:
    """Mild barrel distortion of strength ``k`` (radius in half-diagonals) on ``img`` ``(H, W, 3)``
    and the same mapping of ``points`` ``(K, 2)`` (x, y) -> (distorted image, moved points)."""
    h, w = img.shape[:2]
    centre = np.array([(w - 1) / 2, (h - 1) / 2])
    norm = math.hypot(w / 2, h / 2)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    ux, uy = (xx - centre[0]) / norm, (yy - centre[1]) / norm
    f = 1 + k * (ux * ux + uy * uy)
    out = cv2.remap(img, (ux * f * norm + centre[0]).astype(np.float32), (uy * f * norm + centre[1]).astype(np.float32),
                    cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    moved = []
    for p in np.asarray(points, np.float64):
        q = (p - centre) / norm
        u = q.copy()
        for _ in range(20):  # solve u * (1 + k |u|^2) = q
            u = q / (1 + k * float(u @ u))
        moved.append(u * norm + centre)
    return out, np.array(moved)
