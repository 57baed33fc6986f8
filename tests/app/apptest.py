"""What the AppTests of the page share: where the app and the samples are, running a script run
that must not raise, and finding a widget by its key (keys carry the draft's generation, so that a
new draft restarts every widget)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

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
