"""The garden to tap (Gardens tab): a 4×4 sheet of the photo's own crops (or of the tiles as entered,
without a photo), cells to check framed red. Tapping a cell opens it large with the reader's next
guesses as big buttons (picture + name, best first), "turn" for the path corner, "swap with…"
another cell, and a tap-pick of any other tile (floor → path → decor → corner; values whose tiles
are all used elsewhere in the game greyed). The same tap-pick enters a garden by hand, moving on to
the next empty cell after each tile.

The common fix is two taps: the cell, then the right guess. Logic lives in :mod:`ui.viewmodel`
(tested without Streamlit), drawing in :mod:`vision.overlay`; here only the widgets.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import streamlit as st

from ui import i18n
from ui import viewmodel as vm
from ui.session import k, ss
from vision import overlay

#: Pixels per cell on the tap sheet (4 cells + gaps = 500 px: full width on a phone, not huge on a desktop).
SHEET_TILE = 120
SHEET_GAP = 4
#: Pixels of the open cell's pictures.
BIG_TILE = 240
#: Pixels of an alternative's picture beside its button.
ALT_TILE = 64

Grid = list[list[str]]


@st.cache_data(max_entries=32, show_spinner=False)
def cell_crops(digest: str, corners_json: str, size: int, _image: np.ndarray) -> list[np.ndarray]:
    """The photo's 16 cells straightened (row-major), cached per photo, outline and size."""
    return overlay.photo_crops(_image, json.loads(corners_json), tile_size=size)


def _state(i: int) -> dict[str, Any]:
    """Per player, for this draft generation: the open cell, the cell waiting for a swap partner,
    the tile being tap-picked, the last tap handled and what the last action did."""
    s = ss()
    key = k(f"tap{i}")
    if key not in s:
        s[key] = {"open": None, "swap": None, "pick": None, "last": None, "did": ""}
    return s[key]


def garden_grid(T: i18n.Translator, i: int, draft: dict[str, Any], image: np.ndarray | None,
                marks: Sequence[str], apply: Callable[[Grid], None]) -> None:
    """The tap sheet and, under it, the open cell. ``marks``: cells framed red; ``apply(grid)``
    stores a changed garden (the tab's one way to set a garden)."""
    from streamlit_image_coordinates import streamlit_image_coordinates

    player = draft["players"][i]
    reading = player.get("reading")
    state = _state(i)
    crops = None
    if image is not None and reading and reading.get("corners"):
        crops = cell_crops(player.get("photo") or "", json.dumps(reading["corners"]), SHEET_TILE, image)
    grid = player["garden"]
    changed = [f["cell"] for f in vm.corrections(reading, grid)]
    if state["swap"]:
        st.info(T("swap_hint", cell=state["swap"]))
        if st.button(T("cancel"), key=k(f"swap_cancel{i}")):
            state["swap"] = None
            st.rerun()
    else:
        st.caption(T("tap_hint" if not vm.missing_cells(grid) else "tap_hint_empty"))
    sheet = overlay.tap_sheet(grid, crops=crops, tile_size=SHEET_TILE, gap=SHEET_GAP, review=marks,
                              corrected=changed, selected=state["swap"] or state["open"])
    with st.container(width=sheet.shape[1]):  # the column's width on a phone, the sheet's own on a desktop
        value = streamlit_image_coordinates(overlay.to_rgb(sheet), key=k(f"sheet{i}"), use_column_width="always",
                                            image_format="JPEG", jpeg_quality=88, cursor="pointer")
    if isinstance(value, dict) and value != state["last"]:
        state["last"] = value
        try:
            cell = overlay.sheet_cell(float(value["x"]), float(value["y"]),
                                      float(value.get("width") or sheet.shape[1]), SHEET_TILE, SHEET_GAP)
        except (KeyError, TypeError, ValueError):  # not a tap the component would send: ignored
            cell = None
        if cell:
            tapped(T, i, state, grid, cell, apply)
            st.rerun()
    if state["did"]:
        st.caption(state["did"])
    if state["open"]:
        cell_panel(T, i, draft, state, state["open"], image, apply)


def tapped(T: i18n.Translator, i: int, state: dict[str, Any], grid: Grid, cell: str,
           apply: Callable[[Grid], None]) -> None:
    """A tap on ``cell``: finish a swap, close the open cell, or open this one (an empty cell opens
    straight on the tap-pick)."""
    if state["swap"]:
        if state["swap"] != cell:
            apply(vm.swap_cells(grid, state["swap"], cell))
            state["did"] = T("cells_swapped", a=state["swap"], b=cell)
        state["swap"] = None
        state["open"] = None
        return
    if state["open"] == cell:
        state["open"], state["pick"] = None, None
        return
    state["open"] = cell
    r, c = vm.CELL_NAMES.index(cell) // vm.GRID, vm.CELL_NAMES.index(cell) % vm.GRID
    state["pick"] = {"cell": cell} if vm.tile_or_none(grid[r][c]) is None else None


def cell_panel(T: i18n.Translator, i: int, draft: dict[str, Any], state: dict[str, Any], cell: str,
               image: np.ndarray | None, apply: Callable[[Grid], None]) -> None:
    """The open cell: large, the reader's guesses as big buttons, turn, swap with…, another tile."""
    player = draft["players"][i]
    reading = player.get("reading")
    grid = player["garden"]
    r, c = vm.CELL_NAMES.index(cell) // vm.GRID, vm.CELL_NAMES.index(cell) % vm.GRID
    current = grid[r][c]
    tile = vm.tile_or_none(current)
    with st.container(border=True, key=k(f"cellpanel{i}")):
        head, close = st.columns([3, 1], vertical_alignment="center", wrap=False)
        head.markdown(f"**{cell}** — {T.kind(current) if tile else T('not_entered')}")
        if close.button("✕", key=k(f"close{i}"), help=T("close"), width="stretch"):
            state["open"], state["pick"] = None, None
            st.rerun()
        pictures = []
        if image is not None and reading and reading.get("corners"):
            big = cell_crops(player.get("photo") or "", json.dumps(reading["corners"]), BIG_TILE, image)
            pictures.append((big[r * vm.GRID + c], T("cell_photo")))
        if tile is not None or pictures:  # an empty cell entered by hand needs no "?" picture
            pictures.append((overlay.tile_picture(tile, BIG_TILE), T("cell_entered")))
        with st.container(horizontal=True, gap="small"):
            for pic, caption in pictures:
                st.image(overlay.to_rgb(pic), caption=caption, width=150)
        if state["pick"] and state["pick"].get("cell") == cell:
            tap_pick(T, i, draft, state, cell, apply)
            return
        used = vm.used_tiles(draft, i, cell)
        alts = vm.cell_alternatives(reading, grid, cell, used)
        if alts:
            st.caption(T("could_be"))
        for n, alt in enumerate(alts):
            pic_col, btn_col = st.columns([1, 4], vertical_alignment="center", wrap=False)
            pic_col.image(overlay.to_rgb(overlay.tile_picture(alt.tile, ALT_TILE)), width=ALT_TILE)
            # what the guess changes (the picture shows the whole tile), then the reader's percent
            percent = f"{alt.percent} %" if alt.percent else "< 1 %"
            why = T(f"colour_like_{alt.colour_of}") if alt.colour_of else percent
            label = " · ".join([*(T.value(a, v) for a, v in vm.changed_parts(current, alt.tile)), why])
            if alt.used_by:
                label += " · " + T("also_at", where=" ".join(alt.used_by))
            if btn_col.button(label, key=k(f"alt{i}_{n}"), type="primary" if n == 0 else "secondary",
                              width="stretch"):
                apply(vm.set_cell(grid, cell, alt.tile))
                state["did"] = T("cell_set", cell=cell, tile=T.kind(alt.tile))
                state["open"] = None
                st.rerun()
        with st.container(horizontal=True, gap="small"):  # wraps onto a second row on a phone
            if tile is not None and st.button("↻ " + T("turn"), key=k(f"turn{i}")):
                apply(vm.set_cell(grid, cell, vm.turn_tile(current)))
                state["did"] = T("cell_set", cell=cell, tile=T.kind(vm.turn_tile(current)))
                st.rerun()  # stays open: turn again until the path lies right
            if st.button("⇄ " + T("swap_with"), key=k(f"swap{i}")):
                state["swap"], state["open"] = cell, None
                st.rerun()
            if st.button(T("other_tile"), key=k(f"other{i}")):
                state["pick"] = {"cell": cell}
                st.rerun()
            if reading and cell in reading.get("review", []) and current == (reading.get("garden") or grid)[r][c] \
                    and cell not in (reading.get("checked") or []) \
                    and st.button("✓ " + T("right_as_read"), key=k(f"keep{i}")):
                reading["checked"] = [*(reading.get("checked") or []), cell]
                state["did"] = T("cell_checked", cell=cell)
                state["open"] = None
                st.rerun()


def tap_pick(T: i18n.Translator, i: int, draft: dict[str, Any], state: dict[str, Any], cell: str,
             apply: Callable[[Grid], None]) -> None:
    """Pick a tile one part per tap: floor, path, decor, corner. Values none of whose tiles are
    free any more are greyed; a finished tile goes into the cell and, while cells are empty, the
    next empty cell opens."""
    pick = state["pick"]
    parts = {a: pick.get(a) for a in vm.ATTRS}
    stage = vm.pick_stage(parts)
    if stage is None:  # pragma: no cover - a complete pick is stored at once
        return
    chosen = " / ".join(T.value(a, parts[a]) for a in vm.ATTRS if parts[a])
    st.markdown(T(f"pick.{stage}") + (f" — {chosen}" if chosen else ""))
    used = vm.used_tiles(draft, i, cell)
    choices = vm.pick_choices(parts, used)
    with st.container(horizontal=True, gap="small"):  # as many per row as fit, then the next row
        for value, free in choices:
            if st.button(T.value(stage, value), key=k(f"pick{i}_{stage}_{value}"), disabled=not free,
                         help=None if free else T("all_used")):
                pick[stage] = value
                parts[stage] = value
                if vm.pick_stage(parts) is None:
                    finish_pick(T, i, draft, state, cell, vm.tile_text(parts), apply)
                st.rerun()
    back, cancel = st.columns(2, wrap=False)
    if chosen and back.button("← " + T("back"), key=k(f"pick_back{i}"), width="stretch"):
        last = [a for a in vm.ATTRS if parts[a]][-1]
        pick.pop(last, None)
        st.rerun()
    if cancel.button(T("cancel"), key=k(f"pick_cancel{i}"), width="stretch"):
        state["pick"], state["open"] = None, None
        st.rerun()


def finish_pick(T: i18n.Translator, i: int, draft: dict[str, Any], state: dict[str, Any], cell: str, tile: str,
                apply: Callable[[Grid], None]) -> None:
    grid = vm.set_cell(draft["players"][i]["garden"], cell, tile)
    apply(grid)
    state["did"] = T("cell_set", cell=cell, tile=T.kind(tile))
    nxt = vm.next_open_cell(grid, after=cell)
    state["open"] = nxt
    state["pick"] = {"cell": nxt} if nxt else None
