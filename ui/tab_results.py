"""Results tab: score table, chart, reasons with tiles, dispute check, save and exports.

Every reason, problem, note and label is worded in the player's language (``T.words``).
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

import pandas as pd
import streamlit as st

from scorer import GameResult, InvalidGameError, Severity, cell_name, score_game
from scorer.dispute import check_claim
from ui import i18n
from ui import viewmodel as vm
from ui.session import garden_png, get_history, k, photo_image, ss
from zengarden.export import bgstats_link, score_sheet_csv, score_sheet_png, summary_text


def results_tab(T: i18n.Translator) -> None:
    s = ss()
    game, missing = vm.game_from_draft(s.draft)
    if missing:
        st.info(T("not_ready"))
        for item in missing:
            st.caption("• " + T.missing(item))
        return
    try:
        result = score_game(game)
    except InvalidGameError as exc:
        st.error(T("invalid_game"))
        for p in exc.problems:
            st.caption("• " + T.problem_line(p))
        return
    labels = T.labels()
    winners = result.winners
    st.success(T("winners" if len(winners) > 1 else "winner", names=" & ".join(winners)))
    if result.tie_break:
        st.info(T("tie_break", reason=T.reason(result.tie_break)))
    table = pd.DataFrame(vm.result_table(result, labels)).set_index(labels["category"])
    totals = "  ·  ".join(f"{p.name}: {p.total}" for p in result.players)
    st.markdown(f"**{T('totals')}:** {totals}")  # first: visible without scrolling on a phone
    st.dataframe(table, width="stretch", height="content")  # every row shown: Total and Rank not in an inner scroll
    axes = {"player": T("player"), "category": T("category"), "points": labels["points"]}
    chart = pd.DataFrame(vm.chart_rows(result, labels)).rename(columns=axes)
    # the legend below the bars in two columns: all categories readable on a phone
    st.vega_lite_chart(chart, {
        "mark": {"type": "bar"}, "height": 280,
        "encoding": {
            "x": {"field": axes["player"], "type": "nominal", "axis": {"labelAngle": 0}},
            "y": {"field": axes["points"], "type": "quantitative", "aggregate": "sum"},
            "color": {"field": axes["category"], "type": "nominal",
                      "legend": {"orient": "bottom", "columns": 2, "labelLimit": 170}},
        },
    }, width="stretch")
    for w in result.warnings:
        text = (f"{w.player}: " if w.player else "") + T.problem(w)
        if w.severity is Severity.WARNING:
            st.warning(text)
        else:
            st.caption("ℹ️ " + text)

    st.subheader(T("why_title"))
    names = [p.name for p in result.players]
    c1, c2 = st.columns(2)
    who = c1.selectbox(T("player"), names, key=k("why_player"))
    keys = [c.value for c in result.categories]
    cat = c2.selectbox(T("category"), keys, index=min(1, len(keys) - 1), key=k("why_cat"),
                       format_func=labels.get)
    presult = result.player(who)
    expl = presult.score(cat)
    st.markdown(f"**{labels[cat]}: {expl.points}** — {T.reason(expl.reason)}")
    grid = next(p["garden"] for p in s.draft["players"] if p["name"] == who)
    st.image(garden_png(json.dumps(grid), json.dumps([cell_name(c) for c in expl.cells]), "[]", 64), width=300,
             caption=T("why_caption"))
    with st.expander(T("all_reasons")):
        for e in presult.categories:
            st.markdown(f"- **{labels[e.category]} {e.points}** — {T.reason(e.reason)}")

    dispute_panel(T, result, labels)
    save_and_export(T, game, result, labels)


def dispute_panel(T: i18n.Translator, result: GameResult, labels: dict[str, str]) -> None:
    with st.expander(T("dispute_title")):
        names = [p.name for p in result.players]
        who = st.selectbox(T("player"), names, key=k("dispute_player"))
        claimed = st.number_input(T("claimed_total"), min_value=-50, max_value=400, value=None, step=1,
                                  key=k("claimed_total"))
        per_cat: dict[str, int | None] = {}
        keys = [c.value for c in result.categories]
        if st.toggle(T("claim_by_category"), key=k("claim_cats")):
            cols = st.columns(2)
            for j, key in enumerate(keys):
                per_cat[key] = cols[j % 2].number_input(labels[key], value=None, step=1, key=k(f"claim_{key}"))
        if claimed is None and not any(v is not None for v in per_cat.values()):
            return
        report = check_claim(result, who, total=None if claimed is None else int(claimed),
                             categories={kk: None if v is None else int(v) for kk, v in per_cat.items()})
        if report.agrees:
            st.success(T("dispute_agrees", total=report.computed_total))
            return
        if report.claimed_total is not None:
            st.warning(T("dispute_gap", claimed=report.claimed_total, computed=report.computed_total,
                         gap=f"{report.gap:+d}"))
        for d in report.differing:
            st.markdown(T("dispute_diff", category=labels[d.category], claimed=d.claimed, computed=d.computed,
                          reason=T.reason(d.reason)))
        if report.candidates:
            st.markdown(T("dispute_candidates"))
            for d in report.candidates:
                st.markdown(f"- **{labels[d.category]}** {d.computed} → {d.claimed}: {T.reason(d.reason)}")
        for note in report.notes:
            st.caption(T.reason(note))


def keep_examples(T: i18n.Translator) -> None:
    """Keep the game's confirmed photos as examples ('Keep corrected photos'); a file that cannot be
    written is said in the player's language (the game is saved already)."""
    from ui import calibration

    try:
        kept = calibration.keep_examples(ss().draft, photo_image)
    except (OSError, ValueError) as exc:  # ValueError: vision.dataset could not write the image
        st.warning(T("examples_not_kept", why=T.file_problem(exc)))
        return
    if kept:
        st.caption(T("examples_kept", n=kept))


def save_and_export(T: i18n.Translator, game: dict[str, Any], result: GameResult, labels: dict[str, str]) -> None:
    s = ss()
    st.subheader(T("save_title"))
    readings = vm.readings_for_history(s.draft)
    colours = [p["colour"] for p in s.draft["players"]]
    game_file = dict(game)
    game_file["players"] = [dict(p, colour=c) for p, c in zip(game["players"], colours)]
    label = T("save_changes") if s.draft.get("history_id") else T("save_game")
    if st.button(label, type="primary", icon="💾", key=k("save")):
        try:
            gid = get_history(s.data_dir).save(game_file, result, readings, game_id=s.draft.get("history_id"))
        except (OSError, sqlite3.Error) as exc:  # the draft stays as entered; the button can be tapped again
            st.error(T("save_failed", why=T.file_problem(exc)))
        else:
            s.draft["history_id"] = gid
            if s.settings.get("keep_examples"):
                keep_examples(T)
            st.success(T("saved", id=gid))
    c1, c2, c3 = st.columns(3)
    c1.download_button(T("export_json"), json.dumps(game_file, indent=1, ensure_ascii=False),
                       file_name="zen-garden-game.json", mime="application/json", key=k("dl_json"))
    c2.download_button(T("export_csv"), score_sheet_csv(result, labels), file_name="zen-garden-scores.csv",
                       mime="text/csv", key=k("dl_csv"))
    c3.download_button(T("export_png"), score_sheet_png(result, labels, colours, words=T.words),
                       file_name="zen-garden-scores.png", mime="image/png", key=k("dl_png"))
    st.caption(T("summary_help"))
    st.code(summary_text(result, game, labels, date=time.strftime("%Y-%m-%d"), words=T.words), language=None,
            wrap_lines=True)  # selectable where the clipboard is not available (plain HTTP)
    st.link_button(T("bgstats"), bgstats_link(result, game, words=T.words), icon="📒")
