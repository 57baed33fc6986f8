"""Loading photos: formats, EXIF orientation, size limits, clean errors for bad input."""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import replace

import cv2
import numpy as np
import pytest
from PIL import Image

from vision.config import DEFAULT_CONFIG
from vision.io import ImageLoadError, decode_reduction, load_image, load_image_scaled


def _pattern(w: int = 64, h: int = 48) -> np.ndarray:
    """RGB test pattern with a red top-left quadrant (orientation is visible)."""
    rgb = np.zeros((h, w, 3), dtype=np.uint8)
    rgb[: h // 2, : w // 2] = (255, 0, 0)
    rgb[h // 2 :, w // 2 :] = (0, 0, 255)
    return rgb


def _encode(rgb: np.ndarray, fmt: str, **kw: object) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, format=fmt, **kw)
    return buf.getvalue()


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "WEBP"])
def test_formats_decode_to_bgr(fmt: str, tmp_path) -> None:
    rgb = _pattern()
    data = _encode(rgb, fmt, **({"quality": 95} if fmt != "PNG" else {}))
    path = tmp_path / f"x.{fmt.lower()}"
    path.write_bytes(data)
    for source in (path, str(path), data):
        img = load_image(source)
        assert img.shape == (48, 64, 3) and img.dtype == np.uint8
        assert img[5, 5, 2] > 200 and img[5, 5, 0] < 60  # red in BGR
        assert img[40, 60, 0] > 200  # blue


def test_heic_if_encoder_available(tmp_path) -> None:
    pillow_heif = pytest.importorskip("pillow_heif")
    pillow_heif.register_heif_opener()
    try:
        data = _encode(_pattern(), "HEIF", quality=90)
    except Exception:
        pytest.skip("no HEIC encoder in this libheif build")
    img = load_image(data)
    assert img.shape == (48, 64, 3)
    assert img[5, 5, 2] > 180


@pytest.mark.parametrize("orientation,expect_shape,red_at", [
    (1, (48, 64), (5, 5)),
    (3, (48, 64), (42, 58)),
    (6, (64, 48), (5, 42)),   # rotate 90 clockwise: top-left goes to top-right
    (8, (64, 48), (58, 5)),   # rotate 90 counter-clockwise: top-left goes to bottom-left
])
@pytest.mark.parametrize("fmt", ["JPEG", "PNG"])
def test_exif_orientation_applied(orientation: int, expect_shape, red_at, fmt: str) -> None:
    exif = Image.Exif()
    exif[0x0112] = orientation
    data = _encode(_pattern(), fmt, exif=exif.tobytes())
    img = load_image(data)
    assert img.shape[:2] == expect_shape
    assert img[red_at][2] > 180 and img[red_at][0] < 80


def _big_jpeg(width: int, height: int) -> bytes:
    """The test pattern blown up to ``width`` x ``height``, as a JPEG."""
    ok, buf = cv2.imencode(".jpg", cv2.resize(_pattern()[:, :, ::-1], (width, height), interpolation=cv2.INTER_NEAREST))
    assert ok
    return buf.tobytes()


def test_big_jpeg_fast_path_reports_scale() -> None:
    data = _big_jpeg(3200, 2400)
    img, scale = load_image_scaled(data)
    assert img.shape == (1200, 1600, 3) and scale == pytest.approx(0.5)
    full, scale_full = load_image_scaled(data, allow_reduced=False)
    assert full.shape == (2400, 3200, 3) and scale_full == 1.0


def _png_header_only(width: int, height: int) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


def test_over_50_megapixels_refused_before_decoding() -> None:
    with pytest.raises(ImageLoadError, match="too large"):
        load_image(_png_header_only(10_000, 6_000))  # 60 MP


def _jpeg_header_only(width: int, height: int) -> bytes:
    """A JPEG's start, frame header and end: its size readable, nothing to decode."""
    sof = struct.pack(">BHHB", 8, height, width, 3) + b"".join(struct.pack(">BBB", i, 0x11, 0) for i in (1, 2, 3))
    return b"\xff\xd8\xff\xc0" + struct.pack(">H", len(sof) + 2) + sof + b"\xff\xd9"


@pytest.mark.parametrize("side,factor", [(1600, 1), (2999, 1), (3000, 2), (4032, 2), (5999, 2), (6000, 4),
                                         (8160, 4), (11999, 4), (12000, 8), (16320, 8), (40000, 8)])
def test_big_jpegs_are_decoded_as_small_as_the_pipeline_allows(side: int, factor: int) -> None:
    assert decode_reduction(side) == factor


def test_a_phone_photo_over_50_megapixels_is_read_at_a_quarter_of_its_size() -> None:
    """A Pixel's 50 MP mode writes 8160x6144 (50.1 MP): a JPEG, decoded by libjpeg at 1/4, never in full."""
    data = _big_jpeg(8160, 6144)
    img, scale = load_image_scaled(data)
    assert img.shape == (1536, 2040, 3) and scale == pytest.approx(0.25)
    assert img[100, 100, 2] > 180 and img[100, 100, 0] < 80  # red top-left: the picture, not noise
    with pytest.raises(ImageLoadError, match=r"too large .* limit 50 MP") as err:  # decoded in full: refused
        load_image_scaled(data, allow_reduced=False)
    assert err.value.code == "too_many_pixels"


@pytest.mark.parametrize("fmt", ["PNG", "WEBP"])
def test_a_big_photo_of_another_format_is_made_as_small_as_a_jpeg_upright(fmt: str) -> None:
    """Decoded in full (only libjpeg can do less), then reduced: a HEIC of a phone's 48 MP mode would
    otherwise go through the pipeline at 8064x6048."""
    exif = Image.Exif()
    exif[0x0112] = 6  # turned a quarter clockwise: red top-left goes to top-right
    big = cv2.resize(_pattern(), (3200, 2400), interpolation=cv2.INTER_NEAREST)
    lossless = {"lossless": True} if fmt == "WEBP" else {}
    img, scale = load_image_scaled(_encode(big, fmt, exif=exif.tobytes(), **lossless))
    assert img.shape == (1600, 1200, 3) and scale == pytest.approx(0.5)
    assert img[100, 1100, 2] > 180 and img[100, 1100, 0] < 80
    full, scale_full = load_image_scaled(_encode(big, fmt), allow_reduced=False)
    assert full.shape == (2400, 3200, 3) and scale_full == 1.0


def test_a_jpeg_over_the_jpeg_limit_is_refused_before_decoding() -> None:
    with pytest.raises(ImageLoadError, match=r"too large .* limit 250 MP") as err:
        load_image(_jpeg_header_only(20_000, 15_000))  # 300 MP
    assert err.value.code == "too_many_pixels"
    with pytest.raises(ImageLoadError, match="too large") as err:  # beyond PIL's own bomb limit too
        load_image(_jpeg_header_only(40_000, 30_000))
    assert err.value.code == "too_many_pixels"


def test_limit_is_configurable() -> None:
    cfg = replace(DEFAULT_CONFIG, max_megapixels=0.001)
    with pytest.raises(ImageLoadError, match="too large"):
        load_image(_encode(_pattern(), "PNG"), cfg)


@pytest.mark.parametrize("data,match", [
    (b"", "empty"),
    (b"hello, this is not an image at all", "not a supported image"),
    (b"\x89PNG\r\n\x1a\n" + b"\x00" * 40, "corrupt|not a supported"),
])
def test_bad_bytes_give_clean_errors(data: bytes, match: str) -> None:
    with pytest.raises(ImageLoadError, match=match):
        load_image(data)


def test_truncated_jpeg_refused() -> None:
    data = _encode(np.random.default_rng(0).integers(0, 255, (200, 300, 3), dtype=np.uint8), "JPEG")
    with pytest.raises(ImageLoadError):
        load_image(data[: len(data) // 3])


def test_missing_file_and_directory(tmp_path) -> None:
    with pytest.raises(ImageLoadError, match="not found"):
        load_image(tmp_path / "nope.jpg")
    with pytest.raises(ImageLoadError, match="not a file"):
        load_image(tmp_path)
    with pytest.raises(ImageLoadError, match="expected a file path or bytes"):
        load_image(12345)  # type: ignore[arg-type]


def test_a_refused_photo_is_caught_as_a_value_error(tmp_path) -> None:
    """Callers (the game file, the app) catch ValueError: every refusal must be one."""
    for bad in (b"not an image", tmp_path / "missing.jpg"):
        with pytest.raises(ValueError, match=r"\w") as info:
            load_image(bad)
        assert isinstance(info.value, ImageLoadError)
