"""A garden board on a table, photographed by a phone: the synthetic photo and its ground truth.

Pipeline: draw the 16 tiles (with small gaps and misalignment) on a player board with a coin
track, at a moderate resolution close to the final on-screen tile size; project the board with a
camera model (in-plane rotation, oblique tilt, perspective, scale, position) onto a table
texture; add clutter; then apply what phones do: uneven light, colour cast, shadows, glare,
blur, sensor noise and JPEG compression. Lighting is computed on a coarse grid and upsampled,
so a 4032×3024 photo costs a few hundred milliseconds.

Ground-truth convention: the truth garden is the input garden turned by the quarter turns that
put it upright as seen (:func:`vision.locate.upright_turns`, the reader's own rule: the smallest
tilt of the block's up direction), so its top row is at the top of the picture; the truth
corners are the outer corners of the 4×4 tile block in pixel ``(x, y)``, ordered top-left,
top-right, bottom-right, bottom-left *of the truth garden*.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

import cv2
import numpy as np

from scorer.tiles import Garden
from scorer.vocab import PLAYER_COLOURS
from vision.geometry import tilt_degrees, upright_turns
from vision.synth.art import ALL_STYLES, LOOK_STYLES, render_tile
from vision.synth.garden import random_garden
from vision.synth.random_art import copy_tile, dialect_tile, random_dialect
from vision.synth.scene import (
    barrel,
    board_surface,
    check_family,
    draw_props,
    draw_track,
    light_maps,
    print_spaces,
    table_surface,
    tile_alpha,
)

DIFFICULTIES: Final = ("easy", "hard", "mixed")
#: A real board's picture (``render_photo(board_image=...)``) keeps this much of the board around its
#: 4×4 spaces, as a fraction of the spaces' side on each edge (half a tile).
BOARD_MARGIN: Final = 0.125

_PLAYER_BGR: Final = {"blue": (190, 110, 30), "yellow": (40, 200, 235), "green": (60, 150, 40), "red": (40, 40, 200)}


# --------------------------------------------------------------------------------------------
# the player board


def _board(
    garden: Garden, rng: np.random.Generator, tile_px: int, style: str, severity: float,
    tile_images: Sequence[np.ndarray] | None = None, family: str = "classic",
    board_image: np.ndarray | None = None, empty: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """Draw the player board with the garden on it (the style's tile art, or ``tile_images``: 16
    pictures row-major, resized to the tile size). ``family`` ``"classic"`` draws the first
    generator's board; ``"train"``, ``"dev"`` and ``"zoo"`` a random board of that family
    (:mod:`vision.synth.scene`) with cardboard tiles. ``board_image`` (a rectified photo of a real
    board, see :func:`render_photo`) replaces the random board; ``empty`` leaves the spaces bare.

    Returns:
        ``(board, block)``: board ``(B, B, 3)`` uint8 BGR; block ``(4, 2)`` float64 pixel ``(x, y)``
        of the tile block's outer corners, top-left, top-right, bottom-right, bottom-left of the
        input garden.
    """
    if family != "classic" or board_image is not None or empty:
        return _family_board(garden, rng, tile_px, style, tile_images, "train" if family == "classic" else family,
                             board_image, empty)
    t = tile_px
    gap = max(1, round(t * rng.uniform(0.004, 0.012 + 0.025 * severity)))
    pitch = t + gap
    margin = round(t * 0.62)
    side = 2 * margin + 4 * t + 3 * gap
    if style == "classic":
        base = np.array([58, 72, 52], np.float32) + rng.uniform(-8, 8, 3).astype(np.float32)
        grid_col, track_col, ink = (38, 44, 36), (150, 190, 205), (30, 40, 40)
    else:
        base = np.array([70, 60, 95], np.float32) + rng.uniform(-8, 8, 3).astype(np.float32)
        grid_col, track_col, ink = (45, 40, 60), (200, 215, 225), (50, 40, 40)
    small = rng.standard_normal((8, 8)).astype(np.float32)
    tex = cv2.resize(small, (side, side), interpolation=cv2.INTER_CUBIC)[..., None] * 6
    board = np.clip(base + tex, 0, 255).astype(np.uint8)
    # construction grid area, printed darker
    cv2.rectangle(board, (margin - gap, margin - gap), (side - margin + gap, side - margin + gap), grid_col, -1)
    # coin track 0..25 around the grid
    n_spaces = 26
    inset = margin * 0.5
    perim = 4 * (side - 2 * inset)
    sq = margin * 0.78
    coins = int(rng.integers(0, 26))
    font_scale = max(0.25, margin / 90)
    for i in range(n_spaces):
        s = (i + 0.5) / n_spaces * perim
        edge, off = divmod(s, side - 2 * inset)
        if edge == 0:
            cx, cy = inset + off, inset
        elif edge == 1:
            cx, cy = side - inset, inset + off
        elif edge == 2:
            cx, cy = side - inset - off, side - inset
        else:
            cx, cy = inset, side - inset - off
        p0 = (round(cx - sq / 2), round(cy - sq / 2))
        p1 = (round(cx + sq / 2), round(cy + sq / 2))
        cv2.rectangle(board, p0, p1, track_col, -1, cv2.LINE_AA)
        cv2.rectangle(board, p0, p1, ink, max(1, t // 90), cv2.LINE_AA)
        label = str(i)
        (tw, th), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, font_scale, max(1, t // 100))
        cv2.putText(board, label, (round(cx - tw / 2), round(cy + th / 2)), cv2.FONT_HERSHEY_SIMPLEX, font_scale,
                    ink, max(1, t // 100), cv2.LINE_AA)
        if i == coins:  # the player's marker on the coin track
            colour = _PLAYER_BGR[PLAYER_COLOURS[int(rng.integers(len(PLAYER_COLOURS)))]]
            cv2.circle(board, (round(cx + 2), round(cy + 3)), round(sq * 0.36), (20, 20, 20), -1, cv2.LINE_AA)
            cv2.circle(board, (round(cx), round(cy)), round(sq * 0.36), colour, -1, cv2.LINE_AA)

    # the tiles, each slightly off its nominal place
    jitter = gap * 0.45 + t * 0.004 * severity
    max_rot = 0.3 + 1.2 * severity
    for (r, c), tile in garden.cells():
        if tile_images is None:
            img = render_tile(tile, t, rng, style)
        else:
            pic = tile_images[r * 4 + c]
            img = cv2.resize(pic, (t, t), interpolation=cv2.INTER_AREA if pic.shape[0] > t else cv2.INTER_LINEAR)
        x0 = margin + c * pitch
        y0 = margin + r * pitch
        dx, dy = rng.uniform(-jitter, jitter, 2)
        angle = float(rng.uniform(-max_rot, max_rot))
        pad = max(2, round(t * 0.03))
        roi = board[y0 - pad : y0 + t + pad, x0 - pad : x0 + t + pad]
        m = cv2.getRotationMatrix2D((t / 2, t / 2), angle, 1.0)
        m[:, 2] += (pad + dx, pad + dy)
        shadow = np.zeros(roi.shape[:2], np.uint8)
        cv2.warpAffine(np.full((t, t), 255, np.uint8), m, (roi.shape[1], roi.shape[0]), dst=shadow,
                       flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
        dst = roi.copy()
        cv2.warpAffine(img, m, (roi.shape[1], roi.shape[0]), dst=dst, flags=cv2.INTER_LINEAR,
                       borderMode=cv2.BORDER_TRANSPARENT)
        a = (shadow.astype(np.float32) / 255.0)[..., None]
        roi[:] = (dst * a + roi * (1 - a)).astype(np.uint8)
    lo = margin
    hi = margin + 4 * t + 3 * gap
    block = np.array([[lo, lo], [hi, lo], [hi, hi], [lo, hi]], np.float64)
    return board, block


def _tile_picture(tile: object, t: int, rng: np.random.Generator, style: str,
                  picture: np.ndarray | None) -> np.ndarray:
    if picture is None:
        return render_tile(tile, t, rng, style)  # type: ignore[arg-type]
    return cv2.resize(picture, (t, t), interpolation=cv2.INTER_AREA if picture.shape[0] > t else cv2.INTER_LINEAR)


def random_board_picture(rng: np.random.Generator, family: str = "zoo", side: int = 512) -> np.ndarray:
    """One random player board of ``family`` (``"train"``, ``"dev"`` or ``"zoo"``) as a copy's board picture:
    ``(B, B, 3)`` uint8 BGR, its 4×4 spaces (printed or not) filling the middle ``side`` pixels with
    :data:`BOARD_MARGIN` of them around, as :func:`vision.enrol.board_picture` rectifies a photo of
    an empty board. Passed to every photo of a set (``render_photo(board_image=...)``), it makes
    them photos of one copy, as a player's enrolment photos are."""
    check_family(family)
    if family == "classic":
        raise ValueError("random_board_picture draws a board of the train, dev or zoo family, not classic")
    margin = round(BOARD_MARGIN * side)
    board = board_surface(side + 2 * margin, rng, family, None)
    draw_track(board, margin, side // 4, rng, family)
    print_spaces(board, margin, side / 4, side // 4, rng)
    return board


def _family_board(garden: Garden, rng: np.random.Generator, tile_px: int, style: str,
                  tile_images: Sequence[np.ndarray] | None, family: str, board_image: np.ndarray | None = None,
                  empty: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_board` for the ``train`` and ``zoo`` families: a random board and track, printed
    spaces, gaps of 0–6 % of a tile, cardboard tiles with rounded corners and a visible edge, one
    or two tiles shifted or turned more than the rest. ``board_image`` (square, the 4×4 spaces
    filling the middle with :data:`BOARD_MARGIN` of the spaces' side around them) is the board
    instead of a random one; ``empty`` draws no tiles (a photo of the bare board)."""
    t = tile_px
    gap = round(t * rng.uniform(0.0, 0.06))
    pitch = t + gap
    # a real board keeps its own margin, so its spaces fall under the tiles
    margin = round(BOARD_MARGIN * (4 * t + 3 * gap)) if board_image is not None else round(t * rng.uniform(0.3, 0.9))
    side = 2 * margin + 4 * t + 3 * gap
    if board_image is not None:
        board = cv2.resize(board_image, (side, side), interpolation=cv2.INTER_AREA
                           if board_image.shape[0] > side else cv2.INTER_LINEAR)
    else:
        floor_colour = None
        if rng.random() < 0.2:  # a board the colour of a floor
            some = render_tile(list(garden.cells())[int(rng.integers(16))][1], 32, rng, style)
            floor_colour = some[4:12, 20:28].reshape(-1, 3).mean(axis=0)
        board = board_surface(side, rng, family, floor_colour)
        draw_track(board, margin, t, rng, family)
        print_spaces(board, margin - gap / 2, pitch, t, rng)
    lo = margin
    hi = margin + 4 * t + 3 * gap
    block = np.array([[lo, lo], [hi, lo], [hi, hi], [lo, hi]], np.float64)
    if empty:
        return board, block
    alpha = tile_alpha(t, rng)
    thick = t * rng.uniform(0.0, 0.05)
    edge_dir = rng.uniform(0, 2 * np.pi)
    edge_shift = (thick * math.cos(edge_dir), thick * math.sin(edge_dir))
    edge_col = np.array([rng.uniform(150, 230)] * 3, np.float32) * rng.uniform(0.3, 1.0)
    jitter = gap * 0.4 + t * 0.003
    loose = set(rng.choice(16, size=int(rng.integers(0, 3)), replace=False).tolist())
    for (r, c), tile in garden.cells():
        img = _tile_picture(tile, t, rng, style, None if tile_images is None else tile_images[r * 4 + c])
        x0, y0 = margin + c * pitch, margin + r * pitch
        dx, dy = rng.uniform(-jitter, jitter, 2)
        angle = float(rng.uniform(-0.8, 0.8))
        if r * 4 + c in loose:
            dx, dy = rng.uniform(-0.04, 0.04, 2) * t
            angle = float(rng.uniform(-4, 4))
        pad = max(2, round(t * 0.08))
        roi = board[y0 - pad: y0 + t + pad, x0 - pad: x0 + t + pad]  # margin > pad: inside the board
        m = cv2.getRotationMatrix2D((t / 2, t / 2), angle, 1.0)
        m[:, 2] += (pad + dx, pad + dy)
        size = (roi.shape[1], roi.shape[0])
        edge_m = m.copy()
        edge_m[:, 2] += edge_shift
        side_a = cv2.warpAffine(alpha, edge_m, size, flags=cv2.INTER_LINEAR)[..., None]
        face_a = cv2.warpAffine(alpha, m, size, flags=cv2.INTER_LINEAR)[..., None]
        face = cv2.warpAffine(img, m, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        out = roi.astype(np.float32) * (1 - side_a) + edge_col * side_a
        out = out * (1 - face_a) + face.astype(np.float32) * face_a
        roi[:] = np.clip(out, 0, 255).astype(np.uint8)
    return board, block


# --------------------------------------------------------------------------------------------
# table, clutter, camera


def _table(w: int, h: int, rng: np.random.Generator) -> np.ndarray:
    """A table surface ``(h, w, 3)`` uint8 BGR: wood, cloth, or a plain laminate."""
    sw, sh = max(32, w // 4), max(32, h // 4)
    kind = rng.choice(["wood", "cloth", "plain"], p=[0.5, 0.3, 0.2])
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    if kind == "wood":
        base = np.array(rng.choice([[55, 95, 140], [40, 70, 110], [110, 150, 190], [30, 45, 70]]), np.float32)
        base += rng.uniform(-8, 8, 3).astype(np.float32)
        # streaks: noise stretched along the grain, plus fine rings gently bent
        streak = cv2.resize(rng.standard_normal((sh, max(2, sw // 24))).astype(np.float32), (sw, sh),
                            interpolation=cv2.INTER_LINEAR)
        bend = cv2.resize(rng.standard_normal((3, 4)).astype(np.float32), (sw, sh), interpolation=cv2.INTER_CUBIC)
        rings = np.sin(yy * rng.uniform(0.5, 0.9) + bend * 2.0) * 0.5 + 0.5
        plank = max(8, int(sh / rng.uniform(3, 6)))
        seams = (yy.astype(np.int32) % plank < 1).astype(np.float32)
        tone = 1.0 + 0.06 * streak + 0.08 * rings ** 4 - 0.45 * seams
        img = base * tone[..., None]
        if rng.random() < 0.5:
            img = cv2.resize(np.ascontiguousarray(np.transpose(img, (1, 0, 2))), (sw, sh))
    elif kind == "cloth":
        base = np.array(rng.choice([[60, 110, 40], [120, 60, 40], [50, 50, 130], [150, 150, 150], [40, 40, 40]]),
                        np.float32)
        base += rng.uniform(-10, 10, 3).astype(np.float32)
        weave = (np.sin(xx * 2.2) * np.sin(yy * 2.2)) * 6
        img = base + weave[..., None] + rng.standard_normal((sh, sw, 1)).astype(np.float32) * 5
    else:
        base = np.array(rng.choice([[225, 225, 225], [200, 210, 215], [90, 90, 90]]), np.float32)
        img = base + cv2.resize(rng.standard_normal((5, 5)).astype(np.float32), (sw, sh),
                                interpolation=cv2.INTER_CUBIC)[..., None] * 8
    img = np.clip(img, 0, 255).astype(np.uint8)
    return cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR)


def _camera(
    board_side: int, block: np.ndarray, w: int, h: int, rng: np.random.Generator, severity: float,
    max_tilt: float | None = None, size_range: tuple[float, float] | None = None,
) -> tuple[np.ndarray, float] | None:
    """A board->image homography ``(3, 3)`` and the in-plane rotation (degrees); ``None`` when
    the sampled view would put part of the tile block outside the frame. ``max_tilt`` (degrees
    from straight down) widens the tilt to ``0..max_tilt`` and the distance to 2.4–5 garden sides
    (strong keystone); by default the tilt is at most ~35° as in the first generator. ``size_range``
    (lo, hi) draws the block's extent as a fraction of the photo's shorter side instead of the
    severity's range."""
    centre = block.mean(axis=0)
    garden_side = float(block[1, 0] - block[0, 0])
    if rng.random() < 0.7 - 0.5 * severity:  # roughly square to the table edge
        rot = float(rng.integers(4) * 90 + rng.normal(0, 4 + 20 * severity))
    else:
        rot = float(rng.uniform(0, 360))
    if max_tilt is None:
        tilt = math.radians(rng.uniform(0, 12) + severity * rng.uniform(5, 23))
    else:
        tilt = math.radians(rng.uniform(0, max_tilt))
    tilt_dir = rng.uniform(0, 2 * math.pi)
    dist = rng.uniform(2.2 if max_tilt is None else 2.4, 5.0)  # camera distance in garden sides

    corners = np.array([[0, 0], [board_side, 0], [board_side, board_side], [0, board_side]], np.float64)
    pts = np.vstack([corners, block])
    p = (pts - centre) / garden_side  # garden side = 1 unit, origin at garden centre
    a = math.radians(rot)
    rz = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    p = p @ rz.T
    # tilt the plane about an axis through the origin, direction tilt_dir
    ux, uy = math.cos(tilt_dir), math.sin(tilt_dir)
    along = p @ np.array([ux, uy])
    across = p @ np.array([-uy, ux])
    x3 = along[:, None] * np.array([ux, uy]) * math.cos(tilt) + across[:, None] * np.array([-uy, ux])
    z3 = along * math.sin(tilt) + dist
    proj = x3 / z3[:, None]
    g = proj[4:]
    extent = float(np.max(g.max(axis=0) - g.min(axis=0)))
    lo, hi = (0.45, 0.75) if severity < 0.35 else (0.25, 0.8)
    if size_range is not None:
        lo, hi = size_range
    frac = rng.uniform(lo, hi)
    scale = frac * min(w, h) / extent
    proj *= scale
    g = proj[4:]
    gmin, gmax = g.min(axis=0), g.max(axis=0)
    pad = 0.03 * min(w, h)
    room_x = (pad - gmin[0], w - pad - gmax[0])
    room_y = (pad - gmin[1], h - pad - gmax[1])
    if room_x[0] > room_x[1] or room_y[0] > room_y[1]:
        return None
    # centred-ish for easy shots, anywhere for hard ones
    spread = 0.25 + 0.75 * severity
    mid_x, mid_y = (room_x[0] + room_x[1]) / 2, (room_y[0] + room_y[1]) / 2
    tx = mid_x + rng.uniform(-0.5, 0.5) * spread * (room_x[1] - room_x[0])
    ty = mid_y + rng.uniform(-0.5, 0.5) * spread * (room_y[1] - room_y[0])
    proj += (tx, ty)
    hom = cv2.getPerspectiveTransform(corners.astype(np.float32), proj[:4].astype(np.float32))
    return hom, rot


def _neighbour_board(img: np.ndarray, board_side: int, hom: np.ndarray, rng: np.random.Generator, style: str,
                     family: str) -> None:
    """Another player's board with a random garden beside this one, on the same table plane, partly
    in view (its centre outside the photo; in place)."""
    other, _ = _board(random_garden(rng), rng, max(24, board_side // 7), style, 0.5, None, family)
    other = cv2.resize(other, (board_side, board_side), interpolation=cv2.INTER_LINEAR)
    h, w = img.shape[:2]
    gap = rng.uniform(0.02, 0.3) * board_side
    slide = rng.uniform(-0.3, 0.3) * board_side
    first = int(rng.integers(4))
    for k in range(4):  # partly in view: its centre outside the photo
        dx, dy = [(1, 0), (-1, 0), (0, 1), (0, -1)][(first + k) % 4]
        shift = np.array([[1, 0, dx * (board_side + gap) + slide * abs(dy)],
                          [0, 1, dy * (board_side + gap) + slide * abs(dx)], [0, 0, 1]], np.float64)
        cx, cy = _project(hom @ shift, np.array([[board_side / 2, board_side / 2]]))[0]
        if not (0 <= cx < w and 0 <= cy < h):
            break
    else:
        return
    h, w = img.shape[:2]
    warped = cv2.warpPerspective(np.dstack([other, np.full(other.shape[:2], 255, np.uint8)]), hom @ shift, (w, h),
                                 flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    a = warped[..., 3:4].astype(np.float32) / 255.0
    img[:] = (warped[..., :3] * a + img * (1 - a)).astype(np.uint8)


def _project(hom: np.ndarray, pts: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(pts.reshape(-1, 1, 2).astype(np.float64), hom).reshape(-1, 2)


def _clutter(img: np.ndarray, forbid: np.ndarray, rng: np.random.Generator, severity: float) -> None:
    """Draw cards, coins and maybe a hand on ``img`` (in place), never over the tile block.

    ``forbid`` is the garden quadrilateral ``(4, 2)`` in pixels (slightly enlarged by the caller).
    """
    h, w = img.shape[:2]
    unit = min(w, h)
    poly = forbid.astype(np.float32).reshape(-1, 1, 2)

    def clear(points: np.ndarray) -> bool:
        ok = all(cv2.pointPolygonTest(poly, (float(x), float(y)), True) < -unit * 0.01 for x, y in points)
        if not ok:
            return False
        # also make sure the garden's corners are not inside the shape
        shape = points.astype(np.float32).reshape(-1, 1, 2)
        hull = cv2.convexHull(shape)
        return all(cv2.pointPolygonTest(hull, (float(x), float(y)), False) < 0 for x, y in forbid)

    n_items = int(rng.integers(0, 3 + round(4 * severity)))
    for _ in range(n_items):
        kind = rng.choice(["card", "coin"], p=[0.4, 0.6])
        for _attempt in range(6):
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            if kind == "card":
                cw, ch = unit * rng.uniform(0.08, 0.13), unit * rng.uniform(0.12, 0.18)
                rect = ((cx, cy), (cw, ch), float(rng.uniform(0, 180)))
                box = cv2.boxPoints(rect)
                if not clear(box):
                    continue
                face = tuple(int(v) for v in rng.choice([[235, 235, 235], [200, 230, 245], [60, 60, 150]]))
                cv2.fillPoly(img, [box.astype(np.int32)], face, cv2.LINE_AA)
                inner = cv2.boxPoints(((cx, cy), (cw * 0.8, ch * 0.8), rect[2]))
                cv2.polylines(img, [inner.astype(np.int32)], True, (40, 90, 160), max(1, unit // 400), cv2.LINE_AA)
                cv2.circle(img, (int(cx), int(cy)), int(cw * 0.2), (40, 120, 40), -1, cv2.LINE_AA)
            else:
                r = unit * rng.uniform(0.014, 0.022)
                ring = np.array([[cx + r * math.cos(t), cy + r * math.sin(t)] for t in np.linspace(0, 6.3, 12)])
                if not clear(ring):
                    continue
                col = tuple(int(v) for v in rng.choice([[40, 170, 220], [180, 180, 180], [50, 110, 170]]))
                cv2.circle(img, (int(cx + r * 0.15), int(cy + r * 0.2)), int(r), (25, 25, 25), -1, cv2.LINE_AA)
                cv2.circle(img, (int(cx), int(cy)), int(r), col, -1, cv2.LINE_AA)
                cv2.circle(img, (int(cx), int(cy)), int(r * 0.7), tuple(max(0, v - 40) for v in col),
                            max(1, int(r * 0.08)), cv2.LINE_AA)
            break
    if rng.random() < 0.15 + 0.3 * severity:  # a hand reaching in from one edge
        for _attempt in range(6):
            side = int(rng.integers(4))
            along = rng.uniform(0.15, 0.85)
            reach = unit * rng.uniform(0.10, 0.2)
            if side == 0:
                base, inward = np.array([along * w, 0.0]), np.array([0.0, 1.0])
            elif side == 1:
                base, inward = np.array([w, along * h]), np.array([-1.0, 0.0])
            elif side == 2:
                base, inward = np.array([along * w, h]), np.array([0.0, -1.0])
            else:
                base, inward = np.array([0.0, along * h]), np.array([1.0, 0.0])
            inward = inward + rng.normal(0, 0.25, 2)
            inward /= np.linalg.norm(inward)
            normal = np.array([-inward[1], inward[0]])
            palm_c = base + inward * reach * 0.35
            tips = [palm_c + inward * reach * rng.uniform(0.7, 1.0) + normal * reach * k
                    for k in (-0.36, -0.12, 0.12, 0.34)]
            outline = np.array([palm_c + normal * reach * 0.5, palm_c - normal * reach * 0.5, *tips])
            if not clear(outline):
                continue
            skin = tuple(int(v) for v in rng.choice([[130, 160, 215], [90, 120, 175], [60, 85, 130], [150, 185, 230]]))
            dark = tuple(max(0, v - 35) for v in skin)
            ang = math.degrees(math.atan2(inward[1], inward[0]))
            cv2.ellipse(img, (int(palm_c[0]), int(palm_c[1])), (int(reach * 0.6), int(reach * 0.5)), ang, 0, 360,
                        skin, -1, cv2.LINE_AA)
            fw = max(2, int(reach * 0.16))
            for tip in tips:
                start = palm_c + (tip - palm_c) * 0.3
                cv2.line(img, (int(start[0]), int(start[1])), (int(tip[0]), int(tip[1])), skin, fw, cv2.LINE_AA)
                cv2.circle(img, (int(tip[0]), int(tip[1])), fw // 2, dark, 1, cv2.LINE_AA)
            break


# --------------------------------------------------------------------------------------------
# phone-camera effects


def _lighting(w: int, h: int, board_mask_small: np.ndarray, rng: np.random.Generator,
              severity: float) -> tuple[np.ndarray, np.ndarray]:
    """Coarse multiplicative gain ``(h', w', 3)`` and additive glare ``(h', w', 1)`` maps (float32)."""
    sh, sw = board_mask_small.shape
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    xx /= sw
    yy /= sh
    # uneven light: a linear falloff plus a broad bright spot
    gx, gy = rng.normal(0, 0.15 + 0.35 * severity, 2)
    gain = 1.0 + gx * (xx - 0.5) + gy * (yy - 0.5)
    bx, by = rng.uniform(0, 1, 2)
    gain += rng.uniform(0, 0.1 + 0.15 * severity) * np.exp(-((xx - bx) ** 2 + (yy - by) ** 2) / 0.15)
    gain *= rng.uniform(0.9 - 0.3 * severity, 1.1)
    # vignetting
    gain *= 1 - rng.uniform(0.05, 0.1 + 0.25 * severity) * ((xx - 0.5) ** 2 + (yy - 0.5) ** 2) * 2
    # drop shadow of the board onto the table
    shadow_dir = rng.normal(0, 1, 2)
    shift = (shadow_dir / (np.linalg.norm(shadow_dir) + 1e-9) * rng.uniform(1, 3)).astype(np.float32)
    m = np.float32([[1, 0, shift[0]], [0, 1, shift[1]]])
    drop = cv2.warpAffine(board_mask_small, m, (sw, sh))
    drop = cv2.GaussianBlur(drop, (0, 0), 2.0)
    drop = np.clip(drop - board_mask_small, 0, 1)
    gain *= 1 - 0.45 * drop
    # cast shadow (a person or a phone): a soft-edged polygon
    if rng.random() < 0.2 + 0.6 * severity:
        cx, cy = rng.uniform(0, 1, 2)
        n = int(rng.integers(3, 7))
        angles = np.sort(rng.uniform(0, 2 * np.pi, n))
        radii = rng.uniform(0.2, 0.6, n)
        poly = np.stack([(cx + radii * np.cos(angles)) * sw, (cy + radii * np.sin(angles)) * sh], 1)
        mask = np.zeros((sh, sw), np.float32)
        cv2.fillPoly(mask, [poly.astype(np.int32)], 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), rng.uniform(1.0, 4.0))
        gain *= 1 - rng.uniform(0.15, 0.25 + 0.3 * severity) * mask
    # colour cast (white balance)
    cast = 1 + rng.normal(0, 0.03 + 0.07 * severity, 3).astype(np.float32)
    gain3 = gain[..., None].astype(np.float32) * cast
    # glare spot
    glare = np.zeros((sh, sw, 1), np.float32)
    if rng.random() < 0.25 + 0.6 * severity:
        gx0, gy0 = rng.uniform(0.15, 0.85, 2)
        rad = rng.uniform(0.02, 0.04 + 0.04 * severity)
        ax = rng.uniform(0.6, 1.6)
        d2 = ((xx - gx0) / ax) ** 2 + ((yy - gy0) * ax * sh / sw) ** 2
        glare[..., 0] = rng.uniform(40, 60 + 60 * severity) * np.exp(-d2 / (2 * rad * rad))
    return gain3, glare


def _blur(img: np.ndarray, rng: np.random.Generator, severity: float) -> np.ndarray:
    """Lens blur and a little hand shake on ``img`` ``(H, W, 3)`` uint8; returns a new array."""
    h, w = img.shape[:2]
    res = min(w, h) / 1200.0
    sigma = (rng.uniform(0.3, 0.8) + severity * rng.uniform(0, 1.8)) * res
    if sigma > 0.35:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    if rng.random() < 0.3 * severity:  # motion blur: the mean of a few shifted copies
        length = rng.uniform(2, 2 + 8 * severity) * res
        angle = rng.uniform(0, np.pi)
        steps = 4
        acc = np.zeros(img.shape, np.uint16)
        for k in range(steps):
            t = (k / (steps - 1) - 0.5) * length
            m = np.float32([[1, 0, t * np.cos(angle)], [0, 1, t * np.sin(angle)]])
            acc += cv2.warpAffine(img, m, (w, h), borderMode=cv2.BORDER_REFLECT)
        img = (acc // steps).astype(np.uint8)
    return img


def _expose(img: np.ndarray, gain: np.ndarray, glare: np.ndarray, rng: np.random.Generator,
            severity: float) -> np.ndarray:
    """Apply coarse light maps, sensor noise and JPEG compression in strips (bounded memory).

    ``img`` ``(H, W, 3)`` uint8; ``gain`` ``(h', w', 3)`` and ``glare`` ``(h', w', 1)`` float32.
    """
    h, w = img.shape[:2]
    # light maps and chroma noise are smooth: upsample them once as uint8 (1 % gain steps)
    light = np.concatenate([gain * 100.0, glare], axis=2)
    light_full = cv2.resize(np.clip(light, 0, 255).astype(np.uint8), (w, h), interpolation=cv2.INTER_LINEAR)
    noise_sd = rng.uniform(1.5, 3.0) + severity * rng.uniform(0, 9)
    chroma = rng.standard_normal((max(2, h // 4), max(2, w // 4), 3), dtype=np.float32) * (noise_sd * 0.6) + 128
    chroma_full = cv2.resize(np.clip(chroma, 0, 255).astype(np.uint8), (w, h), interpolation=cv2.INTER_LINEAR)
    # luminance noise from a bank of random rows, shifted per strip (cheap at 12 megapixels)
    bank_w = min(w, 1024)
    bank = rng.standard_normal((256, bank_w), dtype=np.float32) * noise_sd
    reps = -(-w // bank_w)
    out = np.empty_like(img)
    step = 256
    for y0 in range(0, h, step):
        y1 = min(h, y0 + step)
        lit = light_full[y0:y1].astype(np.float32)
        strip = img[y0:y1].astype(np.float32)
        strip *= lit[..., :3] * 0.01
        strip += lit[..., 3:4]
        strip += chroma_full[y0:y1]
        strip -= 128.0
        shift = int(rng.integers(bank_w))
        noise = np.tile(np.roll(bank, shift, axis=1), (1, reps))[: y1 - y0, :w]
        strip += noise[..., None]
        np.clip(strip, 0, 255, out=strip)
        out[y0:y1] = strip
    quality = int(rng.uniform(88, 96) - severity * rng.uniform(0, 55))
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, max(30, quality)])
    if ok:
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out


# --------------------------------------------------------------------------------------------
# public


def _severity(difficulty: str, rng: np.random.Generator) -> float:
    if difficulty == "easy":
        return float(rng.uniform(0.0, 0.3))
    if difficulty == "hard":
        return float(rng.uniform(0.65, 1.0))
    return float(rng.uniform(0.0, 1.0))


def check_garden_size(garden_size: object) -> tuple[float, float]:
    """``garden_size`` as ``(lo, hi)`` floats, or ``ValueError`` unless 0.1 <= lo <= hi <= 0.9."""
    try:
        lo, hi = (float(v) for v in garden_size)  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        raise ValueError(f"garden_size must be (lo, hi), got {garden_size!r}") from None
    if not 0.1 <= lo <= hi <= 0.9:
        raise ValueError(f"garden_size must satisfy 0.1 <= lo <= hi <= 0.9, got {garden_size!r}")
    return lo, hi


def render_photo(
    garden: Garden,
    rng: np.random.Generator,
    size: tuple[int, int] = (1600, 1200),
    difficulty: str = "mixed",
    style: str = "classic",
    tile_images: Sequence[np.ndarray] | None = None,
    family: str = "classic",
    board_image: np.ndarray | None = None,
    empty_board: bool = False,
    min_elevation: float | None = None,
    garden_size: tuple[float, float] | None = None,
    copy: int | None = None,
) -> tuple[np.ndarray, dict[str, Any]]:
    """Render a phone photo of ``garden`` on its player board on a table.

    Args:
        garden: the garden as laid out on the board (top row = the board's top edge).
        rng: random generator; the same generator state gives the same photo.
        size: ``(width, height)`` of the photo in pixels, each 64..8192.
        difficulty: ``"easy"`` (mild light, small tilt, near-square rotation), ``"hard"`` (strong
            tilt up to ~35°, any rotation, shadows, glare, blur, noise, heavy JPEG, clutter) or
            ``"mixed"`` (a random severity per photo).
        style: tile art style, ``"classic"`` or ``"alt"`` (also the board's colours), ``"random"``
            (a look of its own per photo, for training) or ``"ink"`` (held out).
        tile_images: instead of the style's art, 16 ``(S, S, 3)`` uint8 BGR pictures of the
            garden's tiles as placed, row-major (e.g. cut from photos of a real copy, see
            :mod:`vision.synth.exemplar`).
        family: the scene's board, table and light (:mod:`vision.synth.scene`): ``"classic"``
            (the first generator's green or purple board), ``"train"`` (the families training may
            sample), ``"dev"`` (disjoint families to judge changes by, never trained on) or
            ``"zoo"`` (disjoint from both, for measurement only). Outside ``classic``
            the camera tilts up to 55° (elevation 35–90°), a lens may bend lines (mild barrel
            distortion), and dice, phones and another player's board may be in view.
        board_image: a real board instead of a random one: ``(B, B, 3)`` uint8 BGR, its 4×4
            spaces filling the middle with :data:`BOARD_MARGIN` of the spaces' side around them
            (as :func:`vision.enrol.board_picture` rectifies a photo of an empty board). The
            scene is then of the ``train`` family when ``family`` is ``"classic"``.
        empty_board: draw the board without its tiles (``truth["corners"]`` outline its spaces).
        min_elevation: the camera's lowest elevation in degrees above the table (10..90), the tilt
            then drawn from ``0..90 - min_elevation`` with a strong keystone; None for the
            family's own range. A measurement switch: the same seed draws other photos with it.
        garden_size: ``(lo, hi)``, the tile block's extent in the photo as a fraction of its
            shorter side, drawn uniformly (0.1 <= lo <= hi <= 0.9); None for the difficulty's own
            range (0.25–0.8 for hard photos). A measurement switch like ``min_elevation``.
        copy: with ``style="random"`` (or ``"sketch"``: its figures the development-only
            silhouettes), the tiles of development copy ``copy`` (a seed,
            :func:`vision.synth.random_art.copy_tile`: one look, one picture per physical tile)
            instead of a look of its own per photo; None otherwise.

    Returns:
        ``(image, truth)``: image ``(H, W, 3)`` uint8 BGR; truth ``{"garden": Garden,
        "corners": (4, 2) float64, "rotation": float, "quarter_turns": int, "severity": float}``.
        ``truth["garden"]`` is ``garden.rotated(k)`` with ``k`` the quarter turns nearest the
        photo's in-plane rotation (so its top row is at the top of the picture);
        ``truth["corners"]`` are pixel ``(x, y)`` of the tile block's outer corners ordered
        top-left, top-right, bottom-right, bottom-left of the truth garden.
    """
    if not isinstance(garden, Garden):
        raise ValueError(f"garden must be a scorer.tiles.Garden, got {type(garden).__name__}")
    if not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng must be a numpy Generator, got {type(rng).__name__}")
    try:
        w, h = (int(v) for v in size)
    except (TypeError, ValueError):
        raise ValueError(f"size must be (width, height), got {size!r}") from None
    if not (64 <= w <= 8192 and 64 <= h <= 8192):
        raise ValueError(f"size must be 64..8192 on each side, got {w}x{h}")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty must be one of {DIFFICULTIES}, got {difficulty!r}")
    if style not in ALL_STYLES:
        raise ValueError(f"style must be one of {ALL_STYLES}, got {style!r}")
    check_family(family)
    if min_elevation is not None and (isinstance(min_elevation, bool) or not isinstance(min_elevation, (int, float))
                                      or not 10.0 <= float(min_elevation) <= 90.0):
        raise ValueError(f"min_elevation must be 10..90 degrees, got {min_elevation!r}")
    if garden_size is not None:
        garden_size = check_garden_size(garden_size)
    if copy is not None and (style not in LOOK_STYLES or tile_images is not None):
        raise ValueError("copy (a development copy's seed) needs style 'random' or 'sketch' and no tile_images")

    if tile_images is not None and (len(tile_images) != 16 or any(
            not isinstance(p, np.ndarray) or p.ndim != 3 or p.shape[2] != 3 or p.dtype != np.uint8
            or p.shape[0] != p.shape[1] or p.shape[0] < 8 for p in tile_images)):
        raise ValueError("tile_images must be 16 square (S, S, 3) uint8 pictures")

    severity = _severity(difficulty, rng)
    # tiles drawn near their final on-screen size (capped: bigger photos are upsampled)
    expected = 0.6 * min(w, h) / 4
    tile_px = int(np.clip(round(expected * 1.15), 48, 256))
    if board_image is not None and (not isinstance(board_image, np.ndarray) or board_image.ndim != 3
                                    or board_image.shape[2] != 3 or board_image.dtype != np.uint8
                                    or board_image.shape[0] != board_image.shape[1] or board_image.shape[0] < 32):
        raise ValueError("board_image must be a square (B, B, 3) uint8 picture, B >= 32")
    if copy is not None:
        tile_images = [copy_tile(tile, tile_px, copy, style == "sketch") for _, tile in garden.cells()]
    elif style in LOOK_STYLES and tile_images is None:  # one look for the whole garden, as in a real copy
        look = random_dialect(rng, style == "sketch")
        tile_images = [dialect_tile(tile, tile_px, rng, look) for _, tile in garden.cells()]
    board, block = _board(garden, rng, tile_px, style, severity, tile_images, family, board_image, empty_board)
    if board_image is not None and family == "classic":
        family = "train"  # a real board in a scene of the families training samples
    max_tilt = None if family == "classic" else 55.0
    if min_elevation is not None:
        max_tilt = 90.0 - float(min_elevation)
    for _ in range(50):
        cam = _camera(board.shape[0], block, w, h, rng, severity, max_tilt, garden_size)
        if cam is not None:
            break
    else:  # pragma: no cover - the sampler always finds a view quickly
        raise RuntimeError("could not place the garden in the frame")
    hom, _rot = cam

    img = _table(w, h, rng) if family == "classic" else table_surface(w, h, rng, family)
    if family != "classic" and rng.random() < 0.3:
        _neighbour_board(img, board.shape[0], hom, rng, style, family)
    alpha = np.full(board.shape[:2], 255, np.uint8)
    warped = cv2.warpPerspective(np.dstack([board, alpha]), hom, (w, h), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    a = warped[..., 3]
    # the board's cardboard edge, seen below its top face
    thick = max(1, round(min(w, h) * rng.uniform(0.003, 0.007)))
    side = np.zeros_like(a)
    side[thick:] = a[:-thick]
    edge_col = tuple(int(v) for v in rng.choice([[30, 35, 35], [55, 60, 60]]))
    img[side > 128] = edge_col
    wa = a.astype(np.float32) * (1 / 255.0)
    img = cv2.blendLinear(np.ascontiguousarray(warped[..., :3]), img, wa, 1.0 - wa)
    del warped, wa, side

    corners_in = _project(hom, block)
    centre = corners_in.mean(axis=0)
    _clutter(img, centre + (corners_in - centre) * 1.04, rng, severity)
    if family != "classic":
        poly = (centre + (corners_in - centre) * 1.04).astype(np.float32).reshape(-1, 1, 2)
        unit = min(w, h)

        def clear(points: np.ndarray) -> bool:
            return all(cv2.pointPolygonTest(poly, (float(x), float(y)), True) < -unit * 0.01 for x, y in points)

        draw_props(img, clear, rng, unit)

    # lens effects, then coarse lighting maps, noise and JPEG in one strip-wise pass
    sw, sh = max(16, w // 8), max(16, h // 8)
    small_mask = cv2.resize(a, (sw, sh), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
    del a
    if family == "classic":
        gain, glare = _lighting(w, h, small_mask, rng, severity)
    else:
        gain, glare = light_maps(sw, sh, rng, family, severity)
    img = _blur(img, rng, severity)
    if family != "classic" and rng.random() < 0.5:
        img, corners_in = barrel(img, corners_in, float(rng.uniform(0.0, 0.05)))
    img = _expose(img, gain, glare, rng, severity)

    seen = tilt_degrees(corners_in) % 360.0  # clockwise angle of the garden's up, as seen
    k = upright_turns(corners_in)  # the reader's own rule for "upright as seen"
    truth_corners = np.array([corners_in[(i - k) % 4] for i in range(4)], np.float64)
    truth = {
        "garden": garden.rotated(k),
        "corners": truth_corners,
        "rotation": seen,
        "quarter_turns": k,
        "severity": severity,
    }
    return img, truth
