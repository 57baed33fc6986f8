"""Enrolment photos: each floor's 15 tiles laid on the board, plus one tile of another floor.

What a player photographs to teach the reader their copy (``zengarden enrol``): for floor F the
15 tiles of F (one per path × decor pair) in any order and any turns, the sixteenth space holding
any tile of another floor. Rendered with the same camera as every synthetic photo
(:func:`vision.synth.render_photo`), so enrolment can be measured on a known style.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from scorer.vocab import ALL_FLOORS, Floor
from vision.dataset import write_labelled
from vision.synth.garden import enrolment_garden
from vision.synth.generate import photo_rng
from vision.synth.photo import render_photo


def render_enrolment_set(out_dir: str | Path, seed: int, style: str = "classic", family: str = "zoo",
                         difficulty: str = "easy", size: tuple[int, int] = (1600, 1200),
                         floors: tuple[Floor, ...] = ALL_FLOORS, board_image: np.ndarray | None = None,
                         copy: int | None = None) -> list[Path]:
    """One labelled enrolment photo per floor into ``out_dir`` as ``<floor>.jpg`` + ``.json`` (the truth,
    for measuring; move it aside to enrol unlabelled). Photo ``i`` depends only on ``seed`` and ``i``
    (and ``board_image``: one board for every photo, as a real copy's, see ``render_photo``; ``copy``:
    with ``style="random"`` or ``"sketch"``, development copy ``copy``'s tiles, see ``render_photo``)."""
    out = Path(out_dir)
    written = []
    for i, floor in enumerate(floors):
        rng = photo_rng(seed, i)
        image, truth = render_photo(enrolment_garden(floor, rng), rng, size=size, difficulty=difficulty,
                                    style=style, family=family, board_image=board_image, copy=copy)
        extra = {"style": style, "family": family, "seed": seed, "index": i, "floor": floor.value}
        if copy is not None:
            extra["copy"] = int(copy)
        written.append(write_labelled(out / f"{floor.value.replace(' ', '-')}.jpg", image, truth["garden"],
                                      truth["corners"], extra=extra))
    return written
