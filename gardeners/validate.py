"""Reading a game file with every problem collected (never stopping at the first)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from gardeners.cards import Card, card_from_dict
from gardeners.errors import NotationError, Problem
from gardeners.game import Game
from gardeners.garden import Garden
from gardeners.interpretations import interpretations_from_dict
from gardeners.vocab import ALL_MODES, SIZE_BY_MODE, SIZES, TRAINING_DECKS, CardStatus, Mode

KNOWN_KEYS: Final = ("game", "mode", "size", "garden", "cards", "validated", "discarded", "rules")


def _count(data: Mapping[str, Any], key: str, problems: list[Problem]) -> int:
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        problems.append(Problem(f"must be a whole number of cards, 0 or more, got {value!r}", key))
        return 0
    return value


def read_game(data: object) -> tuple[Game | None, list[Problem]]:
    """The game in ``data`` and an empty list, or None and every problem found."""
    if not isinstance(data, Mapping):
        return None, [Problem(f"a game file is a JSON object, got {type(data).__name__}")]
    problems: list[Problem] = []
    for key in data:
        if key not in KNOWN_KEYS:
            problems.append(Problem(f"unknown key (known: {', '.join(KNOWN_KEYS)})", str(key)))
    if "game" in data and data["game"] != "gardeners":
        problems.append(Problem(f"this is not a Gardeners game file (game is {data['game']!r})", "game"))

    mode: Mode | None = None
    if "mode" in data:
        mode = next((m for m in ALL_MODES if m.value == data["mode"]), None)
        if mode is None:
            problems.append(Problem(f"must be one of {', '.join(m.value for m in ALL_MODES)}, got {data['mode']!r}",
                                    "mode"))

    size = data.get("size")
    if size is not None and (isinstance(size, bool) or size not in SIZES):
        problems.append(Problem(f"the garden is 4×4, 5×5 or 6×6; size must be 4, 5 or 6, got {size!r}", "size"))
        size = None
    if mode is not None and size is not None and SIZE_BY_MODE[mode] != size:
        problems.append(Problem(f"{mode} mode is played on {SIZE_BY_MODE[mode]}×{SIZE_BY_MODE[mode]}, "
                                f"not {size}×{size}", "size"))

    garden: Garden | None = None
    if "garden" not in data:
        problems.append(Problem("missing (the garden notation: one string per row)", "garden"))
    else:
        try:
            garden = Garden.parse(data["garden"])
        except NotationError as exc:
            problems.extend(p.at("garden") for p in exc.problems)
    if garden is not None:
        if size is not None and garden.size != size:
            problems.append(Problem(f"the garden is {garden.size}×{garden.size} but size is {size}", "garden"))
        if mode is not None and size is None and SIZE_BY_MODE[mode] != garden.size:
            n = SIZE_BY_MODE[mode]
            problems.append(Problem(f"{mode} mode is played on {n}×{n}, the garden is {garden.size}×{garden.size}",
                                    "garden"))

    rules, rule_problems = interpretations_from_dict(data.get("rules"))
    problems.extend(p.at("rules") for p in rule_problems)

    cards: list[Card] = []
    raw_cards = data.get("cards", [])
    if not isinstance(raw_cards, list):
        problems.append(Problem(f"must be a list of cards, got {type(raw_cards).__name__}", "cards"))
        raw_cards = []
    for i, raw in enumerate(raw_cards):
        card, card_problems = card_from_dict(raw)
        problems.extend(p.at(f"cards[{i}]") for p in card_problems)
        if card is None:
            continue
        cards.append(card)
        if mode in TRAINING_DECKS and card.type not in TRAINING_DECKS[mode]:
            deck = ", ".join(t.value for t in TRAINING_DECKS[mode])
            problems.append(Problem(f"{mode} uses only {deck} cards, not {card.type}", f"cards[{i}].type"))
    in_play = sum(1 for c in cards if c.status is CardStatus.IN_PLAY)
    if rules.max_in_play is not None and in_play > rules.max_in_play:
        problems.append(Problem(f"{in_play} cards in play; at most {rules.max_in_play} at a time "
                                "(set rules.max_in_play to null for solo play)", "cards"))

    validated = _count(data, "validated", problems)
    discarded = _count(data, "discarded", problems)
    if problems or garden is None:
        return None, problems
    return Game(garden, tuple(cards), mode, validated, discarded, rules), []


def validate_game(data: object) -> list[Problem]:
    """Every problem in a game file's object (empty when it can be checked)."""
    return read_game(data)[1]
