"""Pure UI helpers: catalogues, the draft view model and Undo, settings files, photo helpers."""

from __future__ import annotations

import json
import string
from pathlib import Path

import numpy as np
import pytest

from scorer import score_game
from ui import i18n, state
from ui import viewmodel as vm
from ui.photos import PhotoError, click_to_photo, clicks_to_corners, load_photo, order_corners

ROOT = Path(__file__).resolve().parents[2]
LEVEL5 = json.loads((ROOT / "samples" / "game-level5.json").read_text())


def test_catalogues_have_the_same_keys_and_placeholders() -> None:
    assert set(i18n.EN) == set(i18n.DE)
    fmt = string.Formatter()
    for k in i18n.EN:
        en = {f for _, f, _, _ in fmt.parse(i18n.EN[k]) if f}
        de = {f for _, f, _, _ in fmt.parse(i18n.DE[k]) if f}
        assert en == de, k


def test_app_uses_only_known_keys() -> None:
    import re

    source = (ROOT / "app.py").read_text()
    used = set(re.findall(r'T\("([a-z_.0-9]+)"', source))
    assert used <= set(i18n.EN), used - set(i18n.EN)


def test_translator_terms() -> None:
    de = i18n.Translator("de")
    assert de("coins") == "Übrige Münzen"
    assert de.feature("floor:water") == "Untergrund: Wasser"
    assert de("level_n", n=3) == "Stufe 3 (Tafeln 1–3)"
    assert i18n.Translator("xx").lang == "en"
    assert de.labels()["coins"] == "Münzen"
    assert "Mission 1" in i18n.Translator("en").missing("mission:1")


def test_draft_round_trip_through_game_file() -> None:
    draft = vm.draft_from_game(LEVEL5)
    game, missing = vm.game_from_draft(draft)
    assert not missing
    assert score_game(game) == score_game(LEVEL5)


def test_new_draft_reports_what_is_missing() -> None:
    draft = vm.new_draft(players=2, level=5)
    assert len(draft["missions"]) == 3
    _, missing = vm.game_from_draft(draft)
    assert "preference:minor" in missing and "mission:3" in missing
    assert any(m.startswith("garden:Player 1:A1,B1") for m in missing)
    assert len(vm.set_boards(draft, [1, 2, 3, 4], 4)["missions"]) == 2
    assert vm.set_boards(draft, [1], 1)["missions"] == []
    assert vm.level_of([1, 2, 3]) == 3 and vm.level_of([1, 3]) is None


def test_feature_pickers_prevent_reuse() -> None:
    draft = vm.new_draft(players=2, level=5)
    draft["preferences"]["minor"] = "path:stone"
    assert "path:stone" not in vm.feature_options(draft, "pref:major")
    assert "path:stone" in vm.feature_options(draft, "pref:minor")
    assert "path:stone" not in vm.feature_options(draft, "mission:0:1")
    draft["missions"][0]["features"][0] = "path:stone"
    assert vm.duplicate_features(draft) == ["path:stone"]


def test_editor_rows_round_trip_and_partial_cells() -> None:
    grid = LEVEL5["players"][0]["garden"]
    rows = vm.editor_rows(grid, review=["B2"], confidence=[[0.5] * 4] * 4)
    assert len(rows) == 16 and rows[5]["check"] == "⚠" and rows[0]["confidence"] == 50
    assert vm.grid_from_rows(rows) == grid
    rows[0]["floor"] = None
    partial = vm.grid_from_rows(rows)
    assert partial[0][0] == "/stone/gate/se" and vm.missing_cells(partial) == ["A1"]
    assert vm.editor_rows(partial)[0]["path"] == "stone"


def test_corrections_and_conflicts() -> None:
    draft = vm.draft_from_game(LEVEL5)
    ann, bob = draft["players"][0], draft["players"][1]
    ann["reading"] = {"garden": [list(r) for r in ann["garden"]]}
    ann["garden"][0][1] = "water/stone/crane/sw"
    assert vm.corrections(ann["reading"], ann["garden"]) == [
        {"cell": "B1", "read": "water/stone/pagoda/sw", "corrected": "water/stone/crane/sw"}]
    bob["garden"][0][0] = "water/stone/gate/nw"  # same tile as Ann's uncorrected A1
    conflicts = vm.tile_conflicts(draft)
    assert len(conflicts) == 1 and conflicts[0].from_photo
    assert conflicts[0].places == (("Ann", "A1"), ("Bob", "A1"))
    assert vm.conflict_cells(conflicts, "Bob") == ["A1"]
    history = vm.readings_for_history(draft)
    assert history["Ann"]["source"] == "photo" and history["Bob"]["source"] == "manual"


def test_mission_status_lists_qualifiers() -> None:
    draft = vm.draft_from_game(LEVEL5)
    status = vm.mission_status(draft)
    assert set(status[1].qualifiers) >= {"Dan", "Cy"}
    assert "Ann" not in status[0].qualifiers


def test_settings_round_trip(tmp_path: Path) -> None:
    state.save_settings({"lang": "de"}, tmp_path)
    assert state.load_settings(tmp_path)["lang"] == "de"
    (tmp_path / state.SETTINGS).write_text("{broken")
    assert state.load_settings(tmp_path) == state.DEFAULT_SETTINGS


def test_undo_gives_back_each_earlier_garden_in_turn() -> None:
    player = vm.draft_from_game(LEVEL5)["players"][0]
    garden = [list(r) for r in player["garden"]]
    undo = vm.GardenUndo.start(garden)
    assert not undo.can_undo and undo.note(garden) is undo  # no change, nothing to undo
    fixed = vm.set_cell(garden, "A1", "water/stone/crane/se")
    undo = undo.note(fixed).note(vm.empty_grid())  # a fix, then "Clear garden"
    undo, back = undo.undo()
    assert back == fixed
    vm.set_player_grid(player, back)
    assert player["garden"] == player["editor_base"] == fixed
    undo, back = undo.undo()
    assert back == garden and not undo.can_undo
    with pytest.raises(IndexError):
        undo.undo()
    assert len(vm.GardenUndo.start(garden).note(fixed).note(garden).note(fixed, depth=2).earlier) == 2
    # a change another device made is taken as the new state, not undone here
    assert vm.GardenUndo.start(garden).note(fixed).rebase(vm.empty_grid()).undo()[1] == garden


def test_every_edit_conflict_is_worded_in_both_languages() -> None:
    from zengarden.drafts import CONFLICT_FIELDS

    for field in CONFLICT_FIELDS:
        assert f"edit_field.{field}" in i18n.EN and f"edit_field.{field}" in i18n.DE


def test_an_edit_conflict_notice_is_worded_when_shown() -> None:
    from ui.session import conflict_said
    from zengarden.drafts import EditConflict

    said = conflict_said(EditConflict(None, "preference", "minor"))
    de, en = i18n.Translator("de").say(said), i18n.Translator("en").say(said)
    assert de == "Einrichtung: das Kaiserplättchen für Kleine Vorliebe (1 Punkt je Plättchen) wurde gleichzeitig " \
                 "auf einem anderen Gerät geändert; diese Fassung wurde behalten."
    assert "Minor preference (1 point per tile)" in en  # the space by its name, not its code
    said = conflict_said(EditConflict("Ann", "garden", "A1, B2"))
    assert i18n.Translator("de").say(said).startswith("Ann: der Garten (Felder A1, B2) wurde gleichzeitig")


def test_the_draft_keeps_its_json_shape() -> None:
    draft = vm.new_draft(players=2)
    assert list(draft) == ["version", "level", "boards", "preferences", "missions", "players", "history_id"]
    assert list(draft["players"][0]) == ["name", "colour", "coins", "garden", "editor_base", "editor_ver", "reading"]
    assert draft["version"] == vm.DRAFT_VERSION == 1


def test_corner_ordering_and_click_scaling() -> None:
    pts = np.array([[90, 430], [500, 70], [100, 50], [480, 450]], float)
    assert order_corners(pts).tolist() == [[100, 50], [500, 70], [480, 450], [90, 430]]
    corners = clicks_to_corners([(50, 25), (250, 35), (240, 225), (45, 215)], displayed_width=300,
                                image_width=600)
    assert corners[0] == [100, 50] and corners[2] == [480, 450]
    with pytest.raises(ValueError):
        clicks_to_corners([(1, 1)], 10, 10)


@pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")
def test_load_photo_refuses_non_images_and_huge_images() -> None:
    with pytest.raises(PhotoError) as err:
        load_photo(b"definitely not an image")
    assert err.value.kind == "load" and "not a supported image" in str(err.value)
    assert err.value.code == "not_an_image"
    with pytest.raises(PhotoError) as err:
        load_photo(b"")
    assert err.value.code == "empty"
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (9000, 7000)).save(buf, format="PNG")  # 63 MP
    with pytest.raises(PhotoError) as err:
        load_photo(buf.getvalue())
    assert "too large" in str(err.value) and err.value.code == "too_many_pixels"


def test_every_photo_problem_is_worded_in_english_and_german() -> None:
    from vision.io import ALL_IMAGE_PROBLEMS

    en, de = i18n.Translator("en"), i18n.Translator("de")
    for code in ALL_IMAGE_PROBLEMS:
        key = f"photo_problem_{code}"
        assert key in i18n.EN and key in i18n.DE, code
        assert en(key) != de(key), code


def test_reopened_game_restores_readings_and_photo() -> None:
    draft = vm.draft_from_game(LEVEL5)
    draft["players"][0]["reading"] = {"garden": [list(r) for r in draft["players"][0]["garden"]], "photo": "abc",
                                      "corners": [[0, 0], [1, 0], [1, 1], [0, 1]]}
    draft["players"][0]["photo"] = "abc"
    draft["players"][0]["garden"][0][1] = "water/stone/crane/sw"
    saved = vm.readings_for_history(draft)
    game, _ = vm.game_from_draft(draft)
    again = vm.draft_from_game(game, saved)
    assert again["players"][0]["photo"] == "abc"
    assert vm.corrections(again["players"][0]["reading"], again["players"][0]["garden"])[0]["cell"] == "B1"
    assert again["players"][1]["reading"] is None


def test_merge_reading_keeps_corrections_and_confirmations() -> None:
    old = {"garden": [["a"] * 4 for _ in range(4)], "review": ["A1", "B1", "C1"], "checked": ["A1", "B1"],
           "outline_confirmed": True}
    current = [["a"] * 4 for _ in range(4)]
    current[1][2] = "fixed"  # C2 corrected by the user
    new_grid = [["b"] * 4 for _ in range(4)]
    new_grid[0][1] = "a"  # the joint read agrees with the confirmed B1; A1 it reads as "b"
    new = {"garden": new_grid, "review": ["A1", "B1", "D4"]}
    reading, garden = vm.merge_reading(old, new, current)
    assert garden[1][2] == "fixed" and garden[0][0] == "a" and garden[0][1] == "a"
    assert garden[0][2] == "b" and garden[3][3] == "b"  # C1 was doubted, not confirmed: re-read
    assert reading["garden"] == new_grid and reading["review"] == ["A1", "B1", "D4"]
    assert reading["checked"] == ["B1"] and reading["outline_confirmed"] is True
    assert "checked" not in new and new["garden"] == new_grid  # the reading given is left as it was
    # A1 now counts as a correction of the joint read; neither it nor B1 is marked again, D4 is
    assert {c["cell"] for c in vm.corrections(reading, garden)} == {"A1", "C2"}
    assert vm.cells_to_mark(reading, garden) == ["D4"]
    # without a previous reading the new one is taken as it is
    assert vm.merge_reading(None, new, vm.empty_grid()) == (new, new_grid)


def test_renaming_a_player_renames_them_in_the_mission_orders() -> None:
    draft = vm.new_draft(players=3)
    draft["missions"][0]["completed_by"] = ["Player 2", "Player 1"]
    draft["missions"][2]["completed_by"] = ["Player 2"]
    renamed = vm.rename_player(draft, 1, "Bea")
    assert [p["name"] for p in renamed["players"]] == ["Player 1", "Bea", "Player 3"]
    assert [m["completed_by"] for m in renamed["missions"]] == [["Bea", "Player 1"], [], ["Bea"]]
    assert draft["players"][1]["name"] == "Player 2"  # the draft given is left as it was


def test_mission_board_follows_the_boards_in_play() -> None:
    assert [vm.mission_board([1, 2, 3, 4, 5], m) for m in range(3)] == [4, 4, 5]
    assert [vm.mission_board([1, 4], m) for m in range(2)] == [4, 4]
    assert vm.mission_board([5], 0) == 5
    assert vm.mission_board([1, 5], 1) == 5


def test_a_click_is_scaled_from_the_displayed_photo_to_photo_pixels() -> None:
    assert click_to_photo(50, 25, displayed_width=300, image_width=1200) == (200.0, 100.0)
    assert click_to_photo(7, 9, displayed_width=0, image_width=1200) == (7.0, 9.0)


def test_a_colour_hint_puts_the_read_tile_on_that_floor_first() -> None:
    read = [["sand/wood/gate/nw", "water/stone/crane/se", "trees/sand/bench/ne", "clay/wood/pagoda/sw"]] * 4
    reading = {"garden": read, "review": ["A1", "B1"],
               "review_why": {"A1": ["floor_colour:gravel"], "B1": ["unsure", "path_colour:sand"]},
               "alternatives": {"A1": [["sand/wood/gate/nw", 0.9], ["sand/wood/gate/ne", 0.06],
                                       ["gravel/wood/gate/nw", 0.03]],
                                "B1": [["water/stone/crane/se", 0.5], ["water/wood/crane/se", 0.4]]}}
    assert vm.colour_hints(reading, ["A1", "B1", "C1"]) == [("A1", "floor", "gravel"), ("B1", "path", "sand")]
    a1 = vm.cell_alternatives(reading, read, "A1", {"gravel/wood/gate": ("Bea", "C3")})
    assert [(a.tile, a.percent, a.colour_of) for a in a1] == [
        ("gravel/wood/gate/nw", 3, "floor"), ("sand/wood/gate/ne", 6, None)]
    assert a1[0].used_by == ("Bea", "C3")  # the same physical tile is entered elsewhere: said so
    b1 = vm.cell_alternatives(reading, read, "B1")
    assert [(a.tile, a.colour_of) for a in b1] == [("water/sand/crane/se", "path"), ("water/wood/crane/se", None)]
    # once the player has set the suggested tile, the read tile comes back as a candidate
    changed = [list(r) for r in read]
    changed[0][0] = "gravel/wood/gate/nw"
    assert [a.tile for a in vm.cell_alternatives(reading, changed, "A1")] == [
        "sand/wood/gate/nw", "sand/wood/gate/ne"]
    # a reading kept before there were reasons, or with codes of no floor: only the reader's
    old = {k: v for k, v in reading.items() if k != "review_why"}
    assert [a.colour_of for a in vm.cell_alternatives(old, read, "A1")] == [None, None]
    odd = {**reading, "review_why": {"A1": ["floor_colour:lava"]}}
    assert all(a.colour_of is None for a in vm.cell_alternatives(odd, read, "A1"))


def test_a_tile_the_photos_colours_changed_offers_its_reading_alone_first() -> None:
    read = [["sand/wood/gate/nw", "water/stone/crane/se", "trees/sand/bench/ne", "clay/wood/pagoda/sw"]] * 4
    reading = {"garden": read, "review": ["C1"], "review_why": {"C1": ["colour_read:gravel/sand/bench/ne"]},
               "alternatives": {"C1": [["trees/sand/bench/ne", 0.8], ["trees/sand/bench/nw", 0.1]]}}
    assert vm.colour_hints(reading, ["C1"]) == [("C1", "tile", "gravel/sand/bench/ne")]
    alts = vm.cell_alternatives(reading, read, "C1")
    assert [(a.tile, a.colour_of) for a in alts] == [("gravel/sand/bench/ne", "tile"), ("trees/sand/bench/nw", None)]
    t = i18n.Translator("en")
    assert "alone it reads" in t("review_tile_colour", cell="C1", what=t.kind("gravel/sand/bench/ne"))
    broken = {**reading, "review_why": {"C1": ["colour_read:not a tile"]}}
    assert [a.colour_of for a in vm.cell_alternatives(broken, read, "C1")] == [None]


def test_the_cells_seen_in_part_are_those_the_reader_says_lie_beyond_the_photo() -> None:
    reading = {"review": ["C1", "D1", "D2"],
               "review_why": {"C1": ["unsure"], "D1": ["light", "beyond_photo"], "D2": ["beyond_photo"]}}
    assert vm.beyond_photo(reading) == ["D1", "D2"]
    assert vm.beyond_photo({"review": ["A1"]}) == []  # a reading kept before there were reasons
    assert vm.beyond_photo(None) == []
    for lang in ("en", "de"):
        assert "D1, D2" in i18n.Translator(lang)("beyond_photo", cells="D1, D2")


def test_a_garden_far_off_in_the_photo_is_told() -> None:
    """A garden whose mean side is under a fifth of the photo's longer side is small in it; a bigger
    one, a reading without corners or an unknown photo size is not."""
    near = {"corners": [[100, 100], [700, 120], [690, 700], [90, 690]]}  # ~600 px in a 1600-px photo
    far = {"corners": [[100, 100], [380, 100], [380, 380], [100, 380]]}  # 280 px: 0.175 of 1600
    assert vm.small_in_photo(far, (1200, 1600, 3)) is True
    assert vm.small_in_photo(far, (1600, 1200, 3)) is True  # the longer side, either way up
    assert vm.small_in_photo(far, (400, 500, 3)) is False
    assert vm.small_in_photo(near, (1200, 1600, 3)) is False
    assert vm.small_in_photo({"corners": None}, (1200, 1600, 3)) is False
    assert vm.small_in_photo(None, (1200, 1600, 3)) is False
    assert vm.small_in_photo(far, ()) is False


def test_a_cell_whose_figure_is_unlike_its_decors_is_told_with_the_decor_read() -> None:
    reading = {"review": ["B2", "C3"],
               "review_why": {"B2": ["unsure", "figure:pagoda"], "C3": ["floor_colour:sand"], "D4": ["figure:"]}}
    assert vm.figure_hints(reading, ["B2", "C3", "D4"]) == [("B2", "pagoda")]
    assert vm.figure_hints({"review": ["A1"]}, ["A1"]) == []
    assert vm.figure_hints(None, ["A1"]) == []
    for lang in ("en", "de"):
        t = i18n.Translator(lang)
        assert "B2" in t("review_figure", cell="B2", what=t.value("decor", "pagoda"))


def test_the_cells_marked_for_their_figure_are_listed_in_reading_order() -> None:
    reading = {"review": ["A1", "B2", "C3"],
               "review_why": {"A1": ["unsure"], "B2": ["figure:gate"], "C3": ["light", "figure:crane"]}}
    assert vm.odd_figure_cells(reading) == ["B2", "C3"]
    assert vm.odd_figure_cells({"review_why": {"D4": ["figure:bench"]}}) == ["D4"]
    assert vm.odd_figure_cells({"review": ["A1"]}) == [] and vm.odd_figure_cells(None) == []
    for lang in ("en", "de"):
        t = i18n.Translator(lang)
        said = t("figures_unfamiliar", n=2, cells="B2, C3", page=t("enrol_title"))
        assert "B2, C3" in said and t("enrol_title") in said
