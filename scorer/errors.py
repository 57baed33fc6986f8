"""The scorer's exception and problem types. Both carry a code and values, never words
(``zengarden.wording`` words them); ``str()`` gives a language-free form."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from scorer.explain import ProblemCode, Reason, Words, plain_words


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Problem:
    """One finding of validation: what is wrong (a code and its values), and where (player, cell, field)."""

    severity: Severity
    code: ProblemCode
    values: Mapping[str, Any] = field(default_factory=dict, hash=False)
    player: str | None = None
    cell: str | None = None
    field: str | None = None

    @property
    def reason(self) -> Reason:
        return Reason(self.code, self.values)

    def message(self, words: Words = plain_words) -> str:
        return words(self.reason)

    def format(self, words: Words = plain_words) -> str:
        """``severity: where: message`` — ``words`` a language's wording (``zengarden.wording``)."""
        where = []
        if self.player is not None:
            where.append(f"player {self.player!r}")
        if self.cell is not None:
            where.append(f"cell {self.cell}")
        if self.field is not None and self.player is None:
            where.append(self.field)
        prefix = f"{', '.join(where)}: " if where else ""
        return f"{self.severity.value}: {prefix}{self.message(words)}"

    def to_dict(self, words: Words = plain_words) -> dict[str, str]:
        out = {"severity": self.severity.value, "message": self.message(words)}
        for key in ("player", "cell", "field"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out

    def __str__(self) -> str:
        return self.format()


class NotationError(ValueError):
    """Text that is not valid tile, feature or garden notation: ``reason`` says why (a problem code),
    ``problems`` lists every bad part when there are several."""

    def __init__(self, code: ProblemCode, problems: Sequence[Reason] | None = None, **values: Any) -> None:
        self.reason = Reason(code, values)
        self.problems = list(problems) if problems else [self.reason]
        super().__init__("; ".join(str(p) for p in self.problems))


class InvalidGameError(ValueError):
    """A game file that cannot be scored. ``problems`` lists every error found, not just the first."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__(self.format())

    def format(self, words: Words = plain_words) -> str:
        count = len(self.problems)
        head = f"invalid game: {count} problem{'s' if count != 1 else ''}"
        return head + "".join(f"\n  - {p.format(words)}" for p in self.problems)
