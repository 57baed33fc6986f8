"""Zen Garden Scorer — the Streamlit app players use at the table (often on a phone).

UI only: every decision and every drawing lives in ``scorer``, ``vision`` and ``ui``. Widgets
are drawn from the *draft* (``ui.viewmodel``) and write their values back into it; the draft is
autosaved to the data directory after each run, so nothing entered is lost on an error or reload.
Widget keys carry a generation number that changes when a whole draft is replaced (new game,
import, reopen), so every widget starts again from the new draft.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pandas as pd
import streamlit as st

from scorer import GameResult, InvalidGameError, Severity, cell_name, score_game
from scorer.dispute import check_claim
from scorer.vocab import MAX_COINS, MAX_PLAYERS, PLAYER_COLOURS
from ui import i18n, photos, state
from ui import viewmodel as vm
from vision import overlay
from zengarden.export import bgstats_link, score_sheet_csv, score_sheet_png, summary_text
from zengarden.history import History, data_dir

st.set_page_config(page_title="Zen Garden Scorer", page_icon="🪨", layout="centered")

#: Longer side of the photo as shown (phones are ~400 px wide; enough for a sharp desktop view too).
DISPLAY_SIDE = 900


# --- resources -------------------------------------------------------------------------------


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


# --- sidebar ----------------------------------------------------------------------------------


def sidebar(T: i18n.Translator) -> None:
    s = ss()
    with st.sidebar:
        lang = st.radio(T("language"), list(i18n.LANGUAGES), index=list(i18n.LANGUAGES).index(T.lang),
                        format_func=lambda code: i18n.LANGUAGES[code], horizontal=True, key="lang_choice")
        if lang != s.settings["lang"]:
            s.settings["lang"] = lang
            state.save_settings(s.settings)
            st.rerun()
        if st.button(T("new_game"), icon="➕", width="stretch"):
            fresh = vm.new_draft(players=len(s.draft["players"]))
            for i, p in enumerate(s.draft["players"]):  # keep the table's names and colours
                fresh["players"][i]["name"], fresh["players"][i]["colour"] = p["name"], p["colour"]
            replace_draft(fresh)
        st.caption(T("data_dir", path=s.data_dir))
        recognition_panel(T)


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
        st.caption(T("model_in_use", model=s.settings.get("model_path") or T("bundled_model")))
        if not (status["train"] and status["dataset"]):
            st.info(T("training_unavailable"))
            return
        if st.button(T("retrain"), disabled=n == 0, width="stretch"):
            bar = st.progress(0.0, text=T("training"))
            try:
                path = calibration.retrain(lambda f, msg="": bar.progress(min(1.0, max(0.0, float(f))),
                                                                           text=msg or T("training")))
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


# --- setup -----------------------------------------------------------------------------------


def setup_tab(T: i18n.Translator) -> None:
    s = ss()
    draft = s.draft
    n = int(st.number_input(T("players_count"), 1, MAX_PLAYERS, value=len(draft["players"]), key=k("n_players")))
    if n != len(draft["players"]):
        s.draft = draft = vm.set_player_count(draft, n)
    for i, player in enumerate(draft["players"]):
        c1, c2 = st.columns([3, 2])
        name = c1.text_input(T("player_name", n=i + 1), value=player["name"], key=k(f"name{i}")).strip()
        colour = c2.selectbox(T("colour"), PLAYER_COLOURS, index=PLAYER_COLOURS.index(player["colour"]),
                              format_func=T.colour, key=k(f"colour{i}"))
        if name and name != player["name"]:
            for mission in draft["missions"]:
                mission["completed_by"] = [name if x == player["name"] else x for x in mission["completed_by"]]
            player["name"] = name
        player["colour"] = colour
    names = [p["name"] for p in draft["players"]]
    if len(set(names)) != len(names):
        st.error(T("names_unique"))

    st.subheader(T("boards_title"))
    options: list[int | str] = [1, 2, 3, 4, 5, "custom"]
    current = draft["level"] if draft["level"] else "custom"
    level = st.selectbox(T("level"), options, index=options.index(current), key=k("level"),
                         format_func=lambda o: T("level_n", n=o) if o != "custom" else T("custom_boards"))
    if level == "custom":
        boards = st.multiselect(T("boards"), [1, 2, 3, 4, 5], default=draft["boards"], key=k("boards"),
                                format_func=T.board)
        new_level = None
    else:
        boards = list(range(1, int(level) + 1))
        new_level = int(level)
    if sorted(boards) != draft["boards"] or new_level != draft["level"]:
        s.draft = draft = vm.set_boards(draft, boards, new_level)
    if not boards:
        st.error(T("no_boards"))
    elif 1 not in boards:
        st.warning(T("no_board1"))

    if 1 in draft["boards"]:
        st.markdown(T("board1_emperor"))
        cols = st.columns(2)
        for j, space in enumerate(vm.SPACES):
            with cols[j % 2]:
                draft["preferences"][space] = feature_picker(T, f"pref:{space}", T(f"space.{space}"),
                                                             draft["preferences"].get(space))
    for m, mission in enumerate(draft["missions"]):
        board = 4 if m < 2 and 4 in draft["boards"] else 5
        st.markdown(T("mission_emperor", n=m + 1, board=board))
        cols = st.columns(2)
        for f in range(2):
            with cols[f]:
                mission["features"][f] = feature_picker(T, f"mission:{m}:{f}", T("feature_n", n=f + 1),
                                                        mission["features"][f])
    for dup in vm.duplicate_features(draft):
        st.error(T("feature_twice", feature=T.feature(dup)))

    with st.expander(T("import_title")):
        upload = st.file_uploader(T("import_file"), type=["json"], key=k("import"))
        if upload is not None and s.processed.get("import") != photos.digest_of(upload.getvalue()):
            s.processed["import"] = photos.digest_of(upload.getvalue())
            import_game(T, upload.getvalue())


def feature_picker(T: i18n.Translator, slot: str, label: str, current: str | None) -> str | None:
    options = vm.feature_options(ss().draft, slot)
    index = options.index(current) if current in options else 0
    return st.selectbox(label, options, index=index, key=k(slot), format_func=T.feature_or_blank)


def import_game(T: i18n.Translator, data: bytes) -> None:
    try:
        game = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        st.error(T("import_not_json", error=str(exc)))
        return
    if not isinstance(game, dict):
        st.error(T("import_not_object"))
        return
    problems = [p for p in vm.problems_for_display(game) if p.severity.value == "error"]
    draft = vm.draft_from_game(game)
    if problems:
        # keep what can be used; the problems stay visible on the results tab
        st.warning(T("import_with_problems", n=len(problems)))
        for p in problems[:20]:
            st.caption(p.format())
    replace_draft(draft)


# --- gardens --------------------------------------------------------------------------------


def gardens_tab(T: i18n.Translator) -> None:
    draft = ss().draft
    conflicts = vm.tile_conflicts(draft)
    for c in conflicts:
        where = ", ".join(f"{name} {cell}" for name, cell in c.places)
        st.warning(T("conflict_photo" if c.from_photo else "conflict", tile=T.kind(c.kind), where=where))
    with_photos = [i for i, p in enumerate(draft["players"]) if p.get("reading") and photo_image(p.get("photo"))
                   is not None]
    if len(with_photos) >= 2 and st.button(T("read_jointly"), key=k("joint"), help=T("read_jointly_help")):
        read_jointly(T, with_photos)
    tabs = st.tabs([f"{T.colour_dot(p['colour'])} {p['name']}" for p in draft["players"]])
    for i, (tab, player) in enumerate(zip(tabs, draft["players"])):
        with tab:
            garden_panel(T, i, player, vm.conflict_cells(conflicts, player["name"]))
    live_totals(T)


def live_totals(T: i18n.Translator) -> None:
    """Totals as soon as the game is complete, right under the gardens (details on Results)."""
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
    """Read every photo of the game together (each tile exists once), keeping the user's corrections."""
    s = ss()
    model, error = model_or_error()
    if model is None:
        st.warning(T("reading_unavailable", error=error))
        return
    players = [s.draft["players"][i] for i in indices]
    try:
        with st.spinner(T("reading")):
            readings = photos.read_photos_jointly(
                [photo_image(p["photo"]) for p in players],
                [p["reading"]["corners"] if p["reading"].get("manual_corners") else None for p in players],
                [p["photo"] for p in players], model=model)
    except photos.PhotoError as exc:
        st.warning(T("read_error", error=str(exc)))
        return
    for i, player, reading in zip(indices, players, readings):
        merged = vm.merge_reading(player["reading"], reading["garden"], player["garden"])
        player["reading"] = reading
        set_grid(player, merged)
        s.messages[i] = ("success", T("read_ok", n=len(reading["review"])) if reading["review"]
                         else T("read_ok_clean"))
    st.rerun()


def garden_panel(T: i18n.Translator, i: int, player: dict[str, Any], conflict_cells: list[str]) -> None:
    s = ss()
    player["coins"] = int(st.number_input(T("coins"), 0, MAX_COINS, value=int(player["coins"]), key=k(f"coins{i}")))
    photo_input(T, i, player)
    message = s.messages.get(i)
    if message:
        getattr(st, message[0])(message[1])
    image = photo_image(player.get("photo"))
    reading = player.get("reading")
    review = sorted(set((reading or {}).get("review", [])) | set(conflict_cells))
    if image is not None:
        corners = (reading or {}).get("corners")
        shown, scale = overlay.downscale(image, DISPLAY_SIDE)
        shown_corners = None if corners is None else [[x * scale, y * scale] for x, y in corners]
        st.image(overlay.to_rgb(overlay.draw_grid(shown, shown_corners, review=review)), caption=T("photo_caption"),
                 width="stretch", output_format="JPEG")
        if reading:
            crops = overlay.photo_crops(image, corners, tile_size=72)
            sheet = overlay.comparison_sheet(player["garden"], crops, tile_size=72, review=review)
            st.image(overlay.to_rgb(sheet), caption=T("compare_caption"), width="stretch")
        corner_clicker(T, i, player, image)
    garden_editor(T, i, player, review)


def photo_input(T: i18n.Translator, i: int, player: dict[str, Any]) -> None:
    s = ss()
    use_camera = st.toggle(T("use_camera"), key=k(f"cam{i}"))
    if use_camera:
        upload = st.camera_input(T("take_photo"), key=k(f"camera{i}"), resolution="1080p")
    else:
        upload = st.file_uploader(T("upload_photo"), type=["jpg", "jpeg", "png", "heic", "heif", "webp"],
                                  key=k(f"upload{i}"))
    if upload is None:
        return
    data = upload.getvalue()
    digest = photos.digest_of(data)
    slot = f"photo{i}"
    if s.processed.get(slot) == digest:
        return
    s.processed[slot] = digest
    handle_photo(T, i, player, data)


def handle_photo(T: i18n.Translator, i: int, player: dict[str, Any], data: bytes) -> None:
    s = ss()
    t0 = time.perf_counter()
    try:
        loaded = photos.load_photo(data)
    except photos.PhotoError as exc:
        s.messages[i] = ("error", T("photo_load_error", error=str(exc)))
        return
    photos.save_copy(loaded, state.photo_path(loaded.digest))
    s.photos[loaded.digest] = loaded.image
    player["photo"] = loaded.digest
    player["reading"] = None
    s.clicks[i] = []
    run_reader(T, i, player, loaded.image, None)
    s.timings[i] = {"photo_total": time.perf_counter() - t0, **loaded.timings}


def run_reader(T: i18n.Translator, i: int, player: dict[str, Any], image: Any, corners: Any) -> None:
    s = ss()
    model, error = model_or_error()
    if model is None:
        s.messages[i] = ("warning", T("reading_unavailable", error=error))
        return
    try:
        with st.spinner(T("reading")):
            reading = photos.read_photo(image, model=model, corners=corners, digest=player.get("photo") or "")
    except photos.PhotoError as exc:
        key = {"grid": "grid_not_found", "unavailable": "reading_unavailable"}.get(exc.kind, "read_error")
        s.messages[i] = ("warning", T(key, error=str(exc)))
        return
    player["reading"] = reading
    player["garden"] = [list(r) for r in reading["garden"]]
    player["editor_base"] = [list(r) for r in reading["garden"]]
    player["editor_ver"] = int(player.get("editor_ver", 0)) + 1
    n_review = len(reading["review"])
    s.messages[i] = ("success", T("read_ok", n=n_review) if n_review else T("read_ok_clean"))


def corner_clicker(T: i18n.Translator, i: int, player: dict[str, Any], image: Any) -> None:
    from streamlit_image_coordinates import streamlit_image_coordinates

    s = ss()
    with st.expander(T("corners_title"), expanded=player.get("reading") is None):
        st.caption(T("corners_help"))
        clicks = s.clicks.setdefault(i, [])
        display, scale = overlay.downscale(image, 700)
        shown = overlay.draw_grid(display, None, clicks=[(x * scale, y * scale) for x, y in clicks])
        value = streamlit_image_coordinates(overlay.to_rgb(shown), key=k(f"clicks{i}"), use_column_width="always")
        if value and value != s.get(f"last_click{i}") and len(clicks) < 4:
            s[f"last_click{i}"] = value
            shown_w = float(value.get("width") or display.shape[1])
            factor = image.shape[1] / shown_w
            clicks.append((float(value["x"]) * factor, float(value["y"]) * factor))
            st.rerun()
        c1, c2 = st.columns(2)
        c1.caption(T("clicks_so_far", n=len(clicks)))
        if c2.button(T("clear_clicks"), key=k(f"clear_clicks{i}")):
            s.clicks[i] = []
            st.rerun()
        if len(clicks) == 4:
            corners = photos.order_corners(clicks).tolist()
            s.clicks[i] = []
            run_reader(T, i, player, image, corners)
            st.rerun()


def garden_editor(T: i18n.Translator, i: int, player: dict[str, Any], review: list[str]) -> None:
    reading = player.get("reading")
    st.markdown(T("garden_editor_title"))
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
    player["garden"] = vm.grid_from_rows(edited.to_dict("records"))
    missing = vm.missing_cells(player["garden"])
    if missing:
        st.caption(T("cells_missing", n=len(missing), cells=", ".join(missing[:8])))
    for cell, cands in vm.review_hints(reading, [c for c in review if c not in missing]):
        st.caption(T("review_hint", cell=cell, options=" · ".join(f"{T.kind(t)} {p}%" for t, p in cands)))
    fixes = vm.corrections(reading, player["garden"])
    if fixes:
        st.caption(T("corrected_cells", cells=", ".join(f["cell"] for f in fixes)))
    st.image(garden_png(json.dumps(player["garden"]), None, json.dumps(review), 64), caption=T("garden_caption"),
             width=300)
    with st.expander(T("type_garden")):
        text = st.text_area(T("type_garden_help"), key=k(f"text{i}"), height=120,
                            value="\n".join(" ".join(t for t in row) for row in player["garden"])
                            if not missing else "")
        c1, c2 = st.columns(2)
        if c1.button(T("apply"), key=k(f"apply{i}")):
            try:
                grid = vm.parse_garden_text(text)
            except ValueError as exc:
                st.error(T("notation_error", error=str(exc)))
            else:
                set_grid(player, grid)
                st.rerun()
        if c2.button(T("clear_garden"), key=k(f"clear{i}")):
            set_grid(player, vm.empty_grid())
            st.rerun()


def set_grid(player: dict[str, Any], grid: list[list[str]]) -> None:
    player["garden"] = [list(r) for r in grid]
    player["editor_base"] = [list(r) for r in grid]
    player["editor_ver"] = int(player.get("editor_ver", 0)) + 1


# --- missions ----------------------------------------------------------------------------------


def missions_tab(T: i18n.Translator) -> None:
    draft = ss().draft
    if not draft["missions"]:
        st.info(T("no_missions"))
        return
    for status in vm.mission_status(draft):
        mission = draft["missions"][status.index]
        st.markdown(T("mission_title", n=status.index + 1,
                      features=" + ".join(T.feature(f) for f in status.features) or "—"))
        if len(status.features) < 2:
            st.caption(T("mission_pick_features"))
            continue
        if any(vm.missing_cells(p["garden"]) for p in draft["players"]):
            st.caption(T("mission_gardens_first", order=", ".join(mission["completed_by"]) or "—"))
            continue
        for name, counts in status.counts.items():
            mark = "✅" if name in status.qualifiers else "✗"
            st.caption(f"{mark} {name}: " + ", ".join(f"{n}× {T.feature(f)}" for n, f in zip(counts, status.features)))
        dropped = [n for n in mission["completed_by"] if n not in status.qualifiers]
        if dropped:
            st.warning(T("mission_dropped", names=", ".join(dropped)))
        if not status.qualifiers:
            mission["completed_by"] = []
            st.caption(T("mission_nobody"))
            continue
        default = [n for n in mission["completed_by"] if n in status.qualifiers]
        order = st.multiselect(T("mission_order"), list(status.qualifiers), default=default,
                               key=k(f"order{status.index}"), help=T("mission_order_help"))
        mission["completed_by"] = list(order)


# --- results ----------------------------------------------------------------------------------


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
            st.caption("• " + p.format())
        return
    labels = T.labels()
    winners = result.winners
    st.success(T("winners" if len(winners) > 1 else "winner", names=" & ".join(winners)))
    if result.tie_break:
        st.info(T("tie_break", reason=result.tie_break))
    table = pd.DataFrame(vm.result_table(result, labels)).set_index(labels["category"])
    st.dataframe(table, width="stretch")
    totals = "  ·  ".join(f"{p.name}: {p.total}" for p in result.players)
    st.markdown(f"**{T('totals')}:** {totals}")
    chart = pd.DataFrame(vm.chart_rows(result, labels))
    st.bar_chart(chart, x="player", y="points", color="category", height=280)
    for w in result.warnings:
        if w.severity is Severity.WARNING:
            st.warning(f"{w.player}: {w.message}" if w.player else w.message)
        else:
            st.caption("ℹ️ " + (f"{w.player}: " if w.player else "") + w.message)

    st.subheader(T("why_title"))
    names = [p.name for p in result.players]
    c1, c2 = st.columns(2)
    who = c1.selectbox(T("player"), names, key=k("why_player"))
    keys = [c.value for c in result.categories]
    cat = c2.selectbox(T("category"), keys, index=min(1, len(keys) - 1), key=k("why_cat"), format_func=labels.get)
    presult = result.player(who)
    expl = presult.score(cat)
    st.markdown(f"**{labels[cat]}: {expl.points}** — {expl.reason}")
    grid = next(p["garden"] for p in s.draft["players"] if p["name"] == who)
    st.image(garden_png(json.dumps(grid), json.dumps([cell_name(c) for c in expl.cells]), "[]", 64), width=300,
             caption=T("why_caption"))
    with st.expander(T("all_reasons")):
        for e in presult.categories:
            st.markdown(f"- **{labels[e.category]} {e.points}** — {e.reason}")

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
                          reason=d.reason))
        if report.candidates:
            st.markdown(T("dispute_candidates"))
            for d in report.candidates:
                st.markdown(f"- **{labels[d.category]}** {d.computed} → {d.claimed}: {d.reason}")
        for note in report.notes:
            st.caption(note)


def save_and_export(T: i18n.Translator, game: dict[str, Any], result: GameResult, labels: dict[str, str]) -> None:
    s = ss()
    st.subheader(T("save_title"))
    history = get_history(s.data_dir)
    readings = vm.readings_for_history(s.draft)
    colours = [p["colour"] for p in s.draft["players"]]
    game_file = dict(game)
    game_file["players"] = [dict(p, colour=c) for p, c in zip(game["players"], colours)]
    label = T("save_changes") if s.draft.get("history_id") else T("save_game")
    if st.button(label, type="primary", icon="💾", key=k("save")):
        gid = history.save(game_file, result, readings, game_id=s.draft.get("history_id"))
        s.draft["history_id"] = gid
        if s.settings.get("keep_examples"):
            from ui import calibration

            kept = calibration.keep_examples(s.draft, photo_image)
            if kept:
                st.caption(T("examples_kept", n=kept))
        st.success(T("saved", id=gid))
    c1, c2, c3 = st.columns(3)
    c1.download_button(T("export_json"), json.dumps(game_file, indent=1, ensure_ascii=False),
                       file_name="zen-garden-game.json", mime="application/json", key=k("dl_json"))
    c2.download_button(T("export_csv"), score_sheet_csv(result, labels), file_name="zen-garden-scores.csv",
                       mime="text/csv", key=k("dl_csv"))
    c3.download_button(T("export_png"), score_sheet_png(result, labels, colours), file_name="zen-garden-scores.png",
                       mime="image/png", key=k("dl_png"))
    st.caption(T("summary_help"))
    st.code(summary_text(result, game, labels, date=time.strftime("%Y-%m-%d")), language=None)
    st.link_button(T("bgstats"), bgstats_link(result, game), icon="📒")


# --- history -------------------------------------------------------------------------------------


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


# --- page ------------------------------------------------------------------------------------


def main() -> None:
    init_session()
    s = ss()
    T = i18n.Translator(s.settings.get("lang", "en"))
    st.title(T("title"))
    sidebar(T)
    tabs = st.tabs([T("tab_setup"), T("tab_gardens"), T("tab_missions"), T("tab_results"), T("tab_history")])
    with tabs[0]:
        setup_tab(T)
    with tabs[1]:
        gardens_tab(T)
    with tabs[2]:
        missions_tab(T)
    with tabs[3]:
        results_tab(T)
    with tabs[4]:
        history_tab(T)
    current = state.draft_json(s.draft)
    if current != s.saved_json:
        try:
            state.save_draft(s.draft)
            s.saved_json = current
        except OSError as exc:
            st.toast(T("autosave_failed", error=str(exc)))


main()
