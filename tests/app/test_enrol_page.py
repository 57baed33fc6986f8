"""'Teach it my copy' (ui/enrol_page.py): the floors' checklist, labels shown as the path × decor table."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from scorer.vocab import Floor
from ui import state
from ui.enrol_page import floor_photos, pair_sheet
from ui.photos import reading_ready

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")

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
