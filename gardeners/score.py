"""The final score: validated cards are worth 1 point each; discarded cards lose 1 point each, except
the first one (rulebook example: 3 discarded cards lose 2 points)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gardeners.interpretations import DEFAULT, Interpretations
from gardeners.vocab import SOLO_SUCCESS_LEVELS, SUCCESS_LEVELS


@dataclass(frozen=True)
class Score:
    """Points from the two piles beside the draw pile, with the sum spelled out and the rulebook's rating."""

    validated: int
    discarded: int
    points: int
    reason: str
    level: str

    def to_dict(self) -> dict[str, Any]:
        return {"validated": self.validated, "discarded": self.discarded, "points": self.points,
                "reason": self.reason, "level": self.level}


def success_level(points: int, solo: bool = False) -> str:
    """The rulebook's rating of a final score (a negative score gets the lowest row, "Ouch!")."""
    table = SOLO_SUCCESS_LEVELS if solo else SUCCESS_LEVELS
    for lowest, text in table:
        if points >= lowest:
            return text
    return table[-1][1]


def discard_penalty(discarded: int, interp: Interpretations = DEFAULT) -> int:
    """Points lost for the discarded cards: every card but the first (or every card, if switched off)."""
    if discarded <= 0:
        return 0
    return discarded - 1 if interp.first_discard_free else discarded


def score_cards(validated: int, discarded: int, interp: Interpretations = DEFAULT, solo: bool = False) -> Score:
    """The final score from the number of validated and discarded cards."""
    penalty = discard_penalty(discarded, interp)
    points = validated - penalty
    why = "except the first" if interp.first_discard_free else "each"
    reason = (f"{validated} validated × 1 = {validated}; {discarded} discarded ({why}) → −{penalty}; "
              f"total {points}")
    return Score(validated, discarded, points, reason, success_level(points, solo))
