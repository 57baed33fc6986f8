"""The placement rules: a complete square, no closed empty space, one connected garden; legal moves."""

from __future__ import annotations

from gardeners import Interpretations, check_connected, check_no_hole, check_placement, check_square
from gardeners.check import legal_additions, legal_removals
from tests.gardeners.helpers import bare, cells, garden


def test_complete_square_complies() -> None:
    assert all(v.compliant for v in check_placement(bare(6)))


def test_incomplete_square_names_the_empty_cells() -> None:
    g = garden("G G G G\nG G G .\nG G G .\nG G G G")
    v = check_square(g)
    assert not v.compliant and v.cells == cells("D2", "D3")
    assert check_square(g, Interpretations(require_complete_square=False)).compliant
    assert check_no_hole(g).compliant and check_connected(g).compliant  # a notch on the side is open


def test_closed_empty_space_is_named() -> None:
    # EXAMPLE: tiles that "would create closed and empty spaces within the garden".
    g = garden("G G G G G\nG . . G G\nG G G G G\nG G G . G\nG G G G G")
    v = check_no_hole(g)
    assert not v.compliant
    assert v.cells == cells("B2", "C2", "D4")
    assert "2 closed empty spaces" in v.reason


def test_hole_that_escapes_only_through_a_corner() -> None:
    g = garden(". G G G\nG . G G\nG G G G\nG G G G")
    assert not check_no_hole(g).compliant
    assert check_no_hole(g).cells == cells("B2")
    assert check_no_hole(g, Interpretations(hole_connectivity=8)).compliant


def test_split_garden_names_the_stray_tiles() -> None:
    # EXAMPLE: "The red tile cannot be removed otherwise the garden would be split in two."
    g = garden("G G G .\nG G . .\n. . . G\n. . G G")
    v = check_connected(g)
    assert not v.compliant
    assert v.cells == cells("D3", "C4", "D4")
    assert v.support == cells("A1", "B1", "C1", "A2", "B2")


def test_split_in_equal_parts_names_every_tile() -> None:
    g = garden("G G . .\n. . . .\n. . . .\n. . G G")
    v = check_connected(g)
    assert not v.compliant and v.cells == cells("A1", "B1", "C4", "D4")


def test_several_placement_faults_are_reported_together() -> None:
    g = garden("G G G G\nG . G G\nG G G .\n. . . G")
    square, hole, connected = check_placement(g)
    assert square.cells == cells("B2", "D3", "A4", "B4", "C4")
    assert hole.cells == cells("B2")
    assert connected.cells == cells("D4")


def test_legal_additions_adjacent_inside_and_no_hole() -> None:
    # EXAMPLE (6×6): a tile may not be added where it closes an empty space; it must touch the garden.
    g = garden("G G G . . .\nG . G . . .\nG . . . . .\n. . . . . .\n. . . . . .\n. . . . . .")
    adds = set(legal_additions(g))
    assert cells("B3")[0] not in adds  # would close B2 in
    assert cells("E5")[0] not in adds  # not adjacent to the garden
    assert adds == set(cells("D1", "B2", "D2", "C3", "A4"))
    assert legal_additions(garden(". . . .\n" * 4)) == tuple(bare(4).all_cells())


def test_legal_removals_edge_tiles_that_do_not_split() -> None:
    # EXAMPLE: "Only green tiles can be removed!" — tiles at the edge whose removal leaves one garden.
    g = garden("G G G .\nG . G .\nG G G G\n. . . .")
    removable = set(legal_removals(g))
    assert cells("D3")[0] in removable
    assert cells("C3")[0] not in removable  # would cut D3 off
    full = bare(4)
    assert set(legal_removals(full)) == {c for c in full.all_cells() if full.on_ring(c)}
