"""Shared fixtures for the vision tests: a few small synthetic photos rendered once per session."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision.model import DEFAULT_MODEL_PATH


@pytest.fixture(scope="session")
def tiny_dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four labelled 800x600 photos (mixed difficulty) in a temporary directory."""
    from vision.synth import generate_dataset

    out = tmp_path_factory.mktemp("tiny")
    generate_dataset(out, count=4, seed=4242, size=(800, 600), difficulty="mixed")
    return out


@pytest.fixture(scope="session")
def easy_photos(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six labelled 1600x1200 easy photos (held-out seed)."""
    from vision.synth import generate_dataset

    out = tmp_path_factory.mktemp("easy")
    generate_dataset(out, count=6, seed=31337, size=(1600, 1200), difficulty="easy")
    return out


@pytest.fixture(scope="session")
def copy_photos() -> list[tuple[np.ndarray, np.ndarray]]:
    """Three photos of one copy (one random board, a floor's tiles each) and their block corners."""
    from scorer.vocab import Floor
    from vision.synth.enrolment import enrolment_garden
    from vision.synth.generate import photo_rng
    from vision.synth.photo import random_board_picture, render_photo

    board = random_board_picture(photo_rng(4250, 1000), "train", side=256)
    out = []
    for i, floor in enumerate((Floor.SAND, Floor.WATER, Floor.GRAVEL)):
        rng = photo_rng(4250, i)
        image, truth = render_photo(enrolment_garden(floor, rng), rng, size=(1200, 900), difficulty="easy",
                                    style="random", family="train", board_image=board)
        out.append((image, np.asarray(truth["corners"], np.float64)))
    return out


@pytest.fixture(scope="session")
def classic_pictures() -> np.ndarray:
    """The 90 classic tiles drawn upright at 64 pixels (``(90, 64, 64, 3)``), a copy's picture stack."""
    from scorer.tiles import ALL_TILE_KINDS, Tile
    from scorer.vocab import Corner
    from vision.pictures import picture_stack
    from vision.synth.art import render_tile

    images = np.stack([render_tile(Tile(k.floor, k.path, k.decor, Corner.NW), 64) for k in ALL_TILE_KINDS])
    stack = picture_stack(ALL_TILE_KINDS, images)
    assert stack is not None
    return stack


@pytest.fixture(scope="session")
def bundled_model():
    if not DEFAULT_MODEL_PATH.is_file():
        pytest.skip("bundled model not built (scripts/build_model.sh)")
    from vision.model import load_model

    return load_model()


def random_crops(n: int, side: int = 48, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, (n, side, side, 3), dtype=np.uint8)
