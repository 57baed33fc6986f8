"""Every word in the player's language: German results hold no English reason, problem, note or
label; drop-downs change language on the same click; missions say what they need; a file the data
folder refuses (settings, the history, a photo's copy) and a failed retraining are said in German,
and what was entered stays."""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from scorer import score_game
from tests.app.apptest import APP, LEVEL5, ROOT, key, read_only_history, run, widget
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


def test_a_setting_the_data_folder_refuses_still_applies_and_is_said_in_german(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ui import state

    def read_only(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    at = run(AppTest.from_file(APP, default_timeout=60))
    monkeypatch.setattr(state, "save_settings", read_only)
    at.sidebar.radio[0].set_value("de")
    run(at)  # no exception
    assert [w.value for w in at.warning] == ["Diese Einstellung konnte nicht gespeichert werden (der Datenordner ist "
                                             "schreibgeschützt); sie gilt nur in dieser Sitzung."]
    run(at)
    assert at.sidebar.radio[0].label == "Sprache"  # German in this session all the same


def test_a_game_the_history_cannot_take_is_said_in_german_and_stays(monkeypatch: pytest.MonkeyPatch,
                                                                    data_dir: Path) -> None:
    from zengarden.history import History

    at = imported(LEVEL5, "de")
    history = History.open(data_dir)
    entered = json.dumps(at.session_state["draft"])
    with monkeypatch.context() as disk:
        read_only_history(disk)
        widget(at.button, key(at, "save")).click()
        run(at)  # no exception
        assert [e.value for e in at.error] == [
            "Das Spiel konnte nicht im Verlauf gespeichert werden (der Datenordner ist schreibgeschützt). Die "
            "Eingaben bleiben hier erhalten; erneut versuchen, sobald der Datenordner beschreibbar ist."]
        assert json.dumps(at.session_state["draft"]) == entered and history.count() == 0
    widget(at.button, key(at, "save")).click()  # tried again once the folder can be written
    run(at)
    assert not at.error and history.count() == 1
    assert any(s.value == "Gespeichert als Spiel #1." for s in at.success)


def test_a_failed_retraining_is_said_in_german(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    from ui import calibration, photos

    status = photos.vision_status()
    if not (status["train"] and status["dataset"]):
        pytest.skip("no vision training module")
    (data_dir / "examples").mkdir(parents=True)
    (data_dir / "examples" / "copy-1.json").write_text("{}")  # one kept example: the button is enabled

    def retrain(progress: Any, model_path: str | None = None) -> Path:  # as vision.train says it, in English
        progress(0.5, "rendering synthetic photos 30/60")
        raise ValueError("/data/examples: no labelled photos (image + .json sidecar) in /data/examples")

    monkeypatch.setattr(calibration, "retrain", retrain)
    at = run(AppTest.from_file(APP, default_timeout=60))
    at.sidebar.radio[0].set_value("de")
    run(at)
    next(b for b in at.sidebar.button if b.label == "Mit meinen Fotos neu trainieren").click()
    run(at)  # no exception
    assert [e.value for e in at.sidebar.error] == [
        "Das Modell konnte nicht neu trainiert werden: die behaltenen Fotos ließen sich nicht zum Trainieren "
        "verwenden. Ein weiteres gewertetes Spiel mit eingeschaltetem „Korrigierte Fotos als Beispiele behalten "
        "(nur im Datenordner)“ speichern und es dann erneut versuchen; das verwendete Modell bleibt unverändert."]
    assert [p.proto.text for p in at.sidebar.get("progress")] == ["Training läuft… (50%)"]


def test_a_photo_whose_copy_the_disk_refuses_is_still_used_and_said_in_german(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    import cv2
    import numpy as np

    from ui.photos import reading_ready

    if reading_ready() is not None:
        pytest.skip("no vision pipeline")
    ok, png = cv2.imencode(".png", np.full((480, 640, 3), 128, np.uint8))
    assert ok
    at = run(AppTest.from_file(APP, default_timeout=120))
    at.sidebar.radio[0].set_value("de")
    run(at)
    real = Path.write_bytes

    def disk_full(path: Path, data: bytes) -> int:
        if path.parent == data_dir / "photos":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, data)

    monkeypatch.setattr(Path, "write_bytes", disk_full)
    widget(at.file_uploader, key(at, "upload0")).set_value(("garten.png", png.tobytes(), "image/png"))
    run(at)  # no exception
    said = [w.value for w in at.warning]
    assert len(said) == 1 and said[0].startswith(
        "Das Foto wird verwendet, aber seine Kopie konnte nicht gespeichert werden (der Speicher ist voll): nach "
        "einem Neuladen muss es erneut hinzugefügt werden.\n\n")  # then what the reader found
    digest = at.session_state["draft"]["players"][0]["photo"]
    assert digest and digest in at.session_state["photos"]  # read and shown in this session
    assert list((data_dir / "photos").iterdir()) == []  # no half-written copy


def test_examples_the_disk_refuses_are_said_in_german_and_the_game_is_saved(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    from ui import calibration, state
    from zengarden.history import History

    def disk_full(*_args: object, **_kwargs: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    state.save_settings({"lang": "en", "keep_examples": True, "model_path": None}, data_dir)
    monkeypatch.setattr(calibration, "keep_examples", disk_full)
    at = imported(LEVEL5, "de")
    widget(at.button, key(at, "save")).click()
    run(at)  # no exception
    assert [w.value for w in at.warning] == ["Die Fotos konnten nicht als Beispiele behalten werden (der Speicher "
                                             "ist voll); das Spiel selbst ist gespeichert."]
    assert any(s.value == "Gespeichert als Spiel #1." for s in at.success) and History.open(data_dir).count() == 1
