"""The sidebar with a copy's model in use (ui/sidebar.py, ui/enrol_page.py): the model in use named once,
above both sections; one "Reset to the bundled model", under 'Teach it my copy' where copies are
switched, also without the training extras; the Gardens tab's hint when the copy's model cannot be
loaded (ui.tab_gardens.unavailable_words) names that section."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.apptest import APP, key, run, widget
from ui import i18n, photos, state
from ui.copies import model_file, remember
from ui.tab_gardens import unavailable_words
from vision.model import ModelLoadError

COPY = "Our copy"


@pytest.fixture
def copy_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder whose kept copy "Our copy" is the model in use (its file is damaged: never read)."""
    d = tmp_path / "data"
    monkeypatch.setenv("ZENGARDEN_DATA_DIR", str(d))
    path = model_file(COPY, d / "copies")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"PK\x03\x04 half a model file")
    remember(COPY, path)
    return path


@pytest.fixture
def fresh_model_cache() -> Any:
    """The tile model loaded anew in this test, and again after it (it is cached for the process)."""
    from ui.session import get_model

    get_model.clear()
    yield
    get_model.clear()


def _app(model: Path, lang: str) -> AppTest:
    state.save_settings({"lang": lang, "keep_examples": False, "model_path": str(model)}, model.parents[1])
    return run(AppTest.from_file(APP, default_timeout=120))


def _in_use(at: AppTest, T: i18n.Translator) -> list[str]:
    """Every 'Model in use' caption on the page."""
    return [c.value for c in at.caption if c.value.startswith(T("model_in_use", model=""))]


def _resets(at: AppTest, T: i18n.Translator) -> list[Any]:
    """Every 'Reset to the bundled model' button on the page."""
    return [b for b in at.button if b.label == T("reset_model")]


def _section(at: AppTest, label: str) -> Any:
    return next(e for e in at.sidebar.expander if e.label == label)


@pytest.mark.parametrize("training", [True, False], ids=["training", "no_training"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_one_caption_and_one_reset_in_the_section_the_hint_names(
        monkeypatch: pytest.MonkeyPatch, copy_model: Path, lang: str, training: bool) -> None:
    if not training:  # photo reading installed, the training extras not
        status = photos.vision_status()
        monkeypatch.setattr(photos, "vision_status", lambda: {**status, "train": False, "dataset": False})
    T = i18n.Translator(lang)
    at = _app(copy_model, lang)
    assert _in_use(at, T) == [T("model_in_use", model=COPY)]
    # named above both sections
    shown = list(at.sidebar.children.values())
    caption = next(i for i, n in enumerate(shown) if getattr(n, "value", None) == T("model_in_use", model=COPY))
    sections = [i for i, n in enumerate(shown) if getattr(n, "label", None) in (T("improve_title"), T("enrol_title"))]
    assert len(sections) == 2 and caption < min(sections)
    assert [b.key for b in _resets(at, T)] == ["enrol_reset"]
    enrol = _section(at, T("enrol_title"))
    assert [b.key for b in enrol.button if b.label == T("reset_model")] == ["enrol_reset"]
    improve = _section(at, T("improve_title"))
    assert not any(b.label == T("reset_model") for b in improve.button)
    if not training:
        assert [i.value for i in improve.info] == [T("training_unavailable")]
    # the hint names the button and the one section that holds it
    hint = unavailable_words(T, ModelLoadError("English words the player never sees"), copy_model=True)
    assert T("reset_model") in hint
    assert [e.label for e in at.sidebar.expander if e.label in hint] == [T("enrol_title")]
    next(b for b in enrol.button if b.key == "enrol_reset").click()
    run(at)
    assert state.load_settings(copy_model.parents[1])["model_path"] is None
    assert at.session_state["settings"]["model_path"] is None
    assert _in_use(at, T) == [T("model_in_use", model=T("bundled_model"))]
    assert not _resets(at, T)  # the bundled model in use: nothing to reset


@pytest.mark.skipif(photos.reading_ready() is not None, reason="no vision pipeline")
def test_the_hint_shown_on_the_gardens_tab_names_the_section_with_the_reset(
        copy_model: Path, fresh_model_cache: None) -> None:
    import cv2
    import numpy as np

    T = i18n.Translator("en")
    at = _app(copy_model, "en")
    ok, png = cv2.imencode(".png", np.full((480, 640, 3), 128, np.uint8))
    assert ok
    widget(at.file_uploader, key(at, "upload0")).set_value(("garden.png", png.tobytes(), "image/png"))
    run(at)
    hint = T("reader_copy_not_loaded", reset=T("reset_model"), section=T("enrol_title"))
    assert [w.value for w in at.warning] == [T("reading_unavailable", why=hint)]
    assert [b.key for b in _section(at, T("enrol_title")).button if b.label == T("reset_model")] == ["enrol_reset"]
