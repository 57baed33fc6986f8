"""Final scoring of a whole game: every player's lines, totals, ranks, the winner and the tie-break reason."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from emperors_garden.board import position_name
from emperors_garden.game import Game, Player, parse_game
from emperors_garden.rules import (
    TIE_BREAK_LABELS,
    RuleScore,
    TieValue,
    score_agent,
    score_emperor_bonus,
    score_in_play,
    score_suit,
    scoring_suits,
    tie_adjacent_to_emperor,
    tie_agent,
    tie_pieces_on_board,
    tie_suits_scored,
)
from emperors_garden.validate import check
from emperors_garden.vocab import ScoreKind


@dataclass(frozen=True)
class PlayerScore:
    """One player's final score: the lines (suits, emperor bonus, agent, points in play) and tie-break values."""

    player: Player
    lines: tuple[RuleScore, ...]
    ties: tuple[TieValue, ...]
    rank: int

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    @property
    def name(self) -> str:
        return self.player.name

    def key(self) -> tuple[int, ...]:
        """What decides the order: the total, then each tie-break in turn (higher is better)."""
        return (self.total, *(t.value for t in self.ties))

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.player.name,
            "colour": self.player.colour.value,
            "total": self.total,
            "rank": self.rank,
            "lines": [line.to_dict() for line in self.lines],
            "tie_breaks": [t.to_dict() for t in self.ties],
        }


@dataclass(frozen=True)
class GameScore:
    """The result: players in the game's order, winners (several only if every tie-break is tied), why."""

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    tie_break: str | None

    def player(self, name: str) -> PlayerScore:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def totals(self) -> dict[str, int]:
        return {p.name: p.total for p in self.players}

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [p.to_dict() for p in self.players],
            "winners": list(self.winners),
            "tie_break": self.tie_break,
        }


def player_lines(game: Game, player: Player) -> tuple[RuleScore, ...]:
    """The player's score lines: one per scoring suit, then emperor bonus, agent, points in play."""
    rules = game.rules
    lines = [score_suit(game.board, player.colour, suit, copies) for suit, copies in
             scoring_suits(game.scoring_cards, rules)]
    lines.append(score_emperor_bonus(game.board, player.colour, game.scoring_cards, rules))
    lines.append(score_agent(player))
    lines.append(score_in_play(player))
    return tuple(lines)


def player_ties(game: Game, player: Player, lines: Sequence[RuleScore]) -> tuple[TieValue, ...]:
    """The four tie-break values, in the rule text's order."""
    return (
        tie_agent(player),
        tie_pieces_on_board(game.board, player.colour),
        tie_suits_scored(lines, game.rules),
        tie_adjacent_to_emperor(game.board, player.colour, game.rules),
    )


def _ranks(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """Competition ranking (1, 1, 3): players equal on total and on every tie-break share a place."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def explain_tie_break(scores: Sequence[PlayerScore]) -> str | None:
    """Why the winner won when several players share the top total (None when the total alone decides)."""
    top = max(s.total for s in scores)
    tied = [s for s in scores if s.total == top]
    if len(tied) < 2:
        return None
    steps = [f"{_join([s.name for s in tied])} tied on {top} points"]
    for i, label in enumerate(TIE_BREAK_LABELS.values()):
        values = {s.name: s.ties[i] for s in tied}
        best = max(v.value for v in values.values())
        standing = "; ".join(f"{name} {v.reason}" for name, v in values.items())
        leaders = [s for s in tied if values[s.name].value == best]
        if len(leaders) == 1:
            steps.append(f"tie-break {i + 1} ({label}): {standing} → {leaders[0].name} wins")
            return "; ".join(steps)
        if len(leaders) < len(tied):
            steps.append(f"tie-break {i + 1} ({label}): {standing} → {_join([s.name for s in leaders])} remain")
        else:
            steps.append(f"tie-break {i + 1} ({label}): {standing} → still tied")
        tied = leaders
    steps.append(f"shared victory: {_join([s.name for s in tied])}")
    return "; ".join(steps)


def _join(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def score_game(game: Game | Any) -> GameScore:
    """Score a :class:`Game` (or a game-file dict). Raises :class:`InvalidGameError` listing every problem."""
    if not isinstance(game, Game):
        game = parse_game(game)
    else:
        check(game)
    provisional = []
    for player in game.players:
        lines = player_lines(game, player)
        provisional.append(PlayerScore(player, lines, player_ties(game, player, lines), 0))
    ranks = _ranks([s.key() for s in provisional])
    scores = tuple(PlayerScore(s.player, s.lines, s.ties, r) for s, r in zip(provisional, ranks))
    winners = tuple(s.name for s in scores if s.rank == 1)
    return GameScore(scores, winners, explain_tie_break(scores))


def format_sheet(result: GameScore, explain: bool = False) -> str:
    """A plain-text score sheet: one column per player, totals, ranks, winner, tie-break; with the reasons if asked."""
    names = [p.name for p in result.players]
    suit_rows: list[str] = []
    for p in result.players:
        for line in p.lines:
            if line.suit is not None and line.kind is ScoreKind.SUIT and line.suit.label not in suit_rows:
                suit_rows.append(line.suit.label)

    def value(p: PlayerScore, label: str) -> str:
        for line in p.lines:
            if line.kind is ScoreKind.SUIT and line.suit is not None and line.suit.label == label:
                return str(line.points)
            if line.kind.value == label:
                return str(line.points)
        return "0"

    rows: list[tuple[str, list[str]]] = [(f"Suit {s}", [value(p, s) for p in result.players]) for s in suit_rows]
    rows += [("Emperor bonus", [value(p, "emperor_bonus") for p in result.players]),
             ("Agent held", [value(p, "agent") for p in result.players]),
             ("Taken during play", [value(p, "in_play") for p in result.players])]
    label_w = max(len(r[0]) for r in [*rows, ("Category", [])])
    col_w = [max(6, len(n)) for n in names]

    def row(label: str, cells: Sequence[str]) -> str:
        return "  ".join([label.ljust(label_w), *(c.rjust(w) for c, w in zip(cells, col_w))]).rstrip()

    rule = "-" * (label_w + sum(w + 2 for w in col_w))
    lines = [row("Category", names), rule, *(row(label, cells) for label, cells in rows), rule,
             row("TOTAL", [str(p.total) for p in result.players]),
             row("Rank", [str(p.rank) for p in result.players]), ""]
    lines.append(("Winner: " if len(result.winners) == 1 else "Shared victory: ") + ", ".join(result.winners))
    if result.tie_break:
        lines.append(f"Tie-break: {result.tie_break}")
    if explain:
        for p in result.players:
            lines += ["", f"{p.name} ({p.player.colour}) — {p.total} points"]
            lines += [f"  {line.reason}" for line in p.lines]
            lines.append("  tie-breaks: " + "; ".join(
                t.reason + (f" ({', '.join(position_name(x) for x in t.positions)})" if t.positions else "")
                for t in p.ties))
    return "\n".join(lines)
