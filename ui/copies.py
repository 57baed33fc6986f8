"""'Teach it my copy' without Streamlit: taps on a floor photo's path × decor sheet, and the copies kept.

The sheet (:func:`ui.enrol_page.pair_sheet`) shows a floor photo's 15 tiles in the 3 × 5 table of
path (rows) × decor (columns) they were labelled with. Taps fix a misplaced tile: the first tap
picks a tile, a tap on another tile swaps the two tiles' labels, a tap on the picked tile turns its
label a quarter (the corner its path wraps). Each cell keeps its floor; a swap keeps each cell's
own corner (the corner reading does not depend on which path or decor a tile is).

Copies: each copy model built is kept in ``<data dir>/copies/<slug>.skops`` with ``<slug>.json``
holding its name ("Our copy"); the settings' ``model_path`` says which model reads photos.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorer.tiles import Garden, Tile
from scorer.vocab import ALL_DECORS, ALL_PATHS, GRID_SIZE, Floor

#: Pixels of one slot of the path × decor sheet (the sheet is 3 slots high, 5 wide).
SLOT = 72
COPIES = "copies"
DEFAULT_COPY_NAME = "Our copy"
MAX_NAME = 40

Slot = tuple[int, int]  # (path index, decor index)


# --------------------------------------------------------------------------------------------
# the sheet's taps


def slot_at(x: float, y: float, width: float, side: int = SLOT) -> Slot | None:
    """A tap at displayed pixel ``(x, y)`` of the sheet shown ``width`` pixels wide -> the slot
    ``(path index, decor index)`` under it, or None outside the sheet."""
    if width <= 0:
        return None
    scale = len(ALL_DECORS) * side / width
    col, row = int(x * scale // side), int(y * scale // side)
    if not (0 <= row < len(ALL_PATHS) and 0 <= col < len(ALL_DECORS)) or x < 0 or y < 0:
        return None
    return row, col


def cell_of_slot(garden: Garden, floor: Floor, slot: Slot) -> int | None:
    """The cell (row-major index) whose tile of ``floor`` carries the slot's path × decor label."""
    path, decor = ALL_PATHS[slot[0]], ALL_DECORS[slot[1]]
    for index, (_, tile) in enumerate(garden.cells()):
        if tile.floor is floor and tile.path is path and tile.decor is decor:
            return index
    return None


def _cell(index: int) -> tuple[int, int]:
    return divmod(index, GRID_SIZE)


def swap_slots(garden: Garden, floor: Floor, a: Slot, b: Slot) -> Garden:
    """The garden with the tiles in slots ``a`` and ``b`` trading their path × decor labels (each
    cell keeps its floor and corner). Unchanged when either slot is empty or they are the same."""
    ca, cb = cell_of_slot(garden, floor, a), cell_of_slot(garden, floor, b)
    if ca is None or cb is None or ca == cb:
        return garden
    ta, tb = garden[_cell(ca)], garden[_cell(cb)]
    out = garden.replace(_cell(ca), Tile(ta.floor, tb.path, tb.decor, ta.corner))
    return out.replace(_cell(cb), Tile(tb.floor, ta.path, ta.decor, tb.corner))


def turn_slot(garden: Garden, floor: Floor, slot: Slot) -> Garden:
    """The garden with the tile in ``slot`` labelled a quarter turn clockwise (only its corner)."""
    cell = cell_of_slot(garden, floor, slot)
    if cell is None:
        return garden
    return garden.replace(_cell(cell), garden[_cell(cell)].rotated_cw())


@dataclass(frozen=True)
class TapResult:
    """What one tap did: the garden after it, the slot now picked (None: none), and ``"pick"``,
    ``"swap"``, ``"turn"`` or ``""`` (an empty slot: nothing)."""

    garden: Garden
    picked: Slot | None
    action: str


def sheet_tap(garden: Garden, floor: Floor, picked: Slot | None, slot: Slot) -> TapResult:
    """One tap on ``slot`` with ``picked`` the slot picked before: pick, swap with it, or turn it.
    The picked tile stays picked after a turn (tap again to turn it further); a swap ends the pick.
    A tap on an empty slot does nothing."""
    if cell_of_slot(garden, floor, slot) is None:
        return TapResult(garden, picked, "")
    if picked is None:
        return TapResult(garden, slot, "pick")
    if picked == slot:
        return TapResult(turn_slot(garden, floor, slot), slot, "turn")
    return TapResult(swap_slots(garden, floor, picked, slot), None, "swap")


# --------------------------------------------------------------------------------------------
# kept copies


def copies_dir(directory: Path | None = None) -> Path:
    """``<data dir>/copies`` (or ``directory``)."""
    if directory is not None:
        return directory
    from zengarden.history import data_dir

    return data_dir() / COPIES


def clean_name(name: str) -> str:
    """A copy's name as given, trimmed; raises ValueError when empty or longer than :data:`MAX_NAME`."""
    text = " ".join(str(name).split())
    if not text:
        raise ValueError("give the copy a name")
    if len(text) > MAX_NAME:
        raise ValueError(f"a copy's name has at most {MAX_NAME} characters")
    return text


def slug(name: str) -> str:
    """The file name stem of a copy: ``"Our copy"`` -> ``"our-copy"`` (letters of any script kept)."""
    stem = re.sub(r"[^\w]+", "-", clean_name(name).lower(), flags=re.UNICODE).strip("-_")
    return stem or "copy"


def model_file(name: str, directory: Path | None = None) -> Path:
    """Where the copy called ``name`` keeps its model (building it again replaces it)."""
    return copies_dir(directory) / f"{slug(name)}.skops"


def remember(name: str, model: Path) -> None:
    """Record ``name`` for the copy model saved at ``model`` (its ``.json`` beside it)."""
    model.with_suffix(".json").write_text(json.dumps({"name": clean_name(name)}, ensure_ascii=False),
                                          encoding="utf-8")


def list_copies(directory: Path | None = None) -> dict[str, str]:
    """The kept copies: model path -> name, sorted by name. A model without a readable name file is
    listed under its file name; a name file without its model is left out."""
    d = copies_dir(directory)
    found: dict[str, str] = {}
    for model in sorted(d.glob("*.skops")) if d.is_dir() else []:
        name = model.stem
        try:
            data: Any = json.loads(model.with_suffix(".json").read_text(encoding="utf-8"))
            if isinstance(data, dict) and isinstance(data.get("name"), str) and data["name"].strip():
                name = data["name"]
        except (OSError, ValueError):
            pass
        found[str(model)] = name
    return dict(sorted(found.items(), key=lambda kv: kv[1].lower()))


def model_name(model_path: str | None, copies: dict[str, str], bundled: str) -> str:
    """The name of the model in use: ``bundled`` for None, a copy's name, else the file's name
    (a model retrained from kept photos before copies existed)."""
    if not model_path:
        return bundled
    if model_path in copies:
        return copies[model_path]
    resolved = {str(Path(p).resolve()): n for p, n in copies.items()}
    return resolved.get(str(Path(model_path).resolve()), Path(model_path).name)
