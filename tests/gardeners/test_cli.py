"""``zengarden gardeners check`` end to end, through an argparse parser built with :func:`register`."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from gardeners.cli import EXIT_INVALID, EXIT_OK, register

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "gardeners-complete.json"


def run(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="zengarden")
    sub = parser.add_subparsers(dest="command", required=True)
    register(sub)
    args = parser.parse_args(list(argv))
    out, err = io.StringIO(), io.StringIO()
    code = args.func(args, out, err)
    return code, out.getvalue(), err.getvalue()


def test_check_sample_text() -> None:
    code, out, err = run("gardeners", "check", str(SAMPLE))
    assert code == EXIT_OK and err == ""
    assert "Constraint B: benches face a red-fruit tree (panorama, in_play): NOT compliant" in out
    assert "4 benches not facing a tree with red fruit: F1, C4, F4, C6" in out
    assert "Score: 3" in out and "Round over: no" in out


def test_check_sample_json() -> None:
    code, out, _ = run("gardeners", "check", str(SAMPLE), "--json")
    assert code == EXIT_OK
    data = json.loads(out)
    assert [c["compliant"] for c in data["cards"]] == [True, False, False, False, False]
    assert data["cards"][1]["cells"] == ["F1", "C4", "F4", "C6"]
    assert data["score"]["points"] == 3 and data["placement_ok"] is True


def test_invalid_game_lists_every_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"garden": ["G G G G", "G GX G G", "G G G G", "G G G G"],
                               "cards": [{"type": "link"}], "discarded": -3}))
    code, out, err = run("gardeners", "check", str(bad))
    assert code == EXIT_INVALID and out == ""
    assert "3 problem(s)" in err
    assert "garden line 2, column 3" in err and "cards[0].kinds: missing" in err and "discarded:" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("content, message", [(None, "game file not found"), ("{nope", "is not valid JSON (line 1")])
def test_missing_or_non_json_file(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content)
    code, _, err = run("gardeners", "check", str(path))
    assert code == EXIT_INVALID
    assert message in err


def test_json_that_is_not_an_object(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text("[1, 2]")
    code, _, err = run("gardeners", "check", str(path))
    assert code == EXIT_INVALID and "a game file is a JSON object, got list" in err


def test_handler_defaults_to_the_standard_streams(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["gardeners", "check", str(SAMPLE)])
    assert args.func(args) == EXIT_OK
    assert "Placement:" in capsys.readouterr().out
