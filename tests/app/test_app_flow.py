"""The whole game night through ``streamlit.testing.v1.AppTest``: setup → gardens (typed, photo when
the vision pipeline is installed) → a correction → missions → results → save → history → reopen;
plus import, robustness (bad uploads, invalid game file) and autosave across a reload of the game's link."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from scorer import score_game
from tests.app.apptest import APP, LEVEL5, key, run, widget
from zengarden.history import History


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ZENGARDEN_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def start() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def garden_text(grid: list[list[str]]) -> str:
    return "\n".join(" ".join(row) for row in grid)


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [m.value for m in at.caption]
    parts += [m.value for kind in (at.success, at.info, at.warning, at.error) for m in kind]
    return "\n".join(str(p) for p in parts)


def test_full_flow_setup_gardens_correction_results_save_history_reopen(data_dir: Path) -> None:
    at = start()
    players = LEVEL5["players"][:3]
    # --- setup: 3 players, names, level 5, Emperor tiles
    widget(at.number_input, key(at, "n_players")).set_value(3)
    run(at)
    for i, p in enumerate(players):
        widget(at.text_input, key(at, f"name{i}")).input(p["name"])
    run(at)
    assert widget(at.selectbox, key(at, "level")).value == 5
    for space, feature in LEVEL5["preferences"].items():
        widget(at.selectbox, key(at, f"pref:{space}")).set_value(feature)
        run(at)
    # a picker no longer offers a feature already used elsewhere
    assert "path:stone" not in widget(at.selectbox, key(at, "pref:major")).options
    for m, mission in enumerate(LEVEL5["missions"]):
        for f, feature in enumerate(mission["features"]):
            widget(at.selectbox, key(at, f"mission:{m}:{f}")).set_value(feature)
            run(at)
    # --- gardens: coins and the whole garden typed in
    for i, p in enumerate(players):
        widget(at.button_group, key(at, "garden_player")).set_value(i)  # one player's garden at a time
        run(at)
        widget(at.number_input, key(at, f"coins{i}")).set_value(p["coins"])
        widget(at.text_area, key(at, f"text{i}")).input(garden_text(p["garden"]))
        run(at)
        widget(at.button, key(at, f"apply{i}")).click()
        run(at)
    draft = at.session_state["draft"]
    assert [pl["garden"] for pl in draft["players"]] == [p["garden"] for p in players]
    # --- a correction through the tile editor: Ann's A1 decor gate -> crane
    widget(at.button_group, key(at, "garden_player")).set_value(0)
    run(at)
    ver = draft["players"][0]["editor_ver"]
    at.session_state[key(at, f"editor0.{ver}")] = {"edited_rows": {0: {"decor": "crane"}}, "added_rows": [],
                                                    "deleted_rows": []}
    run(at)
    draft = at.session_state["draft"]
    assert draft["players"][0]["garden"][0][0] == "water/stone/crane/se"
    # --- missions: only qualifiers are offered; enter Cy as first for mission 2
    order = widget(at.multiselect, key(at, "order1"))
    assert "Cy" in order.options and "Bob" not in order.options  # Ann qualifies after the fix
    order.set_value(["Cy"])
    run(at)
    # --- results match the scorer on the same game
    expected_game = json.loads(json.dumps({k: LEVEL5[k] for k in ("boards", "preferences", "missions")}))
    expected_game["missions"] = [{"features": m["features"], "completed_by": []} for m in LEVEL5["missions"]]
    expected_game["missions"][1]["completed_by"] = ["Cy"]
    expected_game["players"] = json.loads(json.dumps(players))
    expected_game["players"][0]["garden"][0][0] = "water/stone/crane/se"
    expected = score_game(expected_game)
    shown = texts(at)
    for p in expected.players:
        assert f"{p.name}: {p.total}" in shown
    assert any("Winner" in s.value for s in at.success)
    # --- why: contributing tiles for a category are explained
    assert "complete walkways" in shown or "walkway" in shown.lower()
    # --- dispute check
    widget(at.number_input, key(at, "claimed_total")).set_value(expected.players[0].total + 4)
    run(at)
    assert "Claimed" in texts(at)
    # --- save to history
    widget(at.button, key(at, "save")).click()
    run(at)
    assert any("Saved as game #1" in s.value for s in at.success)
    history = History.open(data_dir)
    saved = history.load(1)
    assert saved.result["players"][0]["total"] == expected.players[0].total
    assert saved.readings["Ann"]["source"] == "manual"
    assert history.player_stats()[0].games == 1
    # --- new game, then reopen from history
    at.sidebar.button[0].click()
    run(at)
    assert at.session_state["draft"]["players"][0]["garden"][0][0] == ""
    widget(at.button, key(at, "reopen")).click()
    run(at)
    draft = at.session_state["draft"]
    assert draft["history_id"] == 1
    assert draft["players"][0]["garden"][0][0] == "water/stone/crane/se"
    assert draft["missions"][1]["completed_by"] == ["Cy"]
    assert f"Ann: {expected.players[0].total}" in texts(at)


def test_import_game_file_and_invalid_files() -> None:
    at = start()
    uploader = widget(at.file_uploader, key(at, "import"))
    uploader.set_value(("bad.json", b"{not json", "application/json"))
    run(at)
    assert any("not a JSON game file" in e.value for e in at.error)
    uploader = widget(at.file_uploader, key(at, "import"))
    uploader.set_value(("game.json", json.dumps(LEVEL5).encode(), "application/json"))
    run(at)
    draft = at.session_state["draft"]
    assert [p["name"] for p in draft["players"]] == ["Ann", "Bob", "Cy", "Dan"]
    expected = score_game(LEVEL5)
    shown = texts(at)
    for p in expected.players:
        assert f"{p.name}: {p.total}" in shown
    # an invalid game (tile used twice) imports what it can and says what is wrong on Results
    broken = json.loads(json.dumps(LEVEL5))
    broken["players"][1]["garden"][0][0] = broken["players"][0]["garden"][0][0]
    uploader = widget(at.file_uploader, key(at, "import"))
    uploader.set_value(("broken.json", json.dumps(broken).encode(), "application/json"))
    run(at)
    assert "likely a misread" in texts(at) or "entered twice" in texts(at)
    assert any("cannot be scored" in e.value for e in at.error)


@pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")
def test_bad_photo_uploads_give_clear_messages() -> None:
    at = start()
    widget(at.file_uploader, key(at, "upload0")).set_value(("notes.jpg", b"hello, not an image", "image/jpeg"))
    run(at)
    assert any("could not be used" in e.value for e in at.error)
    # a 63-megapixel photo is refused before it is decoded
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (9000, 7000), (120, 130, 140)).save(buf, format="PNG")
    widget(at.file_uploader, key(at, "upload0")).set_value(("huge.png", buf.getvalue(), "image/png"))
    run(at)
    assert any("too large" in e.value for e in at.error)
    # the entered data survives: typing a garden still works afterwards
    assert at.session_state["draft"]["players"][0]["name"] == "Player 1"


def test_autosave_survives_a_reload_of_the_game_link_and_german_ui() -> None:
    at = start()
    widget(at.text_input, key(at, "name0")).input("Zoë")
    run(at)
    again = AppTest.from_file(APP, default_timeout=60)  # a page reload is a new session on the same link
    again.query_params["game"] = at.query_params["game"]
    run(again)
    assert again.session_state["draft"]["players"][0]["name"] == "Zoë"
    again.sidebar.radio[0].set_value("de")
    run(again)
    assert again.title[0].value.endswith("Punktezähler")


@pytest.mark.usefixtures("data_dir")
@pytest.mark.parametrize(("game", "heading"), [("emperors", "Emperor's Garden"), ("gardeners", "Gardeners")])
def test_the_game_picker_opens_the_companion_games(game: str, heading: str) -> None:
    at = start()
    at.radio(key="game_choice").set_value(game)
    run(at)
    assert any(heading in h.value for h in at.header), [h.value for h in at.header]
    assert not at.tabs  # the Zen Garden tabs are not drawn under another game
    at.radio(key="game_choice").set_value("zen")
    run(at)
    assert {"Setup", "Gardens", "Missions", "Results", "History"} <= {t.label for t in at.tabs}
