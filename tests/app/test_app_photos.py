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

from ui import state
from ui.photos import reading_ready
from zengarden.history import History

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
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


def key(at: AppTest, name: str) -> str:
    return f"{name}@{at.session_state['gen']}"


def widget(elements: object, k: str) -> object:
    for el in elements:  # type: ignore[attr-defined]
        if el.key == k:
            return el
    raise AssertionError(f"no widget {k!r}")


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def truth(name: str) -> list[list[str]]:
    return json.loads((PHOTOS / f"game-{name.lower()}.json").read_text())["garden"]


def test_read_three_photos_correct_score_and_save(data_dir: Path) -> None:
    at = run(AppTest.from_file(APP, default_timeout=60))
    widget(at.file_uploader, key(at, "import")).set_value(  # type: ignore[attr-defined]
        ("game.json", (ROOT / "samples" / "game-photos.json").read_bytes(), "application/json"))
    run(at)
    for i, p in enumerate(GAME["players"]):
        data = (PHOTOS / f"game-{p['name'].lower()}.jpg").read_bytes()
        widget(at.file_uploader, key(at, f"upload{i}")).set_value(  # type: ignore[attr-defined]
            (f"{p['name']}.jpg", data, "image/jpeg"))
        run(at)
        if at.session_state["draft"]["players"][i]["reading"]["check_outline"]:
            # the reader is unsure of this outline: as a player would, look and confirm it
            widget(at.button, key(at, f"outline_yes{i}")).click()  # type: ignore[attr-defined]
            run(at)
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
    # four clicks (displayed at the photo's own width) on the Ann sample's true corners
    photo = (PHOTOS / "game-ann.jpg").read_bytes()
    widget(at.file_uploader, key(at, "upload0")).set_value(  # type: ignore[attr-defined]
        ("ann.jpg", photo, "image/jpeg"))
    run(at)
    corners = json.loads((PHOTOS / "game-ann.json").read_text())["corners"]
    img = cv2.imdecode(np.frombuffer(photo, np.uint8), cv2.IMREAD_COLOR)
    shown_w = 700
    scale = shown_w / img.shape[1]
    for n, (x, y) in enumerate(corners):
        at.session_state[key(at, "clicks0")] = {"x": x * scale, "y": y * scale, "width": shown_w,
                                                "height": img.shape[0] * scale, "unix_time": n}
        run(at)
    reading = at.session_state["draft"]["players"][0]["reading"]
    assert reading is not None and reading["manual_corners"] is True
    np.testing.assert_allclose(reading["corners"], corners, atol=2.0)


def test_a_flagged_outline_is_confirmed_before_tiles_are_shown(data_dir: Path, monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    """When the reader says the outline may be wrong, the app shows the outline and asks; the tiles
    as read are not used until the player says yes (or gives the corners)."""
    import vision.read

    monkeypatch.setattr(vision.read, "unsure_reading", lambda *_: "forced for the test")
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
