"""`zengarden score`: readable sheet, --json contract, --explain, clean errors with exit code 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from zengarden.cli import main

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_score_sheet_lists_categories_totals_and_winner() -> None:
    code, out, err = run("score", str(SAMPLES / "game-level5.json"))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split() == ["Category", "Ann", "Bob", "Cy", "Dan"]
    assert "Missions (boards 4/5)        0       0       3      10" in out
    assert [line.split()[-4:] for line in lines if line.startswith("TOTAL")] == [["72", "60", "46", "49"]]
    assert "Winner: Ann" in out


def test_tie_break_is_explained() -> None:
    code, out, _ = run("score", str(SAMPLES / "game-level1.json"))
    assert code == 0
    assert "Tie-break: Ann and Bob tied on 50 points; Bob wins with the most coins left" in out


def test_explain_adds_reasons_and_tiles() -> None:
    code, out, _ = run("score", "--explain", str(SAMPLES / "game-level5.json"))
    assert code == 0
    assert "Major preference: 4 tiles show decor: gate × 2 = 8" in out
    assert "tiles: A1, C1, A3, C3" in out


def test_json_prints_the_result_contract() -> None:
    code, out, _ = run("score", "--json", str(SAMPLES / "game-level3.json"))
    assert code == 0
    result = json.loads(out)
    assert result["winners"] == ["Cy"]
    assert set(result["players"][0]) == {"name", "total", "rank", "categories"}
    code, out, _ = run("score", "--json", "--explain", str(SAMPLES / "game-level3.json"))
    assert "explanations" in json.loads(out)["players"][0]


def test_invalid_game_lists_problems_on_stderr(tmp_path: Path) -> None:
    data = json.loads((SAMPLES / "game-level1.json").read_text())
    data["players"][0]["coins"] = 40
    data["players"][1]["garden"][0][0] = "water/stone/gate/se"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    code, out, err = run("score", str(path))
    assert code == 2 and out == ""
    assert "coins must be 0–25" in err
    assert "player 'Bob', cell A1: tile water / stone / gate is also at A1 in Ann's garden" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "message"),
    [(None, "game file not found"), ("{oops", "is not valid JSON (line 1"), ("[1, 2]", "a game file is a JSON object"),
     (b"\xff\xfe\x00", "cannot read")],
)
def test_bad_files_are_clean_errors(tmp_path: Path, content: str | bytes | None, message: str) -> None:
    path = tmp_path / "game.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    code, _, err = run("score", str(path))
    assert code == 2
    assert message in err


def test_console_script_runs_as_a_process() -> None:
    proc = subprocess.run([sys.executable, "-m", "zengarden.cli", "score", str(SAMPLES / "game-level1.json"), "--json"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["winners"] == ["Bob"]
    proc = subprocess.run([sys.executable, "-m", "zengarden.cli", "score", "/nonexistent.json"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


@pytest.mark.parametrize("level", [1, 3, 5])
def test_json_is_byte_identical_to_the_contract_before_reasons_became_data(level: int) -> None:
    """The files in contract/ are `zengarden score --json --explain` from before the engine's reasons
    became codes and values: the contract's English must not move by a byte."""
    code, out, _ = run("score", "--json", "--explain", str(SAMPLES / f"game-level{level}.json"))
    assert code == 0
    assert out == (Path(__file__).parent / "contract" / f"game-level{level}.json").read_text()


def test_german_sheet_reasons_and_problems(tmp_path: Path) -> None:
    code, out, _ = run("score", "--explain", "--lang", "de", str(SAMPLES / "game-level1.json"))
    assert code == 0
    assert out.splitlines()[0].split() == ["Kategorie", "Ann", "Bob"]
    assert "Gleichstand: Ann und Bob haben 50 Punkte; Bob gewinnt mit den meisten übrigen Münzen" in out
    assert "Große Vorliebe: " in out and "Plättchen zeigen Dekor: Tor × 2" in out
    assert "Spalte A brachte einen Münzbonus für Tor" in out
    for english in ("tiles show", "coins left", "Tie-break", "Winner", "Notes", "earned a", "floor:", "decor:"):
        assert english not in out, english
    data = json.loads((SAMPLES / "game-level1.json").read_text())
    data["players"][0]["coins"] = 40
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    code, out, err = run("score", "--lang", "de", str(path))
    assert code == 2
    assert "kann nicht gewertet werden" in err and "Fehler: Spieler 'Ann': Münzen müssen 0–25 sein" in err


def test_german_json_keeps_the_contract_keys() -> None:
    _, out, _ = run("score", "--json", "--explain", "--lang", "de", str(SAMPLES / "game-level1.json"))
    result = json.loads(out)
    assert set(result["players"][0]["categories"]) == {"coins", "walkways", "decor", "minor", "major", "majority",
                                                       "detail"}
    assert result["players"][0]["explanations"]["coins"]["reason"].endswith("Münzen übrig × 1 Punkt = 9")
