"""Constraint cards: the eight types the rules describe, each a frozen type with its parameters.

Card parameters name *kinds of tile* with selectors (notation in brackets):

* any tile (``*``, also ``any``);
* a background (``grass``, ``dirt``), "regardless of which elements are on top";
* an element (``tree``, ``flower``, ``bench``, ``hedge``, ``statue``, ``nothing`` for a bare tile),
  optionally with its colour (``tree:red``, ``tree:yellow``, ``flower:red``, ``flower:yellow``,
  ``flower:blue``).

A quantity is ``X+`` (at least X) or ``X!`` (exactly X), as printed on the cards. A Layout pattern
is a small grid of selectors, rows separated by ``/`` (or given as a list of row strings), e.g.
``* flower * / flower statue flower / * flower *``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Union

from gardeners.errors import NotationError, Problem
from gardeners.garden import Tile
from gardeners.vocab import (
    ALL_BACKGROUNDS,
    ALL_CARD_STATUSES,
    ALL_CARD_TYPES,
    ALL_COLOURS,
    ALL_EDGE_ZONES,
    ALL_ELEMENT_KINDS,
    ALL_HEDGE_SHAPES,
    FLOWER_COLOURS,
    FRUIT_COLOURS,
    Background,
    CardStatus,
    CardType,
    Colour,
    EdgeZone,
    ElementKind,
    HedgeShape,
)

ANY: Final = "*"
_COLOURS_OF: Final[dict[ElementKind, tuple[Colour, ...]]] = {
    ElementKind.TREE: FRUIT_COLOURS,
    ElementKind.FLOWER: FLOWER_COLOURS,
}

# --- selectors -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Selector:
    """Which tiles a card parameter names: a background, an element (and colour), or any tile."""

    background: Background | None = None
    element: ElementKind | None = None
    colour: Colour | None = None

    def __post_init__(self) -> None:
        if self.background is not None and (self.element is not None or self.colour is not None):
            raise NotationError(["a selector names a background or an element, not both"])
        if self.colour is not None:
            allowed = _COLOURS_OF.get(self.element) if self.element is not None else None
            if allowed is None or self.colour not in allowed:
                raise NotationError([f"no {self.element} is {self.colour}"])

    @property
    def is_any(self) -> bool:
        return self.background is None and self.element is None

    def matches(self, tile: Tile | None) -> bool:
        if tile is None:
            return False
        if self.background is not None:
            return tile.background is self.background
        if self.element is not None and tile.kind is not self.element:
            return False
        return self.colour is None or tile.element.colour is self.colour

    @classmethod
    def parse(cls, text: object) -> Selector:
        if isinstance(text, Selector):
            return text
        if not isinstance(text, str):
            raise NotationError([f"a selector is text like 'flower:red' or 'grass', got {text!r}"])
        token = text.strip().lower().replace(" ", "")
        if token in (ANY, "any"):
            return cls()
        if token in _BACKGROUNDS:
            return cls(background=_BACKGROUNDS[token])
        kind_text, _, colour_text = token.partition(":")
        kind = _ELEMENTS.get(kind_text)
        if kind is None:
            names = ", ".join([*(b.value for b in ALL_BACKGROUNDS), *(k.value for k in ALL_ELEMENT_KINDS), "*"])
            raise NotationError([f"unknown selector {text!r} (expected one of {names}, e.g. flower:red)"])
        if not colour_text:
            return cls(element=kind)
        colour = _COLOURS.get(colour_text)
        if colour is None or kind not in (ElementKind.TREE, ElementKind.FLOWER):
            raise NotationError([f"unknown selector {text!r}: only tree (red, yellow) and flower (red, yellow, blue) "
                                 "take a colour"])
        return cls(element=kind, colour=colour)

    def format(self) -> str:
        if self.background is not None:
            return self.background.value
        if self.element is None:
            return ANY
        return self.element.value + (f":{self.colour.value}" if self.colour is not None else "")

    def describe(self) -> str:
        if self.background is not None:
            return f"{self.background} tile"
        if self.element is None:
            return "any tile"
        if self.element is ElementKind.NOTHING:
            return "bare tile"
        if self.colour is None:
            return str(self.element)
        if self.element is ElementKind.TREE:
            return f"tree with {self.colour} fruit"
        return f"{self.colour} {self.element}"

    def __str__(self) -> str:
        return self.format()


_BACKGROUNDS: Final = {b.value: b for b in ALL_BACKGROUNDS}
_ELEMENTS: Final = {k.value: k for k in ALL_ELEMENT_KINDS}
_COLOURS: Final = {c.value: c for c in ALL_COLOURS}


def matches_any(selectors: Sequence[Selector], tile: Tile | None) -> bool:
    return any(s.matches(tile) for s in selectors)


def describe_kinds(selectors: Sequence[Selector]) -> str:
    names = [s.describe() for s in selectors]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


# --- quantities and patterns ---------------------------------------------------------------------


@dataclass(frozen=True)
class Count:
    """A quantity printed on a card: ``X+`` (at least X) or ``X!`` (exactly X)."""

    n: int
    exact: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.n, bool) or not isinstance(self.n, int) or self.n < 1:
            raise NotationError([f"a quantity is a whole number of at least 1, got {self.n!r}"])

    @classmethod
    def parse(cls, text: object) -> Count:
        if isinstance(text, Count):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            return cls(text)
        m = re.fullmatch(r"\s*(\d+)\s*([+!]?)\s*", text) if isinstance(text, str) else None
        if not m:
            raise NotationError([f"a quantity is X+ (at least) or X! (exactly), e.g. 6+, got {text!r}"])
        return cls(int(m.group(1)), m.group(2) == "!")

    def format(self) -> str:
        return f"{self.n}{'!' if self.exact else '+'}"

    def accepts(self, k: int) -> bool:
        return k == self.n if self.exact else k >= self.n

    def describe(self) -> str:
        return f"exactly {self.n}" if self.exact else f"{self.n} or more"

    def __str__(self) -> str:
        return self.format()


@dataclass(frozen=True)
class Pattern:
    """A Layout card's arrangement: a rectangle of selectors (``*`` for a cell that does not matter)."""

    rows: tuple[tuple[Selector, ...], ...]

    def __post_init__(self) -> None:
        if not self.rows or not self.rows[0] or any(len(r) != len(self.rows[0]) for r in self.rows):
            raise NotationError(["a pattern is a non-empty rectangle of selectors"])
        if len(self.rows) > 6 or len(self.rows[0]) > 6:
            raise NotationError(["a pattern fits in a 6×6 garden"])
        if all(s.is_any for row in self.rows for s in row):
            raise NotationError(["a pattern needs at least one cell that is not *"])

    @classmethod
    def parse(cls, text: object) -> Pattern:
        if isinstance(text, Pattern):
            return text
        if isinstance(text, str):
            lines = [line.strip() for line in re.split(r"[/\n]", text) if line.strip()]
        elif isinstance(text, Sequence) and all(isinstance(x, str) for x in text):
            lines = list(text)
        else:
            raise NotationError([f"a pattern is text (rows separated by /) or a list of row strings, got {text!r}"])
        problems: list[Problem] = []
        rows: list[tuple[Selector, ...]] = []
        for number, line in enumerate(lines, start=1):  # line = row of the pattern, column within that row
            row = []
            for m in re.finditer(r"\S+", line):
                try:
                    row.append(Selector.parse(m.group()))
                except NotationError as exc:
                    problems.extend(Problem(p.message, line=number, column=m.start() + 1) for p in exc.problems)
            rows.append(tuple(row))
        if problems:
            raise NotationError(problems)
        return cls(tuple(rows))

    def format(self) -> str:
        return " / ".join(" ".join(s.format() for s in row) for row in self.rows)

    def to_lines(self) -> list[str]:
        return [" ".join(s.format() for s in row) for row in self.rows]

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    def rotated_cw(self) -> Pattern:
        h = self.height
        return Pattern(tuple(tuple(self.rows[h - 1 - c][r] for c in range(h)) for r in range(self.width)))

    def mirrored(self) -> Pattern:
        return Pattern(tuple(tuple(reversed(row)) for row in self.rows))

    def variants(self, rotations: bool, reflections: bool) -> tuple[Pattern, ...]:
        """The distinct patterns a garden may show: as written, plus quarter turns and/or mirror images."""
        bases = [self, self.mirrored()] if reflections else [self]
        out: list[Pattern] = []
        for base in bases:
            p = base
            for _ in range(4 if rotations else 1):
                if p not in out:
                    out.append(p)
                p = p.rotated_cw()
        return tuple(out)

    def __str__(self) -> str:
        return self.format()


#: Layout Front #1: "4 flowers must orthogonally frame a statue" (colours may differ).
STATUE_FRAMED_BY_FLOWERS: Final = Pattern.parse("* flower * / flower statue flower / * flower *")
#: Layout Front #2: "a square of 3×3 tiles: 4 Dirt tiles at the corners and 5 Grass tiles in a cross".
DIRT_CORNERS_GRASS_CROSS: Final = Pattern.parse("dirt grass dirt / grass grass grass / dirt grass dirt")
LAYOUT_PRESETS: Final[dict[str, Pattern]] = {
    "statue_framed_by_flowers": STATUE_FRAMED_BY_FLOWERS,
    "dirt_corners_grass_cross": DIRT_CORNERS_GRASS_CROSS,
}

# --- the eight constraint types ------------------------------------------------------------------


def _kinds(selectors: tuple[Selector, ...], what: str) -> None:
    if not selectors or not all(isinstance(s, Selector) for s in selectors):
        raise NotationError([f"{what} must name at least one kind of tile"])


@dataclass(frozen=True)
class Proximity:
    """Every ``subject`` must be orthogonally adjacent to at least one ``partner`` (by default: an identical
    element — "cannot be alone")."""

    subject: Selector
    partner: Selector | None = None
    type: ClassVar[CardType] = CardType.PROXIMITY

    @property
    def partner_or_subject(self) -> Selector:
        return self.partner if self.partner is not None else self.subject

    def describe(self) -> str:
        other = "other " if self.partner is None or self.partner == self.subject else ""
        return (f"Every {self.subject.describe()} must be orthogonally adjacent to at least one "
                f"{other}{self.partner_or_subject.describe()}.")

    def params(self) -> dict[str, Any]:
        out: dict[str, Any] = {"subject": self.subject.format()}
        if self.partner is not None:
            out["partner"] = self.partner.format()
        return out


@dataclass(frozen=True)
class Removal:
    """No ``subject`` may be orthogonally adjacent to any of ``others``."""

    subject: tuple[Selector, ...]
    others: tuple[Selector, ...]
    type: ClassVar[CardType] = CardType.REMOVAL

    def __post_init__(self) -> None:
        _kinds(self.subject, "subject")
        _kinds(self.others, "others")

    def describe(self) -> str:
        return f"No {describe_kinds(self.subject)} may be orthogonally adjacent to a {describe_kinds(self.others)}."

    def params(self) -> dict[str, Any]:
        return {"subject": [s.format() for s in self.subject], "others": [s.format() for s in self.others]}


@dataclass(frozen=True)
class Agglomeration:
    """``count`` tiles of the given kind(s) (one or two types) must form one orthogonally connected group."""

    count: Count
    kinds: tuple[Selector, ...]
    type: ClassVar[CardType] = CardType.AGGLOMERATION

    def __post_init__(self) -> None:
        _kinds(self.kinds, "kinds")

    def describe(self) -> str:
        what = describe_kinds(self.kinds)
        return f"{self.count.describe().capitalize()} tiles, each a {what}, must be orthogonally adjacent."

    def params(self) -> dict[str, Any]:
        return {"count": self.count.format(), "kinds": [s.format() for s in self.kinds]}


@dataclass(frozen=True)
class Panorama:
    """Every bench must face (have in its line of sight) a ``target``."""

    target: Selector
    type: ClassVar[CardType] = CardType.PANORAMA

    def describe(self) -> str:
        return f"Every bench must face a {self.target.describe()}."

    def params(self) -> dict[str, Any]:
        return {"target": self.target.format()}


@dataclass(frozen=True)
class Link:
    """A way of orthogonally adjacent tiles of the given kind(s) must connect two opposite sides."""

    kinds: tuple[Selector, ...]
    type: ClassVar[CardType] = CardType.LINK

    def __post_init__(self) -> None:
        _kinds(self.kinds, "kinds")

    def describe(self) -> str:
        return f"A way of adjacent tiles, each a {describe_kinds(self.kinds)}, must connect two opposite sides."

    def params(self) -> dict[str, Any]:
        return {"kinds": [s.format() for s in self.kinds]}


@dataclass(frozen=True)
class Edge:
    """Every tile of the given kind(s) must be on the outer tiles (``outer``), or none of them (``inner``)."""

    zone: EdgeZone
    kinds: tuple[Selector, ...]
    type: ClassVar[CardType] = CardType.EDGE

    def __post_init__(self) -> None:
        _kinds(self.kinds, "kinds")

    def describe(self) -> str:
        if self.zone is EdgeZone.OUTER:
            return f"Every {describe_kinds(self.kinds)} must be on the outer tiles of the garden."
        return f"No {describe_kinds(self.kinds)} may be on the outer tiles of the garden."

    def params(self) -> dict[str, Any]:
        return {"zone": self.zone.value, "kinds": [s.format() for s in self.kinds]}


@dataclass(frozen=True)
class Hedge:
    """Hedges: each connected to another (``each``), some forming a closed loop (``closed``), or some
    forming one continuous run of ``count`` tiles (``path``)."""

    shape: HedgeShape
    count: Count | None = None
    type: ClassVar[CardType] = CardType.HEDGE

    def __post_init__(self) -> None:
        if (self.shape is HedgeShape.PATH) != (self.count is not None):
            raise NotationError(["a path Hedge card needs a count (e.g. 6+); the other Hedge cards take none"])

    def describe(self) -> str:
        if self.shape is HedgeShape.EACH:
            return "Every hedge must be connected to at least one other hedge."
        if self.shape is HedgeShape.CLOSED:
            return "Some hedges must be connected to form a closed continuous path."
        assert self.count is not None
        return f"Some hedges must be connected to form a continuous path of {self.count.describe()} tiles."

    def params(self) -> dict[str, Any]:
        out: dict[str, Any] = {"shape": self.shape.value}
        if self.count is not None:
            out["count"] = self.count.format()
        return out


@dataclass(frozen=True)
class Layout:
    """An arrangement that must appear (at least once) in the garden."""

    pattern: Pattern
    type: ClassVar[CardType] = CardType.LAYOUT

    def describe(self) -> str:
        return f"This arrangement must appear in the garden: {self.pattern.format()}."

    def params(self) -> dict[str, Any]:
        return {"pattern": self.pattern.to_lines()}


Constraint = Union[Proximity, Removal, Agglomeration, Panorama, Link, Edge, Hedge, Layout]


@dataclass(frozen=True)
class Card:
    """A constraint card of the game: its constraint, where it is (in play, validated, discarded), a label."""

    constraint: Constraint
    status: CardStatus = CardStatus.IN_PLAY
    label: str = ""

    @property
    def type(self) -> CardType:
        return self.constraint.type

    @property
    def title(self) -> str:
        return self.label or f"{self.type.value.capitalize()} card"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type.value, **self.constraint.params(), "status": self.status.value}
        if self.label:
            out["label"] = self.label
        return out

    @classmethod
    def from_dict(cls, data: object) -> Card:
        card, problems = card_from_dict(data)
        if card is None:
            raise NotationError(problems)
        return card


# --- reading cards from JSON, every problem collected --------------------------------------------

_PARAMS: Final[dict[CardType, dict[str, bool]]] = {  # parameter -> required
    CardType.PROXIMITY: {"subject": True, "partner": False},
    CardType.REMOVAL: {"subject": True, "others": True},
    CardType.AGGLOMERATION: {"count": True, "kinds": True},
    CardType.PANORAMA: {"target": True},
    CardType.LINK: {"kinds": True},
    CardType.EDGE: {"zone": True, "kinds": True},
    CardType.HEDGE: {"shape": True, "count": False},
    CardType.LAYOUT: {"pattern": False, "preset": False},
}


class _Reader:
    """Reads named parameters, turning each failure into a :class:`Problem` and carrying on."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.problems: list[Problem] = []

    def _fail(self, key: str, exc: NotationError) -> None:
        self.problems.extend(Problem(p.message, key, p.line, p.column) for p in exc.problems)

    def selector(self, key: str) -> Selector | None:
        if key not in self.data:
            return None
        try:
            return Selector.parse(self.data[key])
        except NotationError as exc:
            self._fail(key, exc)
            return None

    def selectors(self, key: str) -> tuple[Selector, ...] | None:
        if key not in self.data:
            return None
        raw = self.data[key]
        items = [raw] if isinstance(raw, str) else raw
        if not isinstance(items, list) or not items:
            self.problems.append(Problem(f"must be a selector or a non-empty list of selectors, got {raw!r}", key))
            return None
        out: list[Selector] = []
        for i, item in enumerate(items):
            try:
                out.append(Selector.parse(item))
            except NotationError as exc:
                self._fail(f"{key}[{i}]", exc)
        return tuple(out) if len(out) == len(items) else None

    def count(self, key: str) -> Count | None:
        if key not in self.data:
            return None
        try:
            return Count.parse(self.data[key])
        except NotationError as exc:
            self._fail(key, exc)
            return None

    def choice(self, key: str, choices: Sequence[Any]) -> Any:
        if key not in self.data:
            return None
        value = self.data[key]
        for member in choices:
            if value == member.value:
                return member
        names = ", ".join(m.value for m in choices)
        self.problems.append(Problem(f"must be one of {names}, got {value!r}", key))
        return None


def card_from_dict(data: object) -> tuple[Card | None, list[Problem]]:
    """Read one card of a game file; returns the card (or None) and every problem found."""
    if not isinstance(data, Mapping):
        return None, [Problem(f"a card is an object with a 'type', got {type(data).__name__}")]
    read = _Reader(data)
    card_type = read.choice("type", ALL_CARD_TYPES)
    if "type" not in data:
        read.problems.append(Problem("missing (one of " + ", ".join(t.value for t in ALL_CARD_TYPES) + ")", "type"))
    status = read.choice("status", ALL_CARD_STATUSES) if "status" in data else CardStatus.IN_PLAY
    label = data.get("label", "")
    if not isinstance(label, str):
        read.problems.append(Problem(f"must be text, got {label!r}", "label"))
        label = ""
    if card_type is None:
        return None, read.problems
    params = _PARAMS[card_type]
    for key in data:
        if key not in params and key not in ("type", "status", "label"):
            allowed = ", ".join(["type", "status", "label", *params])
            read.problems.append(Problem(f"not a parameter of {card_type} cards (allowed: {allowed})", str(key)))
    for key, required in params.items():
        if required and key not in data:
            read.problems.append(Problem("missing", key))
    constraint = _build(card_type, read, data)
    if read.problems or constraint is None:
        return None, read.problems
    return Card(constraint, status, label), []


def _build(card_type: CardType, read: _Reader, data: Mapping[str, Any]) -> Constraint | None:
    try:
        return _build_or_raise(card_type, read, data)
    except NotationError as exc:
        read.problems.extend(exc.problems)
        return None


def _build_or_raise(card_type: CardType, read: _Reader, data: Mapping[str, Any]) -> Constraint | None:
    if card_type is CardType.PROXIMITY:
        subject, partner = read.selector("subject"), read.selector("partner")
        return Proximity(subject, partner) if subject is not None else None
    if card_type is CardType.REMOVAL:
        subject_kinds, others = read.selectors("subject"), read.selectors("others")
        return Removal(subject_kinds, others) if subject_kinds is not None and others is not None else None
    if card_type is CardType.AGGLOMERATION:
        count, kinds = read.count("count"), read.selectors("kinds")
        return Agglomeration(count, kinds) if count is not None and kinds is not None else None
    if card_type is CardType.PANORAMA:
        target = read.selector("target")
        return Panorama(target) if target is not None else None
    if card_type is CardType.LINK:
        kinds = read.selectors("kinds")
        return Link(kinds) if kinds is not None else None
    if card_type is CardType.EDGE:
        zone, kinds = read.choice("zone", ALL_EDGE_ZONES), read.selectors("kinds")
        return Edge(zone, kinds) if zone is not None and kinds is not None else None
    if card_type is CardType.HEDGE:
        shape, count = read.choice("shape", ALL_HEDGE_SHAPES), read.count("count")
        if shape is HedgeShape.PATH and count is None and "count" not in data:
            read.problems.append(Problem("a path Hedge card needs a count (e.g. 6+)", "count"))
            return None
        if shape is not None and shape is not HedgeShape.PATH and "count" in data:
            read.problems.append(Problem(f"a {shape} Hedge card takes no count", "count"))
            return None
        if shape is None or (shape is HedgeShape.PATH and count is None):
            return None
        return Hedge(shape, count)
    # layout
    if ("pattern" in data) == ("preset" in data):
        presets = ", ".join(LAYOUT_PRESETS)
        read.problems.append(Problem(f"give either a 'pattern' or a 'preset' ({presets})", "pattern"))
        return None
    if "preset" in data:
        preset = LAYOUT_PRESETS.get(data["preset"]) if isinstance(data["preset"], str) else None
        if preset is None:
            read.problems.append(Problem(f"unknown preset {data['preset']!r} (known: {', '.join(LAYOUT_PRESETS)})",
                                         "preset"))
            return None
        return Layout(preset)
    try:
        return Layout(Pattern.parse(data["pattern"]))
    except NotationError as exc:
        read._fail("pattern", exc)
        return None
