"""The draft store: one draft per game id in SQLite (WAL), saves with a version check, three-way
merges per player and per field, conflicts reported, corrupt rows reported, the old autosave imported once."""

from __future__ import annotations

import copy
import json
import sqlite3
from pathlib import Path

import pytest

from ui import viewmodel as vm
from zengarden.drafts import (
    DB_NAME,
    Draft,
    DraftError,
    DraftStore,
    EditConflict,
    merge_drafts,
    new_game_id,
    parse_draft,
    valid_game_id,
)

ROOT = Path(__file__).resolve().parents[2]
LEVEL5 = json.loads((ROOT / "samples" / "game-level5.json").read_text())


class Session:
    """What the app's session keeps per game: the draft it edits, and the base and version it last synced."""

    def __init__(self, store: DraftStore, game_id: str) -> None:
        self.store, self.game_id = store, game_id
        stored = store.load(game_id)
        self.version = stored.version if stored else 0
        self.draft: Draft = stored.draft if stored else vm.new_draft()
        self.base = copy.deepcopy(self.draft)

    def save(self) -> tuple[EditConflict, ...]:
        result = self.store.save(self.game_id, self.draft, base=self.base, base_version=self.version)
        self.version, self.draft, self.base = result.version, result.draft, copy.deepcopy(result.draft)
        return result.conflicts


def test_game_ids_are_unique_and_checked() -> None:
    ids = {new_game_id() for _ in range(50)}
    assert len(ids) == 50 and all(valid_game_id(i) for i in ids)
    assert not valid_game_id("") and not valid_game_id("../x") and not valid_game_id(None)


def test_the_store_is_a_wal_database_file_beside_the_history(tmp_path: Path) -> None:
    store = DraftStore.open(tmp_path)
    assert store.path == tmp_path / DB_NAME and store.path.is_file()
    con = sqlite3.connect(store.path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_two_game_ids_never_see_each_other(tmp_path: Path) -> None:
    store = DraftStore.open(tmp_path)
    alice, bob = Session(store, "game-alice"), Session(store, "game-bob")
    alice.draft = vm.rename_player(alice.draft, 0, "Alice")
    bob.draft = vm.rename_player(bob.draft, 0, "Bob")
    alice.save()
    bob.save()
    assert Session(store, "game-alice").draft["players"][0]["name"] == "Alice"
    assert Session(store, "game-bob").draft["players"][0]["name"] == "Bob"
    assert Session(store, "game-other").version == 0  # an unknown id starts empty
    assert {d.game_id for d in store.list_drafts()} == {"game-alice", "game-bob"}


def test_two_sessions_on_one_game_both_add_a_player_and_both_survive(tmp_path: Path) -> None:
    store = DraftStore.open(tmp_path)
    first = Session(store, "night")
    first.save()
    second = Session(store, "night")
    first.draft = vm.rename_player(vm.set_player_count(first.draft, 3), 2, "Alice")
    second.draft = vm.rename_player(vm.set_player_count(second.draft, 3), 2, "Bob")
    second.draft["players"][2]["garden"][0][0] = "water/stone/gate/se"
    assert first.save() == ()
    assert second.save() == ()  # merged, nothing lost
    names = [p["name"] for p in second.draft["players"]]
    assert names == ["Player 1", "Player 2", "Alice", "Bob"]
    assert second.draft["players"][3]["garden"][0][0] == "water/stone/gate/se"
    colours = [p["colour"] for p in second.draft["players"]]
    assert len(set(colours)) == 4  # the second newcomer got a free colour
    assert store.load("night").draft == second.draft and store.load("night").version == 3


def test_concurrent_edits_of_different_fields_and_cells_of_one_player_merge(tmp_path: Path) -> None:
    store = DraftStore.open(tmp_path)
    first = Session(store, "night")
    first.draft = vm.draft_from_game(LEVEL5)
    first.save()
    second = Session(store, "night")
    first.draft["players"][0]["coins"] = 3
    first.draft["players"][0]["garden"][0][0] = ""
    second.draft["players"][0]["garden"][3][3] = ""
    second.draft["preferences"]["minor"] = None
    first.save()
    assert second.save() == ()
    ann = second.draft["players"][0]
    assert ann["coins"] == 3 and ann["garden"][0][0] == "" and ann["garden"][3][3] == ""
    assert ann["garden"][1][1] == LEVEL5["players"][0]["garden"][1][1]
    assert ann["editor_base"] == ann["garden"]  # the editor restarts from the merged garden
    assert second.draft["preferences"]["minor"] is None


def test_a_conflicting_edit_of_the_same_player_is_reported_and_theirs_kept(tmp_path: Path) -> None:
    store = DraftStore.open(tmp_path)
    first = Session(store, "night")
    first.draft = vm.draft_from_game(LEVEL5)
    first.save()
    second = Session(store, "night")
    first.draft = vm.rename_player(first.draft, 1, "Bea")
    first.draft["players"][0]["garden"][0][0] = "water/stone/crane/se"
    second.draft = vm.rename_player(second.draft, 1, "Bobby")
    second.draft["players"][0]["garden"][0][0] = ""
    second.draft["players"][0]["garden"][0][1] = ""  # no conflict: only this session changed B1
    first.save()
    conflicts = second.save()
    assert EditConflict("Bea", "name") in conflicts
    assert EditConflict("Ann", "garden", "A1") in conflicts
    players = second.draft["players"]
    assert players[1]["name"] == "Bea" and players[0]["garden"][0][0] == "water/stone/crane/se"
    assert players[0]["garden"][0][1] == ""
    # the mission orders follow the kept name
    assert all("Bobby" not in m["completed_by"] for m in second.draft["missions"])


def test_renames_follow_into_the_mission_orders_without_a_conflict() -> None:
    base = vm.draft_from_game(LEVEL5)
    assert base["missions"][1]["completed_by"] == ["Dan", "Cy"]
    mine = vm.rename_player(base, 3, "Dana")
    theirs = copy.deepcopy(base)
    theirs["missions"][1]["completed_by"] = ["Cy", "Dan"]
    merged, conflicts = merge_drafts(base, mine, theirs)
    assert conflicts == ()
    assert merged["missions"][1]["completed_by"] == ["Cy", "Dana"]
    assert merged["missions"][2]["completed_by"] == ["Dana"]
    # both rename the same player: one conflict (the name), the orders follow the name kept
    theirs = vm.rename_player(base, 3, "Daniel")
    merged, conflicts = merge_drafts(base, mine, theirs)
    assert conflicts == (EditConflict("Daniel", "name"),)
    assert [m["completed_by"] for m in merged["missions"]] == [[], ["Daniel", "Cy"], ["Daniel"]]


def test_a_new_photo_reading_and_its_garden_travel_together() -> None:
    base = vm.draft_from_game(LEVEL5)
    mine, theirs = copy.deepcopy(base), copy.deepcopy(base)
    read = [["sand/wood/bench/nw"] * 4 for _ in range(4)]
    theirs["players"][2]["reading"] = {"garden": read, "photo": "abc"}
    theirs["players"][2]["photo"] = "abc"
    theirs["players"][2]["garden"] = read
    mine["players"][2]["coins"] = 1
    merged, conflicts = merge_drafts(base, mine, theirs)
    assert conflicts == ()
    cy = merged["players"][2]
    assert cy["photo"] == "abc" and cy["garden"] == read and cy["coins"] == 1
    mine["players"][2]["garden"][0][0] = ""  # a fix against the old garden meets a new photo
    merged, conflicts = merge_drafts(base, mine, theirs)
    assert conflicts == (EditConflict("Cy", "photo"),) and merged["players"][2]["garden"] == read


def test_boards_missions_and_removed_players_merge() -> None:
    base = vm.new_draft(players=3)
    mine, theirs = copy.deepcopy(base), copy.deepcopy(base)
    mine = vm.set_boards(mine, [1, 2, 3, 4], 4)  # one mission fewer
    theirs["missions"][0]["features"][0] = "path:stone"
    theirs = vm.set_player_count(theirs, 2)
    merged, conflicts = merge_drafts(base, mine, theirs)
    assert conflicts == ()
    assert merged["boards"] == [1, 2, 3, 4] and len(merged["missions"]) == 2
    assert merged["missions"][0]["features"] == ["path:stone", None]
    assert len(merged["players"]) == 2
    # removing a player someone else was editing keeps theirs and says so
    mine = copy.deepcopy(base)
    mine["players"][2]["coins"] = 5
    merged, conflicts = merge_drafts(base, mine, theirs)
    assert len(merged["players"]) == 2 and conflicts == (EditConflict("Player 3", "player"),)


def test_corrupt_rows_are_reported_and_skipped(tmp_path: Path) -> None:
    store = DraftStore.open(tmp_path)
    store.save("good-game", vm.new_draft())
    con = sqlite3.connect(store.path)
    with con:
        con.execute("INSERT INTO drafts VALUES ('bad-game', 3, 'x', 'x', '{\"version\": 1, \"players\": 7}')")
        con.execute("INSERT INTO drafts VALUES ('worse-game', 1, 'x', 'x', 'not json')")
    listed = {d.game_id: d for d in store.list_drafts()}
    assert listed["good-game"].problem is None and listed["good-game"].players == ("Player 1", "Player 2")
    assert listed["bad-game"].problem == "damaged"  # 'boards' missing
    assert listed["worse-game"].problem == "damaged"  # not JSON
    with pytest.raises(DraftError, match="worse-game") as err:
        store.load("worse-game")
    assert err.value.code == "damaged"
    # saving over an unusable row stores the session's draft
    assert store.save("bad-game", vm.new_draft(), base=vm.new_draft(), base_version=1).version == 4
    assert store.load("bad-game") is not None
    assert store.discard("bad-game") and not store.discard("bad-game")


def test_parse_draft_checks_the_shape_and_fills_editor_fields() -> None:
    draft = json.loads(json.dumps(vm.new_draft()))
    for player in draft["players"]:
        del player["editor_base"], player["editor_ver"]
    parsed = parse_draft(draft)
    assert parsed["players"][0]["editor_base"] == parsed["players"][0]["garden"]
    assert parsed["players"][0]["editor_ver"] == 0
    with pytest.raises(DraftError, match="format") as err:
        parse_draft({**draft, "version": 99})
    assert err.value.code == "version"
    broken = copy.deepcopy(draft)
    broken["players"][1]["garden"] = [["x"]]
    with pytest.raises(DraftError, match="Player 2"):
        parse_draft(broken)


def test_the_old_autosave_is_imported_once(tmp_path: Path) -> None:
    store = DraftStore.open(tmp_path)
    old = vm.draft_from_game(LEVEL5)
    (tmp_path / "autosave.json").write_text(json.dumps(old))
    game_id = store.import_legacy(tmp_path / "autosave.json")
    assert game_id is not None and valid_game_id(game_id)
    stored = store.load(game_id)
    assert stored is not None and [p["name"] for p in stored.draft["players"]] == ["Ann", "Bob", "Cy", "Dan"]
    assert not (tmp_path / "autosave.json").exists() and (tmp_path / "autosave.json.imported").exists()
    (tmp_path / "autosave.json").write_text(json.dumps(old))  # a copy put back is not imported twice
    assert store.import_legacy(tmp_path / "autosave.json") is None
    assert len(store.list_drafts()) == 1


def test_an_unreadable_old_autosave_is_left_alone(tmp_path: Path) -> None:
    store = DraftStore.open(tmp_path)
    (tmp_path / "autosave.json").write_text("{broken")
    assert store.import_legacy(tmp_path / "autosave.json") is None
    assert (tmp_path / "autosave.json").read_text() == "{broken" and store.list_drafts() == []
