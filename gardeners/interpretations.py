"""The switchable readings of places where the rule text is garbled, missing or ambiguous.

Each field is one decision; its default is the reading this package argues for (see the
package docstring and the README). A game file sets any of them in its ``"rules"`` object.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Final

from gardeners.errors import Problem

EXACT_SOME_GROUP: Final = "some_group"
EXACT_LARGEST_GROUP: Final = "largest_group"
OUTER_RING: Final = "ring"
OUTER_EXPOSED: Final = "exposed"

_CHOICES: Final[dict[str, tuple[Any, ...]]] = {
    "exact_count": (EXACT_SOME_GROUP, EXACT_LARGEST_GROUP),
    "outer_tiles": (OUTER_RING, OUTER_EXPOSED),
    "hole_connectivity": (4, 8),
}


@dataclass(frozen=True)
class Interpretations:
    """How to read the rule text where it does not say (defaults in brackets).

    * ``first_discard_free`` [True]: the end-of-game scoring says every discarded card loses a point
      "except the first one" (its example: 3 discarded lose 2); the card-management section says each
      discard "will lose 1 point". False follows the latter.
    * ``require_complete_square`` [True]: a garden is checked once every tile is placed, so it must fill
      the whole square; False accepts a partial garden (mid-round check) and only holes and
      connection are placement faults.
    * ``hole_connectivity`` [4]: an empty space is "closed" when its empty cells cannot reach the edge of
      the square through sides (4) — or, with 8, also not through corners.
    * ``hedge_sides_matter`` [True]: two neighbouring hedges are connected only if both hedges reach
      their shared side ("orientation is only important for benches and hedges"); False: any two
      orthogonally adjacent hedge tiles are connected.
    * ``line_of_sight_blocked`` [False]: a bench sees its whole line ("no matter the number of tiles in
      between", "several benches can be arranged in the same line"); True: only the first element in
      its line counts.
    * ``absent_subject_complies`` [True]: a card about every X (proximity, panorama, edge, each hedge)
      is met when the garden has no X.
    * ``exact_count`` ["some_group"]: an exact quantity X! is met when some group has exactly X tiles;
      "largest_group": when the largest group has exactly X.
    * ``agglomeration_needs_every_kind`` [False]: with two element types on an Agglomeration card, a
      group mixes them freely; True: the group must hold at least one of each.
    * ``outer_tiles`` ["ring"]: the outer tiles of the garden are the outer ring of the square;
      "exposed": any tile with a side not touching another tile (differs only in partial gardens).
    * ``layout_rotations`` [True]: a Layout pattern may appear turned by quarter turns (the garden has no
      "up"); False: only as written, north up.
    * ``layout_reflections`` [False]: a Layout pattern may also appear mirrored.
    * ``max_in_play`` [3]: at most this many cards in play at a time; None for no limit (solo mode lets a
      player hold many).
    * ``score_in_play_if_compliant`` [False]: cards still in play at the end score nothing; True counts a
      compliant one as validated (solo mode's final validation).
    """

    first_discard_free: bool = True
    require_complete_square: bool = True
    hole_connectivity: int = 4
    hedge_sides_matter: bool = True
    line_of_sight_blocked: bool = False
    absent_subject_complies: bool = True
    exact_count: str = EXACT_SOME_GROUP
    agglomeration_needs_every_kind: bool = False
    outer_tiles: str = OUTER_RING
    layout_rotations: bool = True
    layout_reflections: bool = False
    max_in_play: int | None = 3
    score_in_play_if_compliant: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Interpretations:
        """Build from a game file's ``"rules"`` object. Raises :class:`~gardeners.errors.InvalidGameError`."""
        from gardeners.errors import InvalidGameError

        value, problems = interpretations_from_dict(data)
        if problems:
            raise InvalidGameError(problems)
        return value


DEFAULT: Final = Interpretations()


def interpretations_from_dict(data: object) -> tuple[Interpretations, list[Problem]]:
    """Parse a ``"rules"`` object, collecting every problem (unknown name, wrong type, bad choice)."""
    if data is None:
        return DEFAULT, []
    if not isinstance(data, Mapping):
        return DEFAULT, [Problem(f"must be an object of interpretation switches, got {type(data).__name__}")]
    known = {f.name: f for f in fields(Interpretations)}
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name not in known:
            problems.append(Problem(f"unknown interpretation (known: {', '.join(known)})", field=str(name)))
            continue
        default = getattr(DEFAULT, name)
        if name == "max_in_play":
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                problems.append(Problem(f"must be a positive whole number or null, got {value!r}", field=name))
                continue
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                problems.append(Problem(f"must be true or false, got {value!r}", field=name))
                continue
        elif name in _CHOICES and (type(value) is not type(default) or value not in _CHOICES[name]):
            choices = ", ".join(repr(c) for c in _CHOICES[name])
            problems.append(Problem(f"must be one of {choices}, got {value!r}", field=name))
            continue
        values[name] = value
    return Interpretations(**values), problems
