"""Photo handling for the app: decode an upload once, downscale, hash, keep a copy in the data
directory, and read the garden through the vision pipeline when it is installed.

The vision layer is optional at import time: :func:`vision_status` says what is available, and
every failure comes back as :class:`PhotoError` with a kind the app words in the player's language
(its message is English, for developers): ``"load"`` (not an image / corrupt / too large),
``"grid"`` (no garden found — click the corners), ``"unavailable"`` (photo reading not installed
yet), ``"read"`` (anything else from the reader).
"""

from __future__ import annotations

import hashlib
import importlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from scorer.tiles import ALL_CELLS, cell_name
from vision.geometry import (
    downscale,
    order_corners,  # the reader's orientation rule, also for clicked corners
)

if TYPE_CHECKING:
    from vision.read import GardenReading

CELL_NAMES = tuple(cell_name(c) for c in ALL_CELLS)

#: Longer side of the copy the app keeps, shows and reads (phone photos are 4000+ pixels).
WORK_SIDE = 1600


class PhotoError(ValueError):
    """A photo the app cannot use: ``kind`` the stage (load, grid, read, unavailable), ``code`` for a
    load what was wrong (one of ``vision.io.ALL_IMAGE_PROBLEMS``, worded by the page), else "";
    ``photo_index`` which of the photos read together it is about, when the reader says."""

    def __init__(self, kind: str, message: str, code: str = "", photo_index: int | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.code = code
        self.photo_index = photo_index


@dataclass
class LoadedPhoto:
    digest: str
    image: np.ndarray  # BGR, downscaled to WORK_SIDE
    original_size: tuple[int, int]  # (width, height) as decoded
    timings: dict[str, float] = field(default_factory=dict)


def digest_of(data: bytes) -> str:
    return hashlib.sha1(data).hexdigest()


def vision_status() -> dict[str, bool]:
    """Which vision modules exist: ``read`` (photo reading), ``train`` (recalibration), ``dataset``."""
    out = {}
    for name in ("read", "train", "dataset", "model"):
        try:
            importlib.import_module(f"vision.{name}")
            out[name] = True
        except ImportError:
            out[name] = False
    return out


def load_tile_model(path: str | Path | None = None) -> Any:
    """The vision layer's tile model: ``path`` or the bundled one. Raises ImportError when photo
    reading is not installed, ValueError (``ModelLoadError``) when the model cannot be loaded."""
    from vision.model import load_model

    return load_model(path) if path else load_model()


def reading_ready(path: str | Path | None = None) -> str | None:
    """None when photos can be read; otherwise why not (for messages and tests)."""
    try:
        importlib.import_module("vision.read")
        load_tile_model(path)
    except (ImportError, ValueError) as exc:
        return str(exc)
    return None


def load_photo(data: bytes) -> LoadedPhoto:
    """Decode (EXIF orientation applied, HEIC supported; big JPEGs at a reduced size), refuse non-images
    and photos too large (:func:`vision.io.load_image_scaled`), downscale."""
    from vision.io import load_image

    t0 = time.perf_counter()
    if not data:
        raise PhotoError("load", "empty file", "empty")
    try:
        image = load_image(bytes(data))
    except ValueError as exc:
        raise PhotoError("load", str(exc), getattr(exc, "code", "unreadable")) from None
    t1 = time.perf_counter()
    small, _ = downscale(image, WORK_SIDE)
    t2 = time.perf_counter()
    return LoadedPhoto(digest_of(bytes(data)), np.ascontiguousarray(small), (image.shape[1], image.shape[0]),
                       {"decode": t1 - t0, "downscale": t2 - t1})


def save_copy(photo: LoadedPhoto, path: Path) -> None:
    """Keep the downscaled copy (JPEG) so the reading survives reloads and can become an example."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        ok, buf = cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
        if ok:
            try:
                path.write_bytes(buf.tobytes())
            except OSError:  # no half-written copy left to be taken for the photo later
                path.unlink(missing_ok=True)
                raise


def load_copy(path: Path) -> np.ndarray | None:
    if not path.is_file():
        return None
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    return image if image is not None and image.ndim == 3 else None


def reading_to_dict(reading: GardenReading, digest: str, manual_corners: bool = False) -> dict[str, Any]:
    """A reading as the draft, autosave and history keep it: :meth:`GardenReading.to_dict` with
    the photo's digest, whether the corners were clicked, each cell's first four candidates keyed
    by cell name (``{"B3": [[tile, p], ...]}``), whether the outline is to be checked, and why each
    cell is to be reviewed (``review_why``)."""
    data = reading.to_dict()
    return {
        "photo": digest,
        "garden": data["garden"],
        "corners": data["corners"],
        "confidence": data["confidence"],
        "review": data["review"],
        "alternatives": {cell: cands[:4] for cell, cands in zip(CELL_NAMES, data["alternatives"])},
        "manual_corners": manual_corners,
        "timings": data["timings"],
        "check_outline": data["check_outline"],
        "outline_reasons": data["outline_reasons"],
        "review_why": data["review_why"],
    }


def read_budget() -> float | None:
    """Seconds each photo's outline search may take at the table (``VisionConfig.read_budget``; None
    for no limit): a photo the reader cannot place asks for its corners in seconds, not a minute."""
    from vision.config import DEFAULT_CONFIG

    return DEFAULT_CONFIG.read_budget or None


def search_stopped(reading: dict[str, Any]) -> bool:
    """Whether the outline search of ``reading`` (:func:`reading_to_dict`) stopped at its time limit."""
    from vision.budget import SEARCH_STOPPED

    return SEARCH_STOPPED in (reading.get("outline_reasons") or ())


def read_photo(image: np.ndarray, model: Any = None, corners: Sequence[Sequence[float]] | None = None,
               digest: str = "") -> dict[str, Any]:
    """Read one garden; returns :func:`reading_to_dict`. Raises :class:`PhotoError`."""
    try:
        from vision.read import read_garden
    except ImportError as exc:
        raise PhotoError("unavailable", f"photo reading is not installed yet ({exc})") from None
    try:
        from vision.locate import GridNotFoundError
    except ImportError:  # pragma: no cover - locate ships with read
        GridNotFoundError = LookupError
    try:
        reading = read_garden(image, model=model, corners=None if corners is None else np.asarray(corners, float),
                              budget=read_budget())
    except GridNotFoundError as exc:
        raise PhotoError("grid", str(exc)) from None
    except ValueError as exc:
        raise PhotoError("read", str(exc)) from None
    return reading_to_dict(reading, digest, manual_corners=corners is not None)


def read_photos_jointly(images: Sequence[np.ndarray], corners: Sequence[Sequence[Sequence[float]] | None],
                        digests: Sequence[str], model: Any = None) -> list[dict[str, Any]]:
    """Read the gardens of one game together (each tile exists once across all of them)."""
    try:
        from vision.locate import GridNotFoundError
        from vision.read import read_gardens
    except ImportError as exc:
        raise PhotoError("unavailable", f"photo reading is not installed yet ({exc})") from None
    try:
        readings = read_gardens(list(images), model=model,
                                corners=[None if c is None else np.asarray(c, float) for c in corners],
                                budget=read_budget())
    except ValueError as exc:
        kind = "grid" if isinstance(exc, GridNotFoundError) else "read"
        raise PhotoError(kind, str(exc), photo_index=getattr(exc, "photo_index", None)) from None
    return [reading_to_dict(r, d, manual_corners=c is not None) for r, d, c in zip(readings, digests, corners)]


def click_to_photo(x: float, y: float, displayed_width: float, image_width: float) -> tuple[float, float]:
    """A click on the photo as displayed (``displayed_width`` pixels wide) -> photo pixels."""
    scale = image_width / float(displayed_width) if displayed_width else 1.0
    return float(x) * scale, float(y) * scale


def clicks_to_corners(clicks: Sequence[Sequence[float]], displayed_width: float, image_width: float
                      ) -> list[list[float]]:
    """Four clicks in displayed pixels -> photo pixels, ordered TL, TR, BR, BL around their centre."""
    if len(clicks) != 4:
        raise ValueError("four corner clicks are needed")
    pts = [click_to_photo(x, y, displayed_width, image_width) for x, y in clicks]
    return order_corners(np.asarray(pts, dtype=float)).tolist()


def camera_possible(url: str | None) -> bool:
    """Whether a browser lets this page use the camera: only in a secure context, that is over
    HTTPS or from this computer itself (localhost). Unknown (None) counts as possible."""
    if not url:
        return True
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    return parts.scheme == "https" or host in {"localhost", "127.0.0.1", "::1"} or host.endswith(".localhost")
