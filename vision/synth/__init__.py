"""Synthetic tile art and garden photos with ground truth, for training and samples.

Public API: :func:`render_tile`, :func:`render_photo`, :func:`random_garden`,
:func:`generate_dataset` and :func:`cli_synth` (the ``zengarden synth`` command).
"""

from __future__ import annotations

from vision.synth.art import STYLES, render_tile

__all__ = ["STYLES", "render_tile"]
