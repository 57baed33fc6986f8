"""``zengarden emperors``: score an Emperor's Garden game file, or check one.

    zengarden emperors score GAME.json [--json] [--explain]
    zengarden emperors check GAME.json

Exit codes: 0 scored / valid, 2 invalid input (a missing, unreadable or non-JSON file, or a game
that breaks the rules) with every problem on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from emperors_garden.errors import EmperorsGardenError
from emperors_garden.game import check_game
from emperors_garden.score import format_sheet, score_game

EXIT_OK = 0
EXIT_INVALID = 2


class _FileError(Exception):
    pass


def _load(path: str) -> Any:
    p = Path(path)
    if not p.exists():
        raise _FileError(f"game file not found: {p}")
    if p.is_dir():
        raise _FileError(f"{p} is a directory, not a game file")
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _FileError(f"cannot read {p}: {exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _FileError(f"{p} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Handler of ``zengarden emperors ...``; returns the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        data = _load(args.game)
    except _FileError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_INVALID
    if args.action == "check":
        _, problems = check_game(data)
        if problems:
            print(f"{args.game}: {len(problems)} problem{'s' if len(problems) != 1 else ''}:", file=err)
            for problem in problems:
                print(f"  - {problem.format()}", file=err)
            return EXIT_INVALID
        print(f"{args.game}: a valid Emperor's Garden game", file=out)
        return EXIT_OK
    try:
        result = score_game(data)
    except EmperorsGardenError as exc:
        print(f"{args.game}: cannot score this game:", file=err)
        for problem in exc.problems:
            print(f"  - {problem.format()}", file=err)
        return EXIT_INVALID
    if args.json:
        payload = result.to_dict()
        if not args.explain:
            for p in payload["players"]:
                p["lines"] = [{k: v for k, v in line.items() if k != "reason"} for line in p["lines"]]
        print(json.dumps(payload, indent=2, ensure_ascii=False), file=out)
    else:
        print(format_sheet(result, explain=args.explain), file=out)
    return EXIT_OK


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``emperors`` sub-command to the ``zengarden`` parser."""
    p = subparsers.add_parser("emperors", help="Emperor's Garden final scoring (score or check a game file)",
                              description="Emperor's Garden (Looney Pyramids + Hanafuda) final scoring.")
    p.add_argument("action", choices=("score", "check"), help="score: the score sheet; check: list every problem")
    p.add_argument("game", help="Emperor's Garden game file (JSON)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--explain", action="store_true", help="add the reason behind every line")
    p.set_defaults(func=run)


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry point: ``python -m emperors_garden.cli score GAME.json``."""
    parser = argparse.ArgumentParser(prog="zengarden")
    sub = parser.add_subparsers(dest="command", required=True)
    register(sub)
    args = parser.parse_args(["emperors", *(sys.argv[1:] if argv is None else argv)])
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
