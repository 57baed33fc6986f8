""""Improve recognition for my copy": confirmed photos kept as labelled examples, a local model
retrained from them (mixed with rendered synthetic photos), used, and reset."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from ui import calibration
from ui import viewmodel as vm

ROOT = Path(__file__).resolve().parents[2]
PHOTOS = ROOT / "samples" / "photos"

pytestmark = pytest.mark.slow


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ZENGARDEN_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def _draft_with_photos() -> tuple[dict, dict]:
    game = json.loads((ROOT / "samples" / "game-photos.json").read_text())
    images = {}
    draft = vm.new_draft(players=len(game["players"]), level=5)
    for player, raw in zip(draft["players"], game["players"]):
        side = json.loads((PHOTOS / f"game-{raw['name'].lower()}.json").read_text())
        player["name"] = raw["name"]
        player["garden"] = side["garden"]
        player["photo"] = raw["name"].lower() * 4
        player["reading"] = {"garden": side["garden"], "corners": side["corners"], "photo": player["photo"]}
        images[player["photo"]] = cv2.imread(str(PHOTOS / f"game-{raw['name'].lower()}.jpg"))
    return draft, images


def test_keep_examples_writes_labelled_photos(data_dir: Path) -> None:
    draft, images = _draft_with_photos()
    draft["players"][2]["garden"][0][0] = ""  # an incomplete garden is not kept
    kept = calibration.keep_examples(draft, images.get)
    assert kept == 2 and calibration.count_examples() == 2
    sidecar = json.loads(next(calibration.examples_dir().glob("*.json")).read_text())
    assert set(sidecar) >= {"garden", "corners"}


def test_retrain_saves_a_loadable_model(data_dir: Path) -> None:
    with pytest.raises(ValueError):
        calibration.retrain()
    draft, images = _draft_with_photos()
    calibration.keep_examples(draft, images.get)
    seen: list[float] = []
    path = calibration.retrain(lambda f, m="": seen.append(float(f)), synth_count=6, renders=4)
    assert path.is_file() and path.parent == data_dir / "models"
    assert seen and max(seen) == pytest.approx(1.0) and all(0.0 <= f <= 1.0 for f in seen)
    from ui.photos import load_photo, load_tile_model, read_photo

    model = load_tile_model(path)
    assert "rendered from the calibration photos' tiles (4 photos)" in model.meta["trained_on"]
    photo = load_photo((PHOTOS / "game-ann.jpg").read_bytes())
    reading = read_photo(photo.image, model=model, digest=photo.digest)
    assert len(reading["garden"]) == 4
