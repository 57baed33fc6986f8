"""Fixtures for every test: the app's data directory (history, drafts, copies) is the test's own.

Without it a test that opens the history or a draft without naming a directory wrote into the
developer's ``~/.zengarden``, and two test processes (``pytest -n``) shared one database."""

from __future__ import annotations

from pathlib import Path

import pytest

from zengarden.history import ENV_DATA_DIR


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$ZENGARDEN_DATA_DIR`` set to a fresh directory for the test (a test may set its own)."""
    where = tmp_path_factory.mktemp("zengarden-data")
    monkeypatch.setenv(ENV_DATA_DIR, str(where))
    return where
