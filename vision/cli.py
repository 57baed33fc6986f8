"""`zengarden` sub-commands that belong to the vision layer: synth, read, train, bench, enrol.

Only argument definitions live here; each command's work is a function in its own module,
imported lazily so `zengarden score` on a hand-entered game never loads OpenCV or scikit-learn.
"""

from __future__ import annotations

import argparse


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must be WIDTHxHEIGHT, e.g. 1600x1200, got {text!r}") from None
    if not (64 <= width <= 8192 and 64 <= height <= 8192):
        raise argparse.ArgumentTypeError(f"size out of range 64..8192: {text!r}")
    return width, height


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the vision sub-commands to the `zengarden` parser."""
    p = sub.add_parser("synth", help="render synthetic garden photos with ground-truth sidecars")
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--count", type=int, default=10, help="number of photos (default 10)")
    p.add_argument("--seed", type=int, default=0, help="random seed (same seed, same photos)")
    p.add_argument("--start", type=int, default=0,
                   help="index of the first photo (default 0): photo i is the same whatever the count")
    p.add_argument("--size", type=_size, default=(1600, 1200), help="WIDTHxHEIGHT (default 1600x1200)")
    p.add_argument("--style", default="classic",
                   help="tile art style: classic, alt, random (a new look per photo, for training), ink "
                        "(held out: for measurement only) or sketch (random with figures never trained on and not "
                        "held out: to develop the reading of unseen figures on); default classic")
    p.add_argument("--family", default="classic",
                   help="scene family (board, table, light): classic (the first generator's), train (random "
                        "looks training may use), dev (other looks, to judge changes by; never trained on) or zoo "
                        "(held-out looks, for measurement only); default classic")
    p.add_argument("--difficulty", default="mixed", help="easy, hard or mixed (default mixed)")
    p.add_argument("--min-elevation", type=float, default=None,
                   help="lowest camera elevation in degrees above the table (10..90; default: the family's, "
                        "35 outside classic); other photos than without it for the same seed")
    p.add_argument("--garden-size", type=float, nargs=2, metavar=("LO", "HI"), default=None,
                   help="the garden's extent as a fraction of the photo's shorter side, drawn from LO..HI "
                        "(0.1..0.9; default: the difficulty's own range); other photos than without it")
    p.add_argument("--copy", type=int, default=None, metavar="SEED",
                   help="with --style random or sketch: every garden in one development copy's tiles (one look "
                        "drawn from SEED, one picture per physical tile), as a real copy's photos are")
    p.add_argument("--floor-photos", action="store_true",
                   help="each photo shows one floor's 15 tiles and one tile of another floor, as an enrolment "
                        "photo does (photo i: the i-th floor of six, in turn) instead of a random garden")
    p.set_defaults(func=_run_synth)

    p = sub.add_parser("read", help="read a garden from a photo")
    p.add_argument("photo", help="JPEG, PNG, WebP or HEIC photo of one finished garden")
    p.add_argument("--model", default=None, help="model file (default: the bundled model)")
    p.add_argument("--json", action="store_true", help="print the reading as JSON")
    p.add_argument("--budget", type=float, default=None,
                   help="seconds the search for the garden's outline may take before it stops and asks for the "
                        "outline to be checked (default: the app's, VisionConfig.read_budget; 0 for no limit)")
    p.set_defaults(func=_run_read)

    p = sub.add_parser("train", help="train a tile model from labelled photos (image + sidecar JSON)")
    p.add_argument("--data", action="append", required=True, help="directory of labelled photos (repeatable)")
    p.add_argument("--out", required=True, help="model file to write")
    only = p.add_mutually_exclusive_group()
    only.add_argument("--mask-only", action="store_true",
                      help="learn only the tile map (where tiles are) from DIR; keep the readers of --base")
    only.add_argument("--readers-only", action="store_true",
                      help="learn only the four tile readers from DIR; keep the tile map of --base")
    only.add_argument("--context-only", action="store_true",
                      help="learn only the tile map's second stage from DIR (photos its first stage was not "
                           "trained on); keep everything else of --base")
    only.add_argument("--tileness-only", action="store_true",
                      help="learn only the tileness learner (is a cell a whole tile cut on its seams) from DIR; "
                           "keep everything else of --base")
    p.add_argument("--base", default=None,
                   help="with --mask-only, --readers-only, --context-only or --tileness-only: the model whose other "
                        "parts are "
                        "kept (default bundled)")
    p.set_defaults(func=_run_train)

    p = sub.add_parser("bench", help="measure reading accuracy and speed on labelled photos")
    p.add_argument("--data", required=True, help="directory of labelled photos")
    p.add_argument("--model", default=None, help="model file (default: the bundled model)")
    p.add_argument("--csv", default=None, help="per-photo CSV to write (default DATA/bench.csv)")
    p.add_argument("--repeat", type=int, default=1,
                   help="time each photo N times and keep each stage's median (default 1)")
    p.add_argument("--jobs", type=int, default=1,
                   help="read the photos in N processes (default 1; at most one per core for honest timings)")
    p.add_argument("--budget", type=float, default=None,
                   help="give each photo's outline search S seconds, as the app does (default: no limit, the same "
                        "readings on any machine)")
    p.add_argument("--against", default=None, metavar="OLD_CSV",
                   help="a per-photo CSV of an earlier run: say what changed, photo by photo")
    p.set_defaults(func=_run_bench)

    p = sub.add_parser("enrol", help="teach the reader your copy: one photo of each floor's 15 tiles (+ any one other)")
    p.add_argument("--out", required=True, help="model file to write (use it with --model)")
    p.add_argument("--floor", nargs=2, action="append", required=True, metavar=("FLOOR", "PHOTO"),
                   help="a photo of FLOOR's 15 tiles in any order and turns plus one tile of another floor "
                        "(repeatable; all six floors for a full enrolment; a same-name .json sidecar gives the "
                        "labels, or with 'corners' only the outline)")
    p.add_argument("--board", default=None, help="a photo of the empty board: its 4×4 spaces are found (or given in a "
                   "same-name .json {\"corners\": ...}) and half the rendered training photos show the copy on it")
    p.add_argument("--labels-out", default=None,
                   help="write the decided labels here (photo copies + sidecars) to review and correct")
    p.add_argument("--base", default=None, help="model whose readers find and first read the tiles (default bundled)")
    p.add_argument("--renders", type=int, default=None,
                   help="photos rendered from your tiles to train on (default 320; fewer is faster)")
    p.add_argument("--jobs", type=int, default=None,
                   help="work on the photos in N processes (default: this machine's cores, at most 2; "
                        "the same model with any N)")
    p.set_defaults(func=_run_enrol)


def _run_synth(args: argparse.Namespace) -> int:
    from vision.synth import cli_synth

    return cli_synth(args)


def _run_read(args: argparse.Namespace) -> int:
    from vision.read import cli_read

    return cli_read(args)


def _run_train(args: argparse.Namespace) -> int:
    from vision.train import cli_train

    return cli_train(args)


def _run_bench(args: argparse.Namespace) -> int:
    from vision.bench import cli_bench

    return cli_bench(args)


def _run_enrol(args: argparse.Namespace) -> int:
    from vision.enrol import cli_enrol

    return cli_enrol(args)
