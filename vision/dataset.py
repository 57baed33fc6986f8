"""The labelled-photo format: one image file plus a same-name ``.json`` sidecar.

It is the single format for training data, evaluation sets, samples and user calibration::

    photos/
      0001.jpg
      0001.json   {"garden": [[4×4 tile strings]], "corners": [[x, y] × 4]}

``garden`` is the garden as seen in the photo (top row at the top of the picture, to the
nearest quarter turn); ``corners`` are pixel ``(x, y)`` of the outer corners of the 4×4 tile
block, ordered top-left, top-right, bottom-right, bottom-left of that garden (cell A1, D1, D4,
A4 outer corners). Extra keys in the sidecar are kept out of the way and ignored.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from scorer.tiles import Garden

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")


@dataclass(frozen=True)
class LabelledPhoto:
    """One labelled photo: where the image is, the garden it shows and the tile block corners.

    ``corners`` is ``(4, 2)`` float64 pixel ``(x, y)``: top-left, top-right, bottom-right,
    bottom-left of ``garden``. ``skip``: cells (row-major indices) the readers do not learn from,
    their labels a guess (an enrolment photo's tile of another floor); not part of the sidecar.
    """

    image_path: Path
    garden: Garden
    corners: np.ndarray = field(compare=False)
    skip: frozenset[int] = frozenset()

    @property
    def json_path(self) -> Path:
        return self.image_path.with_suffix(".json")

    def load_image(self) -> np.ndarray:
        """The photo as ``(H, W, 3)`` uint8 BGR. Raises ValueError when it cannot be read."""
        img = cv2.imread(str(self.image_path), cv2.IMREAD_COLOR)
        if img is None:
            raise ValueError(f"{self.image_path}: cannot read the image")
        return img


def _check_corners(corners: Any, where: str) -> np.ndarray:
    try:
        arr = np.asarray(corners, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{where}: corners must be 4 [x, y] number pairs, got {corners!r}") from None
    if arr.shape != (4, 2):
        raise ValueError(f"{where}: corners must be 4 [x, y] pairs, got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{where}: corners must be finite numbers")
    return arr


def write_labelled(
    path: str | Path,
    image: np.ndarray,
    garden: Garden,
    corners: Any,
    quality: int = 90,
    extra: Mapping[str, Any] | None = None,
) -> Path:
    """Write an image and its sidecar.

    Args:
        path: an image path (``.jpg``/``.jpeg``/``.png``) or a stem without suffix (``.jpg`` is
            added). The sidecar is the same path with ``.json``. Parent folders are created.
        image: ``(H, W, 3)`` uint8 BGR.
        garden: the garden as seen in the image.
        corners: ``(4, 2)`` pixel ``(x, y)`` of the tile block, top-left, top-right, bottom-right,
            bottom-left of ``garden``.
        quality: JPEG quality 1..100 (ignored for PNG).
        extra: more JSON-serialisable keys for the sidecar (e.g. difficulty); readers ignore them.

    Returns:
        the image path written.
    """
    p = Path(path)
    if p.suffix.lower() not in IMAGE_SUFFIXES:
        p = p.with_name(p.name + ".jpg")
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8 or image.ndim != 3 or image.shape[2] != 3:
        raise ValueError("image must be an (H, W, 3) uint8 BGR array")
    if not isinstance(garden, Garden):
        raise ValueError(f"garden must be a scorer.tiles.Garden, got {type(garden).__name__}")
    arr = _check_corners(corners, str(p))
    if not isinstance(quality, int) or not 1 <= quality <= 100:
        raise ValueError(f"quality must be an integer 1..100, got {quality!r}")
    p.parent.mkdir(parents=True, exist_ok=True)
    params = [cv2.IMWRITE_JPEG_QUALITY, quality] if p.suffix.lower() in (".jpg", ".jpeg") else []
    if not cv2.imwrite(str(p), image, params):
        raise ValueError(f"{p}: could not write the image")
    sidecar: dict[str, Any] = {
        "garden": garden.to_lists(),
        "corners": [[round(float(x), 2), round(float(y), 2)] for x, y in arr],
    }
    for key, value in (extra or {}).items():
        if key not in sidecar:
            sidecar[key] = value
    p.with_suffix(".json").write_text(json.dumps(sidecar, indent=1) + "\n", encoding="utf-8")
    return p


def _find_image(stem_path: Path) -> Path | None:
    for suffix in (*IMAGE_SUFFIXES, *(s.upper() for s in IMAGE_SUFFIXES)):
        candidate = stem_path.with_suffix(suffix)
        if candidate.is_file():
            return candidate
    return None


def read_labelled(path: str | Path) -> LabelledPhoto:
    """Read a labelled photo given its image or its ``.json`` sidecar path.

    Raises:
        ValueError: with the file name and the problem when a file is missing or the sidecar is
            not valid (bad JSON, missing keys, a bad garden, corners not 4 finite pairs).
    """
    p = Path(path)
    if p.suffix.lower() == ".json":
        json_path = p
        image_path = _find_image(p)
        if image_path is None:
            raise ValueError(f"{p}: no image (.jpg/.jpeg/.png) with the same name")
    elif p.suffix.lower() in IMAGE_SUFFIXES:
        image_path = p
        json_path = p.with_suffix(".json")
        if not image_path.is_file():
            raise ValueError(f"{p}: image file not found")
    else:
        raise ValueError(f"{p}: expected an image (.jpg/.jpeg/.png) or a .json sidecar")
    if not json_path.is_file():
        raise ValueError(f"{json_path}: sidecar not found")
    try:
        data = json.loads(json_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{json_path}: not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{json_path}: the sidecar must be a JSON object with 'garden' and 'corners'")
    missing = [k for k in ("garden", "corners") if k not in data]
    if missing:
        raise ValueError(f"{json_path}: missing key(s) {', '.join(missing)}")
    try:
        garden = Garden.from_rows(data["garden"])
    except Exception as exc:  # NotationError: report it as a plain ValueError with the file name
        raise ValueError(f"{json_path}: bad garden: {exc}") from None
    corners = _check_corners(data["corners"], str(json_path))
    if any(math.isnan(v) for v in corners.ravel()):  # pragma: no cover - _check_corners catches it
        raise ValueError(f"{json_path}: corners contain NaN")
    return LabelledPhoto(image_path=image_path, garden=garden, corners=corners)


def iter_labelled(directory: str | Path) -> list[LabelledPhoto]:
    """All labelled photos in ``directory`` (not recursive), sorted by file name.

    Images without a sidecar are skipped; a sidecar that is present but invalid raises
    ValueError naming the file.
    """
    d = Path(directory)
    if not d.is_dir():
        raise ValueError(f"{d}: not a directory")
    out: list[LabelledPhoto] = []
    for image_path in sorted(d.iterdir(), key=lambda q: q.name):
        if image_path.suffix.lower() in IMAGE_SUFFIXES and image_path.with_suffix(".json").is_file():
            out.append(read_labelled(image_path))
    return out
