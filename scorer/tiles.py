"""Features, tiles and gardens: small immutable types with a text notation that round-trips.

Notation (see ``shared/zen-garden-rules.md``):

* a feature is ``kind:value``, e.g. ``floor:water``;
* a tile is ``floor/path/decor/corner``, e.g. ``water/stone/gate/se``;
* a garden is four rows of four tiles, top row first. :meth:`Garden.format` writes one row per
  line with tiles separated by spaces; :meth:`Garden.parse` accepts that, or any whitespace,
  ``,``, ``;`` or ``|`` between the 16 tiles, or a 4×4 nested list of tile strings.

Cells are named like a spreadsheet: column letter then row number, ``A1`` (top-left) to
``D4`` (bottom-right). In code they are ``(row, col)`` pairs, 0-based.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, Union

from scorer.errors import NotationError
from scorer.explain import ProblemCode, Reason
from scorer.vocab import (
    ALL_CORNERS,
    ALL_DECORS,
    ALL_FEATURE_KINDS,
    ALL_FLOORS,
    ALL_PATHS,
    COLUMN_LETTERS,
    GRID_SIZE,
    Corner,
    Decor,
    FeatureKind,
    Floor,
    PathMaterial,
)

Cell = tuple[int, int]
FeatureValue = Union[Floor, PathMaterial, Decor]

_VALUES_BY_KIND: Final[dict[FeatureKind, tuple[FeatureValue, ...]]] = {
    FeatureKind.FLOOR: ALL_FLOORS,
    FeatureKind.PATH: ALL_PATHS,
    FeatureKind.DECOR: ALL_DECORS,
}


ALL_CELLS: Final[tuple[Cell, ...]] = tuple((r, c) for r in range(GRID_SIZE) for c in range(GRID_SIZE))
_CELL_NAME: Final = re.compile(rf"\s*([{COLUMN_LETTERS}{COLUMN_LETTERS.lower()}])([1-{GRID_SIZE}])\s*")


def cell_name(cell: Cell) -> str:
    """``(row, col)`` -> ``"A1"``-style name (column letter, row number)."""
    row, col = cell
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def parse_cell(name: str) -> Cell:
    """``"B3"`` -> ``(2, 1)``. Raises :class:`NotationError` for anything else."""
    m = _CELL_NAME.fullmatch(name)
    if not m:
        raise NotationError(ProblemCode.NOT_A_CELL, text=repr(name), first=ALL_CELLS[0], last=ALL_CELLS[-1])
    return int(m.group(2)) - 1, COLUMN_LETTERS.index(m.group(1).upper())




_BY_VALUE: dict[int, dict[str, Any]] = {}


def _lookup(enum_values: Sequence[Any], text: str, what: str) -> Any:
    """The member of `enum_values` whose value is `text` (case, spaces and dashes forgiven)."""
    table = _BY_VALUE.get(id(enum_values))
    if table is None:
        table = _BY_VALUE[id(enum_values)] = {m.value: m for m in enum_values}
    member = table.get(text)
    if member is not None:
        return member
    if not isinstance(text, str):
        raise NotationError(ProblemCode.NOT_TEXT, what=what, got=repr(text))
    member = table.get(text.strip().lower().replace("-", "_").replace(" ", "_"))
    if member is not None:
        return member
    raise NotationError(ProblemCode.UNKNOWN_NAME, what=what, text=repr(text), expected=tuple(enum_values))


def parse_floor(text: str) -> Floor:
    return _lookup(ALL_FLOORS, text, "floor")


def parse_path(text: str) -> PathMaterial:
    return _lookup(ALL_PATHS, text, "path")


def parse_decor(text: str) -> Decor:
    return _lookup(ALL_DECORS, text, "decor")


def parse_corner(text: str) -> Corner:
    return _lookup(ALL_CORNERS, text, "corner")


@dataclass(frozen=True, order=True)
class Feature:
    """What an Emperor tile names: one floor, one path material or one decor."""

    kind: FeatureKind
    value: FeatureValue

    def __post_init__(self) -> None:
        if self.value not in _VALUES_BY_KIND[self.kind]:
            raise NotationError(ProblemCode.UNKNOWN_NAME, what=self.kind.value, text=repr(self.value),
                                expected=_VALUES_BY_KIND[self.kind])

    @classmethod
    def parse(cls, text: str) -> Feature:
        """``"floor:water"`` -> ``Feature(FLOOR, Floor.WATER)``."""
        if not isinstance(text, str) or text.count(":") != 1:
            raise NotationError(ProblemCode.NOT_A_FEATURE, text=repr(text))
        kind_text, value_text = text.split(":")
        kind = _lookup(ALL_FEATURE_KINDS, kind_text, "kind")
        return cls(kind, _lookup(_VALUES_BY_KIND[kind], value_text, kind.value))

    def format(self) -> str:
        return f"{self.kind.value}:{self.value.value}"

    def __str__(self) -> str:
        return self.format()


ALL_FEATURES: Final[tuple[Feature, ...]] = tuple(
    Feature(kind, value) for kind in ALL_FEATURE_KINDS for value in _VALUES_BY_KIND[kind]
)


@dataclass(frozen=True, order=True)
class TileKind:
    """A physical tile: floor + path material + decor. Exactly one of each exists (90 in all)."""

    floor: Floor
    path: PathMaterial
    decor: Decor

    def format(self) -> str:
        return f"{self.floor.value}/{self.path.value}/{self.decor.value}"

    def __str__(self) -> str:
        return self.format()


@dataclass(frozen=True, order=True)
class Tile:
    """A tile as placed in a garden: the physical tile plus the corner its path wraps."""

    floor: Floor
    path: PathMaterial
    decor: Decor
    corner: Corner

    @classmethod
    def parse(cls, text: str) -> Tile:
        """``"water/stone/gate/se"`` -> ``Tile``. Raises :class:`NotationError`."""
        if isinstance(text, Tile):
            return text
        if not isinstance(text, str):
            raise NotationError(ProblemCode.TILE_NOT_TEXT, got=repr(text))
        return _parse_tile_text(text)

    def format(self) -> str:
        return f"{self.floor.value}/{self.path.value}/{self.decor.value}/{self.corner.value}"

    def __str__(self) -> str:
        return self.format()

    @property
    def kind(self) -> TileKind:
        return TileKind(self.floor, self.path, self.decor)

    def shows(self, feature: Feature) -> bool:
        """Whether this tile shows the feature an Emperor tile names."""
        if feature.kind is FeatureKind.FLOOR:
            return self.floor is feature.value
        if feature.kind is FeatureKind.PATH:
            return self.path is feature.value
        return self.decor is feature.value

    def rotated_cw(self) -> Tile:
        """The same tile turned a quarter clockwise (only the corner changes)."""
        return Tile(self.floor, self.path, self.decor, self.corner.rotated_cw())


ALL_TILE_KINDS: Final[tuple[TileKind, ...]] = tuple(
    TileKind(f, p, d) for f in ALL_FLOORS for p in ALL_PATHS for d in ALL_DECORS
)


@lru_cache(maxsize=4096)
def _parse_tile_text(text: str) -> Tile:
    parts = text.strip().split("/")
    if len(parts) != 4:
        raise NotationError(ProblemCode.NOT_A_TILE, text=repr(text))
    return Tile(parse_floor(parts[0]), parse_path(parts[1]), parse_decor(parts[2]), parse_corner(parts[3]))


TileLike = Union[Tile, str]


@dataclass(frozen=True)
class Garden:
    """A finished 4×4 garden, top row first, as seen in the photo. Immutable and hashable."""

    rows: tuple[tuple[Tile, ...], ...]

    def __post_init__(self) -> None:
        if len(self.rows) != GRID_SIZE or any(len(row) != GRID_SIZE for row in self.rows):
            shape = [len(row) for row in self.rows]
            raise NotationError(ProblemCode.GARDEN_SHAPE, size=GRID_SIZE, got=repr(shape))
        for row in self.rows:
            for tile in row:
                if not isinstance(tile, Tile):
                    raise NotationError(ProblemCode.TILE_NOT_TEXT, got=repr(tile))

    @classmethod
    def from_rows(cls, rows: Iterable[Iterable[TileLike]]) -> Garden:
        """Build from a 4×4 nested list of tiles or tile strings. Raises :class:`NotationError`
        naming every bad cell."""
        if isinstance(rows, (str, bytes)) or not isinstance(rows, Iterable):
            raise NotationError(ProblemCode.GARDEN_SHAPE, size=GRID_SIZE, got=type(rows).__name__)
        grid = [list(row) if isinstance(row, (list, tuple)) else row for row in rows]
        if len(grid) != GRID_SIZE or any(not isinstance(row, list) or len(row) != GRID_SIZE for row in grid):
            shape = [len(row) if isinstance(row, list) else type(row).__name__ for row in grid]
            raise NotationError(ProblemCode.GARDEN_SHAPE, size=GRID_SIZE, got=repr(shape))
        parsed: list[list[Tile]] = []
        problems: list[Reason] = []
        for r, row in enumerate(grid):
            out: list[Tile] = []
            for c, text in enumerate(row):
                try:
                    out.append(Tile.parse(text))
                except NotationError as exc:
                    problems.append(Reason(ProblemCode.AT_CELL, {"cell": (r, c), "problem": exc.reason}))
            parsed.append(out)
        if problems:
            raise NotationError(ProblemCode.AT_CELL, problems, **problems[0].values)
        return cls(tuple(tuple(row) for row in parsed))

    @classmethod
    def parse(cls, text: str) -> Garden:
        """Parse the text notation (16 tiles, row by row). Inverse of :meth:`format`."""
        tokens = [t for t in re.split(r"[\s,;|]+", text.strip()) if t]
        if len(tokens) != GRID_SIZE * GRID_SIZE:
            raise NotationError(ProblemCode.GARDEN_TILE_COUNT, needed=len(ALL_CELLS), found=len(tokens))
        return cls.from_rows([tokens[i : i + GRID_SIZE] for i in range(0, len(tokens), GRID_SIZE)])

    def format(self) -> str:
        """One row per line, tiles separated by single spaces."""
        return "\n".join(" ".join(t.format() for t in row) for row in self.rows)

    def to_lists(self) -> list[list[str]]:
        """The JSON form: a 4×4 nested list of tile strings."""
        return [[t.format() for t in row] for row in self.rows]

    def __str__(self) -> str:
        return self.format()

    def __getitem__(self, cell: Cell) -> Tile:
        row, col = cell
        return self.rows[row][col]

    def __iter__(self) -> Iterator[Tile]:
        for row in self.rows:
            yield from row

    def cells(self) -> Iterator[tuple[Cell, Tile]]:
        for r, row in enumerate(self.rows):
            for c, tile in enumerate(row):
                yield (r, c), tile

    def cells_showing(self, feature: Feature) -> tuple[Cell, ...]:
        return tuple(cell for cell, tile in self.cells() if tile.shows(feature))

    def count(self, feature: Feature) -> int:
        return sum(1 for tile in self if tile.shows(feature))

    def rotated_cw(self) -> Garden:
        """The garden turned a quarter clockwise: cells move and every path corner turns too."""
        n = GRID_SIZE
        return Garden(
            tuple(tuple(self.rows[n - 1 - c][r].rotated_cw() for c in range(n)) for r in range(n))
        )

    def rotated(self, quarter_turns_cw: int) -> Garden:
        garden = self
        for _ in range(quarter_turns_cw % 4):
            garden = garden.rotated_cw()
        return garden

    def replace(self, cell: Cell, tile: Tile) -> Garden:
        """A copy with one cell changed."""
        r, c = cell
        rows = [list(row) for row in self.rows]
        rows[r][c] = tile
        return Garden(tuple(tuple(row) for row in rows))
