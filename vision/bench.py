"""Benchmark reading on labelled photos: accuracy per attribute, tile, garden and score; speed;
memory. ``zengarden bench --data DIR [--model M] [--csv PATH]``."""

from __future__ import annotations

import argparse
import csv
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from scorer import score_game
from scorer.errors import InvalidGameError
from scorer.game import qualifies
from scorer.tiles import Feature, Garden, cell_name
from vision.budget import Deadline
from vision.dataset import LabelledPhoto, iter_labelled
from vision.locate import GridNotFoundError, block_offset
from vision.model import TileModel
from vision.read import REVIEW_FIGURE, read_garden, resolve_model
from vision.workers import ModelPool, check_jobs

ATTRS = ("floor", "path", "decor", "corner")
#: Corner error (fraction of one tile side) above which a found grid counts as a localisation failure.
LOCALISATION_TOLERANCE = 0.25

_PREFERENCES = {"minor": "path:stone", "major": "decor:gate", "majority": "floor:water", "detail": "floor:gravel"}
_MISSIONS = (("decor:pagoda", "floor:cherry_blossom"), ("path:wood", "decor:crane"), ("floor:clay", "decor:bench"))


def level5_score(garden: Garden) -> int | None:
    """Total of a fixed one-player level-5 game with this garden (missions completed when the
    garden qualifies); None when the garden does not make a valid game."""
    missions = []
    for pair in _MISSIONS:
        feats = [Feature.parse(f) for f in pair]
        missions.append({"features": list(pair), "completed_by": ["P"] if qualifies(garden, feats) else []})
    game = {"boards": [1, 2, 3, 4, 5], "preferences": _PREFERENCES, "missions": missions,
            "players": [{"name": "P", "coins": 10, "garden": garden.to_lists()}]}
    try:
        return int(score_game(game).players[0].total)
    except InvalidGameError:
        return None


@dataclass
class PhotoResult:
    name: str
    located: bool
    corner_error: float  # in tile sides; nan when not located
    correct: dict[str, int]  # attribute -> cells right (of 16)
    tiles_right: int
    garden_exact: bool
    score_true: int | None
    score_read: int | None
    timings: dict[str, float] = field(default_factory=dict)
    review: int = 0
    #: ``full_decode``: seconds for a plain ``cv2.imread`` of the same file (the speed reference).
    reference: dict[str, float] = field(default_factory=dict)
    #: The reader asked for the outline to be checked (or found none).
    check_outline: bool = True
    #: Quarter turns clockwise from the labelled garden to the one read (its top-left corner is
    #: another of the block's corners: the same garden, see :func:`turn_to_match`).
    quarter_turns: int = 0
    #: The outline found, ``(4, 2)`` x, y in the photo file's pixels (TL, TR, BR, BL); None when none.
    corners: np.ndarray | None = None
    #: Tiles read wrong in cells the reader did not list for review (:attr:`unmarked_wrong` counts
    #: those a player would be shown as read).
    wrong_unreviewed: int = 0
    #: Cells listed for review for their figure alone (``figure:`` in ``review_why``, nothing else:
    #: :mod:`vision.figures`), and the wrong tiles among them.
    figure_only: int = 0
    figure_only_wrong: int = 0

    @property
    def silent_failure(self) -> bool:
        """Outline more than a quarter tile off and the reader did not say so: the worst outcome."""
        return not self.located and not self.check_outline

    @property
    def unmarked_wrong(self) -> int:
        """Tiles shown as read that are wrong: in cells not listed for review, on a photo whose
        outline was found or was not flagged (a flagged wrong outline is set right first, and its
        tiles read again)."""
        return self.wrong_unreviewed if self.located or not self.check_outline else 0


def turn_to_match(found: np.ndarray, truth: np.ndarray) -> tuple[float, int]:
    """The corner error (tile sides) of the found block ``(4, 2)`` against the true one, and by how
    many quarter turns clockwise the truth's garden is turned in the found block's frame.

    The garden has no "up" of its own: seen from near 45°, which corner is its top-left is a choice,
    and a reading made with another corner first is the same garden turned (every score is the same,
    ``tests/scorer/test_properties.py``). The found corners are compared with the true ones taken
    from each of the four starts, and the closest start counts (:func:`vision.locate.block_offset`)."""
    err, start = block_offset(found, truth)
    return err, (-start) % 4


def bench_photo(photo: LabelledPhoto, model: TileModel, repeat: int = 1, budget: float | None = None
                ) -> PhotoResult:
    """Read one labelled photo and compare with its truth. With ``repeat`` > 1 the photo is read
    (and plainly decoded, for reference) that many times, alternately, and each stage's median time
    is kept: a machine shared with other work gives noisy single timings. The reading is the same
    every time, unless ``budget`` (seconds for the outline's search, as the app allows it:
    :func:`vision.read.read_garden`) cuts a search short on one reading and not on another."""
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    truth = photo.garden
    score_true = level5_score(truth)
    plain: list[float] = []
    stages: list[dict[str, float]] = []
    reading = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        full = cv2.imread(str(photo.image_path), cv2.IMREAD_COLOR)  # reference: a plain full decode
        plain.append(time.perf_counter() - t0)
        del full
        t0 = time.perf_counter()
        try:
            reading = read_garden(photo.image_path, model=model, budget=budget)
            stages.append(dict(reading.timings))
        except GridNotFoundError:
            stages.append({"decode": 0.0, "localise": time.perf_counter() - t0, "classify": 0.0})
    reference = {"full_decode": float(np.median(plain))}
    timings = {key: float(np.median([t.get(key, 0.0) for t in stages])) for key in stages[0]}
    if reading is None:
        return PhotoResult(photo.image_path.name, False, float("nan"), dict.fromkeys(ATTRS, 0), 0, False,
                           score_true, None, timings, 0, reference, check_outline=True)
    err, turns = turn_to_match(reading.corners, photo.corners)
    truth = truth.rotated(turns)
    correct = dict.fromkeys(ATTRS, 0)
    tiles_right = wrong_unreviewed = figure_only = figure_only_wrong = 0
    for cell, true_tile in truth.cells():
        read_tile = reading.garden[cell]
        oks = [getattr(read_tile, a) == getattr(true_tile, a) for a in ATTRS]
        for a, ok in zip(ATTRS, oks):
            correct[a] += int(ok)
        tiles_right += int(all(oks))
        wrong_unreviewed += int(not all(oks) and cell_name(cell) not in reading.review)
        codes = reading.review_why.get(cell_name(cell), ())
        if codes and all(code.startswith(f"{REVIEW_FIGURE}:") for code in codes):
            figure_only += 1
            figure_only_wrong += int(not all(oks))
    return PhotoResult(photo.image_path.name, err <= LOCALISATION_TOLERANCE, err, correct, tiles_right,
                       reading.garden == truth, score_true, level5_score(reading.garden), timings,
                       len(reading.review), reference, reading.check_outline, turns, reading.corners,
                       wrong_unreviewed, figure_only, figure_only_wrong)


def summarise(results: list[PhotoResult], peak_rss_mb: float) -> dict[str, Any]:
    n = len(results)
    cells = 16 * n
    out: dict[str, Any] = {"photos": n}
    for a in ATTRS:
        out[f"{a}_accuracy"] = sum(r.correct[a] for r in results) / cells
    out["tile_accuracy"] = sum(r.tiles_right for r in results) / cells
    # the readers alone: on the photos whose outline was found within the tolerance
    located = [r for r in results if r.located]
    out["located_photos"] = len(located)
    for a in (*ATTRS, "tile"):
        right = sum(r.tiles_right if a == "tile" else r.correct[a] for r in located)
        out[f"located_{a}_accuracy"] = right / (16 * len(located)) if located else float("nan")
    out["garden_exact"] = sum(r.garden_exact for r in results) / n
    out["score_exact"] = sum(r.score_read is not None and r.score_read == r.score_true for r in results) / n
    out["localisation_failures"] = sum(not r.located for r in results)
    out["outline_flagged"] = sum(r.check_outline for r in results)
    out["silent_failures"] = sum(r.silent_failure for r in results)
    # a silent failure whose 16 tiles all read right anyway (the outline just past the tolerance)
    out["silent_tiles_right"] = sum(r.silent_failure and r.tiles_right == 16 for r in results)
    out["flagged_but_right"] = sum(r.check_outline and r.located for r in results)
    # tiles a player is shown as read: the wrong ones among them, and all of them
    shown = [r for r in results if r.located or not r.check_outline]
    out["unmarked_wrong_tiles"] = sum(r.unmarked_wrong for r in results)
    out["shown_wrong_tiles"] = sum(16 - r.tiles_right for r in shown)
    out["shown_tiles"] = 16 * len(shown)
    out["reviewed_cells"] = sum(r.review for r in shown)
    out["figure_only_cells"] = sum(r.figure_only for r in shown)
    out["figure_only_wrong"] = sum(r.figure_only_wrong for r in shown)
    errs = np.array([r.corner_error for r in results if np.isfinite(r.corner_error)])
    out["median_corner_error_tiles"] = float(np.median(errs)) if errs.size else float("nan")
    for key in ("decode", "localise", "classify", "total"):
        vals = np.array([sum(r.timings.values()) if key == "total" else r.timings.get(key, 0.0) for r in results])
        out[f"{key}_median_s"] = float(np.median(vals))
        out[f"{key}_p95_s"] = float(np.percentile(vals, 95))
    full = np.array([r.reference.get("full_decode", np.nan) for r in results])
    total = np.array([sum(r.timings.values()) for r in results])
    out["full_decode_median_s"] = float(np.nanmedian(full)) if np.isfinite(full).any() else float("nan")
    ratio = total / full
    out["read_over_decode_median"] = float(np.nanmedian(ratio)) if np.isfinite(ratio).any() else float("nan")
    out["peak_rss_mb"] = peak_rss_mb
    return out


def _bench_task(model: TileModel, task: tuple[LabelledPhoto, int, float | None]) -> PhotoResult:
    """One photo benchmarked, as a worker does it (:class:`vision.workers.ModelPool`)."""
    photo, repeat, budget = task
    return bench_photo(photo, model, repeat, budget)


def run_bench(data: str | Path, model: TileModel | str | Path | None = None,
              progress: Callable[[int, int], None] | None = None, repeat: int = 1, jobs: int = 1,
              budget: float | None = None) -> tuple[dict[str, Any], list[PhotoResult]]:
    """Benchmark every labelled photo in ``data`` (each timed ``repeat`` times, see
    :func:`bench_photo`, each outline search given ``budget`` seconds, None for any), in ``jobs``
    processes; returns (summary, per-photo results in the
    directory's order). Each photo is timed within one process, so with ``jobs`` up to the number
    of cores the timings are those of one reader per core; the peak memory is the largest of any
    one process (the reader's own, not the pool's sum)."""
    check_jobs(jobs)
    Deadline(budget)  # a bad budget refused before any photo is read
    photos = list(iter_labelled(Path(data)))
    if not photos:
        raise ValueError(f"no labelled photos (image + .json sidecar) in {data}")
    tile_model = resolve_model(model)
    results: list[PhotoResult] = []
    with ModelPool(tile_model, jobs) as pool:  # fresh processes, each handed the model; results in order
        for result in pool.imap(_bench_task, [(photo, repeat, budget) for photo in photos]):
            results.append(result)
            if progress:
                progress(len(results), len(photos))
    # peak memory as the OS counts it: tracing Python's allocations would slow the timed reads
    rss = max(resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)) / 1024.0
    return summarise(results, rss), results


def _corners_text(corners: np.ndarray | None) -> str:
    """``(4, 2)`` corners as ``x y;x y;x y;x y`` (two decimals), or empty when none was found."""
    if corners is None:
        return ""
    return ";".join(f"{x:.2f} {y:.2f}" for x, y in np.asarray(corners, np.float64).reshape(4, 2))


def write_csv(path: str | Path, results: list[PhotoResult]) -> None:
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["photo", "located", "corner_error_tiles", *[f"{a}_right" for a in ATTRS], "tiles_right",
                    "garden_exact", "score_true", "score_read", "t_decode", "t_localise", "t_classify", "review",
                    "t_plain_decode", "check_outline", "silent_failure", "quarter_turns", "corners",
                    "unmarked_wrong", "figure_only", "figure_only_wrong"])
        for r in results:
            w.writerow([r.name, int(r.located), f"{r.corner_error:.4f}", *[r.correct[a] for a in ATTRS],
                        r.tiles_right, int(r.garden_exact), r.score_true, r.score_read,
                        *[f"{r.timings.get(k, 0.0):.4f}" for k in ("decode", "localise", "classify")], r.review,
                        f"{r.reference.get('full_decode', float('nan')):.4f}", int(r.check_outline),
                        int(r.silent_failure), r.quarter_turns, _corners_text(r.corners), r.unmarked_wrong,
                        r.figure_only, r.figure_only_wrong])


#: The columns :func:`compare_runs` reads from a bench CSV (:func:`write_csv`): the counts it sets side
#: by side, by the name it gives them, and the outline's error.
COMPARED_COUNTS = {"located": "located", "flagged": "check_outline", "silent failures": "silent_failure",
                   "wrong tiles": "tiles_right", "gardens exact": "garden_exact",
                   "wrong tiles not marked": "unmarked_wrong"}
COMPARED_COLUMNS = ("photo", "corner_error_tiles", *COMPARED_COUNTS.values())


def read_bench_csv(path: str | Path) -> dict[str, dict[str, str]]:
    """A per-photo CSV written by :func:`write_csv` -> its rows by photo name. Raises ``ValueError``
    naming the problem when the file is not such a CSV: a column :func:`compare_runs` reads is
    missing, or a row's value there is not a number."""
    with open(path, newline="") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in COMPARED_COLUMNS if c not in (reader.fieldnames or ())]
        if missing:
            raise ValueError(f"{path} is not a bench CSV: no column {', '.join(missing)}")
        rows = {row["photo"]: row for row in reader}
    for name, row in rows.items():
        for column in COMPARED_COLUMNS[1:]:
            try:
                float(row[column]) if column == "corner_error_tiles" else int(row[column])
            except (TypeError, ValueError):
                raise ValueError(f"{path}: photo {name}: {column} is {row[column]!r}, not a number") from None
    return rows


def _run_figures(rows: list[dict[str, str]]) -> dict[str, int]:
    """The counts :func:`compare_runs` sets side by side, over one run's rows, in the order shown."""
    counts = {key: sum(int(r[column]) for r in rows) for key, column in COMPARED_COUNTS.items()}
    counts["wrong tiles"] = 16 * len(rows) - counts["wrong tiles"]  # its column counts the tiles right
    return counts


def compare_runs(before: dict[str, dict[str, str]], after: dict[str, dict[str, str]],
                 moved: float = 0.01) -> list[str]:
    """Two bench runs' rows by photo (:func:`read_bench_csv`) -> lines saying what changed: the
    counts over the photos both read (located, flagged, silent failures, wrong tiles, gardens
    exact, wrong tiles not marked), then each photo whose tiles right, flag, unmarked wrong tiles or
    outline (corner error by more than ``moved`` tile, or found or lost) changed. Photos only one run
    read are counted, not compared."""
    shared = [name for name in after if name in before]
    lines = [f"compared on {len(shared)} photos read by both runs"
             + (f" ({len(before) - len(shared)} only before, {len(after) - len(shared)} only after)"
                if len(shared) < max(len(before), len(after)) else "")]
    old, new = (_run_figures([run[n] for n in shared]) for run in (before, after))
    for key in old:
        delta = new[key] - old[key]
        lines.append(f"  {key:<24}{old[key]:6d} -> {new[key]}" + (f" ({delta:+d})" if delta else ""))
    changed = []
    for name in shared:
        a, b = before[name], after[name]
        notes = []
        if a["tiles_right"] != b["tiles_right"]:
            notes.append(f"tiles right {a['tiles_right']} -> {b['tiles_right']}")
        ea, eb = float(a["corner_error_tiles"]), float(b["corner_error_tiles"])
        if a["located"] != b["located"] or abs(ea - eb) > moved:
            notes.append(f"outline {ea:.3f} -> {eb:.3f} tile")
        if a["check_outline"] != b["check_outline"]:
            notes.append("now flagged" if b["check_outline"] == "1" else "no longer flagged")
        if a["unmarked_wrong"] != b["unmarked_wrong"]:
            notes.append(f"wrong and not marked {a['unmarked_wrong']} -> {b['unmarked_wrong']}")
        if notes:
            changed.append(f"  {name}: " + "; ".join(notes))
    lines.append(f"photos changed: {len(changed)}")
    return lines + changed


def format_summary(s: dict[str, Any]) -> str:
    lines = [f"photos                  {s['photos']}"]
    for a in ATTRS:
        lines.append(f"{a + ' accuracy':<24}{s[f'{a}_accuracy'] * 100:7.2f} %")
    lines += [
        f"{'whole-tile accuracy':<24}{s['tile_accuracy'] * 100:7.2f} %",
        f"{'whole-garden exact':<24}{s['garden_exact'] * 100:7.2f} %",
        f"{'final-score exact (L5)':<24}{s['score_exact'] * 100:7.2f} %",
        f"{'on located photos':<24}{s['located_photos']:4d}   ("
        + ", ".join(f"{a} {s[f'located_{a}_accuracy'] * 100:.2f} %" for a in (*ATTRS, "tile")) + ")",
        f"{'localisation failures':<24}{s['localisation_failures']:4d}   "
        f"(median corner error {s['median_corner_error_tiles']:.3f} tile)",
        f"{'silent failures':<24}{s['silent_failures']:4d}   (failures not flagged, {s['silent_tiles_right']} of "
        f"them with every tile read right; outline flagged on {s['outline_flagged']} photos, "
        f"{s['flagged_but_right']} of them right)",
        f"{'wrong tiles not marked':<24}{s['unmarked_wrong_tiles']:4d}   (of {s['shown_wrong_tiles']} wrong among "
        f"the {s['shown_tiles']} tiles shown as read; {s['reviewed_cells']} cells marked for review)",
        f"{'marked for the figure':<24}{s['figure_only_cells']:4d}   (cells marked for their figure alone, "
        f"{s['figure_only_wrong']} of them read wrong)",
    ]
    for key in ("decode", "localise", "classify", "total"):
        lines.append(f"{'time ' + key:<24}median {s[f'{key}_median_s'] * 1000:7.1f} ms   "
                     f"p95 {s[f'{key}_p95_s'] * 1000:7.1f} ms")
    lines.append(f"{'plain decode (imread)':<24}median {s['full_decode_median_s'] * 1000:7.1f} ms   "
                 f"read / plain decode: median {s['read_over_decode_median']:.2f}x")
    lines.append(f"{'peak memory':<24}{s['peak_rss_mb']:.0f} MB RSS")
    return "\n".join(lines)


def cli_bench(args: argparse.Namespace) -> int:
    """``zengarden bench --data DIR [--model M] [--csv PATH] [--repeat N] [--jobs N] [--budget S]
    [--against OLD.csv]``."""
    def show(done: int, total: int) -> None:
        print(f"\r{done}/{total} photos", end="", file=sys.stderr, flush=True)

    against = getattr(args, "against", None)
    csv_path = Path(args.csv) if args.csv else Path(args.data) / "bench.csv"
    try:
        before = read_bench_csv(against) if against else None  # a wrong file said before the long run
        if against and csv_path.resolve() == Path(against).resolve():
            raise ValueError(f"the per-photo CSV {csv_path} would overwrite the run compared against; "
                             "give --csv another path")
        summary, results = run_bench(args.data, args.model, show, getattr(args, "repeat", 1),
                                     getattr(args, "jobs", 1), getattr(args, "budget", None))
        write_csv(csv_path, results)
    except (ValueError, OSError) as exc:
        print(f"\nerror: {exc}", file=sys.stderr)
        return 2
    print("", file=sys.stderr)
    print(format_summary(summary))
    print(f"per-photo CSV: {csv_path}")
    if before is not None:
        print(f"against {against}:")
        print("\n".join(compare_runs(before, read_bench_csv(csv_path))))
    return 0
