"""Zen Garden rules engine: domain model, validation and final scoring."""

from scorer.errors import InvalidGameError, NotationError, Problem, Severity
from scorer.tiles import ALL_CELLS, ALL_FEATURES, ALL_TILE_KINDS, Feature, Garden, Tile, TileKind, cell_name

__all__ = [
    "ALL_CELLS",
    "ALL_FEATURES",
    "ALL_TILE_KINDS",
    "Feature",
    "Garden",
    "InvalidGameError",
    "NotationError",
    "Problem",
    "Severity",
    "Tile",
    "TileKind",
    "cell_name",
]
