"""Gardens tab: per player (picked above) a photo (read, outline drawn, corners clickable), the garden to
tap (ui.garden_grid) and, for keyboards, the tile table and the notation."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any

import pandas as pd
import streamlit as st

from scorer import InvalidGameError, score_game
from scorer.vocab import MAX_COINS, MIN_COINS
from ui import i18n, photos, state
from ui import viewmodel as vm
from ui.corner_taps import corner_taps
from ui.garden_grid import garden_grid
from ui.i18n import Said
from ui.session import garden_undo, k, model_or_error, notify, photo_image, ss
from vision import overlay
from vision.geometry import downscale
from vision.io import ALL_IMAGE_PROBLEMS

#: Longer side of the photo as shown (phones are ~400 px wide; enough for a sharp desktop view too).
DISPLAY_SIDE = 900

log = logging.getLogger(__name__)

#: What a photo step says (``session.messages[player]``): a level (``st.success``, ``st.warning`` …) and
#: the parts, worded when shown so that a change of language rewords them at once.
Message = tuple[str, tuple[Said, ...]]


def gardens_tab(T: i18n.Translator) -> None:
    draft = ss().draft
    top = st.container()  # filled last: totals and the duplicate-tile warning reflect this run's edits
    with_photos = [i for i, p in enumerate(draft["players"]) if p.get("reading") and photo_image(p.get("photo"))
                   is not None]
    if len(with_photos) >= 2 and st.button(T("read_jointly"), key=k("joint"), help=T("read_jointly_help")):
        read_jointly(T, with_photos)
    # the picker is drawn after the panel, in its place above it: its ✓ then says whether a garden is
    # complete after what this run did (a photo read, a tile set), not one run late
    picker = st.empty()
    i = shown_player(draft)
    conflicts = vm.tile_conflicts(draft)
    garden_panel(T, i, draft["players"][i], vm.conflict_cells(conflicts, draft["players"][i]["name"]))
    with picker:
        player_picker(T, draft, i)
    conflicts = vm.tile_conflicts(draft)  # again: the panel may have applied an edit
    with top:
        live_totals(T)  # at the top: visible while fixing a garden on a phone
        for c in conflicts:
            where = ", ".join(f"{name} {cell}" for name, cell in c.places)
            st.warning(T("conflict_photo" if c.from_photo else "conflict", tile=T.kind(c.kind), where=where))


def shown_player(draft: dict[str, Any]) -> int:
    """Whose garden is shown this run: the player picked (the picker's value, known before it is
    drawn), else the one shown last (kept across a merge with another phone's save, and when the
    picked player is tapped again, which unselects it), else the first."""
    s = ss()
    n = len(draft["players"])
    for value in (s.get(k("garden_player")), s.get(k("garden_player_last"))):
        if isinstance(value, int) and 0 <= value < n:
            i = value
            break
    else:
        i = 0
    s[k("garden_player_last")] = i
    return i


def player_picker(T: i18n.Translator, draft: dict[str, Any], i: int) -> None:
    """The picker of whose garden is shown, with player ``i`` selected: a segmented control held in
    session state (tabs would jump back to the first player whenever what lies above them changes).
    Each label says whether the garden is done."""
    players = draft["players"]

    def label(j: int) -> str:
        p = players[j]
        done = "" if vm.missing_cells(p["garden"]) else " ✓"
        return f"{T.colour_dot(p['colour'])} {p['name']}{done}"

    ss()[k("garden_player")] = i  # selected again after a tap that unselected it
    st.segmented_control(T("whose_garden"), list(range(len(players))), format_func=label, key=k("garden_player"),
                         label_visibility="collapsed")


def live_totals(T: i18n.Translator) -> None:
    """Totals as soon as the game is complete, above the gardens (details on Results)."""
    game, missing = vm.game_from_draft(ss().draft)
    if missing:
        return
    try:
        result = score_game(game)
    except InvalidGameError:
        return
    totals = "  ·  ".join(f"{p.name}: {p.total}" for p in result.players)
    st.markdown(f"**{T('totals')}:** {totals}")


def read_jointly(T: i18n.Translator, indices: list[int]) -> None:
    """Read every photo of the game together (each tile exists once), keeping the user's corrections
    and confirmations (``vm.merge_reading``)."""
    s = ss()
    model, error = model_or_error()
    if model is None:
        st.warning(unavailable_words(T, error, copy_model=bool(s.settings.get("model_path"))))
        return
    players = [s.draft["players"][i] for i in indices]
    try:
        with st.spinner(T("reading")):
            readings = photos.read_photos_jointly(
                [photo_image(p["photo"]) for p in players],
                [p["reading"]["corners"] if p["reading"].get("manual_corners") else None for p in players],
                [p["photo"] for p in players], model=model)
    except photos.PhotoError as exc:  # every reading stays as it was
        st.warning(photo_error_words(T, exc, [p["name"] for p in players]))
        return
    except Exception:  # the reader's own failure on an odd photo (cv2.error, MemoryError, numpy): no traceback
        log.exception("reading photos together failed")
        st.warning(T("joint_failed"))
        return
    for i, player, new in zip(indices, players, readings):
        # the user's corrections, confirmations ("Right as read") and outline check carry over
        reading, merged = vm.merge_reading(player["reading"], new, player["garden"])
        player["reading"] = reading
        set_grid(player, vm.empty_grid() if outline_unconfirmed(reading) else merged)
        s.messages[i] = ("success", (read_ok(reading),))
    st.rerun()


def garden_panel(T: i18n.Translator, i: int, player: dict[str, Any], conflict_cells: list[str]) -> None:
    s = ss()
    photo_input(T, i, player)
    message: Message | None = s.messages.get(i)
    if message:
        level, parts = message
        getattr(st, level)("\n\n".join(T.say(part) for part in parts))
    image = photo_image(player.get("photo"))
    reading = player.get("reading")
    marks = vm.cells_to_mark(reading, player["garden"], conflict_cells)
    if image is not None:
        corners = (reading or {}).get("corners")
        unconfirmed = bool(reading) and outline_unconfirmed(reading)
        with st.expander(T("photo_shown"), expanded=unconfirmed or not reading, key=k(f"photo_box{i}")):
            shown, scale = downscale(image, DISPLAY_SIDE)
            shown_corners = None if corners is None else [[x * scale, y * scale] for x, y in corners]
            st.image(overlay.to_rgb(overlay.draw_grid(shown, shown_corners, review=marks)),
                     caption=T("photo_caption"), width="stretch", output_format="JPEG")
        if reading and unconfirmed:
            # the reader is unsure of the outline: ask before showing tiles that may all be wrong
            st.warning(T("outline_check"))
            if st.button(T("outline_yes"), key=k(f"outline_yes{i}"), type="primary"):
                reading["outline_confirmed"] = True
                set_grid(player, reading["garden"])
                st.rerun()
            corner_clicker(T, i, player, image, expanded=True)
            coins_input(T, i, player)
            return
    beyond = vm.beyond_photo(reading)
    if beyond:  # the garden runs off the photo: a retake reads those tiles whole
        st.warning(T("beyond_photo", cells=", ".join(beyond)))
    odd = vm.odd_figure_cells(reading)
    if len(odd) >= vm.UNFAMILIAR_FIGURES and not ss().settings.get("model_path"):  # our art's readers on another
        st.info(T("figures_unfamiliar", n=len(odd), cells=", ".join(odd), page=T("enrol_title")))
    garden_undo(T, i, player)  # notes this garden's last change; Undo puts the one before back
    garden_grid(T, i, ss().draft, image, marks, lambda grid: set_grid(player, grid))
    coins_input(T, i, player)
    if image is not None:
        corner_clicker(T, i, player, image)
    garden_editor(T, i, player, marks)


def coins_input(T: i18n.Translator, i: int, player: dict[str, Any]) -> None:
    player["coins"] = int(st.number_input(T("coins"), MIN_COINS, MAX_COINS, value=int(player["coins"]),
                                          key=k(f"coins{i}")))


def outline_unconfirmed(reading: dict[str, Any]) -> bool:
    """Whether the reader flagged this reading's outline and the player has not yet confirmed it
    (or given the corners by hand)."""
    return bool(reading.get("check_outline")) and not reading.get("outline_confirmed") \
        and not reading.get("manual_corners")


def photo_input(T: i18n.Translator, i: int, player: dict[str, Any]) -> None:
    """The file picker, always (on a phone it offers the camera too); the in-page camera only where
    the browser allows it (HTTPS, or this computer itself)."""
    s = ss()
    upload = st.file_uploader(T("upload_photo"), type=["jpg", "jpeg", "png", "heic", "heif", "webp"],
                              key=k(f"upload{i}"))
    if photos.camera_possible(st.context.url):
        if st.toggle(T("use_camera"), key=k(f"cam{i}")):
            upload = st.camera_input(T("take_photo"), key=k(f"camera{i}"), resolution="1080p") or upload
    else:
        st.caption(T("camera_needs_https"))
    if upload is None:
        return
    data = upload.getvalue()
    digest = photos.digest_of(data)
    slot = f"photo{i}"
    if s.processed.get(slot) == digest:
        return
    s.processed[slot] = digest
    handle_photo(T, i, player, data)  # no rerun: the totals above are drawn after this (upload -> scores fast)


def handle_photo(T: i18n.Translator, i: int, player: dict[str, Any], data: bytes) -> None:
    s = ss()
    t0 = time.perf_counter()
    try:
        loaded = photos.load_photo(data)
    except photos.PhotoError as exc:
        s.messages[i] = ("error", (photo_error_said(exc),))
        return
    except Exception:  # the decoder's own failure on an odd file (cv2.error, MemoryError): no traceback
        log.exception("loading a photo failed")
        s.messages[i] = ("error", (Said("photo_load_error", {"why": Said("photo_problem_unreadable")}),))
        return
    try:
        photos.save_copy(loaded, state.photo_path(loaded.digest))
        unsaved = None
    except OSError as exc:  # the photo is still read and kept in this session
        unsaved = Said("photo_not_stored", {"why": Said(i18n.file_problem_key(exc))})
    s.photos[loaded.digest] = loaded.image
    player["photo"] = loaded.digest
    player["reading"] = None
    s.clicks[i] = []
    run_reader(T, i, player, loaded.image, None)
    if unsaved:  # said above what the reader found
        said = s.messages.get(i)
        s.messages[i] = ("warning", (unsaved, *said[1]) if said else (unsaved,))
    s.timings[i] = {"photo_total": time.perf_counter() - t0, **loaded.timings}


def run_reader(T: i18n.Translator, i: int, player: dict[str, Any], image: Any, corners: Any) -> None:
    s = ss()
    model, error = model_or_error()
    if model is None:
        s.messages[i] = ("warning", (unavailable_said(error, copy_model=bool(s.settings.get("model_path"))),))
        return
    try:
        with st.spinner(T("reading")):
            reading = photos.read_photo(image, model=model, corners=corners, digest=player.get("photo") or "")
    except photos.PhotoError as exc:
        s.messages[i] = ("warning", (photo_error_said(exc),))
        return
    except Exception:  # the reader's own failure on an odd photo (cv2.error, MemoryError, numpy): no traceback
        log.exception("reading a photo failed")
        s.messages[i] = ("warning", (Said("read_error"),))
        return
    player["reading"] = reading
    if outline_unconfirmed(reading):  # tiles stay empty until the outline is confirmed
        set_grid(player, vm.empty_grid())
        far = (Said("garden_small"),) if vm.small_in_photo(reading, getattr(image, "shape", ())) else ()
        stopped = (Said("search_stopped"),) if photos.search_stopped(reading) else ()
        s.messages[i] = ("info", (Said("outline_unsure"), *stopped, *far))
        return
    set_grid(player, reading["garden"])
    s.messages[i] = ("success", (read_ok(reading),))


def read_ok(reading: dict[str, Any]) -> Said:
    """A garden read: how many tiles to check, when any."""
    n_review = len(reading["review"])
    return Said("read_ok", {"n": n_review}) if n_review else Said("read_ok_clean")


def unavailable_said(exc: BaseException | None, copy_model: bool) -> Said:
    """Why photos cannot be read now, never the exception's English: photo reading is not installed
    (an ImportError), else the model cannot be loaded (``vision.model.ModelLoadError``): the copy's
    model in use (``copy_model``; reset under 'Teach it my copy', where copies are switched) or the bundled
    one (reinstall)."""
    if isinstance(exc, ImportError) or getattr(exc, "kind", None) == "unavailable":
        why = Said("reader_not_installed")
    elif copy_model:
        why = Said("reader_copy_not_loaded", {"reset": Said("reset_model"), "section": Said("enrol_title")})
    else:
        why = Said("reader_not_loaded")
    return Said("reading_unavailable", {"why": why})


def unavailable_words(T: i18n.Translator, exc: BaseException | None, copy_model: bool) -> str:
    """:func:`unavailable_said` in the player's language."""
    return T.say(unavailable_said(exc, copy_model))


def photo_error_said(exc: photos.PhotoError, names: Sequence[str] | None = None) -> Said:
    """A photo that could not be used or read, with what to try, never the exception's English: a load
    by its image problem's code (none: a general one), no garden found, reading not installed, else a
    general sentence. ``names``: the players whose photos were read together, in order; the error's
    ``photo_index`` says whose photo it is about."""
    if exc.kind == "load":
        code = exc.code if exc.code in ALL_IMAGE_PROBLEMS else "unreadable"
        return Said("photo_load_error", {"why": Said(f"photo_problem_{code}")})
    if exc.kind == "unavailable":
        return unavailable_said(exc, copy_model=False)
    if names is None:
        return Said("grid_not_found" if exc.kind == "grid" else "read_error")
    i = exc.photo_index
    if i is None or not 0 <= i < len(names):
        return Said("joint_failed")
    return Said("joint_no_garden" if exc.kind == "grid" else "joint_photo_failed", {"name": names[i]})


def photo_error_words(T: i18n.Translator, exc: photos.PhotoError, names: Sequence[str] | None = None) -> str:
    """:func:`photo_error_said` in the player's language."""
    return T.say(photo_error_said(exc, names))


def corner_clicker(T: i18n.Translator, i: int, player: dict[str, Any], image: Any, expanded: bool = False) -> None:
    """The garden's outline by four clicks (:func:`ui.corner_taps.corner_taps`), then read again from it."""
    s = ss()
    with st.expander(T("corners_title"), expanded=expanded or player.get("reading") is None,
                     key=k(f"corners_box{i}")):
        corners = corner_taps(T, image, s.clicks.setdefault(i, []), k(f"clicks{i}"), k(f"clear_clicks{i}"))
        if corners is not None:
            s.clicks[i] = []
            run_reader(T, i, player, image, corners)
            st.rerun()


def garden_editor(T: i18n.Translator, i: int, player: dict[str, Any], review: list[str]) -> None:
    """The garden as a 16-row table, for keyboards (collapsed: the tap sheet is the main way)."""
    reading = player.get("reading")
    # keyed per player: each player's boxes open and close on their own
    with st.expander(T("table_editor"), key=k(f"table_box{i}")):
        conf = reading.get("confidence") if reading else None
        rows = vm.editor_rows(player["editor_base"], review=review, confidence=conf)
        cfg = {
            "cell": st.column_config.TextColumn(T("cell"), disabled=True, width="small"),
            "check": st.column_config.TextColumn("⚠", disabled=True, width="small", help=T("check_help")),
        }
        for attr in vm.ATTRS:
            cfg[attr] = st.column_config.SelectboxColumn(T(f"attr.{attr}"), options=list(vm.ATTR_VALUES[attr]),
                                                         format_func=lambda v, a=attr: T.value(a, v))
        if conf is not None:
            cfg["confidence"] = st.column_config.NumberColumn(T("confidence"), disabled=True, format="%d%%")
        order = ["cell", *(["check"] if review else []), *vm.ATTRS, *(["confidence"] if conf is not None else [])]
        # keyed + fixed rows: Streamlit keeps the edits while only values (⚠, confidence) change
        edited = st.data_editor(pd.DataFrame(rows), key=k(f"editor{i}.{player['editor_ver']}"), hide_index=True,
                                column_config=cfg, column_order=order, width="stretch", num_rows="fixed")
        grid = vm.grid_from_rows(edited.to_dict("records"))
        if grid != player["garden"]:
            # run again so the sheet, the marks and the duplicate-tile warning above show this edit
            player["garden"] = grid
            st.rerun()
        missing = vm.missing_cells(player["garden"])
        if missing:
            st.caption(T("cells_missing", n=len(missing), cells=", ".join(missing[:8])))
        for cell, cands in vm.review_hints(reading, [c for c in review if c not in missing]):
            st.caption(T("review_hint", cell=cell, options=" · ".join(f"{T.kind(t)} {p}%" for t, p in cands)))
        for cell, attr, value in vm.colour_hints(reading, [c for c in review if c not in missing]):
            what = T.kind(value) if attr == "tile" else T.value(attr, value)
            st.caption(T(f"review_{attr}_colour", cell=cell, what=what))
        for cell, decor in vm.figure_hints(reading, [c for c in review if c not in missing]):
            st.caption(T("review_figure", cell=cell, what=T.value("decor", decor)))
        fixes = vm.corrections(reading, player["garden"])
        if fixes:
            st.caption(T("corrected_cells", cells=", ".join(f["cell"] for f in fixes)))
    missing = vm.missing_cells(player["garden"])
    with st.expander(T("type_garden"), key=k(f"type_box{i}")):
        text = st.text_area(T("type_garden_help"), key=k(f"text{i}"), height=120,
                            value="\n".join(" ".join(t for t in row) for row in player["garden"])
                            if not missing else "")
        c1, c2 = st.columns(2)
        if c1.button(T("apply"), key=k(f"apply{i}")):
            try:
                grid = vm.parse_garden_text(text)
            except ValueError as exc:
                st.error(T("notation_error", error=T.notation_error(exc)))
            else:
                set_grid(player, grid)
                st.rerun()
        if c2.button(T("clear_garden"), key=k(f"clear{i}")):
            notify("toast", Said("garden_cleared", {"name": player["name"]}))  # Undo above brings it back
            set_grid(player, vm.empty_grid())
            st.rerun()


def set_grid(player: dict[str, Any], grid: list[list[str]]) -> None:
    player["garden"] = [list(r) for r in grid]
    player["editor_base"] = [list(r) for r in grid]
    player["editor_ver"] = int(player.get("editor_ver", 0)) + 1
