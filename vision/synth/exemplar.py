"""Tile art cut from labelled photos of a real copy, to render many synthetic photos of that copy.

Calibration starts from a handful of corrected photos of the players' own copy, while the readers
and the tile mask need hundreds of views. Each labelled photo gives 16 tile pictures, straightened
with its corners and turned so that the path wraps the top-left corner (:func:`tile_art_from_photos`);
:func:`art_garden` lays a random garden of them, and :func:`vision.synth.render_photo` photographs it
like any synthetic garden (camera, light, clutter, blur, noise), so the model learns the copy's own
art, not only our drawings of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from scorer.tiles import Garden, Tile, TileKind
from scorer.vocab import GRID_SIZE, Corner
from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.crop import warp_garden
from vision.dataset import LabelledPhoto, write_labelled
from vision.io import load_image_scaled
from vision.synth.art import CORNER_TURNS
from vision.synth.generate import photo_rng
from vision.synth.photo import render_photo

#: The first generator's two board colourings, drawn at random under the copy's own pictures.
_BOARD_STYLES: tuple[str, ...] = ("classic", "alt")
_CORNER_OF_TURNS: tuple[Corner, ...] = tuple(sorted(CORNER_TURNS, key=CORNER_TURNS.__getitem__))


@dataclass(frozen=True)
class TileArt:
    """Pictures of physical tiles: ``images`` ``(K, S, S, 3)`` uint8 BGR, each showing ``kinds[k]``
    with its path wrapping the top-left corner."""

    kinds: tuple[TileKind, ...]
    images: np.ndarray = field(compare=False)

    def __post_init__(self) -> None:
        imgs = self.images
        if not isinstance(imgs, np.ndarray) or imgs.ndim != 4 or imgs.shape[3] != 3 or imgs.dtype != np.uint8:
            raise ValueError("images must be a (K, S, S, 3) uint8 array")
        if imgs.shape[1] != imgs.shape[2]:
            raise ValueError(f"tile pictures must be square, got {imgs.shape[1]}x{imgs.shape[2]}")
        if len(self.kinds) != imgs.shape[0] or not self.kinds:
            raise ValueError(f"need one tile kind per picture and at least one: {len(self.kinds)} kinds, "
                             f"{imgs.shape[0]} pictures")

    def __len__(self) -> int:
        return len(self.kinds)


def tile_art_from_photos(photos: Sequence[LabelledPhoto], side: int = 128,
                         cfg: VisionConfig = DEFAULT_CONFIG) -> TileArt:
    """The 16 tiles of every labelled photo as ``side``-pixel pictures (whole cells, seams included),
    each turned so its path wraps the top-left corner. Raises ValueError without photos or when a
    photo cannot be read."""
    if not photos:
        raise ValueError("no labelled photos to take tile art from")
    if not isinstance(side, int) or not 16 <= side <= 512:
        raise ValueError(f"side must be an integer 16..512, got {side!r}")
    kinds: list[TileKind] = []
    images: list[np.ndarray] = []
    for photo in photos:
        image, scale = load_image_scaled(photo.image_path, cfg)
        square = warp_garden(image, photo.corners * scale, cfg, side=GRID_SIZE * side)
        for (r, c), tile in photo.garden.cells():
            cell = square[r * side:(r + 1) * side, c * side:(c + 1) * side]
            # undo the tile's turn: its path goes back to the top-left corner
            images.append(np.ascontiguousarray(np.rot90(cell, k=CORNER_TURNS[tile.corner])))
            kinds.append(tile.kind)
    return TileArt(tuple(kinds), np.stack(images))


def art_garden(art: TileArt, rng: np.random.Generator) -> tuple[Garden, list[np.ndarray]]:
    """A random garden of ``art``'s tiles, each turned at random -> (garden, its 16 pictures
    row-major, each showing its cell's tile as placed). Distinct pictures while there are 16."""
    n = GRID_SIZE * GRID_SIZE
    picks = rng.choice(len(art), size=n, replace=len(art) < n)
    turns = rng.integers(0, 4, size=n)
    tiles: list[Tile] = []
    pictures: list[np.ndarray] = []
    for k, turn in zip(picks, turns):
        kind = art.kinds[int(k)]
        tiles.append(Tile(kind.floor, kind.path, kind.decor, _CORNER_OF_TURNS[int(turn)]))
        pictures.append(np.ascontiguousarray(np.rot90(art.images[int(k)], k=-int(turn))))
    rows = tuple(tuple(tiles[r * GRID_SIZE:(r + 1) * GRID_SIZE]) for r in range(GRID_SIZE))
    return Garden(rows), pictures


def render_art_dataset(out_dir: str | Path, art: TileArt, count: int, seed: int,
                       size: tuple[int, int] = (1600, 1200), difficulty: str = "mixed",
                       start: int = 0, quality: int = 90) -> list[Path]:
    """Render ``count`` labelled photos ``start, start + 1, ...`` of random gardens of ``art`` into
    ``out_dir`` (the labelled photo format); photo ``i`` depends only on ``seed``, ``i`` and the
    art. The board is drawn in either style's colours at random, so no board colour is learned as
    "the copy's"."""
    for name, value in (("count", count), ("start", start)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"{name} must be a non-negative integer, got {value!r}")
    out = Path(out_dir)
    written: list[Path] = []
    for i in range(start, start + count):
        rng = photo_rng(seed, i)
        garden, pictures = art_garden(art, rng)
        board_style = _BOARD_STYLES[int(rng.integers(len(_BOARD_STYLES)))]
        image, truth = render_photo(garden, rng, size=size, difficulty=difficulty, style=board_style,
                                    tile_images=pictures)
        written.append(write_labelled(out / f"art-{i:05d}.jpg", image, truth["garden"], truth["corners"],
                                      quality=quality, extra={"difficulty": difficulty, "seed": seed, "index": i,
                                                              "style": "exemplar"}))
    return written
