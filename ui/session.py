"""The app's session: the draft in Streamlit's session state, widget keys, cached resources.

Widgets are drawn from the *draft* (:mod:`ui.viewmodel`) and write their values back into it.
Widget keys carry a generation number that changes when a whole draft is replaced (new game,
import, reopen), so every widget starts again from the new draft.
"""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

from ui import photos, state
from ui import viewmodel as vm
from vision import overlay
from zengarden.history import History, data_dir


@st.cache_resource
def get_history(directory: str) -> History:
    return History.open(directory)


@st.cache_resource(show_spinner=False)
def get_model(path: str | None) -> Any:
    """The tile model (bundled, or the local one trained from this copy's photos). Raises
    ImportError / ValueError when photo reading is not installed or the model cannot be loaded."""
    return photos.load_tile_model(path)


def model_or_error() -> tuple[Any, str | None]:
    try:
        return get_model(ss().settings.get("model_path")), None
    except (ImportError, ValueError) as exc:  # not cached: the next photo tries again
        return None, str(exc)


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


def init_session() -> None:
    s = ss()
    if "draft" in s:
        return
    s.data_dir = str(data_dir())
    s.settings = state.load_settings()
    draft = state.load_draft()
    for p in draft["players"]:  # restored: editors start from the current gardens
        p["editor_base"] = [list(r) for r in p["garden"]]
    s.draft = draft
    s.gen = 0
    s.saved_json = state.draft_json(draft)
    s.photos = {}  # digest -> BGR image (downscaled)
    s.processed = {}  # widget key -> digest of the upload already handled
    s.messages = {}  # player index -> (level, text) for the photo step
    s.clicks = {}  # player index -> list of clicked points (photo pixels)
    s.timings = {}


def replace_draft(draft: dict[str, Any]) -> None:
    s = ss()
    s.draft = draft
    s.gen += 1
    s.messages = {}
    s.clicks = {}
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
