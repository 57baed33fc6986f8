"""vision.workers: per-photo work in worker processes, the same results as in one process."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from scorer.vocab import Floor
from vision.enrol import DEFAULT_ENROL, EnrolError, render_copy
from vision.workers import ModelPool, default_jobs


def _where(model: object, item: int) -> tuple[int, int, str]:
    """The item squared, the process that worked on it, and the model's kind (a worker's own copy)."""
    return item * item, os.getpid(), type(model).__name__


def _refuse(_model: object, item: int) -> int:
    if item == 3:
        raise EnrolError("photo 3 shows no garden", "no_garden", Floor.SAND)
    return item


def _dies_in_a_worker(_model: object, item: tuple[int, int]) -> int:
    """Ten times the value; a worker working on value 2 dies (the OS killing it for memory, say)."""
    parent, value = item
    if value == 2 and os.getpid() != parent:
        os._exit(3)
    return value * 10


def test_jobs_must_be_a_whole_number_of_at_least_one(bundled_model) -> None:
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(ValueError, match="jobs"):
            ModelPool(bundled_model, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="jobs"):
        replace(DEFAULT_ENROL, jobs=0)
    assert 1 <= default_jobs() <= 2
    assert replace(DEFAULT_ENROL, jobs=3).workers == 3 and DEFAULT_ENROL.workers == default_jobs()


def test_one_job_runs_here_and_two_in_workers_in_the_items_order(bundled_model) -> None:
    with ModelPool(bundled_model, 1) as here:
        assert here.map(_where, range(5)) == [(i * i, os.getpid(), "TileModel") for i in range(5)]
    with ModelPool(bundled_model, 2) as pool:
        out = pool.map(_where, range(9))
        assert [square for square, _, _ in out] == [i * i for i in range(9)]
        assert {kind for _, _, kind in out} == {"TileModel"}
        assert os.getpid() not in {pid for _, pid, _ in out}  # the work went to the workers
        assert pool.map(_where, [4]) == [(16, os.getpid(), "TileModel")]  # one item: not worth sending


def test_a_workers_enrolment_error_comes_back_whole(bundled_model) -> None:
    with ModelPool(bundled_model, 2) as pool, pytest.raises(EnrolError) as raised:
        pool.map(_refuse, range(6))
    assert (str(raised.value), raised.value.code, raised.value.floor) == ("photo 3 shows no garden", "no_garden",
                                                                          Floor.SAND)


def test_what_a_dead_worker_leaves_is_done_here(bundled_model, caplog: pytest.LogCaptureFixture) -> None:
    with ModelPool(bundled_model, 2) as pool:
        out = pool.map(_dies_in_a_worker, [(os.getpid(), value) for value in range(6)])
        assert out == [0, 10, 20, 30, 40, 50]
        assert pool.jobs == 1 and pool.map(_where, range(3))[2][1] == os.getpid()  # and from then on
    assert "worker processes unavailable" in caplog.text


def test_the_copys_photos_rendered_in_workers_are_the_same_files(bundled_model, tmp_path: Path) -> None:
    from scorer.tiles import ALL_TILE_KINDS
    from vision.synth.art import render_tile
    from vision.synth.exemplar import TileArt

    kinds = ALL_TILE_KINDS[::4]
    art = TileArt(tuple(kinds), np.stack([render_tile(f"{k.floor.value}/{k.path.value}/{k.decor.value}/nw", 48)
                                          for k in kinds]))
    board = np.full((256, 256, 3), (40, 90, 160), np.uint8)
    ecfg = replace(DEFAULT_ENROL, renders=5, render_size=(320, 240))
    here = list(render_copy(art, board, tmp_path / "here", ecfg))
    with ModelPool(bundled_model, 2) as pool:
        there = list(render_copy(art, board, tmp_path / "there", replace(ecfg, renders=5), pool))
    assert [p.name for p in here] == [p.name for p in there] == [f"copy-{i:05d}.jpg" for i in range(5)]
    for a, b in zip(here, there):
        assert a.read_bytes() == b.read_bytes()
        assert a.with_suffix(".json").read_text() == b.with_suffix(".json").read_text()


def test_readers_fitted_with_their_samples_cut_in_workers_are_the_same(bundled_model, tiny_dataset) -> None:
    """The photos' jitter is drawn in one process, in turn, so the crops cut in workers and the
    readers fitted on them are those of one process, to the bit."""
    import pickle

    from vision.dataset import iter_labelled
    from vision.train import fit_readers

    photos = iter_labelled(tiny_dataset)[:4]
    groups = [(photos[:3], 1.0), (photos[3:], 4.0)]
    here = fit_readers(groups, bundled_model)
    with ModelPool(bundled_model, 2) as pool:
        there = fit_readers(groups, bundled_model, pool=pool)
    assert here.meta["tile_samples"] == there.meta["tile_samples"] > 0
    for name in here.readers:
        assert pickle.dumps(here.readers[name]) == pickle.dumps(there.readers[name]), name
