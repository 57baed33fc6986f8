"""The `zengarden` command line.

``zengarden score GAME.json [--json] [--explain]`` scores a game file (players given as gardens
or photos); the vision sub-commands (synth, read, train, bench) are registered by
:mod:`vision.cli`. Exit codes: 0 success, 2 invalid input (problems on stderr, never a
traceback), 1 unexpected failure.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from scorer.errors import InvalidGameError, Problem, Severity
from scorer.vocab import Category
from vision import cli as vision_cli
from zengarden.gamefile import GameFileError, load_game_file, score_game_file

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_INVALID = 2

CATEGORY_LABELS: dict[str, str] = {
    Category.COINS.value: "Coins",
    Category.WALKWAYS.value: "Complete walkways",
    Category.DECOR.value: "Decor",
    Category.MINOR.value: "Minor preference",
    Category.MAJOR.value: "Major preference",
    Category.MAJORITY.value: "Majority",
    Category.DETAIL.value: "Attention to detail",
    Category.UNITY.value: "Unity (board 2)",
    Category.MINIMALISM.value: "Minimalistic (board 3)",
    Category.MISSIONS.value: "Missions (boards 4/5)",
}


def format_sheet(result: dict[str, Any], explain: bool = False) -> str:
    """A plain-text score sheet: categories × players, totals, ranks, winner, tie-break, warnings."""
    players = result["players"]
    names = [p["name"] for p in players]
    keys = list(players[0]["categories"]) if players else []
    label_w = max([len("Category"), *(len(CATEGORY_LABELS.get(k, k)) for k in keys), len("Rank")])
    col_w = [max(6, len(n)) for n in names]

    def row(label: str, cells: Sequence[str]) -> str:
        return "  ".join([label.ljust(label_w), *(c.rjust(w) for c, w in zip(cells, col_w))]).rstrip()

    rule = "-" * (label_w + sum(w + 2 for w in col_w))
    lines = [row("Category", names), rule]
    for key in keys:
        lines.append(row(CATEGORY_LABELS.get(key, key), [str(p["categories"][key]) for p in players]))
    lines += [rule, row("TOTAL", [str(p["total"]) for p in players]), row("Rank", [str(p["rank"]) for p in players])]
    winners = result["winners"]
    lines.append("")
    lines.append(("Winner: " if len(winners) == 1 else "Shared victory: ") + ", ".join(winners))
    if result.get("tie_break"):
        lines.append(f"Tie-break: {result['tie_break']}")
    if explain:
        for p in players:
            lines += ["", f"{p['name']} — {p['total']} points"]
            for key in keys:
                exp = p["explanations"][key]
                reason = exp["reason"]
                if len(reason) > 100 and "; " in reason:  # long multi-part reasons: one part per line
                    reason = "\n      " + reason.replace("; ", "\n      ")
                lines.append(f"  {CATEGORY_LABELS.get(key, key)}: {reason}")
                if exp["cells"] and len(exp["cells"]) < 16:
                    lines.append(f"      tiles: {', '.join(exp['cells'])}")
    warnings = result.get("warnings") or []
    if warnings:
        lines += ["", "Notes:"]
        for w in warnings:
            problem = Problem(Severity(w["severity"]), w["message"], w.get("player"), w.get("cell"), w.get("field"))
            lines.append(f"  - {problem}")
    return "\n".join(lines)


def _cmd_score(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    data = load_game_file(args.game)
    try:
        result = score_game_file(data, base_dir=Path(args.game).resolve().parent)
    except InvalidGameError as exc:
        print(f"{args.game}: cannot score this game:", file=err)
        for problem in exc.problems:
            print(f"  - {problem.format()}", file=err)
        return EXIT_INVALID
    if args.json:
        if not args.explain:
            result = {
                **result,
                "players": [{k: v for k, v in p.items() if k != "explanations"} for p in result["players"]],
            }
        print(json.dumps(result, indent=2, ensure_ascii=False), file=out)
    else:
        print(format_sheet(result, explain=args.explain), file=out)
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
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "score":
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
