"""``vision.geometry.climb_corners``: the corner-by-corner climb shared by the lattice polish and the
board-band alignment."""

from __future__ import annotations

import numpy as np

from vision.geometry import climb_corners

TARGET = np.array([[10.0, 12.0], [52.0, 9.0], [55.0, 50.0], [8.0, 47.0]])


def _closeness(corners: np.ndarray) -> float:
    return -float(np.abs(corners - TARGET).sum())


def test_climb_corners_reaches_the_best_corners_coarse_to_fine() -> None:
    start = TARGET + np.array([[3.0, -2.0], [-4.0, 1.0], [2.0, 2.0], [-1.0, -3.0]])
    found, value = climb_corners(start, lambda _step: _closeness, steps=(1.0, 0.5), rounds=20, unit=2.0)
    assert np.allclose(found, TARGET) and value == 0.0
    assert not np.array_equal(start, found)  # the input is not changed
    few, _ = climb_corners(start, lambda _step: _closeness, steps=(1.0,), rounds=1, unit=2.0)
    assert _closeness(start) < _closeness(few) < 0.0  # one sweep climbs part of the way


def test_climb_corners_never_tries_a_refused_shape_and_climbs_each_steps_own_objective() -> None:
    start = TARGET + 4.0
    fenced, _ = climb_corners(start, lambda _step: _closeness, steps=(1.0,), rounds=20, unit=1.0,
                              allowed=lambda c: bool(c[0, 0] >= 13.0))
    assert fenced[0, 0] == 13.0 and np.allclose(fenced[1:], TARGET[1:])
    seen = []

    def per_step(step: float):
        seen.append(step)
        return _closeness if step > 1 else (lambda c: -_closeness(c))  # the fine step climbs away

    found, value = climb_corners(start, per_step, steps=(2.0, 0.5), rounds=20, unit=1.0)
    assert seen == [2.0, 0.5]
    assert value == -_closeness(found) > -_closeness(TARGET)
    assert climb_corners(start, lambda _step: _closeness, steps=(1.0,), rounds=20, unit=1.0, min_gain=100.0)[1] \
        == _closeness(start)  # no move gains enough
