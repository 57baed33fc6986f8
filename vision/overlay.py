"""Drawing for the app: the detected grid over the photo, tile pictures rendered from labels, the
photo's crops beside them, review highlights, the tiles behind a score category, and what to lay out
for an enrolment photo.

Everything takes and returns ``(H, W, 3)`` uint8 BGR arrays (OpenCV order); convert with
:func:`to_rgb` for display. Nothing here reads or classifies anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Union

import cv2
import numpy as np

from scorer.tiles import Tile, cell_name
from scorer.vocab import ALL_CORNERS, ALL_DECORS, ALL_FLOORS, ALL_PATHS, Floor
from scorer.vocab import GRID_SIZE as GRID

CellTile = Union[Tile, str, None]

REVIEW_BGR = (40, 40, 230)  # red
HIGHLIGHT_BGR = (60, 200, 60)  # green
GRID_BGR = (40, 220, 255)  # yellow
CORNER_BGR = (255, 80, 200)  # magenta
PLACEHOLDER_BGR = (200, 200, 200)
BOARD_BGR = (90, 130, 170)  # a wooden board
SPACE_BGR = (130, 170, 205)


def _i(value: float) -> int:
    """Nearest integer pixel coordinate (numpy or Python number)."""
    return int(np.rint(float(value)))


def to_rgb(image: np.ndarray) -> np.ndarray:
    """BGR -> RGB (for ``st.image`` / PIL)."""
    return np.ascontiguousarray(image[:, :, ::-1])


def _cells(names: Iterable[str | tuple[int, int]]) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for item in names:
        if isinstance(item, tuple):
            out.add((int(item[0]), int(item[1])))
        else:
            text = str(item).strip().upper()
            if len(text) == 2 and text[0] in "ABCD" and text[1] in "1234":
                out.add((int(text[1]) - 1, "ABCD".index(text[0])))
    return out


def grid_points(corners: np.ndarray | Sequence[Sequence[float]]) -> np.ndarray:
    """The 5×5 grid line intersections ``(5, 5, 2)`` (x, y) for corners TL, TR, BR, BL."""
    src = np.array([[0, 0], [GRID, 0], [GRID, GRID], [0, GRID]], dtype=np.float32)
    dst = np.asarray(corners, dtype=np.float32).reshape(4, 2)
    h = cv2.getPerspectiveTransform(src, dst)
    ys, xs = np.mgrid[0 : GRID + 1, 0 : GRID + 1]
    pts = np.stack([xs, ys], axis=-1).reshape(-1, 1, 2).astype(np.float32)
    return cv2.perspectiveTransform(pts, h).reshape(GRID + 1, GRID + 1, 2)


def draw_grid(image: np.ndarray, corners: np.ndarray | Sequence[Sequence[float]] | None,
              review: Iterable[str] = (), highlight: Iterable[str] = (), clicks: Sequence[Sequence[float]] = ()
              ) -> np.ndarray:
    """A copy of the photo with the detected 4×4 grid, its corners (1–4 = TL, TR, BR, BL), cells to
    review outlined red, highlighted cells green, and any clicked points (for manual corners)."""
    out = image.copy()
    h, w = out.shape[:2]
    thick = max(2, _i(max(h, w) / 400))
    if corners is not None:
        pts = grid_points(corners)
        for i in range(GRID + 1):
            cv2.polylines(out, [np.round(pts[i, :, :]).astype(np.int32)], False, GRID_BGR, thick, cv2.LINE_AA)
            cv2.polylines(out, [np.round(pts[:, i, :]).astype(np.int32)], False, GRID_BGR, thick, cv2.LINE_AA)
        for cells, colour in ((_cells(highlight), HIGHLIGHT_BGR), (_cells(review), REVIEW_BGR)):
            for r, c in cells:
                quad = np.array([pts[r, c], pts[r, c + 1], pts[r + 1, c + 1], pts[r + 1, c]])
                cv2.polylines(out, [np.round(quad).astype(np.int32)], True, colour, thick * 2, cv2.LINE_AA)
        for r in range(GRID):
            for c in range(GRID):
                centre = pts[r : r + 2, c : c + 2].reshape(-1, 2).mean(axis=0)
                _label(out, cell_name((r, c)), centre, max(0.4, max(h, w) / 1600))
        corner_pts = np.asarray(corners, dtype=np.float64).reshape(4, 2)
        for i, (x, y) in enumerate(corner_pts):
            cv2.circle(out, (_i(x), _i(y)), thick * 4, CORNER_BGR, -1, cv2.LINE_AA)
            _label(out, str(i + 1), (x + thick * 6, y - thick * 6), max(0.5, max(h, w) / 1200))
    for i, (x, y) in enumerate(clicks):
        cv2.circle(out, (_i(x), _i(y)), thick * 5, CORNER_BGR, thick, cv2.LINE_AA)
        _label(out, str(i + 1), (x + thick * 6, y + thick * 6), max(0.5, max(h, w) / 1200))
    if len(clicks) >= 2:
        cv2.polylines(out, [np.round(np.asarray(clicks)).astype(np.int32)], len(clicks) == 4, CORNER_BGR, thick,
                      cv2.LINE_AA)
    return out


def _label(image: np.ndarray, text: str, at: Sequence[float], scale: float) -> None:
    x, y = _i(at[0]), _i(at[1])
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
    org = (x - tw // 2, y + th // 2)
    cv2.putText(image, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), max(2, int(scale * 4)), cv2.LINE_AA)
    cv2.putText(image, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, (255, 255, 255), max(1, int(scale * 2)),
                cv2.LINE_AA)


@lru_cache(maxsize=1024)
def _tile_picture(text: str, size: int) -> np.ndarray:
    from vision.synth import render_tile

    img = render_tile(Tile.parse(text), size=size, rng=np.random.default_rng(0))
    img.setflags(write=False)
    return img


def tile_picture(tile: CellTile, size: int = 96) -> np.ndarray:
    """A tile drawn from its label (``vision.synth.render_tile``); a grey "?" for an unknown cell."""
    if tile is None or (isinstance(tile, str) and not tile.strip()):
        img = np.full((size, size, 3), PLACEHOLDER_BGR, dtype=np.uint8)
        _label(img, "?", (size / 2, size / 2), size / 40)
        return img
    text = tile.format() if isinstance(tile, Tile) else Tile.parse(tile).format()
    return _tile_picture(text, int(size)).copy()


def _outline(img: np.ndarray, colour: tuple[int, int, int], width: int) -> None:
    cv2.rectangle(img, (0, 0), (img.shape[1] - 1, img.shape[0] - 1), colour, width)


def render_garden(cells: Sequence[Sequence[CellTile]], tile_size: int = 96, gap: int = 4,
                  highlight: Iterable[str] | None = None, review: Iterable[str] = (),
                  names: bool = True) -> np.ndarray:
    """The garden as a 4×4 sheet of tile pictures. With ``highlight`` (cell names) those cells are
    framed green and the others dimmed — "which tiles earned this category"."""
    hl = _cells(highlight) if highlight is not None else None
    rv = _cells(review)
    side = GRID * tile_size + (GRID + 1) * gap
    sheet = np.full((side, side, 3), 245, dtype=np.uint8)
    for r in range(GRID):
        for c in range(GRID):
            img = tile_picture(cells[r][c], tile_size)
            if hl is not None and (r, c) not in hl:
                img = (img.astype(np.float32) * 0.35 + 255 * 0.65).astype(np.uint8)
            if hl is not None and (r, c) in hl:
                _outline(img, HIGHLIGHT_BGR, max(3, tile_size // 16))
            if (r, c) in rv:
                _outline(img, REVIEW_BGR, max(3, tile_size // 14))
            if names:
                _label(img, cell_name((r, c)), (tile_size * 0.18, tile_size * 0.14), tile_size / 220)
            y = gap + r * (tile_size + gap)
            x = gap + c * (tile_size + gap)
            sheet[y : y + tile_size, x : x + tile_size] = img
    return sheet


def photo_crops(image: np.ndarray, corners: np.ndarray | Sequence[Sequence[float]], tile_size: int = 96
                ) -> list[np.ndarray]:
    """The 16 cells of the photo, straightened (row-major A1, B1, … D4), each ``tile_size`` square."""
    from vision.crop import warp_garden

    square = warp_garden(image, np.asarray(corners, dtype=np.float64), side=GRID * tile_size)
    return [np.ascontiguousarray(square[r * tile_size : (r + 1) * tile_size, c * tile_size : (c + 1) * tile_size])
            for r in range(GRID) for c in range(GRID)]


def comparison_sheet(cells: Sequence[Sequence[CellTile]], crops: Sequence[np.ndarray], tile_size: int = 80,
                     review: Iterable[str] = (), gap: int = 6) -> np.ndarray:
    """For every cell the photo crop (left) beside the picture rendered from the read label (right),
    laid out 4×4 like the garden; cells to review framed red."""
    rv = _cells(review)
    pair_w = 2 * tile_size + 2
    width = GRID * pair_w + (GRID + 1) * gap
    height = GRID * tile_size + (GRID + 1) * gap
    sheet = np.full((height, width, 3), 245, dtype=np.uint8)
    for r in range(GRID):
        for c in range(GRID):
            crop = crops[r * GRID + c]
            if crop.shape[:2] != (tile_size, tile_size):
                crop = cv2.resize(crop, (tile_size, tile_size), interpolation=cv2.INTER_AREA)
            pic = tile_picture(cells[r][c], tile_size)
            pair = np.full((tile_size, pair_w, 3), 255, dtype=np.uint8)
            pair[:, :tile_size] = crop
            pair[:, tile_size + 2 :] = pic
            if (r, c) in rv:
                _outline(pair, REVIEW_BGR, max(3, tile_size // 14))
            _label(pair, cell_name((r, c)), (tile_size * 0.2, tile_size * 0.15), tile_size / 200)
            y = gap + r * (tile_size + gap)
            x = gap + c * (pair_w + gap)
            sheet[y : y + tile_size, x : x + pair_w] = pair
    return sheet


SELECTED_BGR = (230, 120, 30)  # blue: the cell open for fixing


def _cell_tile(tile: CellTile) -> CellTile:
    """A cell's tile for drawing: a partly entered or unreadable text draws as unknown."""
    if isinstance(tile, str):
        try:
            return Tile.parse(tile) if tile.strip() else None
        except ValueError:
            return None
    return tile


def tap_sheet(cells: Sequence[Sequence[CellTile]], crops: Sequence[np.ndarray] | None = None, tile_size: int = 96,
              gap: int = 4, review: Iterable[str] = (), corrected: Iterable[str] = (),
              selected: str | None = None) -> np.ndarray:
    """The garden to tap on: 4×4 cells laid out like :func:`render_garden` (same ``gap``, so
    :func:`sheet_cell` finds the cell under a tap). With ``crops`` (row-major, from
    :func:`photo_crops`) each cell is the photo's own crop with the tile as entered inset at its lower
    right; without, the tile as entered. Cells to review framed red, cells the player changed green,
    the ``selected`` cell blue; cell names at the top left."""
    rv, fixed, sel = _cells(review), _cells(corrected), _cells([selected] if selected else [])
    side = GRID * tile_size + (GRID + 1) * gap
    sheet = np.full((side, side, 3), 245, dtype=np.uint8)
    inset = max(16, int(tile_size * 0.42))
    frame = max(3, tile_size // 16)
    for r in range(GRID):
        for c in range(GRID):
            tile = _cell_tile(cells[r][c])
            if crops is None:
                img = tile_picture(tile, tile_size)
            else:
                crop = crops[r * GRID + c]
                img = crop.copy() if crop.shape[:2] == (tile_size, tile_size) else cv2.resize(
                    crop, (tile_size, tile_size), interpolation=cv2.INTER_AREA)
                pic = tile_picture(tile, inset)
                _outline(pic, (255, 255, 255), max(1, inset // 24))
                img[tile_size - inset :, tile_size - inset :] = pic
            for cells_in, colour in ((fixed, HIGHLIGHT_BGR), (rv, REVIEW_BGR), (sel, SELECTED_BGR)):
                if (r, c) in cells_in:
                    _outline(img, colour, frame if colour != SELECTED_BGR else frame * 2)
            _label(img, cell_name((r, c)), (tile_size * 0.17, tile_size * 0.14), max(0.35, tile_size / 220))
            y = gap + r * (tile_size + gap)
            x = gap + c * (tile_size + gap)
            sheet[y : y + tile_size, x : x + tile_size] = img
    return sheet


def sheet_cell(x: float, y: float, shown_width: float, tile_size: int = 96, gap: int = 4) -> str | None:
    """The cell (``"B3"``) under a tap at (x, y) on a :func:`tap_sheet` / :func:`render_garden`
    sheet shown ``shown_width`` pixels wide; a tap between two cells counts for the nearer one;
    None outside the cells or for a sheet of no width."""
    if not shown_width or shown_width <= 0:
        return None
    side = GRID * tile_size + (GRID + 1) * gap
    px, py = float(x) * side / float(shown_width), float(y) * side / float(shown_width)
    pitch = tile_size + gap
    if not (gap / 2 <= px < side - gap / 2 and gap / 2 <= py < side - gap / 2):
        return None
    col, row = int((px - gap / 2) // pitch), int((py - gap / 2) // pitch)
    if not (0 <= col < GRID and 0 <= row < GRID):
        return None
    return cell_name((row, col))


def layout_picture(floor: Floor | None, size: int = 240) -> np.ndarray:
    """What to lay out for one enrolment photo, ``(size, size, 3)`` uint8 BGR: the board's 4×4 spaces,
    empty for ``floor`` None (the empty board); else the 15 tiles of ``floor`` (each path × decor pair
    once, in a mixed order and turns) and in one space a grey "?": one tile of any other floor."""
    gap = max(2, size // 60)
    tile = (size - (GRID + 1) * gap) // GRID
    if tile < 16:
        raise ValueError(f"size must be at least {4 * 16 + 5 * gap}, got {size}")
    pic = np.full((size, size, 3), BOARD_BGR, np.uint8)
    pictures: list[np.ndarray] = []
    if floor is not None:
        rng = np.random.default_rng(ALL_FLOORS.index(floor))  # the same picture on every run
        tiles = [Tile(floor, p, d, ALL_CORNERS[int(rng.integers(len(ALL_CORNERS)))])
                 for p in ALL_PATHS for d in ALL_DECORS]
        pictures = [tile_picture(tiles[i], tile) if i < len(tiles) else tile_picture(None, tile)
                    for i in rng.permutation(GRID * GRID)]
    off = (size - GRID * tile - (GRID + 1) * gap) // 2 + gap
    for cell in range(GRID * GRID):
        r, c = divmod(cell, GRID)
        y, x = off + r * (tile + gap), off + c * (tile + gap)
        if pictures:
            pic[y:y + tile, x:x + tile] = pictures[cell]
        else:
            pic[y:y + tile, x:x + tile] = SPACE_BGR
            cv2.rectangle(pic, (x, y), (x + tile - 1, y + tile - 1), (60, 90, 120), 1)
    return pic
