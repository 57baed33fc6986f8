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


@pytest.mark.parametrize("failure", ["value", "cv2"])
def test_a_failed_retraining_is_said_in_german(monkeypatch: pytest.MonkeyPatch, data_dir: Path, failure: str) -> None:
    import cv2

    from ui import calibration, photos

    status = photos.vision_status()
    if not (status["train"] and status["dataset"]):
        pytest.skip("no vision training module")
    (data_dir / "examples").mkdir(parents=True)
    (data_dir / "examples" / "copy-1.json").write_text("{}")  # one kept example: the button is enabled

    def retrain(progress: Any, model_path: str | None = None) -> Path:  # as vision.train says it, in English
        progress(0.5, "rendering synthetic photos 30/60")
        if failure == "cv2":  # OpenCV's own error on an odd kept photo
            raise cv2.error("OpenCV(4.10.0) resize.cpp:4152: error: (-215:Assertion failed) !ssize.empty()")
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


# --- the Gardens tab's photo errors and the draft store, in German -----------------------------------

def german_app(data_dir: Path, model_path: str | None = None) -> AppTest:
    """A session that starts in German (the language saved in the data folder)."""
    from ui import state

    state.save_settings({"lang": "de", "keep_examples": False, "model_path": model_path}, data_dir)
    return run(AppTest.from_file(APP, default_timeout=120))


def enter_name_and_coins(at: AppTest) -> None:
    """What the player entered before the photo: a name and the coins left."""
    widget(at.text_input, key(at, "name0")).input("Zoë")
    run(at)
    widget(at.number_input, key(at, "coins0")).set_value(5)
    run(at)


def upload(at: AppTest, image: Any, name: str = "garten.png") -> str:
    """Picks ``image`` as player 1's photo; returns the photo's digest."""
    import cv2

    from ui.photos import digest_of

    ok, png = cv2.imencode(".png", image)
    assert ok
    widget(at.file_uploader, key(at, "upload0")).set_value((name, png.tobytes(), "image/png"))
    run(at)  # no exception
    return digest_of(png.tobytes())


def assert_kept(at: AppTest, data_dir: Path, digest: str) -> None:
    """The name and coins entered and the photo are in the game, in this session and in the draft store."""
    from zengarden.drafts import DraftStore

    player = at.session_state["draft"]["players"][0]
    assert (player["name"], player["coins"], player["photo"]) == ("Zoë", 5, digest)
    assert digest in at.session_state["photos"] and (data_dir / "photos" / f"{digest}.jpg").is_file()
    stored = DraftStore.open(data_dir).load(at.session_state["game_id"])
    assert stored is not None and stored.draft["players"][0]["name"] == "Zoë"
    assert stored.draft["players"][0]["photo"] == digest


def test_a_photo_with_no_garden_is_said_in_german_and_nothing_is_lost(data_dir: Path) -> None:
    import cv2
    import numpy as np

    from ui.photos import reading_ready

    if reading_ready() is not None:
        pytest.skip("no vision pipeline")
    at = german_app(data_dir)
    enter_name_and_coins(at)
    table = np.full((600, 800, 3), 90, np.uint8)
    cv2.putText(table, "no garden here", (100, 300), cv2.FONT_HERSHEY_SIMPLEX, 2, (255, 255, 255), 3)
    digest = upload(at, table)
    said = [w.value for w in at.warning]
    assert said == ["Kein Garten im Foto gefunden. Unten die vier Ecken des Gartens anklicken, das Foto genau von "
                    "oben neu aufnehmen oder die Plättchen von Hand eingeben."]
    assert not at.error and at.session_state["draft"]["players"][0]["reading"] is None
    assert "no garden" not in texts(at).lower() and "block of tiles" not in texts(at)
    assert_kept(at, data_dir, digest)
    assert any(e.label == "Umriss falsch? Die vier Ecken anklicken" for e in at.expander)  # what to try is there


READ_FAILED = "Das Foto konnte nicht gelesen werden. Unten die vier Ecken des Gartens anklicken, das Foto genau " \
              "von oben neu aufnehmen oder die Plättchen von Hand eingeben."
LOAD_FAILED = "Dieses Foto ist nicht verwendbar: das Bild lässt sich nicht dekodieren. Ein anderes Foto wählen " \
              "oder aufnehmen, oder die Plättchen unten von Hand eingeben."


@pytest.mark.parametrize("stage", ["read", "load"])
def test_a_photo_the_reader_itself_fails_on_is_said_in_german_and_nothing_is_lost(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path, stage: str) -> None:
    import cv2
    import numpy as np

    from ui import photos, tab_gardens

    def fails(*_args: object, **_kwargs: object) -> None:  # not a ValueError: OpenCV's, or out of memory
        if stage == "read":
            raise cv2.error("OpenCV(4.10.0) warp.cpp:1815: error: (-215:Assertion failed) dst.cols < SHRT_MAX")
        raise MemoryError

    monkeypatch.setattr(tab_gardens, "model_or_error", lambda: (object(), None))  # any model: the reader fails
    monkeypatch.setattr(photos, "read_photo" if stage == "read" else "load_photo", fails)
    at = german_app(data_dir)
    enter_name_and_coins(at)
    digest = upload(at, np.full((480, 640, 3), 128, np.uint8))  # no exception
    said = [m.value for kind in (at.warning, at.error) for m in kind]
    assert said == [READ_FAILED if stage == "read" else LOAD_FAILED]
    assert "OpenCV" not in texts(at) and "Memory" not in texts(at)
    assert widget(at.text_input, key(at, "name0")).value == "Zoë"
    assert widget(at.number_input, key(at, "coins0")).value == 5
    player = at.session_state["draft"]["players"][0]
    assert (player["name"], player["coins"], player["reading"]) == ("Zoë", 5, None)
    if stage == "read":  # the photo is kept: the corners can be clicked or the tiles entered
        assert_kept(at, data_dir, digest)
    else:
        assert not player.get("photo")


def test_a_photo_message_follows_a_change_of_language(data_dir: Path) -> None:
    import cv2
    import numpy as np

    from ui.photos import reading_ready

    if reading_ready() is not None:
        pytest.skip("no vision pipeline")
    at = run(AppTest.from_file(APP, default_timeout=120))
    widget(at.text_input, key(at, "name0")).input("Zoë")
    run(at)
    table = np.full((600, 800, 3), 90, np.uint8)
    cv2.putText(table, "no garden here", (100, 300), cv2.FONT_HERSHEY_SIMPLEX, 2, (255, 255, 255), 3)
    upload(at, table)
    assert [w.value for w in at.warning] == ["No garden found in this photo. Click the garden's four corners below, "
                                             "take the photo again from straight above, or enter the tiles by hand."]
    at.sidebar.radio[0].set_value("de")
    run(at)
    assert [w.value for w in at.warning] == ["Kein Garten im Foto gefunden. Unten die vier Ecken des Gartens "
                                             "anklicken, das Foto genau von oben neu aufnehmen oder die Plättchen "
                                             "von Hand eingeben."]
    assert at.session_state["draft"]["players"][0]["name"] == "Zoë"


@pytest.fixture
def fresh_model_cache() -> Any:
    """The tile model loaded anew in this test, and again after it (it is cached for the process)."""
    from ui.session import get_model

    get_model.clear()
    yield
    get_model.clear()


READ_BY_HAND = "Die Plättchen unten von Hand eingeben; das Foto bleibt hier."


@pytest.mark.parametrize(("copy", "why"), [
    (False, "die Fotoerkennung konnte nicht geladen werden (ihre Modelldatei fehlt oder ist beschädigt; die App "
            "neu installieren)"),
    (True, "das Modell deiner Ausgabe konnte nicht geladen werden; „Zurück zum mitgelieferten Modell“ unter "
           "„Meine Ausgabe anlernen“ in der Seitenleiste liest wieder mit dem mitgelieferten Modell"),
], ids=["bundled", "copy"])
def test_a_model_that_cannot_be_loaded_is_said_in_german_and_nothing_is_lost(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path, tmp_path: Path, fresh_model_cache: None, copy: bool,
        why: str) -> None:
    import numpy as np

    from ui.photos import vision_status

    if not vision_status()["read"]:
        pytest.skip("no vision pipeline")
    from vision import model

    damaged = tmp_path / "model.skops"
    damaged.write_bytes(b"PK\x03\x04 half a model file")
    if not copy:
        monkeypatch.setattr(model, "DEFAULT_MODEL_PATH", damaged)
    at = german_app(data_dir, model_path=str(damaged) if copy else None)
    enter_name_and_coins(at)
    digest = upload(at, np.full((480, 640, 3), 128, np.uint8))
    assert [w.value for w in at.warning] == [f"Fotos können gerade nicht gelesen werden: {why}. {READ_BY_HAND}"]
    said = "\n".join(m.value for kind in (at.warning, at.error, at.info) for m in kind)
    assert "model file" not in said and "model.skops" not in said and "Photo reading" not in said
    assert_kept(at, data_dir, digest)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_reset_button_the_hint_names_is_there_without_the_training_module(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path, tmp_path: Path, fresh_model_cache: None, lang: str) -> None:
    import numpy as np

    from ui import i18n, photos, state

    status = photos.vision_status()
    if not status["read"]:
        pytest.skip("no vision pipeline")
    # photo reading installed, the training extras not
    monkeypatch.setattr(photos, "vision_status", lambda: {**status, "train": False, "dataset": False})
    T = i18n.Translator(lang)
    damaged = tmp_path / "copy.skops"
    damaged.write_bytes(b"PK\x03\x04 half a model file")
    state.save_settings({"lang": lang, "keep_examples": False, "model_path": str(damaged)}, data_dir)
    at = run(AppTest.from_file(APP, default_timeout=120))
    upload(at, np.full((480, 640, 3), 128, np.uint8))
    hint = T("reader_copy_not_loaded", reset=T("reset_model"), section=T("enrol_title"))
    assert [w.value for w in at.warning] == [T("reading_unavailable", why=hint)]
    improve = next(e for e in at.sidebar.expander if e.label == T("improve_title"))
    assert [i.value for i in improve.info] == [T("training_unavailable")]
    # the section the hint names still has the button it names, the sidebar's only reset
    assert [b.key for b in at.button if b.label == T("reset_model")] == ["enrol_reset"]
    section = next(e for e in at.sidebar.expander if e.label == T("enrol_title"))
    reset = next(b for b in section.button if b.label == T("reset_model"))
    reset.click()
    run(at)
    assert state.load_settings(data_dir)["model_path"] is None
    assert not any(b.label == T("reset_model") for b in at.button)  # the bundled model in use: nothing to reset


AUTOSAVE = "Automatisches Speichern fehlgeschlagen ({why}). Die Eingaben bleiben auf dieser Seite; beim nächsten " \
           "Tippen wird erneut gespeichert."


@pytest.mark.parametrize(("disk", "why"), [("full", "der Speicher ist voll"),
                                           ("read_only", "der Datenordner ist schreibgeschützt")])
def test_an_autosave_that_fails_is_said_in_german_and_nothing_is_lost(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path, disk: str, why: str) -> None:
    from tests.app.apptest import read_only_database
    from zengarden.drafts import DB_NAME, DraftStore

    at = german_app(data_dir)
    game_id = at.session_state["game_id"]
    store = DraftStore.open(data_dir)
    with monkeypatch.context() as patch:
        if disk == "full":  # as the OS says it: in English
            def disk_full(*_args: object, **_kwargs: object) -> None:
                raise OSError(errno.ENOSPC, "No space left on device")

            patch.setattr(DraftStore, "save", disk_full)
        else:  # a real SQLITE_READONLY ('attempt to write a readonly database')
            read_only_database(patch, DB_NAME)
        widget(at.text_input, key(at, "name0")).input("Zoë")
        run(at)  # no exception
        assert [t.value for t in at.toast] == [AUTOSAVE.format(why=why)]
        assert not any(w in t.value for t in at.toast for w in ("Autosave", "No space", "readonly", "database"))
        assert at.session_state["draft"]["players"][0]["name"] == "Zoë"  # kept in the session
        assert store.load(game_id) is None  # not stored yet
    run(at)  # the next run, once the disk takes it
    assert not at.toast
    stored = store.load(game_id)
    assert stored is not None and stored.draft["players"][0]["name"] == "Zoë"


def test_an_unusable_draft_store_is_said_in_german(data_dir: Path) -> None:
    (data_dir / "drafts.sqlite3").mkdir(parents=True)  # a folder where the database file should be
    at = german_app(data_dir)
    other = "eine Datei im Datenordner konnte nicht gelesen oder geschrieben werden"
    assert [e.value for e in at.error] == [
        f"Offene Spiele können nicht gespeichert werden ({other}). Dieses Spiel bleibt auf dieser Seite und wird "
        "gespeichert, sobald der Datenordner beschreibbar ist.",
        f"Die offenen Spiele können nicht angezeigt werden ({other})."]  # the History tab
    widget(at.text_input, key(at, "name0")).input("Zoë")
    run(at)
    assert [t.value for t in at.toast] == [AUTOSAVE.format(why=other)]
    assert at.session_state["draft"]["players"][0]["name"] == "Zoë"
    assert "unable to open" not in texts(at)


def test_a_link_to_an_unreadable_game_is_said_in_german(data_dir: Path) -> None:
    import sqlite3

    from zengarden.drafts import DraftStore

    store = DraftStore.open(data_dir)
    with sqlite3.connect(store.path) as con:
        con.execute("INSERT INTO drafts VALUES ('broken1', 1, 'x', 'x', 'not json')")
    from ui import state

    state.save_settings({"lang": "de", "keep_examples": False, "model_path": None}, data_dir)
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["game"] = "broken1"
    run(at)
    damaged = "seine gespeicherten Eingaben sind beschädigt"  # not JSON
    assert [e.value for e in at.error] == [f"Spiel broken1 ließ sich nicht öffnen ({damaged}); ein neues Spiel "
                                           "wurde begonnen."]
    assert at.query_params["game"] != "broken1"
    assert f"broken1 lässt sich nicht öffnen: {damaged}" in widget(at.selectbox, key(at, "draft_choice")).options
    assert "JSON" not in texts(at) + "".join(widget(at.selectbox, key(at, "draft_choice")).options)


def test_a_notice_raised_in_english_is_shown_in_german_after_the_language_switch(data_dir: Path) -> None:
    import sqlite3

    from zengarden.drafts import DraftStore

    store = DraftStore.open(data_dir)
    with sqlite3.connect(store.path) as con:
        con.execute("INSERT INTO drafts VALUES ('broken1', 1, 'x', 'x', 'not json')")
    at = run(AppTest.from_file(APP, default_timeout=60))
    # the same run follows a link to an unreadable game (its notice raised while the page is English)
    # and takes the player's tap on Deutsch
    at.query_params["game"] = "broken1"
    at.sidebar.radio[0].set_value("de")
    run(at)
    assert at.sidebar.radio[0].label == "Sprache"
    assert [e.value for e in at.error] == ["Spiel broken1 ließ sich nicht öffnen (seine gespeicherten Eingaben "
                                           "sind beschädigt); ein neues Spiel wurde begonnen."]
    run(at)
    assert not at.error  # shown once


def test_a_game_file_that_is_not_json_is_said_in_german(data_dir: Path) -> None:
    at = german_app(data_dir)
    widget(at.text_input, key(at, "name0")).input("Zoë")
    run(at)
    widget(at.file_uploader, key(at, "import")).set_value(("spiel.json", b'{"boards": [1,', "application/json"))
    run(at)
    assert [e.value for e in at.error] == ["Das ist keine JSON-Spieldatei (ihr JSON ist in Zeile 1, Spalte 15 "
                                           "fehlerhaft)."]
    assert at.session_state["draft"]["players"][0]["name"] == "Zoë"  # the game shown is unchanged
