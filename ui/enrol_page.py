"""'Teach it my copy': enrol the players' own copy, floor by floor, then read with its model.

A sidebar section: what to lay out (all 15 tiles of one floor plus any one other), one photo per
floor (camera or upload) with a checklist of the floors done, the labels decided for each photo
shown as the 3 × 5 table of path × decor they were given (a misplaced tile stands out), then the
copy model built with a progress bar and used for every read (``vision.enrol``). Texts are English
keys of :class:`ui.i18n.Translator` (it shows the key when a catalogue lacks it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from scorer.vocab import ALL_DECORS, ALL_FLOORS, ALL_PATHS, Floor

ENROL_DIR = "enrol"
COPY_MODEL = "models/our-copy.skops"


def enrol_dir() -> Path:
    from zengarden.history import data_dir

    return data_dir() / ENROL_DIR


def floor_photos(directory: Path | None = None) -> dict[Floor, Path]:
    """The floor photos kept so far: floor -> photo path."""
    d = directory or enrol_dir()
    found: dict[Floor, Path] = {}
    for floor in ALL_FLOORS:
        for suffix in (".jpg", ".jpeg", ".png", ".webp", ".heic"):
            p = d / f"{floor.value}{suffix}"
            if p.is_file():
                found[floor] = p
                break
    return found


def pair_sheet(crops: np.ndarray, garden: Any, floor: Floor, side: int = 72) -> np.ndarray:
    """One floor photo's cells ``(16, T, T, 3)`` placed in the 3 × 5 table of path (rows) × decor
    (columns) they were assigned -> ``(3 side, 5 side, 3)`` uint8 BGR; an empty slot stays grey,
    two tiles given one slot would be drawn over each other (cannot happen: the assignment is 1:1)."""
    import cv2

    sheet = np.full((len(ALL_PATHS) * side, len(ALL_DECORS) * side, 3), 128, np.uint8)
    for cell, (_, tile) in enumerate(garden.cells()):
        if tile.floor is not floor:
            continue
        r, c = ALL_PATHS.index(tile.path), ALL_DECORS.index(tile.decor)
        sheet[r * side:(r + 1) * side, c * side:(c + 1) * side] = cv2.resize(crops[cell], (side, side))
        cv2.rectangle(sheet, (c * side, r * side), ((c + 1) * side - 1, (r + 1) * side - 1), (40, 40, 40), 1)
    return sheet


def enrol_panel(T: Any) -> None:
    """The sidebar section (Streamlit)."""
    import streamlit as st

    from ui import state
    from ui.session import get_model, ss

    s = ss()
    with st.expander(T("Teach it my copy")):
        st.caption(T("Lay all 15 tiles of one floor on the board in any order and turns, and any one tile of "
                     "another floor in the last space; photograph the 16 tiles from above. One photo per floor."))
        kept = floor_photos()
        st.caption(" · ".join(("✅ " if f in kept else "⬜ ") + T.value("floor", f.value) for f in ALL_FLOORS))
        floor = st.selectbox(T("Floor in the photo"), [f.value for f in ALL_FLOORS],
                             format_func=lambda v: T.value("floor", v), key="enrol_floor")
        upload = st.file_uploader(T("Photo of its 15 tiles + one other"), type=["jpg", "jpeg", "png", "webp", "heic"],
                                  key=f"enrol_upload_{floor}")
        if upload is not None:
            d = enrol_dir()
            d.mkdir(parents=True, exist_ok=True)
            for old in d.glob(f"{floor}.*"):
                old.unlink()
            (d / f"{floor}{Path(upload.name).suffix.lower() or '.jpg'}").write_bytes(upload.getvalue())
            kept = floor_photos()
        if not kept:
            return
        if st.button(T("Check the labels"), width="stretch", key="enrol_check"):
            from vision.enrol import enrol_labels

            try:
                result = enrol_labels([(f.value, p) for f, p in kept.items()], get_model(None))
            except (ValueError, OSError) as exc:
                st.error(str(exc))
                return
            s.enrolment = result
        result = getattr(s, "enrolment", None)
        if result is not None:
            for ph, garden, unsure in zip(result.photos, result.gardens, result.unsure):
                st.image(pair_sheet(ph.crops, garden, ph.floor)[..., ::-1],
                         caption=f"{T.value('floor', ph.floor.value)}: " + (
                             T("unsure of {cells}", cells=", ".join(unsure)) if unsure else T("all tiles placed")))
                if ph.outline_reasons:
                    st.warning(T("Check the outline of this photo: {why}", why="; ".join(ph.outline_reasons)))
            if st.button(T("Build my copy model"), width="stretch", key="enrol_build"):
                from vision.enrol import build_copy_model
                from zengarden.history import data_dir

                bar = st.progress(0.0, text=T("Building the model of your copy"))
                try:
                    model = build_copy_model(result, get_model(None), progress=lambda f, m: bar.progress(
                        min(1.0, max(0.0, float(f))), text=m))
                    path = model.save(data_dir() / COPY_MODEL)
                except (ValueError, OSError) as exc:
                    st.error(str(exc))
                    return
                s.settings["model_path"] = str(path)
                state.save_settings(s.settings)
                get_model.clear()
                st.success(T("Our copy's model is used for every photo from now on"))
