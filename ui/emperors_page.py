"""Emperor's Garden: a page to enter a finished game by hand and see the final scores.

All game logic lives in :mod:`emperors_garden`; this page only collects the form
(:func:`emperors_garden.entry.entry_to_dict`), validates it and shows the result. Every
``st.session_state`` key starts with ``emperors_``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import streamlit as st

from emperors_garden.board import position_name
from emperors_garden.entry import PlayerEntry, entry_to_dict
from emperors_garden.game import Rules, check_game
from emperors_garden.score import GameScore, score_game
from emperors_garden.vocab import (
    ALL_ADJACENCIES,
    ALL_COLOURS,
    ALL_DUPLICATE_SCORING,
    ALL_EMPEROR_BONUSES,
    ALL_MONTHS,
    ALL_PIECES,
    ALL_RANKS,
    ALL_SUITS_TIE_BREAKS,
    DEFAULT_REMOVED_RANK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SCORING_CARD_COUNT,
    Deck,
)

P = "emperors_"
GAP_LABEL = "—"
OFF_BOARD = "off the board"
DEFAULT_COLOURS = ("red", "blue", "green", "yellow")
#: The five starting cards: a plus around the centre card (the rule text's picture is missing; a cross is usual).
DEFAULT_SIZE = (3, 3)


def _key(name: str) -> str:
    return P + name


def _suit_options(deck: str, removed: str | None) -> list[str]:
    if deck == Deck.WESTERN.value:
        return [r.value for r in ALL_RANKS if r.value != removed]
    return [str(m.value) for m in ALL_MONTHS]


def _suit_label(deck: str, code: str) -> str:
    if code == GAP_LABEL:
        return GAP_LABEL
    if deck == Deck.WESTERN.value:
        return code
    return next(m.label for m in ALL_MONTHS if str(m.value) == code)


def _select(label: str, options: Sequence[str], key: str, default: str | None = None,
            container: Any = None, **kw: Any) -> str:
    """A selectbox whose remembered value is dropped when it is no longer one of the options."""
    if key in st.session_state and st.session_state[key] not in options:
        del st.session_state[key]
    index = list(options).index(default) if default in options else 0
    return str((container or st).selectbox(label, options, index=index, key=key, **kw))


def _layout(deck: str, removed: str | None) -> tuple[list[list[str | None]], list[str]]:
    st.subheader("Layout")
    st.caption("One box per position of the grid; — is a gap. Columns A, B, C…, rows 1, 2, 3… from the top.")
    c1, c2 = st.columns(2)
    rows = int(c1.number_input("Rows", min_value=1, max_value=12, value=DEFAULT_SIZE[0], key=_key("rows")))
    cols = int(c2.number_input("Columns", min_value=1, max_value=12, value=DEFAULT_SIZE[1], key=_key("cols")))
    options = [GAP_LABEL, *_suit_options(deck, removed)]
    grid: list[list[str | None]] = []
    for r in range(rows):
        columns = st.columns(cols)
        row: list[str | None] = []
        for c in range(cols):
            name = position_name((r, c))
            value = _select(name, options, _key(f"card_{r}_{c}"),
                            format_func=lambda code: _suit_label(deck, code), container=columns[c])
            row.append(None if value == GAP_LABEL else value)
        grid.append(row)
    cards = [position_name((r, c)) for r in range(rows) for c in range(cols) if grid[r][c] is not None]
    return grid, cards


def _players(cards: list[str]) -> list[PlayerEntry]:
    st.subheader("Players")
    count = int(st.number_input("Players", min_value=MIN_PLAYERS, max_value=MAX_PLAYERS, value=3,
                                key=_key("player_count")))
    places = [OFF_BOARD, *cards]
    entries = []
    colours = [c.value for c in ALL_COLOURS]
    for i in range(count):
        with st.container(border=True):
            c1, c2 = st.columns(2)
            name = c1.text_input("Name", value=f"Player {i + 1}", key=_key(f"p{i}_name"))
            colour = _select("Colour", colours, _key(f"p{i}_colour"), default=DEFAULT_COLOURS[i], container=c2)
            pcols = st.columns(3)
            where: dict[str, str | None] = {}
            for piece, col in zip(ALL_PIECES, pcols):
                value = _select(f"{piece.value.capitalize()} ({piece.points})", places,
                                _key(f"p{i}_{piece.value}"), container=col)
                where[piece.value] = None if value == OFF_BOARD else value
            c3, c4 = st.columns(2)
            agent = c3.checkbox("Still holds the agent card", value=True, key=_key(f"p{i}_agent"))
            points = int(c4.number_input("Points taken during play", min_value=0, max_value=200, value=0,
                                         key=_key(f"p{i}_points")))
        entries.append(PlayerEntry(name.strip(), colour, where["samurai"], where["priest"], where["poet"],
                                   agent, points))
    return entries


def _rules() -> dict[str, Any]:
    default = Rules()
    with st.expander("Interpretations (where the rule text is silent)"):
        chosen: dict[str, Any] = {}
        for name, options in (("emperor_bonus", ALL_EMPEROR_BONUSES),
                              ("duplicate_scoring_cards", ALL_DUPLICATE_SCORING),
                              ("adjacency", ALL_ADJACENCIES), ("suits_tie_break", ALL_SUITS_TIE_BREAKS)):
            values = [o.value for o in options]
            chosen[name] = _select(name.replace("_", " ").capitalize(), values, _key(f"rule_{name}"),
                                   default=getattr(default, name).value)
        chosen["emperor_bonus_multiplied"] = st.checkbox("Emperor bonus doubled/tripled with the suit",
                                                         value=False, key=_key("rule_emperor_bonus_multiplied"))
    return {k: v for k, v in chosen.items() if v != Rules().to_dict()[k]}


def _show(result: GameScore) -> None:
    st.subheader("Scores")
    table: dict[str, list[Any]] = {"": ["Total", "Rank"]}
    for p in result.players:
        table[p.name] = [p.total, p.rank]
    st.table(table)
    if len(result.winners) == 1:
        st.success(f"Winner: {result.winners[0]}")
    else:
        st.success(f"Shared victory: {', '.join(result.winners)}")
    if result.tie_break:
        st.info(f"Tie-break: {result.tie_break}")
    for p in result.players:
        with st.expander(f"{p.name} ({p.player.colour}) — {p.total} points", expanded=True):
            for line in p.lines:
                st.markdown(f"- **{line.points}** — {line.reason}")
            st.caption("Tie-breaks: " + "; ".join(t.reason for t in p.ties))


def render() -> None:
    """Draw the Emperor's Garden page."""
    st.header("Emperor's Garden — final scoring")
    st.caption("Looney Pyramids + Hanafuda (or Western) cards. Enter the garden as it stands at the end.")
    deck = st.radio("Cards", [d.value for d in Deck], horizontal=True, key=_key("deck"))
    removed: str | None = None
    if deck == Deck.WESTERN.value:
        removed = _select("Rank removed from the deck", [r.value for r in ALL_RANKS], _key("removed_rank"),
                          default=DEFAULT_REMOVED_RANK.value)
    grid, cards = _layout(deck, removed)
    emperor = _select("Emperor's position", [GAP_LABEL, *cards], _key("emperor"),
                      default=cards[len(cards) // 2] if cards else None)
    players = _players(cards)
    st.subheader("Scoring cards")
    suit_options = [GAP_LABEL, *_suit_options(deck, removed)]
    scols = st.columns(SCORING_CARD_COUNT)
    scoring = [_select(f"Scoring card {i + 1}", suit_options, _key(f"scoring_{i}"),
                       format_func=lambda code: _suit_label(deck, code), container=scols[i])
               for i in range(SCORING_CARD_COUNT)]
    rules = _rules()

    data, problems = entry_to_dict(deck, grid, None if emperor == GAP_LABEL else emperor, players,
                                   [None if s == GAP_LABEL else s for s in scoring], removed, rules)
    game, more = check_game(data)
    problems = problems + more
    if problems or game is None:
        st.subheader("Not yet scoreable")
        st.error("\n".join(f"- {p.format()}" for p in problems) or "the game cannot be read")
        return
    _show(score_game(game))
    st.download_button("Download the game file (JSON)", json.dumps(game.to_dict(), indent=2),
                       file_name="emperors-garden.json", mime="application/json", key=_key("download"))
