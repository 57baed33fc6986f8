"""Every constraint-card type, compliant and not, with the breaking cells; every example of the rule text."""

from __future__ import annotations

import pytest

from gardeners import (
    DIRT_CORNERS_GRASS_CROSS,
    STATUE_FRAMED_BY_FLOWERS,
    Agglomeration,
    Count,
    Edge,
    Hedge,
    Interpretations,
    Layout,
    Link,
    Panorama,
    Pattern,
    Proximity,
    Removal,
    Selector,
    check_agglomeration,
    check_constraint,
    check_edge,
    check_hedge,
    check_layout,
    check_link,
    check_panorama,
    check_proximity,
    check_removal,
)
from gardeners.vocab import EdgeZone, HedgeShape
from tests.gardeners.helpers import bare, cells, garden

S = Selector.parse

# --- proximity -----------------------------------------------------------------------------------


def test_proximity_front1_yellow_flower_alone_is_named() -> None:
    # "A yellow flower must always be orthogonally adjacent to at least one other yellow flower."
    card = Proximity(S("flower:yellow"))
    g = bare(4, A1="GFy", B1="GFy", D2="GFy", D3="GFr")
    v = check_proximity(g, card)
    assert not v.compliant
    assert v.cells == cells("D2")
    assert "D2" in v.reason


def test_proximity_front1_every_yellow_flower_paired_complies() -> None:
    g = bare(4, A1="GFy", B1="GFy", D2="GFy", D3="DFy")
    v = check_proximity(g, Proximity(S("flower:yellow")))
    assert v.compliant and v.cells == ()
    assert v.support == cells("A1", "B1", "D2", "D3")


def test_proximity_front2_red_flower_next_to_other_colour_is_still_alone() -> None:
    # "The other elements around it don't matter": a yellow flower does not keep a red one company.
    g = bare(4, B2="GFr", B3="GFy", C2="GTr", A2="GFb")
    v = check_proximity(g, Proximity(S("flower:red")))
    assert not v.compliant and v.cells == cells("B2")
    g2 = g.replace(cells("C2")[0], g[cells("B2")[0]])
    assert check_proximity(g2, Proximity(S("flower:red"))).compliant


def test_proximity_with_a_partner_other_than_the_subject() -> None:
    card = Proximity(S("bench"), S("tree"))
    g = bare(4, A1="GBe", B1="GTy", D4="GBn", C3="GTr")
    v = check_proximity(g, card)
    assert not v.compliant and v.cells == cells("D4")


def test_proximity_without_subject_follows_the_interpretation() -> None:
    g = bare(4)
    assert check_proximity(g, Proximity(S("flower:yellow"))).compliant
    strict = Interpretations(absent_subject_complies=False)
    assert not check_proximity(g, Proximity(S("flower:yellow")), strict).compliant


# --- removal -------------------------------------------------------------------------------------


def test_removal_front1_two_trees_whatever_their_fruit() -> None:
    # "Two trees cannot be orthogonally adjacent (regardless of the color of their fruits)."
    card = Removal((S("tree"),), (S("tree"),))
    g = bare(4, A1="GTr", B1="DTy", C3="GTr", D4="GTy")
    v = check_removal(g, card)
    assert not v.compliant
    assert v.cells == cells("A1", "B1")
    assert "A1–B1" in v.reason
    diagonal = bare(4, A1="GTr", B2="DTy", C3="GTr", D4="GTy")
    assert check_removal(diagonal, card).compliant


def test_removal_front2_blue_flower_red_tree_or_red_flower() -> None:
    # "A blue flower cannot be orthogonally adjacent to a tree with red fruits, nor to a red flower."
    card = Removal((S("flower:blue"),), (S("tree:red"), S("flower:red")))
    ok = bare(4, B2="GFb", B1="GTy", A2="GFy", C2="DFb", B3="G")
    assert check_removal(ok, card).compliant
    bad = bare(4, B2="GFb", B1="GTr", D4="DFb", D3="GFr", A4="GFr")
    v = check_removal(bad, card)
    assert not v.compliant
    assert v.cells == cells("B1", "B2", "D3", "D4")
    assert "A4" not in v.reason


# --- agglomeration -------------------------------------------------------------------------------


def test_agglomeration_front1_six_grass_tiles_regardless_of_elements() -> None:
    # "6 or more Grass tiles – regardless of which elements are on top – must be orthogonally adjacent."
    card = Agglomeration(Count(6), (S("grass"),))
    g = garden("GTr GFb D GS\nGBn G D G\nD D D G\nD D D DFr")  # grass: 4 top-left + 3 right column
    v = check_agglomeration(g, card)
    assert not v.compliant
    assert v.cells == cells("A1", "B1", "A2", "B2")  # the largest group falls short
    assert "4, 3" in v.reason
    g2 = g.replace(cells("C1")[0], garden("GTy G G G\nG G G G\nG G G G\nG G G G")[(0, 0)])
    v2 = check_agglomeration(g2, card)
    assert v2.compliant and len(v2.support) == 8


def test_agglomeration_front2_trees_and_flowers() -> None:
    # Garbled "6 or more trees – regardless of the color of the fruits of the trees and of the flowers":
    # entered as two kinds, tree and flower.
    card = Agglomeration(Count(6), (S("tree"), S("flower")))
    g = garden("GTr DTy GFb G\nDFr GTy DFy G\nG G G G\nG G G G")
    assert check_agglomeration(g, card).compliant
    trees_only = Agglomeration(Count(6), (S("tree"),))
    assert not check_agglomeration(g, trees_only).compliant
    assert check_agglomeration(garden("GTr DTy GTr G\nDTr GTy DTy G\nG G G G\nG G G G"), trees_only).compliant


def test_agglomeration_two_kinds_mixing_interpretation() -> None:
    card = Agglomeration(Count(6), (S("tree"), S("flower")))
    g = garden("GTr DTy GTr G\nDTr GTy DTy G\nG G G G\nG G GFr GFy")
    assert check_agglomeration(g, card).compliant
    strict = Interpretations(agglomeration_needs_every_kind=True)
    v = check_agglomeration(g, card, strict)
    assert not v.compliant
    assert "holding every kind" in v.reason


def test_agglomeration_exact_count() -> None:
    card = Agglomeration(Count(6, exact=True), (S("dirt"),))
    seven = garden("D D D D\nD D D G\nG G G G\nG G G G")
    v = check_agglomeration(seven, card)
    assert not v.compliant and len(v.cells) == 7
    six_and_seven = garden("D D D D D D\nD G G G G G\nG G G G G G\nD D D D D D\nG G G G G G\nG G G G G G")
    # dirt groups: 7 (top) and 6 (row 4)
    assert check_agglomeration(six_and_seven, card).compliant
    assert not check_agglomeration(six_and_seven, card, Interpretations(exact_count="largest_group")).compliant


# --- panorama ------------------------------------------------------------------------------------


def test_panorama_front1_benches_face_a_red_flower_at_any_distance() -> None:
    # "does not necessarily have to be adjacent to the bench; it is enough that it is in the line of sight"
    card = Panorama(S("flower:red"))
    g = bare(4, A1="GBe", C1="GTy", D1="GFr", D4="GBn")
    v = check_panorama(g, card)
    assert v.compliant, v.reason
    assert v.support == cells("D1")
    wrong = g.replace(cells("A1")[0], g[cells("A1")[0]].rotated_cw().rotated_cw())  # now faces west
    v2 = check_panorama(wrong, card)
    assert not v2.compliant and v2.cells == cells("A1")


def test_panorama_several_benches_in_one_line_look_at_the_same_element() -> None:
    # "Several benches can be arranged in the same line and several benches can look towards the same element."
    card = Panorama(S("flower:red"))
    g = bare(4, A2="GBe", B2="DBe", D2="GFr", D1="GBs")
    assert check_panorama(g, card).compliant
    blocked = Interpretations(line_of_sight_blocked=True)
    v = check_panorama(g, card, blocked)
    assert not v.compliant and v.cells == cells("A2")


def test_panorama_front2_benches_face_another_bench() -> None:
    # "All benches must face another bench. Benches can face each other or look in another direction."
    card = Panorama(S("bench"))
    g = bare(4, A1="GBe", C1="GBs", C4="GBn", A4="GBn")
    # A1 looks east at C1; C1 looks south at C4; C4 looks north at C1; A4 looks north at A1.
    assert check_panorama(g, card).compliant
    lonely = g.replace(cells("A4")[0], garden("GBw G G G\nG G G G\nG G G G\nG G G G")[(0, 0)])
    v = check_panorama(lonely, card)  # A4 now looks west, out of the garden
    assert not v.compliant and v.cells == cells("A4")


def test_panorama_bench_at_the_edge_looking_out_sees_nothing() -> None:
    v = check_panorama(bare(4, A1="GBn", A3="GFr"), Panorama(S("flower:red")))
    assert not v.compliant and v.cells == cells("A1")


# --- link ----------------------------------------------------------------------------------------


def test_link_front2_dirt_way_need_not_be_straight() -> None:
    card = Link((S("dirt"),))
    g = garden("G D G G G\nG D D G G\nG G D G G\nG G DTr DFb G\nG G G D G")
    v = check_link(g, card)
    assert v.compliant, v.reason
    assert "north to south" in v.reason
    assert v.support == cells("B1", "B2", "C2", "C3", "C4", "D4", "D5")
    broken = g.replace(cells("C3")[0], g[cells("A1")[0]])
    v2 = check_link(broken, card)
    assert not v2.compliant
    # the closest ways: both remaining dirt groups reach across 2 of 5 rows, so both are listed
    assert v2.cells == cells("B1", "B2", "C2", "C4", "D4", "D5")
    assert "across 2 of 5" in v2.reason


def test_link_front3_flowers_of_any_colour_west_to_east() -> None:
    card = Link((S("flower"),))
    g = garden("G G G G\nGFr GFy G G\nG GFb DFr DFy\nG G G G")
    v = check_link(g, card)
    assert v.compliant and "west to east" in v.reason
    assert not check_link(g, Link((S("flower:red"),))).compliant


def test_link_with_nothing_of_the_kind() -> None:
    v = check_link(bare(4), Link((S("statue"),)))
    assert not v.compliant and v.cells == ()


# --- edge ----------------------------------------------------------------------------------------


def test_edge_front1_yellow_flowers_and_yellow_trees_on_the_outer_tiles() -> None:
    card = Edge(EdgeZone.OUTER, (S("flower:yellow"), S("tree:yellow")))
    g = bare(5, A1="GFy", E3="DTy", C5="GFy", C3="GTr")
    assert check_edge(g, card).compliant
    bad = g.replace(cells("B2")[0], garden("GTy G G G\nG G G G\nG G G G\nG G G G")[(0, 0)])
    v = check_edge(bad, card)
    assert not v.compliant and v.cells == cells("B2")


def test_edge_front3_no_bench_on_the_exterior_tiles() -> None:
    card = Edge(EdgeZone.INNER, (S("bench"),))
    g = bare(5, B2="GBn", C3="GBs", D4="DBw")
    assert check_edge(g, card).compliant
    v = check_edge(g.replace(cells("E5")[0], g[cells("B2")[0]]), card)
    assert not v.compliant and v.cells == cells("E5")


def test_edge_outer_tiles_interpretation_on_a_partial_garden() -> None:
    g = garden("G G G .\nG GFy G .\nG G G .\n. . . .")
    card = Edge(EdgeZone.OUTER, (S("flower:yellow"),))
    assert not check_edge(g, card).compliant  # B2 is not on the ring of the 4×4 square
    g2 = garden("G G . .\nG GFy . .\n. . . .\n. . . .")
    assert not check_edge(g2, card).compliant
    assert check_edge(g2, card, Interpretations(outer_tiles="exposed")).compliant


# --- hedge ---------------------------------------------------------------------------------------


def test_hedge_front3_each_hedge_connected_to_another() -> None:
    card = Hedge(HedgeShape.EACH)
    g = bare(4, A1="GHe", B1="GHw", D4="GHn")
    v = check_hedge(g, card)
    assert not v.compliant and v.cells == cells("D4")
    assert check_hedge(g.replace(cells("D3")[0], garden("GHs G G G\n" + "G G G G\n" * 3)[(0, 0)]), card).compliant


def test_hedge_sides_must_meet_unless_switched_off() -> None:
    # EXAMPLE: "The hedge of the top tile must be connected." Adjacent is not enough when the hedge
    # of the top tile runs east-west and does not reach the tile below.
    card = Hedge(HedgeShape.EACH)
    g = bare(4, B1="GHew", B2="GHns")
    v = check_hedge(g, card)
    assert not v.compliant and v.cells == cells("B1", "B2")
    assert check_hedge(g, card, Interpretations(hedge_sides_matter=False)).compliant
    assert check_hedge(bare(4, B1="GHes", B2="GHns"), card).compliant


def test_hedge_front1_closed_path_remaining_hedges_do_not_matter() -> None:
    card = Hedge(HedgeShape.CLOSED)
    loop = bare(4, A1="GHes", B1="DHsw", A2="GHne", B2="GHnw", D4="GHn", D1="GHw")
    v = check_hedge(loop, card)
    assert v.compliant
    assert v.support == cells("A1", "B1", "A2", "B2")
    opened = loop.replace(cells("B2")[0], garden("GHn G G G\n" + "G G G G\n" * 3)[(0, 0)])
    v2 = check_hedge(opened, card)
    assert not v2.compliant
    assert v2.cells == cells("A1", "B1", "A2", "B2")  # the largest group, still open


def test_hedge_closed_path_with_a_tail_counts_only_the_loop() -> None:
    g = bare(4, A1="GHes", B1="DHesw", C1="GHw", A2="GHne", B2="GHnw")
    v = check_hedge(g, Hedge(HedgeShape.CLOSED))
    assert v.compliant and v.support == cells("A1", "B1", "A2", "B2")


def test_hedge_front2_continuous_path_of_at_least_six() -> None:
    card = Hedge(HedgeShape.PATH, Count(6))
    g = bare(4, A1="GHe", B1="GHew", C1="GHew", D1="GHsw", D2="GHns", D3="GHn")
    v = check_hedge(g, card)
    assert v.compliant and len(v.support) == 6
    cut = g.replace(cells("D2")[0], garden("GHes G G G\n" + "G G G G\n" * 3)[(0, 0)])
    v2 = check_hedge(cut, card)
    assert not v2.compliant
    assert v2.cells == cells("A1", "B1", "C1", "D1")
    assert "4, 2" in v2.reason  # D2 now turns east (out of the garden) and south to D3


def test_hedge_path_exact_count() -> None:
    g = bare(4, A1="GHe", B1="GHew", C1="GHw")
    assert check_hedge(g, Hedge(HedgeShape.PATH, Count(3, exact=True))).compliant
    assert not check_hedge(g, Hedge(HedgeShape.PATH, Count(2, exact=True))).compliant


# --- layout --------------------------------------------------------------------------------------


def test_layout_front1_four_flowers_frame_a_statue_colours_may_differ() -> None:
    card = Layout(STATUE_FRAMED_BY_FLOWERS)
    g = bare(5, C2="GFr", B3="DFy", C3="GS", D3="GFb", C4="DFr")
    v = check_layout(g, card)
    assert v.compliant
    assert v.support == cells("C2", "B3", "C3", "D3", "C4")
    missing = g.replace(cells("D3")[0], garden("GTr G G G\n" + "G G G G\n" * 3)[(0, 0)])
    v2 = check_layout(missing, card)
    assert not v2.compliant and v2.cells == cells("D3")


def test_layout_front1_statue_on_the_edge_cannot_be_framed() -> None:
    g = bare(4, A2="GS", A1="GFr", A3="GFr", B2="GFy")
    v = check_layout(g, Layout(STATUE_FRAMED_BY_FLOWERS))
    assert not v.compliant


def test_layout_front2_dirt_corners_grass_cross() -> None:
    card = Layout(DIRT_CORNERS_GRASS_CROSS)
    g = garden("D D D D\nD DTr GFr DS\nD GBn G GHns\nD DFy G D")
    v = check_layout(g, card)
    assert v.compliant
    assert v.support == cells("B2", "C2", "D2", "B3", "C3", "D3", "B4", "C4", "D4")
    v2 = check_layout(g.replace(cells("D4")[0], garden("G G G G\n" * 4)[(0, 0)]), card)
    assert not v2.compliant
    assert cells("D4")[0] in v2.cells


def test_layout_rotations_interpretation() -> None:
    card = Layout(Pattern.parse("statue flower:red"))
    g = bare(4, B2="GS", B3="GFr")  # the flower is below the statue, not to its right
    assert check_layout(g, card).compliant
    v = check_layout(g, card, Interpretations(layout_rotations=False))
    assert not v.compliant


def test_layout_reflections_interpretation() -> None:
    card = Layout(Pattern.parse("statue flower:red / tree *"))
    mirrored = bare(4, C2="GS", B2="GFr", C3="GTr")  # flower left of the statue, tree below the statue
    assert not check_layout(mirrored, card).compliant
    assert check_layout(mirrored, card, Interpretations(layout_reflections=True)).compliant


def test_layout_pattern_larger_than_garden() -> None:
    card = Layout(Pattern.parse(["grass " * 5]))
    v = check_layout(bare(4), card)
    assert not v.compliant and "does not fit" in v.reason


# --- the check-phase example of the rulebook ----------------------------------------------------


@pytest.mark.parametrize("bench_facing, b_compliant", [("Bs", False), ("Be", True)])
def test_rulebook_check_phase_example(bench_facing: str, b_compliant: bool) -> None:
    # Constraint A: any hedge connected to at least one other hedge; Constraint B: any bench oriented
    # towards a tree with red fruits. First case: A respected, not B. Second case: both respected.
    a = Hedge(HedgeShape.EACH)
    b = Panorama(S("tree:red"))
    g = garden(f"GHes GHw G G\nGHns G{bench_facing} G DTr\nGHn G G GFr\nG G DTy G")
    assert check_constraint(g, a).compliant
    vb = check_constraint(g, b)
    assert vb.compliant is b_compliant
    if not b_compliant:
        assert vb.cells == cells("B2")
