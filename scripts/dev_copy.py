"""A development copy: one fixed random dialect (the ``random`` style's generator, one look for all
its 90 tiles), to judge enrolment and copy-model changes by without touching the held-out styles.

    .venv/bin/python scripts/dev_copy.py --seed 5911 [--family dev] [--count 60]
    .venv/bin/zengarden bench --data data/dialect-5911-dev-test --model data/models/dialect-5911-dev.skops

Writes (once; delete to redo) ``data/dialect-SEED-FAMILY-enrol`` (six labelled floor photos on the
copy's board, easy camera), ``data/dialect-SEED-FAMILY-test`` (``--count`` labelled gardens, mixed
difficulty, every other one on the copy's board) and the copy model
``data/models/dialect-SEED-FAMILY.skops`` (enrolled with each photo's outline given, labels decided).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_enrol import BOARD_INDEX, _variant_dir  # noqa: E402

from scorer.tiles import ALL_TILE_KINDS, Garden, Tile  # noqa: E402
from scorer.vocab import ALL_FLOORS  # noqa: E402
from vision.dataset import write_labelled  # noqa: E402
from vision.enrol import DEFAULT_ENROL, build_copy_model, enrol_labels  # noqa: E402
from vision.read import resolve_model  # noqa: E402
from vision.synth.art import CORNER_TURNS  # noqa: E402
from vision.synth.enrolment import enrolment_garden  # noqa: E402
from vision.synth.exemplar import TileArt, art_garden  # noqa: E402
from vision.synth.generate import photo_rng  # noqa: E402
from vision.synth.photo import random_board_picture, render_photo  # noqa: E402
from vision.synth.random_art import dialect_tile, random_dialect  # noqa: E402

UPRIGHT = min(CORNER_TURNS, key=CORNER_TURNS.__getitem__)  # the corner a picture's path wraps unturned


def dialect_art(seed: int, side: int = 128) -> TileArt:
    """The copy's 90 upright tile pictures in the dialect drawn from ``seed``."""
    dialect = random_dialect(np.random.default_rng(seed))
    pictures = [dialect_tile(Tile(k.floor, k.path, k.decor, UPRIGHT), side, np.random.default_rng([seed, i]), dialect)
                for i, k in enumerate(ALL_TILE_KINDS)]
    return TileArt(tuple(ALL_TILE_KINDS), np.stack(pictures))


def placed_pictures(art: TileArt, garden: Garden) -> list[np.ndarray]:
    """Each cell's picture of ``garden`` (row-major), turned as its tile lies."""
    index = {(k.floor, k.path, k.decor): i for i, k in enumerate(art.kinds)}
    return [np.ascontiguousarray(np.rot90(art.images[index[(t.floor, t.path, t.decor)]], k=-CORNER_TURNS[t.corner]))
            for _, t in garden.cells()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=5911)
    ap.add_argument("--family", default="dev", choices=("train", "dev"), help="scenes (never the zoo)")
    ap.add_argument("--count", type=int, default=60)
    args = ap.parse_args()
    data = ROOT / "data"
    name = f"dialect-{args.seed}-{args.family}"
    enrol_dir, test_dir = data / f"{name}-enrol", data / f"{name}-test"
    art = dialect_art(args.seed)
    board = random_board_picture(photo_rng(args.seed, BOARD_INDEX), args.family)
    if not enrol_dir.is_dir():
        for i, floor in enumerate(ALL_FLOORS):
            rng = photo_rng(args.seed, i)
            garden = enrolment_garden(floor, rng)
            image, truth = render_photo(garden, rng, difficulty="easy", tile_images=placed_pictures(art, garden),
                                        family=args.family, board_image=board)
            write_labelled(enrol_dir / f"{floor.value}.jpg", image, truth["garden"], truth["corners"])
    if not test_dir.is_dir():
        for i in range(args.count):
            rng = photo_rng(args.seed + 1, i)
            garden, pictures = art_garden(art, rng)
            image, truth = render_photo(garden, rng, difficulty="mixed", tile_images=pictures, family=args.family,
                                        board_image=board if i % 2 else None)
            write_labelled(test_dir / f"{i:05d}.jpg", image, truth["garden"], truth["corners"])
    out = data / "models" / f"{name}.skops"
    if not out.is_file():
        # the photos with their outlines given (the four taps), the labels left to decide
        floors = _variant_dir(enrol_dir, data / f"{name}-outlines", "outline")
        t0 = time.perf_counter()
        base = resolve_model(None)
        result = enrol_labels(floors, base, DEFAULT_ENROL)
        build_copy_model(result, base, DEFAULT_ENROL).save(out)
        print(f"copy model {out} in {time.perf_counter() - t0:.0f} s")
    print(f"{enrol_dir}\n{test_dir}\n{out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
