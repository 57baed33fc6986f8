"""Zen Garden rules engine: domain model, validation and final scoring.

The public API is re-exported here::

    from scorer import score_game, validate_game, parse_game, InvalidGameError
"""

from scorer.errors import InvalidGameError, NotationError, Problem, Severity
from scorer.explain import ALL_PROBLEM_CODES, ALL_REASON_CODES, ProblemCode, Reason, ReasonCode
from scorer.game import Game, Mission, Player, Rules, parse_game, qualifies, validate_game
from scorer.rules import CategoryScore, coin_bonus_lines, find_walkways, floor_areas
from scorer.score import GameResult, PlayerResult, score, score_game
from scorer.tiles import (
    ALL_CELLS,
    ALL_FEATURES,
    ALL_TILE_KINDS,
    Feature,
    Garden,
    Tile,
    TileKind,
    cell_name,
    parse_cell,
)

__all__ = [
    "ALL_CELLS",
    "ALL_FEATURES",
    "ALL_PROBLEM_CODES",
    "ALL_REASON_CODES",
    "ALL_TILE_KINDS",
    "CategoryScore",
    "Feature",
    "Game",
    "GameResult",
    "Garden",
    "InvalidGameError",
    "Mission",
    "NotationError",
    "Player",
    "PlayerResult",
    "Problem",
    "ProblemCode",
    "Reason",
    "ReasonCode",
    "Rules",
    "Severity",
    "Tile",
    "TileKind",
    "cell_name",
    "coin_bonus_lines",
    "find_walkways",
    "floor_areas",
    "parse_cell",
    "parse_game",
    "qualifies",
    "score",
    "score_game",
    "validate_game",
]
