"""The time allowed for an outline search (vision.budget)."""

from __future__ import annotations

import pytest

from vision.budget import Deadline


class _Clock:
    """A clock a test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_deadline_expires_once_its_time_is_spent_and_stays_so() -> None:
    clock = _Clock()
    deadline = Deadline(2.5, clock)
    assert not deadline.expired() and not deadline.stopped
    clock.now += 2.4
    assert not deadline.expired()
    clock.now += 0.1
    assert deadline.expired() and deadline.stopped
    clock.now -= 10.0  # a clock that went back does not undo it: something was skipped
    assert deadline.expired()


def test_no_limit_never_expires() -> None:
    clock = _Clock()
    deadline = Deadline(None, clock)
    clock.now += 1e9
    assert not deadline.expired() and not deadline.stopped


@pytest.mark.parametrize("bad", [0, -1.0, float("nan"), float("inf"), True, "5"])
def test_a_limit_that_is_no_positive_number_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="positive number of seconds"):
        Deadline(bad)  # type: ignore[arg-type]
