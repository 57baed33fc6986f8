"""Localisation alone on directories of labelled photos: per-photo corner error (tile sides), the
outline check, and failures. Writes ``DIR/locate.csv`` (the first DIR's, or ``--csv``); prints a summary.

    .venv/bin/python scripts/eval_locate.py data/zoo-515151 [DIR ...] [--limit N] [--model M]
    .venv/bin/python scripts/eval_locate.py data/enrol-*-zoo-board-73* --enrol --csv enrol-locate.csv

``--enrol``: enrolment's search (``vision.enrol.locate_and_cut``) on floor photos named after their
floor: the whole photo searched too, each candidate valued by how surely its cells read as that floor.

``--why``: for each outline missed or flagged, the search's own score of the true outline
(``vision.locate.outline_score``) and how far the nearest block the search weighed lay from it
(``GridLocation.searched``), as CSV columns ``true_score`` and ``nearest_searched_tiles``; the summary
then splits the failures into gardens the search never came near (no block weighed within the
tolerance) and gardens it came near but scored below another, and counts those whose true outline
scores above the chosen one (the score is not what failed).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

from vision.bench import LOCALISATION_TOLERANCE
from vision.dataset import iter_labelled
from vision.enrol import locate_floor_photo, parse_floor
from vision.io import load_image_scaled
from vision.locate import GridNotFoundError, block_offset, locate_grid, outline_score
from vision.read import resolve_model


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--model", default=None)
    parser.add_argument("--csv", default=None)
    parser.add_argument("--enrol", action="store_true",
                        help="enrolment's search: floor photos named after their floor (sand.jpg, ...)")
    parser.add_argument("--no-trust", action="store_true",
                        help="search every photo (to calibrate cfg.grid_trust_score and the check thresholds)")
    parser.add_argument("--why", action="store_true",
                        help="for each outline missed or flagged: the true outline's score and the nearest block "
                             "the search weighed")
    args = parser.parse_args()
    if args.why and args.enrol:
        parser.error("--why measures the plain search; enrolment's judges its candidates by their floor")
    model = resolve_model(args.model)
    cfg = replace(model.cfg, grid_trust_score=float("inf")) if args.no_trust else model.cfg
    rows = []
    photos = [photo for data in args.data for photo in iter_labelled(data)]
    if args.limit:
        photos = photos[: args.limit]
    t0 = time.perf_counter()
    for photo in photos:
        image, scale = load_image_scaled(photo.image_path, cfg)
        t1 = time.perf_counter()
        try:
            if args.enrol:
                found = locate_floor_photo(image, parse_floor(photo.image_path.stem), replace(model, cfg=cfg))
            else:
                found = locate_grid(image, 4, cfg, model.tile_map_model)
            seconds = time.perf_counter() - t1
            err = block_offset(found.corners / scale, photo.corners)[0]  # a quarter turn is the same block
            check, scores = found.check_outline, (found.first_score, found.score, found.runner_up)
            why = (float("nan"), float("nan"))
            if args.why and (err > LOCALISATION_TOLERANCE or check):
                truth = np.asarray(photo.corners, np.float64) * scale
                why = (outline_score(image, truth, 4, cfg, model.tile_map_model),
                       min((block_offset(b, truth)[0] for b in found.searched), default=float("inf")))
        except GridNotFoundError:
            seconds = time.perf_counter() - t1
            err, check, scores = float("inf"), True, (float("nan"),) * 3
            why = (float("nan"), float("nan"))
        where = photo.image_path
        name = where.name if len(args.data) == 1 else f"{where.parent.name}/{where.name}"
        rows.append((name, err, check, seconds, *scores, *why))
    path = Path(args.csv) if args.csv else Path(args.data[0]) / "locate.csv"
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["photo", "corner_error_tiles", "check_outline", "seconds", "first_score", "score",
                         "runner_up", "true_score", "nearest_searched_tiles"])
        for name, err, check, sec, *scores in rows:
            writer.writerow([name, f"{err:.4f}", int(check), f"{sec:.3f}", *(f"{v:.3f}" for v in scores)])
    errs = np.array([r[1] for r in rows])
    checks = np.array([r[2] for r in rows])
    fail = errs > LOCALISATION_TOLERANCE
    seconds = np.array([r[3] for r in rows])
    print(f"localise: median {1000 * np.median(seconds):.0f} ms, p95 {1000 * np.percentile(seconds, 95):.0f} ms")
    print(f"{len(rows)} photos in {time.perf_counter() - t0:.0f} s: within {LOCALISATION_TOLERANCE} tile "
          f"{100 * (1 - fail.mean()):.1f} %; failures {int(fail.sum())}; flagged {int(checks.sum())}; "
          f"silent failures {int((fail & ~checks).sum())}; flagged but right {int((~fail & checks).sum())}")
    for name, err, check, *_ in rows:
        if err > LOCALISATION_TOLERANCE or check:
            print(f"  {name}: {err:.2f} tile{' (flagged)' if check else ''}")
    if args.why:
        missed = [r for r in rows if LOCALISATION_TOLERANCE < r[1] < float("inf")]
        never = sum(not r[8] <= LOCALISATION_TOLERANCE for r in missed)  # nan (never searched) counts too
        above = sum(r[7] > r[5] for r in missed)
        print(f"why missed ({len(missed)}): never came near {never}, came near but scored below another "
              f"{len(missed) - never}; the true outline scores above the chosen one on {above}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
