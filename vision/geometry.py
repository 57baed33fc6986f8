"""Plane geometry shared by the pipeline and the photo generator: working copies, the in-plane tilt
of a block and the rule that names its top-left corner. Below both, so the generator uses the
reader's own orientation rule without importing the reader."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import cv2
import numpy as np

from vision.crop import check_image


def downscale(image: np.ndarray, side: int, linear_above: float = 1.0) -> tuple[np.ndarray, float]:
    """``(M, N, 3)`` -> (working copy whose longer side is at most ``side``, scale = work / image).
    Pixel-area averaging, or bilinear (several times faster) when the scale is above
    ``linear_above``: shrinking by less than half, bilinear leaves out no pixel."""
    check_image(image)
    longer = max(image.shape[:2])
    if longer <= side:
        return image, 1.0
    scale = side / longer
    size = (max(1, round(image.shape[1] * scale)), max(1, round(image.shape[0] * scale)))
    small = cv2.resize(image, size, interpolation=cv2.INTER_LINEAR if scale > linear_above else cv2.INTER_AREA)
    return small, small.shape[1] / image.shape[1]


def tilt_degrees(corners: np.ndarray) -> float:
    """In-plane tilt (degrees, -180..180, clockwise positive) of the "up" direction — from the
    bottom edge's midpoint to the top edge's — of corners ``(4, 2)`` TL, TR, BR, BL (y down)."""
    c = np.asarray(corners, dtype=np.float64)
    up = (c[0] + c[1]) / 2 - (c[2] + c[3]) / 2
    return float(np.degrees(np.arctan2(up[0], -up[1])))


def upright_turns(corners: np.ndarray) -> int:
    """The roll ``k`` (0..3) of clockwise corners ``(4, 2)`` that puts the garden upright as seen:
    ``np.roll(corners, k, axis=0)`` has the smallest tilt. Under perspective the four choices are not
    exactly 90° apart, so all four are compared rather than one angle rounded; the synthetic ground
    truth uses this same rule."""
    c = np.asarray(corners, dtype=np.float64)
    tilts = [abs(tilt_degrees(np.roll(c, k, axis=0))) for k in range(4)]
    return int(np.argmin(tilts))


def order_corners(quad: np.ndarray) -> np.ndarray:
    """Order 4 points ``(4, 2)`` clockwise on screen (y down) starting at the garden's top-left as
    seen (:func:`upright_turns`), whichever order they came in."""
    pts = np.asarray(quad, dtype=np.float64).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]  # increasing angle = clockwise on screen (y down)
    return np.roll(pts, upright_turns(pts), axis=0)


def climb_corners(corners: np.ndarray, objective: Callable[[float], Callable[[np.ndarray], float]],
                  steps: Sequence[float], rounds: int, unit: float,
                  allowed: Callable[[np.ndarray], bool] | None = None, min_gain: float = 1e-6
                  ) -> tuple[np.ndarray, float]:
    """Corners ``(4, 2)`` moved one coordinate at a time by ``step * unit`` pixels, for each of
    ``steps`` (coarse to fine) at most ``rounds`` sweeps, while ``objective(step)`` (the function
    to climb at that step) rises by more than ``min_gain``; moves to shapes ``allowed`` refuses are
    not tried -> (corners, their value at the last step)."""
    best = np.asarray(corners, np.float64).copy()
    value = -np.inf
    for step in steps:
        climb = objective(step)
        value = climb(best)
        for _ in range(rounds):
            improved = False
            for i in range(4):
                for j in range(2):
                    for sign in (1.0, -1.0):
                        cand = best.copy()
                        cand[i, j] += sign * step * unit
                        if allowed is not None and not allowed(cand):
                            continue
                        score = climb(cand)
                        if score > value + min_gain:
                            best, value, improved = cand, score, True
            if not improved:
                break
    return best, value


def in_block_plane(corners: np.ndarray, points: np.ndarray, n: int) -> np.ndarray:
    """Points ``(K, 2)`` of the plane of the n×n block ``corners`` ``(4, 2)`` (TL, TR, BR, BL), in
    tile sides from its top-left corner, where they are in the photo -> ``(K, 2)``."""
    square = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
    to_photo = cv2.getPerspectiveTransform(square, np.asarray(corners, np.float32)).astype(np.float64)
    return cv2.perspectiveTransform(np.asarray(points, np.float64)[None], to_photo)[0]


def shifted_block(corners: np.ndarray, cols: float, rows: float, n: int) -> np.ndarray:
    """The n×n block ``corners`` ``(4, 2)`` (TL, TR, BR, BL) moved by ``cols`` and ``rows`` tile sides
    in its own plane -> ``(4, 2)``."""
    square = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float64)
    return in_block_plane(corners, square + np.array([cols, rows], np.float64), n)


def block_moves(corners: np.ndarray, step: float, n: int) -> list[np.ndarray]:
    """The blocks one move of ``step`` tile sides away from an n×n block ``corners`` ``(4, 2)`` (TL,
    TR, BR, BL), measured in the block's own plane: the whole block shifted along either axis or
    both, and each side moved out or in (the block a little bigger, smaller or more oblong) -> 16
    ``(4, 2)`` arrays. A block a fraction of a row off, or taking in a band of board, is a few such moves from
    the garden, whatever its tilt and perspective."""
    if step <= 0:
        raise ValueError(f"step must be positive, got {step}")
    square = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float64)
    moved = [square + step * np.array([dx, dy], np.float64) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    # each side's two corners and the direction "out" of the block
    for pair, out in (((0, 1), (0, -1)), ((1, 2), (1, 0)), ((2, 3), (0, 1)), ((3, 0), (-1, 0))):
        for sign in (1.0, -1.0):
            block = square.copy()
            block[list(pair)] += sign * step * np.asarray(out, np.float64)
            moved.append(block)
    return list(in_block_plane(corners, np.concatenate(moved), n).reshape(len(moved), 4, 2))


def climb_block(corners: np.ndarray, value: Callable[[np.ndarray], float], steps: Sequence[float], rounds: int,
                n: int, min_gain: float = 1e-3, many: Callable[[list[np.ndarray]], Sequence[float]] | None = None
                ) -> tuple[np.ndarray, float, int]:
    """An n×n block ``corners`` ``(4, 2)`` moved by :func:`block_moves` to the best of its neighbours
    while ``value`` rises by more than ``min_gain``, at most ``rounds`` moves at each of ``steps``
    (tile sides, coarse to fine) -> (corners, their value, how many blocks were valued). ``many``,
    when given, values a move's neighbours at once (the numbers ``value`` gives one by one)."""
    best = np.asarray(corners, np.float64)
    top, valued = value(best), 1
    for step in steps:
        for _ in range(rounds):
            around = block_moves(best, step, n)
            values = list(many(around)) if many is not None else [value(block) for block in around]
            valued += len(around)
            k = int(np.argmax(values))
            if not values[k] > top + min_gain:
                break
            best, top = around[k], values[k]
    return best, top, valued
