"""The engine's "why" as data: a code and its values, never words.

Every category score carries a :class:`Reason`, every validation finding a
:class:`~scorer.errors.Problem` with a :class:`ProblemCode`. Values are engine types (``Feature``,
``Floor``, ``Decor``, ``PathMaterial``, cells as ``(row, col)``, ints, player names) or nested
reasons for the parts of a longer explanation. Wording them in a language is the job of the layer
above (``zengarden.wording``); ``str(reason)`` is only a language-free debugging form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, Protocol


class ReasonCode(str, Enum):
    """What a reason says. Codes marked *part* are pieces nested in another reason's values."""

    COINS = "coins"  # coins, points
    WALKWAYS = "walkways"  # count, rings (WALKWAY_RING parts), points
    WALKWAY_RING = "walkway_ring"  # part: material, first, last (cells)
    NO_WALKWAY = "no_walkway"  # points
    DECOR = "decor"  # terms (DECOR_TERM parts), points, counts (DECOR_COUNT parts)
    DECOR_TERM = "decor_term"  # part: decor, count, points
    DECOR_COUNT = "decor_count"  # part: decor, count
    NO_DECOR = "no_decor"  # min_count, points, counts (DECOR_COUNT parts)
    MINOR = "minor"  # feature, count, per_tile, points
    MAJOR = "major"  # feature, count, per_tile, points
    MAJORITY_FIRST = "majority_first"  # feature, count, points, standings (STANDING parts)
    MAJORITY_FIRST_SHARED = "majority_first_shared"
    MAJORITY_SECOND = "majority_second"
    MAJORITY_SECOND_SHARED = "majority_second_shared"
    MAJORITY_NONE_ZERO = "majority_none_zero"  # 0 tiles never place (rule switch majority_needs_a_tile)
    MAJORITY_NONE_TIE = "majority_none_tie"  # a tie for first leaves no second place
    MAJORITY_NONE = "majority_none"
    STANDING = "standing"  # part: name, count
    DETAIL = "detail"  # feature, count, points
    UNITY = "unity"  # listing (FLOOR_AREA parts), points
    FLOOR_AREA = "floor_area"  # part: floor, size
    UNITY_SPLIT = "unity_split"  # splits (FLOOR_SPLIT parts), points
    FLOOR_SPLIT = "floor_split"  # part: floor, count, areas (AREA parts)
    AREA = "area"  # part: cells
    MINIMALISM = "minimalism"  # count, floors, points
    MISSIONS = "missions"  # parts (MISSION_PLACED / MISSION_OPEN), points
    MISSION_PLACED = "mission_placed"  # part: index, features, place, points
    MISSION_OPEN = "mission_open"  # part: index, features, counts (FEATURE_COUNT parts), points
    FEATURE_COUNT = "feature_count"  # part: feature, count
    TIE_BREAK_COINS = "tie_break_coins"  # tied (names), points, winner, coins (STANDING parts)
    TIE_BREAK_SHARED = "tie_break_shared"  # tied, points, winners, coins
    CLAIM_PARTLY_EXPLAINED = "claim_partly_explained"  # explained, gap
    CLAIM_UNEXPLAINED = "claim_unexplained"  # (no values)

    def __str__(self) -> str:
        return self.value


ALL_REASON_CODES: Final[tuple[ReasonCode, ...]] = tuple(ReasonCode)


class ProblemCode(str, Enum):
    """What a validation finding (or a notation error) says."""

    NOT_AN_OBJECT = "not_an_object"  # got (type name)
    UNKNOWN_FIELD = "unknown_field"  # key
    BOARDS_MISSING = "boards_missing"
    BOARDS_NOT_A_LIST = "boards_not_a_list"  # first, last, got
    UNKNOWN_BOARD = "unknown_board"  # board, first, last
    BOARD_TWICE = "board_twice"  # board
    NO_BOARD_ONE = "no_board_one"
    PREFERENCES_IGNORED = "preferences_ignored"
    PREFERENCES_MISSING = "preferences_missing"  # spaces
    PREFERENCES_NOT_AN_OBJECT = "preferences_not_an_object"  # got
    UNKNOWN_SPACE = "unknown_space"  # key, expected (the spaces' keys)
    SPACE_EMPTY = "space_empty"  # space
    MISSIONS_NOT_A_LIST = "missions_not_a_list"  # got
    MISSION_COUNT = "mission_count"  # given, needed
    MISSION_NOT_AN_OBJECT = "mission_not_an_object"  # index
    MISSION_FEATURES = "mission_features"  # index, got
    MISSION_FINISHERS_NOT_NAMES = "mission_finishers_not_names"  # index
    MISSION_SAME_FEATURE = "mission_same_feature"  # index, feature
    GARDEN_SHAPE = "garden_shape"  # size, got
    PLAYERS_NOT_A_LIST = "players_not_a_list"  # least, most
    PLAYER_COUNT = "player_count"  # given, least, most, table_least
    PLAYER_NOT_AN_OBJECT = "player_not_an_object"  # index
    PLAYER_NAME_EMPTY = "player_name_empty"  # index
    PLAYER_NAME_TWICE = "player_name_twice"  # name
    COINS_NOT_A_NUMBER = "coins_not_a_number"  # least, most, got
    COINS_OUT_OF_RANGE = "coins_out_of_range"  # least, most, got
    PHOTO_NOT_READ = "photo_not_read"  # photo
    GARDEN_MISSING = "garden_missing"  # size
    RULES_NOT_AN_OBJECT = "rules_not_an_object"
    UNKNOWN_RULE = "unknown_rule"  # key, known
    RULE_NOT_BOOLEAN = "rule_not_boolean"  # key, got
    TILE_TWICE = "tile_twice"  # tile (TileKind), other_cell, other_player (None: the same garden)
    EMPEROR_TILE_TWICE = "emperor_tile_twice"  # feature, first, second (game-file places)
    FINISHER_TWICE = "finisher_twice"  # name, index, features
    FINISHER_UNKNOWN = "finisher_unknown"  # name, index
    FINISHER_NOT_QUALIFIED = "finisher_not_qualified"  # index, features, counts (FEATURE_COUNT), needed
    QUALIFIER_NOT_LISTED = "qualifier_not_listed"  # index, features
    COIN_BONUS_LINE = "coin_bonus_line"  # line (LINE_* part), decor, coins
    # notation (NotationError)
    NOT_TEXT = "not_text"  # what, got
    UNKNOWN_NAME = "unknown_name"  # what, text, expected
    NOT_A_FEATURE = "not_a_feature"  # text
    NOT_A_TILE = "not_a_tile"  # text
    TILE_NOT_TEXT = "tile_not_text"  # got
    NOT_A_CELL = "not_a_cell"  # text, first, last
    GARDEN_TILE_COUNT = "garden_tile_count"  # needed, found
    AT_CELL = "at_cell"  # cell, problem (a nested notation reason)
    # game files whose players are photos (zengarden.gamefile)
    PHOTO_NOT_A_PATH = "photo_not_a_path"  # got
    PHOTO_NOT_FOUND = "photo_not_found"  # path
    PHOTOS_UNREADABLE = "photos_unreadable"  # detail (the reader's own message)
    PHOTO_READING_UNAVAILABLE = "photo_reading_unavailable"  # detail
    # parts nested in a problem's values
    LINE_ROW = "line_row"  # part: row (1-based)
    LINE_COLUMN = "line_column"  # part: column (letter)
    LINE_DIAGONAL = "line_diagonal"  # part: first, last (cells)

    def __str__(self) -> str:
        return self.value


ALL_PROBLEM_CODES: Final[tuple[ProblemCode, ...]] = tuple(ProblemCode)


def _plain(value: Any) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return "(" + ", ".join(_plain(v) for v in value) + ")"
    return str(value)


@dataclass(frozen=True)
class Reason:
    """Why: a code and the values a sentence needs (see :class:`ReasonCode` for each code's keys)."""

    code: ReasonCode | ProblemCode
    values: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __str__(self) -> str:
        """A language-free form for debugging: ``code(key=value, ...)``."""
        return f"{self.code.value}(" + ", ".join(f"{k}={_plain(v)}" for k, v in self.values.items()) + ")"


class Words(Protocol):
    """A language's wording of the engine's reasons (implemented by ``zengarden.wording``)."""

    def __call__(self, reason: Reason) -> str: ...


def plain_words(reason: Reason) -> str:
    """The language-free wording used when no language is given."""
    return str(reason)
