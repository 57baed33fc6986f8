"""The scorer's exception and problem types."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Problem:
    """One finding of validation: what is wrong, and where (player, cell, field)."""

    severity: Severity
    message: str
    player: str | None = None
    cell: str | None = None
    field: str | None = None

    def format(self) -> str:
        where = []
        if self.player is not None:
            where.append(f"player {self.player!r}")
        if self.cell is not None:
            where.append(f"cell {self.cell}")
        if self.field is not None and self.player is None:
            where.append(self.field)
        prefix = f"{', '.join(where)}: " if where else ""
        return f"{self.severity.value}: {prefix}{self.message}"

    def to_dict(self) -> dict[str, str]:
        out = {"severity": self.severity.value, "message": self.message}
        for key in ("player", "cell", "field"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out

    def __str__(self) -> str:
        return self.format()


class NotationError(ValueError):
    """Text that is not valid tile, feature or garden notation."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = list(problems) if problems else [message]


class InvalidGameError(ValueError):
    """A game file that cannot be scored. ``problems`` lists every error found, not just the first."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        lines = [p.format() for p in self.problems]
        count = len(lines)
        head = f"invalid game: {count} problem{'s' if count != 1 else ''}"
        super().__init__(head + "".join(f"\n  - {line}" for line in lines))
