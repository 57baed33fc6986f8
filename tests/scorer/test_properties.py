"""Properties over random valid games (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer import Feature, Garden, PlayerResult, Tile, score_game, validate_game
from scorer.errors import Severity
from scorer.randgame import random_game
from scorer.rules import score_major, score_minor
from scorer.tiles import ALL_FEATURES

games = st.randoms(use_true_random=False).map(random_game)


def points(player: PlayerResult) -> dict[str, int]:
    return {c.category.value: c.points for c in player.categories}


@settings(max_examples=150, deadline=None)
@given(games)
def test_random_games_are_valid(game: dict) -> None:
    assert [p for p in validate_game(game) if p.severity is Severity.ERROR] == []


@settings(max_examples=150, deadline=None)
@given(games)
def test_total_is_the_sum_of_categories_and_ranks_are_consistent(game: dict) -> None:
    result = score_game(game)
    for p in result.players:
        assert p.total == sum(c.points for c in p.categories)
        assert p.points("coins") == next(q["coins"] for q in game["players"] if q["name"] == p.name)
    best = max(p.total for p in result.players)
    assert all(p.total == best for p in result.players if p.name in result.winners)
    assert {p.name for p in result.players if p.rank == 1} == set(result.winners)


@settings(max_examples=100, deadline=None)
@given(games, st.integers(min_value=1, max_value=3), st.integers(min_value=0, max_value=3))
def test_scores_are_invariant_under_rotating_a_garden(game: dict, turns: int, which: int) -> None:
    before = score_game(game)
    index = which % len(game["players"])
    garden = Garden.from_rows(game["players"][index]["garden"])
    game["players"][index]["garden"] = garden.rotated(turns).to_lists()
    after = score_game(game)
    assert [points(p) for p in after.players] == [points(p) for p in before.players]


@settings(max_examples=100, deadline=None)
@given(games)
def test_player_order_does_not_change_anyones_score(game: dict) -> None:
    before = {p.name: points(p) for p in score_game(game).players}
    game["players"].reverse()
    after = {p.name: points(p) for p in score_game(game).players}
    assert after == before


def _with_feature(tile: Tile, feature: Feature) -> Tile:
    kind = feature.kind.value
    floor = feature.value if kind == "floor" else tile.floor
    path = feature.value if kind == "path" else tile.path
    decor = feature.value if kind == "decor" else tile.decor
    return Tile(floor, path, decor, tile.corner)  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(ALL_FEATURES), st.integers(0, 15))
def test_adding_a_tile_of_a_feature_never_lowers_minor_or_major(rnd: random.Random, feature: Feature,
                                                                  cell_index: int) -> None:
    garden = Garden.from_rows(random_game(rnd, players=1, boards=[1])["players"][0]["garden"])
    cell = divmod(cell_index, 4)
    changed = garden.replace(cell, _with_feature(garden[cell], feature))
    assert changed.count(feature) >= garden.count(feature)
    assert score_minor(changed, feature).points >= score_minor(garden, feature).points
    assert score_major(changed, feature).points >= score_major(garden, feature).points
    if not garden[cell].shows(feature):
        assert score_major(changed, feature).points == score_major(garden, feature).points + 2
