"""The app's session: which game it shows (the ``?game=`` link), that game's draft in Streamlit's
session state kept in step with the draft store, notices, Undo, widget keys, cached resources.

Widgets are drawn from the *draft* (:mod:`ui.viewmodel`) and write their values back into it. At
the end of each run :func:`sync_draft` saves it under the game's id with the version this session
last saw; when another session (a second phone on the same link) saved meanwhile, the store merges
both and this session continues from the merge, told of any field both changed. Widget keys carry
a generation number that changes whenever the draft is replaced from outside the widgets (another
game, a merge), so every widget starts again from the draft.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import streamlit as st

from ui import i18n, photos, state
from ui import viewmodel as vm
from ui.i18n import Said
from vision import overlay
from zengarden.drafts import (
    DRAFT_PROBLEMS,
    Draft,
    DraftError,
    DraftStore,
    EditConflict,
    draft_json,
    new_game_id,
    valid_game_id,
)
from zengarden.history import History, data_dir

#: The query parameter naming the game: ``http://host:8501/?game=Ab3dE-9x``.
GAME_PARAM = "game"
#: Where the user is (not what they entered): kept when the widgets restart from a merged draft, so
#: another phone's save does not move this phone to the first player's garden.
KEPT_ACROSS_MERGES = ("garden_player_last",)


@st.cache_resource
def get_history(directory: str) -> History:
    return History.open(directory)


@st.cache_resource
def get_drafts(directory: str) -> DraftStore:
    return DraftStore.open(directory)


@st.cache_resource(show_spinner=False)
def get_model(path: str | None) -> Any:
    """The tile model (bundled, or the local one trained from this copy's photos). Raises
    ImportError / ValueError when photo reading is not installed or the model cannot be loaded."""
    return photos.load_tile_model(path)


def model_or_error() -> tuple[Any, BaseException | None]:
    """The tile model, or why there is none (worded by the page, e.g. ``ui.tab_gardens.unavailable_words``)."""
    try:
        return get_model(ss().settings.get("model_path")), None
    except (ImportError, ValueError) as exc:  # not cached: the next photo tries again
        return None, exc


@st.cache_data(max_entries=32, show_spinner=False)
def garden_png(grid_json: str, highlight_json: str | None, review_json: str, size: int) -> bytes:
    import cv2

    grid = json.loads(grid_json)
    cells = [[vm.tile_or_none(t) for t in row] for row in grid]
    highlight = json.loads(highlight_json) if highlight_json is not None else None
    img = overlay.render_garden(cells, tile_size=size, highlight=highlight, review=json.loads(review_json))
    return cv2.imencode(".png", img)[1].tobytes()


def ss() -> Any:
    return st.session_state


def k(name: str) -> str:
    """A widget key for the current draft generation."""
    return f"{name}@{ss().gen}"


def drafts() -> DraftStore:
    return get_drafts(ss().data_dir)


# --- notices: what an action did, shown on the next run (an action usually ends in a rerun) ----------

def notify(level: str, said: Said) -> None:
    """Say what happened: ``level`` is ``toast``, ``success``, ``info``, ``warning`` or ``error``;
    ``said`` an :mod:`ui.i18n` text and its values, worded when shown, so in the language of that run
    (a value that is words, e.g. why a file could not be written, is a ``Said`` too)."""
    ss().notices.append((level, said))


def show_notices(T: i18n.Translator) -> None:
    s = ss()
    # always one container, so what follows (the tabs) keeps its place and the open tab stays open
    box = st.container()
    for level, said in s.notices:
        text = T.say(said)
        if level == "toast":
            st.toast(text)
        else:
            getattr(box, level)(text)
    s.notices = []


def keep_settings(T: i18n.Translator, rerun: bool = False) -> None:
    """Write this session's settings to the data folder, then rerun when ``rerun``. When the folder
    cannot be written they still hold in this session and a warning says so (after a rerun: a notice)."""
    try:
        state.save_settings(ss().settings)
    except OSError as exc:
        if rerun:
            notify("warning", Said("settings_not_saved", {"why": Said(i18n.file_problem_key(exc))}))
        else:
            st.warning(T("settings_not_saved", why=T.file_problem(exc)))
    if rerun:
        st.rerun()


def conflict_said(conflict: EditConflict) -> Said:
    """A field the user changed was changed differently on another device (theirs kept); an Emperor
    tile's space by its name, not its code."""
    detail: str | Said = conflict.detail
    if conflict.field == "preference" and f"space.{detail}" in i18n.EN:
        detail = Said(f"space.{detail}")
    what = Said(f"edit_field.{conflict.field}", {"detail": detail})
    if conflict.player is None:
        return Said("edit_conflict_setup", {"what": what})
    return Said("edit_conflict", {"who": conflict.player, "what": what})


# --- which game ---------------------------------------------------------------------------------

def init_session() -> None:
    """Start the session on the game its link names (a new game when it names none), or follow the
    link when it changed."""
    s = ss()
    wanted = st.query_params.get(GAME_PARAM)
    if "draft" in s:
        if valid_game_id(wanted) and wanted != s.game_id:
            open_game(wanted)
        elif wanted != s.game_id:
            st.query_params[GAME_PARAM] = s.game_id
        return
    s.data_dir = str(data_dir())
    s.settings = state.load_settings()
    s.gen = 0
    s.notices = []
    s.confirm = None  # the destructive action waiting for "yes": ("delete", id) / ("discard", id)
    s.photos = {}  # digest -> BGR image (downscaled)
    s.processed = {}  # widget key -> digest of the upload already handled
    s.timings = {}
    try:
        legacy = drafts().import_legacy(state.legacy_autosave(Path(s.data_dir)))
    except (OSError, sqlite3.Error) as exc:
        legacy = None
        notify("error", Said("drafts_unavailable", {"why": Said(i18n.file_problem_key(exc))}))
    if legacy:
        notify("info", Said("legacy_imported", {"id": legacy}))
    if valid_game_id(wanted):
        open_game(wanted)
    else:
        _take(new_game_id(), vm.new_draft(), version=0, stored=True)  # stored once something is entered


def draft_problem_key(code: str) -> str:
    """The catalogue key of why a stored draft cannot be used (``zengarden.drafts.DRAFT_PROBLEMS``)."""
    return f"draft_problem_{code if code in DRAFT_PROBLEMS else 'damaged'}"


def draft_problem_words(T: i18n.Translator, code: str) -> str:
    """Why a stored draft cannot be used, never the store's English."""
    return T(draft_problem_key(code))


def open_game(game_id: str) -> None:
    """Continue the game stored under ``game_id``; an id not stored yet starts an empty game under it
    (a link shared before anything was entered)."""
    try:
        stored = drafts().load(game_id)
    except DraftError as exc:  # its stored row is not a draft this app can use
        notify("error", Said("draft_unreadable", {"id": game_id, "why": Said(draft_problem_key(exc.code))}))
        _take(new_game_id(), vm.new_draft(), version=0, stored=True)
        return
    except (OSError, sqlite3.Error) as exc:
        notify("error", Said("drafts_unavailable", {"why": Said(i18n.file_problem_key(exc))}))
        stored = None
    if stored is None:
        _take(game_id, vm.new_draft(), version=0, stored=True)
    else:
        _take(game_id, stored.draft, version=stored.version, stored=True)


def _take(game_id: str, draft: Draft, version: int, stored: bool) -> None:
    """Make ``draft`` this session's game: link, draft, the version and base it is synced from.
    ``stored`` False: save it at the end of the next run even though nothing was edited."""
    s = ss()
    for player in draft["players"]:  # the editors start from the current gardens
        player["editor_base"] = [list(r) for r in player["garden"]]
    s.game_id = game_id
    st.query_params[GAME_PARAM] = game_id
    s.draft = draft
    s.version = version
    s.base_json = draft_json(draft)
    s.saved_json = s.base_json if stored else ""
    s.undo = {i: vm.GardenUndo.start(p["garden"]) for i, p in enumerate(draft["players"])}
    s.gen = s.get("gen", 0) + 1
    s.messages = {}  # player index -> the photo step's message (ui.tab_gardens.Message)
    s.clicks = {}  # player index -> list of clicked points (photo pixels)
    s.confirm = None


def start_game(draft: Draft, notice: Said) -> None:
    """A whole new draft (new game, import, reopening a saved game) starts a new game with its own
    link; the game shown until now stays in the draft store, so it can be resumed. ``notice``: a toast."""
    _take(new_game_id(), draft, version=0, stored=False)
    notify("toast", notice)
    st.rerun()


def resume_game(game_id: str) -> None:
    open_game(game_id)
    notify("toast", Said("resumed", {"id": game_id}))
    st.rerun()


# --- saving and merging ---------------------------------------------------------------------------

def sync_draft(T: i18n.Translator) -> None:
    """End of a run: save what changed (merging with another session's saves), or take up what
    another session saved when nothing changed here. Reruns when the draft shown changed."""
    s = ss()
    current = draft_json(s.draft)
    try:
        store = drafts()
        if current == s.saved_json:
            if store.version(s.game_id) <= s.version:
                return
            stored = store.load(s.game_id)
            if stored is None:
                return
            _merged_in(stored.draft, stored.version)
            notify("toast", Said("synced"))
            st.rerun()
        result = store.save(s.game_id, s.draft, base=json.loads(s.base_json), base_version=s.version)
    except (DraftError, OSError, sqlite3.Error) as exc:  # kept in the session; tried again next run
        why = T("draft_not_storable") if isinstance(exc, DraftError) else T.file_problem(exc)
        st.toast(T("autosave_failed", why=why))
        return
    if not result.merged or draft_json(result.draft) == current:
        s.version, s.base_json, s.saved_json = result.version, current, current
        return
    _merged_in(result.draft, result.version)
    notify("toast", Said("synced"))
    for conflict in result.conflicts:
        notify("warning", conflict_said(conflict))
    st.rerun()


def _merged_in(draft: Draft, version: int) -> None:
    """Continue from a draft another session changed: widgets restart from it, Undo keeps this
    session's own earlier gardens (the other device's change is not undone here)."""
    s = ss()
    for player in draft["players"]:
        player["editor_base"] = [list(r) for r in player["garden"]]
    same_players = len(draft["players"]) == len(s.draft["players"])
    s.draft = draft
    s.version = version
    s.base_json = s.saved_json = draft_json(draft)
    s.undo = {i: (s.undo[i].rebase(p["garden"]) if same_players and i in s.undo else vm.GardenUndo.start(p["garden"]))
              for i, p in enumerate(draft["players"])}
    kept = {name: s[k(name)] for name in KEPT_ACROSS_MERGES if k(name) in s}
    s.gen += 1
    for name, value in kept.items():
        s[k(name)] = value


# --- undo -----------------------------------------------------------------------------------------

def garden_undo(T: i18n.Translator, i: int, player: vm.DraftPlayer) -> None:
    """Note any change of player ``i``'s garden since the last run; offer to undo the last one."""
    s = ss()
    history = s.undo.get(i) or vm.GardenUndo.start(player["garden"])
    history = history.note(player["garden"])
    s.undo[i] = history
    if history.can_undo and st.button(T("undo"), key=k(f"undo{i}"), icon="↩️",
                                      help=T("undo_help", name=player["name"])):
        s.undo[i], grid = history.undo()
        vm.set_player_grid(player, grid)
        notify("toast", Said("garden_restored", {"name": player["name"]}))
        st.rerun()


def photo_image(digest: str | None) -> Any:
    if not digest:
        return None
    cache = ss().photos
    if digest not in cache:
        img = photos.load_copy(state.photo_path(digest))
        if img is None:
            return None
        cache[digest] = img
    return cache[digest]
