"""What the tests of the page share: where the app and the samples are, running a script run that
must not raise, finding a widget by its key (keys carry the draft's generation, so that a new
draft restarts every widget), a database (the history, the drafts) the disk refuses to write, and
whether the real-browser tests can run."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from scripts.browser import CHROMIUM

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
LEVEL5 = json.loads((ROOT / "samples" / "game-level5.json").read_text())


def run(at: AppTest) -> AppTest:
    """One script run of ``at``, which must end without an exception."""
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def key(at: AppTest, name: str) -> str:
    """The key of widget ``name`` in the draft generation shown."""
    return f"{name}@{at.session_state['gen']}"


def widget(elements: Any, k: str) -> Any:
    """The element of ``elements`` (e.g. ``at.button``) with key ``k``."""
    for el in elements:
        if el.key == k:
            return el
    raise AssertionError(f"no widget {k!r}; have {[e.key for e in elements]}")


def read_only_database(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """From now on the database file ``name`` opens read-only: a write fails as on a read-only disk
    (a real ``SQLITE_READONLY``); reading it still works, and the other databases are untouched."""
    connect = sqlite3.connect

    def read_only(path: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if Path(path).name == name:
            return connect(f"file:{path}?mode=ro", *args, uri=True, **kwargs)
        return connect(path, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", read_only)


def read_only_history(monkeypatch: pytest.MonkeyPatch) -> None:
    """The saved games' database opens read-only from now on (:func:`read_only_database`)."""
    from zengarden.history import DB_NAME

    read_only_database(monkeypatch, DB_NAME)


def require_chromium() -> None:
    """Skip a browser test where Debian's chromium is missing; fail instead in CI, which installs it
    and sets ``CI_REQUIRE_BROWSER=1``."""
    if CHROMIUM.exists():
        return
    if os.environ.get("CI_REQUIRE_BROWSER") == "1":
        pytest.fail("CI_REQUIRE_BROWSER=1 but /usr/bin/chromium is not installed")
    pytest.skip("/usr/bin/chromium is not installed")
