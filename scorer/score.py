"""Final scoring of a whole game: categories per player, totals, ranks, winners and tie-break."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.errors import InvalidGameError, Problem, Severity
from scorer.game import Game, check_game
from scorer.rules import (
    CategoryScore,
    score_coins,
    score_decor,
    score_detail,
    score_major,
    score_majority,
    score_minimalism,
    score_minor,
    score_missions,
    score_unity,
    score_walkways,
)
from scorer.vocab import Board, Category, Space


@dataclass(frozen=True)
class PlayerResult:
    name: str
    coins: int
    categories: tuple[CategoryScore, ...]
    rank: int

    @property
    def total(self) -> int:
        return sum(c.points for c in self.categories)

    def points(self, category: Category) -> int | None:
        for c in self.categories:
            if c.category is category:
                return c.points
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "total": self.total,
            "rank": self.rank,
            "categories": {c.category.value: c.points for c in self.categories},
            "explanations": {c.category.value: c.to_dict() for c in self.categories},
        }


@dataclass(frozen=True)
class GameResult:
    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]
    tie_break: str | None
    warnings: tuple[Problem, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [p.to_dict() for p in self.players],
            "winners": list(self.winners),
            "tie_break": self.tie_break,
            "warnings": [w.to_dict() for w in self.warnings],
        }


def categories_in_play(boards: Sequence[Board]) -> tuple[Category, ...]:
    """Result keys for the boards in play, in score-sheet order."""
    keys = [Category.COINS]
    if Board.BASICS in boards:
        keys += [Category.WALKWAYS, Category.DECOR, Category.MINOR, Category.MAJOR, Category.MAJORITY,
                 Category.DETAIL]
    if Board.UNITY in boards:
        keys.append(Category.UNITY)
    if Board.MINIMALISTIC in boards:
        keys.append(Category.MINIMALISM)
    if Board.TWO_MISSIONS in boards or Board.ONE_MISSION in boards:
        keys.append(Category.MISSIONS)
    return tuple(keys)


def _rank(totals: Sequence[tuple[int, int]]) -> list[int]:
    """Competition ranking on (total, coins): equal pairs share a rank."""
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


def _tie_break(names: Sequence[str], totals: Sequence[int], coins: Sequence[int]) -> tuple[tuple[str, ...], str | None]:
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    if len(tied) == 1:
        return (names[tied[0]],), None
    most = max(coins[i] for i in tied)
    winners = tuple(names[i] for i in tied if coins[i] == most)
    who = " and ".join(names[i] for i in tied)
    coin_text = ", ".join(f"{names[i]} {coins[i]}" for i in tied)
    if len(winners) == 1:
        return winners, f"{who} tied on {best} points; {winners[0]} wins with the most coins left ({coin_text})"
    return winners, (f"{who} tied on {best} points; {' and '.join(winners)} also tied on coins ({coin_text}): "
                     "shared victory")


def score(game: Game) -> GameResult:
    """Score a validated game."""
    names = [p.name for p in game.players]
    gardens = [p.garden for p in game.players]
    per_player: list[list[CategoryScore]] = [[score_coins(p.coins)] for p in game.players]
    if Board.BASICS in game.boards:
        prefs = game.preferences
        majority = score_majority(gardens, names, prefs[Space.MAJORITY], game.rules.majority_needs_a_tile)
        for i, garden in enumerate(gardens):
            per_player[i] += [
                score_walkways(garden),
                score_decor(garden),
                score_minor(garden, prefs[Space.MINOR]),
                score_major(garden, prefs[Space.MAJOR]),
                majority[i],
                score_detail(garden, prefs[Space.DETAIL]),
            ]
    for i, (name, garden) in enumerate(zip(names, gardens)):
        if Board.UNITY in game.boards:
            per_player[i].append(score_unity(garden))
        if Board.MINIMALISTIC in game.boards:
            per_player[i].append(score_minimalism(garden))
        if Board.TWO_MISSIONS in game.boards or Board.ONE_MISSION in game.boards:
            per_player[i].append(score_missions(garden, name, game.missions))
    totals = [sum(c.points for c in cats) for cats in per_player]
    coins = [p.coins for p in game.players]
    ranks = _rank(list(zip(totals, coins)))
    winners, tie_break = _tie_break(names, totals, coins)
    players = tuple(
        PlayerResult(name, c, tuple(cats), rank) for name, c, cats, rank in zip(names, coins, per_player, ranks)
    )
    return GameResult(players, winners, tie_break)


def score_game(data: Mapping[str, Any]) -> dict[str, Any]:
    """Score a parsed game file; returns the result contract plus explanations and warnings.

    Every player needs a ``"garden"``; a game file whose players are photos is scored by
    :func:`zengarden.gamefile.score_game_file`. Raises :class:`InvalidGameError` (a ``ValueError``)
    listing every problem.
    """
    game, problems = check_game(data)
    if game is None:
        raise InvalidGameError([p for p in problems if p.severity is Severity.ERROR])
    result = score(game)
    warnings = tuple(p for p in problems if p.severity is not Severity.ERROR)
    out = GameResult(result.players, result.winners, result.tie_break, warnings).to_dict()
    out["boards"] = [int(b) for b in game.boards]
    return out
