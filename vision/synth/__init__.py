"""Synthetic tile art and garden photos with ground truth, for training and samples.

Public API: :func:`render_tile`, :func:`render_photo`, :func:`random_garden`,
:func:`generate_dataset` and :func:`cli_synth` (the ``zengarden synth`` command).
"""

from __future__ import annotations

from vision.synth.art import STYLES, render_tile
from vision.synth.garden import random_garden
from vision.synth.generate import cli_synth, generate_dataset, photo_rng
from vision.synth.photo import DIFFICULTIES, render_photo

__all__ = [
    "DIFFICULTIES",
    "STYLES",
    "cli_synth",
    "generate_dataset",
    "photo_rng",
    "random_garden",
    "render_photo",
    "render_tile",
]
