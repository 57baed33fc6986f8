"""ui/copies.py: the path × decor sheet's taps (pick, swap, turn) and the kept copy models."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from scorer.vocab import ALL_DECORS, ALL_PATHS, Floor
from ui.copies import (
    SLOT,
    cell_of_slot,
    clean_name,
    list_copies,
    model_file,
    model_name,
    remember,
    sheet_tap,
    slot_at,
    slug,
    swap_slots,
    turn_slot,
)
from vision.synth.enrolment import enrolment_garden

FLOOR = Floor.CLAY


def _garden():  # type: ignore[no-untyped-def]
    return enrolment_garden(FLOOR, np.random.default_rng(4))


def test_slot_at_maps_a_tap_on_the_shown_sheet_to_path_and_decor() -> None:
    width = 5 * SLOT
    assert slot_at(SLOT / 2, SLOT / 2, width) == (0, 0)
    assert slot_at(4.5 * SLOT, 2.5 * SLOT, width) == (2, 4)
    assert slot_at(1.5 * SLOT / 2, 1.5 * SLOT / 2, width / 2) == (1, 1)  # shown at half size
    assert slot_at(SLOT, 3.2 * SLOT, width) is None and slot_at(-1, 0, width) is None
    assert slot_at(5, 5, 0) is None


def test_every_slot_holds_one_tile_of_the_floor() -> None:
    garden = _garden()
    cells = {cell_of_slot(garden, FLOOR, (p, d)) for p in range(len(ALL_PATHS)) for d in range(len(ALL_DECORS))}
    assert None not in cells and len(cells) == 15


def test_swap_trades_path_and_decor_and_keeps_each_cells_floor_and_corner() -> None:
    garden = _garden()
    a, b = (0, 1), (2, 3)
    ca, cb = cell_of_slot(garden, FLOOR, a), cell_of_slot(garden, FLOOR, b)
    out = swap_slots(garden, FLOOR, a, b)
    assert cell_of_slot(out, FLOOR, a) == cb and cell_of_slot(out, FLOOR, b) == ca
    before, after = list(garden), list(out)
    for index in range(16):
        assert after[index].floor is before[index].floor and after[index].corner is before[index].corner
        if index not in (ca, cb):
            assert after[index] == before[index]
    assert swap_slots(out, FLOOR, a, b) == garden  # swapping back undoes it
    assert swap_slots(garden, FLOOR, a, a) == garden


def test_turn_changes_only_that_tiles_corner_a_quarter_clockwise() -> None:
    garden = _garden()
    cell = cell_of_slot(garden, FLOOR, (1, 2))
    out = turn_slot(garden, FLOOR, (1, 2))
    assert list(out)[cell] == list(garden)[cell].rotated_cw()
    assert sum(x != y for x, y in zip(out, garden)) == 1
    four = garden
    for _ in range(4):
        four = turn_slot(four, FLOOR, (1, 2))
    assert four == garden


def test_sheet_tap_picks_then_swaps_or_turns() -> None:
    garden = _garden()
    first = sheet_tap(garden, FLOOR, None, (0, 0))
    assert (first.action, first.picked, first.garden) == ("pick", (0, 0), garden)
    turned = sheet_tap(garden, FLOOR, (0, 0), (0, 0))
    assert turned.action == "turn" and turned.picked == (0, 0) and turned.garden == turn_slot(garden, FLOOR, (0, 0))
    swapped = sheet_tap(garden, FLOOR, (0, 0), (1, 4))
    assert swapped.action == "swap" and swapped.picked is None
    assert swapped.garden == swap_slots(garden, FLOOR, (0, 0), (1, 4))


def test_names_and_files_of_copies(tmp_path: Path) -> None:
    assert clean_name("  Our   copy ") == "Our copy"
    assert slug("Our copy") == "our-copy" and slug("Großes Spiel!") == "großes-spiel"
    with pytest.raises(ValueError, match="name"):
        clean_name("   ")
    with pytest.raises(ValueError, match="at most"):
        clean_name("x" * 41)
    ours = model_file("Our copy", tmp_path)
    assert ours == tmp_path / "our-copy.skops"
    ours.write_bytes(b"model")
    remember("Our copy", ours)
    club = model_file("Club set", tmp_path)
    club.write_bytes(b"model")
    remember("Club set", club)
    (tmp_path / "lost.json").write_text('{"name": "no model"}')  # a name without its model: not listed
    (tmp_path / "bare.skops").write_bytes(b"model")  # a model without its name: its file name
    (tmp_path / "bare.json").write_text("not json")
    copies = list_copies(tmp_path)
    assert list(copies.values()) == ["bare", "Club set", "Our copy"]
    assert model_name(str(ours), copies, "bundled") == "Our copy"
    assert model_name(None, copies, "bundled") == "bundled"
    assert model_name(str(tmp_path / "local-1.skops"), copies, "bundled") == "local-1.skops"
    assert list_copies(tmp_path / "none") == {}
