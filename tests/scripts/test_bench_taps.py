"""scripts/bench_taps.py: a player's taps drawn around the true corners at the asked spread, and
the photos read where tapped and snapped, counted both ways."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from tests.scripts import load_script


def _script():
    return load_script("bench_taps")


def test_taps_are_spread_by_sigma_tile_sides() -> None:
    script = _script()
    truth = np.array([[100.0, 100.0], [500.0, 100.0], [500.0, 500.0], [100.0, 500.0]])  # tiles of 100 px
    rng = np.random.default_rng(0)
    offsets = np.stack([script.tapped(truth, 0.1, rng) - truth for _ in range(2000)])
    assert abs(float(offsets.std()) - 10.0) < 0.5
    assert abs(float(offsets.mean())) < 0.5
    np.testing.assert_array_equal(script.tapped(truth, 0.0, rng), truth)


def test_the_bench_reads_each_photo_tapped_and_snapped(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from vision.synth import generate_dataset

    generate_dataset(tmp_path, count=2, seed=4242, size=(1200, 900), difficulty="easy")
    script = _script()
    argv = sys.argv
    try:
        sys.argv = ["bench_taps.py", "--data", str(tmp_path), "--sigma", "0", "0.1"]
        assert script.main() == 0
        sys.argv = ["bench_taps.py", "--data", str(tmp_path / "none")]
        assert script.main() == 2
    finally:
        sys.argv = argv
    out, err = capsys.readouterr()
    lines = out.strip().splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"{tmp_path.name} sigma 0 tile:")
    assert all("tapped: tile" in line and "snapped: tile" in line and "of 2" in line for line in lines)
    assert "error:" in err and "none" in err
