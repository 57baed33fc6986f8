"""One thread for the learners while a photo is read.

A read asks its learners about a few dozen rows at a time (16 tiles, 36 cells, a small map), where
waking OpenMP's and BLAS's worker threads costs more than the work, and far more when another
process holds the other core. ``one_thread()`` is a context manager that holds every such pool at
one thread for its duration; training keeps them all.
"""

from __future__ import annotations

from contextlib import AbstractContextManager

from threadpoolctl import ThreadpoolController

_CONTROLLER: ThreadpoolController | None = None


def one_thread() -> AbstractContextManager[object]:
    """Hold the OpenMP and BLAS pools loaded so far at one thread while the ``with`` block runs.
    The libraries are looked up once, on first use (after the learners are loaded)."""
    global _CONTROLLER
    if _CONTROLLER is None:
        _CONTROLLER = ThreadpoolController()
    return _CONTROLLER.limit(limits=1)
