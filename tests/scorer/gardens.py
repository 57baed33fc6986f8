"""Compact garden construction for readable tests.

Each attribute is a 4-line grid of one-letter codes (rows separated by ``/`` or whitespace):

* floors: S sand, G gravel, T trees, C clay, W water, B cherry_blossom
* paths:  s sand, w wood, t stone
* decors: P pagoda, B bench, U buddha, G gate, C crane
* corners (numeric keypad layout): 7 nw, 9 ne, 1 sw, 3 se
"""

from __future__ import annotations

from scorer import Garden, Tile

FLOORS = {"S": "sand", "G": "gravel", "T": "trees", "C": "clay", "W": "water", "B": "cherry_blossom"}
PATHS = {"s": "sand", "w": "wood", "t": "stone"}
DECORS = {"P": "pagoda", "B": "bench", "U": "buddha", "G": "gate", "C": "crane"}
CORNERS = {"7": "nw", "9": "ne", "1": "sw", "3": "se"}


def _cells(grid: str) -> list[list[str]]:
    rows = [r for r in grid.replace("/", " ").split() if r]
    assert len(rows) == 4 and all(len(r) == 4 for r in rows), f"bad grid {grid!r}"
    return [list(r) for r in rows]


def build(floors: str, paths: str = "ssss/wwww/tttt/ssss", decors: str = "PBUG/CPBU/GCPB/UGCP",
          corners: str = "3333/3333/3333/3333") -> Garden:
    f, p, d, c = _cells(floors), _cells(paths), _cells(decors), _cells(corners)
    return Garden.from_rows(
        [
            [Tile.parse(f"{FLOORS[f[r][k]]}/{PATHS[p[r][k]]}/{DECORS[d[r][k]]}/{CORNERS[c[r][k]]}") for k in range(4)]
            for r in range(4)
        ]
    )
