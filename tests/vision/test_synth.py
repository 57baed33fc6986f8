"""Tests for the synthetic tile art and photo generator (vision.synth)."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest

from scorer.tiles import ALL_TILE_KINDS, Garden, Tile
from scorer.vocab import ALL_CORNERS, ALL_DECORS, ALL_FLOORS, ALL_PATHS, Corner
from vision.dataset import read_labelled
from vision.synth import cli_synth, generate_dataset, random_garden, render_photo, render_tile
from vision.synth.random_art import FLOOR_FAMILIES, copy_tile, dialect_tile, random_dialect

CELL = 64

#: Which tile quadrant (row half, column half) each corner names.
_QUADRANT = {Corner.NW: (0, 0), Corner.NE: (0, 1), Corner.SW: (1, 0), Corner.SE: (1, 1)}


def _centroid_quadrant(mask: np.ndarray) -> tuple[int, int]:
    ys, xs = np.nonzero(mask)
    assert len(xs) > 0, "no differing pixels"
    half = mask.shape[0] / 2
    return int(ys.mean() >= half), int(xs.mean() >= half)


# --------------------------------------------------------------------------------------------
# tile art


@pytest.mark.parametrize("style", ["classic", "alt"])
def test_every_tile_and_corner_renders(style: str) -> None:
    for kind in ALL_TILE_KINDS:
        for corner in ALL_CORNERS:
            img = render_tile(Tile(kind.floor, kind.path, kind.decor, corner), 48, style=style)
            assert img.shape == (48, 48, 3)
            assert img.dtype == np.uint8


@pytest.mark.parametrize("style", ["classic", "alt"])
def test_path_band_lies_in_the_given_corner(style: str) -> None:
    # Changing only the path material changes only the band: the changed pixels sit in the quadrant of
    # the corner the path wraps, and (almost) never in the opposite quadrant.
    size = 96
    for kind in ALL_TILE_KINDS[::7]:
        other = ALL_PATHS[(ALL_PATHS.index(kind.path) + 1) % 3]
        for corner in ALL_CORNERS:
            a = render_tile(Tile(kind.floor, kind.path, kind.decor, corner), size, style=style)
            b = render_tile(Tile(kind.floor, other, kind.decor, corner), size, style=style)
            diff = np.abs(a.astype(int) - b.astype(int)).sum(axis=2) > 40
            assert _centroid_quadrant(diff) == _QUADRANT[corner], (kind, corner)
            qr, qc = _QUADRANT[corner]
            opposite = diff[(1 - qr) * size // 2 : (2 - qr) * size // 2, (1 - qc) * size // 2 : (2 - qc) * size // 2]
            assert opposite.mean() < 0.02, (kind, corner)


@pytest.mark.parametrize("style", ["classic", "alt"])
def test_decor_sits_away_from_the_path(style: str) -> None:
    size = 96
    for kind in ALL_TILE_KINDS[::11]:
        other = ALL_DECORS[(ALL_DECORS.index(kind.decor) + 2) % 5]
        for corner in ALL_CORNERS:
            a = render_tile(Tile(kind.floor, kind.path, kind.decor, corner), size, style=style)
            b = render_tile(Tile(kind.floor, kind.path, other, corner), size, style=style)
            diff = np.abs(a.astype(int) - b.astype(int)).sum(axis=2) > 40
            qr, qc = _QUADRANT[corner]
            assert _centroid_quadrant(diff) == (1 - qr, 1 - qc), (kind, corner)


def test_walkway_ring_is_continuous() -> None:
    # Four tiles se/sw/ne/nw of one material: where two tiles meet, the band crosses the seam at the same
    # place on both sides (compare the edge columns/rows of neighbours).
    size = 96
    tiles = [["water/wood/gate/se", "sand/wood/crane/sw"], ["gravel/wood/buddha/ne", "clay/wood/pagoda/nw"]]
    imgs = [[render_tile(t, size).astype(int) for t in row] for row in tiles]
    left, right = imgs[0][0][:, -3], imgs[0][1][:, 2]
    band_rows = slice(int(size * 0.42), int(size * 0.66))  # the band crosses the seam 0.30..0.62 from the corner
    assert np.abs(left[band_rows] - right[band_rows]).mean() < 25
    top, bottom = imgs[0][0][-3, :], imgs[1][0][2, :]
    band_cols = slice(int(size * 0.42), int(size * 0.66))
    assert np.abs(top[band_cols] - bottom[band_cols]).mean() < 25


def test_render_tile_is_deterministic_without_rng_and_varies_with_rng() -> None:
    a = render_tile("water/stone/gate/se")
    assert np.array_equal(a, render_tile("water/stone/gate/se"))
    b = render_tile("water/stone/gate/se", rng=np.random.default_rng(1))
    c = render_tile("water/stone/gate/se", rng=np.random.default_rng(1))
    assert np.array_equal(b, c)
    assert not np.array_equal(a, b)


def test_styles_differ() -> None:
    a = render_tile("trees/wood/pagoda/nw", 64).astype(int)
    b = render_tile("trees/wood/pagoda/nw", 64, style="alt").astype(int)
    assert np.abs(a - b).mean() > 15


@pytest.mark.parametrize(
    ("tile", "size", "style"),
    [("water/stone/gate/xx", 64, "classic"), ("water/stone/gate/se", 8, "classic"),
     ("water/stone/gate/se", 64, "comic"), (42, 64, "classic")],
)
def test_render_tile_rejects_bad_input(tile: object, size: int, style: str) -> None:
    with pytest.raises(ValueError):
        render_tile(tile, size, style=style)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# gardens


def test_random_garden_uses_distinct_tiles_and_respects_exclusions() -> None:
    rng = np.random.default_rng(5)
    walkway_seen = False
    for _ in range(40):
        first = random_garden(rng)
        kinds = {t.kind for t in first}
        assert len(kinds) == 16
        second = random_garden(rng, exclude=kinds)
        assert not kinds & {t.kind for t in second}
        rows = first.rows
        for r in range(3):
            for c in range(3):
                ring = (rows[r][c], rows[r][c + 1], rows[r + 1][c], rows[r + 1][c + 1])
                if [t.corner.value for t in ring] == ["se", "sw", "ne", "nw"] and len({t.path for t in ring}) == 1:
                    walkway_seen = True
    assert walkway_seen, "structured gardens should produce complete walkways"
    with pytest.raises(ValueError):
        random_garden(rng, exclude=ALL_TILE_KINDS[:80])


# --------------------------------------------------------------------------------------------
# photos and ground truth


def _warp_cells(image: np.ndarray, corners: np.ndarray) -> list[list[np.ndarray]]:
    side = 4 * CELL
    dst = np.float32([[0, 0], [side, 0], [side, side], [0, side]])
    m = cv2.getPerspectiveTransform(corners.astype(np.float32), dst)
    flat = cv2.warpPerspective(image, m, (side, side), flags=cv2.INTER_AREA)
    return [[flat[r * CELL : (r + 1) * CELL, c * CELL : (c + 1) * CELL] for c in range(4)] for r in range(4)]


def _corr(a: np.ndarray, b: np.ndarray) -> float:
    # compare inside a margin (gaps, misalignment) on blurred, per-channel normalised pixels
    m = CELL // 10
    x = cv2.GaussianBlur(a, (0, 0), 2.0)[m:-m, m:-m].astype(float).ravel()
    y = cv2.GaussianBlur(b, (0, 0), 2.0)[m:-m, m:-m].astype(float).ravel()
    x -= x.mean()
    y -= y.mean()
    return float((x * y).sum() / (np.sqrt((x * x).sum() * (y * y).sum()) + 1e-9))


def _check_truth(image: np.ndarray, garden: Garden, corners: np.ndarray) -> tuple[int, float]:
    """How many cells best match their labelled corner (among the 4), and the mean correlation."""
    cells = _warp_cells(image, corners)
    right = 0
    corrs = []
    for (r, c), tile in garden.cells():
        scores = {k: _corr(cells[r][c], render_tile(Tile(tile.floor, tile.path, tile.decor, k), CELL))
                  for k in ALL_CORNERS}
        corrs.append(scores[tile.corner])
        right += max(scores, key=scores.__getitem__) is tile.corner
    return right, float(np.mean(corrs))


def _photo(seed: int, difficulty: str = "easy", size: tuple[int, int] = (800, 600)) -> tuple[Garden, np.ndarray, dict]:
    rng = np.random.default_rng(seed)
    garden = random_garden(rng)
    image, truth = render_photo(garden, rng, size=size, difficulty=difficulty)
    return garden, image, truth


def test_truth_corners_land_on_the_garden() -> None:
    for seed in range(3):
        _, image, truth = _photo(seed)
        assert image.shape == (600, 800, 3) and image.dtype == np.uint8
        corners = truth["corners"]
        assert corners.shape == (4, 2) and corners.dtype == np.float64
        right, mean_corr = _check_truth(image, truth["garden"], corners)
        assert right >= 15, (seed, right)
        assert mean_corr > 0.75, (seed, mean_corr)
        # the check can fail: corners shifted by half a cell or given in the wrong order do not match
        shifted = corners + (corners[1] - corners[0]) / 8
        assert _check_truth(image, truth["garden"], shifted)[1] < mean_corr - 0.3
        wrong_order = np.roll(corners, 1, axis=0)
        assert _check_truth(image, truth["garden"], wrong_order)[0] <= 8


def test_truth_corners_hold_on_hard_photos() -> None:
    _, image, truth = _photo(11, "hard")
    right, mean_corr = _check_truth(image, truth["garden"], truth["corners"])
    assert right >= 15 and mean_corr > 0.6, (right, mean_corr)


def test_truth_garden_follows_the_in_plane_rotation() -> None:
    seen: set[int] = set()
    for seed in range(40):
        garden, image, truth = _photo(100 + seed, size=(480, 360))
        k = truth["quarter_turns"]
        if k in seen:
            continue
        seen.add(k)
        assert truth["garden"] == garden.rotated(k)
        assert k == round(truth["rotation"] / 90) % 4
        # the top edge of the truth garden (corner 0 -> corner 1) points right in the picture
        top = truth["corners"][1] - truth["corners"][0]
        assert top[0] > abs(top[1])
        # and the truth tiles (with their rotated corners) are what the warped photo shows
        right, _ = _check_truth(image, truth["garden"], truth["corners"])
        assert right >= 14, (seed, k, right)
        if k:
            wrong, _ = _check_truth(image, garden, truth["corners"])
            assert wrong < right
        if seen == {0, 1, 2, 3}:
            break
    assert seen == {0, 1, 2, 3}


def test_photo_at_phone_resolution() -> None:
    _, image, truth = _photo(3, "hard", size=(4032, 3024))
    assert image.shape == (3024, 4032, 3)
    assert np.all((truth["corners"] >= 0) & (truth["corners"] <= [4032, 3024]))


def test_render_photo_is_deterministic_and_validates() -> None:
    _, a, ta = _photo(7, "mixed", size=(320, 240))
    _, b, tb = _photo(7, "mixed", size=(320, 240))
    assert np.array_equal(a, b)
    assert np.array_equal(ta["corners"], tb["corners"]) and ta["garden"] == tb["garden"]
    garden = random_garden(np.random.default_rng(0))
    rng = np.random.default_rng(0)
    for kwargs in ({"size": (10, 10)}, {"difficulty": "extreme"}, {"style": "comic"}, {"size": "big"}):
        with pytest.raises(ValueError):
            render_photo(garden, rng, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        render_photo("not a garden", rng)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# datasets and the command


def test_generate_dataset_is_deterministic_and_subsets_reproduce(tmp_path: Path) -> None:
    a = generate_dataset(tmp_path / "a", 3, seed=4, size=(320, 240))
    b = generate_dataset(tmp_path / "b", 3, seed=4, size=(320, 240))
    assert [p.name for p in a] == ["00000.jpg", "00001.jpg", "00002.jpg"]
    for pa, pb in zip(a, b):
        assert pa.read_bytes() == pb.read_bytes()
        assert pa.with_suffix(".json").read_text() == pb.with_suffix(".json").read_text()
    c = generate_dataset(tmp_path / "c", 1, seed=4, size=(320, 240), start=2)
    assert c[0].read_bytes() == a[2].read_bytes()
    d = generate_dataset(tmp_path / "d", 1, seed=5, size=(320, 240))
    assert d[0].read_bytes() != a[0].read_bytes()
    photo = read_labelled(a[1])
    assert photo.corners.shape == (4, 2)


def test_cli_synth(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = argparse.Namespace(out=str(tmp_path / "out"), count=2, seed=1, size=(320, 240), style="alt",
                              difficulty="hard", start=0, family="zoo")
    assert cli_synth(args) == 0
    assert "wrote 2 photos" in capsys.readouterr().out
    sidecars = sorted((tmp_path / "out").glob("*.json"))
    assert len(sidecars) == 2
    assert json.loads(sidecars[0].read_text())["family"] == "zoo"
    copied = argparse.Namespace(**{**vars(args), "out": str(tmp_path / "copy"), "style": "random", "copy": 7})
    assert cli_synth(copied) == 0 and "development copy 7" in capsys.readouterr().out
    assert json.loads(next((tmp_path / "copy").glob("*.json")).read_text())["copy"] == 7
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for bad in ({"out": str(blocker)}, {"count": -1}, {"seed": -3}, {"style": "comic"}, {"difficulty": "x"},
                {"family": "museum"}, {"copy": 3}, {"style": "random", "copy": -1}):
        ns = argparse.Namespace(**{**vars(args), **bad})
        assert cli_synth(ns) == 2
        err = capsys.readouterr().err
        assert err.startswith("zengarden synth: error:") and "Traceback" not in err


# --------------------------------------------------------------------------------------------
# scene families


def test_train_dev_and_zoo_families_share_no_board_table_or_light_kind() -> None:
    from vision.synth.scene import BOARD_PATTERNS, LIGHT_KINDS, TABLE_KINDS, TRACK_SHAPES

    for kinds in (BOARD_PATTERNS, TRACK_SHAPES, TABLE_KINDS, LIGHT_KINDS):
        for a, b in (("train", "zoo"), ("train", "dev"), ("dev", "zoo")):
            assert not set(kinds[a]) & set(kinds[b]) - {"none"}, (a, b, kinds)


@pytest.mark.parametrize("family", ["train", "dev"])
def test_every_board_table_and_light_kind_renders(family: str) -> None:
    """Each of a family's kinds draws a picture of the asked size that is not one flat colour, the
    same picture for the same seed."""
    from vision.synth import scene

    for kind in scene.BOARD_PATTERNS[family]:
        board = scene.board_surface(96, _Forced(np.random.default_rng(3), kind), family, None)
        assert board.shape == (96, 96, 3) and board.dtype == np.uint8 and board.std() > 1, kind
    for kind in scene.TABLE_KINDS[family]:
        table = scene.table_surface(160, 120, _Forced(np.random.default_rng(4), kind), family)
        assert table.shape == (120, 160, 3) and table.std() > 1, kind
        assert np.array_equal(table, scene.table_surface(160, 120, _Forced(np.random.default_rng(4), kind), family))
    for kind in scene.LIGHT_KINDS[family]:
        gain, glare = scene.light_maps(40, 30, _Forced(np.random.default_rng(5), kind), family, 0.5)
        assert gain.shape == (30, 40, 3) and glare.shape == (30, 40, 1) and np.isfinite(gain).all(), kind
        assert gain.min() > 0, kind
    for shape in set(scene.TRACK_SHAPES[family]) - {"none"}:
        board = np.full((120, 120, 3), 128, np.uint8)
        scene.draw_track(board, 20.0, 20, _Forced(np.random.default_rng(6), shape), family)
        assert (board != 128).any(), shape


class _Forced:
    """A random generator whose first ``choice`` returns ``kind``; everything else as ``rng``."""

    def __init__(self, rng: np.random.Generator, kind: str) -> None:
        self._rng, self._kind = rng, kind

    def choice(self, options: object, *args: object, **kwargs: object) -> object:
        kind, self._kind = self._kind, None
        return kind if kind is not None else self._rng.choice(options, *args, **kwargs)  # type: ignore[arg-type]

    def __getattr__(self, name: str) -> object:
        return getattr(self._rng, name)


@pytest.mark.parametrize("family", ["train", "dev", "zoo"])
def test_family_photos_have_the_truth_where_the_tiles_are(family: str) -> None:
    """The truth corners lie in the photo around a sizeable block, the truth garden is the input
    garden turned upright, and the same seed gives the same photo."""

    def render(index: int) -> tuple[Garden, np.ndarray, dict]:
        rng = np.random.default_rng([77, index])
        garden = random_garden(rng)
        return (garden, *render_photo(garden, rng, size=(640, 480), family=family))

    for index in range(3):
        garden, image, truth = render(index)
        assert np.array_equal(image, render(index)[1])
        assert truth["garden"] == garden.rotated(truth["quarter_turns"])
        corners = truth["corners"]
        assert np.all(corners >= 0) and np.all(corners[:, 0] < 640) and np.all(corners[:, 1] < 480)
        assert cv2.contourArea(corners.astype(np.float32)) > 0.02 * 640 * 480


# --------------------------------------------------------------------------------------------
# the shipped samples

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def test_sample_photos_are_labelled_correctly() -> None:
    from vision.dataset import iter_labelled

    photos = iter_labelled(SAMPLES / "photos")
    assert 8 <= len(photos) <= 12
    total = sum(p.image_path.stat().st_size + p.json_path.stat().st_size for p in photos)
    assert total < 5_000_000
    for photo in photos:
        if "alt" in photo.image_path.name:
            continue  # the check renders classic art
        right, _ = _check_truth(photo.load_image(), photo.garden, photo.corners)
        assert right >= 14, (photo.image_path.name, right)


def test_sample_game_is_valid_and_uses_each_tile_once() -> None:
    import json

    from scorer import validate_game

    game = json.loads((SAMPLES / "game-photos.json").read_text())
    assert game["boards"] == [1, 2, 3, 4, 5] and len(game["players"]) == 3
    seen: set = set()
    for player in game["players"]:
        photo = read_labelled(SAMPLES / player.pop("photo"))
        kinds = {t.kind for t in photo.garden}
        assert len(kinds) == 16 and not kinds & seen
        seen |= kinds
        player["garden"] = photo.garden.to_lists()
    errors = [p for p in validate_game(game) if p.severity.value == "error"]
    assert errors == []


# --------------------------------------------------------------------------------------------
# the held-out ink style


def test_ink_tile_is_one_fixed_picture_that_turns_with_the_tile() -> None:
    # A printed tile: the photo's generator never changes it, and turning the tile turns the picture.
    tile = Tile.parse("clay/stone/crane/nw")
    a = render_tile(tile, 64, rng=np.random.default_rng(1), style="ink")
    b = render_tile(tile, 64, rng=np.random.default_rng(2), style="ink")
    assert np.array_equal(a, b)
    for corner in ALL_CORNERS:
        turned = render_tile(Tile(tile.floor, tile.path, tile.decor, corner), 64, style="ink")
        assert np.array_equal(turned, np.rot90(a, k=-corner.turns_from_nw()))


def test_ink_style_differs_from_the_training_styles_and_renders_photos() -> None:
    tile = Tile.parse("sand/wood/gate/nw")
    ink = render_tile(tile, 64, style="ink").astype(int)
    for style in ("classic", "alt"):
        assert np.abs(ink - render_tile(tile, 64, style=style).astype(int)).mean() > 20
    pictures = {render_tile(Tile(k.floor, k.path, k.decor, Corner.NW), 32, style="ink").tobytes()
                for k in ALL_TILE_KINDS}
    assert len(pictures) == 90  # every physical tile its own picture
    image, truth = render_photo(random_garden(np.random.default_rng(3)), np.random.default_rng(4), size=(320, 240),
                                style="ink", family="zoo")
    assert image.shape == (240, 320, 3) and truth["corners"].shape == (4, 2)


# --------------------------------------------------------------------------------------------
# the random training style


def _hue_degrees(bgr: np.ndarray) -> float:
    hsv = cv2.cvtColor(np.uint8([[bgr]]), cv2.COLOR_BGR2HSV_FULL)[0, 0]
    return float(hsv[0]) * 360 / 256


def test_random_dialect_draws_every_tile_with_floors_in_their_colour_families() -> None:
    for seed in range(6):
        rng = np.random.default_rng(seed)
        look = random_dialect(rng)
        for kind in ALL_TILE_KINDS[::4]:
            for corner in ALL_CORNERS:
                img = dialect_tile(Tile(kind.floor, kind.path, kind.decor, corner), 64, rng, look)
                assert img.shape == (64, 64, 3) and img.dtype == np.uint8
        for floor, ((h0, h1), (s0, _s1), _v) in FLOOR_FAMILIES.items():
            if s0 < 0.1:  # grey: any hue
                continue
            tile = Tile(floor, ALL_PATHS[0], ALL_DECORS[0], Corner.NW)
            img = dialect_tile(tile, 96, np.random.default_rng(seed), look)
            patch = np.median(img[2:12, 84:94].reshape(-1, 3), axis=0)  # floor, far from band and figure
            hue = _hue_degrees(patch)
            assert any(h0 - 12 <= h <= h1 + 12 for h in (hue, hue + 360, hue - 360)), (seed, floor, hue)


def test_random_dialect_path_band_lies_in_the_given_corner() -> None:
    # Within one look, changing only the path material changes only the band's quadrant.
    look = random_dialect(np.random.default_rng(3))
    size = 96
    for kind in ALL_TILE_KINDS[::9]:
        other = ALL_PATHS[(ALL_PATHS.index(kind.path) + 1) % 3]
        for corner in ALL_CORNERS:
            a = dialect_tile(Tile(kind.floor, kind.path, kind.decor, corner), size, np.random.default_rng(0), look)
            b = dialect_tile(Tile(kind.floor, other, kind.decor, corner), size, np.random.default_rng(0), look)
            diff = np.abs(a.astype(int) - b.astype(int)).sum(axis=2) > 40
            assert _centroid_quadrant(diff) == _QUADRANT[corner], (kind, corner)
            qr, qc = _QUADRANT[corner]
            opposite = diff[(1 - qr) * size // 2 : (2 - qr) * size // 2, (1 - qc) * size // 2 : (2 - qc) * size // 2]
            assert opposite.mean() < 0.02, (kind, corner)


def test_random_style_photos_render_with_one_look_per_photo() -> None:
    garden = random_garden(np.random.default_rng(4))
    a, truth = render_photo(garden, np.random.default_rng(9), size=(480, 360), style="random", family="train")
    b, _ = render_photo(garden, np.random.default_rng(9), size=(480, 360), style="random", family="train")
    c, _ = render_photo(garden, np.random.default_rng(10), size=(480, 360), style="random", family="train")
    assert a.shape == (360, 480, 3) and np.array_equal(a, b) and not np.array_equal(a, c)
    assert truth["corners"].shape == (4, 2)
    looks = {random_dialect(np.random.default_rng(s)).floor_colours[ALL_TILE_KINDS[0].floor] for s in range(5)}
    assert len(looks) == 5  # each draw is a different copy
    with pytest.raises(ValueError):
        render_tile("sand/wood/gate/nw", 32, style="watercolour")


def test_a_development_copy_is_one_fixed_picture_per_tile_that_turns_with_it() -> None:
    # As the ink style's: every photo of one copy shows each physical tile the same, turned with it.
    tile = Tile.parse("trees/stone/pagoda/nw")
    a = copy_tile(tile, 64, 7)
    assert np.array_equal(a, copy_tile(tile, 64, 7))
    for corner in ALL_CORNERS:
        turned = copy_tile(Tile(tile.floor, tile.path, tile.decor, corner), 64, 7)
        assert np.abs(turned.astype(int) - np.rot90(a, k=-corner.turns_from_nw())).mean() < 1.0
    assert np.abs(copy_tile(tile, 64, 8).astype(int) - a).mean() > 10  # another copy, another look
    pictures = {copy_tile(Tile(k.floor, k.path, k.decor, Corner.NW), 24, 7).tobytes() for k in ALL_TILE_KINDS}
    assert len(pictures) == 90
    for bad in (-1, 1.5, True):
        with pytest.raises(ValueError, match="copy"):
            copy_tile(tile, 64, bad)  # type: ignore[arg-type]


def test_photos_of_a_development_copy_show_its_tiles_and_are_recorded(tmp_path: Path) -> None:
    garden = random_garden(np.random.default_rng(4))
    a, _ = render_photo(garden, np.random.default_rng(9), size=(480, 360), style="random", family="dev", copy=3)
    b, _ = render_photo(garden, np.random.default_rng(9), size=(480, 360), style="random", family="dev")
    assert not np.array_equal(a, b)
    with pytest.raises(ValueError, match="copy"):
        render_photo(garden, np.random.default_rng(9), size=(480, 360), style="classic", copy=3)
    (path,) = generate_dataset(tmp_path, 1, 5, size=(320, 240), style="random", family="dev", copy=3)
    assert json.loads(path.with_suffix(".json").read_text())["copy"] == 3


def test_the_sketch_style_is_the_random_look_with_other_figures_only() -> None:
    """``sketch`` (development only) draws the same look as ``random`` from the same stream, but
    every figure a silhouette of its own: the tiles differ only in the figure's half, and the
    silhouettes differ from every stock drawing."""
    look, sketch = random_dialect(np.random.default_rng(3)), random_dialect(np.random.default_rng(3), sketch=True)
    assert sketch.floor_colours == look.floor_colours and sketch.path_drawings == look.path_drawings
    assert set(sketch.figure_style.values()) == {"sketch"} and sketch.sketch is not None and look.sketch is None
    size = 96
    for kind in ALL_TILE_KINDS[::11]:
        tile = Tile(kind.floor, kind.path, kind.decor, Corner.NW)
        a = dialect_tile(tile, size, np.random.default_rng(0), look)
        b = dialect_tile(tile, size, np.random.default_rng(0), sketch)
        diff = np.abs(a.astype(int) - b.astype(int)).sum(axis=2) > 40
        assert diff.mean() > 0.02, kind  # another figure
        assert diff[: size // 3].mean() < 0.01 and diff[:, : size // 3].mean() < 0.01, kind  # band and floor the same
    figures = {copy_tile(Tile(ALL_TILE_KINDS[0].floor, ALL_TILE_KINDS[0].path, d, Corner.NW), 64, 5, sketch=True)
               .tobytes() for d in ALL_DECORS}
    assert len(figures) == 5
    garden = random_garden(np.random.default_rng(4))
    a, _ = render_photo(garden, np.random.default_rng(9), size=(320, 240), style="sketch", family="dev", copy=3)
    b, _ = render_photo(garden, np.random.default_rng(9), size=(320, 240), style="random", family="dev", copy=3)
    c, _ = render_photo(garden, np.random.default_rng(9), size=(320, 240), style="sketch", family="dev")
    assert not np.array_equal(a, b) and not np.array_equal(a, c)
    assert render_tile("sand/wood/gate/nw", 32, np.random.default_rng(1), style="sketch").shape == (32, 32, 3)


def test_the_sketch_style_is_never_a_training_style() -> None:
    from vision.synth.art import DEV_STYLES, HELD_OUT_STYLES, STYLES

    assert "sketch" in DEV_STYLES and not set(DEV_STYLES) & (set(STYLES) | set(HELD_OUT_STYLES))


def _squash(corners: np.ndarray) -> float:
    """How flat a block's outline looks: its mean width over mean height or back, at most 1 (1 seen
    from straight above; about the sine of the camera's elevation when tilted along a side)."""
    sides = np.linalg.norm(np.roll(corners, -1, axis=0) - corners, axis=1)
    ratio = (sides[0] + sides[2]) / (sides[1] + sides[3])
    return float(min(ratio, 1.0 / ratio))


def test_a_lower_camera_flattens_the_garden_more_and_is_recorded(tmp_path: Path) -> None:
    """``min_elevation`` lowers the camera below the family's 35°: over the same seeds the flattest
    block is flatter; the sidecar says so; out-of-range values are refused."""
    def flattest(min_elevation: float | None) -> float:
        return min(_squash(render_photo(random_garden(np.random.default_rng(s)), np.random.default_rng(s),
                                        size=(320, 240), family="zoo", min_elevation=min_elevation)[1]["corners"])
                   for s in range(24))

    assert flattest(25.0) < flattest(None) - 0.05
    paths = generate_dataset(tmp_path / "low", 1, 3, size=(320, 240), family="zoo", min_elevation=25)
    assert json.loads(paths[0].with_suffix(".json").read_text())["min_elevation"] == 25.0
    plain = generate_dataset(tmp_path / "plain", 1, 3, size=(320, 240), family="zoo")
    assert "min_elevation" not in json.loads(plain[0].with_suffix(".json").read_text())
    garden = random_garden(np.random.default_rng(0))
    for bad in (5.0, 95.0, True, "low"):
        with pytest.raises(ValueError, match="min_elevation"):
            render_photo(garden, np.random.default_rng(0), size=(320, 240), min_elevation=bad)  # type: ignore[arg-type]


def test_a_garden_size_range_bounds_the_block_in_the_photo_and_is_recorded(tmp_path: Path) -> None:
    """``garden_size`` draws the block's extent from a range of the photo's shorter side: every
    block of a small range lies within it (its extent is the bigger of its bounding box's sides);
    the sidecar says so; bad ranges are refused."""
    for seed in range(8):
        corners = render_photo(random_garden(np.random.default_rng(seed)), np.random.default_rng(seed),
                               size=(320, 240), family="dev", garden_size=(0.2, 0.3))[1]["corners"]
        extent = float(np.max(corners.max(axis=0) - corners.min(axis=0)))
        assert 0.2 * 240 - 1 <= extent <= 0.3 * 240 + 1
    paths = generate_dataset(tmp_path / "small", 1, 3, size=(320, 240), family="dev", garden_size=(0.2, 0.4))
    assert json.loads(paths[0].with_suffix(".json").read_text())["garden_size"] == [0.2, 0.4]
    garden = random_garden(np.random.default_rng(0))
    for bad in ((0.05, 0.3), (0.5, 0.4), (0.2, 0.95), 0.3, ("a", "b")):
        with pytest.raises(ValueError, match="garden_size"):
            render_photo(garden, np.random.default_rng(0), size=(320, 240), garden_size=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="garden_size"):
        generate_dataset(tmp_path / "bad", 1, 3, size=(320, 240), garden_size=(0.6, 0.2))


def test_floor_photos_show_one_floor_in_turn_and_are_recorded(tmp_path: Path) -> None:
    """``floor_photos``: photo i holds the 15 tiles of the i-th floor (in turn) and one tile of another
    floor, as an enrolment photo does; the sidecar says so; without it the gardens mix floors."""
    paths = generate_dataset(tmp_path / "floors", 7, 3, size=(320, 240), style="random", family="train",
                             floor_photos=True)
    for i, path in enumerate(paths):
        photo = read_labelled(path)
        floors = [tile.floor for row in photo.garden.rows for tile in row]
        main = ALL_FLOORS[i % len(ALL_FLOORS)]
        assert floors.count(main) == 15
        assert {tile.kind for row in photo.garden.rows for tile in row if tile.floor is main} == {
            kind for kind in ALL_TILE_KINDS if kind.floor is main}
        assert json.loads(path.with_suffix(".json").read_text())["floor_photo"] is True
    plain = generate_dataset(tmp_path / "plain", 1, 3, size=(320, 240), family="train")
    assert max(Counter(t.floor for row in read_labelled(plain[0]).garden.rows for t in row).values()) < 15
    assert "floor_photo" not in json.loads(plain[0].with_suffix(".json").read_text())
