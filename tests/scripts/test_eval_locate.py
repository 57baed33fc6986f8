"""scripts/eval_locate.py: localisation alone per photo, and with ``--why`` whether a missed garden
was never searched near or searched near and scored below another."""

from __future__ import annotations

import csv
import sys

import pytest

from tests.scripts import load_script


def _script():
    return load_script("eval_locate")


def test_why_a_missed_garden_was_missed(tmp_path, monkeypatch, capsys) -> None:
    """Development photo 00262 of ``zengarden synth --seed 6262 --family dev --difficulty hard``,
    located alone (no reader): the outline ends over two tiles off, flagged. Its true outline
    scores above the chosen one, and the nearest block the search weighed lies over a quarter tile
    from it: a garden the search never came near, not one its score passed over."""
    from tests.vision.grids import dev_photo

    dev_photo(tmp_path / "photos", 262, 6262, difficulty="hard")
    out = tmp_path / "locate.csv"
    monkeypatch.setattr(sys, "argv", ["eval_locate.py", str(tmp_path / "photos"), "--why", "--csv", str(out)])
    assert _script().main() == 0
    (row,) = list(csv.DictReader(out.open()))
    assert float(row["corner_error_tiles"]) > 1.0 and row["check_outline"] == "1"
    assert float(row["true_score"]) > float(row["score"])
    assert 0.25 < float(row["nearest_searched_tiles"]) < float(row["corner_error_tiles"])
    assert "why missed (1): never came near 1, came near but scored below another 0; " \
           "the true outline scores above the chosen one on 1" in capsys.readouterr().out


def test_why_is_refused_with_enrolments_search(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(sys, "argv", ["eval_locate.py", str(tmp_path), "--why", "--enrol"])
    with pytest.raises(SystemExit):
        _script().main()
