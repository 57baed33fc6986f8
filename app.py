"""Zen Garden Scorer — the Streamlit app players use at the table (often on a phone).

A page of calls: each tab is a module of :mod:`ui` (``ui.tab_setup``, ``ui.tab_gardens``, ...),
the session and draft live in :mod:`ui.session`; every decision is in ``scorer``, ``zengarden``,
``vision`` and ``ui.viewmodel``. Each game has its own link (``?game=<id>``); its draft is saved in
the data directory's draft store after each run, so nothing entered is lost on an error or reload,
and a second phone on the same link continues the same game (:mod:`ui.session`).
"""

from __future__ import annotations

import streamlit as st

from ui import i18n
from ui.layout import phone_layout
from ui.session import init_session, show_notices, ss, sync_draft
from ui.sidebar import sidebar
from ui.tab_gardens import gardens_tab
from ui.tab_history import history_tab
from ui.tab_missions import missions_tab
from ui.tab_results import results_tab
from ui.tab_setup import setup_tab

st.set_page_config(page_title="Zen Garden Scorer", page_icon="🪨", layout="centered")


#: The games this app scores: Zen Garden, and the two companion garden games (manual entry).
GAMES = {"zen": "Zen Garden", "emperors": "Emperor's Garden", "gardeners": "Gardeners"}


def main() -> None:
    init_session()
    s = ss()
    T = i18n.Translator(s.settings.get("lang", "en"))
    phone_layout()
    game = st.radio(T("game"), list(GAMES), format_func=GAMES.get, horizontal=True, key="game_choice",
                    label_visibility="collapsed")
    if game == "emperors":
        from ui.emperors_page import render

        render()
        return
    if game == "gardeners":
        from ui.gardeners_page import render

        render()
        return
    st.title(T("title"))
    # the sidebar first: a change of language there reruns at once, so notices waiting are shown by the
    # next run in the new language instead of being drawn in the old one and lost with this run
    sidebar(T)
    show_notices(T)  # in the main area, under the title, whichever runs first
    # keyed and tracked: the open tab stays open when what lies above it changes (a notice, a message)
    tabs = st.tabs([T("tab_setup"), T("tab_gardens"), T("tab_missions"), T("tab_results"), T("tab_history")],
                   key="main_tabs", on_change="rerun")
    with tabs[0]:
        setup_tab(T)
    with tabs[1]:
        gardens_tab(T)
    with tabs[2]:
        missions_tab(T)
    with tabs[3]:
        results_tab(T)
    with tabs[4]:
        history_tab(T)
    sync_draft(T)


main()
