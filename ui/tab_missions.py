"""Missions tab: what each mission needs, who qualifies by their garden; the players give the
order of completion (picked one by one: a "select all" would invent an order)."""

from __future__ import annotations

import streamlit as st

from scorer.rules import mission_points
from scorer.vocab import MISSION_MIN_COUNT
from ui import i18n
from ui import viewmodel as vm
from ui.session import k, ss


def missions_tab(T: i18n.Translator) -> None:
    draft = ss().draft
    if not draft["missions"]:
        st.info(T("no_missions"))
        return
    for status in vm.mission_status(draft):
        mission = draft["missions"][status.index]
        st.markdown(T("mission_title", n=status.index + 1,
                      features=" + ".join(T.feature(f) for f in status.features) or "—"))
        if len(status.features) < 2:
            st.caption(T("mission_pick_features"))
            continue
        first, second = (T.feature(f) for f in status.features)
        st.caption(T("mission_needs", n=MISSION_MIN_COUNT, first=first, second=second))
        if any(vm.missing_cells(p["garden"]) for p in draft["players"]):
            st.caption(T("mission_gardens_first", order=", ".join(mission["completed_by"]) or "—"))
            continue
        for name, counts in status.counts.items():
            mark = "✅" if name in status.qualifiers else "✗"
            st.caption(f"{mark} {name}: " + ", ".join(f"{n}× {T.feature(f)}" for n, f in zip(counts, status.features)))
        dropped = [n for n in mission["completed_by"] if n not in status.qualifiers]
        if dropped:
            st.warning(T("mission_dropped", names=", ".join(dropped)))
        if not status.qualifiers:
            mission["completed_by"] = []
            st.caption(T("mission_nobody"))
            continue
        default = [n for n in mission["completed_by"] if n in status.qualifiers]
        order = st.multiselect(T("mission_order"), list(status.qualifiers), default=default,
                               key=k(f"order{status.index}"), help=T("mission_order_help"), select_all=False)
        mission["completed_by"] = list(order)
        if order:
            st.caption(T("mission_places", places=" · ".join(
                T("mission_place", ordinal=T.words.ordinal(place), name=name, points=mission_points(place))
                for place, name in enumerate(order, start=1))))
