"""Does ``zengarden enrol --board`` help? One copy on one board, enrolled with and without the board photo.

    .venv/bin/python scripts/bench_enrol_board.py [--style ink] [--count 40] [--renders 60] [--seed 734001]

1. Makes one board of the held-out ``zoo`` family (pattern, coin track, printed spaces), as a board
   picture (``render_photo(board_image=...)``); renders (once, into data/) a photo of it empty, six
   labelled enrolment photos on it and ``--count`` test gardens on it (zoo tables and light, mixed
   difficulty), all in ``--style``.
2. Builds two copy models from the labelled enrolment photos with ``--renders`` rendered photos each
   (the tile map learned again in both): without the board, and with ``board_picture`` of the empty
   board's photo (its spaces' corners given, as the four taps). Same seeds otherwise.
3. ``zengarden bench`` of both on the test gardens (whole figures and on the located photos).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_enrol import _bench  # noqa: E402

from scorer.vocab import ALL_FLOORS  # noqa: E402
from vision.dataset import write_labelled  # noqa: E402
from vision.enrol import DEFAULT_ENROL, build_copy_model, enrol_labels  # noqa: E402
from vision.read import resolve_model  # noqa: E402
from vision.synth.enrolment import enrolment_garden, render_enrolment_set  # noqa: E402
from vision.synth.garden import random_garden  # noqa: E402
from vision.synth.generate import photo_rng  # noqa: E402
from vision.synth.photo import BOARD_MARGIN, render_photo  # noqa: E402
from vision.synth.scene import board_surface, draw_track, print_spaces  # noqa: E402


def make_board(seed: int, side: int = 640) -> np.ndarray:
    """A zoo-family board picture: spaces in the middle, :data:`BOARD_MARGIN` of their side around,
    a coin track in the margin and the spaces printed (a seed that prints them is searched)."""
    margin = round(BOARD_MARGIN * side)
    full = side + 2 * margin
    for k in range(100):
        rng = np.random.default_rng([seed, k])
        board = board_surface(full, rng, "zoo", None)
        draw_track(board, margin, side // 4, rng, "zoo")
        before = board.copy()
        print_spaces(board, margin, side / 4, side // 4, rng)
        if not np.array_equal(before, board):
            return board
    raise RuntimeError("no board with printed spaces")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--style", default="ink")
    ap.add_argument("--seed", type=int, default=734001)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--renders", type=int, default=60)
    args = ap.parse_args()
    data = ROOT / "data" / f"enrol-board-{args.style}-{args.seed}"
    board = make_board(args.seed)
    enrol_dir, test_dir = data / "enrol", data / "test"
    if not enrol_dir.is_dir():
        render_enrolment_set(enrol_dir, args.seed + 1, style=args.style, family="zoo", board_image=board)
        rng = photo_rng(args.seed + 2, 0)
        empty, truth = render_photo(enrolment_garden(ALL_FLOORS[0], rng), rng, difficulty="easy", style=args.style,
                                    family="zoo", board_image=board, empty_board=True)
        cv2.imwrite(str(data / "board.jpg"), empty, [cv2.IMWRITE_JPEG_QUALITY, 92])
        (data / "board.json").write_text(json.dumps({"corners": truth["corners"].tolist()}))
    if not test_dir.is_dir():
        for i in range(args.count):
            rng = photo_rng(args.seed + 3, i)
            image, truth = render_photo(random_garden(rng), rng, difficulty="mixed", style=args.style, family="zoo",
                                        board_image=board)
            write_labelled(test_dir / f"{i:05d}.jpg", image, truth["garden"], truth["corners"])
    base = resolve_model(None)
    ecfg = replace(DEFAULT_ENROL, renders=args.renders)
    floors = [(f.value, enrol_dir / f"{f.value.replace(' ', '-')}.jpg") for f in ALL_FLOORS]
    print(f"== {args.style} style on one zoo board (seed {args.seed}), {args.count} test photos, "
          f"{args.renders} renders per model", flush=True)
    for tag, board_photo in (("no-board", None), ("board", data / "board.jpg")):
        path = data / f"model-{tag}.skops"
        if not path.is_file():
            t0 = time.perf_counter()
            res = enrol_labels(floors, base, ecfg, board=board_photo)
            build_copy_model(res, base, ecfg).save(path)
            print(f"model ({tag}): built in {time.perf_counter() - t0:.0f} s", flush=True)
        lines = _bench(test_dir, path, tag)
        keys = ("whole-tile accuracy", "whole-garden exact", "localisation failures", "silent failures", "located",
                "on located")
        print(f"-- {tag}: " + "; ".join(f"{k} {lines.get(k, '?')}" for k in keys), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
