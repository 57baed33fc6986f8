"""Exports of a scored game: score sheet CSV, plain-text summary, BG Stats link, score-sheet image.

All functions take the :class:`scorer.GameResult` of :func:`scorer.score_game` (and the game file
where they need the setup). Labels and the tie-break are worded by a :class:`zengarden.wording.Wording`
(English by default; ``labels`` may override single labels). The PNG draws only characters its
font has: a font with them when the system has one (DejaVu, Liberation), else the text spelled in
ASCII, never a missing-glyph box.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from urllib.parse import quote

from scorer.score import GameResult
from zengarden.wording import ENGLISH, Wording

GAME_NAME = "Zen Garden"
SOURCE_NAME = "Zen Garden Scorer"
BGSTATS_URL = "bgstats://app.bgstatsapp.com/createPlay.html?data="


def _labels(labels: Mapping[str, str] | None, words: Wording = ENGLISH) -> dict[str, str]:
    out = words.labels()
    if labels:
        out.update(labels)
    return out


def score_sheet_rows(result: GameResult, labels: Mapping[str, str] | None = None) -> list[list[str | int]]:
    """The score sheet as rows: header (category, player names), one row per category, total, rank."""
    lab = _labels(labels)
    players = result.players
    rows: list[list[str | int]] = [[lab["category"], *[p.name for p in players]]]
    for key in result.categories:
        rows.append([lab.get(key, key.value), *[p.score(key).points for p in players]])
    rows.append([lab["total"], *[p.total for p in players]])
    rows.append([lab["rank"], *[p.rank for p in players]])
    return rows


def score_sheet_csv(result: GameResult, labels: Mapping[str, str] | None = None) -> str:
    """The score sheet as CSV text (categories × players, then totals and ranks)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerows(score_sheet_rows(result, labels))
    return buf.getvalue()


def summary_text(result: GameResult, game: Mapping[str, Any] | None = None,
                 labels: Mapping[str, str] | None = None, date: str | None = None,
                 words: Wording = ENGLISH) -> str:
    """A short plain-text summary for a group chat: winner, ranking with totals, breakdowns."""
    lab = _labels(labels, words)
    lines: list[str] = []
    head = lab["title"]
    if game and game.get("boards"):
        head += f" — {lab['boards']} {', '.join(str(b) for b in game['boards'])}"
    if date:
        head += f" ({date})"
    lines.append(head)
    winners = result.winners
    if winners:
        key = "winners" if len(winners) > 1 else "winner"
        shared = f" ({lab['shared']})" if len(winners) > 1 else ""
        lines.append(f"🏆 {lab[key]}: {' & '.join(winners)}{shared}")
    players = sorted(result.players, key=lambda p: (p.rank, p.name))
    for p in players:
        lines.append(f"{p.rank}. {p.name} — {p.total} {lab['points']}")
    for p in players:
        parts = [f"{lab.get(c.category, c.category.value)} {c.points}" for c in p.categories]
        lines.append(f"   {p.name}: " + ", ".join(parts))
    if result.tie_break:
        lines.append(words(result.tie_break))
    return "\n".join(lines)


def bgstats_payload(result: GameResult, game: Mapping[str, Any] | None = None, *,
                    played_at: datetime | None = None, play_id: str | None = None,
                    bgg_id: int | None = None, start_player: str | None = None,
                    location: str | None = None, words: Wording = ENGLISH) -> dict[str, Any]:
    """The JSON object BG Stats accepts through its ``createPlay`` link.

    Fields follow BG Stats' "push plays from other apps" format: ``sourceName``,
    ``sourcePlayId``, ``playDate`` (``YYYY-MM-DD HH:MM:SS``), ``game`` (name, ``sourceGameId``,
    ``highestWins``, ``noPoints``, optional ``bggId``), ``players`` (name, score, winner, rank,
    ``startPlayer`` — required by the app —, ``sourcePlayerId``, role), ``board`` (the variant:
    boards in play) and ``comments`` (how the score was computed).
    """
    when = played_at or datetime.now()
    winners = set(result.winners)
    game_info: dict[str, Any] = {"name": GAME_NAME, "sourceGameId": "zen-garden-2020", "highestWins": True,
                                 "noPoints": False}
    if bgg_id is not None:
        game_info["bggId"] = int(bgg_id)
    players = []
    for p in result.players:
        players.append({
            "name": p.name,
            "sourcePlayerId": p.name,
            "score": p.total,
            "winner": p.name in winners,
            "rank": p.rank,
            "startPlayer": p.name == start_player,
            "role": "",
        })
    payload: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play_id or when.strftime("zg-%Y%m%d%H%M%S"),
        "playDate": when.strftime("%Y-%m-%d %H:%M:%S"),
        "game": game_info,
        "players": players,
        "comments": "\n".join(
            f"{p.name}: " + ", ".join(f"{c.category.value} {c.points}" for c in p.categories) + f" = {p.total}"
            for p in result.players
        ),
    }
    boards: Sequence[int] = (game or {}).get("boards") or [int(b) for b in result.boards]
    if boards:
        payload["board"] = "Boards " + ", ".join(str(b) for b in boards)
    if result.tie_break:
        payload["comments"] += "\n" + words(result.tie_break)
    if location:
        payload["location"] = location
    return payload


def bgstats_link(result: GameResult, game: Mapping[str, Any] | None = None, **kwargs: Any) -> str:
    """A ``bgstats://`` link that opens BG Stats with this play filled in (see :func:`bgstats_payload`)."""
    payload = bgstats_payload(result, game, **kwargs)
    return BGSTATS_URL + quote(json.dumps(payload, ensure_ascii=False, separators=(",", ":")), safe="")


#: Fonts tried for the PNG, in order (PIL searches the system's font folders); the fallback is
#: PIL's own font, which has ASCII only.
PNG_FONTS: tuple[tuple[str, str], ...] = (("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
                                          ("LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf"))
#: ASCII spellings of the characters the sheet may contain, for a font without them.
ASCII_SPELLING: dict[str, str] = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss",
                                  "–": "-", "—": "-", "→": "->", "×": "x", "…": "...", "’": "'", "“": '"',
                                  "„": '"', "”": '"'}


def _fonts(size: int) -> tuple[Any, Any]:
    """A regular and a bold font of ``size`` pixels: a system font with accents if there is one."""
    from PIL import ImageFont

    for regular, bold in PNG_FONTS:
        try:
            return ImageFont.truetype(regular, size), ImageFont.truetype(bold, size + 2)
        except OSError:
            continue
    return ImageFont.load_default(size=size), ImageFont.load_default(size=size + 2)


def has_glyph(font: Any, char: str) -> bool:
    """Whether ``font`` draws ``char`` with a glyph of its own (not the missing-glyph box)."""
    if char.isspace():
        return True
    return bytes(font.getmask(char)) != bytes(font.getmask("\uffff"))


def drawable(text: str, font: Any) -> str:
    """``text`` with every character ``font`` lacks spelled in ASCII (ü -> ue, → -> ->), or dropped."""
    out = []
    for char in text:
        if has_glyph(font, char):
            out.append(char)
        else:
            spelled = ASCII_SPELLING.get(char, "")
            out.append(spelled if all(has_glyph(font, c) for c in spelled) else "")
    return "".join(out)


def score_sheet_png(result: GameResult, labels: Mapping[str, str] | None = None,
                    colours: Sequence[str] | None = None, title: str | None = None,
                    words: Wording = ENGLISH, fonts: tuple[Any, Any] | None = None) -> bytes:
    """The score sheet drawn as a PNG (table with totals, ranks; the winners' names on a gold
    ground and named under the table). ``fonts`` (regular, bold) replaces the system font."""
    from PIL import Image, ImageDraw

    rows = score_sheet_rows(result, labels)
    lab = _labels(labels, words)
    font, bold = fonts or _fonts(22)
    n_cols = len(rows[0])
    first_w = max(260, max(int(font.getlength(drawable(str(r[0]), font))) + 30 for r in rows))
    col_w = max(120, *(int(bold.getlength(drawable(str(h), bold))) + 40 for h in rows[0][1:])) if n_cols > 1 else 120
    row_h = 40
    top = 70
    width = first_w + col_w * (n_cols - 1) + 20
    notes = [f"{lab['winners' if len(result.winners) > 1 else 'winner']}: {' & '.join(result.winners)}"]
    if result.tie_break:
        notes.append(words(result.tie_break))
    height = top + row_h * len(rows) + 20 + 30 * len(notes)
    img = Image.new("RGB", (width, height), (250, 248, 240))
    draw = ImageDraw.Draw(img)
    draw.text((10, 18), drawable(title or lab["title"], bold), fill=(30, 30, 30), font=bold)
    palette = {"blue": (70, 110, 200), "yellow": (220, 180, 30), "green": (60, 150, 80), "red": (200, 60, 60)}
    winners = set(result.winners)
    for r, row in enumerate(rows):
        y = top + r * row_h
        if r == 0 or r >= len(rows) - 2:
            draw.rectangle([10, y, width - 10, y + row_h], fill=(232, 226, 210))
        for c, value in enumerate(row):
            x = 10 if c == 0 else first_w + (c - 1) * col_w
            if r == 0 and c > 0 and colours and c - 1 < len(colours):
                draw.rectangle([x + 4, y + 6, x + 14, y + row_h - 6], fill=palette.get(colours[c - 1], (128, 128, 128)))
            if r == 0 and c > 0 and value in winners:
                draw.rectangle([x + 16, y + 4, x + col_w - 8, y + row_h - 4], fill=(240, 205, 90))
            face = bold if (r == 0 or r == len(rows) - 2) else font
            draw.text((x + (20 if r == 0 and c > 0 else 8), y + 8), drawable(str(value), face), fill=(20, 20, 20),
                      font=face)
        draw.line([10, y + row_h, width - 10, y + row_h], fill=(200, 195, 180))
    for i, note in enumerate(notes):
        draw.text((10, top + row_h * len(rows) + 12 + 30 * i), drawable(note, font)[:120], fill=(60, 60, 60),
                  font=font)
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()
