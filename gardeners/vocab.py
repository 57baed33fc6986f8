"""The vocabulary of Gardeners: every name the garden notation, the cards and the checker share.

Enums are ``str`` enums so a member compares equal to its notation (``Background.GRASS == "grass"``)
and serialises to JSON unchanged. Every enum has an ``ALL_*`` tuple in canonical order.
"""

from __future__ import annotations

from enum import Enum
from typing import Final


class Background(str, Enum):
    """The ground of a garden tile."""

    GRASS = "grass"
    DIRT = "dirt"

    def __str__(self) -> str:
        return self.value

    @property
    def letter(self) -> str:
        """The one-letter code of the garden notation (``G``/``D``)."""
        return self.value[0].upper()


class ElementKind(str, Enum):
    """What stands on a tile."""

    TREE = "tree"
    FLOWER = "flower"
    BENCH = "bench"
    HEDGE = "hedge"
    STATUE = "statue"
    NOTHING = "nothing"

    def __str__(self) -> str:
        return self.value


class Colour(str, Enum):
    """The colour of a tree's fruit or of a flower."""

    RED = "red"
    YELLOW = "yellow"
    BLUE = "blue"

    def __str__(self) -> str:
        return self.value


class Direction(str, Enum):
    """A side of a tile, as seen in the grid (north = top row)."""

    N = "n"
    E = "e"
    S = "s"
    W = "w"

    def __str__(self) -> str:
        return self.value

    @property
    def delta(self) -> tuple[int, int]:
        """``(d_row, d_col)`` of one step this way."""
        return _DELTAS[self]

    def opposite(self) -> Direction:
        return _CW[_CW[self]]

    def rotated_cw(self) -> Direction:
        """The direction this one becomes when its tile turns a quarter clockwise."""
        return _CW[self]


_CW: Final = {Direction.N: Direction.E, Direction.E: Direction.S, Direction.S: Direction.W, Direction.W: Direction.N}
_DELTAS: Final = {Direction.N: (-1, 0), Direction.E: (0, 1), Direction.S: (1, 0), Direction.W: (0, -1)}


class CardType(str, Enum):
    """The eight constraint-card types the rules describe (training decks A, B and C)."""

    PROXIMITY = "proximity"
    REMOVAL = "removal"
    AGGLOMERATION = "agglomeration"
    PANORAMA = "panorama"
    LINK = "link"
    EDGE = "edge"
    HEDGE = "hedge"
    LAYOUT = "layout"

    def __str__(self) -> str:
        return self.value


class CardStatus(str, Enum):
    """Where a constraint card is at the end of the game."""

    IN_PLAY = "in_play"
    VALIDATED = "validated"
    DISCARDED = "discarded"

    def __str__(self) -> str:
        return self.value


class EdgeZone(str, Enum):
    """The two kinds of Edge card: the elements must all be on the outer tiles, or none of them."""

    OUTER = "outer"
    INNER = "inner"

    def __str__(self) -> str:
        return self.value


class HedgeShape(str, Enum):
    """The three Hedge cards: each hedge connected, some closed loop, a connected run of X tiles."""

    EACH = "each"
    CLOSED = "closed"
    PATH = "path"

    def __str__(self) -> str:
        return self.value


class Mode(str, Enum):
    """The playing modes; each fixes the size of the square."""

    TRAINING_A = "training_a"
    TRAINING_B = "training_b"
    TRAINING_C = "training_c"
    INITIATION = "initiation"
    COMPLETE = "complete"
    SOLO = "solo"

    def __str__(self) -> str:
        return self.value


class PlacementRule(str, Enum):
    """The placement rules checked on every garden."""

    SQUARE = "square"
    NO_HOLE = "no_hole"
    CONNECTED = "connected"

    def __str__(self) -> str:
        return self.value


ALL_BACKGROUNDS: Final[tuple[Background, ...]] = tuple(Background)
ALL_ELEMENT_KINDS: Final[tuple[ElementKind, ...]] = tuple(ElementKind)
ALL_COLOURS: Final[tuple[Colour, ...]] = tuple(Colour)
ALL_DIRECTIONS: Final[tuple[Direction, ...]] = tuple(Direction)
ALL_CARD_TYPES: Final[tuple[CardType, ...]] = tuple(CardType)
ALL_CARD_STATUSES: Final[tuple[CardStatus, ...]] = tuple(CardStatus)
ALL_EDGE_ZONES: Final[tuple[EdgeZone, ...]] = tuple(EdgeZone)
ALL_HEDGE_SHAPES: Final[tuple[HedgeShape, ...]] = tuple(HedgeShape)
ALL_MODES: Final[tuple[Mode, ...]] = tuple(Mode)
ALL_PLACEMENT_RULES: Final[tuple[PlacementRule, ...]] = tuple(PlacementRule)

#: Fruit colours a tree can carry, flower colours.
FRUIT_COLOURS: Final[tuple[Colour, ...]] = (Colour.RED, Colour.YELLOW)
FLOWER_COLOURS: Final[tuple[Colour, ...]] = (Colour.RED, Colour.YELLOW, Colour.BLUE)

#: The sizes of square the rules use (Training A 4×4, B 5×5, everything else 6×6).
SIZES: Final[tuple[int, ...]] = (4, 5, 6)
SIZE_BY_MODE: Final[dict[Mode, int]] = {
    Mode.TRAINING_A: 4,
    Mode.TRAINING_B: 5,
    Mode.TRAINING_C: 6,
    Mode.INITIATION: 6,
    Mode.COMPLETE: 6,
    Mode.SOLO: 6,
}

#: "You will therefore play with a maximum of 3 Constraint cards at a time."
MAX_CARDS_IN_PLAY: Final = 3

#: The card types each training deck uses (Training A: 2+2+2, B: 2+2+2, C: 2 layout + 3 hedge).
TRAINING_DECKS: Final[dict[Mode, tuple[CardType, ...]]] = {
    Mode.TRAINING_A: (CardType.PROXIMITY, CardType.REMOVAL, CardType.AGGLOMERATION),
    Mode.TRAINING_B: (CardType.PANORAMA, CardType.LINK, CardType.EDGE),
    Mode.TRAINING_C: (CardType.LAYOUT, CardType.HEDGE),
}

#: "Compare your score with the table": (lowest score of the row, verdict), highest row first.
SUCCESS_LEVELS: Final[tuple[tuple[int, str], ...]] = (
    (10, "You have become experts! It's time to upgrade to expert."),
    (7, "Impressive! True champions!"),
    (4, "Cheer! It's a great success!"),
    (2, "It's going well. You're on the right way."),
    (1, "It's a good start. You understand how it works."),
    (0, "Ouch! Didn't you forget to practice the trainings and the Initiation mode?"),
)
SOLO_SUCCESS_LEVELS: Final[tuple[tuple[int, str], ...]] = (
    (14, "You have become experts! It's time to upgrade to Expert."),
    (10, "Impressive! True champions!"),
    (6, "Cheer! It's a great success!"),
    (3, "It's going well. You're on the right way."),
    (1, "It's a good start. You understand how it works."),
    (0, "Ouch! Didn't you forget to practice the trainings and the Initiation mode?"),
)
