"""Gardeners' problem and exception types: every problem found is kept, never just the first."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input: what, and where (a field path, a notation line/column, a cell)."""

    message: str
    field: str | None = None
    line: int | None = None
    column: int | None = None
    cell: str | None = None

    def format(self) -> str:
        where = []
        if self.field is not None:
            where.append(self.field)
        if self.line is not None:
            where.append(f"line {self.line}" + (f", column {self.column}" if self.column is not None else ""))
        if self.cell is not None:
            where.append(f"cell {self.cell}")
        return f"{' '.join(where)}: {self.message}" if where else self.message

    def at(self, field: str) -> Problem:
        """The same problem, located under ``field`` (a JSON path such as ``garden`` or ``cards[2]``)."""
        inner = f"{field}.{self.field}" if self.field else field
        return Problem(self.message, inner, self.line, self.column, self.cell)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"message": self.message}
        for key in ("field", "line", "column", "cell"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out

    def __str__(self) -> str:
        return self.format()


class GardenersError(ValueError):
    """Base of the package's errors. ``problems`` lists every problem found, not just the first."""

    what = "invalid input"

    def __init__(self, problems: Iterable[Problem | str]) -> None:
        self.problems: list[Problem] = [p if isinstance(p, Problem) else Problem(p) for p in problems]
        lines = [p.format() for p in self.problems]
        if len(lines) == 1:
            message = f"{self.what}: {lines[0]}"
        else:
            message = f"{self.what}: {len(lines)} problems" + "".join(f"\n  - {line}" for line in lines)
        super().__init__(message)


class NotationError(GardenersError):
    """Text that is not valid garden, tile, selector, count or pattern notation."""

    what = "bad notation"


class InvalidGameError(GardenersError):
    """A game file (or game dict) that cannot be checked."""

    what = "invalid game"
