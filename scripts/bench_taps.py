"""Reading with corners tapped by hand: each labelled photo read with its true corners moved by a
player's imprecision (normal, ``--sigma`` tile sides per coordinate, seeded), where tapped and
snapped (``cfg.snap_given_corners``). Prints, per sigma, the tiles and gardens read right both ways.

    .venv/bin/python scripts/bench_taps.py --data data/zoo-616161 --count 200 --sigma 0.05 0.1 0.2
    .venv/bin/python scripts/bench_taps.py --data data/ink-zoo-732001 --model data/models/enrol-ink-...skops
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from scorer.tiles import Garden
from vision.dataset import iter_labelled
from vision.io import load_image_scaled
from vision.model import TileModel
from vision.read import read_garden, resolve_model
from vision.seams import tile_side_px


def tapped(truth: np.ndarray, sigma: float, rng: np.random.Generator) -> np.ndarray:
    """True corners ``(4, 2)`` as a player might tap them: each coordinate off by a normal error of
    ``sigma`` tile sides."""
    return truth + rng.normal(0.0, sigma * tile_side_px(truth, 4), truth.shape)


def tiles_right(read: Garden, truth: Garden) -> int:
    return sum(read[cell] == tile for cell, tile in truth.cells())


def bench(data: Path, model: TileModel, sigma: float, count: int, seed: int) -> dict[str, tuple[int, int, int]]:
    """-> {"tapped": (tiles right, gardens right, photos), "snapped": ...} for one ``sigma``."""
    as_tapped = replace(model, cfg=replace(model.cfg, snap_given_corners=False))
    snapping = replace(model, cfg=replace(model.cfg, snap_given_corners=True))
    rng = np.random.default_rng(seed)
    photos = iter_labelled(data)[:count] if count else iter_labelled(data)
    out = {"tapped": [0, 0, 0], "snapped": [0, 0, 0]}
    for photo in photos:
        image, scale = load_image_scaled(photo.image_path, model.cfg)
        taps = tapped(photo.corners * scale, sigma, rng)
        for name, reader in (("tapped", as_tapped), ("snapped", snapping)):
            right = tiles_right(read_garden(image, reader, corners=taps).garden, photo.garden)
            out[name][0] += right
            out[name][1] += right == 16
            out[name][2] += 1
    return {k: (v[0], v[1], v[2]) for k, v in out.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", required=True, type=Path)
    parser.add_argument("--model", default=None)
    parser.add_argument("--sigma", type=float, nargs="+", default=[0.05, 0.1, 0.2])
    parser.add_argument("--count", type=int, default=0, help="the first N photos (0: all)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    try:
        if not iter_labelled(args.data):
            raise ValueError(f"no labelled photos (image + .json sidecar) in {args.data}")
        model = resolve_model(args.model)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for sigma in args.sigma:
        result = bench(args.data, model, sigma, args.count, args.seed)
        line = "; ".join(f"{name}: tile {100 * t / (16 * n):.2f} %, gardens {g} of {n}"
                         for name, (t, g, n) in result.items())
        print(f"{args.data.name} sigma {sigma:g} tile: {line}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
