"""Enrolment photos: each floor's 15 tiles laid on the board, plus one tile of another floor.

What a player photographs to teach the reader their copy (``zengarden enrol``): for floor F the
15 tiles of F (one per path × decor pair) in any order and any turns, the sixteenth space holding
any tile of another floor. Rendered with the same camera as every synthetic photo
(:func:`vision.synth.render_photo`), so enrolment can be measured on a known style.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from scorer.tiles import ALL_TILE_KINDS, Garden, Tile
from scorer.vocab import ALL_CORNERS, ALL_FLOORS, GRID_SIZE, Floor
from vision.dataset import write_labelled
from vision.synth.generate import photo_rng
from vision.synth.photo import render_photo


def enrolment_garden(floor: Floor, rng: np.random.Generator) -> Garden:
    """The 15 tiles of ``floor`` and one random tile of another floor, shuffled, each turned at random."""
    own = [k for k in ALL_TILE_KINDS if k.floor is floor]
    others = [k for k in ALL_TILE_KINDS if k.floor is not floor]
    kinds = [*own, others[int(rng.integers(len(others)))]]
    order = rng.permutation(len(kinds))
    turns = rng.integers(0, 4, len(kinds))
    tiles = [Tile(kinds[i].floor, kinds[i].path, kinds[i].decor, ALL_CORNERS[int(t)]) for i, t in zip(order, turns)]
    return Garden(tuple(tuple(tiles[r * GRID_SIZE:(r + 1) * GRID_SIZE]) for r in range(GRID_SIZE)))


def render_enrolment_set(out_dir: str | Path, seed: int, style: str = "classic", family: str = "zoo",
                         difficulty: str = "easy", size: tuple[int, int] = (1600, 1200),
                         floors: tuple[Floor, ...] = ALL_FLOORS, board_image: np.ndarray | None = None,
                         copy: int | None = None) -> list[Path]:
    """One labelled enrolment photo per floor into ``out_dir`` as ``<floor>.jpg`` + ``.json`` (the truth,
    for measuring; move it aside to enrol unlabelled). Photo ``i`` depends only on ``seed`` and ``i``
    (and ``board_image``: one board for every photo, as a real copy's, see ``render_photo``; ``copy``:
    with ``style="random"``, development copy ``copy``'s tiles, see ``render_photo``)."""
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
