"""Missions tab: who qualifies for each mission by their garden; the players give the order."""

from __future__ import annotations

import streamlit as st

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
                               key=k(f"order{status.index}"), help=T("mission_order_help"))
        mission["completed_by"] = list(order)
