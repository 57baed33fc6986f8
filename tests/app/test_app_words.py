"""Every word in the player's language: German results hold no English reason, problem, note or
label; drop-downs change language on the same click; missions say what they need."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from scorer import score_game
from tests.app.apptest import APP, LEVEL5, ROOT, key, run, widget
from tests.app.words import english_left
from zengarden import wording

LEVEL1 = json.loads((ROOT / "samples" / "game-level1.json").read_text())


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ZENGARDEN_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [m.value for m in at.caption] + [m.value for m in at.code]
    parts += [m.value for kind in (at.success, at.info, at.warning, at.error) for m in kind]
    parts += [str(t.value) for t in at.dataframe]
    return "\n".join(str(p) for p in parts)


def imported(game: dict[str, Any], lang: str = "en") -> AppTest:
    at = run(AppTest.from_file(APP, default_timeout=60))
    if lang != "en":
        at.sidebar.radio[0].set_value(lang)
        run(at)
    widget(at.file_uploader, key(at, "import")).set_value(("game.json", json.dumps(game).encode(), "application/json"))
    return run(at)


@pytest.mark.parametrize("game", [LEVEL5, LEVEL1], ids=["level5", "level1-tie"])
def test_german_results_hold_no_english_reason(game: dict[str, Any]) -> None:
    at = imported(game, "de")
    shown = texts(at)
    result = score_game(game)
    for p in result.players:
        assert f"{p.name}: {p.total}" in shown
    # every category's reason of the player shown, in German (the expander lists them all)
    first = result.players[0]
    for category in first.categories:
        assert wording.GERMAN(category.reason) in shown, category.category
    if result.tie_break is not None:
        assert wording.GERMAN(result.tie_break) in shown
    assert any("Münzbonus" in w for w in shown.splitlines()) or game is LEVEL5
    reasons = [c.reason for p in result.players for c in p.categories] + [w.reason for w in result.warnings]
    reasons += [result.tie_break] if result.tie_break is not None else []
    assert english_left(shown, reasons) == []
    assert "Plättchen zeigen" in shown


def test_german_problems_of_an_invalid_game() -> None:
    broken = json.loads(json.dumps(LEVEL5))
    broken["players"][1]["garden"][0][0] = broken["players"][0]["garden"][0][0]
    at = imported(broken, "de")
    errors = "\n".join(e.value for e in at.error) + texts(at)
    assert "kann nicht gewertet werden" in errors
    assert "liegt auch auf A1 im Garten von Ann" in errors
    assert "is also at" not in errors and "each tile exists once" not in errors


def test_a_photo_that_is_no_image_is_refused_in_german() -> None:
    at = run(AppTest.from_file(APP, default_timeout=60))
    at.sidebar.radio[0].set_value("de")
    run(at)
    widget(at.file_uploader, key(at, "upload0")).set_value(("notes.jpg", b"hello, not an image", "image/jpeg"))
    run(at)
    errors = "\n".join(e.value for e in at.error)
    assert "nicht verwendbar" in errors and "kein unterstütztes Bildformat" in errors
    assert "not a supported image" not in errors and "image data" not in errors


def test_drop_downs_change_language_on_the_same_click() -> None:
    at = imported(LEVEL5)
    picker = widget(at.selectbox, key(at, "pref:minor"))
    assert picker.value == "path:stone" and "path: stone" in picker.options
    before = picker.key
    at.sidebar.radio[0].set_value("de")
    run(at)
    # drawn anew under a new key: a keyed drop-down keeps the label it was drawn with in the browser
    picker = widget(at.selectbox, key(at, "pref:minor"))
    assert picker.key != before
    assert picker.value == "path:stone"
    assert "Weg: Stein" in picker.options and "path: stone" not in picker.options
    assert widget(at.selectbox, key(at, "colour0")).options[0] == "blau"
    assert at.session_state["draft"]["preferences"]["minor"] == "path:stone"  # nothing entered is lost


def test_missions_say_how_many_tiles_they_need_and_the_places() -> None:
    at = imported(LEVEL5)
    shown = texts(at)
    assert "Needs 4 × decor: pagoda and 4 × floor: cherry blossom in one garden." in shown
    assert "Places: 1st Dan → 5 · 2nd Cy → 3" in shown  # mission 2, in the order entered
    for order in at.multiselect:
        assert order.proto.select_all == 0  # no "Select all" that would enter seating order
    at.sidebar.radio[0].set_value("de")
    run(at)
    shown = texts(at)
    assert "Braucht 4 × Dekor: Pagode und 4 × Untergrund: Kirschblüte in einem Garten." in shown
    assert "Plätze: 1. Dan → 5 · 2. Cy → 3" in shown
