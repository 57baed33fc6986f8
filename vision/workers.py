"""Worker processes that each hold one tile model, for work that splits by photo.

Enrolment finds the block in six floor photos, renders hundreds of photos of the copy's tiles and
cuts training crops from each: every photo on its own, each on one core. ``ModelPool(model, jobs)``
maps a function ``fn(model, item)`` over items in ``jobs`` fresh processes (spawned: a process
forked after a read would inherit OpenMP's threads mid-state), each handed the model once and held
at one thread per library; with ``jobs`` 1 it runs them here, one after the other. Either way the
results come back in the items' order and are the same to the bit: each item's work depends on
the item alone.
"""

from __future__ import annotations

import logging
import os
import pickle
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import TYPE_CHECKING, Any, TypeVar

import cv2

from vision.lean import keep_pandas_out
from vision.threads import one_thread

if TYPE_CHECKING:
    from vision.model import TileModel

Item = TypeVar("Item")
Result = TypeVar("Result")

log = logging.getLogger(__name__)

_WORKER: dict[str, TileModel] = {}


def default_jobs() -> int:
    """Worker processes for per-photo work: the cores this process may use, at most 2 (the
    laptop a table brings; more cores than that would each hold another copy of the model)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(2, cores))


def check_jobs(jobs: object) -> int:
    """``jobs`` when it is a whole number of at least 1; else ``ValueError`` saying so."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a whole number of at least 1, got {jobs!r}")
    return jobs


def _init_worker(model: bytes) -> None:
    """A worker process: pandas kept out (:mod:`vision.lean`), then the model unpickled (and with
    it scikit-learn; it comes as bytes so that this runs first), and one thread for OpenCV (the
    pool's processes are the parallelism)."""
    keep_pandas_out()
    cv2.setNumThreads(1)
    _WORKER["model"] = pickle.loads(model)


def _run(task: tuple[Callable[[TileModel, Any], Any], Any]) -> Any:
    fn, item = task
    with one_thread():
        return fn(_WORKER["model"], item)


class ModelPool:
    """``jobs`` worker processes holding ``model`` (started on first use), or none for ``jobs`` 1;
    a context manager that stops them. Raises ``ValueError`` for ``jobs`` not a whole number of at
    least 1."""

    def __init__(self, model: TileModel, jobs: int = 1) -> None:
        self.model, self.jobs = model, check_jobs(jobs)
        self._pool: ProcessPoolExecutor | None = None

    def imap(self, fn: Callable[[TileModel, Item], Result], items: Iterable[Item]) -> Iterator[Result]:
        """``fn(model, item)`` for each item, yielded in the items' order as each is done; ``fn`` a
        module-level function (it is sent to the workers by name); an exception ``fn`` raises in a
        worker is raised here. A single item, or ``jobs`` 1, is run in this process; so is every
        item still to do when the workers cannot be started or one dies (killed for memory, say),
        and everything after: the same results, only slower."""
        todo = list(items)
        if self.jobs == 1 or len(todo) < 2:
            yield from (fn(self.model, item) for item in todo)
            return
        try:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(self.jobs, mp_context=get_context("spawn"),
                                                 initializer=_init_worker, initargs=(pickle.dumps(self.model),))
            futures = [self._pool.submit(_run, (fn, item)) for item in todo]
        except (OSError, BrokenProcessPool) as exc:
            self._give_up(exc)
            yield from (fn(self.model, item) for item in todo)
            return
        for k, future in enumerate(futures):
            try:
                result = future.result()
            except BrokenProcessPool as exc:
                self._give_up(exc)
                yield from (fn(self.model, item) for item in todo[k:])
                return
            yield result

    def _give_up(self, exc: BaseException) -> None:
        """No more workers: what is left is done in this process."""
        log.warning("worker processes unavailable (%s); working in this process", exc)
        self.close(cancel=True)
        self.jobs = 1

    def map(self, fn: Callable[[TileModel, Item], Result], items: Iterable[Item]) -> list[Result]:
        """``[fn(model, item) for item in items]`` (:meth:`imap`)."""
        return list(self.imap(fn, items))

    def close(self, cancel: bool = False) -> None:
        """Stop the workers once their work is done (``cancel``: the work not yet begun dropped)."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=cancel)
            self._pool = None

    def __enter__(self) -> ModelPool:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, *_exc: object) -> None:
        self.close(cancel=exc_type is not None)  # a failure or a stopped page: nothing more to wait for
