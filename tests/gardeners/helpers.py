"""Shared helpers for the Gardeners tests."""

from __future__ import annotations

from gardeners.garden import Cell, Garden, parse_cell


def garden(text: str) -> Garden:
    return Garden.parse(text)


def cells(*names: str) -> tuple[Cell, ...]:
    """Cell names -> sorted (row, col) tuple, as verdicts report them."""
    return tuple(sorted(parse_cell(n) for n in names))


def bare(size: int, **tiles: str) -> Garden:
    """A complete garden of bare grass tiles with some cells replaced: ``bare(4, A1="GTr")``."""
    rows = [["G"] * size for _ in range(size)]
    for name, token in tiles.items():
        r, c = parse_cell(name)
        rows[r][c] = token
    return Garden.parse("\n".join(" ".join(row) for row in rows))
