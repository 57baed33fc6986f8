"""Four taps on a photo give an outline by hand: the Gardens tab (a game photo whose garden was not
found or is unsure) and the enrolment page (a floor photo whose 16 tiles the reader put elsewhere)
both draw this one picker inside their own expander and use the corners it returns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ui import photos
from vision import overlay
from vision.geometry import downscale

#: Longer side of the photo as shown for tapping.
TAP_SIDE = 700


@dataclass(frozen=True)
class TapWords:
    """The catalogue keys of what the picker says: what to tap, how many so far (``{n}``), clear."""

    help: str = "corners_help"
    so_far: str = "clicks_so_far"
    clear: str = "clear_clicks"


def corner_taps(T: Any, image: np.ndarray, taps: list[tuple[float, float]], key: str, clear_key: str, *,
                photo_width: float | None = None, outline: Sequence[Sequence[float]] | None = None,
                words: TapWords = TapWords(), side_by_side: bool = True) -> list[list[float]] | None:
    """The photo ``image`` (BGR, downscaled for display) with the taps so far and a clear button;
    a new tap is added to ``taps`` (kept by the caller, in photo pixels) and the page runs again.

    ``photo_width``: the width of the pixels the corners are wanted in (the photo file's, when
    ``image`` is a reduced copy of it); the image's own width by default. ``outline``: corners (in
    those pixels) drawn as the grid the reader found, or None. ``side_by_side``: the count and the
    clear button in one row (False where the page is narrow, as in the sidebar).

    Returns the four taps ordered top-left first, clockwise (:func:`ui.photos.order_corners`), once
    there are four, else None; the caller clears ``taps`` once it has used them (a failed use keeps
    them for another try)."""
    import streamlit as st
    from streamlit_image_coordinates import streamlit_image_coordinates

    from ui.session import ss

    s = ss()
    st.caption(T(words.help))
    display, scale = downscale(image, TAP_SIDE)
    width = float(photo_width or image.shape[1])
    to_shown = scale * image.shape[1] / width  # photo pixels -> displayed pixels
    drawn_outline = None if outline is None else np.asarray(outline, np.float64) * to_shown
    shown = overlay.draw_grid(display, drawn_outline, clicks=[(x * to_shown, y * to_shown) for x, y in taps])
    value = streamlit_image_coordinates(overlay.to_rgb(shown), key=key, use_column_width="always")
    last = f"{key}.last"  # the component repeats its last value on every run: only a new one is a tap
    if value and value != s.get(last) and len(taps) < 4:
        s[last] = value
        shown_w = float(value.get("width") or display.shape[1])
        taps.append(photos.click_to_photo(value["x"], value["y"], shown_w, width))
        st.rerun()
    c1, c2 = st.columns(2) if side_by_side else (st, st)
    c1.caption(T(words.so_far, n=len(taps)))
    if c2.button(T(words.clear), key=clear_key):
        taps.clear()
        st.rerun()
    return photos.order_corners(np.asarray(taps, np.float64)).tolist() if len(taps) == 4 else None
