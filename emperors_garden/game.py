"""A finished game of Emperor's Garden: board, players, scoring cards, interpretations; its JSON file.

Game file (JSON object; ``Game.from_dict(game.to_dict()) == game``)::

    {
      "game": "emperors-garden",                 optional marker
      "deck": "hanafuda",                        or "western" (default hanafuda)
      "removed_rank": "K",                       western only: the rank taken out (default K)
      "board": [". 1 .", "3@blueL 8@E 11", ". 12@redL ."],   rows (or one string, rows split by "/")
      "scoring_cards": [3, 8, 11, 12],           the four face-down cards, revealed
      "players": [
        {"name": "Ann", "colour": "red", "holds_agent": true, "points_in_play": 4}, ...
      ],
      "out_of_play": [2],                        optional: cards removed face up, revealed agents
      "emperor_colour": "black",                 optional: the set the emperor came from
      "rules": {"emperor_bonus": "once", ...}    optional: interpretations (see Rules)
    }

A player's pieces are those of their colour in the board notation; a piece not written on the
board is off the board (in hand).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any

from emperors_garden.board import Board, PieceRef, parse_suit, suits_of
from emperors_garden.errors import InvalidGameError, NotationError, Problem
from emperors_garden.vocab import (
    ALL_COLOURS,
    ALL_PIECES,
    DEFAULT_REMOVED_RANK,
    Adjacency,
    Colour,
    Deck,
    DuplicateScoringCards,
    EmperorBonus,
    Rank,
    Suit,
    SuitsTieBreak,
)

GAME_MARKER = "emperors-garden"


@dataclass(frozen=True)
class Rules:
    """Every point the rule text leaves open, as a switch. The defaults are documented in the package docstring.

    * ``emperor_bonus`` — ``once``: 5 points once for having a token on the emperor's (scoring)
      suit; ``per_token``: 5 points for each such token.
    * ``emperor_bonus_multiplied`` — False: the 5 is not doubled/tripled with the suit's pieces;
      True: it takes the suit's factor too.
    * ``duplicate_scoring_cards`` — ``once``: two scoring cards of one suit make it score once;
      ``per_card``: it scores once per scoring card.
    * ``adjacency`` — ``orthogonal``: "adjacent to the emperor" means side by side;
      ``with_diagonals``: the eight surrounding positions.
    * ``suits_tie_break`` — ``more_than_one``: tie-break 3 is yes/no (scored with 2+ suits);
      ``count``: more suits scored with wins.
    """

    emperor_bonus: EmperorBonus = EmperorBonus.ONCE
    emperor_bonus_multiplied: bool = False
    duplicate_scoring_cards: DuplicateScoringCards = DuplicateScoringCards.ONCE
    adjacency: Adjacency = Adjacency.ORTHOGONAL
    suits_tie_break: SuitsTieBreak = SuitsTieBreak.MORE_THAN_ONE

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Read the game file's ``"rules"`` object; raises :class:`InvalidGameError` listing every bad key."""
        if not isinstance(data, Mapping):
            raise InvalidGameError([Problem("'rules' must be an object", field="rules")])
        problems: list[Problem] = []
        values: dict[str, Any] = {}
        by_name = {f.name: f for f in fields(cls)}
        for key, raw in data.items():
            default = getattr(cls(), key) if key in by_name else None
            if key not in by_name:
                problems.append(Problem(f"unknown interpretation {key!r} (known: {', '.join(by_name)})",
                                        field="rules"))
            elif isinstance(default, bool):
                if not isinstance(raw, bool):
                    problems.append(Problem(f"{key} must be true or false, got {raw!r}", field="rules"))
                else:
                    values[key] = raw
            else:
                enum_type = type(default)
                try:
                    values[key] = enum_type(raw)
                except ValueError:
                    choices = ", ".join(m.value for m in enum_type)  # type: ignore[attr-defined]
                    problems.append(Problem(f"{key} must be one of {choices}, got {raw!r}", field="rules"))
        if problems:
            raise InvalidGameError(problems)
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    def changed(self) -> dict[str, Any]:
        """Only the interpretations that differ from the defaults."""
        default = Rules()
        return {k: v for k, v in self.to_dict().items() if getattr(default, k) != getattr(self, k)}


@dataclass(frozen=True)
class Player:
    """A player: colour of their pyramids, name (defaults to the colour), agent still held, beads taken in play."""

    colour: Colour
    name: str = ""
    holds_agent: bool = True
    points_in_play: int = 0

    def __post_init__(self) -> None:
        if not self.name:
            object.__setattr__(self, "name", self.colour.value)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "colour": self.colour.value, "holds_agent": self.holds_agent,
                "points_in_play": self.points_in_play}


@dataclass(frozen=True)
class Game:
    """Everything the final scoring needs. Build freely; :func:`emperors_garden.validate.game_problems` judges it."""

    board: Board
    players: tuple[Player, ...]
    scoring_cards: tuple[Suit, ...]
    out_of_play: tuple[Suit, ...] = ()
    emperor_colour: Colour | None = None
    removed_rank: Rank | None = None
    rules: Rules = field(default_factory=Rules)

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "scoring_cards", tuple(self.scoring_cards))
        object.__setattr__(self, "out_of_play", tuple(self.out_of_play))
        if self.removed_rank is None and self.board.deck is Deck.WESTERN:
            object.__setattr__(self, "removed_rank", DEFAULT_REMOVED_RANK)

    @property
    def deck(self) -> Deck:
        return self.board.deck

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def playable_suits(self) -> tuple[Suit, ...]:
        """The twelve suits of the deck in play (a Western deck without its removed rank)."""
        return tuple(s for s in suits_of(self.deck) if s != self.removed_rank)

    def piece_positions(self, player: Player) -> dict[str, str | None]:
        """``{"samurai": "C2", "priest": None, ...}`` for display."""
        from emperors_garden.board import position_name

        out: dict[str, str | None] = {}
        for piece in ALL_PIECES:
            pos = self.board.position_of(PieceRef(player.colour, piece))
            out[piece.value] = None if pos is None else position_name(pos)
        return out

    def with_players(self, players: Sequence[Player]) -> Game:
        return Game(self.board, tuple(players), self.scoring_cards, self.out_of_play, self.emperor_colour,
                    self.removed_rank, self.rules)

    def with_board(self, board: Board) -> Game:
        return Game(board, self.players, self.scoring_cards, self.out_of_play, self.emperor_colour,
                    self.removed_rank, self.rules)

    # --- JSON ---

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": GAME_MARKER, "deck": self.deck.value}
        if self.deck is Deck.WESTERN and self.removed_rank is not None:
            data["removed_rank"] = self.removed_rank.value
        data["board"] = self.board.rows()
        data["scoring_cards"] = [_plain(s) for s in self.scoring_cards]
        data["players"] = [p.to_dict() for p in self.players]
        if self.out_of_play:
            data["out_of_play"] = [_plain(s) for s in self.out_of_play]
        if self.emperor_colour is not None:
            data["emperor_colour"] = self.emperor_colour.value
        if self.rules != Rules():
            data["rules"] = self.rules.changed()
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Parse and validate a game file; raises :class:`InvalidGameError` with every problem found."""
        return parse_game(data)


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


# --- reading a game file, collecting every problem ------------------------------------------------

_KNOWN_KEYS = ("game", "deck", "removed_rank", "board", "scoring_cards", "players", "out_of_play",
               "emperor_colour", "rules")


def _suits(raw: Any, deck: Deck, name: str, problems: list[Problem]) -> tuple[Suit, ...]:
    if not isinstance(raw, list):
        problems.append(Problem(f"'{name}' must be a list of suits", field=name))
        return ()
    out: list[Suit] = []
    for i, item in enumerate(raw):
        try:
            out.append(parse_suit(item, deck))
        except NotationError as exc:
            problems += [Problem(p.message, field=f"{name}[{i}]") for p in exc.problems]
    return tuple(out)


def _colour(raw: Any, where: str, problems: list[Problem], player: str | None = None) -> Colour | None:
    if isinstance(raw, str) and raw.strip().lower() in {c.value for c in ALL_COLOURS}:
        return Colour(raw.strip().lower())
    problems.append(Problem(f"not a colour ({', '.join(c.value for c in ALL_COLOURS)}): {raw!r}",
                            field=where, player=player))
    return None


def _players(raw: Any, problems: list[Problem]) -> tuple[Player, ...]:
    if not isinstance(raw, list):
        problems.append(Problem("'players' must be a list of players", field="players"))
        return ()
    out: list[Player] = []
    for i, item in enumerate(raw):
        where = f"players[{i}]"
        if not isinstance(item, Mapping):
            problems.append(Problem("a player must be an object with a 'colour'", field=where))
            continue
        name = item.get("name")
        if name is not None and (not isinstance(name, str) or not name.strip()):
            problems.append(Problem(f"a name must be non-empty text, got {name!r}", field=where))
            name = None
        label = name or (item.get("colour") if isinstance(item.get("colour"), str) else None)
        for key in item:
            if key not in ("name", "colour", "holds_agent", "points_in_play"):
                problems.append(Problem(f"unknown key {key!r} (a piece's position is written on the board)",
                                        field=where, player=label))
        colour = _colour(item.get("colour"), where, problems, label) if "colour" in item else None
        if "colour" not in item:
            problems.append(Problem("'colour' is missing", field=where, player=label))
        agent = item.get("holds_agent", True)
        if not isinstance(agent, bool):
            problems.append(Problem(f"holds_agent must be true or false, got {agent!r}", field=where, player=label))
            agent = True
        points = item.get("points_in_play", 0)
        if isinstance(points, bool) or not isinstance(points, int):
            problems.append(Problem(f"points_in_play must be a whole number, got {points!r}", field=where,
                                    player=label))
            points = 0
        if colour is not None:
            out.append(Player(colour, name.strip() if name else "", agent, points))
    return tuple(out)


def check_game(data: Any) -> tuple[Game | None, list[Problem]]:
    """Parse a game file and validate it. Returns the game (None if it cannot be built) and every problem."""
    from emperors_garden.validate import game_problems, setup_problems

    if not isinstance(data, Mapping):
        return None, [Problem(f"a game file is a JSON object, got {type(data).__name__}")]
    problems: list[Problem] = []
    for key in data:
        if key not in _KNOWN_KEYS:
            problems.append(Problem(f"unknown key {key!r}", field=key))
    marker = data.get("game", GAME_MARKER)
    if marker != GAME_MARKER:
        problems.append(Problem(f"this is not an Emperor's Garden game file (game: {marker!r})", field="game"))
    deck = Deck.HANAFUDA
    try:
        deck = Deck(data.get("deck", Deck.HANAFUDA.value))
    except ValueError:
        problems.append(Problem(f"deck must be hanafuda or western, got {data.get('deck')!r}", field="deck"))
    removed: Rank | None = None
    if "removed_rank" in data:
        if deck is not Deck.WESTERN:
            problems.append(Problem("removed_rank only applies to a western deck", field="removed_rank"))
        else:
            try:
                removed = parse_suit(data["removed_rank"], Deck.WESTERN)  # type: ignore[assignment]
            except NotationError as exc:
                problems += [Problem(p.message, field="removed_rank") for p in exc.problems]
    board: Board | None = None
    if "board" not in data:
        problems.append(Problem("'board' is missing (rows of suits, e.g. [\". 1 .\", \"3 8@E 11\"])", field="board"))
    else:
        try:
            board = Board.parse(data["board"], deck)
        except NotationError as exc:
            problems += [Problem(p.message, position=p.position, field="board") for p in exc.problems]
    if "scoring_cards" not in data:
        problems.append(Problem("'scoring_cards' is missing (the four scoring cards)", field="scoring_cards"))
    scoring = _suits(data.get("scoring_cards", []), deck, "scoring_cards", problems)
    out_of_play = _suits(data.get("out_of_play", []), deck, "out_of_play", problems)
    if "players" not in data:
        problems.append(Problem("'players' is missing", field="players"))
    players = _players(data.get("players", []), problems)
    emperor_colour = None
    if data.get("emperor_colour") is not None:
        emperor_colour = _colour(data["emperor_colour"], "emperor_colour", problems)
    rules = Rules()
    if "rules" in data:
        try:
            rules = Rules.from_dict(data["rules"])
        except InvalidGameError as exc:
            problems += exc.problems
    if board is None:  # still check everything that does not need the board
        no_board = Game(Board(((None,),), (), deck), players, scoring, out_of_play, emperor_colour, removed, rules)
        return None, problems + setup_problems(no_board)
    game = Game(board, players, scoring, out_of_play, emperor_colour, removed, rules)
    return game, problems + game_problems(game)


def validate_game(data: Any) -> list[Problem]:
    """Every problem of a game file (empty when it can be scored); never raises."""
    return check_game(data)[1]


def parse_game(data: Any) -> Game:
    """A scoreable :class:`Game`, or :class:`InvalidGameError` listing every problem."""
    game, problems = check_game(data)
    if problems or game is None:
        raise InvalidGameError(problems or [Problem("the game cannot be read")])
    return game
