"""Every threshold and size the vision pipeline uses, in one frozen object.

Stages take a ``cfg: VisionConfig`` argument; nothing below is repeated as a literal in code.
Change a value with ``dataclasses.replace(DEFAULT_CONFIG, name=value)``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class VisionConfig:
    # --- loading -----------------------------------------------------------------------------
    #: Photos above this many pixels are refused (decompression bombs, panoramas).
    max_megapixels: float = 50.0
    #: JPEGs whose longer side exceeds this are decoded at half resolution by libjpeg (fast path).
    reduced_decode_min_side: int = 3000
    #: Raw file size limit in bytes (refuse before decoding anything bigger).
    max_file_bytes: int = 80_000_000

    # --- localisation (on a downscaled copy) -------------------------------------------------
    #: Longer side of the working image for localisation.
    locate_side: int = 800
    #: Side of the canonical square the grid-fit score warps into (4 tiles of side/4 pixels).
    fit_side: int = 128
    #: Gaussian sigma (working pixels) before computing gradients for seam evidence.
    locate_blur_sigma: float = 1.0
    #: Minimum area of a candidate quadrilateral as a fraction of the working image.
    min_quad_area_frac: float = 0.02
    #: Maximum number of candidate quadrilaterals scored by the grid fit.
    max_candidates: int = 60
    #: Half-width (in fit pixels) of the band sampled around each seam line.
    seam_halfwidth: int = 1
    #: Offset (fit pixels) of the "inside tile" comparison bands from each seam.
    seam_offset: int = 5
    #: Local-search step sizes (working pixels) for the corner refinement, coarse to fine.
    refine_steps: tuple[float, ...] = (2.0, 1.0, 0.5)
    #: Maximum local-search rounds per step size.
    refine_rounds: int = 8
    #: A located grid whose seam contrast score is below this raises GridNotFoundError.
    min_grid_score: float = -0.5
    #: Side of the rectified outline in which the 5-line seam comb is searched.
    comb_side: int = 256
    #: Smallest tile block searched inside an outline, as a fraction of the outline's side.
    comb_min_frac: float = 0.4
    #: Alternating column / row comb searches (each narrows the other's sampling band).
    comb_rounds: int = 2
    #: Longer side of the tiny copy on which the learned tile-pixel mask is computed.
    mask_side: int = 200
    #: Box-filter windows (mask pixels) of the per-pixel context features.
    mask_windows: tuple[int, ...] = (3, 7, 15, 31)
    #: Opening kernel of the tile mask as a fraction of the mask image's longer side.
    mask_open_frac: float = 0.04
    #: Corner steps (mask pixels) of the quadrilateral fit to the tile map, coarse to fine.
    mask_fit_steps: tuple[float, ...] = (4.0, 2.0, 1.0, 0.5, 0.25)
    #: Tile-pixel probability above which a pixel belongs to the block.
    mask_threshold: float = 0.5
    #: Gaussian smoothing (mask pixels) of the probability map before thresholding.
    mask_smooth_sigma: float = 1.0
    #: Boosting rounds and leaves of the tile-mask learner.
    mask_iterations: int = 60
    mask_leaves: int = 31
    #: Pixels sampled per training photo for the mask learner.
    mask_train_pixels: int = 4000
    #: Number of best-scoring candidates that get the full local search.
    refine_candidates: int = 3
    #: Longer side of the finer working copy for the sub-pixel polish.
    subpix_side: int = 1600
    #: Canonical square side for the sub-pixel polish's grid fit.
    subpix_fit_side: int = 256
    #: Local-search step sizes (fine working pixels) of the sub-pixel polish.
    subpix_steps: tuple[float, ...] = (1.0, 0.5, 0.25)
    #: Quantiles of the tile-ness map used as mask thresholds for candidate quadrilaterals.
    mask_quantiles: tuple[float, ...] = (0.5, 0.65, 0.8)
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

    # --- decoding ------------------------------------------------------------------------------
    #: Probabilities are clipped to at least this before taking logs.
    prob_floor: float = 1e-6
    #: Cells whose joint confidence is below this are listed for review.
    review_threshold: float = 0.6
    #: Number of alternative tiles reported per cell.
    alternatives: int = 4

    # --- training ------------------------------------------------------------------------------
    #: Jittered copies of each training photo's corners (simulated localisation error).
    train_jitter_copies: int = 1
    #: Jitter standard deviation as a fraction of one tile side.
    train_jitter_frac: float = 0.03
    #: Weight of calibration (user) photos relative to synthetic ones.
    calibration_weight: float = 8.0
    #: Random seed for training.
    train_seed: int = 0


DEFAULT_CONFIG = VisionConfig()
