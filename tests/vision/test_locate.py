"""Localisation on synthetic photos with known corners; corner ordering; clean failures."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from tests.vision.grids import checked_table, dev_photo, grid_photo
from vision.config import DEFAULT_CONFIG
from vision.dataset import iter_labelled
from vision.io import load_image_scaled
from vision.locate import (
    EvidenceField,
    GridLocation,
    GridNotFoundError,
    TileMapModel,
    best_first,
    block_aspect,
    block_offset,
    context_features,
    context_map,
    corner_distance_tiles,
    field_score,
    gradient_energy,
    judging_once,
    lattice_continues,
    lattice_hypotheses,
    lattice_subdivided,
    locate_garden,
    locate_grid,
    map_beyond,
    min_interior_angle,
    order_corners,
    other_map_quads,
    plain_cells,
    plausible_quad,
    quad_from_mask,
    quad_view,
    rectification,
    rectifications,
    second_look,
    squared_up,
    turned_view,
)
from vision.seams import lattice_corners, lattice_homography


def _tile_side(corners: np.ndarray) -> float:
    return float(np.mean(np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1)) / 4)


def test_corners_within_a_fraction_of_a_tile(easy_photos, bundled_model) -> None:
    errors = []
    for photo in iter_labelled(easy_photos):
        image, scale = load_image_scaled(photo.image_path)
        found = locate_garden(image, bundled_model.cfg, mask_model=bundled_model.mask) / scale
        errors.append(np.linalg.norm(found - photo.corners, axis=1).max() / _tile_side(photo.corners))
    errors = np.array(errors)
    # pixel error relative to one tile side; easy photos
    assert np.median(errors) < 0.12, errors
    assert (errors < 0.3).mean() >= 0.8, errors


def test_blank_image_raises_grid_not_found(bundled_model) -> None:
    with pytest.raises(GridNotFoundError):
        locate_garden(np.full((600, 800, 3), 128, np.uint8), DEFAULT_CONFIG, mask_model=bundled_model.mask)


@pytest.mark.parametrize("angle", [0, 30, 44, 46, 90, 135, 180, 200, 270, 359])
def test_order_corners_puts_the_garden_upright(angle: float) -> None:
    a = np.radians(angle)
    square = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], dtype=float)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    pts = square @ rot.T * 100 + 500
    rng = np.random.default_rng(angle)
    ordered = order_corners(pts[rng.permutation(4)])
    up = (ordered[0] + ordered[1]) / 2 - (ordered[2] + ordered[3]) / 2
    tilt = np.degrees(np.arctan2(up[0], -up[1]))
    assert abs(tilt) <= 45.0 + 1e-6
    # clockwise on screen: TL -> TR goes right-ish
    (ax, ay), (bx, by) = ordered[1] - ordered[0], ordered[2] - ordered[1]
    cross = ax * by - ay * bx
    assert cross > 0


def test_input_checks() -> None:
    with pytest.raises(ValueError, match=r"\(M, N, 3\)"):
        locate_garden(np.zeros((10, 10), np.uint8))


@pytest.mark.parametrize("seed", range(8))
def test_orientation_rule_is_the_same_for_any_start_under_perspective(seed: int) -> None:
    """Near 45° a perspective quad's four "up" directions are not 90° apart; whichever corner the
    input starts at, the reader picks the same top-left as the synthetic ground truth does."""
    import cv2

    from vision.geometry import tilt_degrees, upright_turns

    rng = np.random.default_rng(seed)
    a = np.radians(45.0 + rng.uniform(-1.5, 1.5))
    square = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], dtype=np.float64)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    flat = (square @ rot.T * 200 + 500).astype(np.float32)
    skew = flat + rng.uniform(-40, 40, size=(4, 2)).astype(np.float32)  # an oblique camera
    quad = cv2.perspectiveTransform(flat[None], cv2.getPerspectiveTransform(flat, skew))[0].astype(np.float64)
    truth = np.roll(quad, upright_turns(quad), axis=0)
    for k in range(4):
        assert np.allclose(order_corners(np.roll(quad, k, axis=0)), truth)
    assert abs(tilt_degrees(truth)) <= min(abs(tilt_degrees(np.roll(truth, k, axis=0))) for k in range(4)) + 1e-9


def test_a_small_garden_far_from_the_camera_is_still_found(easy_photos, bundled_model) -> None:
    """Each easy photo shrunk to half inside a plain border: the garden is then smaller than
    ``cfg.zoom_below`` of the photo, so the zoomed-in tile map competes with the first one."""
    import cv2

    cfg = bundled_model.cfg
    errors = []
    for photo in iter_labelled(easy_photos)[:3]:
        image, scale = load_image_scaled(photo.image_path)
        small = cv2.resize(image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        pad_r, pad_c = small.shape[0] // 2, small.shape[1] // 2
        canvas = cv2.copyMakeBorder(small, pad_r, pad_r, pad_c, pad_c, cv2.BORDER_REPLICATE)
        truth = photo.corners * scale / 2 + np.array([pad_c, pad_r])
        assert np.ptp(truth, axis=0).max() < cfg.zoom_below * max(canvas.shape[:2])
        found = locate_garden(canvas, cfg, mask_model=bundled_model.mask)
        errors.append(np.linalg.norm(found - truth, axis=1).max() / _tile_side(truth))
    assert max(errors) < 0.15, errors


_SQUARE = np.array([[0, 0], [100, 0], [100, 100], [0, 100]], dtype=np.float64)


def test_min_interior_angle_of_known_shapes() -> None:
    assert min_interior_angle(_SQUARE) == pytest.approx(90.0)
    assert min_interior_angle(_SQUARE[::-1]) == pytest.approx(90.0)  # either winding
    h = 100 * np.sin(np.radians(60))
    rhombus = np.array([[0, 0], [100, 0], [150, h], [50, h]])
    assert min_interior_angle(rhombus) == pytest.approx(60.0)
    bowtie = _SQUARE[[0, 1, 3, 2]]
    assert min_interior_angle(bowtie) == 0.0
    assert min_interior_angle(np.array([[0, 0], [0, 0], [100, 100], [0, 100]])) == 0.0


def test_plausible_quad_accepts_oblique_views_and_rejects_wedges() -> None:
    cfg = DEFAULT_CONFIG
    assert plausible_quad(_SQUARE, cfg)
    # a square seen obliquely: the far side 0.75 of the near one
    assert plausible_quad(np.array([[12.5, 0], [87.5, 0], [100, 90], [0, 90]]), cfg)
    # a corner pulled in: the left side is 0.4 of the right one
    assert not plausible_quad(np.array([[0, 0], [100, 0], [100, 100], [0, 40]]), cfg)
    # a corner pushed across: a 45° angle
    assert not plausible_quad(np.array([[0, 0], [100, 0], [100, 100], [100, 200]]) / 2, cfg)


def test_quad_from_mask_keeps_a_dim_corner_at_a_lower_threshold() -> None:
    """A block whose lower-right third is dim on the tile map (a shadow): at the usual threshold
    the fit stays a plausible shape; at a lower one it covers the whole block."""
    prob = np.zeros((200, 200), np.float32)
    prob[50:150, 50:150] = 0.9
    rows, cols = np.mgrid[0:200, 0:200]
    prob[(rows + cols > 230) & (prob > 0)] = 0.42  # the dim corner
    quad = quad_from_mask(prob, DEFAULT_CONFIG)
    assert quad is not None and plausible_quad(quad, DEFAULT_CONFIG)
    full = quad_from_mask(prob, DEFAULT_CONFIG, threshold=0.35)
    assert full is not None
    assert np.abs(order_corners(full) - order_corners(_SQUARE + 50)).max() < 2.0


def test_quad_from_mask_ranks_blobs_by_depth_and_fills_a_blotchy_one() -> None:
    """Two boards on the map: rank 0 is the bigger (deeper) blob, rank 1 the other, rank 2 none. A
    block cut in four by dark tiles the map misses is a quarter at the usual close, whole when
    filled."""
    prob = np.zeros((200, 200), np.float32)
    prob[100:190, 20:110] = 0.9  # the garden
    prob[20:70, 130:180] = 0.9  # another board's tiles
    first, second = quad_from_mask(prob, DEFAULT_CONFIG), quad_from_mask(prob, DEFAULT_CONFIG, rank=1)
    assert first is not None and second is not None
    assert np.allclose(first.mean(axis=0), [65, 145], atol=2)
    assert np.allclose(second.mean(axis=0), [155, 45], atol=2)
    assert quad_from_mask(prob, DEFAULT_CONFIG, rank=2) is None

    blotchy = np.zeros((200, 200), np.float32)
    blotchy[50:150, 50:150] = 0.9
    blotchy[92:104, 50:150] = blotchy[50:150, 96:106] = 0.1  # dark tiles across the middle
    part = quad_from_mask(blotchy, DEFAULT_CONFIG)
    assert part is not None and _tile_side(part) < 15  # a quarter of the block
    whole = quad_from_mask(blotchy, DEFAULT_CONFIG, fill=DEFAULT_CONFIG.mask_fill_frac)
    assert whole is not None
    assert np.abs(order_corners(whole) - order_corners(_SQUARE + 50)).max() < 8.0


def test_block_offset_takes_the_start_that_fits() -> None:
    square = _SQUARE + 50
    assert block_offset(square, square) == (0.0, 0)
    err, start = block_offset(np.roll(square, -3, axis=0), square)
    assert err == 0.0 and start == 3
    shifted = square + np.array([25.0, 0.0])  # one tile side of a 100-pixel block of 4
    assert block_offset(shifted, square)[0] == pytest.approx(1.0)


def test_block_aspect_and_squared_up_of_known_shapes() -> None:
    cfg = DEFAULT_CONFIG
    assert block_aspect(_SQUARE) == pytest.approx(1.0)
    assert squared_up(_SQUARE, cfg) == []
    # a square seen obliquely is still square enough
    assert squared_up(np.array([[12.5, 0], [87.5, 0], [100, 90], [0, 90]]), cfg) == []
    wide = np.array([[0, 0], [100, 0], [100, 75], [0, 75]], dtype=float)  # three rows of four
    assert block_aspect(wide) == pytest.approx(4 / 3)
    up, down, left_part, right_part = squared_up(wide, cfg)
    assert np.allclose(up, [[0, -25], [100, -25], [100, 75], [0, 75]])
    assert np.allclose(down, [[0, 0], [100, 0], [100, 100], [0, 100]])
    assert np.allclose(left_part, [[0, 0], [75, 0], [75, 75], [0, 75]])
    assert np.allclose(right_part, [[25, 0], [100, 0], [100, 75], [25, 75]])
    tall = wide[:, ::-1][[0, 3, 2, 1]]  # four rows of three, still TL, TR, BR, BL
    left, right, top_part, bottom_part = squared_up(tall, cfg)
    assert np.allclose(left, [[-25, 0], [75, 0], [75, 100], [-25, 100]])
    assert np.allclose(right, [[0, 0], [100, 0], [100, 100], [0, 100]])
    assert np.allclose(top_part, [[0, 0], [75, 0], [75, 75], [0, 75]])
    assert np.allclose(bottom_part, [[0, 25], [75, 25], [75, 100], [0, 100]])


class _LightnessMask:
    """A stand-in tile-mask model: a pixel's tile probability is that of the first ``(lightness,
    probability)`` step whose Lab lightness it exceeds, 0 below them all."""

    def __init__(self, *steps: tuple[float, float]) -> None:
        self.steps = steps

    def predict_proba(self, features: np.ndarray) -> np.ndarray:
        p = np.zeros(len(features))
        for light, prob in reversed(self.steps):
            p = np.where(features[:, 0] > light, prob, p)
        return np.stack([1 - p, p], axis=1)


def _located_error(image: np.ndarray, truth: np.ndarray, cfg, mask: _LightnessMask, tile: int = 70) -> float:
    """Largest corner error of :func:`locate_garden` with the stand-in ``mask``, in tile sides."""
    found = locate_garden(image, cfg, mask_model=mask)
    return float(np.linalg.norm(found - truth, axis=1).max() / tile)


def test_a_row_the_tile_map_misses_is_found_by_squaring_the_block_up() -> None:
    """A 4×4 block whose top row is as dark as the table: the tile map sees three rows (a 4:3
    block); the block grown by one row at the top, where the seams continue, is the one kept."""
    from dataclasses import replace

    image, truth = _block_photo(lambda row, col: 115 if row == 0 else 215)
    cfg = replace(DEFAULT_CONFIG, outline_inset=0.0)

    mask = _LightnessMask((150, 1.0))  # the top row (115) reads as table

    assert _located_error(image, truth, cfg, mask) < 0.1
    unsquared = replace(cfg, block_max_aspect=10.0)
    # neither squared up nor searched for oblong blocks (in any view): the 3 rows stay
    near_square = (0.9, 1.0, 1.1)
    assert _located_error(image, truth, replace(unsquared, grid_rect_wide_aspects=(),
                                                grid_search_aspects=near_square), mask) > 0.5
    # the wider rectified view alone finds the whole block, and so do the views framed on the map
    assert _located_error(image, truth, replace(unsquared, grid_search_aspects=near_square), mask) < 0.1
    assert _located_error(image, truth, replace(unsquared, grid_rect_wide_aspects=()), mask) < 0.1


def _block_photo(shade: Callable[[int, int], int], tile: int = 70) -> tuple[np.ndarray, np.ndarray]:
    """A noisy dark table with a 4×4 block of ``tile``-pixel tiles, tile (row, col) of gray level
    ``shade(row, col)``, dark seams between and around them -> (image, corners TL, TR, BR, BL)."""
    rng = np.random.default_rng(7)
    image = rng.normal(60, 6, (600, 800, 3)).clip(0, 255).astype(np.uint8)
    top, left = 170, 240
    for row in range(4):
        for col in range(4):
            r0, c0 = top + row * tile, left + col * tile
            image[r0:r0 + tile, c0:c0 + tile] = rng.normal(shade(row, col), 8, (tile, tile, 3)).clip(0, 255)
    for k in range(5):
        image[top + k * tile - 1:top + k * tile + 2, left - 1:left + 4 * tile + 2] = 20
        image[top - 1:top + 4 * tile + 2, left + k * tile - 1:left + k * tile + 2] = 20
    corners = np.array([[left, top], [left + 4 * tile, top], [left + 4 * tile, top + 4 * tile],
                        [left, top + 4 * tile]], dtype=float)
    return image, corners


def test_a_shadowed_corner_is_found_by_the_lower_threshold_retry() -> None:
    """Six tiles in one corner of the block lie in a shadow: the tile map puts them just under 0.5,
    so the quad at 0.5 leaves them out and its lattice is weak; the retry at 0.35 covers them and
    its seams line up."""
    from dataclasses import replace

    image, truth = _block_photo(lambda row, col: 140 if row + col >= 4 else 215)
    cfg = replace(DEFAULT_CONFIG, outline_inset=0.0)

    mask = _LightnessMask((170, 0.9), (90, 0.42))  # the shadowed tiles (140) just under 0.5

    assert _located_error(image, truth, cfg, mask) < 0.1
    # the case is real: the map's outline alone (no retry, no lattice search) misses the corner
    assert _located_error(image, truth, replace(cfg, mask_retry_thresholds=(), grid_trust_score=-np.inf), mask) > 0.5


def _garden_beside_card() -> tuple[np.ndarray, np.ndarray]:
    """:func:`_block_photo`'s garden with a plain card, bigger than the garden and as light as its
    tiles, on the table to its right -> (image, the garden's corners)."""
    garden, truth = _block_photo(lambda row, col: 215)
    rng = np.random.default_rng(11)
    image = np.hstack([garden, rng.normal(60, 6, (600, 500, 3)).clip(0, 255).astype(np.uint8)])
    image[90:510, 830:1250] = rng.normal(215, 8, (420, 420, 3)).clip(0, 255)
    return image, truth


def test_a_bigger_card_the_map_takes_for_tiles_does_not_hide_the_garden() -> None:
    """A plain card, bigger than the garden and as light as its tiles, lies beside it: the tile map's
    deepest blob is the card, where no lattice is. The map's next blob, searched when the first
    outline is weak, is the garden."""
    from dataclasses import replace

    image, truth = _garden_beside_card()
    cfg = replace(DEFAULT_CONFIG, outline_inset=0.0)
    mask = _LightnessMask((150, 1.0))

    assert _located_error(image, truth, cfg, mask) < 0.2
    # the case is real: without the map's other blobs the garden is never looked at
    assert _located_error(image, truth, replace(cfg, mask_other_blobs=False), mask) > 1.0


def test_the_whole_photo_searched_finds_a_garden_the_map_never_pointed_at() -> None:
    """The card beside the garden is the map's only blob (its other blobs not looked at): only the
    search of the whole frame (``grid_search_frame``, as enrolment runs it) sees the garden."""
    from dataclasses import replace

    image, truth = _garden_beside_card()
    cfg = replace(DEFAULT_CONFIG, outline_inset=0.0, mask_other_blobs=False)
    mask = _LightnessMask((150, 1.0))

    assert _located_error(image, truth, cfg, mask) > 1.0
    assert _located_error(image, truth, replace(cfg, grid_search_frame=True), mask) < 0.2


def test_a_garden_the_map_never_pointed_at_is_found_where_the_caller_says_to_look() -> None:
    """The card beside the garden is the map's only blob: the search there misses the garden; told
    roughly where the block lay in other photos (``near``, a little too big and off centre), the
    search looks there too and finds it."""
    from dataclasses import replace

    image, truth = _garden_beside_card()
    cfg = replace(DEFAULT_CONFIG, outline_inset=0.0, mask_other_blobs=False)
    mask = _LightnessMask((150, 1.0))
    rough = truth.mean(axis=0) + (truth - truth.mean(axis=0)) * 1.15 + np.array([25.0, -20.0])

    assert corner_distance_tiles(locate_grid(image, 4, cfg, mask).corners, truth, 4) > 1.0
    found = locate_grid(image, 4, cfg, mask, near=[rough])
    assert corner_distance_tiles(found.corners, truth, 4) < 0.2


def test_a_search_stopped_by_its_time_limit_skips_its_later_rounds_and_flags_the_outline() -> None:
    """``stop`` is asked once the first pass is done: saying yes, the place the caller expects the
    block (``near``) is not searched, so the garden beside the card is missed, and the outline is
    flagged with why; never saying yes, the search is the one without a limit."""
    from dataclasses import replace

    from vision.budget import SEARCH_STOPPED

    image, truth = _garden_beside_card()
    cfg = replace(DEFAULT_CONFIG, outline_inset=0.0, mask_other_blobs=False)
    mask = _LightnessMask((150, 1.0))
    rough = truth.mean(axis=0) + (truth - truth.mean(axis=0)) * 1.15 + np.array([25.0, -20.0])
    asked: list[int] = []

    stopped = locate_grid(image, 4, cfg, mask, near=[rough], stop=lambda: asked.append(1) or True)
    assert asked  # the search asked before a later round
    assert corner_distance_tiles(stopped.corners, truth, 4) > 1.0
    assert stopped.check_outline and stopped.reasons.count(SEARCH_STOPPED) == 1

    found = locate_grid(image, 4, cfg, mask, near=[rough], stop=lambda: False)
    unlimited = locate_grid(image, 4, cfg, mask, near=[rough])
    np.testing.assert_array_equal(found.corners, unlimited.corners)
    assert corner_distance_tiles(found.corners, truth, 4) < 0.2
    assert SEARCH_STOPPED not in found.reasons and found.reasons == unlimited.reasons


def test_an_outline_taken_at_once_is_never_stopped(easy_photos, bundled_model) -> None:
    """An outline the caller accepts at once ends the search before any round ``stop`` guards: it
    is not asked, and the outline is not flagged."""
    from dataclasses import replace

    photo = iter_labelled(easy_photos)[0]
    image, _ = load_image_scaled(photo.image_path)
    cfg = replace(bundled_model.cfg, grid_trust_score=float("inf"), grid_accept_score=-float("inf"))
    asked: list[int] = []
    taken = locate_grid(image, 4, cfg, bundled_model.mask, accept=lambda c, s: True,
                        stop=lambda: asked.append(1) or True)
    assert asked == [] and not taken.check_outline


def test_where_the_caller_expects_the_block_sets_the_smallest_block_not_the_map() -> None:
    """A map that sees tiles everywhere makes the whole photo its quad, and a block under half of it
    is no garden, so the small garden is missed. Told roughly where the block lies (``near``), the
    search looks there and takes the smallest block from that place: the garden is found though
    its tiles are far under half the quad's."""
    from dataclasses import replace

    from vision.seams import tile_side_px

    image, truth = _block_photo(lambda row, col: 215, tile=40)
    mask = _LightnessMask((10, 0.9))  # every pixel a tile: the quad is the whole photo
    cfg = replace(DEFAULT_CONFIG, outline_inset=0.0)
    rough = truth.mean(axis=0) + (truth - truth.mean(axis=0)) * 1.15 + np.array([10.0, -8.0])

    assert corner_distance_tiles(locate_grid(image, 4, cfg, mask).corners, truth, 4) > 1.0
    found = locate_grid(image, 4, cfg, mask, near=[rough]).corners
    assert corner_distance_tiles(found, truth, 4) < 0.25
    photo = np.array([[0, 0], [800, 0], [800, 600], [0, 600]], np.float64)
    assert tile_side_px(found, 4) < cfg.grid_min_fraction * tile_side_px(photo, 4)


def test_a_judge_that_knows_the_tiles_decides_between_two_gardens() -> None:
    """Two equal gardens side by side: the lattice alone cannot tell them apart; a caller's judge
    (here: which half of the photo a candidate lies in) moves the choice to the one it values, and
    the judge sees the candidates in image pixels."""
    from dataclasses import replace

    one, left = _block_photo(lambda row, col: 215)
    image = np.hstack([one, one])
    right = left + np.array([one.shape[1], 0.0])
    cfg = replace(DEFAULT_CONFIG, outline_inset=0.0, grid_trust_score=np.inf)
    mask = _LightnessMask((150, 1.0))
    seen: list[int] = []

    def prefer(half: int) -> Callable[[list[np.ndarray]], np.ndarray]:
        def judge(candidates: list[np.ndarray]) -> np.ndarray:
            seen.append(len(candidates))
            centres = np.array([c.mean(axis=0)[0] for c in candidates])
            return np.where((centres > one.shape[1]) == bool(half), 5.0, 0.0)
        return judge

    for half, truth in ((0, left), (1, right)):
        found = locate_grid(image, 4, cfg, mask, prefer(half))
        assert corner_distance_tiles(found.corners, truth, 4) < 0.2, half
    assert min(seen) > 1


def test_a_judge_ranks_the_search_blocks_it_is_shown_and_only_those() -> None:
    """Blocks ranked for polishing: by the one score alone without a judge; with one, the best
    ``pool`` by the score (those not ruled out) are ranked by score plus judge, ahead of the rest,
    and the judge sees only them."""
    blocks = [np.full((4, 2), float(k)) for k in range(8)]

    def value(block: np.ndarray) -> float:
        k = int(block[0, 0])
        return -np.inf if k == 1 else 10.0 - k  # block 1 is no garden; then 0, 2, 3, ... by score

    shown: list[list[int]] = []

    def judge(candidates: list[np.ndarray]) -> np.ndarray:
        ks = [int(c[0, 0]) for c in candidates]
        shown.append(ks)
        return np.array([20.0 if k in (1, 4) else 0.0 for k in ks])

    def order(ranked: list[np.ndarray]) -> list[int]:
        return [int(b[0, 0]) for b in ranked]

    assert order(best_first(blocks, value, None, 5)) == [0, 2, 3, 4, 5, 6, 7, 1]
    assert order(best_first(blocks, value, judge, 5)) == [4, 0, 2, 3, 5, 6, 7, 1]
    assert shown[-1] == [0, 2, 3, 4, 5]  # the best five by score; never the one ruled out
    assert order(best_first(blocks, value, judge, 3)) == [0, 2, 3, 4, 5, 6, 7, 1]  # 4 is beyond the pool
    assert order(best_first(blocks, value, judge, 0)) == [0, 2, 3, 4, 5, 6, 7, 1]
    assert len(shown) == 2


def test_gradient_energy_is_exact_and_the_same_wherever_the_array_lies_in_memory() -> None:
    rows, cols = np.mgrid[0:40, 0:60].astype(np.float32)
    ramp = 3.0 * cols + 4.0 * rows  # Sobel: 8 per unit slope -> (24, 32), magnitude 40 inside
    assert np.allclose(gradient_energy(ramp)[1:-1, 1:-1], 40.0)
    # the tile mask's features must not depend on the arrays' alignment (cv2.magnitude's do)
    gray = (np.random.default_rng(3).random((150, 200)) * 255).astype(np.float32)
    reference = gradient_energy(gray)
    for offset in range(1, 4):
        buffer = np.empty(gray.size + 8, dtype=np.float32)
        shifted = buffer[offset:offset + gray.size].reshape(gray.shape)
        shifted[:] = gray
        assert np.array_equal(gradient_energy(shifted), reference)


# --- the lattice from its own evidence (any board, any n) --------------------------------------------

def _grid_error(image: np.ndarray, truth: np.ndarray, n: int, model=None) -> tuple[float, bool]:
    found = locate_grid(image, n, DEFAULT_CONFIG if model is None else model.cfg,
                        None if model is None else model.mask)
    return corner_distance_tiles(found.corners, order_corners(truth), n), found.check_outline


@pytest.mark.parametrize("n", [4, 5, 6])
def test_locate_grid_finds_an_n_by_n_block_of_any_colours(n: int) -> None:
    """Blocks of random tiles on boards and tables of random colours, no model: each is found
    within a fifth of a tile or flagged for checking, and most are found."""
    found = 0
    for seed in range(3):
        image, truth = grid_photo(n, seed)
        error, check = _grid_error(image, truth, n)
        assert error < 0.2 or check, (seed, error)
        found += error < 0.2 and not check
    assert found >= 2


def test_a_board_the_colour_of_the_floor_is_not_taken_for_tiles() -> None:
    """Every tile's floor is the board's colour: only the seams (the tiles' shadowed edges) and the
    art tell the block from the board."""
    colour = (60, 140, 200)
    found = 0
    for seed in (7, 8, 9):
        image, truth = grid_photo(4, seed, board_bgr=colour, floor_bgr=colour)
        error, check = _grid_error(image, truth, 4)
        assert error < 0.25 or check, (seed, error)
        found += error < 0.2 and not check
    assert found >= 2


def test_a_second_board_partly_in_view_does_not_move_the_outline() -> None:
    image, truth = grid_photo(4, 3, neighbour=True, size=(1400, 900))
    error, _ = _grid_error(image, truth, 4)
    assert error < 0.2, error


def test_the_lattice_score_prefers_the_true_block_to_shifted_or_grown_ones() -> None:
    image, truth = grid_photo(4, 5)
    truth = order_corners(truth)
    field = EvidenceField(image, DEFAULT_CONFIG)
    h = lattice_homography(truth)
    true_score = field_score(field, truth, DEFAULT_CONFIG)
    half_tile = lattice_corners(h @ np.array([[1, 0, 0.5], [0, 1, 0.5], [0, 0, 1.0]]))
    with_frame = lattice_corners(h @ np.array([[1.25, 0, -0.5], [0, 1.25, -0.5], [0, 0, 1.0]]))
    one_tile_over = lattice_corners(h @ np.array([[1, 0, 1.0], [0, 1, 0], [0, 0, 1.0]]))
    for wrong in (half_tile, with_frame, one_tile_over):
        assert field_score(field, wrong, DEFAULT_CONFIG) < true_score - 1.0


def _ruled_table(step: int = 60, size: tuple[int, int] = (900, 1200), seed: int = 3) -> np.ndarray:
    """A table of ruled squares ``step`` pixels apart (kitchen tiles: pale grout on a colour)."""
    rng = np.random.default_rng(seed)
    image = np.empty((*size, 3), np.uint8)
    image[:] = rng.integers(40, 160, 3)
    image[:, ::step] = image[::step] = 210
    image[:, 1::step] = image[1::step] = 210
    return np.clip(image + rng.normal(0, 5, image.shape), 0, 255).astype(np.uint8)


def test_a_lattice_on_a_table_of_squares_runs_on_and_a_gardens_does_not() -> None:
    """A garden's seams end at its outline (the board's frame lies beyond); a 4×4 block of a table
    of ruled squares continues past every side, as strongly as its own lines."""
    for seed in (5, 6, 7):
        image, truth = grid_photo(4, seed)
        assert lattice_continues(EvidenceField(image, DEFAULT_CONFIG), order_corners(truth), DEFAULT_CONFIG) < 0.5
    table = _ruled_table()
    block = np.array([[300, 240], [540, 240], [540, 480], [300, 480]], np.float64)  # on the squares' lines
    field = EvidenceField(table, DEFAULT_CONFIG)
    assert lattice_continues(field, block, DEFAULT_CONFIG) > 2.0
    assert field_score(field, block, DEFAULT_CONFIG) > 2.0  # the block itself looks like a lattice


def test_a_checked_tables_squares_hold_no_art_and_a_gardens_tiles_do() -> None:
    """A 4×4 block of a gingham's checks has seams as strong as a garden's, but plain cells; and
    a block of 2×2 checks per cell has lines through every cell."""
    for seed in (5, 6, 7):
        image, truth = grid_photo(4, seed)
        field = EvidenceField(image, DEFAULT_CONFIG)
        assert plain_cells(field, order_corners(truth), DEFAULT_CONFIG) > DEFAULT_CONFIG.grid_plain_free
        assert lattice_subdivided(field, order_corners(truth), DEFAULT_CONFIG) < DEFAULT_CONFIG.grid_sub_free
    field = EvidenceField(checked_table(60), DEFAULT_CONFIG)
    one_check = np.array([[300, 240], [540, 240], [540, 480], [300, 480]], np.float64)
    two_checks = np.array([[240, 120], [720, 120], [720, 600], [240, 600]], np.float64)
    assert field_score(field, one_check, DEFAULT_CONFIG) > 5.0  # a strong lattice by its lines alone
    assert plain_cells(field, one_check, DEFAULT_CONFIG) < DEFAULT_CONFIG.grid_plain_free
    assert lattice_subdivided(field, two_checks, DEFAULT_CONFIG) > 2 * DEFAULT_CONFIG.grid_sub_free
    assert lattice_subdivided(field, one_check, DEFAULT_CONFIG) < DEFAULT_CONFIG.grid_sub_free


@pytest.mark.parametrize(("seed", "step"), [(0, 50), (3, 35), (1, 50), (4, 70)])
def test_a_garden_on_a_checked_cloth_is_not_read_as_a_block_of_its_checks(seed: int, step: int,
                                                                          bundled_model) -> None:
    """Checks about a tile's size, in a colour and white: the outline is found, or flagged, and
    never a block of plain checks (before the plain-cells term, the first two were taken silently
    4.8 and 6.2 tiles off)."""
    image, truth = grid_photo(4, seed, table_image=checked_table(step, seed=seed))
    found = locate_grid(image, 4, bundled_model.cfg, bundled_model.mask)
    error = corner_distance_tiles(found.corners, order_corners(truth))
    assert error < 0.25 or found.check_outline, error
    field = EvidenceField(image, DEFAULT_CONFIG)
    assert plain_cells(field, found.corners, DEFAULT_CONFIG) > DEFAULT_CONFIG.grid_plain_free


def test_a_map_quad_turned_against_the_block_is_searched_turned_back() -> None:
    """A round blob's quad can be turned against the block: the search's axis-aligned blocks miss
    it in the quad's view, and find it in that view turned back by one of ``grid_search_turns``."""
    for seed in range(3):
        image, truth = grid_photo(4, seed)
        centre = truth.mean(axis=0)
        a = np.radians(20.0)
        turn = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        view = quad_view((truth - centre) @ turn.T * 1.15 + centre, DEFAULT_CONFIG)
        best = lattice_hypotheses(image, view, DEFAULT_CONFIG)[0]
        assert block_offset(order_corners(best), truth)[0] > 1.0
        assert -20.0 in DEFAULT_CONFIG.grid_search_turns
        back = lattice_hypotheses(image, turned_view(view, -20.0, DEFAULT_CONFIG), DEFAULT_CONFIG)[0]
        assert block_offset(order_corners(back), truth)[0] < 0.15, seed


def test_map_beyond_sees_a_row_of_tiles_outside_a_side() -> None:
    """A tile map of a 4×4 block (1 inside, 0 around): the block's own outline has nothing beyond
    it; an outline a row short (the bottom row left out) has a whole row of tiles beyond its
    bottom side."""
    prob = np.zeros((200, 240), np.float32)
    prob[40:160, 60:180] = 1.0  # tiles of 30 map pixels
    block = np.array([[60, 40], [180, 40], [180, 160], [60, 160]], np.float64)
    short = np.array([[60, 40], [180, 40], [180, 130], [60, 130]], np.float64)
    assert map_beyond(prob, block, DEFAULT_CONFIG) < 0.05
    assert map_beyond(prob, short, DEFAULT_CONFIG) > 0.95


def _skew_degrees(to_axes: np.ndarray, corners: np.ndarray) -> float:
    """How far (degrees) the sides of a block ``(4, 2)`` run from the axes under ``to_axes``."""
    mapped = cv2.perspectiveTransform(np.asarray(corners, np.float64)[None], to_axes)[0]
    sides = np.roll(mapped, -1, axis=0) - mapped
    folded = np.degrees(np.arctan2(sides[:, 1], sides[:, 0])) % 90.0
    return float(np.minimum(folded, 90.0 - folded).max())


def test_the_lines_inside_the_quad_rectify_a_block_on_a_table_of_crossing_lines() -> None:
    """A table printed with two families of lines at other angles: the rectification by the
    lines within the quad alone (``lines_margin`` 0) sets the block square; the one that also
    reads a margin of table around it is pulled off by the table's lines on some photos."""
    skews = []
    for seed in range(5):
        image, truth = grid_photo(4, seed)
        centre = truth.mean(axis=0)
        board = np.zeros(image.shape[:2], np.uint8)
        cv2.fillConvexPoly(board, cv2.convexHull(((truth - centre) * 1.5 + centre).astype(np.int32)), 1)
        table = image.copy()
        a = np.random.default_rng(seed).uniform(0, np.pi)
        for turn in (a, a + 1.2 + np.pi / 2):
            along, across = np.array([np.cos(turn), np.sin(turn)]), np.array([-np.sin(turn), np.cos(turn)])
            for k in range(-60, 60):
                p = np.array([600.0, 450.0]) + 14 * k * across
                cv2.line(table, tuple((p - 2000 * along).astype(int)), tuple((p + 2000 * along).astype(int)),
                         (20, 20, 20), 3)
        image = np.where(board[..., None] > 0, image, table)
        quad = (truth - centre) * 1.1 + centre
        inner = rectification(image, quad, DEFAULT_CONFIG, 0.0)
        assert inner is not None and _skew_degrees(inner[0], truth) < 1.0, seed
        wide = rectification(image, quad, DEFAULT_CONFIG)
        skews.append(90.0 if wide is None else _skew_degrees(wide[0], truth))
    assert max(skews) > 2.0, skews


@pytest.mark.parametrize("family", ["train", "dev", "zoo"])
def test_family_photos_are_located_or_flagged(family: str, bundled_model) -> None:
    """Constructed scenes of each board/table family: the outline is right, or the reader says to
    check it — never silently wrong."""
    from scorer.tiles import Garden
    from vision.synth.garden import random_garden
    from vision.synth.photo import render_photo

    for index in range(4):
        rng = np.random.default_rng([2026, index, len(family)])
        garden: Garden = random_garden(rng)
        image, truth = render_photo(garden, rng, size=(1000, 750), family=family)
        error, check = _grid_error(image, truth["corners"], 4, bundled_model)
        assert error <= 0.25 or check, (family, index, error)


def test_noise_is_refused_or_flagged() -> None:
    rng = np.random.default_rng(0)
    img = rng.integers(0, 255, (300, 400, 3), dtype=np.uint8)
    try:
        found = locate_grid(img, 4, DEFAULT_CONFIG)
    except GridNotFoundError:
        return
    assert found.check_outline, found


def test_locate_grid_input_checks() -> None:
    image, _ = grid_photo(4, 0, size=(400, 300))
    for bad in (1, 13, 4.0, True):
        with pytest.raises(ValueError, match="n must be an integer"):
            locate_grid(image, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [3, 4])
def test_a_single_row_of_tiles_is_not_read_as_a_flat_block(seed: int) -> None:
    """Only the top row of a block is left (the rows below painted the board's colour): no 4×4
    block is there, so the answer is flagged, and it is never flatter than a square can look
    (``cfg.grid_max_aspect``); seed 3 gives a strip 3.2 times wider than high without that bound."""
    import cv2

    image, truth = grid_photo(4, seed)
    tl, tr, br, bl = truth
    row, down = (bl - tl) / 4, np.array([0.0, 4.0])  # a row; just below the seam under it
    board = image[int(tl[1] - 10), int((tl[0] + tr[0]) / 2)].tolist()
    cv2.fillConvexPoly(image, np.array([tl + row + down, tr + row + down, br + down, bl + down], np.int32), board)
    found = locate_grid(image, 4, DEFAULT_CONFIG)
    aspect = block_aspect(found.corners)
    assert found.check_outline
    assert max(aspect, 1.0 / aspect) <= DEFAULT_CONFIG.grid_max_aspect


def test_a_search_hands_on_clearly_different_alternatives(easy_photos, bundled_model) -> None:
    """Searched (the trusted shortcut off), the locator returns besides its outline at most
    ``cfg.grid_alternatives`` other lattices, each over ``cfg.check_distinct`` tile from the outline and
    from each other, best score first; trusted at once, none."""
    from dataclasses import replace

    photo = iter_labelled(easy_photos)[0]
    image, _ = load_image_scaled(photo.image_path)
    cfg = replace(bundled_model.cfg, grid_trust_score=float("inf"))
    found = locate_grid(image, 4, cfg, bundled_model.mask)
    blocks = [found.corners, *found.alternatives]
    assert 1 <= len(found.alternatives) <= cfg.grid_alternatives
    assert len(found.alternative_scores) == len(found.alternatives)
    assert list(found.alternative_scores) == sorted(found.alternative_scores, reverse=True)
    for i, a in enumerate(blocks):
        assert a.shape == (4, 2)
        for b in blocks[i + 1:]:
            assert block_offset(a, b)[0] > cfg.check_distinct
    trusted = locate_grid(image, 4, replace(cfg, grid_trust_score=-float("inf")), bundled_model.mask)
    assert trusted.alternatives == () and trusted.alternative_scores == ()


def test_outline_score_is_the_score_the_search_gives_and_the_search_keeps_what_it_weighed(easy_photos,
                                                                                        bundled_model) -> None:
    """``outline_score`` gives any outline the score the search gives its candidates: the chosen one's
    is the located score, searched or trusted at once. A search keeps every candidate it weighed
    with its score, the chosen one and the alternatives among them; trusted at once, none. A garden
    shifted half a tile scores lower than the true one; a photo with nothing in it raises."""
    from dataclasses import replace

    from vision.locate import GridNotFoundError, outline_score

    photo = iter_labelled(easy_photos)[0]
    image, scale = load_image_scaled(photo.image_path)
    mask = bundled_model.mask
    cfg = replace(bundled_model.cfg, grid_trust_score=float("inf"))
    found = locate_grid(image, 4, cfg, mask)
    assert outline_score(image, found.corners, 4, cfg, mask) == pytest.approx(found.score)
    assert len(found.searched) == len(found.searched_scores) > len(found.alternatives)
    weighed = dict(zip((b.tobytes() for b in found.searched), found.searched_scores))
    assert weighed[found.corners.tobytes()] == pytest.approx(found.score)
    for block, score in zip(found.alternatives, found.alternative_scores):
        assert weighed[block.tobytes()] == pytest.approx(score)
    trusted = locate_grid(image, 4, replace(cfg, grid_trust_score=-float("inf")), mask)
    assert trusted.searched == () and trusted.searched_scores == ()
    assert outline_score(image, trusted.corners, 4, cfg, mask) == pytest.approx(trusted.score)
    truth = np.asarray(photo.corners, np.float64) * scale
    shifted = truth + (truth[1] - truth[0]) / 8  # half a tile across
    assert outline_score(image, shifted, 4, cfg, mask) < outline_score(image, truth, 4, cfg, mask)
    with pytest.raises(GridNotFoundError):
        outline_score(np.full((300, 400, 3), 128, np.uint8), truth, 4, cfg, mask)


def test_lattice_terms_are_the_mean_ridges_of_each_blocks_lines() -> None:
    """The exhaustive search's terms, from running sums for a whole grid of blocks at once, are each
    block's mean ridge along its inner seams and along its outline, line by line (random ridges,
    blocks of several shapes)."""
    from vision.locate import _cumulative, lattice_terms

    n = DEFAULT_CONFIG.grid
    rng = np.random.default_rng(0)
    v, h = (rng.random((256, 256)) * 3 - 1 for _ in range(2))
    v_cum, h_cum = _cumulative(v, h)
    for width, height in [(100, 100), (37, 81), (200, 55), (13, 250)]:
        cols, rows = np.arange(0, 256 - width, 3), np.arange(0, 256 - height, 3)
        seams, outline = lattice_terms(v_cum, h_cum, cols, rows, width, height, DEFAULT_CONFIG)
        assert seams.shape == outline.shape == (len(rows), len(cols))
        for r, c in [(0, 0), (len(rows) - 1, len(cols) - 1), (len(rows) // 2, len(cols) // 3)]:
            x0, y0 = cols[c], rows[r]
            lines = []
            for k in range(n + 1):
                col = min(int(np.round(x0 + k * width / n)), 255)
                row = min(int(np.round(y0 + k * height / n)), 255)
                lines.append((v[y0:y0 + height, col].mean(), h[row, x0:x0 + width].mean()))
            inner = [m for k, pair in enumerate(lines) if 0 < k < n for m in pair]
            edges = [m for k in (0, n) for m in lines[k]]
            assert seams[r, c] == pytest.approx(np.mean(inner), abs=1e-9)
            assert outline[r, c] == pytest.approx(np.mean(edges), abs=1e-9)


def test_a_table_of_dashes_stronger_than_the_block_is_rectified_by_another_line_pair() -> None:
    """A table printed with short dashes in one direction, stronger than any of the block's lines:
    the strongest two orientations pair the dashes with one side of the block and shear it; the
    block's own two directions, paired through the third strongest orientation, set it square."""
    primary, best = [], []
    for seed in range(4):
        image, truth = grid_photo(4, seed)
        centre = truth.mean(axis=0)
        board = np.zeros(image.shape[:2], np.uint8)
        cv2.fillConvexPoly(board, cv2.convexHull(((truth - centre) * 1.3 + centre).astype(np.int32)), 1)
        table = np.full_like(image, 200)
        side = truth[1] - truth[0]
        turn = np.arctan2(side[1], side[0]) + np.radians(40 + 5 * seed)  # across the block's sides
        along, across = np.array([np.cos(turn), np.sin(turn)]), np.array([-np.sin(turn), np.cos(turn)])
        for k in range(-80, 80):
            for j in range(-40, 40):
                p = np.array([600.0, 450.0]) + 12 * k * across + (110 * j + 55 * (k % 2)) * along
                ends = (p - 40 * along).astype(int), (p + 40 * along).astype(int)
                cv2.line(table, tuple(ends[0]), tuple(ends[1]), (40, 40, 40), 4)
        image = np.where(board[..., None] > 0, image, table)
        quad = (truth - centre) * 1.8 + centre  # the map's quad takes in much of the table
        (first, *others), = rectifications(image, quad, DEFAULT_CONFIG, (None,))
        primary.append(90.0 if first is None else _skew_degrees(first[0], truth))
        best.append(min([_skew_degrees(r[0], truth) for r in others if r is not None], default=90.0))
    assert max(best) < 1.5, (primary, best)
    assert max(primary) > 3.0, (primary, best)  # the case this is about: the strongest pair is off


def test_a_caller_that_accepts_the_maps_outline_stops_the_search(easy_photos, bundled_model) -> None:
    """Below the trusted score the caller's ``accept`` sees the map's outline (ordered corners, its
    score): taken, it is returned unflagged with nothing searched; refused, the search runs as
    without it; and below ``cfg.grid_accept_score`` it is not asked."""
    from dataclasses import replace

    photo = iter_labelled(easy_photos)[0]
    image, _ = load_image_scaled(photo.image_path)
    cfg = replace(bundled_model.cfg, grid_trust_score=float("inf"), grid_accept_score=-float("inf"))
    asked: list[tuple[np.ndarray, float]] = []
    taken = locate_grid(image, 4, cfg, bundled_model.mask, accept=lambda c, s: asked.append((c, s)) or True)
    assert len(asked) == 1
    np.testing.assert_array_equal(taken.corners, asked[0][0])
    np.testing.assert_array_equal(order_corners(asked[0][0]), asked[0][0])
    assert taken.score == asked[0][1] and not taken.check_outline
    assert taken.runner_up == -np.inf and taken.alternatives == ()
    refused = locate_grid(image, 4, cfg, bundled_model.mask, accept=lambda c, s: False)
    searched = locate_grid(image, 4, cfg, bundled_model.mask)
    np.testing.assert_array_equal(refused.corners, searched.corners)
    assert refused.runner_up == searched.runner_up > -np.inf
    asked.clear()
    high = replace(cfg, grid_accept_score=float("inf"))
    locate_grid(image, 4, high, bundled_model.mask, accept=lambda c, s: asked.append((c, s)) or True)
    assert asked == []


def test_an_outline_taken_at_once_a_fraction_of_a_tile_off_is_handed_on_polished(monkeypatch) -> None:
    """Tiles read surely on an outline that took in a band of board (the map's outline made 0.3
    tile too wide): the outline is taken at once as the caller took it, and handed on polished onto
    the block's seams as well (for a reader that judges cells to prefer); refused, nothing is taken
    at once; without ``grid_polish_taken`` nothing polished is handed on."""
    from dataclasses import replace

    import vision.locate as locate_module
    from vision.geometry import in_block_plane

    image, truth = grid_photo(4, 3)
    tile = float(np.linalg.norm(truth[1] - truth[0])) / 4
    real = locate_module._map_outline

    def widened(*args, **kwargs):  # the map's outline with its right side 0.3 tile out
        corners, quad, prob = real(*args, **kwargs)
        wide = in_block_plane(corners, np.array([[0, 0], [4.3, 0], [4.3, 4], [0, 4]], np.float64), 4)
        return wide, quad, prob

    monkeypatch.setattr(locate_module, "_map_outline", widened)
    cfg = replace(DEFAULT_CONFIG, grid_trust_score=float("inf"))
    mask = None  # the hand-made map

    def error(corners: np.ndarray) -> float:
        return float(np.linalg.norm(corners - truth, axis=1).max() / tile)

    asked: list[tuple[np.ndarray, float]] = []
    taken = locate_grid(image, 4, cfg, mask, accept=lambda c, s: asked.append((c, s)) or True)
    assert len(asked) == 1 and error(asked[0][0]) > 0.25
    np.testing.assert_array_equal(taken.corners, asked[0][0])
    assert not taken.check_outline and taken.searched == ()
    assert taken.polished is not None and error(taken.polished) < 0.1
    np.testing.assert_array_equal(order_corners(taken.polished), taken.polished)
    searched = locate_grid(image, 4, cfg, mask, accept=lambda c, s: False)
    assert searched.polished is None and searched.searched != ()
    unpolished = locate_grid(image, 4, replace(cfg, grid_polish_taken=False), mask, accept=lambda c, s: True)
    assert unpolished.polished is None and error(unpolished.corners) > 0.25


def test_a_caller_that_accepts_the_first_pass_best_block_ends_the_search_there(easy_photos, bundled_model) -> None:
    """The map's outline refused, the search's first pass (views through the quad, polished) hands
    its best block to ``accept``: taken, it is returned unflagged, nothing further searched or
    asked; it is the block the whole search finds. Without ``cfg.grid_quick_accept`` it is not asked."""
    from dataclasses import replace

    photo = iter_labelled(easy_photos)[0]
    image, scale = load_image_scaled(photo.image_path)
    truth = order_corners(photo.corners * scale)
    cfg = replace(bundled_model.cfg, grid_trust_score=float("inf"), grid_accept_score=-float("inf"))
    asked: list[tuple[np.ndarray, float]] = []

    def all_but_the_map_outline(corners: np.ndarray, score: float) -> bool:
        asked.append((corners, score))
        return len(asked) > 1

    taken = locate_grid(image, 4, cfg, bundled_model.mask, accept=all_but_the_map_outline)
    assert len(asked) == 2
    np.testing.assert_array_equal(taken.corners, asked[1][0])
    assert taken.score == asked[1][1] and not taken.check_outline and taken.alternatives == ()
    searched = locate_grid(image, 4, cfg, bundled_model.mask)
    assert corner_distance_tiles(taken.corners, searched.corners, 4) < 0.1
    assert corner_distance_tiles(taken.corners, truth, 4) < 0.25
    asked.clear()
    locate_grid(image, 4, replace(cfg, grid_quick_accept=False), bundled_model.mask, accept=all_but_the_map_outline)
    # the map's outline, then (no first pass to settle it) the best of the map's other outlines, taken
    assert len(asked) == 2 and not np.array_equal(asked[0][0], asked[1][0])


def test_the_first_views_alone_settle_a_search_and_the_block_is_fitted_in_its_own_view(
        easy_photos, bundled_model, monkeypatch) -> None:
    """The map's outlines refused, the first ``cfg.grid_first_views`` views alone are searched and
    polished; their best block, taken, is searched once more in its own square view and the best fit
    of the same block returned: no other view is searched. Without them (0) every view of the first
    pass is searched, and both give the same block."""
    from dataclasses import replace

    import vision.locate as locate

    photo = iter_labelled(easy_photos)[0]
    image, scale = load_image_scaled(photo.image_path)
    truth = order_corners(photo.corners * scale)
    cfg = replace(bundled_model.cfg, grid_trust_score=float("inf"), grid_accept_score=-float("inf"))
    views: list[np.ndarray] = []
    searched = locate.lattice_hypotheses
    monkeypatch.setattr(locate, "lattice_hypotheses", lambda img, view, c, *a, **k: views.append(view)
                        or searched(img, view, c, *a, **k))
    found = {}
    for first in (3, 0):
        views.clear()
        asked: list[tuple[np.ndarray, int]] = []

        def only_searched_blocks(corners: np.ndarray, score: float, asked: list = asked) -> bool:
            asked.append((corners, len(views)))
            return len(views) > 0  # the map's outlines refused: a searched block taken

        found[first] = locate_grid(image, 4, replace(cfg, grid_first_views=first), bundled_model.mask,
                                   accept=only_searched_blocks)
        assert [n_views > 0 for _, n_views in asked].count(True) == 1 and not found[first].check_outline
        assert block_offset(found[first].corners, asked[-1][0])[0] <= cfg.check_distinct  # the block taken
        assert corner_distance_tiles(found[first].corners, truth, 4) < 0.25
        if first:
            assert len(views) == first + 1  # the first views, then the block's own
        else:
            assert len(views) > 3 + len(cfg.grid_search_turns)
    assert corner_distance_tiles(found[3].corners, found[0].corners, 4) < 0.1
    searched_views = []
    for first in (3, 0):  # no caller's accept (enrolment's search): nothing could end there, so nothing extra
        views.clear()
        located = locate_grid(image, 4, replace(cfg, grid_first_views=first), bundled_model.mask)
        searched_views.append((len(views), located.corners.tobytes()))
    assert searched_views[0] == searched_views[1]


def test_the_maps_other_outlines_are_snapped_only_when_neither_its_outline_nor_the_first_views_settle_it(
        easy_photos, bundled_model, monkeypatch) -> None:
    """With a caller's ``accept``, the map's outline is offered before its other outlines are
    snapped, and the first views may settle the search before they are; with
    ``grid_accept_first`` and ``grid_alternatives_late`` off, they are snapped first, as before.
    Where nothing settles it early, they are snapped and compete as before."""
    from dataclasses import replace

    import vision.locate as locate

    photo = iter_labelled(easy_photos)[0]
    image, scale = load_image_scaled(photo.image_path)
    truth = order_corners(photo.corners * scale)
    cfg = replace(bundled_model.cfg, grid_trust_score=float("inf"), grid_accept_score=-float("inf"))
    snapped: list[int] = []
    alternatives = locate._map_alternatives
    monkeypatch.setattr(locate, "_map_alternatives", lambda *a, **k: snapped.append(1) or alternatives(*a, **k))

    def all_but_the_first(asked: list[np.ndarray]) -> Callable[[np.ndarray, float], bool]:
        return lambda corners, score: asked.append(corners) or len(asked) > 1

    found = {}
    for early in (True, False):
        early_cfg = replace(cfg, grid_accept_first=early, grid_alternatives_late=early)
        snapped.clear()
        taken = locate_grid(image, 4, early_cfg, bundled_model.mask, accept=lambda c, s: True)
        assert len(snapped) == (0 if early else 1) and not taken.check_outline
        snapped.clear()
        asked: list[np.ndarray] = []
        found[early] = locate_grid(image, 4, early_cfg, bundled_model.mask, accept=all_but_the_first(asked))
        assert len(snapped) == (0 if early else 1) and len(asked) == 2
        assert corner_distance_tiles(found[early].corners, truth, 4) < 0.25
    assert corner_distance_tiles(found[True].corners, found[False].corners, 4) < 0.1
    snapped.clear()
    refused = locate_grid(image, 4, cfg, bundled_model.mask, accept=lambda c, s: False)
    assert snapped == [1] and corner_distance_tiles(refused.corners, truth, 4) < 0.25  # searched as before


def _scorers(image: np.ndarray) -> tuple[Callable[[np.ndarray], float],
                                         Callable[[list[np.ndarray]], list[np.ndarray]]]:
    """The search's one score on ``image`` (the lattice alone, no map) and a small polishing budget
    (the best three starts polished), as :func:`vision.locate.rectified_around` is handed them."""
    from vision.locate import polish

    field = EvidenceField(image, DEFAULT_CONFIG)

    def value(corners: np.ndarray) -> float:
        return field_score(field, corners, DEFAULT_CONFIG)

    def polished_all(starts: list[np.ndarray]) -> list[np.ndarray]:
        best = sorted(starts, key=value, reverse=True)[:3]
        return [order_corners(polish(field, s, DEFAULT_CONFIG)[0]) for s in best]

    return value, polished_all


def test_the_lines_inside_a_skewed_region_find_the_block_its_own_view_misses() -> None:
    """A region skewed against the block (the map's quad took in a patch of board and table at one
    corner): the block searched in the region's square view is not found (more than a tile off),
    while the last round, rectified by the lines inside that region, finds it."""
    from vision.locate import rectified_around

    cfg = DEFAULT_CONFIG
    for seed in range(4):
        image, truth = grid_photo(4, seed)
        truth = order_corners(truth)
        value, polished_all = _scorers(image)
        centre, side = truth.mean(axis=0), _tile_side(truth)
        skewed = truth.copy()
        skewed[2] += (truth[2] - centre) / np.linalg.norm(truth[2] - centre) * 1.8 * side
        skewed[0] += (truth[1] - truth[0]) / 4 * 0.8
        direct = polished_all([order_corners(h) for h in lattice_hypotheses(image, quad_view(skewed, cfg), cfg)])
        assert min(block_offset(found, truth)[0] for found in direct) > 1.0, seed
        around = rectified_around([skewed], [], skewed, image, 1.0, cfg, value, polished_all)
        assert block_offset(max(around, key=value), truth)[0] < 0.15, seed


def test_distinct_best_keeps_the_best_clearly_different_blocks() -> None:
    """The best blocks by value, each more than ``check_distinct`` tile from those kept before; a
    block ruled out (an infinite value) is never kept."""
    from vision.locate import distinct_best

    block = np.array([[100, 100], [500, 100], [500, 500], [100, 500]], np.float64)  # tiles of 100 px
    near_copy = block + 10.0  # a tenth of a tile off: the same block
    row_off = block + np.array([0.0, 100.0])
    far = block + 1000.0
    scores = {near_copy.tobytes(): 5.0, block.tobytes(): 4.0, row_off.tobytes(): 3.0, far.tobytes(): -np.inf}

    def value(b: np.ndarray) -> float:
        return scores[np.asarray(b, np.float64).tobytes()]

    kept = distinct_best([block, row_off, far, near_copy], value, 3, DEFAULT_CONFIG)
    assert [value(b) for b in kept] == [5.0, 3.0]
    assert len(distinct_best([block, row_off, near_copy], value, 1, DEFAULT_CONFIG)) == 1


def test_the_search_around_its_own_blocks_stops_once_a_place_is_settled() -> None:
    """``searched_around_own`` searches around the map's outline and then each of its best clearly
    different blocks in the map's quad; once ``settled`` takes the blocks found so far, the places
    after it are not searched."""
    from dataclasses import replace

    from vision.locate import searched_around_own

    block = np.array([[100, 100], [500, 100], [500, 500], [100, 500]], np.float64)  # tiles of 100 px
    outline, beside, below = block, block + np.array([100.0, 0.0]), block + np.array([0.0, 100.0])
    quad = np.array([[0, 0], [800, 0], [800, 800], [0, 800]], np.float64)
    scores = {outline.tobytes(): 3.0, beside.tobytes(): 2.9, below.tobytes(): 2.8}  # all in doubt

    def value(b: np.ndarray) -> float:
        return scores.get(np.asarray(b, np.float64).tobytes(), 1.0)

    searched: list[np.ndarray] = []

    def around(where: np.ndarray) -> list[np.ndarray]:
        searched.append(where)
        return [where + 1.0]

    cfg = replace(DEFAULT_CONFIG, grid_own_near_rounds=1)
    new = searched_around_own([outline, beside, below], quad, value, around, cfg)
    assert len(searched) == 3 and len(new) == 3  # the outline once (also the best block), the two others
    searched.clear()
    new = searched_around_own([outline, beside, below], quad, value, around, cfg,
                              settled=lambda found: len(found) == 2 and bool(np.allclose(found[1], beside + 1.0)))
    assert len(searched) == 2 and np.allclose(new[-1], beside + 1.0)  # settled at the second place


def test_a_search_in_doubt_takes_a_block_found_around_its_own_only_when_the_caller_accepts_it(
        tmp_path, bundled_model) -> None:
    """A garden on a table of checks (development photo 00213): the search's best blocks are each more
    than a tile off. Searched around them, two rounds (``searched_around_own``), the garden is found;
    it becomes a candidate, and wins, only when the caller's ``accept`` (here: one that knows where
    the garden is) takes it. Without an ``accept`` those rounds are not run."""
    from dataclasses import replace

    photo = dev_photo(tmp_path, 213)
    image, truth = photo.load_image(), order_corners(photo.corners)
    cfg, mask = bundled_model.cfg, bundled_model.mask
    asked: list[float] = []

    def knows(corners: np.ndarray, score: float) -> bool:
        asked.append(score)
        return corner_distance_tiles(corners, truth, 4) < 0.25

    found = locate_grid(image, 4, cfg, mask, accept=knows)
    assert corner_distance_tiles(found.corners, truth, 4) < 0.25 and asked
    assert corner_distance_tiles(locate_grid(image, 4, cfg, mask, accept=lambda c, s: False).corners, truth, 4) > 1.0
    assert corner_distance_tiles(locate_grid(image, 4, cfg, mask).corners, truth, 4) > 1.0
    # the case is real: one round does not reach the garden
    once = locate_grid(image, 4, replace(cfg, grid_own_near_rounds=1), mask, accept=knows)
    assert corner_distance_tiles(once.corners, truth, 4) > 1.0


def _small_grid_photo(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`grid_photo` shrunk to half in the middle of a photo of its size, the table carried on
    to the edges -> (image ``(900, 1200, 3)``, corners ``(4, 2)``): a block under a fifth of it."""
    image, truth = grid_photo(4, seed)
    small = cv2.resize(image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    return cv2.copyMakeBorder(small, 225, 225, 300, 300, cv2.BORDER_REPLICATE), truth * 0.5 + (300, 225)


def _doubtful(corners: np.ndarray, shift_tiles: float) -> GridLocation:
    """A location in doubt whose outline is ``corners`` moved right by ``shift_tiles`` tiles."""
    moved = corners + np.array([shift_tiles * _tile_side(corners), 0.0])
    return GridLocation(order_corners(moved), 1.0, 0.9, True, ("another lattice nearly as good",))


def test_a_second_look_at_a_small_garden_in_doubt_finds_it_on_a_crop_around_it() -> None:
    """A block under a fifth of the photo, its outline a tile off and in doubt: the search run again on a
    crop around that outline finds the block (in the photo's pixels) and is sure of it. Nothing is
    looked at again when the outline is not in doubt, when the garden is big, or when it is off;
    the same block found on the crop does not lift the doubt."""
    from dataclasses import replace

    image, truth = _small_grid_photo(0)
    assert 4 * _tile_side(truth) < 0.2 * max(image.shape[:2])
    located = _doubtful(truth, 1.0)
    again = second_look(image, located, DEFAULT_CONFIG)
    assert corner_distance_tiles(again.corners, order_corners(truth), 4) < 0.2
    assert not again.check_outline and again.reasons == ()
    sure = replace(located, check_outline=False, reasons=())
    assert second_look(image, sure, DEFAULT_CONFIG) is sure
    right_in_doubt = _doubtful(truth, 0.0)  # the crop finds the same block: the doubt stays
    assert second_look(image, right_in_doubt, DEFAULT_CONFIG) is right_in_doubt
    assert second_look(image, located, replace(DEFAULT_CONFIG, second_look_below=0.0)) is located
    assert second_look(image, located, replace(DEFAULT_CONFIG, second_look_below=0.1)) is located


def test_a_second_look_asks_the_callers_accept_and_judge_in_the_photos_pixels() -> None:
    """On the crop the caller's ``accept`` and ``judge`` are shown outlines in the photo's pixels,
    not the crop's: an ``accept`` that takes only the true block (photo pixels) settles the second
    look on it, also when the first outline was that block already (an ``accept`` that takes
    nothing leaves it in doubt), and every outline the judge is shown lies where the crop lies."""
    from dataclasses import replace

    image, truth = _small_grid_photo(1)
    cfg = replace(DEFAULT_CONFIG, grid_trust_score=float("inf"), grid_accept_score=-float("inf"))
    truth = order_corners(truth)

    def accept(corners: np.ndarray, score: float) -> bool:
        return corner_distance_tiles(corners, truth, 4) < 0.2

    shown: list[np.ndarray] = []

    def judge(blocks: list[np.ndarray]) -> np.ndarray:
        shown.extend(blocks)
        return np.zeros(len(blocks))

    located = _doubtful(truth, 1.0)
    again = second_look(image, located, cfg, None, judge, accept)
    assert not again.check_outline and corner_distance_tiles(again.corners, truth, 4) < 0.2
    assert accept(again.corners, again.score)
    # an outline taken at once on the crop is handed on polished in the photo's pixels too
    handed = second_look(image, located, replace(cfg, grid_switch_margin=-np.inf), None, judge, lambda c, s: True)
    assert handed.polished is not None and corner_distance_tiles(handed.polished, handed.corners, 4) < 0.5
    right_in_doubt = _doubtful(truth, 0.0)  # the same block, its tiles read surely: the doubt is lifted
    lifted = second_look(image, right_in_doubt, cfg, None, judge, accept)
    assert not lifted.check_outline and corner_distance_tiles(lifted.corners, truth, 4) < 0.2
    assert second_look(image, right_in_doubt, cfg, None, judge, lambda c, s: False) is right_in_doubt
    centre, reach = located.corners.mean(axis=0), 1.3 * np.ptp(located.corners, axis=0).max()
    assert shown and all(np.abs(b.mean(axis=0) - centre).max() < reach for b in shown)


def test_a_second_look_still_in_doubt_hands_its_outline_on_as_an_alternative() -> None:
    """When the crop's search is in doubt too (every lattice weak), the first outline stands, in
    doubt, and the crop's outline (the true block, in the photo's pixels) is added to its
    alternatives for a reader to weigh; not when it is one of them already."""
    from dataclasses import replace

    image, truth = _small_grid_photo(0)
    truth = order_corners(truth)
    cfg = replace(DEFAULT_CONFIG, check_min_score=float("inf"))
    located = _doubtful(truth, 1.0)
    again = second_look(image, located, cfg)
    assert again.check_outline and again.reasons == located.reasons
    np.testing.assert_array_equal(again.corners, located.corners)
    assert len(again.alternatives) == len(again.alternative_scores) == 1
    assert corner_distance_tiles(again.alternatives[0], truth, 4) < 0.2
    known = replace(located, alternatives=(truth,), alternative_scores=(0.5,))
    assert second_look(image, known, cfg) is known


def test_context_features_read_the_first_map_around_each_pixel() -> None:
    cfg = DEFAULT_CONFIG
    first = np.zeros((40, 50), np.float32)
    first[20, 25] = 1.0
    feats = context_features(first, cfg).reshape(40, 50, -1)
    windows, steps = len(cfg.mask_context_windows), len(cfg.mask_context_steps)
    assert feats.shape[2] == 1 + windows + 8 * steps
    np.testing.assert_array_equal(feats[..., 0], first)  # its own value
    assert feats[20, 25, 1] == pytest.approx(1 / cfg.mask_context_windows[0] ** 2)  # the smallest box's mean
    step = cfg.mask_context_steps[0]
    below, diagonal = feats[..., 1 + windows], feats[..., 2 + windows]  # the first step: (+rows), (+rows, +cols)
    assert below[20 - step, 25] == 1.0 and below.sum() == 1.0  # the pixel `step` above sees it below
    reach = round(step / 1.414)
    assert diagonal[20 - reach, 25 - reach] == 1.0 and diagonal.sum() == 1.0
    edge = feats[0, 0, 1 + windows:]
    assert np.all(edge == 0.0)  # nothing beyond the map


def _square_map(shape: tuple[int, int], top_left: int, side: int) -> np.ndarray:
    prob = np.zeros(shape, np.float32)
    prob[top_left: top_left + side, top_left: top_left + side] = 1.0
    return cv2.GaussianBlur(prob, (0, 0), 1.0)


def test_the_second_stages_block_is_one_more_quad_when_it_lies_elsewhere() -> None:
    cfg = DEFAULT_CONFIG
    prob = _square_map((200, 200), 40, 120)  # the first map takes in a frame around the block
    quad = quad_from_mask(prob, cfg)
    assert quad is not None
    assert other_map_quads(prob, quad, cfg) == []
    inner = other_map_quads(prob, quad, cfg, _square_map((200, 200), 60, 80))
    assert len(inner) == 1 and block_offset(inner[0], np.array([[60, 60], [140, 60], [140, 140], [60, 140]]))[0] < 0.1
    assert other_map_quads(prob, quad, cfg, prob) == []  # the same block is no other place


def test_the_second_stages_next_blob_is_one_more_quad_another_board_deeper() -> None:
    """A second garden board partly in view: the first stage sees its tiles alone, the second sees
    the garden too but the other board's blob deeper. The second stage's next blob (the garden) is
    one more quad."""
    cfg = DEFAULT_CONFIG
    prob = _square_map((300, 300), 150, 140)  # the other board, nearer the camera
    context = prob.copy()
    context[20:110, 20:110] = 1.0
    quad = quad_from_mask(prob, cfg)
    assert quad is not None and block_offset(quad, _SQUARE * 1.4 + 150)[0] < 0.2
    garden = np.array([[20, 20], [110, 20], [110, 110], [20, 110]], np.float64)
    found = other_map_quads(prob, quad, cfg, context)
    assert [block_offset(q, garden)[0] < 0.2 for q in found] == [True]


class _Constant:
    """A stand-in learner: every pixel the same probability of tile."""

    def __init__(self, p: float) -> None:
        self.p = p

    def predict_proba(self, x: np.ndarray) -> np.ndarray:
        return np.tile([1.0 - self.p, self.p], (len(x), 1))


def test_the_context_map_is_the_second_stages_and_none_without_one() -> None:
    cfg = DEFAULT_CONFIG
    tiny = np.random.default_rng(0).integers(0, 255, (60, 80, 3), dtype=np.uint8)
    assert context_map(tiny, cfg, _Constant(0.9)) is None  # a bare learner is a first stage alone
    assert context_map(tiny, cfg, TileMapModel(_Constant(0.9))) is None
    second = context_map(tiny, cfg, TileMapModel(_Constant(0.9), _Constant(0.2)))
    assert second is not None and second.shape == (60, 80)
    np.testing.assert_allclose(second, 0.2, atol=1e-6)


class _Known:
    """A stand-in second stage that knows where the tiles are: ``mask`` ``(m, n)`` as its map."""

    def __init__(self, mask: np.ndarray) -> None:
        self.p = mask.astype(np.float64).ravel()

    def predict_proba(self, x: np.ndarray) -> np.ndarray:
        assert len(x) == len(self.p)
        return np.c_[1.0 - self.p, self.p]


def test_the_second_stage_finds_the_block_when_the_first_sees_none() -> None:
    """A first stage that sees no tile at all (a floor photo's plain floor reads as board to it):
    the second stage's map gives the block, before the hand-made texture map is tried; without a
    second stage the hand-made map is all there is."""
    from vision.locate import _search_setup, truth_mask, working_copies

    cfg = DEFAULT_CONFIG
    image, truth = grid_photo(4, 5)
    tiny, map_scale = working_copies(image, cfg)[4:]
    known = truth_mask(tiny.shape[:2], truth * map_scale)
    setup = _search_setup(image, 4, cfg, TileMapModel(_Constant(0.0), _Known(known)))
    assert isinstance(setup.mask_model, TileMapModel)  # the learned map's, not the hand-made one
    assert block_offset(setup.first[0], truth)[0] < 0.25
    assert setup.first[2][known > 0].mean() > 0.8  # the map the search reads is the second stage's
    assert setup.context is setup.first[2]  # kept for the search's other quads, not made again
    alone = _search_setup(image, 4, cfg, TileMapModel(_Constant(0.0)))
    assert alone.mask_model is None and alone.context is None and alone.first_read is None


class _Features:
    """A stand-in second stage that answers with the mean of each pixel's context features (the
    first stage's map around it), so its map shows what it was given."""

    def predict_proba(self, x: np.ndarray) -> np.ndarray:
        p = np.clip(x[:, -3:].mean(axis=1), 0.0, 1.0)
        return np.c_[1.0 - p, p]


def test_the_second_stages_map_made_later_is_the_one_made_from_scratch() -> None:
    """When the first stage sees the block, the setup keeps what it read of the map's copy, and the
    second stage's map made from that when the search asks is the one made from the photo again."""
    from vision.locate import _search_setup, truth_mask, working_copies

    cfg = DEFAULT_CONFIG
    image, truth = grid_photo(4, 6)
    tiny, map_scale = working_copies(image, cfg)[4:]
    first = 0.8 * truth_mask(tiny.shape[:2], truth * map_scale) + 0.2 * np.random.default_rng(1).random(tiny.shape[:2])
    model = TileMapModel(_Known(first), _Features())
    setup = _search_setup(image, 4, cfg, model)
    assert setup.context is None and setup.first_read is not None
    later = setup.context_map()
    assert later is not None and later.std() > 0.05  # the first stage's map shows through
    np.testing.assert_allclose(later, context_map(tiny, cfg, model), atol=1e-6)


def test_a_search_handed_its_memo_finds_the_same_block_without_polishing_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A photo searched again with what its first search worked out (:class:`SearchMemo`, as enrolment
    searches a photo in doubt again) finds the same block, polishes nothing again and snaps only the
    map's own outlines again (:func:`_map_alternatives`, not kept); a search without it polishes
    afresh."""
    import vision.locate as locate_module
    from vision.locate import SearchMemo

    calls: list[str] = []
    polish, snap = locate_module.polish, locate_module._outline_and_seams

    def counted(name: str, real: Callable[..., object]) -> Callable[..., object]:
        def call(*args: object, **kwargs: object) -> object:
            calls.append(name)
            return real(*args, **kwargs)
        return call

    monkeypatch.setattr(locate_module, "polish", counted("polish", polish))
    monkeypatch.setattr(locate_module, "_outline_and_seams", counted("snap", snap))
    image, truth = grid_photo(4, 0)
    memo = SearchMemo()
    first = locate_grid(image, 4, memo=memo)
    snaps = calls.count("snap")
    assert "polish" in calls and memo.polished and memo.scores and memo.snapped
    calls.clear()
    again = locate_grid(image, 4, memo=memo)
    assert "polish" not in calls and calls.count("snap") < snaps
    assert np.array_equal(again.corners, first.corners) and again.score == first.score
    fresh = locate_grid(image, 4)
    assert "polish" in calls and np.array_equal(fresh.corners, first.corners)
    assert block_offset(first.corners, truth)[0] < 0.25


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_a_corner_a_third_of_a_tile_off_is_sharpened_onto_the_seams_the_narrow_bands_miss(seed: int) -> None:
    """A block's top-right corner pushed a third of a tile off its seams (as the tiles' reading or
    their cells' tileness may place an outline): fitted to its seams within the wider bands it comes
    back within a twentieth of a tile, the search's score higher; within the search's own narrow
    bands the seams near that corner lie out of reach and nothing better is found. The true outline
    is left as it is (or moved by a hair)."""
    from dataclasses import replace

    from vision.locate import sharpened_on_seams

    image, truth = grid_photo(4, seed)
    side = float(np.linalg.norm(truth[1] - truth[0])) / 4
    off = truth.copy()
    off[1] += np.array([0.25, -0.3]) * side
    assert corner_distance_tiles(off, truth) > 0.35
    sharpened = sharpened_on_seams(image, off)
    assert sharpened is not None and corner_distance_tiles(sharpened, truth) < 0.05
    narrow = replace(DEFAULT_CONFIG, sharpen_seam_bands=DEFAULT_CONFIG.seam_bands,
                     sharpen_max_shift=DEFAULT_CONFIG.seam_max_shift)
    assert sharpened_on_seams(image, off, cfg=narrow) is None
    kept = sharpened_on_seams(image, truth)
    assert kept is None or corner_distance_tiles(kept, truth) < 0.03
    assert sharpened_on_seams(image, off, cfg=replace(DEFAULT_CONFIG, sharpen_gain=0.0)) is None


def test_a_judge_values_each_outline_once_and_in_the_order_asked() -> None:
    asked: list[int] = []

    def values(outlines: list[np.ndarray]) -> np.ndarray:
        asked.append(len(outlines))
        return np.array([float(o[0, 0]) for o in outlines])

    a, b, c = (np.full((4, 2), v) for v in (1.0, 2.0, 3.0))
    kept: dict[bytes, float] = {}
    judge = judging_once(values, kept)
    assert judge([b, a, b]).tolist() == [2.0, 1.0, 2.0] and asked == [2]  # b asked once, though twice given
    assert judge([c, a]).tolist() == [3.0, 1.0] and asked == [2, 1]  # only c is new
    assert judge([a]).tolist() == [1.0] and asked == [2, 1]  # nothing new: values not asked
    assert len(kept) == 3  # handed on: another judge given them asks for none of these
    assert judging_once(values, kept)([a, b, c]).tolist() == [1.0, 2.0, 3.0] and asked == [2, 1]
