"""Gardeners constraint checker: does this garden really satisfy the constraint cards, and what is the score?

Gardeners is a cooperative, silent, real-time tile game: players arrange a square garden of 4×4, 5×5 or
6×6 tiles (grass or dirt, with a tree, a flower, a bench, a hedge, a statue or nothing on it) so that it
meets up to three secret constraint cards. This package checks a finished (or partial) garden:

* the placement rules — the garden is a complete square, holds no closed empty space, is one
  orthogonally connected piece (:mod:`gardeners.check`, ``check_square`` / ``check_no_hole`` /
  ``check_connected``);
* each constraint card, one small pure function per type — proximity, removal, agglomeration,
  panorama, link, edge, hedge, layout — returning a :class:`~gardeners.check.Verdict` (compliant or not,
  the reason, the cells that break it);
* the final score: validated cards +1 each, discarded cards −1 each except the first.

Modules: :mod:`~gardeners.vocab` (enums, constants, ``ALL_*`` tuples), :mod:`~gardeners.garden` (tiles and
the garden notation), :mod:`~gardeners.cards` (selectors, quantities, patterns, the eight card types),
:mod:`~gardeners.check` (verdicts), :mod:`~gardeners.score`, :mod:`~gardeners.game` (the game file and
:func:`check_game`), :mod:`~gardeners.validate` (every problem of a game file), :mod:`~gardeners.errors`,
:mod:`~gardeners.interpretations`, :mod:`~gardeners.cli` (``zengarden gardeners check GAME.json``).

Interpretations
---------------
The rules are an English preview, partly garbled, with card descriptions missing. Where the text does
not settle a question the package picks a reading, and :class:`~gardeners.interpretations.Interpretations`
lets a game file's ``"rules"`` object switch it (defaults first):

* ``first_discard_free`` (true): the end-of-game section and its example (3 discarded → −2) exempt the
  first discarded card; the card-management section says every discard "will lose 1 point".
* ``require_complete_square`` (true): the round is checked "when all the tiles have been placed", and
  the garden "always takes the form of a square" — so empty cells break the square rule. False checks
  a partial garden.
* ``hole_connectivity`` (4): an empty space is closed when it cannot reach the edge of the square through
  tile sides; 8 also lets it escape through corners.
* ``hedge_sides_matter`` (true): "orientation is only important for benches and hedges", so two hedge
  tiles are connected only when both hedges reach their shared side; false: adjacency is enough.
* ``line_of_sight_blocked`` (false): "no matter the number of tiles in between" and "several benches can
  be arranged in the same line" — a bench sees its whole line; true: only the first element.
* ``absent_subject_complies`` (true): "every X must …" holds when there is no X.
* ``exact_count`` ("some_group"): "X!" is met by a group of exactly X; "largest_group": the largest
  group must have exactly X.
* ``agglomeration_needs_every_kind`` (false): a two-type Agglomeration group may be of one type only.
* ``outer_tiles`` ("ring"): the outer tiles are the square's outer ring; "exposed": tiles with a free side.
* ``layout_rotations`` (true) / ``layout_reflections`` (false): a Layout arrangement may appear turned
  (there is no "up" at a table) but not mirrored.
* ``max_in_play`` (3): "a maximum of 3 Constraint cards at a time"; null for solo play.
* ``score_in_play_if_compliant`` (false): only cards in the validated pile score; true counts compliant
  cards still in play (solo mode's last validation "at the end of the game").

Other readings, fixed and documented rather than switchable: a Proximity card may name a partner other
than the subject (the player aid's "X must always be adjacent to at least one Y"); a hedge path is any
connected group of hedges, branches allowed (the aid's "Some hedges must be connected (any path)"); a
Link way must touch two opposite sides of the square itself; Agglomeration Front #2's garbled text
("6 or more trees – regardless of the color of the fruits of the trees and of the flowers") is entered
as two kinds, ``tree`` and ``flower``, or as ``tree`` alone — the card takes either.
"""

from __future__ import annotations

from gardeners.cards import (
    DIRT_CORNERS_GRASS_CROSS,
    LAYOUT_PRESETS,
    STATUE_FRAMED_BY_FLOWERS,
    Agglomeration,
    Card,
    Constraint,
    Count,
    Edge,
    Hedge,
    Layout,
    Link,
    Panorama,
    Pattern,
    Proximity,
    Removal,
    Selector,
)
from gardeners.check import (
    Verdict,
    check_agglomeration,
    check_connected,
    check_constraint,
    check_edge,
    check_hedge,
    check_layout,
    check_link,
    check_no_hole,
    check_panorama,
    check_placement,
    check_proximity,
    check_removal,
    check_square,
)
from gardeners.errors import GardenersError, InvalidGameError, NotationError, Problem
from gardeners.game import CardVerdict, Game, Report, check_game
from gardeners.garden import Cell, Element, Garden, Tile, cell_name, parse_cell
from gardeners.interpretations import DEFAULT, Interpretations
from gardeners.score import Score, score_cards, success_level
from gardeners.validate import read_game, validate_game

__all__ = [
    "DEFAULT",
    "DIRT_CORNERS_GRASS_CROSS",
    "LAYOUT_PRESETS",
    "STATUE_FRAMED_BY_FLOWERS",
    "Agglomeration",
    "Card",
    "CardVerdict",
    "Cell",
    "Constraint",
    "Count",
    "Edge",
    "Element",
    "Game",
    "Garden",
    "GardenersError",
    "Hedge",
    "Interpretations",
    "InvalidGameError",
    "Layout",
    "Link",
    "NotationError",
    "Panorama",
    "Pattern",
    "Problem",
    "Proximity",
    "Removal",
    "Report",
    "Score",
    "Selector",
    "Tile",
    "Verdict",
    "cell_name",
    "check_agglomeration",
    "check_connected",
    "check_constraint",
    "check_edge",
    "check_game",
    "check_hedge",
    "check_layout",
    "check_link",
    "check_no_hole",
    "check_panorama",
    "check_placement",
    "check_proximity",
    "check_removal",
    "check_square",
    "parse_cell",
    "read_game",
    "score_cards",
    "success_level",
    "validate_game",
]
