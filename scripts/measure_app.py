"""Measure the app as a player meets it, in Debian's headless Chromium at phone width (390 px).

    .venv/bin/python scripts/measure_app.py [--runs 5]

Prints:
* server start: ``streamlit run app.py`` launched -> health check answers;
* first page: browser opens the URL -> the title is shown and the first run is finished;
* page reload on the running server (a new session on the same game link restoring its draft);
* upload -> scores: a sample photo handed to the uploader -> the totals line naming that player
  is shown (the other gardens of the game already entered), median and max over ``--runs``
  uploads (each run uploads the photo with different bytes so it is really read again);
* the reader's own timings for that photo (localise, classify), from the app's stored draft.

Uses the bundled tile model; if it is missing, trains a stand-in from samples/photos first (said so
in the output). Needs /usr/bin/chromium. Writes nothing into the repository.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.browser import CHROMIUM, CHROMIUM_ARGS, PHONE, app_server, stored_draft, wait_idle  # noqa: E402
from ui import state  # noqa: E402
from ui.photos import reading_ready  # noqa: E402

GAME = ROOT / "samples" / "game-photos.json"
PHOTOS = ROOT / "samples" / "photos"


def _pick_player(page: Any, i: int, name: str) -> Any:
    """Show player ``i``'s garden (the Gardens tab's player picker); returns that player's "type the
    garden" box once it is on the page (a key becomes the CSS class st-key-<key>)."""
    panel = page.locator('[role="tabpanel"]:visible').last
    panel.locator('[data-testid="stButtonGroup"] button', has_text=name).first.click()
    wait_idle(page)
    return _one(page.locator(f'[class*="st-key-type_box{i}-"]'))


def _one(locator: Any) -> Any:
    """``locator`` once it matches one element (a rerun may briefly leave the previous one beside it)."""
    for _ in range(300):
        if locator.count() == 1:
            break
        locator.page.wait_for_timeout(100)
    return locator


def _garden_cleared(page: object, data: Path, timeout_ms: int = 5000) -> bool:
    """Whether the first player's garden is empty in the app's stored draft (polled)."""
    for _ in range(timeout_ms // 200):
        try:
            draft = stored_draft(page, data)
            if not any(t for row in draft["players"][0]["garden"] for t in row):
                return True
        except (OSError, ValueError, KeyError, IndexError):
            pass
        page.wait_for_timeout(200)  # type: ignore[attr-defined]
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="uploads to time (default 5)")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        print("needs /usr/bin/chromium (apt-get install chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="zg-measure-"))
    data = work / "data"
    data.mkdir()
    model_note = "bundled model"
    if reading_ready() is not None:
        from vision.train import train_model

        t0 = time.perf_counter()
        path = work / "samples-model.skops"
        train_model([PHOTOS]).save(path)
        state.save_settings({"lang": "en", "keep_examples": False, "model_path": str(path)}, data)
        model_note = f"stand-in model trained from samples/photos ({time.perf_counter() - t0:.1f} s; no bundled model)"
    game = json.loads(GAME.read_text())
    names = [p["name"] for p in game["players"]]

    with app_server(data) as (url, server_s), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport=PHONE)
        t0 = time.perf_counter()
        page.goto(url)
        page.get_by_text("Zen Garden Scorer").first.wait_for(timeout=60_000)
        wait_idle(page)
        first_page_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        page.reload()
        page.get_by_text("Zen Garden Scorer").first.wait_for(timeout=60_000)
        wait_idle(page)
        reload_s = time.perf_counter() - t0

        # the game: setup from the file, the other players' gardens typed in
        page.get_by_text("Import a game file").click()
        page.locator('[class*="st-key-import-"] [data-testid="stFileUploaderDropzoneInput"]').first.set_input_files(
            str(GAME))
        wait_idle(page)
        page.wait_for_timeout(500)
        for _ in range(3):  # the import's own reruns may still be under way: until the players are listed
            page.get_by_role("tab", name="Gardens").click()
            wait_idle(page)
            try:
                page.locator('[class*="st-key-garden_player-"] button', has_text=names[1]).first.wait_for(
                    timeout=10_000)
                break
            except Exception:
                continue
        for name in names[1:]:
            box = _pick_player(page, names.index(name), name)
            box.get_by_text("Type or paste the whole garden").click()
            truth = json.loads((PHOTOS / f"game-{name.lower()}.json").read_text())["garden"]
            box.get_by_label("16 tiles floor/path/decor/corner").fill("\n".join(" ".join(r) for r in truth))
            box.get_by_role("button", name="Apply").click()
            wait_idle(page)

        photo = (PHOTOS / f"game-{names[0].lower()}.jpg").read_bytes()
        totals_text = re.compile(rf"Totals:.*{re.escape(names[0])}: -?\d+")
        times: list[float] = []
        for run in range(args.runs):
            box = _pick_player(page, 0, names[0])
            panel = page.locator('[role="tabpanel"]:visible', has_text="Coins left").last
            if run:  # start from an empty garden so the totals line disappears
                if not box.get_by_role("button", name="Clear garden").is_visible():
                    box.get_by_text("Type or paste the whole garden").click()
                page.wait_for_timeout(300)
                for _ in range(5):
                    box.get_by_role("button", name="Clear garden").first.click()
                    wait_idle(page)
                    if _garden_cleared(page, data):
                        break
                panel = page.locator('[role="tabpanel"]:visible', has_text="Coins left").last
            # the totals line must be gone before timing starts (the clear's rerun has finished)
            page.locator("p:visible", has_text=totals_text).first.wait_for(state="hidden", timeout=30_000)
            upload = work / f"ann-{run}.jpg"
            upload.write_bytes(photo + b"\0" * (run + 1))  # new bytes: the app reads it again
            t0 = time.perf_counter()
            panel.locator('[data-testid="stFileUploaderDropzoneInput"]').first.set_input_files(str(upload))
            try:
                page.locator("p:visible", has_text=totals_text).first.wait_for(timeout=60_000)
            except Exception:
                alerts = page.locator('[data-testid="stAlert"]:visible').all_inner_texts()
                print(f"upload {run}: no totals shown; the app says: {alerts}", file=sys.stderr)
                raise
            times.append(time.perf_counter() - t0)
            wait_idle(page)
        draft = stored_draft(page, data)
        browser.close()
    reader = draft["players"][0]["reading"] or {}
    print(f"model:                 {model_note}")
    print(f"server start:          {server_s:.2f} s (launch -> health check)")
    print(f"first page:            {first_page_s:.2f} s (open URL -> title shown, first run done)")
    print(f"app start total:       {server_s + first_page_s:.2f} s")
    print(f"page reload (warm):    {reload_s:.2f} s (the game link's draft restored)")
    print(f"upload -> scores:      median {statistics.median(times):.2f} s, max {max(times):.2f} s "
          f"over {len(times)} uploads ({', '.join(f'{t:.2f}' for t in times)})")
    timings = reader.get("timings", {})
    if timings:
        print("reader (server side):  " + ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in timings.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
