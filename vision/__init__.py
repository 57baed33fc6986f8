"""Reading Zen Garden gardens from photos (and the synthetic photos they are trained on).

``vision.read_garden(image, model=None, corners=None) -> GardenReading`` and
``vision.read_gardens(images, ...)`` are the entry points; they are imported on first use so that
``import vision.overlay`` (drawing only) stays light.
"""

from __future__ import annotations

from typing import Any

_LAZY = {
    "read_garden": "vision.read",
    "read_gardens": "vision.read",
    "GardenReading": "vision.read",
    "GridNotFoundError": "vision.locate",
    "ImageLoadError": "vision.io",
    "load_model": "vision.model",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'vision' has no attribute {name!r}")
