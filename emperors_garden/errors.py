"""Emperor's Garden exception and problem types."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a game: the message, and where (position, player, field)."""

    message: str
    position: str | None = None
    player: str | None = None
    field: str | None = None

    def format(self) -> str:
        where = []
        if self.field is not None:
            where.append(self.field)
        if self.player is not None:
            where.append(f"player {self.player!r}")
        if self.position is not None:
            where.append(f"position {self.position}")
        prefix = f"{', '.join(where)}: " if where else ""
        return prefix + self.message

    def to_dict(self) -> dict[str, str]:
        out = {"message": self.message}
        for key in ("position", "player", "field"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out

    def __str__(self) -> str:
        return self.format()


class EmperorsGardenError(ValueError):
    """Base class: a ``ValueError`` carrying every problem found (``.problems``), not just the first."""

    headline = "invalid"

    def __init__(self, problems: Sequence[Problem | str]) -> None:
        self.problems: list[Problem] = [p if isinstance(p, Problem) else Problem(p) for p in problems]
        count = len(self.problems)
        head = f"{self.headline}: {count} problem{'s' if count != 1 else ''}"
        super().__init__(head + "".join(f"\n  - {p.format()}" for p in self.problems))


class NotationError(EmperorsGardenError):
    """Text that is not valid board, position or suit notation."""

    headline = "invalid notation"


class InvalidGameError(EmperorsGardenError):
    """A game that cannot be scored: an impossible state or a malformed game file."""

    headline = "invalid game"
