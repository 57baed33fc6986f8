"""History tab: saved games (reopen, re-score, delete) and player statistics."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from scorer import InvalidGameError
from ui import i18n
from ui import viewmodel as vm
from ui.session import get_history, k, replace_draft, ss


def history_tab(T: i18n.Translator) -> None:
    s = ss()
    history = get_history(s.data_dir)
    games = history.list_games()
    if not games:
        st.info(T("history_empty"))
        return
    rows = [{"#": g.id, T("date"): g.created_at[:16].replace("T", " "), T("boards"): ", ".join(map(str, g.boards)),
             T("result"): ", ".join(f"{n} {t}" for n, t, _ in g.players), T("winner_col"): " & ".join(g.winners)}
            for g in games]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    ids = [g.id for g in games]
    chosen = st.selectbox(T("choose_game"), ids, key=k("hist_choice"),
                          format_func=lambda gid: next(f"#{r['#']} · {r[T('date')]} · {r[T('result')]}"
                                                       for r in rows if r["#"] == gid))
    c1, c2, c3 = st.columns(3)
    if c1.button(T("reopen"), key=k("reopen"), icon="📂"):
        saved = history.load(chosen)
        draft = vm.draft_from_game(saved.game, saved.readings)
        draft["history_id"] = saved.id
        replace_draft(draft)
    if c2.button(T("rescore"), key=k("rescore"), icon="🔁"):
        try:
            new = history.rescore(chosen)
        except InvalidGameError as exc:
            st.error(T("invalid_game") + "\n\n" + "\n".join(p.format() for p in exc.problems))
        else:
            st.success(T("rescored", totals=", ".join(f"{p.name} {p.total}" for p in new.players)))
    if c3.button(T("delete"), key=k("delete"), icon="🗑️"):
        history.delete(chosen)
        if s.draft.get("history_id") == chosen:
            s.draft["history_id"] = None
        st.rerun()
    st.subheader(T("stats_title"))
    stats = history.player_stats()
    st.dataframe(pd.DataFrame([{T("player"): p.name, T("games"): p.games, T("wins"): p.wins,
                                T("average"): p.average, T("best"): p.best} for p in stats]),
                 hide_index=True, width="stretch")
