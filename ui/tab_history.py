"""History tab: unfinished games (resume, discard), saved games (reopen, re-score, delete) and player
statistics. Discarding and deleting ask first; every action says what it did."""

from __future__ import annotations

import sqlite3

import pandas as pd
import streamlit as st

from scorer import InvalidGameError
from ui import i18n
from ui import viewmodel as vm
from ui.i18n import Said
from ui.session import draft_problem_words, drafts, get_history, k, notify, resume_game, ss, start_game
from zengarden.drafts import DraftSummary


def history_tab(T: i18n.Translator) -> None:
    drafts_section(T)
    saved_games_section(T)


def confirm(T: i18n.Translator, action: tuple[str, object], question: str, yes: str) -> bool:
    """Whether the user confirmed ``action`` (asked below the button that requested it)."""
    s = ss()
    if s.confirm != action:
        return False
    st.warning(question)
    c1, c2 = st.columns(2)
    if c1.button(yes, key=k(f"yes_{action[0]}"), type="primary"):
        s.confirm = None
        return True
    if c2.button(T("cancel"), key=k(f"no_{action[0]}")):
        s.confirm = None
        st.rerun()
    return False


def draft_label(T: i18n.Translator, d: DraftSummary) -> str:
    if d.problem:  # the row cannot be resumed, only discarded
        return T("draft_problem", id=d.game_id, problem=draft_problem_words(T, d.problem))
    return T("draft_row", id=d.game_id, date=d.updated_at[:16].replace("T", " "), names=", ".join(d.players),
             done=d.gardens_done, n=len(d.players))


def drafts_section(T: i18n.Translator) -> None:
    s = ss()
    st.subheader(T("drafts_title"))
    try:
        listed = drafts().list_drafts()
    except (OSError, sqlite3.Error) as exc:
        st.error(T("drafts_not_shown", why=T.file_problem(exc)))
        return
    listed = [d for d in listed if d.game_id != s.game_id]  # the game shown is not "another" game
    if not listed:
        st.caption(T("drafts_empty"))
        return
    for d in listed:
        if d.problem:
            st.caption(draft_label(T, d))  # reported; it can only be discarded
    by_id = {d.game_id: d for d in listed}
    chosen = st.selectbox(T("choose_draft"), list(by_id), key=k("draft_choice"),
                          format_func=lambda gid: draft_label(T, by_id[gid]))
    c1, c2 = st.columns(2)
    if c1.button(T("resume"), key=k("resume"), icon="▶️", disabled=bool(by_id[chosen].problem)):
        resume_game(chosen)
    if c2.button(T("discard"), key=k("discard"), icon="🗑️"):
        s.confirm = ("discard", chosen)
    if confirm(T, ("discard", chosen), T("confirm_discard", id=chosen), T("yes_discard")):
        try:
            drafts().discard(chosen)
        except (OSError, sqlite3.Error) as exc:
            st.error(T("change_not_stored", why=T.file_problem(exc)))
            return
        notify("toast", Said("draft_discarded", {"id": chosen}))
        st.rerun()


def saved_games_section(T: i18n.Translator) -> None:
    s = ss()
    st.subheader(T("saved_games_title"))
    try:
        history = get_history(s.data_dir)  # opening it the first time creates its file
        games = history.list_games()
    except (OSError, sqlite3.Error) as exc:
        st.error(T("history_unavailable", why=T.file_problem(exc)))
        return
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
        start_game(draft, Said("reopened", {"id": saved.id}))
    if c2.button(T("rescore"), key=k("rescore"), icon="🔁"):
        try:
            new = history.rescore(chosen)
        except InvalidGameError as exc:
            st.error(T("invalid_game") + "\n\n" + "\n".join(T.problem_line(p) for p in exc.problems))
        except (OSError, sqlite3.Error) as exc:
            st.error(T("change_not_stored", why=T.file_problem(exc)))
        else:
            st.success(T("rescored", totals=", ".join(f"{p.name} {p.total}" for p in new.players)))
    if c3.button(T("delete"), key=k("delete"), icon="🗑️"):
        s.confirm = ("delete", chosen)
    if confirm(T, ("delete", chosen), T("confirm_delete", id=chosen), T("yes_delete")):
        try:
            history.delete(chosen)
        except (OSError, sqlite3.Error) as exc:
            st.error(T("change_not_stored", why=T.file_problem(exc)))
        else:
            if s.draft.get("history_id") == chosen:
                s.draft["history_id"] = None
            notify("toast", Said("game_deleted", {"id": chosen}))
            st.rerun()
    st.subheader(T("stats_title"))
    stats = history.player_stats()
    st.dataframe(pd.DataFrame([{T("player"): p.name, T("games"): p.games, T("wins"): p.wins,
                                T("average"): p.average, T("best"): p.best} for p in stats]),
                 hide_index=True, width="stretch")
