"""'Teach it my copy': enrol the players' own copy, floor by floor, then read with its model.

A sidebar section: what to lay out, each step with its picture (``vision.overlay.layout_picture``:
the empty board, optional; then all 15 tiles of one floor plus any one other), one photo per floor
(the file picker, and the in-page camera where the browser allows it) with a checklist of the floors done, the
labels decided for each photo shown as the 3 × 5 table of path × decor they were given (a misplaced
tile stands out; a tap picks a tile, a tap on another swaps their labels, a tap on the picked one
turns it; a corrected photo's labels are kept in its sidecar, the labelled-photo format, and feed
the model; when the tiles are not where the reader put them, four taps on the photo give their
outline, kept in a corners-only sidecar, and the labels are decided again), then the copy model
built with a progress bar, kept under its name ("Our copy") and used for every read
(``vision.enrol``). Several copies are kept and switched; reset (the sidebar's only one) returns
to the bundled model; the sidebar names the model in use above its sections. Tap logic and the
copies' files live in :mod:`ui.copies` (tested without Streamlit); the four-corner picker in
:mod:`ui.corner_taps` (shared with the Gardens tab).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from scorer.vocab import ALL_DECORS, ALL_FLOORS, ALL_PATHS, Corner, Floor
from ui import copies, photos
from ui.corner_taps import TapWords, corner_taps

ENROL_DIR = "enrol"
#: The empty board's photo in the enrolment folder (any image suffix).
BOARD = "board"
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp", ".heic")
#: Side of the picture of what to lay out, in pixels.
LAYOUT_SIDE = 200
#: What the four-corner picker says on this page.
TAP_WORDS = TapWords(help="enrol_corners_help", so_far="enrol_taps_so_far", clear="enrol_clear_taps")

log = logging.getLogger(__name__)


def enrol_dir() -> Path:
    from zengarden.history import data_dir

    return data_dir() / ENROL_DIR


def floor_photos(directory: Path | None = None) -> dict[Floor, Path]:
    """The floor photos kept so far: floor -> photo path."""
    d = directory or enrol_dir()
    found: dict[Floor, Path] = {}
    for floor in ALL_FLOORS:
        for suffix in IMAGE_SUFFIXES:
            p = d / f"{floor.value}{suffix}"
            if p.is_file():
                found[floor] = p
                break
    return found


def board_photo(directory: Path | None = None) -> Path | None:
    """The empty board's photo kept, or None."""
    d = directory or enrol_dir()
    return next((d / f"{BOARD}{suffix}" for suffix in IMAGE_SUFFIXES if (d / f"{BOARD}{suffix}").is_file()), None)


def _write_safely(path: Path, data: bytes, stem: str | None = None) -> None:
    """Write ``path`` beside it first, then move it in place (with ``stem``, after removing the other
    ``<stem>.*`` files). When the disk refuses (OSError, raised), the earlier files are all still there."""
    part = path.with_name(f".{path.name}.part")  # hidden: not matched by '<stem>.*' nor taken for a photo
    try:
        part.write_bytes(data)
        for old in path.parent.glob(f"{stem}.*") if stem else ():
            if old != path:
                old.unlink()
        part.replace(path)
    except OSError:
        part.unlink(missing_ok=True)
        raise


def _keep_upload(stem: str, name: str, data: bytes) -> Path:
    """Store an uploaded photo as ``<enrol dir>/<stem><suffix>``, replacing the earlier one and its
    sidecar (labels of another photo do not fit this one), without losing them when the disk refuses."""
    d = enrol_dir()
    d.mkdir(parents=True, exist_ok=True)
    path = d / f"{stem}{Path(name).suffix.lower() or '.jpg'}"
    _write_safely(path, data, stem)
    return path


def keep_corners(photo: Path, corners: Any) -> Path:
    """Keep the outline the player tapped as the photo's corners-only sidecar (photo pixels of the
    file, top-left first, clockwise): a check then cuts the cells there and decides their labels.
    It replaces labels kept for the photo (new corners, new cells). OSError when the disk refuses."""
    sidecar = Path(photo).with_suffix(".json")
    points = [[round(float(x), 2), round(float(y), 2)] for x, y in np.asarray(corners, np.float64).reshape(4, 2)]
    _write_safely(sidecar, (json.dumps({"corners": points}) + "\n").encode("utf-8"))
    return sidecar


def outline_given(photo: Path) -> bool:
    """Whether the photo's sidecar gives only its outline (the player's taps), no labels."""
    try:
        data = json.loads(Path(photo).with_suffix(".json").read_text(encoding="utf-8"))
    except (OSError, ValueError):  # none, or unreadable: the check says so
        return False
    return isinstance(data, dict) and "corners" in data and "garden" not in data


#: Where the path-corner mark sits in a slot, per corner label (x, y as fractions of the slot).
_CORNER_AT = {Corner.NW: (0, 0), Corner.NE: (1, 0), Corner.SW: (0, 1), Corner.SE: (1, 1)}


def pair_sheet(crops: np.ndarray, garden: Any, floor: Floor, side: int = copies.SLOT,
               picked: copies.Slot | None = None) -> np.ndarray:
    """One floor photo's cells ``(16, T, T, 3)`` placed in the 3 × 5 table of path (rows) × decor
    (columns) they were assigned -> ``(3 side, 5 side, 3)`` uint8 BGR; an empty slot stays grey,
    two tiles given one slot would be drawn over each other (cannot happen: the assignment is 1:1).
    Each tile shows a yellow mark in the corner its label says the path wraps (a wrong turn stands
    out); the ``picked`` slot is framed in blue."""
    import cv2

    sheet = np.full((len(ALL_PATHS) * side, len(ALL_DECORS) * side, 3), 128, np.uint8)
    mark = max(3, side // 7)
    for cell, (_, tile) in enumerate(garden.cells()):
        if tile.floor is not floor:
            continue
        r, c = ALL_PATHS.index(tile.path), ALL_DECORS.index(tile.decor)
        x0, y0 = c * side, r * side
        sheet[y0:y0 + side, x0:x0 + side] = cv2.resize(crops[cell], (side, side))
        fx, fy = _CORNER_AT[tile.corner]
        cx, cy = x0 + fx * (side - 1), y0 + fy * (side - 1)
        tri = np.array([[cx, cy], [cx + (mark if fx == 0 else -mark), cy], [cx, cy + (mark if fy == 0 else -mark)]],
                       np.int32)
        cv2.fillConvexPoly(sheet, tri, (0, 220, 255))
        cv2.rectangle(sheet, (x0, y0), (x0 + side - 1, y0 + side - 1), (40, 40, 40), 1)
    if picked is not None:
        r, c = picked
        cv2.rectangle(sheet, (c * side + 1, r * side + 1), ((c + 1) * side - 2, (r + 1) * side - 2), (255, 120, 0), 3)
    return sheet


def save_labels(photo: Any, garden: Any) -> Path:
    """Keep a floor photo's corrected labels in its sidecar (the labelled-photo format: garden and
    corners in the photo's own pixels), so a later check and the model build take them as given."""
    sidecar = Path(photo.path).with_suffix(".json")
    corners = (np.asarray(photo.corners, np.float64) / float(photo.scale)).round(2).tolist()
    _write_safely(sidecar, (json.dumps({"garden": garden.to_lists(), "corners": corners, "floor": photo.floor.value},
                                       indent=1) + "\n").encode("utf-8"))
    return sidecar


def problem_words(T: Any, exc: BaseException) -> str:
    """What went wrong, in the player's language, never the exception's English: an image problem
    (``vision.io``'s code), an enrolment problem (``vision.enrol.EnrolError.code``), else a file error
    or a general failure."""
    from vision.enrol import ENROL_PROBLEMS
    from vision.io import ALL_IMAGE_PROBLEMS

    code = getattr(exc, "code", "")
    if code in ALL_IMAGE_PROBLEMS:
        return T(f"photo_problem_{code}")
    if code in ENROL_PROBLEMS:
        return T(f"enrol_problem_{code}")
    return T("enrol_problem_file" if isinstance(exc, OSError) else "enrol_problem_unexpected")


def error_words(T: Any, exc: BaseException) -> str:
    """An error of 'Check the labels', naming the floor whose photo it is about when it says."""
    floor = getattr(exc, "floor", None)
    why = problem_words(T, exc)
    if isinstance(floor, Floor):
        return T("enrol_photo_failed", floor=T.value("floor", floor.value), why=why)
    return T("enrol_check_failed", why=why)


def _tile_words(T: Any, tile: Any) -> str:
    return f"{T.value('path', tile.path.value)} · {T.value('decor', tile.decor.value)}"


def enrol_panel(T: Any) -> None:
    """The sidebar section (Streamlit): the guide, then the copy switch and reset. Drawn whether or not
    the training extras are installed: going back to the bundled model needs none of them."""
    import streamlit as st

    with st.expander(T("enrol_title")):
        _guide(T)
        _copy_switch(T, copies.list_copies())


def _guide(T: Any) -> None:
    """Board and floor photos, the labels to check and fix, the build."""
    import streamlit as st

    from ui.session import ss

    s = ss()
    st.caption(T("enrol_board_step"))
    _layout(None)
    board_up = _photo_input(T, T("enrol_board_photo"), "enrol_board")
    if not photos.camera_possible(st.context.url):
        st.caption(T("camera_needs_https"))
    if board_up is not None and s.get("enrol_board_seen") != board_up.file_id \
            and _kept(T, BOARD, board_up, T("enrol_what_board")):
        s.enrol_board_seen = board_up.file_id
    st.caption(T("enrol_lay_out"))
    checklist = st.empty()  # filled after this run's upload, so a photo just taken is ticked at once
    floor = st.selectbox(T("enrol_floor"), [f.value for f in ALL_FLOORS],
                         format_func=lambda v: T.value("floor", v), key="enrol_floor")
    _layout(Floor(floor))
    upload = _photo_input(T, T("enrol_upload"), f"enrol_upload_{floor}")
    if upload is not None and s.get(f"enrol_seen_{floor}") != upload.file_id \
            and _kept(T, floor, upload, T("enrol_what_floor", floor=T.value("floor", floor))):
        s[f"enrol_seen_{floor}"] = upload.file_id  # stored once, not again on every rerun (it would drop fixes)
        s.setdefault("enrol_unsaved", {}).pop(floor, None)  # a fix of the photo replaced fits no other
        s.setdefault("enrol_taps", {}).pop(floor, None)
    kept = floor_photos()
    checklist.caption(" · ".join(("✅ " if f in kept else "⬜ ") + T.value("floor", f.value) for f in ALL_FLOORS))
    if not kept:
        return
    if st.button(T("enrol_check"), width="stretch", key="enrol_check"):
        base = _base_model(T)  # when it cannot be loaded, the labels checked before stay shown
        if base is not None and not _check(T, kept, base):
            return
    result = s.get("enrolment")
    if result is None:
        return
    st.caption(T("enrol_tap_hint"))
    for j, (ph, unsure) in enumerate(zip(result.photos, result.unsure)):
        _sheet(T, result, j)
        st.caption(f"{T.value('floor', ph.floor.value)}: " + (
            T("enrol_unsure", cells=", ".join(unsure)) if unsure else T("enrol_all_placed")))
        if ph.outline_reasons:
            st.warning(T("enrol_outline"))  # the locator's reasons are for developers (zengarden enrol prints them)
        if ph.floor.value in s.get("enrol_unsaved", {}):
            st.warning(T("enrol_fix_not_saved"))
        if ph.floor.value in s.get("enrol_tapped", ()):
            st.caption(T("enrol_outline_tapped"))
        _outline_taps(T, result, j)
    if s.get("enrol_did"):
        st.caption(s.enrol_did)
    name = st.text_input(T("enrol_name"), value=T("enrol_default_name"), key="enrol_name", max_chars=copies.MAX_NAME)
    if st.button(T("enrol_build"), width="stretch", key="enrol_build"):
        _build(T, result, name)


def _kept(T: Any, stem: str, upload: Any, what: str) -> bool:
    """Keep an uploaded photo (``_keep_upload``); when the disk refuses, say which photo could not be
    kept, in the player's language. It stays in the picker and is tried again on the next run."""
    import streamlit as st

    try:
        _keep_upload(stem, upload.name, upload.getvalue())
    except OSError as exc:
        st.error(T("enrol_photo_not_kept", name=upload.name, what=what, why=T.file_problem(exc)))
        return False
    return True


def filling(bar: Any, text: str) -> Callable[..., None]:
    """The progress callback ``(fraction, message)`` that fills Streamlit's progress ``bar``: the
    fraction clamped to [0, 1], shown as ``text`` and a percentage (the pipeline's own words are
    English: not shown)."""

    def progress(f: float, _msg: str = "") -> None:
        done = min(1.0, max(0.0, float(f)))
        bar.progress(done, text=f"{text} ({done:.0%})")

    return progress


def _base_model(T: Any) -> Any:
    """The bundled model that decides the labels and that a copy's model starts from; None, with a
    message in the player's language, when it cannot be loaded (the photos and labels stay)."""
    import streamlit as st

    from ui.session import get_model

    try:
        return get_model(None)
    except (ImportError, ValueError, OSError):  # ValueError: vision.model.ModelLoadError; not cached
        st.error(T("enrol_model_unavailable"))
        return None


def _check(T: Any, kept: dict[Floor, Path], base: Any, retapped: Floor | None = None) -> bool:
    """'Check the labels': decide each kept floor photo's labels (and find the board's spaces) into
    the session; False, with the error in the player's language, when a floor photo cannot be used.
    Fixes kept in sidecars are read back as given; a fix the disk refused is put back from the
    session, except on the photo whose outline was just tapped (``retapped``: new cells)."""
    import streamlit as st

    from ui.session import ss
    from vision.enrol import EnrolError, board_picture, enrol_labels

    s = ss()
    unsaved: dict[str, tuple[Path, Any]] = s.setdefault("enrol_unsaved", {})
    if retapped is not None:
        unsaved.pop(retapped.value, None)
    board, picture = board_photo(), None
    if board is not None:
        try:
            picture = board_picture(board, base)
        except Exception as exc:  # the floors still teach the copy; the board only helps
            if not isinstance(exc, EnrolError):
                log.exception("reading the board photo failed")
            st.warning(T("enrol_board_unused", why=problem_words(T, exc)))
    try:
        tapped = {f.value for f, p in kept.items() if outline_given(p)}
        bar = st.progress(0.0, text=T("enrol_checking"))
        try:
            result = enrol_labels([(f.value, p) for f, p in kept.items()], base, board=picture,
                                  progress=filling(bar, T("enrol_checking")))
        finally:
            bar.empty()
    except Exception as exc:  # also the reader's own failure on an odd photo (cv2.error, MemoryError)
        if not isinstance(exc, (ValueError, OSError)):
            log.exception("checking the floor photos failed")
        st.error(error_words(T, exc))
        return False
    for j, ph in enumerate(result.photos):
        path, garden = unsaved.pop(ph.floor.value, (None, None))
        if path != ph.path or ph.labelled is not None:  # another photo since, or labels given on disk
            continue
        result.gardens[j], result.unsure[j] = garden, ()
        try:
            save_labels(ph, garden)
        except OSError:  # still only in this session
            unsaved[ph.floor.value] = (path, garden)
    s.enrolment = result
    s.enrol_tapped = tapped
    s.enrol_picked = {}
    s.enrol_last = {}
    s.enrol_did = ""
    return True


def _photo_input(T: Any, label: str, key: str) -> Any:
    """A step's photo: the file picker, always (on a phone it offers the camera too); the in-page
    camera as well where the browser allows it (as on the Gardens tab)."""
    import streamlit as st

    upload = st.file_uploader(label, type=[x[1:] for x in IMAGE_SUFFIXES], key=key)
    if photos.camera_possible(st.context.url) and st.toggle(T("use_camera"), key=f"{key}_cam"):
        upload = st.camera_input(label, key=f"{key}_camera", resolution="1080p") or upload
    return upload


def _layout(floor: Floor | None) -> None:
    """What to lay out for this step's photo (``vision.overlay.layout_picture``)."""
    import streamlit as st

    from vision.overlay import layout_picture, to_rgb

    st.image(to_rgb(layout_picture(floor, LAYOUT_SIDE)), width=LAYOUT_SIDE)


def _sheet(T: Any, result: Any, j: int) -> None:
    """Photo ``j``'s path × decor sheet; a tap picks, swaps or turns (``ui.copies.sheet_tap``)."""
    import streamlit as st
    from streamlit_image_coordinates import streamlit_image_coordinates

    from ui.session import ss

    s = ss()
    ph = result.photos[j]
    floor = ph.floor.value
    picks, last = s.setdefault("enrol_picked", {}), s.setdefault("enrol_last", {})
    picked = picks.get(floor)
    sheet = pair_sheet(ph.crops, result.gardens[j], ph.floor, picked=picked)
    value = streamlit_image_coordinates(sheet[..., ::-1].copy(), key=f"enrol_sheet_{floor}",
                                        use_column_width="always", cursor="pointer")
    if not isinstance(value, dict) or value == last.get(floor):
        return
    last[floor] = value
    try:
        slot = copies.slot_at(float(value["x"]), float(value["y"]), float(value.get("width") or sheet.shape[1]))
    except (KeyError, TypeError, ValueError):  # not a tap the component would send: ignored
        slot = None
    if slot is None:
        return
    before = result.gardens[j]
    tap = copies.sheet_tap(before, ph.floor, picked, slot)
    picks[floor] = tap.picked
    if tap.action == "pick":
        cell = copies.cell_of_slot(before, ph.floor, slot)
        s.enrol_did = T("enrol_picked", tile=_tile_words(T, list(before)[cell]))
    elif tap.action in ("swap", "turn"):
        result.gardens[j] = tap.garden
        result.unsure[j] = ()  # the player has looked at this photo and fixed it
        unsaved = s.setdefault("enrol_unsaved", {})
        try:
            save_labels(ph, tap.garden)
            unsaved.pop(floor, None)
        except OSError:  # the fix stays in this session (a later check puts it back) and feeds the build
            unsaved[floor] = (ph.path, tap.garden)  # said under the sheet while it is not saved
        if tap.action == "swap":
            a = list(before)[copies.cell_of_slot(before, ph.floor, picked)]
            b = list(before)[copies.cell_of_slot(before, ph.floor, slot)]
            s.enrol_did = T("enrol_swapped", a=_tile_words(T, a), b=_tile_words(T, b))
        else:
            s.enrol_did = T("enrol_turned", tile=_tile_words(T, list(tap.garden)[copies.cell_of_slot(
                tap.garden, ph.floor, slot)]))
    st.rerun()


def _tap_photo(T: Any, floor: str, path: Path) -> tuple[np.ndarray, float] | None:
    """A floor photo to tap its corners on: a display copy and the file's width in pixels (what the
    taps are converted to); kept in the session while the file is unchanged. None, with why in the
    player's language, when it cannot be shown."""
    import streamlit as st

    from ui.corner_taps import TAP_SIDE
    from ui.session import ss
    from vision.geometry import downscale
    from vision.io import load_image_scaled

    shown = ss().setdefault("enrol_tap_photos", {})
    try:
        if not path.is_file():
            st.error(T("enrol_corners_unusable", why=T("enrol_problem_photo_not_found")))
            return None
        info = path.stat()
        stamp = (str(path), info.st_mtime_ns, info.st_size)
        if floor not in shown or shown[floor][0] != stamp:
            image, scale = load_image_scaled(path)
            display, _ = downscale(image, TAP_SIDE)
            shown[floor] = (stamp, display, image.shape[1] / scale)
    except Exception as exc:  # also the decoder's own failure on an odd file (cv2.error, MemoryError)
        if not isinstance(exc, (ValueError, OSError)):
            log.exception("showing a floor photo for its corners failed")
        st.error(T("enrol_corners_unusable", why=problem_words(T, exc)))
        return None
    return shown[floor][1], shown[floor][2]


def _outline_taps(T: Any, result: Any, j: int) -> None:
    """Under photo ``j``'s sheet: its outline by four taps on the photo (:func:`ui.corner_taps.corner_taps`),
    open when the reader is unsure of it. The fourth tap keeps the corners in the photo's sidecar
    (:func:`keep_corners`) and checks all kept photos again, so the sheet shows the labels decided
    from them; when the disk refuses, the taps stay and are kept at the next run."""
    import streamlit as st

    from ui.session import ss

    s = ss()
    ph = result.photos[j]
    floor = ph.floor.value
    with st.expander(T("enrol_corners_title"), expanded=bool(ph.outline_reasons), key=f"enrol_corners_box_{floor}"):
        shown = _tap_photo(T, floor, Path(ph.path))
        if shown is None:
            return
        display, width = shown
        taps = s.setdefault("enrol_taps", {}).setdefault(floor, [])
        outline = np.asarray(ph.corners, np.float64) / float(ph.scale)  # where the reader put the tiles
        corners = corner_taps(T, display, taps, f"enrol_taps_{floor}", f"enrol_clear_taps_{floor}",
                              photo_width=width, outline=outline, words=TAP_WORDS, side_by_side=False)
        if corners is None:
            return
        try:
            keep_corners(ph.path, corners)
        except OSError as exc:
            st.error(T("enrol_corners_not_kept", why=T.file_problem(exc)))
            return
        taps.clear()
        base = _base_model(T)  # when it cannot be loaded, the corners are kept for the next check
        if base is not None and _check(T, floor_photos(), base, retapped=ph.floor):
            st.rerun()


def _build(T: Any, result: Any, name: str) -> None:
    """Build the copy model from the labels as shown, keep it under ``name`` and use it."""
    import streamlit as st

    from ui.session import get_model, keep_settings, ss
    from vision.enrol import build_copy_model

    s = ss()
    try:
        clean = copies.clean_name(name)
    except ValueError:
        st.error(T("enrol_name_needed", n=copies.MAX_NAME))
        return
    base = _base_model(T)
    if base is None:
        return
    bar = st.progress(0.0, text=T("enrol_building"))
    try:
        model = build_copy_model(result, base, progress=filling(bar, T("enrol_building")))
        path = copies.model_file(clean)
        path.parent.mkdir(parents=True, exist_ok=True)
        saved = Path(model.save(path))
        copies.remember(clean, saved)
    except Exception as exc:  # also the trainer's own failure (cv2.error, MemoryError, numpy)
        if not isinstance(exc, (ValueError, OSError)):
            log.exception("building the copy model failed")
        st.error(T("enrol_build_failed", error=problem_words(T, exc)))
        return
    s.settings["model_path"] = str(saved)
    get_model.clear()
    st.success(T("enrol_built", name=clean))
    st.caption(T("enrol_knows_light" if model.floor_palette() is not None else "enrol_knows_no_light"))
    if model.board_refs is not None:
        st.caption(T("enrol_knows_board", n=len(model.board_refs)))
    found = model.meta.get("board_found_by_marks")  # [photos the board was found in by its marks, of]
    if found is not None:
        st.caption(T("enrol_knows_marks", k=found[0], n=found[1]) if found[0] else T("enrol_few_marks", n=found[1]))
    keep_settings(T)


def _copy_switch(T: Any, kept_copies: dict[str, str]) -> None:
    """Which kept copy reads photos (or the bundled model), and reset: the one the Gardens tab's hint
    names when a copy's model cannot be loaded (``ui.tab_gardens.unavailable_said``)."""
    import streamlit as st

    from ui.session import get_model, keep_settings, ss

    s = ss()
    current = s.settings.get("model_path") or ""
    options = ["", *kept_copies]
    if current not in options:  # a model retrained from kept photos: listed under its file name
        options.append(current)
    names = {"": T("bundled_model"), **kept_copies}
    # keyed by the model in use: when a build or a reset changes it, the picker starts from it anew
    chosen = st.selectbox(T("enrol_copy_in_use"), options, index=options.index(current), key=f"enrol_copy@{current}",
                          format_func=lambda p: names.get(p) or copies.model_name(p, kept_copies, ""))
    if chosen != current:
        s.settings["model_path"] = chosen or None
        get_model.clear()
        keep_settings(T, rerun=True)
    if current and st.button(T("reset_model"), width="stretch", key="enrol_reset"):
        s.settings["model_path"] = None
        get_model.clear()
        keep_settings(T, rerun=True)
