"""A time allowed for reading one photo: the outline search's later rounds are skipped once it is spent.

The search for a garden's outline usually settles in a second; on a photo unlike the training
photos it may go on for half a minute or more before asking for the corners. A player at the table
would rather be asked sooner. :class:`Deadline` is the clock the search consults between its rounds
(``stop`` of :func:`vision.locate.locate_grid`); once spent, what is left of the search is skipped
and the outline is flagged for checking (:data:`SEARCH_STOPPED`). Without a deadline (the default
of :func:`vision.read.read_garden`, and of the benchmark) every read is the same on every machine.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

#: Why an outline is to be checked when the search was stopped by its deadline.
SEARCH_STOPPED = "the search for the outline stopped at its time limit before it was sure"


class Deadline:
    """``seconds`` (None: no limit) from when it is made, by ``clock`` (``time.monotonic``; a test's
    own clock). :meth:`expired` is the ``stop`` a search asks between its rounds; :attr:`stopped`
    says whether it ever answered yes (something was skipped). Raises ``ValueError`` for a limit
    that is not a positive number."""

    def __init__(self, seconds: float | None, clock: Callable[[], float] = time.monotonic) -> None:
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not math.isfinite(seconds) or seconds <= 0):
            raise ValueError(f"a time limit must be a positive number of seconds, got {seconds!r}")
        self.seconds, self._clock = seconds, clock
        self._end = None if seconds is None else clock() + float(seconds)
        self.stopped = False

    def expired(self) -> bool:
        """Whether the time is spent (remembered in :attr:`stopped` once it is)."""
        if self._end is not None and not self.stopped and self._clock() >= self._end:
            self.stopped = True
        return self.stopped
