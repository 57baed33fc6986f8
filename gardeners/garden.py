"""Elements, tiles and gardens: small immutable types with a text notation that round-trips.

Garden notation: one line per row, top row first; cells separated by spaces. A cell is ``.``
(no tile there yet) or a tile: the background letter (``G`` grass, ``D`` dirt) followed by the
element code, nothing for a bare tile:

=============  =====================================================
``G`` / ``D``  a bare grass / dirt tile (element "nothing")
``Tr`` ``Ty``  a tree with red / yellow fruit
``Fr`` ``Fy``  a red / yellow / blue flower
``Fb``
``Bn`` …       a bench facing north / east / south / west (``Bn Be Bs Bw``)
``H`` + sides  a hedge with the sides it connects to, e.g. ``Hns`` (straight), ``Hes`` (corner)
``S``          a statue
=============  =====================================================

so ``GTr DFb GBn DHes G .`` is a row. Letters are case-insensitive when parsing; :meth:`Garden.format`
writes the canonical form (background upper-case, element letter upper-case, parameters lower-case,
hedge sides in N E S W order) and :meth:`Garden.parse` inverts it exactly.

Cells are named like a spreadsheet: column letter then row number, ``A1`` (top-left) to ``F6``.
In code they are ``(row, col)`` pairs, 0-based. North is the top row.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final

from gardeners.errors import NotationError, Problem
from gardeners.vocab import (
    ALL_DIRECTIONS,
    FLOWER_COLOURS,
    FRUIT_COLOURS,
    SIZES,
    Background,
    Colour,
    Direction,
    ElementKind,
)

Cell = tuple[int, int]

COLUMN_LETTERS: Final = "ABCDEF"
EMPTY_CELL: Final = "."

_ELEMENT_LETTER: Final[dict[ElementKind, str]] = {
    ElementKind.TREE: "T",
    ElementKind.FLOWER: "F",
    ElementKind.BENCH: "B",
    ElementKind.HEDGE: "H",
    ElementKind.STATUE: "S",
    ElementKind.NOTHING: "",
}
_KIND_BY_LETTER: Final = {letter: kind for kind, letter in _ELEMENT_LETTER.items() if letter}
_COLOUR_BY_LETTER: Final = {"r": Colour.RED, "y": Colour.YELLOW, "b": Colour.BLUE}
_DIRECTION_BY_LETTER: Final = {d.value: d for d in ALL_DIRECTIONS}


def cell_name(cell: Cell) -> str:
    """``(row, col)`` -> ``"A1"``-style name (column letter, row number)."""
    row, col = cell
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def cells_text(cells: Iterable[Cell]) -> str:
    names = [cell_name(c) for c in sorted(cells)]
    return ", ".join(names) if names else "none"


def parse_cell(name: str, size: int = max(SIZES)) -> Cell:
    """``"B3"`` -> ``(2, 1)``. Raises :class:`NotationError` for anything outside a ``size``×``size`` garden."""
    m = re.fullmatch(r"\s*([A-Za-z])(\d+)\s*", name) if isinstance(name, str) else None
    if m:
        row, col = int(m.group(2)) - 1, COLUMN_LETTERS.find(m.group(1).upper())
        if 0 <= row < size and 0 <= col < size:
            return row, col
    last = cell_name((size - 1, size - 1))
    raise NotationError([f"not a cell name (A1…{last}): {name!r}"])


@dataclass(frozen=True)
class Element:
    """What stands on a tile: its kind plus the colour (tree, flower), facing (bench) or sides (hedge)."""

    kind: ElementKind = ElementKind.NOTHING
    colour: Colour | None = None
    facing: Direction | None = None
    sides: frozenset[Direction] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise NotationError(problems)

    def problems(self) -> list[str]:
        out = []
        kind = self.kind
        if kind is ElementKind.TREE and self.colour not in FRUIT_COLOURS:
            out.append(f"a tree's fruit is red or yellow, not {self.colour}")
        elif kind is ElementKind.FLOWER and self.colour not in FLOWER_COLOURS:
            out.append(f"a flower is red, yellow or blue, not {self.colour}")
        elif kind not in (ElementKind.TREE, ElementKind.FLOWER) and self.colour is not None:
            out.append(f"a {kind} has no colour")
        if kind is ElementKind.BENCH and self.facing is None:
            out.append("a bench needs the direction it faces")
        elif kind is not ElementKind.BENCH and self.facing is not None:
            out.append(f"only a bench faces a direction, not a {kind}")
        if kind is ElementKind.HEDGE and not self.sides:
            out.append("a hedge needs the sides it connects to (e.g. Hns)")
        elif kind is not ElementKind.HEDGE and self.sides:
            out.append(f"only a hedge has connecting sides, not a {kind}")
        return out

    @property
    def code(self) -> str:
        """The element part of the tile notation, e.g. ``Tr``, ``Be``, ``Hnes``, ``S``, ``""``."""
        text = _ELEMENT_LETTER[self.kind]
        if self.colour is not None:
            text += self.colour.value[0]
        if self.facing is not None:
            text += self.facing.value
        if self.sides:
            text += "".join(d.value for d in ALL_DIRECTIONS if d in self.sides)
        return text

    def describe(self) -> str:
        if self.kind is ElementKind.TREE:
            return f"tree with {self.colour} fruit"
        if self.kind is ElementKind.FLOWER:
            return f"{self.colour} flower"
        if self.kind is ElementKind.BENCH:
            return f"bench facing {str(self.facing).upper()}"
        if self.kind is ElementKind.HEDGE:
            return "hedge " + "".join(d.value.upper() for d in ALL_DIRECTIONS if d in self.sides)
        return str(self.kind)

    def rotated_cw(self) -> Element:
        """The same element after its tile turns a quarter clockwise (benches and hedges turn)."""
        facing = self.facing.rotated_cw() if self.facing is not None else None
        sides = frozenset(d.rotated_cw() for d in self.sides)
        return Element(self.kind, self.colour, facing, sides)


NOTHING: Final = Element()


@dataclass(frozen=True)
class Tile:
    """A garden tile as placed: its background and the element standing on it."""

    background: Background
    element: Element = NOTHING

    @property
    def kind(self) -> ElementKind:
        return self.element.kind

    @classmethod
    def parse(cls, text: str) -> Tile:
        """``"GTr"`` -> grass tile with a red-fruit tree. Raises :class:`NotationError`."""
        tile, problems = _parse_tile(text)
        if tile is None:
            raise NotationError(problems)
        return tile

    def format(self) -> str:
        return self.background.letter + self.element.code

    def describe(self) -> str:
        if self.kind is ElementKind.NOTHING:
            return f"bare {self.background} tile"
        return f"{self.element.describe()} on {self.background}"

    def rotated_cw(self) -> Tile:
        return Tile(self.background, self.element.rotated_cw())

    def __str__(self) -> str:
        return self.format()


def _parse_tile(text: object) -> tuple[Tile | None, list[str]]:
    if not isinstance(text, str):
        return None, [f"a tile is text like 'GTr', got {text!r}"]
    token = text.strip()
    m = re.fullmatch(r"([GgDd])(?:([TtFfBbHhSs])([A-Za-z]*))?", token)
    if not m:
        return None, [f"not a tile: {token!r} (background G or D, then T/F/B/H/S and its parameters, e.g. GTr)"]
    background = Background.GRASS if m.group(1).upper() == "G" else Background.DIRT
    if m.group(2) is None:
        return Tile(background), []
    kind = _KIND_BY_LETTER[m.group(2).upper()]
    params = m.group(3).lower()
    colour: Colour | None = None
    facing: Direction | None = None
    sides: frozenset[Direction] = frozenset()
    problem = None
    if kind is ElementKind.TREE:
        colour = _COLOUR_BY_LETTER.get(params) if params in ("r", "y") else None
        if colour is None:
            problem = f"a tree is Tr (red fruit) or Ty (yellow fruit), not {token!r}"
    elif kind is ElementKind.FLOWER:
        colour = _COLOUR_BY_LETTER.get(params)
        if colour is None:
            problem = f"a flower is Fr, Fy or Fb (red, yellow, blue), not {token!r}"
    elif kind is ElementKind.BENCH:
        facing = _DIRECTION_BY_LETTER.get(params)
        if facing is None:
            problem = f"a bench is Bn, Be, Bs or Bw (the direction it faces), not {token!r}"
    elif kind is ElementKind.HEDGE:
        letters = list(params)
        if not letters or any(x not in _DIRECTION_BY_LETTER for x in letters) or len(set(letters)) != len(letters):
            problem = f"a hedge is H then its connecting sides, each of n e s w at most once (e.g. Hns), not {token!r}"
        else:
            sides = frozenset(_DIRECTION_BY_LETTER[x] for x in letters)
    elif params:  # statue
        problem = f"a statue is just S, not {token!r}"
    if problem:
        return None, [problem]
    return Tile(background, Element(kind, colour, facing, sides)), []


Row = tuple[Tile | None, ...]


@dataclass(frozen=True)
class Garden:
    """A square garden of 4×4, 5×5 or 6×6 cells, top row first; ``None`` is a cell with no tile."""

    rows: tuple[Row, ...]

    def __post_init__(self) -> None:
        n = len(self.rows)
        if n not in SIZES or any(len(row) != n for row in self.rows):
            shape = [len(row) for row in self.rows]
            raise NotationError([f"a garden is a square of 4×4, 5×5 or 6×6 cells; got rows of lengths {shape}"])
        for row in self.rows:
            for tile in row:
                if tile is not None and not isinstance(tile, Tile):
                    raise NotationError([f"garden cells must be Tile objects or None, got {tile!r}"])

    @property
    def size(self) -> int:
        return len(self.rows)

    # --- notation --------------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str | Sequence[str]) -> Garden:
        """Parse the notation: one string of lines, or a list of row strings. Inverse of :meth:`format`.

        Raises :class:`NotationError` listing every bad cell and every bad row, each with its line
        and column (1-based; a list's line numbers are its indices + 1).
        """
        if isinstance(text, str):
            lines = text.split("\n")
        elif isinstance(text, Sequence) and all(isinstance(x, str) for x in text):
            lines = list(text)
        else:
            raise NotationError([f"a garden is text (one line per row) or a list of row strings, got {text!r}"])
        problems: list[Problem] = []
        grid: list[tuple[int, list[Tile | None]]] = []
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            row: list[Tile | None] = []
            for m in re.finditer(r"\S+", line):
                token = m.group()
                if token == EMPTY_CELL:
                    row.append(None)
                    continue
                tile, errors = _parse_tile(token)
                problems.extend(Problem(e, line=number, column=m.start() + 1) for e in errors)
                row.append(tile)
            grid.append((number, row))
        n = len(grid)
        if n not in SIZES:
            problems.append(Problem(f"a garden has 4, 5 or 6 rows; found {n}"))
        else:
            for number, row in grid:
                if len(row) != n:
                    problems.append(Problem(f"this row has {len(row)} cells; a {n}×{n} garden needs {n}", line=number))
        if problems:
            raise NotationError(problems)
        return cls(tuple(tuple(row) for _, row in grid))

    def format(self) -> str:
        """One row per line, cells separated by single spaces."""
        return "\n".join(self.to_lines())

    def to_lines(self) -> list[str]:
        """The JSON form: a list of row strings."""
        return [" ".join(EMPTY_CELL if t is None else t.format() for t in row) for row in self.rows]

    def __str__(self) -> str:
        return self.format()

    # --- access ----------------------------------------------------------------------------------

    def __getitem__(self, cell: Cell) -> Tile | None:
        row, col = cell
        return self.rows[row][col]

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def all_cells(self) -> Iterator[Cell]:
        n = self.size
        for r in range(n):
            for c in range(n):
                yield r, c

    def tiles(self) -> Iterator[tuple[Cell, Tile]]:
        """Every placed tile with its cell, in reading order."""
        for cell in self.all_cells():
            tile = self[cell]
            if tile is not None:
                yield cell, tile

    def empty_cells(self) -> tuple[Cell, ...]:
        return tuple(cell for cell in self.all_cells() if self[cell] is None)

    def neighbours(self, cell: Cell) -> Iterator[tuple[Direction, Cell]]:
        """The orthogonal neighbour cells inside the square, with the direction to each."""
        for d in ALL_DIRECTIONS:
            other = (cell[0] + d.delta[0], cell[1] + d.delta[1])
            if self.inside(other):
                yield d, other

    def on_ring(self, cell: Cell) -> bool:
        """Whether the cell is on the outer ring of the square."""
        n = self.size
        return cell[0] in (0, n - 1) or cell[1] in (0, n - 1)

    # --- transformations -------------------------------------------------------------------------

    def rotated_cw(self) -> Garden:
        """The garden turned a quarter clockwise: cells move, benches and hedges turn with their tiles."""
        n = self.size
        return Garden(
            tuple(
                tuple(None if (t := self.rows[n - 1 - c][r]) is None else t.rotated_cw() for c in range(n))
                for r in range(n)
            )
        )

    def rotated(self, quarter_turns_cw: int) -> Garden:
        garden = self
        for _ in range(quarter_turns_cw % 4):
            garden = garden.rotated_cw()
        return garden

    def replace(self, cell: Cell, tile: Tile | None) -> Garden:
        """A copy with one cell changed."""
        rows = [list(row) for row in self.rows]
        rows[cell[0]][cell[1]] = tile
        return Garden(tuple(tuple(row) for row in rows))

    @classmethod
    def empty(cls, size: int) -> Garden:
        return cls(tuple(tuple(None for _ in range(size)) for _ in range(size)))


def rotate_cell_cw(cell: Cell, size: int) -> Cell:
    """Where a cell of a ``size``×``size`` garden goes when the garden turns a quarter clockwise."""
    return cell[1], size - 1 - cell[0]
