"""A game of Gardeners at check time: the garden, the constraint cards and the two piles, and the report
that checks it all (:func:`check_game`).

Game file (JSON)::

    {
      "game": "gardeners",              # optional; if given, must be "gardeners"
      "mode": "complete",               # optional: training_a|training_b|training_c|initiation|complete|solo
      "size": 6,                        # optional: 4, 5 or 6 (must agree with the garden and the mode)
      "garden": ["GTr G D ...", ...],   # the notation, a list of row strings or one multi-line string
      "cards": [{"type": "proximity", "subject": "flower:yellow", "status": "in_play", "label": "A #1"}, ...],
      "validated": 0,                   # cards in the validated pile not listed in "cards"
      "discarded": 0,                   # cards in the discarded pile not listed in "cards"
      "rules": {"first_discard_free": true, ...}   # optional interpretation switches
    }

Listed cards are checked against the garden whatever their status; the score counts listed cards by
status plus the two pile counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gardeners.cards import Card
from gardeners.check import Verdict, check_constraint, check_placement
from gardeners.garden import Garden
from gardeners.interpretations import DEFAULT, Interpretations
from gardeners.score import Score, score_cards
from gardeners.vocab import CardStatus, Mode


@dataclass(frozen=True)
class Game:
    """Everything needed to check a garden and score the game."""

    garden: Garden
    cards: tuple[Card, ...] = ()
    mode: Mode | None = None
    validated: int = 0
    discarded: int = 0
    rules: Interpretations = field(default=DEFAULT)

    @property
    def size(self) -> int:
        return self.garden.size

    @property
    def in_play(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.status is CardStatus.IN_PLAY)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Read a game file's object. Raises :class:`~gardeners.errors.InvalidGameError` listing every problem."""
        from gardeners.errors import InvalidGameError
        from gardeners.validate import read_game

        game, problems = read_game(data)
        if game is None:
            raise InvalidGameError(problems)
        return game

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": "gardeners"}
        if self.mode is not None:
            out["mode"] = self.mode.value
        out["size"] = self.size
        out["garden"] = self.garden.to_lines()
        out["cards"] = [card.to_dict() for card in self.cards]
        out["validated"] = self.validated
        out["discarded"] = self.discarded
        out["rules"] = self.rules.to_dict()
        return out


@dataclass(frozen=True)
class CardVerdict:
    """One listed card and its verdict on the garden."""

    index: int
    card: Card
    verdict: Verdict

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "title": self.card.title, "card": self.card.to_dict(),
                "description": self.card.constraint.describe(), **self.verdict.to_dict()}


@dataclass(frozen=True)
class Report:
    """The checked game: placement verdicts, a verdict per listed card, the final score."""

    placement: tuple[Verdict, ...]
    cards: tuple[CardVerdict, ...]
    score: Score

    @property
    def placement_ok(self) -> bool:
        return all(v.compliant for v in self.placement)

    @property
    def all_in_play_compliant(self) -> bool:
        return all(cv.verdict.compliant for cv in self.cards if cv.card.status is CardStatus.IN_PLAY)

    @property
    def round_over(self) -> bool:
        """Phase 3: the round is over when the garden is legal and every card in play is compliant."""
        return self.placement_ok and self.all_in_play_compliant

    def to_dict(self) -> dict[str, Any]:
        return {
            "placement": [v.to_dict() for v in self.placement],
            "placement_ok": self.placement_ok,
            "cards": [cv.to_dict() for cv in self.cards],
            "all_in_play_compliant": self.all_in_play_compliant,
            "round_over": self.round_over,
            "score": self.score.to_dict(),
        }


def check_game(game: Game) -> Report:
    """Check the placement rules and every listed card, and score the piles."""
    rules = game.rules
    verdicts = tuple(
        CardVerdict(i, card, check_constraint(game.garden, card.constraint, rules)) for i, card in enumerate(game.cards)
    )
    validated = game.validated + sum(1 for c in game.cards if c.status is CardStatus.VALIDATED)
    discarded = game.discarded + sum(1 for c in game.cards if c.status is CardStatus.DISCARDED)
    if rules.score_in_play_if_compliant:
        validated += sum(1 for cv in verdicts if cv.card.status is CardStatus.IN_PLAY and cv.verdict.compliant)
    score = score_cards(validated, discarded, rules, solo=game.mode is Mode.SOLO)
    return Report(check_placement(game.garden, rules), verdicts, score)
