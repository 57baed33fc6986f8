"""The rules engine is the bottom layer: importing all of it loads no vision, UI, app or imaging code."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import scorer

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("vision", "ui", "zengarden", "streamlit", "cv2", "PIL", "sklearn", "skops")


def test_scorer_imports_nothing_above_it() -> None:
    modules = ["scorer", *(f"scorer.{m.name}" for m in pkgutil.iter_modules(scorer.__path__))]
    assert {"scorer.game", "scorer.rules", "scorer.score", "scorer.dispute"} <= set(modules)
    code = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"loaded = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(json.dumps(loaded))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(proc.stdout) == []
