"""Development-only figure drawings: the ``sketch`` style's silhouettes.

The ``random`` style draws its figures from the ``classic`` and ``alt`` drawings only (recoloured,
resized, mirrored), so a development copy in it shows figures the readers were trained on, and the
held-out ``ink`` style's figures must never be tuned on. Work on unseen figures (reading a copy's
decors, knowing when a figure is unfamiliar) needs a third kind that is neither: these, a
silhouette per decor in one colour with a few details in another, drawn unlike every other style's
(a tiered pagoda of stacked pyramids, a bench on crossed legs, a seated figure without a halo, an
arched gateway, a heron on one leg). They are never used for training (:data:`vision.synth.art.DEV_STYLES`).

Drawing conventions as in :mod:`vision.synth.art`: each function draws into a canvas around centre
``c`` (pixels) in a box of side ``d`` pixels, figure-box coordinates -0.5..0.5 with y down.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import numpy as np

from scorer.vocab import Decor
from vision.synth.art import Colour, _Canvas, _pts


def _pagoda(cv: _Canvas, c: tuple[float, float], d: float, fill: Colour, detail: Colour) -> None:
    """Four stacked pyramid roofs on a plinth, a spire with rings."""
    cv.poly(_pts(c, d, [(-0.30, 0.40), (0.30, 0.40), (0.30, 0.50), (-0.30, 0.50)]), fill)
    for k, y in enumerate((0.40, 0.18, -0.02, -0.20)):
        half = 0.44 - 0.075 * k
        cv.poly(_pts(c, d, [(-half, y), (-half * 0.30, y - 0.17), (half * 0.30, y - 0.17), (half, y)]), fill)
        cv.line(_pts(c, d, [(-half * 0.8, y - 0.02), (half * 0.8, y - 0.02)]), detail, max(1.0, d / 70))
    cv.line(_pts(c, d, [(0, -0.34), (0, -0.50)]), fill, d / 26)
    for y in (-0.39, -0.45):
        cv.ellipse((c[0], c[1] + y * d), (0.05 * d, 0.018 * d), fill)


def _bench(cv: _Canvas, c: tuple[float, float], d: float, fill: Colour, detail: Colour) -> None:
    """A thick seat on two pairs of crossed legs."""
    for x0 in (-0.36, 0.18):
        cv.line(_pts(c, d, [(x0, 0.06), (x0 + 0.18, 0.44)]), fill, d / 14)
        cv.line(_pts(c, d, [(x0 + 0.18, 0.06), (x0, 0.44)]), fill, d / 14)
    cv.poly(_pts(c, d, [(-0.48, -0.06), (0.48, -0.06), (0.44, 0.08), (-0.44, 0.08)]), fill)
    cv.line(_pts(c, d, [(-0.42, 0.00), (0.42, 0.00)]), detail, max(1.0, d / 60))


def _buddha(cv: _Canvas, c: tuple[float, float], d: float, fill: Colour, detail: Colour) -> None:
    """A seated figure: a wide lap, rounded shoulders, a head with a bun; no halo."""
    x, y = c
    cv.ellipse((x, y + 0.32 * d), (0.44 * d, 0.14 * d), fill)
    cv.ellipse((x, y + 0.06 * d), (0.25 * d, 0.24 * d), fill)
    cv.ellipse((x, y - 0.24 * d), (0.13 * d, 0.15 * d), fill)
    cv.ellipse((x, y - 0.41 * d), (0.06 * d, 0.05 * d), fill)
    cv.ellipse((x, y + 0.20 * d), (0.12 * d, 0.05 * d), detail)  # hands in the lap
    cv.line(_pts(c, d, [(-0.30, 0.30), (0.30, 0.30)]), detail, max(1.0, d / 70))


def _gate(cv: _Canvas, c: tuple[float, float], d: float, fill: Colour, detail: Colour) -> None:
    """An arched gateway: two thick posts under a half ring, a sill."""
    x, y = c
    for x0 in (-0.40, 0.28):
        cv.poly(_pts(c, d, [(x0, -0.12), (x0 + 0.12, -0.12), (x0 + 0.12, 0.46), (x0, 0.46)]), fill)
    cv.ellipse((x, y - 0.12 * d), (0.40 * d, 0.34 * d), fill, start=180, end=360)
    cv.ellipse((x, y - 0.12 * d), (0.28 * d, 0.22 * d), detail, start=180, end=360)
    cv.poly(_pts(c, d, [(-0.46, 0.44), (0.46, 0.44), (0.46, 0.50), (-0.46, 0.50)]), fill)


def _crane(cv: _Canvas, c: tuple[float, float], d: float, fill: Colour, detail: Colour) -> None:
    """A heron on one leg, an S-shaped neck, a long beak."""
    x, y = c
    cv.ellipse((x - 0.04 * d, y + 0.02 * d), (0.24 * d, 0.12 * d), fill, angle=-18)
    cv.poly(_pts(c, d, [(-0.24, 0.06), (-0.46, 0.16), (-0.22, 0.14)]), fill)  # tail
    cv.line(_pts(c, d, [(0.14, -0.04), (0.22, -0.18), (0.12, -0.30), (0.18, -0.40)]), fill, d / 18)
    cv.ellipse((x + 0.19 * d, y - 0.41 * d), (0.06 * d, 0.045 * d), fill)
    cv.line(_pts(c, d, [(0.22, -0.42), (0.46, -0.36)]), fill, d / 40)  # beak
    cv.line(_pts(c, d, [(-0.02, 0.12), (-0.02, 0.48)]), fill, d / 36)  # the standing leg
    cv.line(_pts(c, d, [(0.04, 0.12), (0.14, 0.26), (0.02, 0.30)]), fill, d / 36)  # the folded one
    cv.line(_pts(c, d, [(-0.20, 0.00), (0.10, -0.06)]), detail, max(1.0, d / 60))  # the wing's edge


#: The silhouette of each decor: ``f(canvas, centre, box side, fill, detail)``.
SKETCH_FIGURES: Final[dict[Decor, Callable[[_Canvas, tuple[float, float], float, Colour, Colour], None]]] = {
    Decor.PAGODA: _pagoda,
    Decor.BENCH: _bench,
    Decor.BUDDHA: _buddha,
    Decor.GATE: _gate,
    Decor.CRANE: _crane,
}


def sketch_colours(rng: np.random.Generator) -> tuple[Colour, Colour]:
    """One copy's silhouette colour and detail colour (BGR): mostly dark, sometimes a bright
    paint, the detail a clear contrast to it."""
    if rng.random() < 0.6:
        base = rng.uniform(15, 80, 3)
        detail = rng.uniform(170, 240, 3)
    else:
        base = rng.uniform(120, 245, 3)
        base[int(rng.integers(3))] *= float(rng.uniform(0.2, 0.6))
        detail = rng.uniform(10, 60, 3)
    return tuple(int(v) for v in base), tuple(int(v) for v in detail)  # type: ignore[return-value]
