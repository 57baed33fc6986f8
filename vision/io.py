"""Loading photos safely: JPEG, PNG, WebP, HEIC; EXIF orientation applied; bombs refused.

``load_image(source, cfg) -> (M, N, 3) uint8 BGR``. Every failure is an :class:`ImageLoadError`
(a ``ValueError``) with a plain message, never a crash or a traceback-worthy exception.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path
from typing import Union

import cv2
import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from vision.config import DEFAULT_CONFIG, VisionConfig

ImageSource = Union[str, Path, bytes, bytearray, memoryview]

_HEIF_REGISTERED = False


class ImageLoadError(ValueError):
    """The file is missing, not an image, corrupt, or too large. ``code`` says which (one of
    :data:`ALL_IMAGE_PROBLEMS`), so that a user interface can word it in its own language."""

    def __init__(self, message: str, code: str = "unreadable") -> None:
        super().__init__(message)
        self.code = code


#: What :class:`ImageLoadError` may say.
ALL_IMAGE_PROBLEMS = ("not_found", "not_a_file", "file_too_large", "cannot_read", "bad_source", "empty",
                      "too_many_pixels", "no_pixels", "corrupt", "not_an_image", "unreadable")


def _register_heif() -> None:
    global _HEIF_REGISTERED
    if not _HEIF_REGISTERED:
        try:
            from pillow_heif import register_heif_opener

            register_heif_opener()
        except ImportError:  # pragma: no cover - pillow-heif is a declared dependency
            pass
        _HEIF_REGISTERED = True


def _read_bytes(source: ImageSource, cfg: VisionConfig) -> tuple[bytes, str]:
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        name = "image data"
    elif isinstance(source, (str, Path)):
        path = Path(source)
        name = path.name
        if not path.exists():
            raise ImageLoadError(f"file not found: {path}", "not_found")
        if not path.is_file():
            raise ImageLoadError(f"not a file: {path}", "not_a_file")
        size = path.stat().st_size
        if size > cfg.max_file_bytes:
            raise ImageLoadError(f"{name}: file too large ({size / 1e6:.0f} MB)", "file_too_large")
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise ImageLoadError(f"{name}: cannot read file ({exc.strerror or exc})", "cannot_read") from None
    else:
        raise ImageLoadError(f"expected a file path or bytes, got {type(source).__name__}", "bad_source")
    if not data:
        raise ImageLoadError(f"{name}: empty file", "empty")
    if len(data) > cfg.max_file_bytes:
        raise ImageLoadError(f"{name}: file too large ({len(data) / 1e6:.0f} MB)", "file_too_large")
    return data, name


def _exif_orientation(img: Image.Image) -> int:
    try:
        return int(img.getexif().get(0x0112, 1) or 1)
    except Exception:  # malformed EXIF: treat as upright
        return 1


def _apply_orientation(bgr: np.ndarray, orientation: int) -> np.ndarray:
    """Apply an EXIF orientation tag (1..8) to a BGR array."""
    if orientation == 2:
        return cv2.flip(bgr, 1)
    if orientation == 3:
        return cv2.rotate(bgr, cv2.ROTATE_180)
    if orientation == 4:
        return cv2.flip(bgr, 0)
    if orientation == 5:
        return cv2.rotate(cv2.flip(bgr, 1), cv2.ROTATE_90_COUNTERCLOCKWISE)
    if orientation == 6:
        return cv2.rotate(bgr, cv2.ROTATE_90_CLOCKWISE)
    if orientation == 7:
        return cv2.rotate(cv2.flip(bgr, 1), cv2.ROTATE_90_CLOCKWISE)
    if orientation == 8:
        return cv2.rotate(bgr, cv2.ROTATE_90_COUNTERCLOCKWISE)
    return bgr


def load_image(source: ImageSource, cfg: VisionConfig = DEFAULT_CONFIG, *, allow_reduced: bool = True) -> np.ndarray:
    """Decode a photo to an upright ``(M, N, 3)`` uint8 BGR array (see :func:`load_image_scaled`)."""
    return load_image_scaled(source, cfg, allow_reduced=allow_reduced)[0]


def load_image_scaled(source: ImageSource, cfg: VisionConfig = DEFAULT_CONFIG, *, allow_reduced: bool = True
                      ) -> tuple[np.ndarray, float]:
    """Decode a photo to an upright ``(M, N, 3)`` uint8 BGR array.

    ``source`` is a path or the file's bytes. EXIF orientation is applied. Big photos (longer side
    at least ``cfg.reduced_decode_min_side``) are made smaller when ``allow_reduced``
    (:func:`decode_reduction`: half for a 12-megapixel photo) — the pipeline never needs more: a
    JPEG decoded so by libjpeg, about 3x faster, other formats decoded in full, then reduced
    (box filter) before any copy of the full size is made. Returns ``(image, scale)`` with
    ``scale`` = decoded size / the photo's upright full size. Raises :class:`ImageLoadError` for
    missing, empty, corrupt, non-image or over-large input: over ``cfg.max_megapixels`` (50 MP),
    or for a JPEG decoded at a reduced size, over ``cfg.max_jpeg_megapixels`` (250 MP).
    """
    data, name = _read_bytes(source, cfg)
    _register_heif()
    Image.MAX_IMAGE_PIXELS = int(max(cfg.max_megapixels, cfg.max_jpeg_megapixels) * 1e6)  # each format's own below
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            img = Image.open(io.BytesIO(data))
        with img:
            width, height = img.size
            fmt = (img.format or "").upper()
            orientation = _exif_orientation(img)
            reduced = fmt == "JPEG" and allow_reduced and decode_reduction(max(width, height), cfg) > 1
            limit = cfg.max_jpeg_megapixels if reduced else cfg.max_megapixels
            if width * height > limit * 1e6:
                raise ImageLoadError(
                    f"{name}: photo too large ({width}x{height} = {width * height / 1e6:.0f} MP, "
                    f"limit {limit:.0f} MP)", "too_many_pixels"
                )
            if width < 1 or height < 1:
                raise ImageLoadError(f"{name}: image has no pixels", "no_pixels")
            if fmt == "JPEG":
                bgr = _decode_jpeg(data, max(width, height), cfg, allow_reduced)
                if bgr is None:
                    raise ImageLoadError(f"{name}: corrupt or truncated JPEG", "corrupt")
                scale = bgr.shape[1] / width
                return np.ascontiguousarray(_apply_orientation(bgr, orientation)), scale
            img.load()
            upright = ImageOps.exif_transpose(img) if orientation != 1 else img
            rgb = upright if upright.mode == "RGB" else upright.convert("RGB")
            factor = decode_reduction(max(width, height), cfg) if allow_reduced else 1
            if factor > 1:  # decoded in full (no format but JPEG can do less), then as small as a JPEG's
                rgb = rgb.reduce(factor)
            arr = np.asarray(rgb)
            scale = arr.shape[1] / upright.size[0]
    except ImageLoadError:
        raise
    except Image.DecompressionBombError:
        over = 2 * max(cfg.max_megapixels, cfg.max_jpeg_megapixels)  # where PIL's bomb check refuses to open
        raise ImageLoadError(f"{name}: photo too large (over {over:.0f} MP)", "too_many_pixels") from None
    except UnidentifiedImageError:
        raise ImageLoadError(f"{name}: not a supported image (JPEG, PNG, WebP or HEIC)", "not_an_image") from None
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        raise ImageLoadError(f"{name}: corrupt or unreadable image ({exc})", "corrupt") from None
    if arr.ndim != 3 or arr.shape[2] != 3:
        raise ImageLoadError(f"{name}: unexpected image layout {arr.shape}")
    return np.ascontiguousarray(arr[:, :, ::-1]), scale


#: libjpeg's reduced decodes by OpenCV's flag: 1/2, 1/4, 1/8 of each side.
_REDUCED_FLAGS = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
                  8: cv2.IMREAD_REDUCED_COLOR_8}


def decode_reduction(longer_side: int, cfg: VisionConfig = DEFAULT_CONFIG) -> int:
    """By how much (1, 2, 4 or 8) a photo whose longer side is ``longer_side`` pixels is made
    smaller when it is decoded: 1 below ``cfg.reduced_decode_min_side``, else the largest factor
    that leaves the longer side at least half of ``cfg.reduced_decode_min_side`` (2 for a
    4032-pixel side, 4 for 8160, 8 for 16320)."""
    if longer_side < cfg.reduced_decode_min_side:
        return 1
    factor = 2
    while factor < 8 and longer_side / (2 * factor) >= cfg.reduced_decode_min_side / 2:
        factor *= 2
    return factor


def _decode_jpeg(data: bytes, longer_side: int, cfg: VisionConfig, allow_reduced: bool) -> np.ndarray | None:
    """libjpeg decode through OpenCV, at a reduced size for big photos (:func:`decode_reduction`). EXIF
    is NOT applied here."""
    buf = np.frombuffer(data, dtype=np.uint8)
    factor = decode_reduction(longer_side, cfg) if allow_reduced else 1
    bgr = cv2.imdecode(buf, _REDUCED_FLAGS[factor] | cv2.IMREAD_IGNORE_ORIENTATION)
    if bgr is None or bgr.ndim != 3:
        return None
    return bgr
