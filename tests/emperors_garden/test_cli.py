"""`zengarden emperors`: through an argparse parser built with `register`, end to end on real files."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from emperors_garden.cli import register

from .helpers import SAMPLES


def run(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="zengarden")
    sub = parser.add_subparsers(dest="command", required=True)
    register(sub)
    args = parser.parse_args(list(argv))
    out, err = io.StringIO(), io.StringIO()
    code = args.func(args, out, err)
    assert isinstance(code, int)
    return code, out.getvalue(), err.getvalue()


def test_score_sheet() -> None:
    code, out, err = run("emperors", "score", str(SAMPLES / "emperors-garden-3p.json"))
    assert (code, err) == (0, "")
    assert out.splitlines()[0].split() == ["Category", "Ann", "Bob", "Cy"]
    assert "Emperor bonus                 0       5       0" in out
    assert "Winner: Cy" in out and "Tie-break: Bob and Cy tied on 16 points" in out
    assert "samurai on B2 (3)" not in out  # reasons only with --explain


def test_explain_adds_every_reason() -> None:
    code, out, _ = run("emperors", "score", "--explain", str(SAMPLES / "emperors-garden-3p.json"))
    assert code == 0
    assert "5 (iris): samurai on B2 (3) = 3; 2 cards of the suit on the board → ×2 (doubled): 3 × 2 = 6" in out
    assert "emperor bonus: the emperor stands on 5 (iris) at C3, a scoring suit, with your samurai B2 on it → 5" in out
    assert "tie-breaks: still holds the agent; 3 pieces on the board (D3, E2, C5)" in out


def test_json() -> None:
    code, out, _ = run("emperors", "score", "--json", str(SAMPLES / "emperors-garden-western.json"))
    assert code == 0
    data = json.loads(out)
    assert data["winners"] == ["Bob"]
    assert [p["total"] for p in data["players"]] == [13, 13]
    assert "reason" not in data["players"][0]["lines"][0]
    code, out, _ = run("emperors", "score", "--json", "--explain", str(SAMPLES / "emperors-garden-western.json"))
    assert "reason" in json.loads(out)["players"][0]["lines"][0]


def test_check() -> None:
    code, out, err = run("emperors", "check", str(SAMPLES / "emperors-garden-3p.json"))
    assert (code, err) == (0, "") and "valid" in out


def test_invalid_game_lists_every_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"board": ["1 1@redL+blueS 1 1", "5 .@blueM 6 7"], "scoring_cards": [1, 2, 3],
                               "players": [{"colour": "red"}, {"colour": "blue"}]}))
    for action in ("score", "check"):
        code, out, err = run("emperors", action, str(bad))
        assert code == 2 and out == ""
        assert "Traceback" not in err
        assert "the emperor is not on the board" in err
        assert "position B1: 2 pieces on one card" in err
        assert "position B2: the blue priest stands on a position with no card" in err
        assert "there are 4 scoring cards, got 3" in err
        assert "1 (pine) is a scoring card" in err
        assert err.count("\n  - ") == 5


@pytest.mark.parametrize(("content", "message"), [
    (None, "game file not found"),
    ("{not json", "is not valid JSON (line 1"),
    ("[1, 2]", "a game file is a JSON object"),
])
def test_bad_files_are_clear_errors(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content)
    code, out, err = run("emperors", "score", str(path))
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_a_directory_is_not_a_game_file(tmp_path: Path) -> None:
    code, _, err = run("emperors", "score", str(tmp_path))
    assert code == 2 and "is a directory" in err
