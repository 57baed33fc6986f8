"""The sidebar: language, this game's link, new game, data directory, the model in use,
"improve recognition for my copy", "teach it my copy"."""

from __future__ import annotations

import logging

import streamlit as st

from scorer.vocab import Floor
from ui import i18n, photos
from ui import viewmodel as vm
from ui.copies import list_copies, model_name
from ui.enrol_page import enrol_panel, filling, problem_words
from ui.session import GAME_PARAM, get_model, keep_settings, ss, start_game

log = logging.getLogger(__name__)


def sidebar(T: i18n.Translator) -> None:
    s = ss()
    with st.sidebar:
        lang = st.radio(T("language"), list(i18n.LANGUAGES), index=list(i18n.LANGUAGES).index(T.lang),
                        format_func=lambda code: i18n.LANGUAGES[code], horizontal=True, key="lang_choice")
        if lang != s.settings["lang"]:
            s.settings["lang"] = lang
            # widgets restart from the draft: drop-downs keep the labels they were drawn with
            for player in s.draft["players"]:
                player["editor_base"] = [list(r) for r in player["garden"]]
            s.gen += 1
            keep_settings(i18n.Translator(lang), rerun=True)
        if st.button(T("new_game"), icon="➕", width="stretch"):
            fresh = vm.new_draft(players=len(s.draft["players"]))
            for i, p in enumerate(s.draft["players"]):  # keep the table's names and colours
                fresh["players"][i]["name"], fresh["players"][i]["colour"] = p["name"], p["colour"]
            start_game(fresh, i18n.Said("new_game_started"))  # the game until now stays under History
        game_link(T)
        st.caption(T("data_dir", path=s.data_dir))
        in_use = st.empty()  # above both sections; filled after them, so a retrain or build is named at once
        recognition_panel(T)
        enrol_panel(T)  # 'Teach it my copy' (ui/enrol_page.py): also the copy switch and reset
        in_use.caption(T("model_in_use", model=model_name(s.settings.get("model_path"), list_copies(),
                                                          T("bundled_model"))))


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
            keep_settings(T)
        from ui import calibration

        n = calibration.count_examples()
        st.caption(T("examples_count", n=n))
        if status["train"] and status["dataset"]:
            retrain_button(T, n)
        else:
            st.info(T("training_unavailable"))


def retrain_button(T: i18n.Translator, n: int) -> None:
    """'Retrain from my photos' (``n`` kept examples; none: disabled) and its progress and outcome."""
    from ui import calibration

    s = ss()
    if st.button(T("retrain"), disabled=n == 0, width="stretch"):
        bar = st.progress(0.0, text=T("training"))
        try:
            # a copy in use is rebuilt from its floor photos
            path = calibration.retrain(filling(bar, T("training")), model_path=s.settings.get("model_path"))
        except Exception as exc:  # also the trainer's own failure on an odd photo (cv2.error, MemoryError)
            if not isinstance(exc, (ImportError, ValueError, OSError)):
                log.exception("retraining failed")
            st.error(T("training_failed", why=training_words(T, exc)))
        else:
            s.settings["model_path"] = str(path)
            get_model.clear()
            st.success(T("training_done"))
            keep_settings(T)


def training_words(T: i18n.Translator, exc: BaseException) -> str:
    """Why retraining failed, in the player's language, never the exception's English: a kept floor
    photo of the copy being rebuilt (``vision.enrol.EnrolError``'s code and floor, or an image
    problem's code), the model, a missing part, a file error, else a general sentence with what to try."""
    if isinstance(exc, ImportError):  # before importing vision's parts below
        return T("training_problem_unavailable")
    from vision.enrol import ENROL_PROBLEMS
    from vision.io import ALL_IMAGE_PROBLEMS

    if getattr(exc, "code", None) in (*ALL_IMAGE_PROBLEMS, *ENROL_PROBLEMS):
        why = problem_words(T, exc)
        floor = getattr(exc, "floor", None)
        if isinstance(floor, Floor):
            return T("training_problem_photo", floor=T.value("floor", floor.value), section=T("enrol_title"), why=why)
        return why
    from vision.model import ModelLoadError

    if isinstance(exc, ModelLoadError):
        return T("training_problem_model")
    if isinstance(exc, OSError):
        return T.file_problem(exc)
    return T("training_problem_unexpected", keep=T("keep_examples"))
