"""``zengarden gardeners check GAME.json [--json]``: check a Gardeners garden against its cards.

Exit codes: 0 the game was checked (whatever the verdicts), 2 invalid input (every problem on stderr,
never a traceback). Wire it in with :func:`register` on the ``zengarden`` sub-parsers.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from gardeners.errors import InvalidGameError
from gardeners.game import Game, Report, check_game

EXIT_OK = 0
EXIT_INVALID = 2


class _InputError(Exception):
    """A file that cannot be read as a JSON object."""


def load_json(path: str | Path) -> Any:
    p = Path(path)
    if not p.exists():
        raise _InputError(f"game file not found: {p}")
    if p.is_dir():
        raise _InputError(f"{p} is a directory, not a game file")
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _InputError(f"cannot read {p}: {exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _InputError(f"{p} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None


def mark(ok: bool) -> str:
    return "compliant" if ok else "NOT compliant"


def format_report(report: Report, game: Game) -> str:
    """A plain-text report: the garden, placement verdicts, one line per card, the score."""
    lines = ["Garden:", *(f"  {row}" for row in game.garden.to_lines()), "", "Placement:"]
    for v in report.placement:
        lines.append(f"  {v.rule}: {mark(v.compliant)} — {v.reason}")
    lines += ["", "Cards:"]
    if not report.cards:
        lines.append("  (none listed)")
    for cv in report.cards:
        v = cv.verdict
        lines.append(f"  [{cv.index}] {cv.card.title} ({cv.card.type}, {cv.card.status}): {mark(v.compliant)}")
        lines.append(f"      {cv.card.constraint.describe()}")
        lines.append(f"      {v.reason}")
    lines += ["", f"Round over: {'yes' if report.round_over else 'no'}",
              f"Score: {report.score.points} ({report.score.reason})", f"  {report.score.level}"]
    return "\n".join(lines)


def run_check(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        data = load_json(args.game)
        game = Game.from_dict(data)
    except _InputError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_INVALID
    except InvalidGameError as exc:
        print(f"{args.game}: cannot check this game ({len(exc.problems)} problem(s)):", file=err)
        for problem in exc.problems:
            print(f"  - {problem.format()}", file=err)
        return EXIT_INVALID
    report = check_game(game)
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, ensure_ascii=False), file=out)
    else:
        print(format_report(report, game), file=out)
    return EXIT_OK


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``gardeners`` (with its ``check`` command) to the ``zengarden`` sub-parsers."""
    parser = subparsers.add_parser("gardeners", help="Gardeners: check a garden against its constraint cards")
    sub = parser.add_subparsers(dest="gardeners_command", required=True, metavar="COMMAND")
    p = sub.add_parser("check", help="check a Gardeners game file (JSON): placement, every card, the score")
    p.add_argument("game", help="game file (JSON), see gardeners/README.md")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(func=run_check)
