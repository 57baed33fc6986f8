"""Enrolment measured on a held-out art style on held-out (zoo) boards, tables and light.

    .venv/bin/python scripts/bench_enrol.py [--style ink] [--enrol-seed 731001] [--test-seed 732001]
                                            [--count 100] [--skip-bench] [--labels-only]
                                            [--test-board random|copy] [--family zoo|dev] [--copy]
                                            [--board-photo]

1. Renders (once, into data/): six enrolment photos (each floor's 15 tiles + one other, any order
   and turns; zoo family, easy camera) and ``--count`` test gardens (zoo family, mixed difficulty),
   all in ``--style`` (``ink`` is never used for training or tuning). With ``--boards one`` (the
   default) the six photos show one random zoo board, as a player's photos of their copy do
   (``data/enrol-STYLE-zoo-board-SEED``); ``--boards each`` draws a board per photo, as the first
   sets were (``data/enrol-STYLE-zoo[-SEED]``). The test gardens lie each on a random zoo board,
   or with ``--test-board copy`` all on the copy's own board, as its games do
   (``data/STYLE-zoo-TESTSEED-on-ENROLSEED``). ``--family dev`` renders the same on development
   boards, tables and light (``zoo`` in the names becomes ``dev``): enrolment is developed on those,
   in ``random`` art (``--style random``), and measured on the zoo in ``ink`` and ``alt``. With
   ``--style random`` every photo has a look of its own, unless ``--copy``: then all (the enrolment
   photos and the test gardens) show development copy ``--enrol-seed``'s tiles, one look and one
   picture per physical tile as a real copy's (``copySEED`` in the names in place of the style).
   With ``--board-photo`` a photo of the copy's empty board is rendered too (``board.jpg``, easy
   camera) and given to enrolment as the app's guide asks in its optional first step; as in the
   app, it is used only when its spaces are found surely (the script says whether).
2. Labels decided without corrections, of the 90 own-floor tiles: (A) everything automatic, (A')
   the app's way: automatic, then the outline given (four taps) for each photo the reader flagged,
   and (B) with each photo's outline given (the player's four taps; labels still decided), each
   from its own copies of the set's photos (``data/SET-{auto,outline,tapped}``), so that two sets
   may be run side by side (render a test set they share before).
   ``--labels-only`` stops here.
3. Copy models (data/models/SET-{auto,outline,labelled}.skops; delete to rebuild): from (A) and (B)
   with their labels uncorrected, and (C) with labelled enrolment photos (truth sidecars); the time
   each takes. ``--only`` picks them (``auto``, ``enrolled`` = (B), ``labelled``).
4. ``zengarden bench`` on the test gardens: the bundled model (before enrolment) and the copy
   models; whole figures and on the photos whose outline was found within a quarter tile.
"""

from __future__ import annotations

import argparse
import csv
import json
import shutil
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorer.vocab import ALL_FLOORS  # noqa: E402
from vision.dataset import read_labelled  # noqa: E402
from vision.enrol import DEFAULT_ENROL, EnrolError, board_picture, build_copy_model, enrol_labels  # noqa: E402
from vision.read import resolve_model  # noqa: E402
from vision.synth.art import LOOK_STYLES  # noqa: E402
from vision.synth.enrolment import render_enrolment_set  # noqa: E402
from vision.synth.garden import enrolment_garden  # noqa: E402
from vision.synth.generate import generate_dataset, photo_rng  # noqa: E402
from vision.synth.photo import random_board_picture, render_photo  # noqa: E402

#: The photo index whose random stream draws an enrolment set's board (the floor photos are 0..5).
BOARD_INDEX = 1000
#: The copy models benched, by tag: from the labels decided fully automatically (``auto``), with
#: each photo's outline given (``enrolled``), and from labelled enrolment photos (``labelled``).
MODELS = {"auto": "auto", "enrolled": "outline", "labelled": "labelled"}


def _variant_dir(src: Path, out: Path, how: str) -> list[tuple[str, Path]]:
    """Copies of the enrolment photos: ``auto`` (no sidecar), ``outline`` (corners only), ``labelled``."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    floors = []
    for floor in ALL_FLOORS:
        name = floor.value.replace(" ", "-")
        image = src / f"{name}.jpg"
        shutil.copy(image, out / image.name)
        truth = read_labelled(image)
        if how == "outline":
            (out / f"{name}.json").write_text(json.dumps({"corners": truth.corners.tolist()}))
        elif how == "labelled":
            shutil.copy(src / f"{name}.json", out / f"{name}.json")
        floors.append((floor.value, out / image.name))
    return floors


def _score_labels(result: object, src: Path) -> tuple[int, int, list[str]]:
    """Own-floor tiles whose floor/path/decor and whose corner were decided right, and the wrong ones."""
    kinds = corners = 0
    wrong = []
    for ph, garden in zip(result.photos, result.gardens):  # type: ignore[attr-defined]
        truth = read_labelled(src / ph.path.name).garden
        for (rc, got), (_, want) in zip(garden.cells(), truth.cells()):
            if want.floor is not ph.floor:
                continue
            if got.kind == want.kind:
                kinds += 1
            else:
                wrong.append(f"{ph.path.stem} {rc}: {want.format()} read {got.format()}")
            corners += got.corner == want.corner
    return kinds, corners, wrong


def _bench(data: Path, model: Path | None, tag: str) -> dict[str, str]:
    csv_path = data / f"bench-{tag}.csv"
    cmd = [sys.executable, "-m", "zengarden.cli", "bench", "--data", str(data), "--csv", str(csv_path)]
    if model is not None:
        cmd += ["--model", str(model)]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, check=True).stdout
    lines = {line[:26].strip(): line[26:].strip() for line in out.splitlines() if len(line) > 26}
    rows = list(csv.DictReader(csv_path.open()))
    ok = [r for r in rows if float(r["corner_error_tiles"]) <= 0.25]

    def acc(rs: list[dict[str, str]], key: str) -> float:
        return 100 * sum(int(r[key]) for r in rs) / (16 * len(rs)) if rs else float("nan")

    lines["located"] = f"{len(ok)}/{len(rows)}"
    lines["on located"] = (f"tile {acc(ok, 'tiles_right'):.2f} %, floor {acc(ok, 'floor_right'):.2f}, path "
                           f"{acc(ok, 'path_right'):.2f}, decor {acc(ok, 'decor_right'):.2f}, corner "
                           f"{acc(ok, 'corner_right'):.2f}, garden exact "
                           f"{100 * sum(int(r['garden_exact']) for r in ok) / max(1, len(ok)):.1f} %")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--style", default="ink")
    ap.add_argument("--enrol-seed", type=int, default=731001)
    ap.add_argument("--test-seed", type=int, default=732001)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--renders", type=int, default=DEFAULT_ENROL.renders)
    ap.add_argument("--bench-count", type=int, default=None,
                    help="bench only the first N test photos (the same photos as a set rendered with --count N)")
    ap.add_argument("--skip-bench", action="store_true")
    ap.add_argument("--only", default="bundled,enrolled,labelled",
                    help="which models to bench (comma-separated): bundled, auto, enrolled, labelled")
    ap.add_argument("--labels-only", action="store_true", help="decide the labels only (no models, no bench)")
    ap.add_argument("--boards", choices=("one", "each"), default="one",
                    help="the enrolment photos on one board (a copy's) or each on a board of its own")
    ap.add_argument("--test-board", choices=("random", "copy"), default="random",
                    help="the test gardens each on a random zoo board, or all on the copy's own board (--boards one)")
    ap.add_argument("--family", choices=("zoo", "dev"), default="zoo",
                    help="the boards, tables and light: zoo (held out, to measure) or dev (to develop on)")
    ap.add_argument("--board-photo", action="store_true",
                    help="with --boards one: a photo of the copy's empty board as well (the guide's optional first "
                         "step, rendered once as board.jpg), its spaces found as the app finds them")
    ap.add_argument("--copy", action="store_true",
                    help="with --style random or sketch: every photo in development copy --enrol-seed's tiles")
    args = ap.parse_args()
    fam = args.family
    if args.copy and args.style not in LOOK_STYLES:
        ap.error("--copy needs --style random or sketch")
    copy = args.enrol_seed if args.copy else None
    name = args.style if copy is None else f"copy{copy}" if args.style == "random" else f"{args.style}-copy{copy}"
    data = ROOT / "data"
    first = {"ink": 731001, "alt": 733001}.get(args.style)
    if args.boards == "one":
        src = data / f"enrol-{name}-{fam}-board-{args.enrol_seed}"
    else:
        src = data / (f"enrol-{name}-{fam}" if args.enrol_seed == first and fam == "zoo"
                      else f"enrol-{name}-{fam}-{args.enrol_seed}")
    test = data / (f"{name}-{fam}-{args.test_seed}" if args.test_board == "random"
                   else f"{name}-{fam}-{args.test_seed}-on-{args.enrol_seed}")
    if args.test_board == "copy" and args.boards != "one":
        ap.error("--test-board copy needs --boards one (a copy's board)")
    if not src.is_dir():
        board = None
        if args.boards == "one":  # the copy's board, drawn from its own stream of the seed
            board = random_board_picture(photo_rng(args.enrol_seed, BOARD_INDEX), fam)
            src.mkdir(parents=True)
            cv2.imwrite(str(src / "board-picture.png"), board)
        render_enrolment_set(src, args.enrol_seed, style=args.style, family=fam, difficulty="easy",
                             board_image=board, copy=copy)
    board_photo = None
    if args.board_photo:
        if args.boards != "one":
            ap.error("--board-photo needs --boards one (a copy's board)")
        board_photo = src / "board.jpg"
        if not board_photo.is_file():  # the empty board, from its own stream of the seed
            rng = photo_rng(args.enrol_seed, BOARD_INDEX + 1)
            empty, _ = render_photo(enrolment_garden(ALL_FLOORS[0], rng), rng, difficulty="easy", style=args.style,
                                    family=fam, board_image=cv2.imread(str(src / "board-picture.png")),
                                    empty_board=True, copy=copy)
            cv2.imwrite(str(board_photo), empty, [cv2.IMWRITE_JPEG_QUALITY, 92])
    if not test.is_dir():  # on the copy's board: the one drawn for its enrolment photos
        board = (cv2.imread(str(src / "board-picture.png")) if args.test_board == "copy" else None)
        generate_dataset(test, args.count, args.test_seed, style=args.style, family=fam, board_image=board,
                         copy=copy)
    base = resolve_model(None)
    ecfg = replace(DEFAULT_ENROL, renders=args.renders)
    board = None
    if board_photo is not None:  # as the app: a board whose spaces are not found surely is not used
        try:
            board = board_picture(board_photo, base, ecfg)
            print(f"board photo {board_photo.name}: its spaces found, used")
        except EnrolError as exc:
            print(f"board photo {board_photo.name}: not used ({exc})")
    print(f"== {name} style, enrolment photos {src.name} (seed {args.enrol_seed}), "
          f"test {test.name} ({args.count} photos)")
    results = {}
    for how in ("auto", "outline"):
        t0 = time.perf_counter()
        res = enrol_labels(_variant_dir(src, data / f"{src.name}-{how}", how), base, ecfg, board=board)
        kinds, corners, wrong = _score_labels(res, src)
        results[how] = res
        flagged = [ph.path.stem for ph in res.photos if ph.outline_reasons]
        print(f"labels ({how}): {kinds}/90 tiles right, corners {corners}/90, outline flagged on {flagged}, "
              f"unsure cells listed: {sum(len(u) for u in res.unsure)}, {time.perf_counter() - t0:.0f} s")
        for w in wrong[:12]:
            print("   ", w)
        if how == "auto":  # the app's way: the player taps the corners of each flagged photo
            tapped_dir = data / f"{src.name}-tapped"
            tapped = _variant_dir(src, tapped_dir, "auto")
            for ph in res.photos:
                if ph.outline_reasons:
                    given = {"corners": read_labelled(src / ph.path.name).corners.tolist()}
                    (tapped_dir / ph.path.name).with_suffix(".json").write_text(json.dumps(given))
            kinds, corners, _ = _score_labels(enrol_labels(tapped, base, ecfg, board=board), src)
            print(f"labels (auto, then the {len(flagged)} flagged photos' corners tapped): {kinds}/90 tiles right, "
                  f"corners {corners}/90")
    if args.labels_only:
        return 0
    models = {}
    wanted = args.only.split(",")
    for tag, how in MODELS.items():
        if tag not in wanted:
            continue
        path = data / "models" / f"{src.name}-{how}.skops"
        models[tag] = path
        if path.is_file():
            print(f"model ({how}): {path} exists (delete it to rebuild and time it)")
            continue
        t0 = time.perf_counter()
        res = enrol_labels(_variant_dir(src, data / f"{src.name}-{how}", how), base, ecfg, board=board)
        t1 = time.perf_counter()
        res.model = build_copy_model(res, base, ecfg)
        path.parent.mkdir(parents=True, exist_ok=True)
        res.model.save(path)
        print(f"model ({how}): full enrolment {time.perf_counter() - t0:.0f} s (labels {t1 - t0:.0f} s, "
              f"model {time.perf_counter() - t1:.0f} s) -> {path}")
    if args.skip_bench:
        return 0
    if args.bench_count is not None and args.bench_count < args.count:
        subset = data / f"{test.name}-first{args.bench_count}"
        subset.mkdir(exist_ok=True)
        for i in range(args.bench_count):
            for suffix in (".jpg", ".json"):
                link = subset / f"{i:05d}{suffix}"
                if not link.exists():
                    link.symlink_to(test / f"{i:05d}{suffix}")
        test = subset
    for tag in ("bundled", *MODELS):
        if tag not in wanted:
            continue
        lines = _bench(test, models.get(tag), f"{tag}")
        keys = ("floor accuracy", "path accuracy", "decor accuracy", "corner accuracy", "whole-tile accuracy",
                "whole-garden exact", "localisation failures", "silent failures", "located", "on located")
        print(f"-- {tag}: " + "; ".join(f"{k} {lines.get(k, '?')}" for k in keys), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
