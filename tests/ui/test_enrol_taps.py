"""The enrolment page's four corner taps (ui/enrol_page.py, ui/corner_taps.py) through AppTest: the box
is open under a photo whose outline the reader is unsure of, four taps keep a corners-only sidecar in
the photo's pixels and the labels are decided again from it, a fix of another photo survives, the
words are German in German, and a disk or photo problem is worded with nothing entered lost."""

from __future__ import annotations

import errno
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from scorer.vocab import Floor
from tests.app.apptest import APP, run, widget
from ui import i18n, state
from ui.photos import order_corners, reading_ready

pytestmark = pytest.mark.skipif(reading_ready() is not None, reason="no vision pipeline")
FLOORS = (Floor.SAND, Floor.WATER)
#: The rendered photos' size: wider than the copy shown for tapping (ui.corner_taps.TAP_SIDE).
PHOTO = (960, 720)
#: The photo's width in the sidebar as the tap component reports it.
SHOWN_W = 320.0
EN, DE = i18n.Translator("en"), i18n.Translator("de")


@pytest.fixture
def truth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[Floor, Any]:
    """Rendered floor photos with their true labels and corners: water's outline given (a corners-only
    sidecar); sand's left to the locator, which is made to put it wrong and be unsure of it (and the search by
    tileness, which would find it again, left out)."""
    from vision import enrol
    from vision.dataset import read_labelled
    from vision.synth.enrolment import render_enrolment_set

    d = tmp_path / "data"
    monkeypatch.setenv("ZENGARDEN_DATA_DIR", str(d))
    (d / "enrol").mkdir(parents=True)
    state.save_settings({"lang": "en", "model_path": None}, d)
    render_enrolment_set(d / "enrol", seed=5, style="alt", family="train", size=PHOTO, floors=FLOORS)
    out = {f: read_labelled(d / "enrol" / f"{f.value}.jpg") for f in FLOORS}
    (d / "enrol" / "sand.json").unlink()
    (d / "enrol" / "water.json").write_text(json.dumps({"corners": out[Floor.WATER].corners.tolist()}))
    true = out[Floor.SAND].corners  # decoded at full size: photo pixels = the locator's image pixels
    wrong = true.mean(axis=0) + (true - true.mean(axis=0)) * 0.8 + (25.0, 10.0)  # shrunk and shifted

    def unsure_locator(*_args: object, **_kwargs: object) -> SimpleNamespace:
        return SimpleNamespace(corners=wrong.copy(), reasons=("a spoiled outline (test)",), alternatives=())

    monkeypatch.setattr(enrol, "locate_grid", unsure_locator)
    monkeypatch.setattr(enrol, "place_by_tileness", lambda photos, *_args: list(photos))  # nor found again
    return out


def _checked(lang: str = "en") -> AppTest:
    """The app with the kept floor photos' labels decided ('Check the labels' pressed)."""
    if lang != "en":
        state.save_settings({"lang": lang, "model_path": None})
    at = run(AppTest.from_file(APP, default_timeout=120))
    widget(at.sidebar.button, "enrol_check").click()
    return run(at)


def _boxes(at: AppTest, T: i18n.Translator) -> list[Any]:
    """The four-corner boxes under the sheets, in the photos' order (sand, water)."""
    return [e for e in at.sidebar.expander if e.label == T("enrol_corners_title")]


def _tap_corners(at: AppTest, floor: Floor, corners: np.ndarray, n: int = 4) -> None:
    """The first ``n`` of ``corners`` (photo pixels) tapped on ``floor``'s photo as the component reports
    a tap: displayed pixels, the displayed size and a new time stamp."""
    k = SHOWN_W / PHOTO[0]
    for t, (x, y) in enumerate(corners[:n]):
        at.session_state[f"enrol_taps_{floor.value}"] = {"x": x * k, "y": y * k, "width": SHOWN_W,
                                                          "height": PHOTO[1] * k, "unix_time": 1000 + t}
        run(at)


def _swap_on_sheet(at: AppTest, floor: Floor, a: tuple[int, int], b: tuple[int, int]) -> None:
    """Two taps on ``floor``'s sheet: pick slot ``a`` (path, decor), then swap it with slot ``b``."""
    from ui.copies import SLOT

    for t, (r, c) in enumerate((a, b)):
        at.session_state[f"enrol_sheet_{floor.value}"] = {"x": (c + 0.5) * SLOT, "y": (r + 0.5) * SLOT,
                                                          "width": 5 * SLOT, "height": 3 * SLOT, "unix_time": t}
        run(at)


def test_four_taps_give_the_outline_and_the_labels_are_decided_again(truth: dict[Floor, Any]) -> None:
    from ui.copies import swap_slots

    enrol = floor_dir()
    at = _checked()
    result = at.session_state["enrolment"]
    sand, water = result.photos
    assert sand.outline_reasons and not water.outline_reasons
    assert result.gardens[0] != truth[Floor.SAND].garden  # the spoiled outline cut the wrong cells
    box_sand, box_water = _boxes(at, EN)
    assert box_sand.proto.expanded and not box_water.proto.expanded  # open where the reader is unsure
    assert EN("enrol_corners_help") in [c.value for c in box_sand.caption]

    # the player fixes the other photo (a swap: kept in its sidecar as labels)
    fixed = swap_slots(result.gardens[1], Floor.WATER, (0, 0), (1, 2))
    _swap_on_sheet(at, Floor.WATER, (0, 0), (1, 2))
    assert at.session_state["enrolment"].gardens[1] == fixed

    # four taps on sand's true corners, in another order than the outline's
    taps = truth[Floor.SAND].corners[[2, 0, 3, 1]]
    _tap_corners(at, Floor.SAND, taps, 3)
    assert "3 of 4 corners tapped" in [c.value for c in _boxes(at, EN)[0].caption]
    assert not (enrol / "sand.json").exists()  # nothing kept before the fourth
    _tap_corners(at, Floor.SAND, taps[3:], 1)
    sidecar = json.loads((enrol / "sand.json").read_text())
    assert list(sidecar) == ["corners"]  # only the outline: the labels are the reader's to decide
    np.testing.assert_allclose(sidecar["corners"], truth[Floor.SAND].corners, atol=0.02)
    np.testing.assert_allclose(sidecar["corners"], order_corners(taps), atol=0.02)
    result = at.session_state["enrolment"]
    assert result.gardens[0] == truth[Floor.SAND].garden  # all 16 right from the tapped outline
    assert not result.photos[0].outline_reasons
    assert result.gardens[1] == fixed  # the fix of the other photo survived the new check
    assert EN("enrol_outline_tapped") in [c.value for c in at.sidebar.caption]
    assert "0 of 4 corners tapped" in [c.value for c in _boxes(at, EN)[0].caption]

    # 'Check the labels' again reads both back from their sidecars
    widget(at.sidebar.button, "enrol_check").click()
    run(at)
    result = at.session_state["enrolment"]
    assert result.gardens == [truth[Floor.SAND].garden, fixed]
    assert EN("enrol_outline_tapped") in [c.value for c in at.sidebar.caption]

    # a fix on the tapped photo replaces its corners-only sidecar with labels at those corners
    _swap_on_sheet(at, Floor.SAND, (0, 0), (2, 4))
    labelled = json.loads((enrol / "sand.json").read_text())
    assert labelled["garden"] == at.session_state["enrolment"].gardens[0].to_lists()
    np.testing.assert_allclose(labelled["corners"], truth[Floor.SAND].corners, atol=0.02)


def test_clear_drops_the_taps(truth: dict[Floor, Any]) -> None:
    at = _checked()
    _tap_corners(at, Floor.SAND, truth[Floor.SAND].corners, 2)
    assert at.session_state["enrol_taps"]["sand"] and len(at.session_state["enrol_taps"]["sand"]) == 2
    widget(at.sidebar.button, "enrol_clear_taps_sand").click()
    run(at)
    assert at.session_state["enrol_taps"]["sand"] == []
    assert "0 of 4 corners tapped" in [c.value for c in _boxes(at, EN)[0].caption]


def test_the_taps_speak_german_and_an_unreadable_photo_is_worded(truth: dict[Floor, Any]) -> None:
    at = _checked("de")
    boxes = _boxes(at, DE)
    title = "Die Plättchen liegen nicht, wo sie erkannt wurden? Die vier Ecken antippen"
    assert [b.label for b in boxes] == [title, title]
    assert boxes[0].proto.expanded
    assert DE("enrol_corners_help") in [c.value for c in boxes[0].caption]
    assert any(w.value.startswith("Die 16 Plättchen auf diesem Foto sind nicht sicher erkannt") and "antippen"
               in w.value for w in at.sidebar.warning)
    assert {b.label for b in at.sidebar.button if (b.key or "").startswith("enrol_clear_taps_")} == {"Antippen löschen"}
    _tap_corners(at, Floor.SAND, truth[Floor.SAND].corners)
    assert at.session_state["enrolment"].gardens[0] == truth[Floor.SAND].garden
    assert "Der Umriss stammt aus deinem Antippen; die Zuordnung wurde danach neu bestimmt." in [
        c.value for c in at.sidebar.caption]
    # the photo damaged on the disk since: said in German, no exception, nothing else lost
    (floor_dir() / "water.jpg").write_bytes(b"hello, not an image")
    run(at)
    errors = [e.value for e in at.sidebar.error]
    assert errors == ["Dieses Foto lässt sich zum Antippen seiner Ecken nicht zeigen: kein unterstütztes "
                      "Bildformat (JPEG, PNG, WebP oder HEIC)"]
    assert at.session_state["enrolment"].gardens[0] == truth[Floor.SAND].garden


def test_corners_the_disk_refuses_are_worded_and_the_taps_and_fixes_stay(
        truth: dict[Floor, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    enrol = floor_dir()
    at = _checked("de")
    real = Path.write_bytes

    def disk_full(path: Path, data: bytes) -> int:
        if path.parent == enrol:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, data)

    from ui.copies import swap_slots

    fixed = swap_slots(at.session_state["enrolment"].gardens[1], Floor.WATER, (0, 0), (1, 2))
    with monkeypatch.context() as disk:
        disk.setattr(Path, "write_bytes", disk_full)
        _swap_on_sheet(at, Floor.WATER, (0, 0), (1, 2))  # a fix that is not saved: it stays in this session
        assert DE("enrol_fix_not_saved") in [w.value for w in at.sidebar.warning]
        _tap_corners(at, Floor.SAND, truth[Floor.SAND].corners)
        errors = [e.value for e in at.sidebar.error]
        assert errors == ["Die Ecken konnten nicht gespeichert werden: der Speicher ist voll. Dein Antippen bleibt "
                          "erhalten; sobald der Datenordner beschreibbar ist, wird es beim nächsten Tippen "
                          "gespeichert (oder es löschen und neu antippen)."]
        assert not any("No space" in e for e in errors)
        assert sorted(p.name for p in enrol.iterdir()) == ["sand.jpg", "water.jpg", "water.json"]  # no part file
        assert len(at.session_state["enrol_taps"]["sand"]) == 4  # the taps are kept
        assert at.session_state["enrolment"].gardens[1] == fixed
    run(at)  # room on the disk again: the taps are kept now and the labels decided from them
    assert not at.sidebar.error
    assert list(json.loads((enrol / "sand.json").read_text())) == ["corners"]
    result = at.session_state["enrolment"]
    assert result.gardens[0] == truth[Floor.SAND].garden
    assert result.gardens[1] == fixed  # the fix the disk refused is still there after the new check
    assert at.session_state["enrol_taps"]["sand"] == []


def floor_dir() -> Path:
    from ui.enrol_page import enrol_dir

    return enrol_dir()
