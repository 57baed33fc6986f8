"""One game per link in the real app (Debian's headless Chromium, 390 px), each browser context a
phone of its own: two links never see each other's players; two phones on one link each type a
garden and both survive; Undo brings a cleared garden back. What the app holds is read from the
draft store (the page's ``?game=`` game), not from the page.

Skips only when /usr/bin/chromium is absent, and fails instead when CI_REQUIRE_BROWSER=1.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from scripts.browser import CHROMIUM, CHROMIUM_ARGS, PHONE, ROOT, app_server, page_game, wait_for_draft, wait_idle
from tests.app.apptest import require_chromium
from ui import viewmodel as vm

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LEVEL5 = json.loads((ROOT / "samples" / "game-level5.json").read_text())


def _open(browser: Any, url: str) -> Any:
    """A new phone (its own browser context and session) opening ``url``."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(url)
    page.get_by_text("Zen Garden Scorer").first.wait_for(timeout=60_000)
    wait_idle(page)
    for _ in range(100):  # the app puts the game's id into the address
        if page_game(page):
            break
        page.wait_for_timeout(100)
    return page


def _name_first_player(page: Any, name: str) -> None:
    field = page.get_by_label("Player 1", exact=True)
    field.fill(name)
    field.press("Enter")
    wait_idle(page)


def _panel(page: Any) -> Any:
    return page.locator('[role="tabpanel"]:visible').last


def _gardens_tab(page: Any, player: str) -> None:
    page.get_by_role("tab", name="Gardens").click()
    wait_idle(page)
    buttons = _panel(page).locator('[data-testid="stButtonGroup"] button')
    i = next(j for j, text in enumerate(buttons.all_inner_texts()) if player in text)
    buttons.nth(i).click()
    wait_idle(page)
    # that player's own widgets are on the page (keys become st-key-* classes), the previous one's gone
    page.locator(f'[class*="st-key-type_box{i}-"]').first.wait_for(timeout=30_000)
    for _ in range(100):
        if _panel(page).get_by_text("Type or paste the whole garden").count() == 1:
            break
        page.wait_for_timeout(100)


def _notation_button(page: Any, name: str) -> Any:
    """The notation box's button ``name``, the box opened first. After a merge the page is drawn
    anew (the box closed) a moment after the run that saved: the button must stay for a second."""
    steady = 0
    for _ in range(100):
        wait_idle(page)
        button = _panel(page).locator("button:visible", has_text=name)
        count = button.count()
        steady = steady + 1 if count == 1 else 0
        if steady == 4:
            return button
        if count == 0:
            box = _panel(page).locator("summary:visible", has_text="Type or paste the whole garden")
            if box.count() == 1:
                box.click()
        page.wait_for_timeout(300)
    raise AssertionError(f"no single {name!r} button")


def _type_garden(page: Any, grid: list[list[str]]) -> None:
    apply = _notation_button(page, "Apply")
    _panel(page).locator("textarea:visible").last.fill("\n".join(" ".join(r) for r in grid))
    apply.click()
    wait_idle(page)


def test_two_links_two_games_one_link_two_phones_and_undo(tmp_path: Path) -> None:
    require_chromium()
    from playwright.sync_api import expect, sync_playwright

    data = tmp_path / "data"
    ann, bob = LEVEL5["players"][0]["garden"], LEVEL5["players"][1]["garden"]
    artifacts = Path(os.environ.get("ZENGARDEN_ARTIFACTS", tmp_path))
    pages: list[Any] = []
    with app_server(data) as (url, _), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            # two groups, two links: neither sees the other's players, also after a reload
            first = _open(browser, url)
            pages.append(first)
            _name_first_player(first, "Alice")
            wait_for_draft(first, data, lambda d: d["players"][0]["name"] == "Alice")
            other = _open(browser, url)
            pages.append(other)
            assert page_game(other) and page_game(other) != page_game(first)
            expect(other.get_by_label("Player 1", exact=True)).to_have_value("Player 1")
            _name_first_player(other, "Bob")
            wait_for_draft(other, data, lambda d: d["players"][0]["name"] == "Bob")
            first.reload()
            wait_idle(first)
            expect(first.get_by_label("Player 1", exact=True)).to_have_value("Alice", timeout=30_000)
            assert page_game(first) != page_game(other)
            # a second phone on the first link: each types a garden, both survive
            second = _open(browser, first.url)
            pages.append(second)
            assert page_game(second) == page_game(first)
            expect(second.get_by_label("Player 1", exact=True)).to_have_value("Alice", timeout=30_000)
            _gardens_tab(first, "Alice")
            _gardens_tab(second, "Player 2")
            _type_garden(first, ann)
            wait_for_draft(first, data, lambda d: d["players"][0]["garden"] == ann)
            _type_garden(second, bob)  # this phone had not seen Alice's garden: its save merges
            draft = wait_for_draft(second, data, lambda d: d["players"][1]["garden"] == bob)
            assert draft["players"][0]["garden"] == ann and draft["players"][0]["name"] == "Alice"
            # Clear garden, then Undo on the second phone: Player 2's garden comes back
            _notation_button(second, "Clear garden").click()
            wait_idle(second)
            wait_for_draft(second, data, lambda d: d["players"][1]["garden"] == vm.empty_grid())
            _panel(second).get_by_role("button", name="Undo").first.click()
            wait_idle(second)
            draft = wait_for_draft(second, data, lambda d: d["players"][1]["garden"] == bob)
            assert draft["players"][0]["garden"] == ann
        except Exception:
            for n, page in enumerate(pages):
                page.screenshot(path=str(artifacts / f"browser-games-failure-{n}.png"), full_page=True)
            raise
        finally:
            browser.close()
