"""One game per link and nothing lost by one tap, through ``streamlit.testing.v1.AppTest``: each
session is one browser on a ``?game=`` link; sessions on other links never see the game, sessions on
one link merge their entries; new game, import and reopen keep the game before resumable; deleting
and discarding ask first; a cleared garden comes back with Undo; every action says what it did."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.apptest import APP, LEVEL5, ROOT, key, read_only_history, run, widget
from ui import viewmodel as vm
from zengarden.drafts import DraftStore
from zengarden.history import History


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ZENGARDEN_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def browser(game: str | None = None) -> AppTest:
    """A new browser session, on the link of ``game`` when given."""
    at = AppTest.from_file(APP, default_timeout=60)
    if game is not None:
        at.query_params["game"] = game
    return run(at)


def names(at: AppTest) -> list[str]:
    return [p["name"] for p in at.session_state["draft"]["players"]]


def toasts(at: AppTest) -> str:
    return "\n".join(t.value for t in at.toast)


def test_each_link_is_its_own_game() -> None:
    alice = browser()
    widget(alice.text_input, key(alice, "name0")).input("Alice")
    run(alice)
    bob = browser()  # another group opens the app: a game of its own
    assert bob.query_params["game"] != alice.query_params["game"]
    assert names(bob) == ["Player 1", "Player 2"]
    widget(bob.text_input, key(bob, "name0")).input("Bob")
    run(bob)
    # a reload of each link continues that link's game only
    assert names(browser(alice.query_params["game"]))[0] == "Alice"
    assert names(browser(bob.query_params["game"]))[0] == "Bob"
    assert names(run(alice))[0] == "Alice"


def test_two_browsers_on_one_link_both_add_a_player_and_both_survive() -> None:
    first = browser()
    widget(first.text_input, key(first, "name0")).input("Ann")
    run(first)
    game = first.query_params["game"]
    second = browser(game)
    assert names(second) == ["Ann", "Player 2"]
    widget(first.number_input, key(first, "n_players")).set_value(3)
    run(first)
    widget(first.text_input, key(first, "name2")).input("Alice")
    run(first)
    widget(second.number_input, key(second, "n_players")).set_value(3)  # meanwhile, on the other phone
    run(second)
    assert "another device" in toasts(second) and names(second) == ["Ann", "Player 2", "Alice", "Player 4"]
    widget(second.text_input, key(second, "name3")).input("Bob")
    run(second)
    assert names(second) == ["Ann", "Player 2", "Alice", "Bob"]
    assert names(run(first)) == ["Ann", "Player 2", "Alice", "Bob"]  # the first phone's next run takes it up
    assert names(browser(game)) == ["Ann", "Player 2", "Alice", "Bob"]


def test_a_conflicting_edit_of_one_player_keeps_theirs_and_says_so() -> None:
    first = browser()
    run(first)
    widget(first.text_input, key(first, "name1")).input("Ben")
    run(first)
    second = browser(first.query_params["game"])
    widget(first.text_input, key(first, "name0")).input("Ann")
    run(first)
    widget(second.text_input, key(second, "name0")).input("Anna")
    run(second)
    assert names(second) == ["Ann", "Ben"]
    assert any("Ann: the name was changed on another device" in w.value for w in second.warning)


def test_clear_garden_then_undo_restores_it() -> None:
    at = browser()
    garden = LEVEL5["players"][0]["garden"]
    widget(at.button_group, key(at, "garden_player")).set_value(0)
    run(at)
    widget(at.text_area, key(at, "text0")).input("\n".join(" ".join(r) for r in garden))
    run(at)
    widget(at.button, key(at, "apply0")).click()
    run(at)
    assert at.session_state["draft"]["players"][0]["garden"] == garden
    widget(at.button, key(at, "clear0")).click()
    run(at)
    assert at.session_state["draft"]["players"][0]["garden"] == vm.empty_grid()
    assert "garden cleared" in toasts(at)
    widget(at.button, key(at, "undo0")).click()
    run(at)
    assert at.session_state["draft"]["players"][0]["garden"] == garden
    assert "is back" in toasts(at)
    # and once more: the garden before it was typed in (empty)
    widget(at.button, key(at, "undo0")).click()
    run(at)
    assert at.session_state["draft"]["players"][0]["garden"] == vm.empty_grid()
    assert not [b for b in at.button if b.key == key(at, "undo0")]  # nothing left to undo


def test_new_game_keeps_the_previous_one_to_resume_and_discarding_asks_first(data_dir: Path) -> None:
    at = browser()
    widget(at.text_input, key(at, "name0")).input("Zoë")
    run(at)
    old = at.query_params["game"]
    at.sidebar.button[0].click()  # New game
    run(at)
    assert at.query_params["game"] != old and "New game started" in toasts(at)
    assert names(at) == ["Zoë", "Player 2"]  # the table's names carry over
    assert all(not t for row in at.session_state["draft"]["players"][0]["garden"] for t in row)
    widget(at.text_input, key(at, "name1")).input("Yann")
    run(at)
    # the previous game is listed under History and comes back as it was
    choice = widget(at.selectbox, key(at, "draft_choice"))
    assert [o.split(" · ")[0] for o in choice.options] == [old]  # the game shown is not listed
    choice.set_value(old)
    run(at)
    widget(at.button, key(at, "resume")).click()
    run(at)
    assert at.query_params["game"] == old and names(at) == ["Zoë", "Player 2"]
    assert f"Continuing game {old}" in toasts(at)
    # discarding the other one asks first; cancel keeps it
    newer = next(d.game_id for d in DraftStore.open(data_dir).list_drafts() if d.game_id != old)
    widget(at.selectbox, key(at, "draft_choice")).set_value(newer)
    run(at)
    widget(at.button, key(at, "discard")).click()
    run(at)
    assert any("cannot be undone" in w.value for w in at.warning)
    widget(at.button, key(at, "no_discard")).click()
    run(at)
    assert DraftStore.open(data_dir).load(newer) is not None
    widget(at.button, key(at, "discard")).click()
    run(at)
    widget(at.button, key(at, "yes_discard")).click()
    run(at)
    assert DraftStore.open(data_dir).load(newer) is None
    assert f"{newer} discarded" in toasts(at)


def test_deleting_a_saved_game_asks_first_and_reopen_says_what_it_did(data_dir: Path) -> None:
    from scorer import score_game

    history = History.open(data_dir)
    gid = history.save(LEVEL5, score_game(LEVEL5))
    at = browser()
    widget(at.button, key(at, "delete")).click()
    run(at)
    assert history.count() == 1 and any(f"Delete saved game #{gid}?" in w.value for w in at.warning)
    widget(at.button, key(at, "yes_delete")).click()
    run(at)
    assert history.count() == 0 and f"Saved game #{gid} deleted" in toasts(at)
    gid = history.save(LEVEL5, score_game(LEVEL5))
    run(at)
    widget(at.button, key(at, "reopen")).click()
    run(at)
    assert f"Saved game #{gid} reopened" in toasts(at)
    assert at.session_state["draft"]["history_id"] == gid and names(at) == ["Ann", "Bob", "Cy", "Dan"]


def test_a_saved_game_the_disk_does_not_let_go_of_is_said_and_kept(data_dir: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from scorer import score_game

    history = History.open(data_dir)
    gid = history.save(LEVEL5, score_game(LEVEL5))
    at = browser()
    read_only_history(monkeypatch)
    widget(at.button, key(at, "delete")).click()
    run(at)
    widget(at.button, key(at, "yes_delete")).click()
    run(at)  # no exception
    assert [e.value for e in at.error] == ["That could not be done (the data folder is read-only); nothing was "
                                           "changed."]
    assert history.count() == 1 and widget(at.selectbox, key(at, "hist_choice")).options[0].startswith(f"#{gid} ")


def test_importing_a_game_with_photos_says_the_photos_were_not_imported() -> None:
    at = browser()
    first = at.query_params["game"]
    upload = (ROOT / "samples" / "game-photos.json").read_bytes()
    widget(at.file_uploader, key(at, "import")).set_value(("game-photos.json", upload, "application/json"))
    run(at)
    assert "Imported game-photos.json as a new game (3 players)" in toasts(at)
    warning = " ".join(w.value for w in at.warning)
    assert "photos are not imported" in warning and "Ann, Bob, Cy" in warning
    assert at.query_params["game"] != first
    assert names(at) == ["Ann", "Bob", "Cy"]


def test_the_old_autosave_file_is_kept_as_an_unfinished_game(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    old = vm.draft_from_game(LEVEL5)
    (data_dir / "autosave.json").write_text(json.dumps(old))
    at = browser()
    kept = [m.value for m in at.info if "earlier unsaved game" in m.value]
    assert kept
    assert names(at) == ["Player 1", "Player 2"]  # a new link starts a new game
    legacy = widget(at.selectbox, key(at, "draft_choice")).value
    widget(at.button, key(at, "resume")).click()
    run(at)
    assert at.query_params["game"] == legacy and names(at) == ["Ann", "Bob", "Cy", "Dan"]
    assert not (data_dir / "autosave.json").exists()
    assert not [m for m in browser().info if "earlier unsaved game" in m.value]  # once only


def test_german_words_for_the_new_actions() -> None:
    at = browser()
    at.sidebar.radio[0].set_value("de")
    run(at)
    at.sidebar.button[0].click()
    run(at)
    assert "Neues Spiel begonnen" in toasts(at)
    assert any("Offene Spiele" in h.value for h in at.subheader)


def test_another_phones_save_keeps_this_phone_on_its_player() -> None:
    first = browser()
    widget(first.text_input, key(first, "name0")).input("Ann")
    run(first)
    second = browser(first.query_params["game"])
    widget(second.button_group, key(second, "garden_player")).set_value(1)
    run(second)
    widget(first.text_input, key(first, "name1")).input("Ben")
    run(first)
    widget(second.number_input, key(second, "coins1")).set_value(7)
    run(second)  # merged with the other phone's save: the widgets restart from the merge
    assert names(second) == ["Ann", "Ben"] and second.session_state["draft"]["players"][1]["coins"] == 7
    assert widget(second.button_group, key(second, "garden_player")).value == 1


def test_a_link_to_an_unreadable_game_says_so_and_starts_a_new_game(data_dir: Path) -> None:
    import sqlite3

    store = DraftStore.open(data_dir)
    with sqlite3.connect(store.path) as con:
        con.execute("INSERT INTO drafts VALUES ('broken1', 1, 'x', 'x', 'not json')")
    at = browser("broken1")
    assert any("broken1 could not be opened" in e.value for e in at.error)
    assert at.query_params["game"] != "broken1" and names(at) == ["Player 1", "Player 2"]
    assert any("broken1 cannot be opened" in o for o in widget(at.selectbox, key(at, "draft_choice")).options)


def test_an_unusable_draft_store_is_reported_never_a_traceback(data_dir: Path) -> None:
    (data_dir / "drafts.sqlite3").mkdir(parents=True)  # a folder where the database file should be
    at = browser()
    assert any("cannot be stored" in e.value for e in at.error)
    widget(at.text_input, key(at, "name0")).input("Zoë")
    run(at)  # the game goes on in this session; saving is tried again after each action
    assert names(at)[0] == "Zoë" and "Autosave failed" in toasts(at)


def test_tapping_the_shown_player_again_keeps_that_player_picked() -> None:
    at = browser()
    widget(at.button_group, key(at, "garden_player")).set_value(1)
    run(at)
    widget(at.button_group, key(at, "garden_player")).set_value(None)  # a segmented control unselects
    run(at)
    assert widget(at.button_group, key(at, "garden_player")).value == 1
    assert widget(at.number_input, key(at, "coins1"))  # still player 2's garden below it
