"""The game's vocabulary: every name the scorer, the vision pipeline and the app share.

Enums are ``str`` enums so a member compares equal to its notation (``Floor.WATER == "water"``)
and serialises to JSON unchanged. The enums the code iterates have an ``ALL_*`` tuple in
canonical order.
"""

from __future__ import annotations

from enum import Enum
from typing import Final


class Floor(str, Enum):
    """The background of a tile (15 tiles each)."""

    SAND = "sand"
    GRAVEL = "gravel"
    TREES = "trees"
    CLAY = "clay"
    WATER = "water"
    CHERRY_BLOSSOM = "cherry_blossom"

    def __str__(self) -> str:
        return self.value


class PathMaterial(str, Enum):
    """The material of the walkway band on a tile (30 tiles each)."""

    SAND = "sand"
    WOOD = "wood"
    STONE = "stone"

    def __str__(self) -> str:
        return self.value


class Decor(str, Enum):
    """The figure on a tile (18 tiles each)."""

    PAGODA = "pagoda"
    BENCH = "bench"
    BUDDHA = "buddha"
    GATE = "gate"
    CRANE = "crane"

    def __str__(self) -> str:
        return self.value


class Corner(str, Enum):
    """The tile corner the quarter-circle path wraps, as seen in the grid (north = top row)."""

    NW = "nw"
    NE = "ne"
    SW = "sw"
    SE = "se"

    def __str__(self) -> str:
        return self.value

    def rotated_cw(self) -> Corner:
        """The corner this one becomes when its tile turns a quarter clockwise."""
        return _CORNER_CW[self]

    def rotated_ccw(self) -> Corner:
        """The corner this one becomes when its tile turns a quarter counter-clockwise."""
        return _CORNER_CCW[self]

    def turns_from_nw(self) -> int:
        """Clockwise quarter turns (0-3) that take a path wrapping ``nw`` to this corner."""
        corner, turns = Corner.NW, 0
        while corner is not self:
            corner, turns = corner.rotated_cw(), turns + 1
        return turns


_CORNER_CW: Final = {Corner.NW: Corner.NE, Corner.NE: Corner.SE, Corner.SE: Corner.SW, Corner.SW: Corner.NW}
_CORNER_CCW: Final = {after: before for before, after in _CORNER_CW.items()}


class FeatureKind(str, Enum):
    """Which of a tile's three features an Emperor tile names."""

    FLOOR = "floor"
    PATH = "path"
    DECOR = "decor"

    def __str__(self) -> str:
        return self.value


class Board(int, Enum):
    """The five preference boards."""

    BASICS = 1
    UNITY = 2
    MINIMALISTIC = 3
    TWO_MISSIONS = 4
    ONE_MISSION = 5


class Space(str, Enum):
    """Board 1 spaces that hold an Emperor tile."""

    MINOR = "minor"
    MAJOR = "major"
    MAJORITY = "majority"
    DETAIL = "detail"

    def __str__(self) -> str:
        return self.value


class Category(str, Enum):
    """Result category keys, exactly as in the result contract."""

    COINS = "coins"
    WALKWAYS = "walkways"
    DECOR = "decor"
    MINOR = "minor"
    MAJOR = "major"
    MAJORITY = "majority"
    DETAIL = "detail"
    UNITY = "unity"
    MINIMALISM = "minimalism"
    MISSIONS = "missions"

    def __str__(self) -> str:
        return self.value


ALL_FLOORS: Final[tuple[Floor, ...]] = tuple(Floor)
ALL_PATHS: Final[tuple[PathMaterial, ...]] = tuple(PathMaterial)
ALL_DECORS: Final[tuple[Decor, ...]] = tuple(Decor)
ALL_CORNERS: Final[tuple[Corner, ...]] = tuple(Corner)
ALL_FEATURE_KINDS: Final[tuple[FeatureKind, ...]] = tuple(FeatureKind)
ALL_BOARDS: Final[tuple[Board, ...]] = tuple(Board)
ALL_SPACES: Final[tuple[Space, ...]] = tuple(Space)

#: Boards in play for each difficulty level of the rulebook.
LEVELS: Final[dict[int, tuple[Board, ...]]] = {level: ALL_BOARDS[:level] for level in range(1, len(ALL_BOARDS) + 1)}

#: Missions each board contributes, in the order the game file lists them.
MISSIONS_PER_BOARD: Final[dict[Board, int]] = {Board.TWO_MISSIONS: 2, Board.ONE_MISSION: 1}

GRID_SIZE: Final = 4
#: Column letters of the cell names, A1 (top-left) to D4.
COLUMN_LETTERS: Final = "ABCD"[:GRID_SIZE]
MIN_COINS: Final = 0
MAX_COINS: Final = 25
START_COINS: Final = 12
MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 4
PLAYER_COLOURS: Final = ("blue", "yellow", "green", "red")

# --- scoring tables (rulebook numbers) -------------------------------------------------------

#: Complete walkways -> points.
WALKWAY_POINTS: Final[dict[int, int]] = {0: 0, 1: 3, 2: 6, 3: 10, 4: 15}
#: Tiles of one decor type -> points (types below 6 score 0; 12 or more score 20).
DECOR_POINTS: Final[dict[int, int]] = {6: 3, 7: 5, 8: 7, 9: 10, 10: 13, 11: 16, 12: 20}
DECOR_MIN_COUNT: Final = 6
DECOR_MAX_COUNT: Final = 12
MINOR_POINTS_PER_TILE: Final = 1
MAJOR_POINTS_PER_TILE: Final = 2
MAJORITY_FIRST_POINTS: Final = 8
MAJORITY_SECOND_POINTS: Final = 4
#: Tiles showing the feature -> points (6 or more score 8).
DETAIL_POINTS: Final[dict[int, int]] = {0: 0, 1: -4, 2: -2, 3: -1, 4: 2, 5: 5, 6: 8}
DETAIL_MAX_COUNT: Final = 6
UNITY_POINTS: Final = 10
#: Different floor types -> points (5 or more score 0).
MINIMALISM_POINTS: Final[dict[int, int]] = {1: 18, 2: 18, 3: 12, 4: 6, 5: 0}
MINIMALISM_MAX_COUNT: Final = 5
#: Points for the 1st, 2nd and 3rd player to complete a mission.
MISSION_POINTS: Final[tuple[int, ...]] = (5, 3, 1)
MISSION_MIN_COUNT: Final = 4
#: Coins a player takes during play for a row, column or diagonal of four tiles with one decor.
COIN_BONUS_LINE: Final = 3
