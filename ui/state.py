"""Files of the app in the data directory (:func:`zengarden.history.data_dir`).

* ``settings.json`` — language, "keep corrected photos" opt-in, the local model in use.
* ``photos/<sha1>.jpg`` — every uploaded photo, downscaled once, named by the hash of its bytes.
* ``drafts.sqlite3`` — the games being entered, one per game link (:mod:`zengarden.drafts`);
  ``autosave.json``, the single draft file of earlier versions, is imported from once.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from zengarden.history import data_dir

#: The one draft file earlier versions kept for every session (imported once into the draft store).
LEGACY_AUTOSAVE = "autosave.json"
SETTINGS = "settings.json"
PHOTOS = "photos"

DEFAULT_SETTINGS: dict[str, Any] = {"lang": "en", "keep_examples": False, "model_path": None}

def _atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def legacy_autosave(directory: Path | None = None) -> Path:
    """Where earlier versions autosaved their one draft."""
    return (directory or data_dir()) / LEGACY_AUTOSAVE


def load_settings(directory: Path | None = None) -> dict[str, Any]:
    data = _read_json((directory or data_dir()) / SETTINGS)
    out = dict(DEFAULT_SETTINGS)
    if isinstance(data, dict):
        out.update({k: v for k, v in data.items() if k in DEFAULT_SETTINGS})
    return out


def save_settings(settings: Mapping[str, Any], directory: Path | None = None) -> None:
    _atomic_write((directory or data_dir()) / SETTINGS, json.dumps(dict(settings), indent=1))


def photo_path(digest: str, directory: Path | None = None) -> Path:
    return (directory or data_dir()) / PHOTOS / f"{digest}.jpg"
