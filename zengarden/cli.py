"""The `zengarden` command line.

``zengarden score GAME.json [--json] [--explain]`` scores a game file (players given as gardens
or photos); the vision sub-commands (synth, read, train, bench) are registered by
:mod:`vision.cli`, ``emperors`` by :mod:`emperors_garden.cli` and ``gardeners`` by
:mod:`gardeners.cli`. Exit codes: 0 success, 2 invalid input (problems on stderr, never a
traceback), 1 unexpected failure.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from emperors_garden import cli as emperors_cli
from gardeners import cli as gardeners_cli
from scorer.errors import InvalidGameError
from scorer.score import GameResult, score_game
from scorer.tiles import ALL_CELLS, cell_name
from scorer.vocab import Category
from vision import cli as vision_cli
from zengarden.gamefile import GameFileError, load_game_file, read_photo_players

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_INVALID = 2

CATEGORY_LABELS: dict[Category, str] = {
    Category.COINS: "Coins",
    Category.WALKWAYS: "Complete walkways",
    Category.DECOR: "Decor",
    Category.MINOR: "Minor preference",
    Category.MAJOR: "Major preference",
    Category.MAJORITY: "Majority",
    Category.DETAIL: "Attention to detail",
    Category.UNITY: "Unity (board 2)",
    Category.MINIMALISM: "Minimalistic (board 3)",
    Category.MISSIONS: "Missions (boards 4/5)",
}


def format_sheet(result: GameResult, explain: bool = False) -> str:
    """A plain-text score sheet: categories × players, totals, ranks, winner, tie-break, warnings."""
    players = result.players
    names = [p.name for p in players]
    keys = result.categories
    label_w = max([len("Category"), *(len(CATEGORY_LABELS[k]) for k in keys), len("Rank")])
    col_w = [max(6, len(n)) for n in names]

    def row(label: str, cells: Sequence[object]) -> str:
        return "  ".join([label.ljust(label_w), *(str(c).rjust(w) for c, w in zip(cells, col_w))]).rstrip()

    rule = "-" * (label_w + sum(w + 2 for w in col_w))
    lines = [row("Category", names), rule]
    for key in keys:
        lines.append(row(CATEGORY_LABELS[key], [p.score(key).points for p in players]))
    lines += [rule, row("TOTAL", [p.total for p in players]), row("Rank", [p.rank for p in players])]
    lines.append("")
    lines.append(("Winner: " if len(result.winners) == 1 else "Shared victory: ") + ", ".join(result.winners))
    if result.tie_break:
        lines.append(f"Tie-break: {result.tie_break}")
    if explain:
        for p in players:
            lines += ["", f"{p.name} — {p.total} points"]
            for key in keys:
                score = p.score(key)
                reason = score.reason
                if len(reason) > 100 and "; " in reason:  # long multi-part reasons: one part per line
                    reason = "\n      " + reason.replace("; ", "\n      ")
                lines.append(f"  {CATEGORY_LABELS[key]}: {reason}")
                if score.cells and len(score.cells) < len(ALL_CELLS):
                    lines.append(f"      tiles: {', '.join(cell_name(c) for c in score.cells)}")
    if result.warnings:
        lines += ["", "Notes:"]
        lines += [f"  - {problem}" for problem in result.warnings]
    return "\n".join(lines)


def _cmd_score(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    data = load_game_file(args.game)
    try:
        game = read_photo_players(data, Path(args.game).resolve().parent)
        result = score_game(game)
    except InvalidGameError as exc:
        print(f"{args.game}: cannot score this game:", file=err)
        for problem in exc.problems:
            print(f"  - {problem.format()}", file=err)
        return EXIT_INVALID
    if args.json:
        print(json.dumps(result.to_dict(explain=args.explain), indent=2, ensure_ascii=False), file=out)
    else:
        print(format_sheet(result, explain=args.explain), file=out)
    for player in game.get("players", []):
        if isinstance(player, dict) and "check_outline" in player:
            reasons = "; ".join(player["check_outline"]) or "unsure"
            print(f"check the outline of {player.get('name')}'s photo ({player.get('photo')}): {reasons}; "
                  "if it is wrong, give that player's garden as tiles", file=err)
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="zengarden", description="Zen Garden scoring assistant")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("score", help="score a game file (JSON)")
    p.add_argument("game", help="game file (JSON); players may give a 'garden' or a 'photo'")
    p.add_argument("--json", action="store_true", help="print the result contract as JSON")
    p.add_argument("--explain", action="store_true", help="add the reason behind every category")
    p.set_defaults(func=_cmd_score)
    vision_cli.register(sub)
    emperors_cli.register(sub)
    gardeners_cli.register(sub)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command in ("score", "emperors", "gardeners"):
            return int(args.func(args, out, err))
        return int(args.func(args))
    except GameFileError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_INVALID
    except KeyboardInterrupt:
        print("interrupted", file=err)
        return EXIT_FAILURE


if __name__ == "__main__":
    sys.exit(main())
