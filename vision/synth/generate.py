"""Labelled synthetic datasets and the ``zengarden synth`` command."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from scorer.vocab import ALL_FLOORS
from vision.dataset import write_labelled
from vision.synth.art import ALL_STYLES, LOOK_STYLES
from vision.synth.garden import enrolment_garden, random_garden
from vision.synth.photo import DIFFICULTIES, check_garden_size, render_photo
from vision.synth.random_art import check_copy
from vision.synth.scene import check_family

MAX_COUNT = 100_000


def photo_rng(seed: int, index: int) -> np.random.Generator:
    """The generator for photo ``index`` of a dataset with ``seed``: any subset is reproducible."""
    return np.random.default_rng(np.random.SeedSequence([int(seed), int(index)]))


def generate_dataset(
    out_dir: str | Path,
    count: int,
    seed: int,
    size: tuple[int, int] = (1600, 1200),
    difficulty: str = "mixed",
    style: str = "classic",
    start: int = 0,
    quality: int = 90,
    family: str = "classic",
    min_elevation: float | None = None,
    board_image: np.ndarray | None = None,
    garden_size: tuple[float, float] | None = None,
    copy: int | None = None,
    floor_photos: bool = False,
) -> list[Path]:
    """Render ``count`` labelled photos into ``out_dir`` (created if needed).

    Photo ``i`` (``start <= i < start + count``) is ``out_dir/NNNNN.jpg`` plus ``NNNNN.json``,
    drawn from :func:`photo_rng` ``(seed, i)``, so the same seed always gives the same files and a
    subset can be regenerated alone. The sidecar holds ``garden`` and ``corners`` (the labelled
    photo format of :mod:`vision.dataset`) plus ``difficulty``, ``severity``, ``style``, ``family``,
    ``seed``. ``family`` picks the scene's board, table and light (:mod:`vision.synth.scene`;
    ``dev`` is to judge changes by, ``zoo`` for measurement only). ``min_elevation`` (degrees, see
    :func:`render_photo`) lowers the camera below the family's range; it is recorded in the sidecar
    when given, and so is ``garden_size`` (the block's extent range, see :func:`render_photo`).
    ``board_image`` (a board's picture, :func:`vision.synth.photo.random_board_picture`)
    puts every garden on that one board, as a copy's games are. ``copy`` (with ``style="random"``,
    or ``"sketch"`` for the development-only figures) draws every garden in development copy
    ``copy``'s tiles (:func:`vision.synth.random_art.copy_tile`), recorded in the sidecar.
    ``floor_photos``: photo ``i`` shows what an enrolment photo does, the 15 tiles of floor
    ``ALL_FLOORS[i % 6]`` and one tile of another floor (:func:`vision.synth.garden.enrolment_garden`),
    instead of a random garden.

    Returns:
        the image paths written, in order.
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COUNT:
        raise ValueError(f"count must be an integer 0..{MAX_COUNT}, got {count!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    if isinstance(start, bool) or not isinstance(start, int) or start < 0:
        raise ValueError(f"start must be a non-negative integer, got {start!r}")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, got {difficulty!r}")
    if style not in ALL_STYLES:
        raise ValueError(f"style must be one of {', '.join(ALL_STYLES)}, got {style!r}")
    check_family(family)
    if garden_size is not None:
        garden_size = check_garden_size(garden_size)
    if copy is not None:
        check_copy(copy)
        if style not in LOOK_STYLES:
            raise ValueError(f"copy (a development copy's seed) needs style 'random' or 'sketch', got style {style!r}")
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise ValueError(f"{out}: exists and is not a directory")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"{out}: cannot create the directory ({exc.strerror or exc})") from None
    written: list[Path] = []
    for i in range(start, start + count):
        rng = photo_rng(int(seed), i)
        garden = enrolment_garden(ALL_FLOORS[i % len(ALL_FLOORS)], rng) if floor_photos else random_garden(rng)
        image, truth = render_photo(garden, rng, size=size, difficulty=difficulty, style=style, family=family,
                                    min_elevation=min_elevation, board_image=board_image,
                                    garden_size=garden_size, copy=copy)
        extra = {"difficulty": difficulty, "severity": round(truth["severity"], 3), "style": style,
                 "family": family, "seed": int(seed), "index": i}
        if copy is not None:
            extra["copy"] = int(copy)
        if min_elevation is not None:
            extra["min_elevation"] = float(min_elevation)
        if garden_size is not None:
            extra["garden_size"] = [float(v) for v in garden_size]
        if floor_photos:
            extra["floor_photo"] = True
        written.append(write_labelled(out / f"{i:05d}.jpg", image, truth["garden"], truth["corners"],
                                      quality=quality, extra=extra))
    return written


def cli_synth(args: argparse.Namespace) -> int:
    """``zengarden synth``: write photos + sidecars, print a summary; 0 on success, 2 on bad input."""
    t0 = time.perf_counter()
    try:
        paths = generate_dataset(
            args.out, args.count, args.seed, size=tuple(args.size),
            difficulty=args.difficulty, style=args.style, start=args.start, family=args.family,
            min_elevation=getattr(args, "min_elevation", None),
            garden_size=getattr(args, "garden_size", None), copy=getattr(args, "copy", None),
            floor_photos=getattr(args, "floor_photos", False),
        )
    except ValueError as exc:
        print(f"zengarden synth: error: {exc}", file=sys.stderr)
        return 2
    dt = time.perf_counter() - t0
    w, h = args.size
    print(f"wrote {len(paths)} photos with sidecars to {args.out} "
          f"(seed {args.seed}, {w}x{h}, {args.difficulty}, {args.style} style, {args.family} family"
          + (f", camera down to {args.min_elevation:g}°" if getattr(args, "min_elevation", None) is not None else "")
          + (", garden {:g}–{:g} of the shorter side".format(*args.garden_size)
             if getattr(args, "garden_size", None) is not None else "")
          + (f", development copy {args.copy}" if getattr(args, "copy", None) is not None else "")
          + (", enrolment-like floor photos" if getattr(args, "floor_photos", False) else "")
          + f") in {dt:.1f} s")
    return 0
