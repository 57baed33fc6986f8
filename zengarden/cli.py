"""The `zengarden` command line.

``zengarden score GAME.json [--json] [--explain] [--lang en|de]`` scores a game file (players
given as gardens or photos; the sheet, reasons and problems in English or German, the JSON in the
contract's English unless ``--lang`` asks otherwise); ``zengarden serve [--https] [--port N]``
serves the app (:mod:`zengarden.serve`; over HTTPS with a self-signed certificate made on first
use); the vision sub-commands (synth, read, train, bench) are registered by :mod:`vision.cli`,
``emperors`` by :mod:`emperors_garden.cli` and ``gardeners`` by :mod:`gardeners.cli`. Exit codes:
0 success, 2 invalid input (problems on stderr, never a traceback), 1 unexpected failure.
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
from vision import cli as vision_cli
from vision.lean import keep_pandas_out
from zengarden import serve, wording
from zengarden.gamefile import GameFileError, load_game_file, read_photo_players

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_INVALID = 2


def format_sheet(result: GameResult, explain: bool = False, words: wording.Wording = wording.ENGLISH) -> str:
    """A plain-text score sheet: categories × players, totals, ranks, winner, tie-break, warnings,
    in the language of ``words``."""
    players = result.players
    names = [p.name for p in players]
    keys = result.categories
    sheet = words.sheet
    labels = {k: words.category(k, with_board=True) for k in keys}
    label_w = max([len(sheet["category"]), *(len(labels[k]) for k in keys), len(sheet["rank"])])
    col_w = [max(6, len(n)) for n in names]

    def row(label: str, cells: Sequence[object]) -> str:
        return "  ".join([label.ljust(label_w), *(str(c).rjust(w) for c, w in zip(cells, col_w))]).rstrip()

    rule = "-" * (label_w + sum(w + 2 for w in col_w))
    lines = [row(sheet["category"], names), rule]
    for key in keys:
        lines.append(row(labels[key], [p.score(key).points for p in players]))
    lines += [rule, row(sheet["total"].upper(), [p.total for p in players]),
              row(sheet["rank"], [p.rank for p in players])]
    lines.append("")
    lines.append(f"{sheet['winner'] if len(result.winners) == 1 else sheet['shared_victory']}: "
                 + ", ".join(result.winners))
    if result.tie_break:
        lines.append(f"{sheet['tie_break']}: {words(result.tie_break)}")
    if explain:
        for p in players:
            lines += ["", f"{p.name} — {p.total} {sheet['points']}"]
            for key in keys:
                score = p.score(key)
                reason = words(score.reason)
                parts = score.reason.values.get("parts", ())
                if len(reason) > 100 and len(parts) > 1:  # a long multi-part reason: one part per line
                    reason = "".join(f"\n      {words(part)}" for part in parts) + f" = {score.points}"
                lines.append(f"  {labels[key]}: {reason}")
                if score.cells and len(score.cells) < len(ALL_CELLS):
                    lines.append(f"      {sheet['tiles']}: {', '.join(cell_name(c) for c in score.cells)}")
    if result.warnings:
        lines += ["", f"{sheet['notes']}:"]
        lines += [f"  - {words.problem_line(problem)}" for problem in result.warnings]
    return "\n".join(lines)


def _cmd_score(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    words = wording.language(args.lang)
    data = load_game_file(args.game)
    try:
        game = read_photo_players(data, Path(args.game).resolve().parent)
        result = score_game(game)
    except InvalidGameError as exc:
        print(words.sheet["cannot_score"].format(game=args.game), file=err)
        for problem in exc.problems:
            print(f"  - {words.problem_line(problem)}", file=err)
        return EXIT_INVALID
    if args.json:
        # the contract's English (features in the notation) unless another language is asked for
        json_words = wording.CONTRACT if args.lang == wording.DEFAULT_LANGUAGE else words
        print(json.dumps(result.to_dict(explain=args.explain, words=json_words), indent=2, ensure_ascii=False),
              file=out)
    else:
        print(format_sheet(result, explain=args.explain, words=words), file=out)
    for player in game.get("players", []):
        if isinstance(player, dict) and "check_outline" in player:
            reasons = "; ".join(player["check_outline"]) or "unsure"
            print(f"check the outline of {player.get('name')}'s photo ({player.get('photo')}): {reasons}; "
                  "if it is wrong, give that player's garden as tiles", file=err)
    return EXIT_OK


def _cmd_serve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    extra = list(args.streamlit_args)
    if extra[:1] == ["--"]:
        extra = extra[1:]
    try:
        return serve.serve(port=args.port, https=args.https, cert_only=args.cert_only, extra=extra, out=out)
    except serve.ServeError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_FAILURE


def _port(text: str) -> int:
    port = int(text)
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1-65535, got {port}")
    return port


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="zengarden", description="Zen Garden scoring assistant")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("score", help="score a game file (JSON)")
    p.add_argument("game", help="game file (JSON); players may give a 'garden' or a 'photo'")
    p.add_argument("--json", action="store_true", help="print the result contract as JSON")
    p.add_argument("--explain", action="store_true", help="add the reason behind every category")
    p.add_argument("--lang", choices=wording.LANGUAGES, default=wording.DEFAULT_LANGUAGE,
                   help="language of the sheet, reasons and problems (default: en)")
    p.set_defaults(func=_cmd_score)
    p = sub.add_parser("serve", help="serve the app (--https: for phones on the local network)")
    p.add_argument("--https", action="store_true",
                   help="serve over HTTPS on every interface with a self-signed certificate made on first use "
                        "(phones get the camera and the clipboard only over HTTPS)")
    p.add_argument("--port", type=_port, default=serve.DEFAULT_PORT, help=f"port (default: {serve.DEFAULT_PORT})")
    p.add_argument("--cert-only", action="store_true", help="only make the certificate (if there is none yet)")
    p.add_argument("streamlit_args", nargs=argparse.REMAINDER, help="after --: arguments for `streamlit run`")
    p.set_defaults(func=_cmd_serve)
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
        if args.command in ("score", "serve", "emperors", "gardeners"):
            return int(args.func(args, out, err))
        return int(args.func(args))
    except GameFileError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_INVALID
    except KeyboardInterrupt:
        print("interrupted", file=err)
        return EXIT_FAILURE


def run() -> None:
    """The ``zengarden`` console script: :func:`main` in a process that keeps pandas out
    (:mod:`vision.lean`: about 90 MB less for every photo read; ``serve`` starts a process of its own)."""
    keep_pandas_out()
    sys.exit(main())


if __name__ == "__main__":
    run()
