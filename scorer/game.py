"""Game setup and players, parsed from the game-file JSON with validation that collects every problem.

``parse_game(data)`` returns a :class:`Game` or raises :class:`InvalidGameError` listing all errors;
``validate_game(data)`` returns every error, warning and info without raising.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from scorer.errors import InvalidGameError, NotationError, Problem, Severity
from scorer.tiles import Cell, Feature, Garden, Tile, TileKind, cell_name
from scorer.vocab import (
    ALL_BOARDS,
    ALL_SPACES,
    COIN_BONUS_LINE,
    GRID_SIZE,
    MAX_COINS,
    MAX_PLAYERS,
    MIN_COINS,
    MIN_PLAYERS,
    MISSION_MIN_COUNT,
    MISSION_POINTS,
    MISSIONS_PER_BOARD,
    Board,
    Space,
)

_BOARD_NUMBERS = frozenset(int(b) for b in ALL_BOARDS)
_BOARD_RANGE = f"{min(_BOARD_NUMBERS)}–{max(_BOARD_NUMBERS)}"
_COIN_RANGE = f"{MIN_COINS}–{MAX_COINS}"


@dataclass(frozen=True)
class Rules:
    """Choices the rulebook leaves open. Each default is documented in the README.

    ``majority_needs_a_tile``: a player with 0 tiles showing the majority feature takes no place
    (no 8 or 4 points for zero tiles). Set False to let zero counts place like any other count.
    """

    majority_needs_a_tile: bool = True

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        known = {f.name for f in fields(cls)}
        return cls(**{k: bool(v) for k, v in data.items() if k in known})

    def to_dict(self) -> dict[str, bool]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class Mission:
    """A mission of board 4 or 5: two features, and the players in the order they completed it."""

    features: tuple[Feature, Feature]
    completed_by: tuple[str, ...] = ()

    def label(self) -> str:
        return " + ".join(f.format() for f in self.features)


@dataclass(frozen=True)
class Player:
    name: str
    coins: int
    garden: Garden
    photo: str | None = None


@dataclass(frozen=True)
class Game:
    boards: tuple[Board, ...]
    players: tuple[Player, ...]
    preferences: Mapping[Space, Feature] = field(default_factory=dict)
    missions: tuple[Mission, ...] = ()
    rules: Rules = Rules()

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        """The game-file form (round-trips through :func:`parse_game`)."""
        data: dict[str, Any] = {"boards": [int(b) for b in self.boards]}
        if self.preferences:
            data["preferences"] = {s.value: self.preferences[s].format() for s in ALL_SPACES if s in self.preferences}
        if self.missions:
            data["missions"] = [
                {"features": [f.format() for f in m.features], "completed_by": list(m.completed_by)}
                for m in self.missions
            ]
        data["players"] = [
            {"name": p.name, "coins": p.coins, "garden": p.garden.to_lists()} for p in self.players
        ]
        if self.rules != Rules():
            data["rules"] = self.rules.to_dict()
        return data


def expected_mission_count(boards: Sequence[Board]) -> int:
    return sum(MISSIONS_PER_BOARD.get(b, 0) for b in boards)


def qualifies(garden: Garden, features: Sequence[Feature]) -> bool:
    """Whether a garden completes a mission: each feature shown on at least ``MISSION_MIN_COUNT`` tiles."""
    return all(garden.count(f) >= MISSION_MIN_COUNT for f in features)


# --- parsing with problem collection -----------------------------------------------------------


class _Collector:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def error(self, message: str, **where: str | None) -> None:
        self.problems.append(Problem(Severity.ERROR, message, **where))

    def warning(self, message: str, **where: str | None) -> None:
        self.problems.append(Problem(Severity.WARNING, message, **where))

    def info(self, message: str, **where: str | None) -> None:
        self.problems.append(Problem(Severity.INFO, message, **where))

    @property
    def has_errors(self) -> bool:
        return any(p.severity is Severity.ERROR for p in self.problems)


def _parse_boards(data: Mapping[str, Any], out: _Collector) -> tuple[Board, ...]:
    raw = data.get("boards")
    if raw is None:
        out.error("'boards' is missing (a list such as [1, 2, 3, 4, 5])", field="boards")
        return ()
    if not isinstance(raw, list) or not raw:
        out.error(f"'boards' must be a non-empty list of board numbers {_BOARD_RANGE}, got {raw!r}", field="boards")
        return ()
    boards: list[Board] = []
    for value in raw:
        if isinstance(value, bool) or not isinstance(value, int) or value not in _BOARD_NUMBERS:
            out.error(f"unknown board {value!r} (boards are numbered {_BOARD_RANGE})", field="boards")
        elif Board(value) in boards:
            out.error(f"board {value} is listed twice", field="boards")
        else:
            boards.append(Board(value))
    boards.sort()
    if boards and Board.BASICS not in boards:
        out.warning("board 1 (basics) is not in play; the rulebook always includes it", field="boards")
    return tuple(boards)


def _parse_feature(text: Any, out: _Collector, where: str) -> Feature | None:
    try:
        return Feature.parse(text)
    except NotationError as exc:
        out.error(str(exc), field=where)
        return None


def _parse_preferences(data: Mapping[str, Any], boards: Sequence[Board], out: _Collector) -> dict[Space, Feature]:
    raw = data.get("preferences")
    if Board.BASICS not in boards:
        if raw:
            out.warning("'preferences' given but board 1 is not in play; they are ignored", field="preferences")
        return {}
    if raw is None:
        out.error("board 1 is in play but 'preferences' is missing (minor, major, majority, detail)",
                  field="preferences")
        return {}
    if not isinstance(raw, Mapping):
        out.error(f"'preferences' must be an object, got {type(raw).__name__}", field="preferences")
        return {}
    prefs: dict[Space, Feature] = {}
    for key in raw:
        if key not in {s.value for s in ALL_SPACES}:
            out.error(f"unknown preference space {key!r} (expected minor, major, majority, detail)",
                      field="preferences")
    for space in ALL_SPACES:
        if space.value not in raw:
            out.error(f"board 1 needs an Emperor tile on '{space.value}'", field=f"preferences.{space.value}")
            continue
        feature = _parse_feature(raw[space.value], out, f"preferences.{space.value}")
        if feature is not None:
            prefs[space] = feature
    return prefs


def _parse_missions(data: Mapping[str, Any], boards: Sequence[Board], out: _Collector) -> list[tuple[Mission, int]]:
    expected = expected_mission_count(boards)
    raw = data.get("missions", [])
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        out.error(f"'missions' must be a list, got {type(raw).__name__}", field="missions")
        return []
    if len(raw) != expected:
        needs = "boards 4 and 5 need 3" if expected == 3 else f"the boards in play need {expected}"
        out.error(f"{len(raw)} mission(s) given; {needs}", field="missions")
    missions: list[tuple[Mission, int]] = []
    for index, entry in enumerate(raw[:expected] if len(raw) > expected else raw, start=1):
        where = f"missions[{index}]"
        if not isinstance(entry, Mapping):
            out.error(f"mission {index} must be an object with 'features' and 'completed_by'", field=where)
            continue
        feats = entry.get("features")
        if not isinstance(feats, list) or len(feats) != 2:
            out.error(f"mission {index} needs exactly two features, got {feats!r}", field=where)
            continue
        parsed = [_parse_feature(f, out, where) for f in feats]
        finishers = entry.get("completed_by", [])
        if finishers is None:
            finishers = []
        if not isinstance(finishers, list) or not all(isinstance(n, str) for n in finishers):
            out.error(f"mission {index} 'completed_by' must be a list of player names", field=where)
            finishers = []
        if parsed[0] is None or parsed[1] is None:
            continue
        if parsed[0] == parsed[1]:
            out.error(f"mission {index} names {parsed[0]} twice; a mission has two distinct features", field=where)
            continue
        missions.append((Mission((parsed[0], parsed[1]), tuple(finishers)), index))
    return missions


def _parse_tile_grid(raw: Any, name: str, out: _Collector) -> Garden | None:
    if not isinstance(raw, list) or len(raw) != GRID_SIZE or any(
        not isinstance(row, list) or len(row) != GRID_SIZE for row in raw
    ):
        shape = [len(r) if isinstance(r, list) else type(r).__name__ for r in raw] if isinstance(raw, list) else raw
        out.error(f"garden must be {GRID_SIZE} rows of {GRID_SIZE} tiles, got {shape!r}", player=name)
        return None
    grid: list[list[Tile]] = []
    ok = True
    for r, row in enumerate(raw):
        tiles: list[Tile] = []
        for c, text in enumerate(row):
            try:
                tiles.append(Tile.parse(text))
            except NotationError as exc:
                out.error(str(exc), player=name, cell=cell_name((r, c)))
                ok = False
        grid.append(tiles)
    return Garden(tuple(tuple(row) for row in grid)) if ok else None


def _parse_players(data: Mapping[str, Any], out: _Collector) -> list[Player]:
    raw = data.get("players")
    if not isinstance(raw, list):
        out.error(f"'players' must be a list of {MIN_PLAYERS}–{MAX_PLAYERS} players", field="players")
        return []
    if not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        out.error(f"{len(raw)} players given; a game has {MIN_PLAYERS}–{MAX_PLAYERS} (2–{MAX_PLAYERS} at the table)",
                  field="players")
    players: list[Player] = []
    seen_names: set[str] = set()
    for index, entry in enumerate(raw, start=1):
        if not isinstance(entry, Mapping):
            out.error(f"player {index} must be an object with name, coins and garden", field="players")
            continue
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            out.error(f"player {index} needs a non-empty name", field=f"players[{index}]")
            name = f"#{index}"
        elif name in seen_names:
            out.error(f"two players are called {name!r}; names must be unique", player=name)
        seen_names.add(name)
        coins = entry.get("coins")
        if isinstance(coins, bool) or not isinstance(coins, int):
            out.error(f"coins must be a whole number {_COIN_RANGE}, got {coins!r}", player=name)
            coins = None
        elif not MIN_COINS <= coins <= MAX_COINS:
            out.error(f"coins must be {_COIN_RANGE} (the coin track), got {coins}", player=name)
            coins = None
        photo = entry.get("photo")
        if "garden" in entry:
            garden = _parse_tile_grid(entry["garden"], name, out)
        elif photo is not None:
            out.error(f"garden not read yet from photo {photo!r}", player=name)
            garden = None
        else:
            out.error("needs a 'garden' (4×4 tiles) or a 'photo'", player=name)
            garden = None
        if garden is not None:  # invalid coins are already reported; keep the garden for tile checks
            players.append(Player(name, coins if coins is not None else -1, garden,
                                  photo if isinstance(photo, str) else None))
    return players


def _parse_rules(data: Mapping[str, Any], out: _Collector) -> Rules:
    raw = data.get("rules", {})
    if not isinstance(raw, Mapping):
        out.error("'rules' must be an object of true/false switches", field="rules")
        return Rules()
    known = Rules().to_dict()
    for key, value in raw.items():
        if key not in known:
            out.error(f"unknown rules switch {key!r} (known: {', '.join(known)})", field="rules")
        elif not isinstance(value, bool):
            out.error(f"rules switch {key!r} must be true or false, got {value!r}", field="rules")
    return Rules.from_dict({k: v for k, v in raw.items() if k in known and isinstance(v, bool)})


def _check_unique_tiles(players: Sequence[Player], out: _Collector) -> None:
    """Each physical tile exists once: no tile twice in a garden or across the gardens of a game."""
    first_seen: dict[TileKind, tuple[int, Cell]] = {}
    for index, player in enumerate(players):
        for cell, tile in player.garden.cells():
            kind = tile.kind
            if kind in first_seen:
                other, other_cell = first_seen[kind]
                where = "in the same garden" if other == index else f"in {players[other].name}'s garden"
                out.error(
                    f"tile {kind} is also at {cell_name(other_cell)} {where}; each tile exists once",
                    player=player.name,
                    cell=cell_name(cell),
                )
            else:
                first_seen[kind] = (index, cell)


def _check_emperor_tiles(prefs: Mapping[Space, Feature], missions: Sequence[tuple[Mission, int]],
                         out: _Collector) -> None:
    seen: dict[Feature, str] = {}
    placed = [(f, f"preferences.{s.value}") for s, f in prefs.items()]
    placed += [(f, f"missions[{i}]") for m, i in missions for f in m.features]
    for feature, where in placed:
        if feature in seen:
            out.error(f"Emperor tile {feature} is used twice ({seen[feature]} and {where}); each exists once",
                      field=where)
        else:
            seen[feature] = where


def _check_missions(missions: Sequence[tuple[Mission, int]], players: Sequence[Player],
                    all_names: set[str], out: _Collector) -> None:
    by_name = {p.name: p for p in players}
    for mission, index in missions:
        where = f"missions[{index}]"
        listed: set[str] = set()
        for name in mission.completed_by:
            if name in listed:
                out.error(f"{name} is listed twice for mission {index} ({mission.label()})", player=name,
                          field=where)
                continue
            listed.add(name)
            if name not in all_names:
                out.error(f"mission {index} lists unknown player {name!r}", field=where)
            elif name in by_name and not qualifies(by_name[name].garden, mission.features):
                counts = ", ".join(f"{by_name[name].garden.count(f)}× {f}" for f in mission.features)
                out.error(
                    f"listed as completing mission {index} ({mission.label()}) but the garden shows {counts}; "
                    f"each feature needs at least {MISSION_MIN_COUNT}",
                    player=name,
                    field=where,
                )
        if len(mission.completed_by) < len(MISSION_POINTS):
            for player in players:
                if player.name not in listed and qualifies(player.garden, mission.features):
                    out.warning(
                        f"qualifies for mission {index} ({mission.label()}) but is not listed as completing it, "
                        "while point tiles remain",
                        player=player.name,
                        field=where,
                    )


def check_game(data: Any) -> tuple[Game | None, list[Problem]]:
    """Parse and validate in one pass: the game (None if any error) and every problem found."""
    out = _Collector()
    if not isinstance(data, Mapping):
        out.error(f"a game file is a JSON object, got {type(data).__name__}")
        return None, out.problems
    known = {"boards", "preferences", "missions", "players", "rules", "level", "name", "date", "notes"}
    for key in data:
        if key not in known:
            out.warning(f"unknown field {key!r} is ignored", field=str(key))
    boards = _parse_boards(data, out)
    prefs = _parse_preferences(data, boards, out)
    missions = _parse_missions(data, boards, out)
    players = _parse_players(data, out)
    rules = _parse_rules(data, out)
    _check_unique_tiles(players, out)
    _check_emperor_tiles(prefs, missions, out)
    raw_players = data.get("players") if isinstance(data.get("players"), list) else []
    all_names = {p.get("name") for p in raw_players if isinstance(p, Mapping) and isinstance(p.get("name"), str)}
    _check_missions(missions, players, all_names, out)
    from scorer.rules import coin_bonus_lines  # local import: rules imports this module's types

    for player in players:
        for line in coin_bonus_lines(player.garden):
            out.info(f"{line.describe()} earned a {line.decor} coin bonus (+{COIN_BONUS_LINE} coins during play)",
                     player=player.name)
    if out.has_errors:
        return None, out.problems
    game = Game(boards, tuple(players), prefs, tuple(m for m, _ in missions), rules)
    return game, out.problems


def validate_game(data: Any) -> list[Problem]:
    """Every error, warning and info for a game file, all at once. Never raises."""
    return check_game(data)[1]


def parse_game(data: Any) -> Game:
    """A validated :class:`Game`; raises :class:`InvalidGameError` listing every error."""
    game, problems = check_game(data)
    if game is None:
        raise InvalidGameError([p for p in problems if p.severity is Severity.ERROR])
    return game
