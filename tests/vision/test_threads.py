"""The learners' thread pools held at one thread while a photo is read or enrolment labels its
photos, and given back after."""

from __future__ import annotations

import numpy as np
from threadpoolctl import threadpool_info, threadpool_limits

import vision.read
from vision.dataset import iter_labelled
from vision.read import read_garden
from vision.threads import one_thread


def _pool_threads() -> dict[str, int]:
    return {info["filepath"]: info["num_threads"] for info in threadpool_info()}


def test_one_thread_holds_every_pool_and_gives_them_back(bundled_model) -> None:
    with threadpool_limits(limits=2):  # as on a machine of two cores or more
        before = _pool_threads()
        assert before and set(before.values()) == {2}, before
        with one_thread():
            inside = _pool_threads()
        assert set(inside) == set(before)
        assert set(inside.values()) == {1}
        assert _pool_threads() == before


def _pools_seen_by(monkeypatch, module: object, name: str) -> list[dict[str, int]]:
    """The pools' threads as each call of ``module.name`` begins, recorded into the list returned."""
    seen: list[dict[str, int]] = []
    real = getattr(module, name)

    def watched(*args, **kwargs):
        seen.append(_pool_threads())
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, watched)
    return seen


def test_a_read_runs_its_learners_on_one_thread(easy_photos, bundled_model, monkeypatch) -> None:
    seen = _pools_seen_by(monkeypatch, vision.read, "_locate_and_crop")
    photo = iter_labelled(easy_photos)[0]
    with threadpool_limits(limits=2):
        before = _pool_threads()
        reading = read_garden(photo.image_path, model=bundled_model)
        assert _pool_threads() == before
    assert reading.garden is not None and np.isfinite(reading.confidence).all()
    assert len(seen) == 1 and set(seen[0].values()) == {1}


def test_enrolment_labels_on_one_thread(tmp_path, bundled_model, monkeypatch) -> None:
    import vision.enrol
    from scorer.vocab import Floor
    from vision.synth.enrolment import render_enrolment_set

    render_enrolment_set(tmp_path, seed=424243, style="random", family="train", size=(640, 480), floors=(Floor.SAND,))
    seen = _pools_seen_by(monkeypatch, vision.enrol, "locate_and_cut")
    with threadpool_limits(limits=2):
        before = _pool_threads()
        result = vision.enrol.enrol_labels([("sand", tmp_path / "sand.jpg")], bundled_model)
        assert _pool_threads() == before  # given back for the model's training
    assert len(result.gardens) == 1
    assert len(seen) == 1 and set(seen[0].values()) == {1}
