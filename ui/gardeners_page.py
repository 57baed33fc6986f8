"""Gardeners: enter a garden and the constraint cards by hand, see each card's verdict and the score.

All rules live in :mod:`gardeners`; this page only collects the form into a game-file dict, reads it
with :func:`gardeners.read_game` (every problem shown at once) and shows :func:`gardeners.check_game`'s
report. Every ``st.session_state`` key starts with ``gardeners_``.
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

import streamlit as st

from gardeners import Interpretations, check_game, read_game
from gardeners.cards import LAYOUT_PRESETS
from gardeners.check import Verdict
from gardeners.garden import cell_name
from gardeners.interpretations import DEFAULT
from gardeners.vocab import (
    ALL_CARD_STATUSES,
    ALL_CARD_TYPES,
    ALL_DIRECTIONS,
    ALL_EDGE_ZONES,
    ALL_HEDGE_SHAPES,
    SIZES,
    CardType,
    HedgeShape,
)

P = "gardeners_"
SELECTOR_CHOICES = ("grass", "dirt", "tree", "tree:red", "tree:yellow", "flower", "flower:red", "flower:yellow",
                    "flower:blue", "bench", "hedge", "statue", "nothing", "*")
MAX_CARDS = 6
DEFAULT_GARDENS = {
    4: "GFy GFy DTr G\nG GFr D GTy\nGFb DFr GTr DFr\nG G G DFy",
    5: "G D G G G\nG D D GBs G\nG GFr D G G\nG G DTr DFr G\nGHe GHw G D G",
    6: "GHes GHsw GFy GTr DFb DBs\nGHne GHnw GBe DTr GFr G\nD GFr DFr GS GFr D\nD DFy GBn GFr GTy GBw\n"
       "DHes DHew DHew DHsw G D\nGTy GFy GBn DHns DTr GFb",
}
CHOICES = {
    "exact_count": ("some_group", "largest_group"),
    "outer_tiles": ("ring", "exposed"),
    "hole_connectivity": (4, 8),
}


def _tile_options() -> list[str]:
    elements = ["", "Tr", "Ty", "Fr", "Fy", "Fb", *(f"B{d.value}" for d in ALL_DIRECTIONS), "S"]
    for mask in range(1, 16):
        elements.append("H" + "".join(d.value for i, d in enumerate(ALL_DIRECTIONS) if mask & (1 << i)))
    return [".", *(bg + e for bg in ("G", "D") for e in elements)]


TILE_OPTIONS = _tile_options()


def _garden_lines(size: int) -> list[str]:
    mode = st.radio("Garden entry", ["Notation", "Cell by cell"], horizontal=True, key=f"{P}entry")
    if mode == "Notation":
        st.caption("One line per row, top row first. G/D = grass/dirt, then Tr Ty (tree), Fr Fy Fb (flower), "
                   "Bn Be Bs Bw (bench facing), H+sides (hedge, e.g. Hns), S (statue); '.' = no tile.")
        text = st.text_area("Garden", value=DEFAULT_GARDENS[size], height=40 * size, key=f"{P}notation_{size}")
        return text.split("\n")
    defaults = DEFAULT_GARDENS[size].split("\n")
    lines = []
    for r in range(size):
        cols = st.columns(size)
        row = []
        for c in range(size):
            default = defaults[r].split()[c]
            index = TILE_OPTIONS.index(default) if default in TILE_OPTIONS else 0
            row.append(cols[c].selectbox(cell_name((r, c)), TILE_OPTIONS, index=index, key=f"{P}cell_{size}_{r}_{c}"))
        lines.append(" ".join(row))
    return lines


def _card_form(i: int) -> dict[str, Any]:
    k = f"{P}card{i}_"
    cols = st.columns(3)
    card_type = cols[0].selectbox("Type", [t.value for t in ALL_CARD_TYPES], key=f"{k}type")
    status = cols[1].selectbox("Status", [s.value for s in ALL_CARD_STATUSES], key=f"{k}status")
    label = cols[2].text_input("Label", value=f"Card {i + 1}", key=f"{k}label")
    card: dict[str, Any] = {"type": card_type, "status": status, "label": label}
    kind = CardType(card_type)
    if kind is CardType.PROXIMITY:
        card["subject"] = st.selectbox("Element that cannot be alone", SELECTOR_CHOICES, index=7, key=f"{k}subject")
        partner = st.selectbox("…must be next to (blank: an identical one)", ["", *SELECTOR_CHOICES], key=f"{k}partner")
        if partner:
            card["partner"] = partner
    elif kind is CardType.REMOVAL:
        card["subject"] = st.multiselect("Element(s)", SELECTOR_CHOICES, default=["tree"], key=f"{k}subject_m")
        card["others"] = st.multiselect("…cannot be next to", SELECTOR_CHOICES, default=["tree"], key=f"{k}others")
    elif kind in (CardType.AGGLOMERATION, CardType.LINK, CardType.EDGE):
        if kind is CardType.AGGLOMERATION:
            card["count"] = st.text_input("Quantity (X+ at least, X! exactly)", value="6+", key=f"{k}count")
        if kind is CardType.EDGE:
            card["zone"] = st.selectbox("Must be", [z.value for z in ALL_EDGE_ZONES], key=f"{k}zone",
                                        format_func=lambda z: "on the outer tiles" if z == "outer" else
                                        "off the outer tiles")
        card["kinds"] = st.multiselect("Element type(s)", SELECTOR_CHOICES, default=["grass"], key=f"{k}kinds")
    elif kind is CardType.PANORAMA:
        card["target"] = st.selectbox("Every bench must face", SELECTOR_CHOICES, index=6, key=f"{k}target")
    elif kind is CardType.HEDGE:
        card["shape"] = st.selectbox("Hedges", [s.value for s in ALL_HEDGE_SHAPES], key=f"{k}shape")
        if card["shape"] == HedgeShape.PATH.value:
            card["count"] = st.text_input("Path length (X+ or X!)", value="6+", key=f"{k}hedge_count")
    else:
        preset = st.selectbox("Arrangement", ["custom", *LAYOUT_PRESETS], index=1, key=f"{k}preset")
        if preset == "custom":
            card["pattern"] = st.text_input("Pattern (rows separated by /, * = any)", value="statue flower",
                                            key=f"{k}pattern")
        else:
            card["preset"] = preset
    return card


def _rules_form() -> dict[str, Any]:
    rules: dict[str, Any] = {}
    with st.expander("Interpretations (where the rule text is unclear)"):
        for f in fields(Interpretations):
            default = getattr(DEFAULT, f.name)
            key = f"{P}rule_{f.name}"
            if f.name == "max_in_play":
                limit = st.number_input("max_in_play (0 = no limit)", min_value=0, value=default, key=key)
                rules[f.name] = int(limit) or None
            elif isinstance(default, bool):
                rules[f.name] = st.checkbox(f.name, value=default, key=key)
            else:
                options = CHOICES[f.name]
                rules[f.name] = st.selectbox(f.name, options, index=options.index(default), key=key)
    return rules


def _show_verdict(title: str, verdict: Verdict) -> None:
    cells = ", ".join(cell_name(c) for c in verdict.cells)
    text = f"**{title}** — {'compliant' if verdict.compliant else 'not compliant'}: {verdict.reason}"
    if cells and not verdict.compliant:
        text += f"  \nCells: {cells}"
    (st.success if verdict.compliant else st.error)(text)


def render() -> None:
    """Draw the Gardeners page."""
    st.header("Gardeners — constraint checker")
    size = st.selectbox("Garden size", SIZES, index=len(SIZES) - 1, key=f"{P}size",
                        format_func=lambda n: f"{n} × {n}")
    lines = _garden_lines(size)
    st.subheader("Constraint cards")
    count = int(st.number_input("Cards", min_value=0, max_value=MAX_CARDS, value=1, key=f"{P}card_count"))
    cards = []
    for i in range(count):
        with st.container(border=True):
            cards.append(_card_form(i))
    cols = st.columns(2)
    validated = int(cols[0].number_input("Other validated cards", min_value=0, value=0, key=f"{P}validated"))
    discarded = int(cols[1].number_input("Other discarded cards", min_value=0, value=0, key=f"{P}discarded"))
    data = {"game": "gardeners", "size": size, "garden": lines, "cards": cards, "validated": validated,
            "discarded": discarded, "rules": _rules_form()}

    game, problems = read_game(data)
    if game is None:
        st.error("Cannot check this game:\n" + "\n".join(f"- {p.format()}" for p in problems))
        return
    report = check_game(game)
    st.subheader("Placement")
    for v in report.placement:
        _show_verdict(v.rule.replace("_", " ").capitalize(), v)
    st.subheader("Cards")
    for cv in report.cards:
        st.caption(f"{cv.card.status.value.replace('_', ' ')} · {cv.card.constraint.describe()}")
        _show_verdict(cv.card.title, cv.verdict)
    st.subheader("Score")
    st.metric("Final score", report.score.points)
    st.write(report.score.reason)
    st.write(report.score.level)
    st.info("Round over: every card in play is compliant." if report.round_over
            else "Round not over: keep arranging the garden.")
    st.download_button("Download game file (JSON)", json.dumps(game.to_dict(), indent=2),
                       file_name="gardeners-game.json", mime="application/json", key=f"{P}download")
