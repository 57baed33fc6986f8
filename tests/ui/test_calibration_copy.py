"""'Keep my corrected photos' feeds the copy in use: with an enrolled copy's model in use and its
floor photos kept, retraining rebuilds that copy's model with the kept game photos added."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from scorer.vocab import Floor
from ui import calibration
from ui.copies import model_file, remember
from vision.enrol import DEFAULT_ENROL
from vision.synth.enrolment import render_enrolment_set


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ZENGARDEN_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_retraining_with_a_copy_in_use_rebuilds_that_copy(data_dir: Path) -> None:
    from vision.model import load_model

    # the copy's floor photo (labelled: its sidecar gives the labels) and its model, listed by name
    render_enrolment_set(data_dir / "enrol", seed=77, style="alt", family="train", size=(640, 480),
                         floors=(Floor.SAND,))
    copy = model_file("Our copy", data_dir / "copies")
    copy.parent.mkdir(parents=True)
    copy.write_bytes(b"the model built at enrolment")
    remember("Our copy", copy)
    # one corrected game photo of the same copy kept ("keep corrected photos")
    render_enrolment_set(data_dir / "examples", seed=78, style="alt", family="train", size=(640, 480),
                         floors=(Floor.WATER,))
    assert calibration.count_examples() == 1 and calibration.copy_in_use(str(copy))
    ecfg = replace(DEFAULT_ENROL, renders=2, render_size=(480, 360), learn_map=False, art_side=48)
    path = calibration.retrain(model_path=str(copy), enrol_config=ecfg)
    assert path == copy  # the same copy, not a separate local model
    assert not (data_dir / "models").exists()
    model = load_model(path)
    assert "1 corrected game photos" in model.meta["trained_on"][0]


def test_a_model_that_is_no_kept_copy_is_not_rebuilt(data_dir: Path) -> None:
    render_enrolment_set(data_dir / "enrol", seed=77, style="alt", family="train", size=(320, 240),
                         floors=(Floor.SAND,))
    assert not calibration.copy_in_use(str(data_dir / "models" / "local-1.skops"))
    (data_dir / "enrol" / "sand.jpg").unlink()  # a copy without its floor photos cannot be rebuilt
    copy = model_file("Our copy", data_dir / "copies")
    copy.parent.mkdir(parents=True)
    copy.write_bytes(b"model")
    remember("Our copy", copy)
    assert not calibration.copy_in_use(str(copy))
