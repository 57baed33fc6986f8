"""Setup tab: players, boards (level or custom), the Emperor tiles, importing a game file."""

from __future__ import annotations

import json

import streamlit as st

from scorer.vocab import ALL_BOARDS, LEVELS, MAX_PLAYERS, MIN_PLAYERS, PLAYER_COLOURS, Board
from ui import i18n, photos
from ui import viewmodel as vm
from ui.i18n import Said
from ui.session import k, notify, ss, start_game


def setup_tab(T: i18n.Translator) -> None:
    s = ss()
    draft = s.draft
    n = int(st.number_input(T("players_count"), MIN_PLAYERS, MAX_PLAYERS, value=len(draft["players"]),
                            key=k("n_players")))
    if n != len(draft["players"]):
        s.draft = draft = vm.set_player_count(draft, n)
    for i in range(len(draft["players"])):
        player = draft["players"][i]
        c1, c2 = st.columns([3, 2])
        name = c1.text_input(T("player_name", n=i + 1), value=player["name"], key=k(f"name{i}")).strip()
        colour = c2.selectbox(T("colour"), PLAYER_COLOURS, index=PLAYER_COLOURS.index(player["colour"]),
                              format_func=T.colour, key=k(f"colour{i}"))
        if name and name != player["name"]:
            s.draft = draft = vm.rename_player(draft, i, name)
            player = draft["players"][i]
        player["colour"] = colour
    names = [p["name"] for p in draft["players"]]
    if len(set(names)) != len(names):
        st.error(T("names_unique"))

    st.subheader(T("boards_title"))
    options: list[int | str] = [*LEVELS, "custom"]
    current = draft["level"] if draft["level"] else "custom"
    level = st.selectbox(T("level"), options, index=options.index(current), key=k("level"),
                         format_func=lambda o: T("level_n", n=o) if o != "custom" else T("custom_boards"))
    if level == "custom":
        boards = st.multiselect(T("boards"), [int(b) for b in ALL_BOARDS], default=draft["boards"],
                                key=k("boards"), format_func=T.board)
        new_level = None
    else:
        new_level = int(level)
        boards = [int(b) for b in LEVELS[new_level]]
    if sorted(boards) != draft["boards"] or new_level != draft["level"]:
        s.draft = draft = vm.set_boards(draft, boards, new_level)
    if not boards:
        st.error(T("no_boards"))
    elif Board.BASICS not in boards:
        st.warning(T("no_board1"))

    if Board.BASICS in draft["boards"]:
        st.markdown(T("board1_emperor"))
        cols = st.columns(2)
        for j, space in enumerate(vm.SPACES):
            with cols[j % 2]:
                draft["preferences"][space] = feature_picker(T, f"pref:{space}", T(f"space.{space}"),
                                                             draft["preferences"].get(space))
    for m, mission in enumerate(draft["missions"]):
        st.markdown(T("mission_emperor", n=m + 1, board=vm.mission_board(draft["boards"], m)))
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
            import_game(T, upload.name, upload.getvalue())


def feature_picker(T: i18n.Translator, slot: str, label: str, current: str | None) -> str | None:
    options = vm.feature_options(ss().draft, slot)
    index = options.index(current) if current in options else 0
    return st.selectbox(label, options, index=index, key=k(slot), format_func=T.feature_or_blank)


def json_problem(T: i18n.Translator, exc: ValueError) -> str:
    """Why a file is not JSON text, in the player's language (where it breaks, not the parser's English)."""
    if isinstance(exc, UnicodeDecodeError):
        return T("import_not_text")
    if isinstance(exc, json.JSONDecodeError):
        return T("import_bad_json", line=exc.lineno, column=exc.colno)
    return T("import_unreadable")


def import_game(T: i18n.Translator, name: str, data: bytes) -> None:
    """A game file becomes a new game (its own link; the game shown until now stays under History).
    Players given by a photo path keep an empty garden: an uploaded file has no folder to find the
    photo in, so the user is told which photos to add on the Gardens tab."""
    try:
        game = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        st.error(T("import_not_json", why=json_problem(T, exc)))
        return
    if not isinstance(game, dict):
        st.error(T("import_not_object"))
        return
    problems = [p for p in vm.problems_for_display(game) if p.severity.value == "error"]
    draft = vm.draft_from_game(game)
    players = game.get("players") if isinstance(game.get("players"), list) else []
    by_photo = [str(p.get("name") or f"#{n}") for n, p in enumerate(players, 1)
                if isinstance(p, dict) and p.get("photo") and "garden" not in p]
    if by_photo:
        notify("warning", Said("import_photos_skipped", {"file": name, "names": ", ".join(by_photo)}))
    if problems and not by_photo:  # the problems stay visible on the results tab
        notify("warning", Said("import_problems", {"n": len(problems)}))
    start_game(draft, Said("imported", {"file": name, "n": len(draft["players"])}))
