"""'Teach it my copy' (ui/enrol_page.py): the floors' checklist, labels shown as the path × decor table."""

from __future__ import annotations

import errno
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from scorer.vocab import Floor
from tests.app.apptest import APP, run, widget
from ui import i18n, state
from ui.enrol_page import floor_photos, pair_sheet
from ui.photos import reading_ready

pytestmark = pytest.mark.skipif(reading_ready() is not None, reason="no vision pipeline")
FLOORS = (Floor.SAND, Floor.WATER)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from vision.dataset import read_labelled
    from vision.synth.enrolment import render_enrolment_set

    d = tmp_path / "data"
    monkeypatch.setenv("ZENGARDEN_DATA_DIR", str(d))
    (d / "enrol").mkdir(parents=True)
    state.save_settings({"lang": "en", "model_path": None}, d)
    render_enrolment_set(d / "enrol", seed=5, style="alt", family="train", size=(640, 480), floors=FLOORS)
    for image in (d / "enrol").glob("*.jpg"):  # the outline given (the four taps), labels to decide
        corners = read_labelled(image).corners.tolist()
        image.with_suffix(".json").write_text(json.dumps({"corners": corners}))
    return d


@pytest.fixture
def empty_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data directory with no enrolment photos yet."""
    d = tmp_path / "data"
    monkeypatch.setenv("ZENGARDEN_DATA_DIR", str(d))
    state.save_settings({"lang": "en", "model_path": None}, d)
    return d


def _photo(ext: str) -> bytes:
    """A photo of a plain grey table (no tiles), encoded as ``ext``."""
    import cv2

    ok, buf = cv2.imencode(ext, np.full((480, 640, 3), 128, np.uint8))
    assert ok
    return buf.tobytes()


def test_pair_sheet_places_each_tile_in_its_path_and_decor_slot() -> None:
    from vision.synth.enrolment import enrolment_garden

    garden = enrolment_garden(Floor.CLAY, np.random.default_rng(1))
    crops = np.stack([np.full((8, 8, 3), 10 * i, np.uint8) for i in range(16)])
    sheet = pair_sheet(crops, garden, Floor.CLAY, side=8)
    assert sheet.shape == (24, 40, 3)
    assert (sheet == 128).all(axis=2).sum() == 0  # all 15 slots filled, once each


def test_the_guide_lists_floors_and_shows_the_decided_table(data_dir: Path) -> None:
    assert set(floor_photos(data_dir / "enrol")) == set(FLOORS)
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    assert not at.exception
    assert any("Teach it my copy" in e.label for e in at.sidebar.expander)
    assert any("✅ " in c.value and "⬜ " in c.value for c in at.sidebar.caption)
    next(b for b in at.sidebar.button if b.key == "enrol_check").click()
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    result = at.session_state["enrolment"]
    assert [ph.floor for ph in result.photos] == list(FLOORS)
    assert any(b.key == "enrol_build" for b in at.sidebar.button)


def test_each_step_shows_what_to_lay_out(empty_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from vision import overlay

    drawn: list[Floor | None] = []
    real = overlay.layout_picture
    monkeypatch.setattr(overlay, "layout_picture", lambda floor, size: drawn.append(floor) or real(floor, size))
    at = run(AppTest.from_file(APP, default_timeout=60))
    assert drawn == [None, Floor.SAND]  # the empty board, then the floor picked (the first)
    first = [im.value for im in at.sidebar.image]
    assert len(first) == 2
    drawn.clear()
    widget(at.sidebar.selectbox, "enrol_floor").set_value("water")
    run(at)
    assert drawn == [None, Floor.WATER]
    second = [im.value for im in at.sidebar.image]
    assert second[0] == first[0] and second[1] != first[1]  # the same board, the other floor's tiles


def test_the_camera_only_in_a_secure_context_and_the_file_picker_always(empty_dir: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.context = {"url": "http://192.168.1.20:8501/"}  # a phone on the local network, plain HTTP
    run(at)
    assert {"enrol_board", "enrol_upload_sand"} <= {u.key for u in at.sidebar.file_uploader}
    assert not any(t.key.startswith("enrol_") for t in at.sidebar.toggle)
    assert any(c.value.startswith("The in-page camera needs HTTPS") for c in at.sidebar.caption)
    png = _photo(".png")
    widget(at.sidebar.file_uploader, "enrol_upload_sand").set_value(("tiles.png", png, "image/png"))
    run(at)
    assert (empty_dir / "enrol" / "sand.png").read_bytes() == png
    assert any("✅ " in c.value for c in at.sidebar.caption)

    at = AppTest.from_file(APP, default_timeout=60)
    at.context = {"url": "https://192.168.1.20:8501/"}
    run(at)
    assert {"enrol_board_cam", "enrol_upload_sand_cam"} <= {t.key for t in at.sidebar.toggle}
    assert not any(c.value.startswith("The in-page camera needs HTTPS") for c in at.sidebar.caption)
    assert {"enrol_board", "enrol_upload_sand"} <= {u.key for u in at.sidebar.file_uploader}
    widget(at.sidebar.toggle, "enrol_board_cam").set_value(True)
    run(at)
    jpg = _photo(".jpg")
    widget(at.sidebar.camera_input, "enrol_board_camera").set_value(("image.jpg", jpg, "image/jpeg"))
    run(at)
    assert (empty_dir / "enrol" / "board.jpg").read_bytes() == jpg


# --------------------------------------------------------------------------------------------
# fixing labels with taps, keeping and switching copies


def _checked(data_dir: Path) -> AppTest:
    """The app with the kept floor photos' labels decided ('Check the labels' pressed)."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    next(b for b in at.sidebar.button if b.key == "enrol_check").click()
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _tap(at: AppTest, floor: Floor, slot: tuple[int, int]) -> None:
    """A tap on ``slot`` (path, decor) of ``floor``'s sheet, as the component reports it (displayed
    pixels and width; a new time stamp per tap)."""
    from ui.copies import SLOT

    _tap.n = getattr(_tap, "n", 0) + 1  # type: ignore[attr-defined]
    at.session_state[f"enrol_sheet_{floor.value}"] = {
        "x": (slot[1] + 0.5) * SLOT, "y": (slot[0] + 0.5) * SLOT, "width": 5 * SLOT, "height": 3 * SLOT,
        "unix_time": _tap.n}  # type: ignore[attr-defined]
    at.run()
    assert not at.exception, [e.message for e in at.exception]


def test_two_taps_swap_two_tiles_labels_and_the_fix_is_kept_for_the_build(data_dir: Path) -> None:
    from ui.copies import cell_of_slot, swap_slots

    at = _checked(data_dir)
    before = at.session_state["enrolment"].gardens[0]  # sand, the first floor kept
    _tap(at, Floor.SAND, (0, 0))
    assert at.session_state["enrolment"].gardens[0] == before  # one tap only picks
    assert any("Picked:" in c.value for c in at.sidebar.caption)
    _tap(at, Floor.SAND, (1, 2))
    after = at.session_state["enrolment"].gardens[0]
    assert after == swap_slots(before, Floor.SAND, (0, 0), (1, 2)) != before
    assert cell_of_slot(after, Floor.SAND, (0, 0)) == cell_of_slot(before, Floor.SAND, (1, 2))
    assert any("Swapped" in c.value for c in at.sidebar.caption)
    # kept in the photo's sidecar: the build and a later check take the labels as given
    sidecar = json.loads((data_dir / "enrol" / "sand.json").read_text())
    assert sidecar["garden"] == after.to_lists()
    next(b for b in at.sidebar.button if b.key == "enrol_check").click()
    at.run()
    assert at.session_state["enrolment"].gardens[0] == after


def test_a_tap_on_the_picked_tile_turns_it(data_dir: Path) -> None:
    from ui.copies import cell_of_slot

    at = _checked(data_dir)
    sand = at.session_state["enrolment"].gardens[0]
    before = at.session_state["enrolment"].gardens[1]  # water
    cell = cell_of_slot(before, Floor.WATER, (2, 4))
    _tap(at, Floor.WATER, (2, 4))
    _tap(at, Floor.WATER, (2, 4))
    after = at.session_state["enrolment"].gardens[1]
    assert list(after)[cell] == list(before)[cell].rotated_cw()
    assert sum(a != b for a, b in zip(after, before)) == 1
    _tap(at, Floor.WATER, (2, 4))  # still picked: turns again
    assert list(at.session_state["enrolment"].gardens[1])[cell] == list(before)[cell].rotated_cw().rotated_cw()
    assert at.session_state["enrolment"].gardens[0] == sand  # another photo's labels are untouched


def test_copies_are_switched_by_name_and_reset_returns_to_the_bundled_model(data_dir: Path) -> None:
    from ui.copies import model_file, remember

    models = {}
    for name in ("Our copy", "Club set"):  # kept copies (the files are only listed here, never loaded)
        path = model_file(name, data_dir / "copies")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"not loaded in this test")
        remember(name, path)
        models[name] = str(path)
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert any(c.value == "Model in use: bundled" for c in at.sidebar.caption)
    picker = next(b for b in at.sidebar.selectbox if b.key.startswith("enrol_copy@"))
    assert picker.options == ["bundled", "Club set", "Our copy"]
    picker.set_value(models["Club set"])
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert state.load_settings(data_dir)["model_path"] == models["Club set"]
    assert any(c.value == "Model in use: Club set" for c in at.sidebar.caption)
    assert next(b for b in at.sidebar.selectbox if b.key.startswith("enrol_copy@")).value == models["Club set"]
    next(b for b in at.sidebar.button if b.key == "enrol_reset").click()
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert state.load_settings(data_dir)["model_path"] is None
    assert any(c.value == "Model in use: bundled" for c in at.sidebar.caption)
    assert not any(b.key == "enrol_reset" for b in at.sidebar.button)


def test_the_guide_speaks_german(data_dir: Path) -> None:
    state.save_settings({"lang": "de", "model_path": None}, data_dir)
    at = _checked(data_dir)
    assert any(e.label == "Meine Ausgabe anlernen" for e in at.sidebar.expander)
    assert any(b.label == "Modell meiner Ausgabe erstellen" for b in at.sidebar.button)
    assert any(c.value.startswith("Verwendetes Modell: mitgeliefert") for c in at.sidebar.caption)
    _tap(at, Floor.SAND, (0, 0))
    assert any(c.value.startswith("Gewählt:") for c in at.sidebar.caption)


def test_a_board_photo_whose_spaces_are_not_found_is_left_out_with_a_warning(data_dir: Path) -> None:
    import cv2

    cv2.imwrite(str(data_dir / "enrol" / "board.png"), np.full((300, 400, 3), 128, np.uint8))  # no spaces
    at = _checked(data_dir)
    # not found, or not surely (the locator's call): either way the player is told to photograph it again
    assert any(w.value.startswith("The board photo is not used: its 16 spaces were not found")
               and "from straight above" in w.value for w in at.sidebar.warning)
    result = at.session_state["enrolment"]
    assert result.board is None and len(result.photos) == 2  # the floors still teach the copy


@pytest.mark.parametrize("case", ["not_an_image", "no_garden"])
def test_a_floor_photo_the_app_cannot_use_is_refused_in_german(case: str, empty_dir: Path) -> None:
    state.save_settings({"lang": "de", "model_path": None}, empty_dir)
    at = run(AppTest.from_file(APP, default_timeout=120))
    if case == "not_an_image":
        upload = ("sand.jpg", b"hello, not an image", "image/jpeg")
    else:  # a photo of a plain table: no tiles anywhere
        upload = ("sand.png", _photo(".png"), "image/png")
    widget(at.sidebar.file_uploader, "enrol_upload_sand").set_value(upload)
    run(at)
    widget(at.sidebar.button, "enrol_check").click()
    run(at)
    errors = [e.value for e in at.sidebar.error]
    why = {"not_an_image": "kein unterstütztes Bildformat (JPEG, PNG, WebP oder HEIC)",
           "no_garden": "keine Plättchen gefunden: die 16 Plättchen auf dem Plan genau von oben fotografieren"}[case]
    assert errors == [f"Das Foto für den Boden Sand ist nicht verwendbar: {why}"]
    for english in ("not a supported image", "no garden found", "photograph", "sand.", "image"):
        assert english not in errors[0]


def test_a_floor_photo_the_reader_itself_fails_on_is_said_in_german_and_stays(
        empty_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import cv2

    from vision import enrol

    def fails(*_args: object, **_kwargs: object) -> None:  # not a ValueError: OpenCV's own error
        raise cv2.error("OpenCV(4.10.0) resize.cpp:4152: error: (-215:Assertion failed) !ssize.empty()")

    monkeypatch.setattr(enrol, "enrol_labels", fails)
    state.save_settings({"lang": "de", "model_path": None}, empty_dir)
    at = run(AppTest.from_file(APP, default_timeout=120))
    widget(at.sidebar.file_uploader, "enrol_upload_sand").set_value(("sand.png", _photo(".png"), "image/png"))
    run(at)
    widget(at.sidebar.button, "enrol_check").click()
    run(at)  # no exception
    assert [e.value for e in at.sidebar.error] == [
        "Die Zuordnung konnte nicht geprüft werden: die Fotos ließen sich nicht verarbeiten; sie genau von oben bei "
        "gutem Licht neu aufnehmen und es erneut versuchen"]
    assert list(floor_photos()) == [Floor.SAND]  # the photo stays for another try


def test_a_board_photo_the_app_cannot_use_is_left_out_in_german(data_dir: Path) -> None:
    state.save_settings({"lang": "de", "model_path": None}, data_dir)
    (data_dir / "enrol" / "board.jpg").write_bytes(b"hello, not an image")
    at = _checked(data_dir)
    warnings = [w.value for w in at.sidebar.warning]
    assert "Das Foto des Spielplans wird nicht verwendet: kein unterstütztes Bildformat (JPEG, PNG, WebP oder HEIC)" \
        in warnings
    assert not any("not a supported image" in w or "board.jpg" in w for w in warnings)
    assert at.session_state["enrolment"].board is None


# --------------------------------------------------------------------------------------------
# a model that cannot be loaded, a photo the disk refuses: said in German, nothing entered lost

DE_MODEL = ("Das Erkennungsmodell konnte nicht geladen werden, daher können die Fotos jetzt weder geprüft noch ein "
            "Modell erstellt werden. Deine Fotos und Zuordnungen bleiben erhalten; die App neu installieren (ihre "
            "Modelldatei fehlt oder ist beschädigt) und es dann erneut versuchen.")


@pytest.fixture
def broken_model(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], None]]:
    """Call it to make every model load fail from then on, as a damaged model file does."""
    from ui import photos
    from ui.session import get_model
    from vision.model import ModelLoadError

    def fail(_path: object = None) -> None:
        raise ModelLoadError("model.skops: corrupt model file (English words the player never sees)")

    def brake() -> None:
        get_model.clear()  # a model loaded by an earlier test would be served from the cache
        monkeypatch.setattr(photos, "load_tile_model", fail)

    yield brake
    get_model.clear()


def test_a_model_that_cannot_be_loaded_is_said_in_german_and_the_photos_stay(
        empty_dir: Path, broken_model: Callable[[], None]) -> None:
    state.save_settings({"lang": "de", "model_path": None}, empty_dir)
    at = run(AppTest.from_file(APP, default_timeout=60))
    png = _photo(".png")
    widget(at.sidebar.file_uploader, "enrol_upload_sand").set_value(("tiles.png", png, "image/png"))
    run(at)
    broken_model()
    widget(at.sidebar.button, "enrol_check").click()
    run(at)  # no exception
    assert [e.value for e in at.sidebar.error] == [DE_MODEL]
    assert (empty_dir / "enrol" / "sand.png").read_bytes() == png
    assert at.session_state["enrol_upload_sand"].name == "tiles.png"  # still in the picker
    assert any(c.value.startswith("✅ Sand · ⬜ Kies") for c in at.sidebar.caption)
    assert {"enrol_board", "enrol_upload_sand"} <= {u.key for u in at.sidebar.file_uploader}
    run(at)  # the page goes on: the message was for the tap on the button
    assert not at.sidebar.error


def test_a_model_that_cannot_be_loaded_for_the_build_keeps_the_checked_labels(
        data_dir: Path, broken_model: Callable[[], None]) -> None:
    at = _checked(data_dir)
    result = at.session_state["enrolment"]
    broken_model()
    widget(at.sidebar.button, "enrol_build").click()
    run(at)
    assert [e.value for e in at.sidebar.error] == [i18n.Translator("en")("enrol_model_unavailable")]
    assert at.session_state["enrolment"] is result  # the labels (and any fixes) are still there to build from
    assert widget(at.sidebar.text_input, "enrol_name").value == "Our copy"
    assert state.load_settings(data_dir)["model_path"] is None and not (data_dir / "copies").exists()


def test_a_photo_the_disk_refuses_is_named_in_german_and_the_earlier_photos_stay(
        empty_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    state.save_settings({"lang": "de", "model_path": None}, empty_dir)
    enrol = empty_dir / "enrol"
    at = run(AppTest.from_file(APP, default_timeout=60))
    sand = _photo(".png")
    widget(at.sidebar.file_uploader, "enrol_upload_sand").set_value(("tiles.png", sand, "image/png"))
    run(at)
    real = Path.write_bytes

    def disk_full(path: Path, data: bytes) -> int:
        if path.parent == enrol:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, data)

    with monkeypatch.context() as disk:
        disk.setattr(Path, "write_bytes", disk_full)
        widget(at.sidebar.selectbox, "enrol_floor").set_value("water")
        run(at)
        widget(at.sidebar.file_uploader, "enrol_upload_water").set_value(("wasser.jpg", _photo(".jpg"), "image/jpeg"))
        run(at)  # no exception
        assert [e.value for e in at.sidebar.error] == [
            "Das Foto „wasser.jpg“ (Boden Wasser) konnte nicht gespeichert werden: der Speicher ist voll. Die "
            "bisher gespeicherten Fotos bleiben unverändert; sobald der Datenordner beschreibbar ist, wird dieses "
            "beim nächsten Tippen gespeichert (oder es erneut hinzufügen)."]
        assert sorted(p.name for p in enrol.iterdir()) == ["sand.png"]  # nothing half-written left behind
        assert any(c.value.startswith("✅ Sand · ⬜ Kies") and "⬜ Wasser" in c.value for c in at.sidebar.caption)
        # a new photo of a floor kept before: the earlier one stays when the new one cannot be written
        widget(at.sidebar.selectbox, "enrol_floor").set_value("sand")
        run(at)
        again = _photo(".jpg")
        widget(at.sidebar.file_uploader, "enrol_upload_sand").set_value(("neu.jpg", again, "image/jpeg"))
        run(at)
        assert len(at.sidebar.error) == 1 and at.sidebar.error[0].value.startswith("Das Foto „neu.jpg“ (Boden Sand)")
        assert sorted(p.name for p in enrol.iterdir()) == ["sand.png"] and (enrol / "sand.png").read_bytes() == sand
    run(at)  # room on the disk again: the photo still in the picker is kept now
    assert not at.sidebar.error
    assert sorted(p.name for p in enrol.iterdir()) == ["sand.jpg"] and (enrol / "sand.jpg").read_bytes() == again


@pytest.mark.parametrize("by_marks", [True, False])
def test_the_built_copy_says_what_it_learnt_of_the_light_and_the_board(
        by_marks: bool, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The copy model as built (here a stand-in: the bundled readers with a floor palette, two board
    bands, and the board found by its printed marks in 5 of its 6 photos or in none) is named, used,
    and its light and board said: whether the board can be found by its printed marks too."""
    import dataclasses

    import vision.enrol
    from vision.read import resolve_model

    palette = {f.value: [0.0, 0.1 * k] for k, f in enumerate(Floor)}
    bands = np.random.default_rng(0).normal(size=(2, 4, 3, 8)).astype(np.float32)
    found = [5, 6] if by_marks else [0, 6]  # the board found by its printed marks in 5 of 6 photos, or in none
    built = dataclasses.replace(resolve_model(None), meta={"floor_palette": palette, "board_found_by_marks": found},
                                board_refs=bands)
    monkeypatch.setattr(vision.enrol, "build_copy_model", lambda *a, **k: built)
    at = _checked(data_dir)
    widget(at.sidebar.button, "enrol_build").click()
    run(at)
    T = i18n.Translator("en")
    assert [s.value for s in at.sidebar.success] == [T("enrol_built", name="Our copy")]
    captions = [c.value for c in at.sidebar.caption]
    assert T("enrol_knows_light") in captions and T("enrol_knows_board", n=2) in captions
    if by_marks:
        assert T("enrol_knows_marks", k=5, n=6) in captions
    else:
        assert T("enrol_few_marks", n=6) in captions
    assert state.load_settings(data_dir)["model_path"].endswith(".skops")
