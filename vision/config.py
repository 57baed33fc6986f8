"""Every threshold and size the vision pipeline uses, in one frozen object.

Stages take a ``cfg: VisionConfig`` argument. Every threshold and size lives here; what stays in code
are geometric constants (a tile's middle at 0.5, the small nudge that gives a line's direction).
Change a value with ``dataclasses.replace(DEFAULT_CONFIG, name=value)``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class VisionConfig:
    # --- loading -----------------------------------------------------------------------------
    #: Photos above this many pixels are refused (decompression bombs, panoramas), JPEGs excepted
    #: up to ``max_jpeg_megapixels``.
    max_megapixels: float = 50.0
    #: JPEGs up to this many pixels are read, decoded at a reduced size by libjpeg and never in
    #: full: a phone's 50, 108 or 200-megapixel mode (a Pixel's 8160×6144 is 50.1 MP).
    max_jpeg_megapixels: float = 250.0
    #: JPEGs whose longer side is at least this are decoded at a reduced size by libjpeg (fast
    #: path): the smallest of 1/2, 1/4, 1/8 whose longer side is still at least half of it.
    reduced_decode_min_side: int = 3000
    #: Raw file size limit in bytes (refuse before decoding anything bigger).
    max_file_bytes: int = 80_000_000

    # --- localisation (on a downscaled copy) -------------------------------------------------
    #: Tiles per side of the block being located (4 for Zen Garden; ``locate_grid(n=...)`` sets it).
    grid: int = 4
    #: Longer side of the working image for localisation.
    locate_side: int = 800
    #: Minimum area of the tile map's main blob as a fraction of the working image (a garden whose
    #: side is an eighth of a 4:3 photo's width covers about 2 %; its blob is then re-mapped zoomed
    #: in, ``zoom_below``).
    min_quad_area_frac: float = 0.01
    #: Gaussian sigma (working pixels) before measuring intensity steps along the outline.
    locate_blur_sigma: float = 1.0
    #: Outline refinement: half-widths (in tile sides) of the search bands, coarse to fine.
    edge_bands: tuple[float, ...] = (0.35, 0.1)
    #: Normals sampled per side, and the fraction of the side skipped at each end.
    edge_samples: int = 40
    edge_margin: float = 0.04
    #: Sampling step along each normal (working pixels).
    edge_step: float = 0.5
    #: Per band: along each normal the innermost step at least this fraction of the strongest is
    #: taken (1.0 = the strongest step) — the tile art's edge, not a shadow just outside it.
    edge_picks: tuple[float, ...] = (1.0, 0.4)
    #: A side snapped further than this many search half-bands is not trusted (the input side stays).
    edge_max_jump: float = 2.5
    #: The outline fit to the tile map's blob: the part of each side used (skipping this fraction at
    #: either end) and the distance (fraction of the side) within which blob points count.
    side_fit_ends: float = 0.15
    side_fit_near: float = 0.05
    #: A last outline pass on the fine copy when it is this many times larger than the working copy.
    fine_pass_above: float = 1.2
    #: Intensity steps weaker than this (gray levels per step) are ignored.
    edge_min_step: float = 2.0
    #: RANSAC inlier distance (working pixels) and the fraction of samples that must agree.
    edge_inlier_px: float = 1.5
    edge_min_inliers: float = 0.3
    #: Longer side of a finer copy for the seam fit and, when the photo is bigger than the working
    #: copy, a last sub-pixel outline pass (0 = neither).
    edge_fine_side: int = 1600
    #: The fine copy is shrunk bilinearly (fast) rather than by pixel areas when it keeps more than
    #: this fraction of the photo's size (e.g. a 4032x3024 JPEG decoded at half size, to 1600).
    linear_downscale_above: float = 0.5
    #: The same for the outline copy (``locate_side``) and the tile-map copy (``mask_side``), both
    #: shrunk from the fine copy: 0 = always bilinear, 1 = always pixel areas. Stored with a model
    #: (its tile map is learned on these pixels).
    map_linear_downscale_above: float = 1.0
    #: How far (tile sides) the detected outline lies outside the tile art's corners (tile edges,
    #: shadows); learned from the training photos and stored with the model.
    outline_inset: float = 0.0
    #: Training photos used to measure that inset, and the largest offset believed (tile sides).
    inset_photos: int = 40
    inset_max: float = 0.4
    #: Fit the lattice to the inner seams (vision.seams) on the ``edge_fine_side`` copy.
    seam_fit: bool = True
    #: Black-hat kernel (tile sides): seams and gaps thinner than this light up.
    seam_kernel: float = 0.1
    #: Gaussian sigma (pixels) smoothing the seam map.
    seam_smooth_sigma: float = 0.7
    #: Search bands (tile sides either way of the current lattice line), coarse to fine.
    seam_bands: tuple[float, ...] = (0.15, 0.06)
    #: Normals per tile along each inner seam, and the part of a tile skipped near each crossing.
    seam_per_tile: int = 12
    seam_skip: float = 0.12
    #: A seam point counts when its response is this much (gray levels) above the typical level.
    seam_min_contrast: float = 2.0
    #: A seam needs this many points, and this fraction of them on one straight line within
    #: ``seam_inlier_px + seam_inlier_frac * tile side`` pixels.
    seam_min_points: int = 8
    seam_min_inliers: float = 0.3
    seam_inlier_px: float = 1.0
    seam_inlier_frac: float = 0.01
    #: Points sampled along each outline side for the joint fit.
    outline_points: int = 24
    #: An outline side further than this (tile sides) from where the seams put it is dropped.
    outline_tolerance: float = 0.015
    #: A joint fit that moves a corner further than this (tile sides) is not trusted.
    seam_max_shift: float = 0.3
    #: Gardens smaller than this fraction of the photo's longer side get a second, zoomed-in tile
    #: map on a crop around them, with this margin (fraction of the garden's size) on each side.
    zoom_below: float = 0.4
    zoom_margin: float = 0.3
    #: Colour-free lattice evidence (``vision.locate.edge_evidence``): Gaussian sigma (pixels) of
    #: the smoothing of the gradient maps.
    grid_evidence_sigma: float = 1.0
    #: A lattice line's ridge: its evidence less that of the lines this many tile sides either side,
    #: capped (in units of the view's mean gradient).
    grid_ridge_offset: float = 0.15
    grid_ridge_cap: float = 6.0
    #: The same offset (pixels) in the square view of the lattice search.
    grid_ridge_px: int = 4
    #: Lattices are scored on the working copy (``locate_side``), or on the fine copy when a tile of
    #: the map's quad is smaller than this (pixels of the working copy): seams of small, blurred
    #: gardens need the resolution.
    grid_field_min_tile: float = 40.0
    #: Samples per tile along each lattice line when a lattice is scored in the image.
    grid_field_samples: int = 8
    #: Polishing a candidate lattice: corner steps (tile sides, coarse to fine) and rounds per step.
    grid_polish_steps: tuple[float, ...] = (0.12, 0.06, 0.03)
    grid_polish_rounds: int = 4
    #: Every block the search proposes is first polished roughly by these steps; steps of at least
    #: ``grid_coarse_step`` climb evidence blurred by ``grid_coarse_sigma`` pixels (a wider reach).
    grid_rough_steps: tuple[float, ...] = (0.25, 0.12)
    #: How many of the search's blocks (best first) are polished roughly.
    grid_rough_keep: int = 9
    grid_coarse_step: float = 0.2
    grid_coarse_sigma: float = 3.0
    #: How many of the search's blocks (best first) are polished and compete with the first outline.
    grid_polish_keep: int = 3
    #: Weight and cap (units of the mean gradient) of the least textured cell in a lattice's score.
    grid_cell_weight: float = 1.0
    grid_cell_cap: float = 2.0
    #: A cell's inside for that texture: this fraction of a tile in from each seam.
    grid_cell_inside: float = 0.2
    #: Weight of the outline against the inner seams in a lattice's score.
    grid_outline_weight: float = 0.5
    #: The lattice search: side (pixels) of the square view of the region, the margin around the
    #: region (fraction of its side), block sizes tried (fractions of the region's side), the step
    #: (pixels) of sizes and positions, and how many distinct blocks are kept. The aspects (width
    #: over height in the view) reach 0.75 and 1.33: a view framed on an outline a row off shows the
    #: true block that oblong.
    grid_search_side: int = 256
    grid_search_margin: float = 0.3
    grid_search_sizes: tuple[float, float] = (0.45, 1.3)
    grid_search_aspects: tuple[float, ...] = (0.75, 0.9, 1.0, 1.1, 1.33)
    grid_search_step: int = 3
    grid_search_keep: int = 6
    #: The search reads each line's ridge as its best pixel within this many pixels across it (a
    #: block between two steps of the search still meets its seams).
    grid_search_spread: int = 1
    #: Each pixel's seam ridge is capped at this (either sign) before the search's running sums: a
    #: faint seam along the whole block outweighs one strong edge (the board's border, a path band).
    grid_search_pixel_cap: float = 2.0
    #: Weight of the tile map's support (mean tile probability at the cells' centres, less 0.5) in a
    #: candidate's score: the seams tell the block from the board's frame, the map tells it from a
    #: grid on the table.
    grid_map_weight: float = 2.0
    #: Rectifying by the lattice's own lines (``vision.locate.rectification``): the region is shrunk
    #: to this side (pixels) for the segment detector; segments shorter than ``vp_min_length`` of it
    #: are ignored; a family needs ``vp_min_segments`` segments within ``vp_angle_tolerance`` degrees
    #: of its orientation, and the two families must be ``vp_min_angle`` degrees apart.
    vp_side: int = 480
    vp_min_length: float = 0.04
    vp_min_segments: int = 4
    vp_angle_tolerance: float = 12.0
    vp_min_angle: float = 30.0
    #: Also rectify by each of the two strongest orientations paired with the third strongest (a
    #: patterned table's lines may be the strongest).
    vp_extra_family: bool = True
    #: The worst fraction of a family's lines dropped once when fitting its vanishing point.
    vp_drop_quantile: float = 0.25
    #: The lattice's rectification also framed with ``grid_rect_wide_margin`` of the map's quad on
    #: every side, searched for blocks of ``grid_rect_wide_sizes`` of the quad and the aspects
    #: ``grid_rect_wide_aspects`` (the rectification leaves the block's aspect unknown).
    grid_rect_wide_margin: float = 0.8
    grid_rect_wide_sizes: tuple[float, float] = (0.4, 2.4)
    grid_rect_wide_aspects: tuple[float, ...] = (0.5, 0.6, 0.72, 0.85, 1.0, 1.18, 1.4, 1.67, 2.0)
    #: The view of the tile map's quad is searched again turned by these angles (degrees): the quad
    #: of a round blob (a board with a round track) can be turned against the block.
    grid_search_turns: tuple[float, ...] = (-20.0, -10.0, 10.0, 20.0)
    #: How many clearly different lattices besides the chosen one a search hands on
    #: (``GridLocation.alternatives``; a reader reads each when the outline is in doubt).
    grid_alternatives: int = 6
    #: With a caller's judge (``vision.locate.locate_grid``'s ``judge``), the search's blocks are
    #: ranked for polishing by the judged score too, the best this many by the one score judged (a
    #: floor photo's block, ranked low by a tile map that has not seen the copy's art, still polished).
    grid_judge_pool: int = 18
    #: Search the whole photo too (``vision.locate.frame_proposals``): square and rectified views of
    #: the full frame, blocks of ``grid_frame_sizes`` of it. Slower; for photos whose tile map may
    #: point at the wrong thing and time is cheap (enrolment), off for reading a garden.
    grid_search_frame: bool = False
    grid_frame_margin: float = 0.02
    grid_frame_sizes: tuple[float, float] = (0.2, 0.95)
    #: The second, wider search around the best polished blocks: how many, the view's margin and the
    #: block sizes tried (fractions of the polished block's side).
    grid_wide_keep: int = 2
    grid_wide_margin: float = 0.6
    grid_wide_sizes: tuple[float, float] = (0.7, 2.0)
    #: The last rounds of the search (``vision.locate.rectified_around``), at most
    #: ``grid_around_rounds``, run while no candidate scores ``grid_around_below``: views rectified by
    #: the lines in the map's outline (the first round only) and in the best ``grid_around_keep``
    #: blocks polished before, within ``grid_around_margins`` of their side (0: inside alone).
    grid_around_below: float = 7.0
    grid_around_rounds: int = 3
    grid_around_keep: int = 1
    grid_around_margins: tuple[float, ...] = (0.0,)
    #: Then, at most ``grid_own_near_rounds`` rounds while the best block scores below
    #: ``grid_around_below`` or the best two clearly different ones lie within ``check_margin``: the
    #: map's outline and the best ``grid_own_near`` clearly different blocks centred in the map's quad
    #: are each searched around as a caller's expected place is (``vision.locate.searched_around_own``):
    #: a block a row off or skewed, seen square, holds the garden's own view. 0 turns it off.
    grid_own_near: int = 4
    grid_own_near_rounds: int = 2
    #: Of the blocks those rounds find, the best this many clearly different ones are read by the
    #: caller's ``accept`` (tiles read surely); only those it takes become candidates.
    grid_own_near_confirm: int = 3
    #: A second look at a small garden in doubt (``vision.locate.second_look``): when the outline
    #: chosen is to be checked and its mean side is below ``second_look_below`` of the photo's
    #: longer side, the whole search runs again on a crop ``second_look_span`` times the outline's
    #: extent around it (the tile map and views then see the garden larger); the crop's outline is
    #: taken when it is sure there and another block, or the same block read surely; a different
    #: one in doubt joins the alternatives. 0 turns it off.
    second_look_below: float = 0.3
    second_look_span: float = 2.5
    #: The shapes a candidate lattice may have (looser than the tile map's quad: a camera at 35°
    #: elevation sees the near side of the block up to twice the far one).
    grid_max_side_ratio: float = 2.0
    grid_min_angle: float = 45.0
    #: ... and its mean width over mean height (either way): a square seen from an elevation e is
    #: foreshortened by sin(e) at most, 2.4 at 25°; a flat strip of a few rows is no block.
    grid_max_aspect: float = 2.5
    #: A candidate block smaller than this fraction of the tile map's quad is no garden (a lattice
    #: in the art of a few tiles); the quad may be larger than the block (the board, a second board
    #: merged with it), not much smaller.
    grid_min_fraction: float = 0.5
    #: ... unless its tiles read surely: with a caller's ``accept``, an outline still in doubt after
    #: the search has the best ``grid_small_confirm`` clearly different blocks of ``grid_small_fraction``
    #: to ``grid_min_fraction`` of the quad (found by the search, ruled out by size alone) polished
    #: and read; those ``accept`` takes become candidates (a board's frame or a second board merged
    #: into the quad leaves the garden under half of it; a lattice in a few tiles' art reads unsurely).
    grid_small_fraction: float = 0.3
    grid_small_confirm: int = 3
    #: With a caller's ``judge``, a choice still in doubt: the best ``grid_extend_from`` clearly
    #: different candidates (by the judged score) read as a part of the block or more than it
    #: (``vision.locate.sub_block_outlines``: kx×ky tiles, kx and ky in ``grid_extend_spans``,
    #: differing by at most one), and the best ``grid_extend_keep`` of those whole blocks by the
    #: judged score searched around as a caller's expected place is. A lattice found on three
    #: columns of faint seams, or a row of frame, still says where the block lies. 0 turns it off.
    grid_extend_from: int = 3
    grid_extend_keep: int = 2
    grid_extend_spans: tuple[int, ...] = (3, 4, 5)
    #: ... and what that search finds counts only when the judge values it more than this above the
    #: block chosen before (the whole block's tiles read clearly better than a part's; more search
    #: also finds a table's or a frame's false lattices).
    grid_extend_gain: float = 0.25
    #: A first outline scoring at least this is taken without searching for other lattices.
    grid_trust_score: float = 9.5
    #: Below ``grid_trust_score``, a caller's own test (``locate_grid``'s ``accept``: the tiles read
    #: surely) may take the map's outline at once when it scores at least this.
    grid_accept_score: float = 4.0
    #: With a caller's ``accept``: the map's first outline is offered to it before the map's other
    #: outlines are snapped (the costliest step of a read whose first outline reads surely); False:
    #: after them, to the best of them all.
    grid_accept_first: bool = True
    #: An outline taken at once by a caller's ``accept`` (below ``grid_trust_score``) is polished
    #: onto its seams and handed on (``GridLocation.polished``) when that scores
    #: ``grid_switch_margin`` higher: tiles read surely with a band of board taken in. The reader
    #: takes it when its cells look more like whole tiles (``taken_polish_tileness_gain``).
    grid_polish_taken: bool = True
    #: With ``grid_quick_accept`` and ``grid_first_views``: the first views may settle the search
    #: before the map's other outlines are snapped (they are, and the first views read again with
    #: the best of them, only when they do not); False: after them.
    grid_alternatives_late: bool = True
    #: With a caller's ``accept``: the search ends after its first pass, after searching further or
    #: after a last round when its best block so far scores at least ``grid_accept_score``, leads the
    #: next clearly different one by ``check_margin`` and reads surely (``locate_grid``).
    grid_quick_accept: bool = True
    #: With ``grid_quick_accept``: before the whole first pass, the blocks of its first this many views
    #: (through the map's quad, rectified by the lattice's lines, through the map's outline) are
    #: polished and may end the search (the block taken then fitted again in its own view); else the
    #: whole first pass runs as without it. 0: not.
    grid_first_views: int = 3
    #: A candidate replaces the outline found from the tile map only when it scores this much higher.
    grid_switch_margin: float = 1.0
    #: With a caller's judge: a candidate the judge values at least ``grid_switch_margin`` above the
    #: map's outline (its tiles read as the caller expects, the outline's do not) replaces it when
    #: it scores this much higher. None: ``grid_switch_margin`` as for any other.
    grid_judged_switch_margin: float | None = 0.5
    #: Two lattices whose corners differ by more than this (tile sides, whichever corner each starts
    #: from: :func:`vision.locate.block_offset`) are different answers.
    check_distinct: float = 0.25
    #: The outline is to be checked when its lattice scores below ``check_min_score`` or a different
    #: lattice scores within ``check_margin`` of it.
    check_min_score: float = 7.0
    check_margin: float = 0.5
    #: ... or when the tile map is above ``check_beyond`` on average along one side of the band
    #: ``beyond_band`` (tile sides outside the outline: ``vision.locate.map_beyond``) and a different
    #: lattice scores within ``check_beyond_margin``: tiles beyond a side, the outline maybe a row
    #: off. ``grid_beyond_weight`` times the excess over ``check_beyond`` is taken off a candidate's
    #: score (0: not). Only with a learned tile map: the hand-made texture map also marks a
    #: textured frame.
    check_beyond: float = 0.5
    check_beyond_margin: float = 1.0
    beyond_band: tuple[float, float] = (0.15, 0.85)
    grid_beyond_weight: float = 4.0
    #: ``grid_continue_weight`` times the excess over ``grid_continue_free`` of
    #: :func:`vision.locate.lattice_continues` (how strongly the block's inner lines run on beyond its
    #: outline, in each band of ``grid_continue_reach`` tile sides out, the weakest band) is taken
    #: off a candidate's score: a garden's seams stop at its outline, or at the board's track one
    #: tile out; a table of squares runs on. 0: not.
    grid_continue_weight: float = 1.0
    grid_continue_free: float = 0.5
    grid_continue_reach: tuple[tuple[float, float], ...] = ((0.15, 0.85), (1.15, 1.85))
    #: ``grid_sub_weight`` times the excess of :func:`vision.locate.lattice_subdivided` (lines through
    #: every cell at the ``grid_sub_fractions`` of a tile: a block of 2×2 or 3×3 squares of a checked
    #: table) over ``grid_sub_free`` is taken off a candidate's score.
    grid_sub_weight: float = 3.0
    grid_sub_free: float = 1.0
    grid_sub_fractions: tuple[float, ...] = (1 / 3, 0.5, 2 / 3)
    #: ``grid_plain_weight`` times the shortfall of :func:`vision.locate.plain_cells` (the texture of
    #: the block's ``grid_plain_rank``-th least textured cell over its seams' ridge) below
    #: ``grid_plain_free`` is taken off a candidate's score: a block of a checked table's plain squares.
    grid_plain_weight: float = 60.0
    grid_plain_free: float = 0.25
    grid_plain_rank: int = 3
    #: Longer side of the tiny copy on which the learned tile-pixel mask is computed.
    mask_side: int = 200
    #: Box-filter windows (mask pixels) of the per-pixel context features.
    mask_windows: tuple[int, ...] = (3, 7, 15, 31)
    #: Opening kernel of the tile mask as a fraction of the mask image's longer side.
    mask_open_frac: float = 0.04
    #: Corner steps (mask pixels) of the quadrilateral fit to the tile map, coarse to fine.
    mask_fit_steps: tuple[float, ...] = (4.0, 2.0, 1.0, 0.5, 0.25)
    #: Maximum rounds of the quadrilateral fit per step size.
    mask_fit_rounds: int = 8
    #: Smallest interior angle (degrees) the fitted quadrilateral may have: a bound for photos
    #: taken at a slant (the training photos' smallest angle is 79).
    quad_min_angle: float = 60.0
    #: Largest ratio of opposite sides of the fitted quadrilateral (the near side of a block seen
    #: obliquely is longer than the far one; training photos reach 1.28). Where a dim part of the
    #: tile map cut a corner off the quad, opposite sides differed 1.7 to 3.2 times.
    quad_max_side_ratio: float = 1.5
    #: Depth (fraction of the blob's deepest point) below which attachments are cut off the blob.
    core_depth: float = 0.45
    #: The core is grown back by this multiple of its cut depth (1.5 > sqrt 2 keeps square corners).
    core_regrow: float = 1.5
    #: Largest ratio of the block's mean width to its mean height (or back) before it counts as
    #: oblong: the tile map then missed a row or column (a dark row like the board frame) or took in
    #: a strip beside the block (the frame, a card), and the block grown to a square and cut to one,
    #: at either end, is tried, the seams deciding. Training photos reach 1.13; three rows of four
    #: make 1.33.
    block_max_aspect: float = 1.2
    #: Tile-pixel probability above which a pixel belongs to the block.
    mask_threshold: float = 0.5
    #: Lower thresholds whose blocks are candidates when the first outline is in doubt: a shadowed
    #: or pale part of the block can fall below 0.5 in the tile map, and the quad then leaves it out.
    mask_retry_thresholds: tuple[float, ...] = (0.35,)
    #: When the first outline is in doubt, the map's blob closed by a disc of this fraction of the
    #: map's longer side (a map blotchy on dark tiles made whole) and the map's second-deepest blob
    #: (another board in view, or the other part of a split map) are searched too.
    mask_fill_frac: float = 0.08
    mask_other_blobs: bool = True
    #: The deepest blob of each stage's map above these higher thresholds, handed on with a search's
    #: outline (``GridLocation.peaks``): where the map is surest of tiles, a small garden in a map
    #: that also half-marks a busy table, or the garden with its board's frame
    #: (:func:`vision.locate.peak_map_quads`).
    mask_peak_thresholds: tuple[float, ...] = (0.7, 0.8)
    #: Gaussian smoothing (mask pixels) of the probability map before thresholding.
    mask_smooth_sigma: float = 1.0
    #: Hidden units and training epochs of the tile-mask learner (a small MLP).
    mask_hidden: int = 32
    mask_iterations: int = 60
    #: Pixels sampled per training photo for the mask learner.
    mask_train_pixels: int = 4000
    #: The tile map's second stage (:class:`vision.locate.TileMapModel`): box windows (mask pixels)
    #: of the first map's means, and the steps (mask pixels) at which it is read in eight directions.
    mask_context_windows: tuple[int, ...] = (7, 15, 31, 63)
    mask_context_steps: tuple[int, ...] = (4, 8, 16, 32)
    #: Hidden units, training epochs and pixels per photo of the second stage's learner.
    mask_context_hidden: int = 32
    mask_context_iterations: int = 40
    mask_context_pixels: int = 5000
    #: Morphological kernel (working pixels) that closes the seams in the tile mask.
    mask_close_px: int = 9

    # --- crop ----------------------------------------------------------------------------------
    #: Side of one tile crop in pixels (the classifier's input resolution).
    tile_side: int = 64
    #: Fraction of a tile trimmed off each edge before cutting (hides seams and neighbours).
    tile_inset: float = 0.06
    #: The image is halved (INTER_AREA) while the garden is more than this factor larger than
    #: the canonical square, so the warp does not alias.
    crop_max_downscale: float = 2.0

    # --- features ------------------------------------------------------------------------------
    #: Cells per side of the spatial grid for colour statistics.
    color_grid: int = 4
    #: Bins per channel for global colour histograms.
    hist_bins: int = 8
    #: Gradient orientation bins for HOG-like features.
    hog_bins: int = 8
    #: Cells per side of the HOG-like grid.
    hog_grid: int = 4
    #: Side to which a crop is resized before features are computed.
    feature_side: int = 48
    #: Side of the four corner windows (fraction of the crop) whose features a reader with
    #: ``windows="corners"`` adds to the whole crop's: the figure on a tile seen up close.
    window_frac: float = 0.6
    #: Rings around a crop's top-left corner (``windows="rings"``, :func:`vision.features.ring_features`):
    #: how many, out to how far (crop sides), and how many outer ones describe the floor beyond the path.
    ring_bins: int = 12
    ring_reach: float = 1.25
    ring_far_bins: int = 3

    #: Quarter turns in which each tile is read, probabilities averaged (1 = as seen only).
    test_turns: int = 1
    #: An upright reader (see ``TileModel.upright``) also reads a tile turned by every corner at
    #: least this probable, averaging with those weights (a tile whose corner read is unsure).
    upright_min_prob: float = 0.05
    #: A garden whose least sure tile reads below this has its light's colour cast found and
    #: undone (:func:`vision.light.light_gains`) and is read again; 0 turns it off.
    light_gate: float = 0.8
    #: The cast search: log-gain steps, coarse to fine, and the prior towards its start (per tile
    #: and squared log gain, against the log-probabilities of the tiles' floors and paths).
    light_steps: tuple[float, ...] = (0.3, 0.15, 0.075)
    light_prior: float = 0.5
    #: Where the cast search starts and its prior is centred: ``light_grey_world`` (0 for no cast)
    #: of the way from no cast to the cast that moves the 16 tiles' mean chroma (log B/G, log R/G,
    #: :func:`vision.light.tile_chroma`) onto ``light_tile_chroma``, a garden's mean in neutral
    #: light (between the medians of development gardens in classic and in random art). Sureness alone is a
    #: poor judge of a cast on art the readers have not met: they read it surely in many lights.
    light_grey_world: float = 0.5
    light_tile_chroma: tuple[float, float] = (-0.15, 0.05)
    #: A model with a floor palette (an enrolled copy) finds the cast of every garden by it instead
    #: (:func:`vision.light.palette_cast`): the grid of casts (log chroma), a tile's squared
    #: distance to its nearest floor capped at ``palette_cap``, and the prior towards no cast.
    palette_reach: float = 0.8
    palette_step: float = 0.05
    palette_cap: float = 0.04
    palette_prior: float = 0.02
    #: With the copy's path materials' colours known too (a model's path palette), each tile's
    #: path band's squared distance to its nearest material (capped alike) counts this much.
    palette_path_weight: float = 1.0
    #: ... and, in that light, weighs the floor reader's probabilities by how near each tile's
    #: chroma lies to each floor's (:func:`vision.light.palette_likelihood`).
    palette_sigma: float = 0.1
    palette_floor_cap: float = 0.1
    #: A tile whose reading the palette's light changed is listed for review unless it reads at
    #: least this surely in that light (a copy's cast is found from its own floors' colours).
    palette_review_confidence: float = 0.9

    # --- decoding ------------------------------------------------------------------------------
    #: Probabilities are clipped to at least this before taking logs.
    prob_floor: float = 1e-6
    #: Cells whose joint confidence is below this are listed for review (a tile read wrong at
    #: 0.6–0.8 is most often a figure or a path taken for another; the outline's check counts
    #: tiles below ``check_unsure_below`` instead).
    review_threshold: float = 0.8
    #: A tile is listed for review too when its colour lies more than this many times farther from
    #: the other tiles of the floor it was read as, in the same photo, than from another floor's
    #: tiles there (:func:`vision.light.colour_outliers`); 0: not.
    review_floor_factor: float = 1.5
    #: ... and likewise by its path band's colour against the other tiles' of its path material
    #: (the band's middle, ``review_path_band`` tile sides from the corner it wraps); 0: not.
    review_path_factor: float = 2.0
    review_path_band: tuple[float, float] = (0.38, 0.52)
    #: The path bands' colours serve (for review and for reading, below) only in a photo whose
    #: bands tell the materials read apart (:func:`vision.light.separation` at most this): in an art
    #: whose path lies elsewhere the band shows floor, and its colour says nothing of the path.
    path_separation_max: float = 0.8
    #: A tile less than this share of which lies inside the photo (the garden runs off its edge) is
    #: listed for review: it was read from part of its picture (:func:`vision.crop.cells_in_photo`).
    review_in_photo: float = 0.9
    #: A tile whose figure, turned upright, is unlike the other tiles read as its decor in the same
    #: photo (its silhouette among the photo's figures below this, :func:`vision.figures.odd_figures`)
    #: is listed for review: an art the figure reader has not met can be read surely and wrongly;
    #: None: not. ``figure_box``: the figure's box in an upright tile's coordinates (both axes).
    review_figure_silhouette: float | None = -0.3
    figure_box: tuple[float, float] = (0.46, 0.97)
    #: Each photo's tiles are decoded again ``colour_rounds`` times (0: not), the floor and path
    #: readers' probabilities weighed by how well each tile's colour (its path band's) agrees with
    #: the other tiles read as each floor (material) in that photo
    #: (:func:`vision.light.agreement_likelihood`: Gaussian of ``colour_sigma``, distance² capped
    #: at ``colour_cap``); a tile read otherwise so is listed for review.
    colour_rounds: int = 2
    colour_sigma: float = 0.1
    colour_cap: float = 0.09
    #: A reading with this many cells read below ``check_unsure_below``, or a mean confidence
    #: below ``check_mean_confidence``, has its outline flagged for checking too (a wrong cut makes
    #: every tile doubtful); the review list's own threshold (``review_threshold``) is higher.
    check_review_cells: int = 6
    check_mean_confidence: float = 0.6
    check_unsure_below: float = 0.6
    #: ... or this many cells read below ``check_unsure_below`` along one outer row or column.
    check_edge_cells: int = 3
    #: A copy model's own tile pictures (:mod:`vision.pictures`): each cell cut whole at
    #: ``picture_side`` pixels and turned as each of its ``picture_candidates`` likeliest tiles (by
    #: the readers, attributes taken as independent) would lie, its lightness less its blur
    #: (``picture_blur`` of the side), compared with the inner part (``picture_margin`` of the side
    #: in from each edge) of that tile's picture; each tile's joint probability times
    #: ``exp(picture_weight * correlation)``; 0 turns it off. Chosen on development copies 5415,
    #: 5411 and sketch 9601 (the measured log, forty-second session).
    picture_side: int = 64
    picture_blur: float = 0.094
    picture_margin: float = 0.094
    picture_weight: float = 32.0
    picture_candidates: int = 10
    #: ... and when the search for the garden is in doubt, each of its candidate outlines is judged
    #: by them too (:func:`vision.read.picture_judge`: ``picture_judge_weight`` times the mean over
    #: its cells of the best correlation among each cell's likeliest tiles, added to its lattice
    #: score; 0: not), and so are the whole blocks its leading candidates may be part of; the
    #: search's starts are ranked by it only among the best ``picture_judge_pool`` (0: by their
    #: lattice scores alone; ranking 18 made the searches of development copy 5411 three times slower).
    picture_judge_weight: float = 10.0
    picture_judge_pool: int = 0
    #: ... and a garden in doubt is looked for where the pictures themselves are seen
    #: (:mod:`vision.picture_match`, :func:`vision.read.place_by_pictures`): each picture's SIFT
    #: keypoints, found on it enlarged to ``picture_match_side`` pixels (0: not looked for), matched
    #: to the photo's (found on a copy no longer than ``picture_match_photo_side``: SIFT doubles
    #: the photo first, 430 MB at 1600×1200) by the ratio test ``picture_match_ratio``; a picture
    #: is seen where at least ``picture_match_inliers`` of them agree on one homography (within
    #: ``picture_match_reproj`` of the photo's longer side) mapping it to a tile no smaller than
    #: ``picture_match_min_tile`` of that side; at least ``picture_match_tiles`` tiles seen on one
    #: lattice (centres within ``picture_match_cell_tol`` of a cell's) set the block.
    picture_match_side: int = 128
    picture_match_photo_side: int = 1000
    picture_match_ratio: float = 0.8
    picture_match_inliers: int = 6
    picture_match_reproj: float = 0.003
    picture_match_min_tile: float = 0.02
    picture_match_cell_tol: float = 0.2
    picture_match_tiles: int = 3
    #: ... and when too few are seen, they are looked for again around the search's outline grown
    #: by ``picture_match_zoom_margin`` of its size each way (0: not), when the tiles are seen there
    #: at least ``picture_match_zoom_min`` times larger than in the whole photo.
    picture_match_zoom_margin: float = 0.5
    picture_match_zoom_min: float = 1.25
    #: Corners given by hand (a player's taps) are read where given and at the outlines near them
    #: (:func:`vision.locate.snapped_outlines`: the lattice polished onto its seams, no corner moved
    #: more than ``snap_reach`` tile sides, also started ``snap_scales`` tile sides a side bigger or
    #: smaller; each also snapped to the block's edge), whichever the tiles read most surely in
    #: (:func:`vision.read.most_surely_read`); False reads them where given.
    snap_given_corners: bool = True
    snap_reach: float = 0.4
    snap_scales: tuple[float, ...] = (-0.15, 0.15)
    #: An outline in doubt is weighed against the search's other lattices
    #: (``GridLocation.alternatives``) by its lattice score plus this times the mean confidence of
    #: the tiles read in it: the tiles of the true block read surely, a block one row off does not.
    read_choice_weight: float = 4.0
    #: ... plus this times the mean confidence of its least sure edge row or column: a block a row
    #: or a column off holds a line of board or table, which the mean over all 16 tiles dilutes.
    read_choice_edge_weight: float = 2.0
    #: An outline still in doubt after that, and not read surely, is looked for by its tiles
    #: (:func:`vision.read.climb_by_reading`): the ``read_climb_starts`` candidates that read most
    #: surely (the two weights above) each moved, shifted or a side moved out or in by
    #: ``read_climb_steps`` tile sides (at most ``read_climb_rounds`` moves each), while their tiles
    #: read more surely, then snapped to the seams; the first that then reads surely in its light
    #: is taken, still to be checked. The search's lattices lie on seams, and a board's printed
    #: squares or its track have seams too; the tiles' art says where the garden is. 0 starts
    #: turns it off.
    read_climb_starts: int = 1
    read_climb_steps: tuple[float, ...] = (0.5, 0.25, 0.12)
    read_climb_rounds: int = 4
    #: The map's outline is taken without a search (``locate_grid``'s ``accept``) when its tiles,
    #: read in their light, are all at least ``accept_min_confidence`` sure and on average
    #: ``accept_mean_confidence``, and neither reading (as seen, in its light) is unsure enough to
    #: flag the outline (:func:`vision.read.unsure_reading`); 0 turns it off.
    accept_min_confidence: float = 0.8
    accept_mean_confidence: float = 0.95
    #: ... and, for a model without a floor palette, not when the tiles as seen read on average
    #: below this: the light's search (:func:`vision.light.light_gains`, ~0.1 s) is not run for
    #: them (on devzoo-5151 no outline taken read below 0.82 as seen).
    accept_seen_mean: float = 0.6
    #: An outline the search put in doubt is not to be checked after all when, in the game's joint
    #: reading, every tile reads at least ``clear_min_confidence`` sure and on average
    #: ``clear_mean_confidence``, none is to review, and no other lattice read while choosing
    #: (:func:`vision.read.choose_by_reading`) reads as surely; 0 turns it off.
    clear_min_confidence: float = 0.8
    clear_mean_confidence: float = 0.95
    #: Seconds the app and ``zengarden read`` give one photo's outline search (:mod:`vision.budget`):
    #: then the search's later rounds are skipped and the outline flagged for checking, so that a
    #: photo unlike the training photos asks for its corners in seconds rather than a minute. The
    #: library's ``read_garden`` and the benchmark give it any time (the same readings on any machine).
    read_budget: float = 10.0
    #: Number of alternative tiles reported per cell.
    alternatives: int = 4
    #: Tileness (:mod:`vision.tileness`, a model's learner of whole tiles, cells cut with
    #: ``tileness_outset`` of a tile around them so their seams show), asked of every located
    #: outline. One whose cells' mean log-odds is below ``tileness_doubt`` (most of its cells are
    #: not tiles: a board's squares, a table, tiles cut across) is put in doubt and looked for by
    #: its cells: the candidates whose cells look most like tiles (the ``tileness_climb_starts``
    #: best of the outline and the search's other lattices) each give the block of their plane that
    #: looks most like tiles (:func:`vision.tileness.best_block_in_plane`: cells ``tileness_stride``
    #: tile apart, up to ``tileness_reach`` tiles beyond, of each of ``tileness_sizes`` times the
    #: candidate's) and the candidate itself moved while its tileness rises
    #: (``tileness_climb_steps``, at most ``tileness_climb_rounds`` moves each); each of the two
    #: moved again while its tileness rises (:func:`vision.geometry.climb_block`:
    #: ``tileness_polish_steps`` tile sides) and snapped to its seams; the block that then looks
    #: most like tiles is taken, still to be checked, when it reaches ``tileness_sure``. One whose
    #: cells are tiles but the block a whole tile over looks more so by ``tileness_shift_gain`` (a
    #: row of board taken for a row of tiles) is moved there and put in doubt. Log-odds are capped
    #: at ±``tileness_cap`` so that one cell cannot outweigh the rest.
    tileness_outset: float = 0.12
    tileness_cap: float = 8.0
    tileness_doubt: float = 0.0
    tileness_sure: float = 2.0
    tileness_climb_starts: int = 2
    tileness_reach: float = 3.0
    tileness_sizes: tuple[float, ...] = (0.8, 1.0, 1.25)
    #: ... and the outline's own plane stretched (columns, rows) by each of these: a lattice whose
    #: seams were fitted at the wrong pitch one way (4 of its rows on 3 or 2.7 of the garden's, under
    #: a strong keystone) has cells a third or a half too short that way. () turns it off.
    tileness_stretches: tuple[tuple[float, float], ...] = ((1.0, 1.5), (1.5, 1.0), (1.0, 4 / 3), (4 / 3, 1.0))
    #: The reader's tileness search (``by_reading``): a block that looks like whole tiles this many
    #: tiles or more from the one that looks most so is another place (a table of squares, the
    #: garden), and the place whose tiles read most surely is taken; nearer, the tileness decides
    #: where the seams are.
    tileness_elsewhere: float = 2.0
    tileness_stride: float = 0.25
    #: Cells read at once when a plane is searched (the features of a thousand cells would take
    #: some 200 MB).
    tileness_batch: int = 128
    tileness_climb_steps: tuple[float, ...] = (1.0, 0.5, 0.25)
    tileness_climb_rounds: int = 6
    tileness_polish_steps: tuple[float, ...] = (0.5, 0.25, 0.12)
    tileness_shift_gain: float = 1.0
    #: An outline in doubt only because its lattice scores low or its tiles read unsure (tile art the
    #: readers have not met), whose cells look like whole tiles with tileness at least
    #: ``tileness_clear`` and no block a whole tile over as much, is not in doubt. 0 turns it off.
    tileness_clear: float = 7.0
    #: The sizes (times a quarter of the quad) of the blocks looked for in the plane of each of the
    #: map's surest blobs (``GridLocation.peaks``) when an outline's cells are not tiles: such a blob
    #: holds the garden and some of its board's frame, so the tiles are smaller than its quarters.
    tileness_peak_sizes: tuple[float, ...] = (0.6, 0.75, 0.9)
    #: The outline taken at once, polished onto its seams (``grid_polish_taken``), replaces it when
    #: its cells' tileness is at least this much higher and its tiles read surely too
    #: (:func:`vision.read.read_gardens`): the lattice score alone also climbs a right outline a
    #: little off its corners, and its cells then look a little less like whole tiles.
    taken_polish_tileness_gain: float = 0.35
    #: An outline in doubt, once every other step has placed it, is fitted to its seams once more
    #: within these wider bands (tile sides; a corner a third of a tile off leaves the narrow bands'
    #: reach), no corner moving more than ``sharpen_max_shift`` tiles, and the fit taken when the
    #: search's own score of it beats the outline's by ``sharpen_gain`` (0: no such step).
    sharpen_seam_bands: tuple[float, ...] = (0.3, 0.15, 0.06)
    sharpen_max_shift: float = 0.6
    sharpen_gain: float = 0.1

    # --- training ------------------------------------------------------------------------------
    #: Jittered copies of each training photo's corners (simulated localisation error).
    train_jitter_copies: int = 2
    #: Jitter standard deviation as a fraction of one tile side.
    train_jitter_frac: float = 0.06
    #: Weight of calibration (user) photos relative to synthetic ones.
    calibration_weight: float = 8.0
    #: Most jittered copies taken of one calibration photo (``train_jitter_copies * weight``).
    calibration_max_copies: int = 16
    #: A directory with at most this many photos, fewer than the largest one, is a calibration set
    #: (photos of the players' own copy).
    calibration_max_photos: int = 50
    #: Photos rendered from the calibration sets' own tile pictures (random gardens of the copy's
    #: tiles under synthetic cameras and light, :mod:`vision.synth.exemplar`); 0 = none.
    calibration_renders: int = 200
    #: Seed of those renders and the side (pixels) of the tile pictures cut for them.
    calibration_render_seed: int = 4242
    calibration_art_side: int = 128
    #: Tileness learning (:func:`vision.train.fit_tileness`): of each photo, the true block's cells
    #: and those of ``tileness_blocks`` other blocks (:data:`vision.tileness.BLOCK_OFFSETS`), each
    #: shifted by up to ``tileness_jitter`` tile; a gradient-boosted learner of
    #: ``tileness_iterations`` trees.
    tileness_blocks: int = 8
    tileness_jitter: float = 0.0
    tileness_iterations: int = 300
    #: Random seed for training.
    train_seed: int = 0


DEFAULT_CONFIG = VisionConfig()
