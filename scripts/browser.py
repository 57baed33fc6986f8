"""Drive the real app in Debian's headless Chromium: for tests/app/test_browser.py and scripts/measure_app.py.

Playwright's own browser download does not work here; Debian's ``chromium`` package does, at
``/usr/bin/chromium``, with ``--no-sandbox`` when running as root.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}


def page_game(page: Any) -> str:
    """The game id in the page's address (``?game=``), "" when there is none."""
    return urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query).get("game", [""])[0]


def stored_draft(page: Any, data_dir: Path) -> dict[str, Any]:
    """The draft the app stored for the page's game (the ``?game=`` of its address): what the app
    really holds. KeyError while the page has no game or the game is not stored yet."""
    from zengarden.drafts import DraftStore

    game = page_game(page)
    if not game:
        raise KeyError("the page has no game yet")
    stored = DraftStore.open(data_dir).load(game)
    if stored is None:
        raise KeyError(game)
    return dict(stored.draft)


def wait_for_draft(page: Any, data_dir: Path, ok: Callable[[dict[str, Any]], bool],
                   timeout_ms: int = 60_000) -> dict[str, Any]:
    """Poll the page's stored game (:func:`stored_draft`) until ``ok(draft)`` holds and return it:
    what the app really holds, not what it shows. AssertionError naming the game after ``timeout_ms``."""
    import sqlite3

    waited = 0
    while waited < timeout_ms:
        try:
            draft = stored_draft(page, data_dir)
            if ok(draft):
                return draft
        except (OSError, ValueError, KeyError, IndexError, sqlite3.Error):
            pass
        page.wait_for_timeout(200)
        waited += 200
    raise AssertionError(f"game {page_game(page)!r} did not reach the expected state")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def app_server(data_dir: Path, port: int | None = None, timeout: float = 60.0) -> Iterator[tuple[str, float]]:
    """Start ``streamlit run app.py`` on a free port with its own data directory.
    Yields (url, seconds until the server answered its health check)."""
    port = port or free_port()
    env = dict(os.environ, ZENGARDEN_DATA_DIR=str(data_dir), PYTHONUNBUFFERED="1")
    cmd = [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.headless", "true",
           "--server.port", str(port), "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
           "--server.fileWatcherType", "none"]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        while True:
            if proc.poll() is not None:
                out = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
                raise RuntimeError(f"streamlit exited with {proc.returncode}:\n{out}")
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=1) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                pass
            if time.perf_counter() - t0 > timeout:
                raise TimeoutError("streamlit did not start")
            time.sleep(0.1)
        yield url, time.perf_counter() - t0
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def wait_idle(page: Any, timeout: float = 30.0) -> None:
    """Wait until the app has finished its current run (the status widget disappears)."""
    page.wait_for_timeout(150)
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if page.locator('[data-testid="stStatusWidget"]').count() == 0:
            page.wait_for_timeout(100)
            if page.locator('[data-testid="stStatusWidget"]').count() == 0:
                return
        page.wait_for_timeout(100)
    raise TimeoutError("the app kept running")


def edit_selectbox_cell(page: Any, grid: Any, row: int, column: int, text: str) -> None:
    """In a data editor, select row ``row`` (0 = first data row) of the first column, move right
    ``column`` cells with the keyboard, open the cell's dropdown and choose ``text``."""
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    header = row_h = 35.0
    cell = (box["x"] + 20, box["y"] + header + row * row_h + row_h / 2)
    # the first click may only blur another widget (a text area commits on blur and the app reruns)
    page.mouse.click(*cell)
    wait_idle(page)
    page.mouse.click(*cell)
    page.wait_for_timeout(200)
    for _ in range(column):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    page.keyboard.type(text)
    page.wait_for_timeout(200)
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    page.mouse.click(200, 5)  # leaving the grid commits the edit and reruns the app
