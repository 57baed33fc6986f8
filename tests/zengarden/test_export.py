"""Exports: score sheet CSV and image, group-chat summary, BG Stats link."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from PIL import Image

from scorer import score_game
from zengarden import wording
from zengarden.export import (
    BGSTATS_URL,
    bgstats_link,
    bgstats_payload,
    drawable,
    has_glyph,
    score_sheet_csv,
    score_sheet_png,
    summary_text,
)

ROOT = Path(__file__).resolve().parents[2]
LEVEL5 = json.loads((ROOT / "samples" / "game-level5.json").read_text())
RESULT = score_game(LEVEL5)


def test_csv_has_categories_players_totals_and_ranks() -> None:
    rows = list(csv.reader(io.StringIO(score_sheet_csv(RESULT))))
    assert rows[0] == ["Category", "Ann", "Bob", "Cy", "Dan"]
    labels = [r[0] for r in rows[1:]]
    assert labels[0] == "Coins" and labels[-2:] == ["Total", "Rank"]
    assert len(rows) == 1 + len(RESULT.categories) + 2
    totals = rows[-2][1:]
    assert [int(t) for t in totals] == [p.total for p in RESULT.players]
    # each column sums to its total
    for col, p in enumerate(RESULT.players, start=1):
        assert sum(int(r[col]) for r in rows[1:-2]) == p.total


def test_csv_labels_can_be_localised() -> None:
    text = score_sheet_csv(RESULT, {"coins": "Münzen", "total": "Summe", "category": "Kategorie"})
    assert text.splitlines()[1].startswith("Münzen,")
    assert "Summe," in text


def test_summary_text_names_winner_and_ranking() -> None:
    text = summary_text(RESULT, LEVEL5, date="2026-01-01")
    winner = RESULT.winners[0]
    assert f"Winner: {winner}" in text
    assert "Boards 1, 2, 3, 4, 5" in text and "2026-01-01" in text
    ranked = sorted(RESULT.players, key=lambda p: p.rank)
    assert f"1. {ranked[0].name} — {ranked[0].total} points" in text


def test_bgstats_payload_and_link() -> None:
    when = datetime(2026, 5, 1, 20, 30, 0)
    payload = bgstats_payload(RESULT, LEVEL5, played_at=when, start_player="Bob")
    assert payload["playDate"] == "2026-05-01 20:30:00"
    assert payload["game"]["name"] == "Zen Garden" and payload["game"]["highestWins"] is True
    assert payload["board"] == "Boards 1, 2, 3, 4, 5"
    by_name = {p["name"]: p for p in payload["players"]}
    for p in RESULT.players:
        assert by_name[p.name]["score"] == p.total
        assert by_name[p.name]["rank"] == p.rank
        assert by_name[p.name]["winner"] == (p.name in RESULT.winners)
        assert "startPlayer" in by_name[p.name]  # BG Stats refuses plays without it
    assert by_name["Bob"]["startPlayer"] is True
    assert "walkways" in payload["comments"]
    link = bgstats_link(RESULT, LEVEL5, played_at=when)
    assert link.startswith(BGSTATS_URL)
    decoded = json.loads(unquote(link[len(BGSTATS_URL):]))
    assert decoded["players"][0]["name"] == "Ann"
    assert " " not in link and "{" not in link


def test_score_sheet_png_is_an_image() -> None:
    data = score_sheet_png(RESULT, colours=["blue", "yellow", "green", "red"])
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG" and img.width > 400 and img.height > 300


def _drawn_texts(monkeypatch: Any, fonts: Any = None, words: Any = None) -> list[tuple[str, Any]]:
    """Every (text, font) the PNG sheet draws, German labels included."""
    from PIL import ImageDraw

    drawn: list[tuple[str, Any]] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: Any, xy: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append((text, kwargs.get("font")))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    tied = score_game(json.loads((ROOT / "samples" / "game-level1.json").read_text()))
    for result in (RESULT, tied):
        score_sheet_png(result, wording.GERMAN.labels(), ["blue", "yellow", "green", "red"], words=wording.GERMAN,
                        fonts=fonts)
    return drawn


def test_png_sheet_draws_no_missing_glyph_with_the_system_font(monkeypatch: Any) -> None:
    drawn = _drawn_texts(monkeypatch)
    texts = [t for t, _ in drawn]
    umlauts = has_glyph(drawn[0][1], "ü")  # a system font with umlauts, or PIL's own (ASCII only)
    assert ("Münzen" if umlauts else "Muenzen") in texts
    assert any("Bob gewinnt mit den meisten" in t for t in texts)  # the tie-break, in German
    assert "Sieg: Ann" in texts and not any("★" in t for t in texts)
    for text, font in drawn:
        assert all(has_glyph(font, ch) for ch in text), text


def test_png_sheet_spells_what_a_font_lacks(monkeypatch: Any) -> None:
    """PIL's own font has ASCII only: umlauts and arrows are spelled out, never drawn as boxes."""
    from PIL import ImageFont

    basic = (ImageFont.load_default(size=22), ImageFont.load_default(size=24))
    assert not has_glyph(basic[0], "ü") and not has_glyph(basic[0], "★")
    drawn = _drawn_texts(monkeypatch, fonts=basic)
    texts = [t for t, _ in drawn]
    assert "Muenzen" in texts
    for text, font in drawn:
        assert all(has_glyph(font, ch) for ch in text), text
    assert drawable("Große Vorliebe → 8 ★", basic[0]) == "Grosse Vorliebe -> 8 "
