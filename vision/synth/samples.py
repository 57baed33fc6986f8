"""Build the repository's sample photos, the demo game file and the README images.

Run ``.venv/bin/python -m vision.synth.samples`` from the repository root; everything is
deterministic. Writes ``samples/photos/*.jpg`` + ``.json`` sidecars, ``samples/game-photos.json``
(a level-5 game of three players given by photo) and ``docs/sample-easy.jpg`` /
``docs/sample-hard.jpg``.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import cv2
import numpy as np

from scorer.tiles import ALL_FEATURES, Feature, Garden, TileKind
from vision.dataset import write_labelled
from vision.synth.garden import random_garden
from vision.synth.photo import render_photo

SAMPLE_QUALITY = 85
SIZE = (1600, 1200)
#: seed of the demo game (chosen so every score category is non-zero for someone)
GAME_SEED = 2127

#: name, seed, difficulty, style, severity range wanted (photos are re-drawn until it fits)
PHOTOS: tuple[tuple[str, int, str, str, tuple[float, float]], ...] = (
    ("easy-1", 101, "easy", "classic", (0.0, 0.15)),
    ("easy-2", 102, "easy", "classic", (0.1, 0.3)),
    ("medium-1", 103, "mixed", "classic", (0.35, 0.55)),
    ("medium-2", 104, "mixed", "classic", (0.45, 0.65)),
    ("hard-1", 105, "hard", "classic", (0.65, 0.8)),
    ("hard-2", 106, "hard", "classic", (0.8, 1.0)),
    ("alt-style-1", 107, "mixed", "alt", (0.2, 0.5)),
)
GAME_PLAYERS: tuple[tuple[str, int, str, tuple[float, float]], ...] = (
    ("ann", 7, "easy", (0.05, 0.3)),
    ("bob", 3, "mixed", (0.4, 0.6)),
    ("cy", 11, "hard", (0.65, 0.9)),
)


def _photo(garden: Garden, seed: int, difficulty: str, style: str,
           want: tuple[float, float]) -> tuple[np.ndarray, dict]:  # type: ignore[type-arg]
    for attempt in range(200):
        rng = np.random.default_rng([seed, attempt])
        image, truth = render_photo(garden, rng, size=SIZE, difficulty=difficulty, style=style)
        if want[0] <= truth["severity"] <= want[1]:
            return image, truth
    raise RuntimeError(f"no photo with severity in {want} for seed {seed}")


def _count(garden: Garden, feature: Feature) -> int:
    return garden.count(feature)


def _game_gardens(seed: int) -> list[Garden]:
    rng = np.random.default_rng(seed)
    used: set[TileKind] = set()
    gardens = []
    for _ in GAME_PLAYERS:
        g = random_garden(rng, exclude=used)
        used |= {t.kind for t in g}
        gardens.append(g)
    return gardens


def _choose_features(gardens: list[Garden], rng: np.random.Generator) -> tuple[dict[str, str], list[list[str]]]:
    """Preferences and three missions with distinct features, such that the missions are
    completed by two players, one player and nobody respectively."""
    qualifies = {
        (a, b): [i for i, g in enumerate(gardens) if _count(g, a) >= 4 and _count(g, b) >= 4]
        for a, b in itertools.combinations(ALL_FEATURES, 2)
        if a.kind is not b.kind
    }
    by_count: dict[int, list[tuple[Feature, Feature]]] = {0: [], 1: [], 2: [], 3: []}
    for pair, who in qualifies.items():
        by_count[len(who)].append(pair)
    for _ in range(2000):
        picks = []
        for n in (2, 1, 0):
            options = by_count[n]
            if not options:
                break
            picks.append(options[int(rng.integers(len(options)))])
        if len(picks) < 3:
            break
        feats = [f for pair in picks for f in pair]
        if len(set(feats)) != 6:
            continue
        rest = [f for f in ALL_FEATURES if f not in feats]
        order = rng.permutation(len(rest))[:4]
        prefs = dict(zip(("minor", "major", "majority", "detail"), (rest[int(i)].format() for i in order)))
        missions = [[a.format(), b.format()] for a, b in picks]
        return prefs, missions
    raise RuntimeError("could not find missions for these gardens")


def build(root: Path) -> list[Path]:
    """Write all samples under ``root`` (the repository root); returns the files written."""
    photos = root / "samples" / "photos"
    photos.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    hard_image = easy_image = None
    for name, seed, difficulty, style, want in PHOTOS:
        garden = random_garden(np.random.default_rng(seed))
        image, truth = _photo(garden, seed, difficulty, style, want)
        extra = {"difficulty": difficulty, "severity": round(truth["severity"], 3), "style": style}
        written.append(write_labelled(photos / f"{name}.jpg", image, truth["garden"], truth["corners"],
                                      quality=SAMPLE_QUALITY, extra=extra))
        if name == "easy-1":
            easy_image = image
        if name == "hard-2":
            hard_image = image

    gardens = _game_gardens(GAME_SEED)
    rng = np.random.default_rng(GAME_SEED)
    prefs, missions = _choose_features(gardens, rng)
    players = []
    for (name, coins, difficulty, want), garden in zip(GAME_PLAYERS, gardens):
        image, truth = _photo(garden, 500 + coins, difficulty, "classic", want)
        extra = {"difficulty": difficulty, "severity": round(truth["severity"], 3), "style": "classic"}
        written.append(write_labelled(photos / f"game-{name}.jpg", image, truth["garden"], truth["corners"],
                                      quality=SAMPLE_QUALITY, extra=extra))
        players.append({"name": name.capitalize(), "coins": coins, "photo": f"photos/game-{name}.jpg"})
    mission_entries = []
    for feats in missions:
        a, b = (Feature.parse(f) for f in feats)
        who = [players[i]["name"] for i, g in enumerate(gardens) if g.count(a) >= 4 and g.count(b) >= 4]
        mission_entries.append({"features": feats, "completed_by": who[::-1]})
    game = {"boards": [1, 2, 3, 4, 5], "preferences": prefs, "missions": mission_entries, "players": players}
    game_path = root / "samples" / "game-photos.json"
    game_path.write_text(json.dumps(game, indent=2) + "\n", encoding="utf-8")
    written.append(game_path)

    docs = root / "docs"
    docs.mkdir(exist_ok=True)
    for name, image in (("sample-easy.jpg", easy_image), ("sample-hard.jpg", hard_image)):
        assert image is not None
        small = cv2.resize(image, (800, 600), interpolation=cv2.INTER_AREA)
        cv2.imwrite(str(docs / name), small, [cv2.IMWRITE_JPEG_QUALITY, 82])
        written.append(docs / name)
    return written


if __name__ == "__main__":
    for path in build(Path.cwd()):
        print(path, path.stat().st_size)
