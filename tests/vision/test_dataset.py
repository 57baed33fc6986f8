"""Tests for the labelled-photo format (vision.dataset)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from scorer.tiles import Garden
from vision.dataset import LabelledPhoto, iter_labelled, read_labelled, write_labelled
from vision.synth import random_garden

CORNERS = np.array([[10.5, 20.25], [300.0, 22.0], [305.0, 210.0], [12.0, 200.0]])


def _garden(seed: int = 0) -> Garden:
    return random_garden(np.random.default_rng(seed))


def _image() -> np.ndarray:
    rng = np.random.default_rng(0)
    return rng.integers(0, 255, (240, 320, 3), dtype=np.uint8)


@pytest.mark.parametrize("name", ["a.jpg", "a.png", "a"])
def test_round_trip(tmp_path: Path, name: str) -> None:
    garden = _garden()
    written = write_labelled(tmp_path / "sub" / name, _image(), garden, CORNERS, quality=80)
    assert written.suffix in (".jpg", ".png") and written.is_file()
    assert written.with_suffix(".json").is_file()
    for path in (written, written.with_suffix(".json")):
        photo = read_labelled(path)
        assert isinstance(photo, LabelledPhoto)
        assert photo.image_path == written
        assert photo.garden == garden
        assert photo.corners.dtype == np.float64 and photo.corners.shape == (4, 2)
        assert np.allclose(photo.corners, CORNERS, atol=0.01)
        assert photo.load_image().shape == (240, 320, 3)
    data = json.loads(written.with_suffix(".json").read_text())
    assert set(data) == {"garden", "corners"}
    assert data["garden"] == garden.to_lists()


def test_png_is_lossless(tmp_path: Path) -> None:
    img = _image()
    written = write_labelled(tmp_path / "x.png", img, _garden(), CORNERS)
    assert np.array_equal(read_labelled(written).load_image(), img)


def test_extra_keys_are_written_and_ignored(tmp_path: Path) -> None:
    written = write_labelled(tmp_path / "e.jpg", _image(), _garden(), CORNERS, extra={"difficulty": "hard"})
    assert json.loads(written.with_suffix(".json").read_text())["difficulty"] == "hard"
    assert read_labelled(written).garden == _garden()


def test_iter_labelled_sorted_and_skips_unlabelled(tmp_path: Path) -> None:
    for name in ("b", "a", "c"):
        write_labelled(tmp_path / name, _image(), _garden(ord(name)), CORNERS)
    (tmp_path / "c.json").unlink()
    (tmp_path / "notes.txt").write_text("hello")
    photos = iter_labelled(tmp_path)
    assert [p.image_path.name for p in photos] == ["a.jpg", "b.jpg"]
    assert photos[0].garden == _garden(ord("a"))
    with pytest.raises(ValueError, match="not a directory"):
        iter_labelled(tmp_path / "missing")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"garden": []}', "missing key"),
        ('{"corners": [[0, 0], [1, 0], [1, 1], [0, 1]]}', "missing key"),
        ("GARDEN_BAD_TILE", "bad garden"),
        ("GARDEN_3_ROWS", "bad garden"),
        ("CORNERS_3", "corners"),
        ("CORNERS_TEXT", "corners"),
        ("CORNERS_NAN", "corners"),
    ],
)
def test_bad_sidecar_raises_value_error(tmp_path: Path, content: str, message: str) -> None:
    written = write_labelled(tmp_path / "p.jpg", _image(), _garden(), CORNERS)
    sidecar = written.with_suffix(".json")
    good = json.loads(sidecar.read_text())
    if content == "GARDEN_BAD_TILE":
        good["garden"][1][2] = "lava/stone/gate/se"
        content = json.dumps(good)
    elif content == "GARDEN_3_ROWS":
        good["garden"] = good["garden"][:3]
        content = json.dumps(good)
    elif content == "CORNERS_3":
        good["corners"] = good["corners"][:3]
        content = json.dumps(good)
    elif content == "CORNERS_TEXT":
        good["corners"] = [["a", "b"]] * 4
        content = json.dumps(good)
    elif content == "CORNERS_NAN":
        content = json.dumps(good).replace(str(good["corners"][0][0]), "NaN", 1)
    sidecar.write_text(content)
    with pytest.raises(ValueError, match=message) as info:
        read_labelled(written)
    assert "p.json" in str(info.value)


def test_missing_files_and_bad_arguments(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not found"):
        read_labelled(tmp_path / "nothing.jpg")
    (tmp_path / "lonely.jpg").write_bytes(b"")
    with pytest.raises(ValueError, match="sidecar not found"):
        read_labelled(tmp_path / "lonely.jpg")
    (tmp_path / "orphan.json").write_text("{}")
    with pytest.raises(ValueError, match="no image"):
        read_labelled(tmp_path / "orphan.json")
    with pytest.raises(ValueError, match="expected an image"):
        read_labelled(tmp_path / "x.gif")
    with pytest.raises(ValueError):
        write_labelled(tmp_path / "y.jpg", np.zeros((10, 10), np.uint8), _garden(), CORNERS)
    with pytest.raises(ValueError):
        write_labelled(tmp_path / "y.jpg", _image(), _garden(), CORNERS[:3])
    with pytest.raises(ValueError):
        write_labelled(tmp_path / "y.jpg", _image(), "garden", CORNERS)  # type: ignore[arg-type]
