"""Manual entry (the app's form) -> a game-file dict, so the page holds no game logic.

The form gives a grid of suit codes (``None`` = gap), the emperor's position and each player's
pieces as position names; :func:`entry_to_dict` writes them in the board notation and returns
the game file, which :func:`emperors_garden.game.check_game` then judges like any other.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from emperors_garden.board import EMPEROR_CODE, GAP, PieceRef, Pos, parse_position, position_name
from emperors_garden.errors import NotationError, Problem
from emperors_garden.game import GAME_MARKER
from emperors_garden.vocab import ALL_PIECES, Colour, Piece


@dataclass(frozen=True)
class PlayerEntry:
    """One player's row of the form: pieces as position names (``None`` = off the board)."""

    name: str
    colour: str
    samurai: str | None = None
    priest: str | None = None
    poet: str | None = None
    holds_agent: bool = True
    points_in_play: int = 0

    def position(self, piece: Piece) -> str | None:
        value: str | None = getattr(self, piece.value)
        return value


def entry_to_dict(deck: str, cards: Sequence[Sequence[str | None]], emperor: str | None,
                  players: Sequence[PlayerEntry], scoring_cards: Sequence[str | None],
                  removed_rank: str | None = None, rules: Mapping[str, Any] | None = None,
                  out_of_play: Sequence[str] = ()) -> tuple[dict[str, Any], list[Problem]]:
    """The game file for a filled-in form, and the problems only the form can have (bad position names)."""
    problems: list[Problem] = []
    height = len(cards)
    width = max((len(row) for row in cards), default=0)
    occupants: dict[Pos, list[str]] = defaultdict(list)

    def place(where: str | None, code: str, what: str, player: str | None = None) -> None:
        if where is None or where == "":
            return
        try:
            pos = parse_position(where)
        except NotationError as exc:
            problems.extend(Problem(f"{what}: {p.message}", player=player) for p in exc.problems)
            return
        if not (0 <= pos[0] < height and 0 <= pos[1] < width):
            problems.append(Problem(f"{what} stands outside the layout", position=position_name(pos), player=player))
            return
        occupants[pos].append(code)

    place(emperor, EMPEROR_CODE, "the emperor")
    for p in players:
        try:
            colour = Colour(p.colour)
        except ValueError:
            continue  # reported by the game file check
        for piece in ALL_PIECES:
            ref = PieceRef(colour, piece)
            place(p.position(piece), ref.code, ref.describe(), p.name or p.colour)

    rows = []
    for r in range(height):
        cells = []
        for c in range(width):
            suit = cards[r][c] if c < len(cards[r]) else None
            text = GAP if suit in (None, "") else str(suit)
            if occupants.get((r, c)):
                text += "@" + "+".join(occupants[(r, c)])
            cells.append(text)
        rows.append(" ".join(cells))

    data: dict[str, Any] = {"game": GAME_MARKER, "deck": deck, "board": rows,
                            "scoring_cards": [s for s in scoring_cards if s not in (None, "")],
                            "players": [{"name": p.name or p.colour, "colour": p.colour, "holds_agent": p.holds_agent,
                                         "points_in_play": p.points_in_play} for p in players]}
    if deck == "western" and removed_rank:
        data["removed_rank"] = removed_rank
    if out_of_play:
        data["out_of_play"] = list(out_of_play)
    if rules:
        data["rules"] = dict(rules)
    return data, problems
