"""Photo steps of the app through AppTest: read gardens from the sample photos, review, correct,
score, save with readings and corrections; a photo with no garden falls back to four clicks.

Uses the bundled model when it exists; otherwise a model trained once from samples/photos (the
reading accuracy is not what is tested here — that is the vision tests' job — the app flow is).
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from tests.app.apptest import APP, ROOT, key, run, widget
from ui import state
from ui import viewmodel as vm
from ui.photos import reading_ready
from zengarden.history import History

GAME = json.loads((ROOT / "samples" / "game-photos.json").read_text())
PHOTOS = ROOT / "samples" / "photos"

pytestmark = pytest.mark.skipif(reading_ready() is not None and not (PHOTOS / "game-ann.json").exists(),
                                reason="no vision pipeline and no sample photos")


@pytest.fixture(scope="module")
def model_path(tmp_path_factory: pytest.TempPathFactory) -> str | None:
    if reading_ready() is None:
        return None  # the bundled model
    from vision.train import train_model

    path = tmp_path_factory.mktemp("model") / "samples.skops"
    train_model([PHOTOS]).save(path)
    return str(path)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, model_path: str | None) -> Path:
    d = tmp_path / "data"
    monkeypatch.setenv("ZENGARDEN_DATA_DIR", str(d))
    d.mkdir()
    state.save_settings({"lang": "en", "keep_examples": True, "model_path": model_path}, d)
    return d


def pick_player(at: AppTest, i: int) -> None:
    """Show player ``i``'s garden (the Gardens tab shows one player at a time)."""
    widget(at.button_group, key(at, "garden_player")).set_value(i)  # type: ignore[attr-defined]
    run(at)


def truth(name: str) -> list[list[str]]:
    return json.loads((PHOTOS / f"game-{name.lower()}.json").read_text())["garden"]


def test_read_three_photos_correct_score_and_save(data_dir: Path) -> None:
    at = run(AppTest.from_file(APP, default_timeout=60))
    widget(at.file_uploader, key(at, "import")).set_value(  # type: ignore[attr-defined]
        ("game.json", (ROOT / "samples" / "game-photos.json").read_bytes(), "application/json"))
    run(at)
    completed = 0
    for i, p in enumerate(GAME["players"]):
        pick_player(at, i)
        data = (PHOTOS / f"game-{p['name'].lower()}.jpg").read_bytes()
        widget(at.file_uploader, key(at, f"upload{i}")).set_value(  # type: ignore[attr-defined]
            (f"{p['name']}.jpg", data, "image/jpeg"))
        run(at)
        # the picker's ✓ says on this same run whether the photo completed the garden
        done = not vm.missing_cells(at.session_state["draft"]["players"][i]["garden"])
        assert widget(at.button_group, key(at, "garden_player")).options[i].endswith(" ✓") == done  # type: ignore[attr-defined]
        completed += done
        if at.session_state["draft"]["players"][i]["reading"]["check_outline"]:
            # the reader is unsure of this outline: as a player would, look and confirm it
            widget(at.button, key(at, f"outline_yes{i}")).click()  # type: ignore[attr-defined]
            run(at)
    assert completed  # at least one photo was read straight into a complete garden
    assert all(o.endswith(" ✓") for o in widget(at.button_group, key(at, "garden_player")).options)  # type: ignore[attr-defined]
    draft = at.session_state["draft"]
    for p in draft["players"]:
        assert p["reading"] is not None and p["photo"]
        assert len(p["reading"]["corners"]) == 4
        assert p["garden"] == p["reading"]["garden"]
    assert any("Garden read" in s.value for s in at.success)
    # photos are kept downscaled in the data dir, named by hash
    assert len(list((data_dir / "photos").glob("*.jpg"))) == 3
    # make the gardens right (a correction wherever the reader erred), then one deliberate fix
    for i, p in enumerate(GAME["players"]):
        at.session_state["draft"]["players"][i]["garden"] = truth(p["name"])
        at.session_state["draft"]["players"][i]["editor_base"] = truth(p["name"])
        at.session_state["draft"]["players"][i]["editor_ver"] += 1
    run(at)
    pick_player(at, 0)
    ver = at.session_state["draft"]["players"][0]["editor_ver"]
    a1 = truth("Ann")[0][0].split("/")
    used = {"/".join(t.split("/")[:3]) for p in GAME["players"] for row in truth(p["name"]) for t in row}
    new_decor = next(d for d in ("pagoda", "bench", "buddha", "gate", "crane")
                     if d != a1[2] and f"{a1[0]}/{a1[1]}/{d}" not in used)
    at.session_state[key(at, f"editor0.{ver}")] = {"edited_rows": {0: {"decor": new_decor}}, "added_rows": [],
                                                    "deleted_rows": []}
    run(at)
    ann = at.session_state["draft"]["players"][0]
    assert ann["garden"][0][0] == f"{a1[0]}/{a1[1]}/{new_decor}/{a1[3]}"
    assert any(c["cell"] == "A1" for c in
               __import__("ui.viewmodel", fromlist=["corrections"]).corrections(ann["reading"], ann["garden"]))
    assert any("Winner" in s.value for s in at.success)
    widget(at.button, key(at, "save")).click()  # type: ignore[attr-defined]
    run(at)
    saved = History.open(data_dir).load(1)
    assert saved.readings["Ann"]["source"] == "photo"
    assert saved.readings["Ann"]["reading"]["corners"]
    assert any(c["cell"] == "A1" for c in saved.readings["Ann"]["corrections"])
    # keep_examples is on: the confirmed photos became labelled examples
    assert len(list((data_dir / "examples").glob("*.json"))) == 3


def _click_corners_of_ann(at: AppTest, corners: list[list[float]]) -> dict | None:
    """Upload the Ann sample as player 1's photo and click ``corners`` (its pixels) on it shown 700
    pixels wide -> the player's reading afterwards."""
    photo = (PHOTOS / "game-ann.jpg").read_bytes()
    widget(at.file_uploader, key(at, "upload0")).set_value(  # type: ignore[attr-defined]
        ("ann.jpg", photo, "image/jpeg"))
    run(at)
    img = cv2.imdecode(np.frombuffer(photo, np.uint8), cv2.IMREAD_COLOR)
    shown_w = 700
    scale = shown_w / img.shape[1]
    for n, (x, y) in enumerate(corners):
        at.session_state[key(at, "clicks0")] = {"x": x * scale, "y": y * scale, "width": shown_w,
                                                "height": img.shape[0] * scale, "unix_time": n}
        run(at)
    return at.session_state["draft"]["players"][0]["reading"]


def test_photo_without_garden_then_four_clicks(data_dir: Path) -> None:
    at = run(AppTest.from_file(APP, default_timeout=60))
    blank = np.full((600, 800, 3), 90, np.uint8)
    cv2.putText(blank, "no garden here", (100, 300), cv2.FONT_HERSHEY_SIMPLEX, 2, (255, 255, 255), 3)
    ok, buf = cv2.imencode(".png", blank)
    assert ok
    widget(at.file_uploader, key(at, "upload0")).set_value(  # type: ignore[attr-defined]
        ("table.png", buf.tobytes(), "image/png"))
    run(at)
    assert any("No garden found" in w.value for w in at.warning)
    assert at.session_state["draft"]["players"][0]["reading"] is None
    # four clicks on the Ann sample's true corners
    corners = json.loads((PHOTOS / "game-ann.json").read_text())["corners"]
    reading = _click_corners_of_ann(at, corners)
    assert reading is not None and reading["manual_corners"] is True
    np.testing.assert_allclose(reading["corners"], corners, atol=2.0)


def test_four_clicks_a_little_off_are_snapped_onto_the_tiles(data_dir: Path) -> None:
    """Clicks each a fifth of a tile off the true corners (a finger on a phone): the app reads the
    garden where the tiles are, draws that outline, and reads the sample's garden right."""
    at = run(AppTest.from_file(APP, default_timeout=60))
    truth = json.loads((PHOTOS / "game-ann.json").read_text())
    corners = np.asarray(truth["corners"], float)
    tile = np.linalg.norm(corners[1] - corners[0]) / 4
    off = corners + np.array([[0.2, -0.2], [-0.2, -0.2], [0.2, 0.2], [-0.2, 0.2]]) * tile
    reading = _click_corners_of_ann(at, off.tolist())
    assert reading is not None and reading["manual_corners"] is True
    assert np.linalg.norm(np.asarray(reading["corners"]) - corners, axis=1).max() < 0.1 * tile
    assert reading["garden"] == truth["garden"]


def test_a_flagged_outline_is_confirmed_before_tiles_are_shown(data_dir: Path, monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    """When the reader says the outline may be wrong, the app shows the outline and asks; the tiles
    as read are not used until the player says yes (or gives the corners)."""
    import vision.read

    monkeypatch.setattr(vision.read, "unsure_reading", lambda *_: "forced for the test")
    monkeypatch.setattr(vision.read, "cells_are_whole_tiles", lambda *_: False)  # which would lift it
    at = run(AppTest.from_file(APP, default_timeout=60))
    widget(at.file_uploader, key(at, "upload0")).set_value(  # type: ignore[attr-defined]
        ("ann.jpg", (PHOTOS / "game-ann.jpg").read_bytes(), "image/jpeg"))
    run(at)
    player = at.session_state["draft"]["players"][0]
    assert player["reading"]["check_outline"] is True
    assert player["garden"] == [[""] * 4 for _ in range(4)]  # nothing presented as read yet
    assert any("Is the outline right?" in w.value for w in at.warning)
    widget(at.button, key(at, "outline_yes0")).click()  # type: ignore[attr-defined]
    run(at)
    player = at.session_state["draft"]["players"][0]
    assert player["reading"]["outline_confirmed"] is True
    assert player["garden"] == player["reading"]["garden"]
    assert not any("Is the outline right?" in w.value for w in at.warning)
    assert not any("fills little of this photo" in m.value for m in at.info)  # the garden fills this one


def test_the_app_gives_each_search_its_time_and_says_when_one_stopped(data_dir: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The app reads a photo with ``VisionConfig.read_budget`` seconds for its outline search; a
    search stopped at that limit comes back flagged, and the player is told it stopped rather than
    keep them waiting, and asked to check the outline."""
    from dataclasses import replace

    import vision.read
    from vision.budget import SEARCH_STOPPED
    from vision.config import DEFAULT_CONFIG

    real = vision.read.read_garden
    budgets: list[float | None] = []

    def stopped_read(image, model=None, corners=None, budget=None):  # the reading a stopped search gives
        budgets.append(budget)
        reading = real(image, model, corners)
        return replace(reading, check_outline=True, outline_reasons=(*reading.outline_reasons, SEARCH_STOPPED))

    monkeypatch.setattr(vision.read, "read_garden", stopped_read)
    at = run(AppTest.from_file(APP, default_timeout=60))
    widget(at.file_uploader, key(at, "upload0")).set_value(  # type: ignore[attr-defined]
        ("ann.jpg", (PHOTOS / "game-ann.jpg").read_bytes(), "image/jpeg"))
    run(at)
    assert budgets == [DEFAULT_CONFIG.read_budget] and DEFAULT_CONFIG.read_budget > 0
    player = at.session_state["draft"]["players"][0]
    assert player["reading"]["check_outline"] is True
    assert player["garden"] == [[""] * 4 for _ in range(4)]
    assert any("stopped looking after a few seconds" in m.value for m in at.info)
    assert any("Is the outline right?" in w.value for w in at.warning)


def test_an_unsure_outline_of_a_garden_far_off_in_the_photo_suggests_a_closer_photo(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same photo set in the middle of a table four times its size: the garden is small in it, and
    with the outline to check the player is told that a closer photo reads more surely."""
    import cv2

    import vision.read

    monkeypatch.setattr(vision.read, "unsure_reading", lambda *_: "forced for the test")
    monkeypatch.setattr(vision.read, "cells_are_whole_tiles", lambda *_: False)  # which would lift it
    photo = cv2.imread(str(PHOTOS / "game-ann.jpg"))
    height, width = photo.shape[:2]
    table = np.full((4 * height, 4 * width, 3), (60, 90, 120), np.uint8)
    table[int(1.5 * height):int(2.5 * height), int(1.5 * width):int(2.5 * width)] = photo
    ok, far = cv2.imencode(".jpg", table)
    assert ok
    at = run(AppTest.from_file(APP, default_timeout=60))
    widget(at.file_uploader, key(at, "upload0")).set_value(("far.jpg", far.tobytes(), "image/jpeg"))  # type: ignore[attr-defined]
    run(at)
    assert at.session_state["draft"]["players"][0]["reading"]["check_outline"] is True
    assert any("fills little of this photo" in m.value for m in at.info)


def tap(at: AppTest, i: int, cell: str) -> None:
    """A tap on ``cell`` of player ``i``'s garden sheet, shown at its own width (as the component
    reports a click: displayed pixels plus the displayed width)."""
    from ui.garden_grid import SHEET_GAP, SHEET_TILE

    side = 4 * SHEET_TILE + 5 * SHEET_GAP
    col, row = "ABCD".index(cell[0]), int(cell[1]) - 1
    x = SHEET_GAP + col * (SHEET_TILE + SHEET_GAP) + SHEET_TILE / 2
    y = SHEET_GAP + row * (SHEET_TILE + SHEET_GAP) + SHEET_TILE / 2
    tap.n = getattr(tap, "n", 0) + 1  # type: ignore[attr-defined]
    at.session_state[key(at, f"sheet{i}")] = {"x": x, "y": y, "width": side, "height": side,
                                              "unix_time": tap.n}  # type: ignore[attr-defined]
    run(at)


def click(at: AppTest, name: str) -> None:
    widget(at.button, key(at, name)).click()  # type: ignore[attr-defined]
    run(at)


def live_totals(at: AppTest) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("**Totals:**"))


def test_fix_a_misread_tile_with_two_taps_and_see_the_totals_change(data_dir: Path) -> None:
    """Ann's garden read from her photo, Bob's and Cy's typed in; one tap on a cell opens it with
    the reader's next guesses, a second tap on one of them puts it in the garden and the totals move."""
    from scorer import score_game
    from ui import viewmodel as vm

    at = run(AppTest.from_file(APP, default_timeout=60))
    widget(at.file_uploader, key(at, "import")).set_value(  # type: ignore[attr-defined]
        ("game.json", (ROOT / "samples" / "game-photos.json").read_bytes(), "application/json"))
    run(at)
    for i, p in enumerate(GAME["players"][1:], start=1):
        pick_player(at, i)
        widget(at.text_area, key(at, f"text{i}")).input(  # type: ignore[attr-defined]
            "\n".join(" ".join(r) for r in truth(p["name"])))
        run(at)
        click(at, f"apply{i}")
        assert widget(at.button_group, key(at, "garden_player")).value == i  # the picked player stays
    pick_player(at, 0)
    widget(at.file_uploader, key(at, "upload0")).set_value(  # type: ignore[attr-defined]
        ("ann.jpg", (PHOTOS / "game-ann.jpg").read_bytes(), "image/jpeg"))
    run(at)
    ann = at.session_state["draft"]["players"][0]
    if ann["reading"]["check_outline"]:
        click(at, "outline_yes0")
    before = live_totals(at)
    ann = at.session_state["draft"]["players"][0]
    game = json.loads(json.dumps(GAME))
    # a cell whose reader's next guess is a tile no one has yet, and that changes the score
    for cell in vm.CELL_NAMES:
        alts = vm.cell_alternatives(ann["reading"], ann["garden"], cell,
                                    vm.used_tiles(at.session_state["draft"], 0, cell))
        if not alts or alts[0].used_by:
            continue
        fixed = vm.set_cell(ann["garden"], cell, alts[0].tile)
        for player, d in zip(game["players"], at.session_state["draft"]["players"]):
            player.pop("photo")
            player["garden"] = fixed if player["name"] == "Ann" else d["garden"]
        game["missions"] = [dict(m, completed_by=d["completed_by"])
                            for m, d in zip(game["missions"], at.session_state["draft"]["missions"])]
        expected = score_game(game)
        if f"Ann: {expected.players[0].total}" not in before:
            break
    else:
        pytest.skip("no guess of the reader changes Ann's score")
    tap(at, 0, cell)  # tap 1: the cell opens with the guesses as big buttons, best first
    assert at.session_state[key(at, "tap0")]["open"] == cell
    assert widget(at.button, key(at, "alt0_0")).label.endswith(" %")  # type: ignore[attr-defined]
    click(at, "alt0_0")  # tap 2: the right guess
    ann = at.session_state["draft"]["players"][0]
    assert ann["garden"] == fixed
    assert at.session_state[key(at, "tap0")]["open"] is None
    after = live_totals(at)
    assert after != before and "  ·  ".join(f"{p.name}: {p.total}" for p in expected.players) in after
    assert any(f"{cell} is now" in c.value for c in at.caption)
    assert cell in {f["cell"] for f in vm.corrections(ann["reading"], ann["garden"])}


def test_enter_a_garden_by_tapping_turn_swap_and_duplicates_warned_at_once(data_dir: Path) -> None:
    """Hand entry: tap a cell, then floor, path, decor, corner; the next empty cell opens by itself;
    tiles used in another garden are greyed. Turn and swap in the open cell. A duplicate entered
    in the table is warned on that same run and the warning goes on the run that removes it."""
    at = run(AppTest.from_file(APP, default_timeout=60))
    at.session_state["draft"]["players"][1]["garden"][0][0] = "water/stone/crane/nw"
    run(at)
    tap(at, 0, "A1")
    for stage, value in (("floor", "water"), ("path", "stone")):
        click(at, f"pick0_{stage}_{value}")
    assert widget(at.button, key(at, "pick0_decor_crane")).disabled  # type: ignore[attr-defined]
    assert not widget(at.button, key(at, "pick0_decor_gate")).disabled  # type: ignore[attr-defined]
    click(at, "pick0_decor_gate")
    click(at, "pick0_corner_se")
    garden = at.session_state["draft"]["players"][0]["garden"]
    assert garden[0][0] == "water/stone/gate/se"
    assert at.session_state[key(at, "tap0")]["open"] == "B1"  # the next empty cell, straight on its floor
    click(at, "pick0_floor_clay")
    click(at, "pick_back0")  # back undoes the last part
    assert at.session_state[key(at, "tap0")]["pick"] == {"cell": "B1"}
    click(at, "pick_cancel0")
    # turn and swap on the entered tile
    tap(at, 0, "A1")
    click(at, "turn0")
    assert at.session_state["draft"]["players"][0]["garden"][0][0] == "water/stone/gate/sw"
    click(at, "swap0")
    tap(at, 0, "D4")
    garden = at.session_state["draft"]["players"][0]["garden"]
    assert garden[3][3] == "water/stone/gate/sw" and garden[0][0] == ""
    # a duplicate made in the table: warned on this very run, gone on the run that fixes it
    ver = at.session_state["draft"]["players"][0]["editor_ver"]
    at.session_state[key(at, f"editor0.{ver}")] = {
        "edited_rows": {0: {"floor": "water", "path": "stone", "decor": "crane", "corner": "ne"}},
        "added_rows": [], "deleted_rows": []}
    run(at)
    assert any("entered twice" in w.value for w in at.warning)
    at.session_state[key(at, f"editor0.{ver}")] = {
        "edited_rows": {0: {"floor": "water", "path": "stone", "decor": "bench", "corner": "ne"}},
        "added_rows": [], "deleted_rows": []}
    run(at)
    assert not any("entered twice" in w.value for w in at.warning)
    assert at.session_state["draft"]["players"][0]["garden"][0][0] == "water/stone/bench/ne"


def test_right_as_read_and_other_tile_from_an_open_cell(data_dir: Path) -> None:
    """A doubted cell confirmed as read stops being marked; "Other tile…" replaces a tile part by part."""
    from ui import viewmodel as vm

    at = run(AppTest.from_file(APP, default_timeout=60))
    grid = truth("Ann")
    player = at.session_state["draft"]["players"][0]
    player["garden"], player["editor_base"] = [list(r) for r in grid], [list(r) for r in grid]
    player["reading"] = {"garden": [list(r) for r in grid], "review": ["A1", "B1"], "corners": None,
                         "alternatives": {"A1": [[grid[0][0], 0.55], [vm.turn_tile(grid[0][0]), 0.3]]}}
    run(at)
    assert vm.cells_to_mark(player["reading"], grid) == ["A1", "B1"]
    tap(at, 0, "A1")
    assert widget(at.button, key(at, "alt0_0")).label.endswith("30 %")  # type: ignore[attr-defined]
    click(at, "keep0")
    player = at.session_state["draft"]["players"][0]
    assert player["reading"]["checked"] == ["A1"] and player["garden"] == grid
    assert vm.cells_to_mark(player["reading"], player["garden"]) == ["B1"]
    assert any("A1 confirmed as read" in c.value for c in at.caption)
    # another tile for B1: floor, path, decor, corner (tiles of this garden itself greyed)
    tap(at, 0, "B1")
    click(at, "other0")
    a1 = vm.tile_parts(grid[0][0])
    click(at, f"pick0_floor_{a1['floor']}")
    click(at, f"pick0_path_{a1['path']}")
    assert widget(at.button, key(at, f"pick0_decor_{a1['decor']}")).disabled  # type: ignore[attr-defined]
    free = next(d for d in vm.ATTR_VALUES["decor"]
                if not widget(at.button, key(at, f"pick0_decor_{d}")).disabled)  # type: ignore[attr-defined]
    click(at, f"pick0_decor_{free}")
    click(at, "pick0_corner_nw")
    b1 = at.session_state["draft"]["players"][0]["garden"][0][1]
    assert b1 == f"{a1['floor']}/{a1['path']}/{free}/nw"
    assert at.session_state[key(at, "tap0")]["open"] is None  # the garden is full: nothing more opens


def test_a_tile_coloured_as_another_floors_tiles_offers_that_floor_first(data_dir: Path) -> None:
    """A cell marked because its colour is another floor's in the photo says so, and its first
    candidate is the read tile on that floor: one tap sets it."""
    from ui import viewmodel as vm

    at = run(AppTest.from_file(APP, default_timeout=60))
    grid = truth("Ann")
    read = [list(r) for r in grid]
    parts = vm.tile_parts(grid[0][1])
    other = next(f for f in vm.ATTR_VALUES["floor"] if f != parts["floor"])
    read[0][1] = "/".join([other, parts["path"], parts["decor"], parts["corner"]])  # B1 read as another floor
    player = at.session_state["draft"]["players"][0]
    player["garden"], player["editor_base"] = [list(r) for r in read], [list(r) for r in read]
    player["reading"] = {"garden": [list(r) for r in read], "review": ["B1"], "corners": None,
                         "review_why": {"B1": [f"floor_colour:{parts['floor']}"]},
                         "alternatives": {"B1": [[read[0][1], 0.97], [vm.turn_tile(read[0][1]), 0.02]]}}
    run(at)
    tap(at, 0, "B1")
    first = widget(at.button, key(at, "alt0_0"))
    assert "the colour of those tiles" in first.label  # type: ignore[attr-defined]
    click(at, "alt0_0")
    assert at.session_state["draft"]["players"][0]["garden"][0][1] == grid[0][1]


def test_tiles_partly_beyond_the_photo_are_named_with_a_retake_hint(data_dir: Path) -> None:
    """A reading whose garden runs off the photo's edge says which tiles were seen in part, above
    the garden, and how to read them whole; a reading without such tiles says nothing of it."""
    at = run(AppTest.from_file(APP, default_timeout=60))
    grid = truth("Ann")
    player = at.session_state["draft"]["players"][0]
    player["garden"], player["editor_base"] = [list(r) for r in grid], [list(r) for r in grid]
    player["reading"] = {"garden": [list(r) for r in grid], "review": ["D1"], "corners": None,
                         "review_why": {"D1": ["unsure"]}, "alternatives": {}}
    run(at)
    assert not [w for w in at.warning if "outside the photo" in w.value]
    player = at.session_state["draft"]["players"][0]
    player["reading"] = {**player["reading"], "review": ["D1", "D2"],
                         "review_why": {"D1": ["unsure", "beyond_photo"], "D2": ["beyond_photo"]}}
    run(at)
    said = [w.value for w in at.warning if "outside the photo" in w.value]
    assert len(said) == 1 and "(D1, D2)" in said[0] and "take the photo again" in said[0]


def test_a_cell_whose_figure_is_unlike_its_decors_says_so_beside_the_garden(data_dir: Path) -> None:
    """A cell listed because its figure looks unlike the photo's other tiles of the decor read
    (an art the reader has not met) says so, naming that decor."""
    at = run(AppTest.from_file(APP, default_timeout=60))
    grid = truth("Ann")
    player = at.session_state["draft"]["players"][0]
    player["garden"], player["editor_base"] = [list(r) for r in grid], [list(r) for r in grid]
    decor = grid[1][2].split("/")[2]
    player["reading"] = {"garden": [list(r) for r in grid], "review": ["C2"], "corners": None,
                         "review_why": {"C2": [f"figure:{decor}"]}, "alternatives": {}}
    run(at)
    said = [c.value for c in at.caption if "its figure looks unlike" in c.value]
    assert len(said) == 1 and said[0].startswith("C2") and decor.replace("_", " ") in said[0]
    assert not [m for m in at.info if "may not know this copy's art" in m.value]  # one such cell: no more said
    player = at.session_state["draft"]["players"][0]
    player["reading"] = {**player["reading"], "review": ["C2", "D3"],
                         "review_why": {"C2": [f"figure:{decor}"], "D3": ["unsure", "figure:gate"]}}
    run(at)
    told = [m.value for m in at.info if "may not know this copy's art" in m.value]
    assert len(told) == 1 and "(C2, D3)" in told[0] and "Teach it my copy" in told[0]


def test_read_all_photos_together_keeps_confirmations_and_corrections(data_dir: Path) -> None:
    """A cell confirmed "Right as read" and a corrected cell survive "Read all photos together"."""
    at = run(AppTest.from_file(APP, default_timeout=60))
    widget(at.file_uploader, key(at, "import")).set_value(  # type: ignore[attr-defined]
        ("game.json", (ROOT / "samples" / "game-photos.json").read_bytes(), "application/json"))
    run(at)
    for i, p in enumerate(GAME["players"][:2]):
        pick_player(at, i)
        widget(at.file_uploader, key(at, f"upload{i}")).set_value(  # type: ignore[attr-defined]
            (f"{p['name']}.jpg", (PHOTOS / f"game-{p['name'].lower()}.jpg").read_bytes(), "image/jpeg"))
        run(at)
        if at.session_state["draft"]["players"][i]["reading"]["check_outline"]:
            click(at, f"outline_yes{i}")
    pick_player(at, 0)
    ann = at.session_state["draft"]["players"][0]
    ann["reading"]["review"] = ["A1", "B1"]  # the reader doubted A1 and B1
    run(at)
    tap(at, 0, "A1")
    click(at, "keep0")  # Right as read
    confirmed = at.session_state["draft"]["players"][0]["garden"][0][0]
    tap(at, 0, "B1")
    click(at, "turn0")  # B1 corrected: its path corner turned
    corrected = at.session_state["draft"]["players"][0]["garden"][0][1]
    ann = at.session_state["draft"]["players"][0]
    assert ann["reading"]["checked"] == ["A1"] and corrected != ann["reading"]["garden"][0][1]
    click(at, "joint")
    ann = at.session_state["draft"]["players"][0]
    assert ann["garden"][0][0] == confirmed and ann["garden"][0][1] == corrected
    # the confirmation stays where the joint read agrees with it; where not, it is a correction of it
    agrees = ann["reading"]["garden"][0][0] == confirmed
    assert ann["reading"].get("checked", []) == (["A1"] if agrees else [])
    assert {"A1", "B1"} & set(vm.cells_to_mark(ann["reading"], ann["garden"])) == set()
    assert "B1" in {c["cell"] for c in vm.corrections(ann["reading"], ann["garden"])}
    assert any("Garden read" in m.value for m in at.success)
