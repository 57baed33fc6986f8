"""Small builders shared by the Emperor's Garden tests."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from emperors_garden import Board, Colour, Deck, Game, Player, Rules, parse_suit
from emperors_garden.vocab import Suit

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def suits(codes: Sequence[object], deck: Deck = Deck.HANAFUDA) -> tuple[Suit, ...]:
    return tuple(parse_suit(c, deck) for c in codes)


def make_game(board: str, scoring: Sequence[object], players: Sequence[Player] | None = None,
              rules: Rules | None = None, deck: Deck = Deck.HANAFUDA, **kw: object) -> Game:
    """A game from board notation; players default to red and blue, both holding their agent, 0 points in play."""
    b = Board.parse(board, deck)
    if players is None:
        players = (Player(Colour.RED, "Red"), Player(Colour.BLUE, "Blue"))
    return Game(b, tuple(players), suits(scoring, b.deck), rules=rules or Rules(), **kw)  # type: ignore[arg-type]
