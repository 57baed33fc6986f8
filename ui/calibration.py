""""Improve recognition for my copy": keep confirmed photos as labelled examples, retrain a local
model from them, and go back to the bundled model.

Examples live in ``<data dir>/examples`` in the vision layer's labelled-photo format (image +
``.json`` sidecar with ``garden`` and ``corners``, written by ``vision.dataset.write_labelled``);
local models in ``<data dir>/models``. Only photos whose garden is complete are kept — the labels
are what the players confirmed (read, then corrected where needed).

When the model in use is an enrolled copy ('Teach it my copy', :mod:`ui.copies`) and its floor
photos are kept, retraining rebuilds that copy's model with the kept photos added
(:func:`retrain_copy`) instead of making a separate local model.
"""

from __future__ import annotations

import contextlib
import importlib
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from ui.viewmodel import garden_or_none
from zengarden.history import data_dir

EXAMPLES = "examples"
MODELS = "models"
SYNTH = "synthetic"
#: Synthetic photos mixed into a local retraining, and their seed (never the shipped model's seeds).
SYNTH_COUNT = 60
SYNTH_SEED = 90210

Progress = Callable[..., Any]


def examples_dir() -> Path:
    return data_dir() / EXAMPLES


def count_examples(directory: Path | None = None) -> int:
    base = directory or examples_dir()
    return len(list(base.glob("*.json"))) if base.is_dir() else 0


def keep_examples(draft: Mapping[str, Any], image_of: Callable[[str | None], Any],
                  directory: Path | None = None) -> int:
    """Write every player's photo with its confirmed garden and corners; returns how many were kept.
    A photo already kept (same photo hash) is overwritten with the latest labels."""
    from vision.dataset import write_labelled

    base = directory or examples_dir()
    base.mkdir(parents=True, exist_ok=True)
    kept = 0
    for player in draft["players"]:
        reading = player.get("reading")
        garden = garden_or_none(player["garden"])
        image = image_of(player.get("photo"))
        if not reading or garden is None or image is None or not reading.get("corners"):
            continue
        write_labelled(base / f"copy-{player['photo'][:16]}", image, garden, reading["corners"])
        kept += 1
    return kept


def retrain(progress: Progress | None = None, directory: Path | None = None,
            synth_count: int = SYNTH_COUNT, renders: int | None = None, model_path: str | None = None,
            enrol_config: Any = None) -> Path:
    """Train a model from the kept examples combined with synthetic photos (rendered once into the
    data directory), save it there and return its path. The vision layer weights the few photos of
    this copy up against the synthetic set and renders ``renders`` more photos from their tiles
    (default: the vision config's ``calibration_renders``). With ``model_path`` an enrolled copy's
    model whose floor photos are kept, that copy is rebuilt instead (:func:`retrain_copy`, with
    ``enrol_config``). Raises ValueError when there is nothing to learn."""
    report = progress or (lambda _f, _m="": None)
    base = directory or examples_dir()
    if count_examples(base) == 0:
        raise ValueError("no kept examples yet: save a scored game with 'keep corrected photos' switched on")
    if model_path and copy_in_use(model_path):
        return retrain_copy(Path(model_path), report, base, enrol_config)
    synth = data_dir() / SYNTH
    have = count_examples(synth)
    if have < synth_count:
        generate = importlib.import_module("vision.synth").generate_dataset
        for start in range(have, synth_count, 10):
            report(0.3 * start / synth_count, f"rendering synthetic photos {start}/{synth_count}")
            generate(synth, min(10, synth_count - start), seed=SYNTH_SEED, start=start)
    train_model = importlib.import_module("vision.train").train_model
    cfg = importlib.import_module("vision.config").DEFAULT_CONFIG
    if renders is not None:
        cfg = replace(cfg, calibration_renders=int(renders))
    trained = train_model([synth, base], progress=lambda f, m="": report(0.3 + 0.7 * float(f), m), cfg=cfg)
    out_dir = data_dir() / MODELS
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / time.strftime("local-%Y%m%d-%H%M%S.skops")
    saved = trained.save(path)
    return Path(saved) if isinstance(saved, (str, Path)) else path


def copy_in_use(model_path: str) -> bool:
    """Whether ``model_path`` is a kept copy whose floor photos are kept too (so it can be rebuilt)."""
    from ui.copies import list_copies
    from ui.enrol_page import floor_photos

    resolved = {str(Path(p).resolve()) for p in list_copies()}
    return str(Path(model_path).resolve()) in resolved and bool(floor_photos())


def retrain_copy(model_path: Path, progress: Progress, directory: Path, enrol_config: Any = None) -> Path:
    """Rebuild the enrolled copy's model at ``model_path`` from its kept floor photos (labels as
    fixed in their sidecars, else decided again), its board photo when its spaces are found, and
    the kept game photos as more labelled photos of the same copy; the model replaces the copy's."""
    from ui.enrol_page import board_photo, floor_photos
    from vision.dataset import read_labelled
    from vision.enrol import DEFAULT_ENROL, EnrolError, board_picture, build_copy_model, enrol_labels
    from vision.model import load_model

    ecfg = enrol_config or DEFAULT_ENROL
    base = load_model()
    progress(0.0, "finding the tiles in the floor photos")
    result = enrol_labels([(f.value, p) for f, p in floor_photos().items()], base, ecfg)
    board = board_photo()
    if board is not None:
        with contextlib.suppress(EnrolError):  # as when the copy was built: the floors teach it without the board
            result.board = board_picture(board, base, ecfg)
    kept = [read_labelled(p) for p in sorted(directory.glob("*.json"))]
    model = build_copy_model(result, base, ecfg, lambda f, m: progress(0.1 + 0.9 * float(f), m), extra=kept)
    saved = model.save(model_path)
    return Path(saved) if isinstance(saved, (str, Path)) else model_path
