"""The sidebar: language, this game's link, new game, data directory, "improve recognition for my copy"."""

from __future__ import annotations

import streamlit as st

from ui import i18n, photos, state
from ui import viewmodel as vm
from ui.enrol_page import enrol_panel
from ui.session import GAME_PARAM, get_model, ss, start_game


def sidebar(T: i18n.Translator) -> None:
    s = ss()
    with st.sidebar:
        lang = st.radio(T("language"), list(i18n.LANGUAGES), index=list(i18n.LANGUAGES).index(T.lang),
                        format_func=lambda code: i18n.LANGUAGES[code], horizontal=True, key="lang_choice")
        if lang != s.settings["lang"]:
            s.settings["lang"] = lang
            state.save_settings(s.settings)
            # widgets restart from the draft: drop-downs keep the labels they were drawn with
            for player in s.draft["players"]:
                player["editor_base"] = [list(r) for r in player["garden"]]
            s.gen += 1
            st.rerun()
        if st.button(T("new_game"), icon="➕", width="stretch"):
            fresh = vm.new_draft(players=len(s.draft["players"]))
            for i, p in enumerate(s.draft["players"]):  # keep the table's names and colours
                fresh["players"][i]["name"], fresh["players"][i]["colour"] = p["name"], p["colour"]
            start_game(fresh, "new_game_started")  # the game until now stays under History
        game_link(T)
        st.caption(T("data_dir", path=s.data_dir))
        recognition_panel(T)
        enrol_panel(T)  # 'Teach it my copy' (ui/enrol_page.py)


def game_link(T: i18n.Translator) -> None:
    """This game's link, as selectable text (copying to the clipboard needs HTTPS on a phone)."""
    game_id = ss().game_id
    base = st.context.url or ""
    st.caption(T("game_link", id=game_id))
    st.code(f"{base}?{GAME_PARAM}={game_id}" if base else f"?{GAME_PARAM}={game_id}", language=None, wrap_lines=True)


def recognition_panel(T: i18n.Translator) -> None:
    s = ss()
    status = photos.vision_status()
    with st.expander(T("improve_title")):
        keep = st.checkbox(T("keep_examples"), value=bool(s.settings.get("keep_examples")), key="keep_examples")
        if keep != s.settings.get("keep_examples"):
            s.settings["keep_examples"] = keep
            state.save_settings(s.settings)
        from ui import calibration

        n = calibration.count_examples()
        st.caption(T("examples_count", n=n))
        from ui.copies import list_copies, model_name

        st.caption(T("model_in_use", model=model_name(s.settings.get("model_path"), list_copies(), T("bundled_model"))))
        if not (status["train"] and status["dataset"]):
            st.info(T("training_unavailable"))
            return
        if st.button(T("retrain"), disabled=n == 0, width="stretch"):
            bar = st.progress(0.0, text=T("training"))
            try:
                path = calibration.retrain(lambda f, msg="": bar.progress(min(1.0, max(0.0, float(f))),
                                                                           text=msg or T("training")),
                                           model_path=s.settings.get("model_path"))  # a copy in use is rebuilt
            except (ValueError, OSError) as exc:
                st.error(T("training_failed", error=str(exc)))
            else:
                s.settings["model_path"] = str(path)
                state.save_settings(s.settings)
                get_model.clear()
                st.success(T("training_done"))
        if s.settings.get("model_path") and st.button(T("reset_model"), width="stretch"):
            s.settings["model_path"] = None
            state.save_settings(s.settings)
            get_model.clear()
            st.rerun()
