"""The pure logic behind fixing and entering a garden by tapping (ui.viewmodel): alternatives for a
cell, swap, turn, which tiles are still free, where hand entry goes next, which cells to mark, and
where a tap on the garden sheet lands (vision.overlay)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from scorer.tiles import ALL_TILE_KINDS
from ui import viewmodel as vm
from vision import overlay

ROOT = Path(__file__).resolve().parents[2]
LEVEL5 = json.loads((ROOT / "samples" / "game-level5.json").read_text())


def _draft() -> dict:
    return vm.draft_from_game(LEVEL5)


def test_set_swap_and_turn_copy_the_grid() -> None:
    grid = _draft()["players"][0]["garden"]
    a1, d4 = grid[0][0], grid[3][3]
    swapped = vm.swap_cells(grid, "A1", "D4")
    assert (swapped[0][0], swapped[3][3]) == (d4, a1)
    assert grid[0][0] == a1  # the input is not changed
    assert vm.swap_cells(swapped, "D4", "A1") == grid
    assert vm.set_cell(grid, "B3", "water/stone/gate/se")[2][1] == "water/stone/gate/se"
    with pytest.raises(ValueError):
        vm.set_cell(grid, "E9", "water/stone/gate/se")


def test_turn_goes_clockwise_round_the_four_corners() -> None:
    seen = ["sand/wood/crane/nw"]
    for _ in range(4):
        seen.append(vm.turn_tile(seen[-1]))
    assert [t.rsplit("/", 1)[1] for t in seen] == ["nw", "ne", "se", "sw", "nw"]
    assert vm.turn_tile("sand/wood//") == "sand/wood//"  # no corner yet: nothing to turn
    assert vm.turn_tile("") == ""


def test_used_tiles_leaves_out_the_cell_being_changed() -> None:
    draft = _draft()
    used = vm.used_tiles(draft, 0, "A1")
    a1 = draft["players"][0]["garden"][0][0]
    kind = a1.rsplit("/", 1)[0]
    assert kind not in used
    assert len(used) == 16 * len(draft["players"]) - 1
    assert used[draft["players"][1]["garden"][0][0].rsplit("/", 1)[0]] == (draft["players"][1]["name"], "A1")
    assert kind in vm.used_tiles(draft, 1, "A1")


def test_alternatives_are_the_readers_best_first_without_the_current_tile() -> None:
    grid = vm.empty_grid()
    grid[0][0] = "water/stone/gate/se"
    reading = {"alternatives": {"A1": [["water/stone/gate/se", 0.5], ["water/stone/pagoda/se", 0.3],
                                       ["clay/stone/gate/se", 0.15], ["water/stone/gate/sw", 0.05]]}}
    alts = vm.cell_alternatives(reading, grid, "A1", used={"clay/stone/gate": ("Bob", "C2")})
    assert [a.tile for a in alts] == ["water/stone/pagoda/se", "clay/stone/gate/se", "water/stone/gate/sw"]
    assert [a.percent for a in alts] == [30, 15, 5]
    assert alts[1].used_by == ("Bob", "C2") and alts[0].used_by is None
    # once the player has changed the cell, the tile as read is offered back
    changed = vm.set_cell(grid, "A1", "water/stone/pagoda/se")
    assert vm.cell_alternatives(reading, changed, "A1")[0].tile == "water/stone/gate/se"
    assert vm.cell_alternatives(None, grid, "A1") == []
    assert vm.cell_alternatives(reading, grid, "B1") == []


def test_pick_choices_filter_the_90_tiles_as_you_go() -> None:
    # every water tile with a stone path is used except water/stone/crane
    used = {f"water/stone/{d}": ("Ann", "A1") for d in vm.ATTR_VALUES["decor"] if d != "crane"}
    assert vm.pick_stage({}) == "floor"
    assert dict(vm.pick_choices({}, used))["water"] is True  # water still has 11 free tiles
    parts = {"floor": "water"}
    assert vm.pick_stage(parts) == "path"
    assert dict(vm.pick_choices(parts, used)) == {"sand": True, "wood": True, "stone": True}
    parts["path"] = "stone"
    assert vm.pick_choices(parts, used) == [("pagoda", False), ("bench", False), ("buddha", False),
                                            ("gate", False), ("crane", True)]
    parts["decor"] = "crane"
    assert vm.pick_stage(parts) == "corner" and all(free for _, free in vm.pick_choices(parts, used))
    parts["corner"] = "nw"
    assert vm.pick_stage(parts) is None and vm.pick_choices(parts, used) == []
    # a path is greyed once its 5 tiles on that floor are all used, a floor once its 15 are
    full_water = {k.format(): ("Ann", "A1") for k in ALL_TILE_KINDS if k.floor.value == "water"}
    assert dict(vm.pick_choices({}, full_water))["water"] is False
    assert dict(vm.pick_choices({"floor": "water"}, used | {"water/stone/crane": ("Bob", "B2")}))["stone"] is False


def test_tile_parts_round_trip_and_partial_tiles() -> None:
    assert vm.tile_parts("water/stone//") == {"floor": "water", "path": "stone", "decor": None, "corner": None}
    assert vm.tile_text(vm.tile_parts("water/stone/gate/se")) == "water/stone/gate/se"
    assert vm.tile_text({}) == "" and vm.tile_parts("nonsense")["floor"] is None


def test_next_open_cell_in_reading_order_wrapping_round() -> None:
    grid = vm.empty_grid()
    assert vm.next_open_cell(grid) == "A1"
    grid = vm.set_cell(grid, "A1", "water/stone/gate/se")
    assert vm.next_open_cell(grid) == "B1"
    assert vm.next_open_cell(grid, after="D4") == "B1"
    assert vm.next_open_cell(grid, after="C1") == "D1"
    full = _draft()["players"][0]["garden"]
    assert vm.next_open_cell(full, after="B2") is None


def test_cells_to_mark_clear_once_changed_or_confirmed() -> None:
    grid = vm.empty_grid()
    grid[0][0], grid[0][1] = "water/stone/gate/se", "clay/wood/bench/nw"
    reading = {"garden": [list(r) for r in grid], "review": ["A1", "B1"]}
    assert vm.cells_to_mark(reading, grid) == ["A1", "B1"]
    changed = vm.set_cell(grid, "A1", "water/stone/pagoda/se")
    assert vm.cells_to_mark(reading, changed) == ["B1"]
    assert vm.cells_to_mark(dict(reading, checked=["B1"]), changed, conflicts=["C3"]) == ["C3"]
    assert vm.cells_to_mark(None, grid, conflicts=["D4", "A1"]) == ["A1", "D4"]


def test_a_tap_on_the_sheet_lands_on_the_cell_drawn_there() -> None:
    cells = [[None] * 4 for _ in range(4)]
    sheet = overlay.tap_sheet(cells, tile_size=50, gap=4)
    side = sheet.shape[1]
    assert sheet.shape == (side, side, 3) and side == 4 * 50 + 5 * 4
    # the sheet shown at 300 px wide: the centre of B3 (column 1, row 2)
    scale = 300 / side
    x, y = (4 + 1 * 54 + 25) * scale, (4 + 2 * 54 + 25) * scale
    assert overlay.sheet_cell(x, y, 300, tile_size=50, gap=4) == "B3"
    assert overlay.sheet_cell(1, 1, 300, tile_size=50, gap=4) is None  # the outer gap
    assert overlay.sheet_cell(299, 299, 300, tile_size=50, gap=4) is None
    assert overlay.sheet_cell(150, 150, 0, tile_size=50, gap=4) is None


def test_tap_sheet_draws_crops_with_the_entered_tile_and_marks() -> None:
    crops = [np.full((40, 40, 3), 30 * (i % 8), np.uint8) for i in range(16)]
    cells = [[None] * 4 for _ in range(4)]
    cells[0][0] = "water/stone/gate/se"
    plain = overlay.tap_sheet(cells, crops=crops, tile_size=60, gap=4)
    marked = overlay.tap_sheet(cells, crops=crops, tile_size=60, gap=4, review=["A1"], selected="D4")
    assert plain.shape == marked.shape
    a1 = (slice(4, 64), slice(4, 64))
    assert not np.array_equal(plain[a1], marked[a1])  # A1 framed red
    d4 = (slice(4 + 3 * 64, 4 + 3 * 64 + 60),) * 2
    assert not np.array_equal(plain[d4], marked[d4])  # D4 framed as the open cell
    # the photo crop fills the cell; the entered tile is the inset at its lower right
    assert plain[4 + 40, 4 + 10].tolist() == crops[0][0, 0].tolist()
    assert plain[4 + 55, 4 + 55].tolist() != crops[0][0, 0].tolist()


def test_changed_parts_name_what_a_guess_would_change() -> None:
    assert vm.changed_parts("clay/stone/pagoda/nw", "clay/stone/buddha/nw") == [("decor", "buddha")]
    assert vm.changed_parts("clay/stone/pagoda/nw", "water/stone/pagoda/se") == [("floor", "water"),
                                                                                 ("corner", "se")]
    assert vm.changed_parts("", "clay/stone/pagoda/nw") == [("floor", "clay"), ("path", "stone"),
                                                            ("decor", "pagoda"), ("corner", "nw")]


def test_camera_only_where_the_browser_allows_it() -> None:
    from ui.photos import camera_possible

    assert camera_possible("https://192.168.1.20:8501/?game=abc")
    assert camera_possible("http://localhost:8501/") and camera_possible("http://127.0.0.1:8501")
    assert not camera_possible("http://192.168.1.20:8501/?game=abc")
    assert camera_possible(None)  # unknown: offer it, the browser says if it cannot


def test_the_gardens_tab_uses_only_known_words_in_both_languages() -> None:
    import re

    from ui import i18n

    used: set[str] = set()
    for module in ("ui/garden_grid.py", "ui/tab_gardens.py", "ui/layout.py"):
        used |= set(re.findall(r'T\("([a-z_.0-9]+)"', (ROOT / module).read_text()))
    used |= {f"pick.{stage}" for stage in vm.PICK_ORDER}  # T(f"pick.{stage}")
    assert used <= set(i18n.EN), used - set(i18n.EN)
    assert used <= set(i18n.DE), used - set(i18n.DE)
