"""scripts/compare_bench.py: what changed between two bench runs' per-photo CSVs."""

from __future__ import annotations

import sys

from tests.scripts import load_script
from vision.bench import ATTRS, PhotoResult, write_csv


def _result(name: str, off: float, tiles: int, flagged: bool = False) -> PhotoResult:
    return PhotoResult(name, off <= 0.25, off, dict.fromkeys(ATTRS, tiles), tiles, tiles == 16, 1, 1,
                       check_outline=flagged)


def test_two_runs_are_compared_photo_by_photo(tmp_path, monkeypatch, capsys) -> None:
    write_csv(tmp_path / "old.csv", [_result("a.jpg", 0.05, 16), _result("b.jpg", 2.1, 0, flagged=True)])
    write_csv(tmp_path / "new.csv", [_result("a.jpg", 0.05, 15), _result("b.jpg", 0.04, 16)])
    monkeypatch.setattr(sys, "argv", ["compare_bench.py", str(tmp_path / "old.csv"), str(tmp_path / "new.csv")])
    assert load_script("compare_bench").main() == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "compared on 2 photos read by both runs"
    assert "  located                      1 -> 2 (+1)" in out and "  wrong tiles                 16 -> 1 (-15)" in out
    assert out[-3:] == ["photos changed: 2", "  a.jpg: tiles right 16 -> 15",
                        "  b.jpg: tiles right 0 -> 16; outline 2.100 -> 0.040 tile; no longer flagged"]


def test_a_file_that_is_not_a_bench_csv_is_named(tmp_path, monkeypatch, capsys) -> None:
    (tmp_path / "notes.csv").write_text("name,score\na,1\n")
    write_csv(tmp_path / "new.csv", [_result("a.jpg", 0.05, 16)])
    monkeypatch.setattr(sys, "argv", ["compare_bench.py", str(tmp_path / "notes.csv"), str(tmp_path / "new.csv")])
    assert load_script("compare_bench").main() == 2
    assert "notes.csv is not a bench CSV: no column photo" in capsys.readouterr().err
    monkeypatch.setattr(sys, "argv", ["compare_bench.py", str(tmp_path / "gone.csv"), str(tmp_path / "new.csv")])
    assert load_script("compare_bench").main() == 2
    assert "gone.csv" in capsys.readouterr().err
