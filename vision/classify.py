"""`TileClassifier`: one scikit-learn estimator that reads one attribute from tile crops.

The model's four readers (floor, path material, path corner, decor) are configurations of it.
It takes BGR crops of any size (``(h, w, 3)`` uint8) and string labels, so it works on any
square tile art.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.neural_network import MLPClassifier
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.validation import check_is_fitted

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.features import window_features

LEARNERS = ("logreg", "mlp", "hgb")


class TileClassifier(ClassifierMixin, BaseEstimator):
    """Predict one string label per tile crop from engineered colour/texture/shape features.

    Parameters
    ----------
    learner: ``"logreg"`` (multinomial logistic regression, small and fast), ``"mlp"`` (one
        hidden layer) or ``"hgb"`` (histogram gradient boosting).
    C: inverse regularisation strength (logreg) — ``alpha = 1 / C`` for the MLP.
    hidden: hidden units of the MLP.
    max_iter: optimiser iterations (boosting rounds for hgb).
    random_state: seed.
    windows: ``"whole"`` (features of the whole crop), ``"far"`` (and of its bottom-right window)
        or ``"corners"`` (and of its four corner windows): finer shape for figures; or ``"rings"``
        (and statistics of rings around the top-left corner: where the path band of a tile turned
        upright lies); see :func:`vision.features.window_features`.
    cfg: the :class:`VisionConfig` whose feature settings are used.

    ``fit(crops, labels, sample_weight=None)`` takes a list or ``(K, h, w, 3)`` array of uint8 BGR
    crops and ``K`` string labels. ``fit_features`` / ``predict_proba_features`` skip feature
    extraction when features are shared by several readers.
    """

    def __init__(self, learner: str = "logreg", C: float = 1.0, hidden: int = 64, max_iter: int = 300,
                 random_state: int = 0, windows: str = "whole", cfg: VisionConfig = DEFAULT_CONFIG) -> None:
        self.learner = learner
        self.C = C
        self.hidden = hidden
        self.max_iter = max_iter
        self.random_state = random_state
        self.windows = windows
        self.cfg = cfg

    # --- features ---------------------------------------------------------------------------
    def transform_crops(self, crops: Sequence[np.ndarray] | np.ndarray) -> np.ndarray:
        """Crops -> ``(K, D)`` features."""
        return window_features(crops, self.cfg, self.windows)

    def _make_estimator(self) -> Pipeline:
        if self.learner == "logreg":
            est = LogisticRegression(C=self.C, max_iter=self.max_iter, random_state=self.random_state)
        elif self.learner == "mlp":
            est = MLPClassifier(hidden_layer_sizes=(self.hidden,), alpha=1.0 / self.C, max_iter=self.max_iter,
                                random_state=self.random_state, early_stopping=False)
        elif self.learner == "hgb":
            est = HistGradientBoostingClassifier(max_iter=self.max_iter, random_state=self.random_state,
                                                 l2_regularization=1.0 / self.C)
        else:
            raise ValueError(f"learner must be one of {LEARNERS}, got {self.learner!r}")
        return make_pipeline(StandardScaler(), est)

    # --- scikit-learn API --------------------------------------------------------------------
    def fit(self, crops: Sequence[np.ndarray] | np.ndarray, labels: Sequence[str],
            sample_weight: np.ndarray | None = None) -> TileClassifier:
        """Fit on ``K`` crops ``(h, w, 3)`` uint8 BGR and ``K`` string labels."""
        return self.fit_features(self.transform_crops(crops), labels, sample_weight)

    def fit_features(self, features: np.ndarray, labels: Sequence[str],
                     sample_weight: np.ndarray | None = None) -> TileClassifier:
        """Fit on precomputed ``(K, D)`` features (from :meth:`transform_crops`)."""
        y = np.asarray([str(v) for v in labels])
        if features.ndim != 2 or features.shape[0] != y.shape[0]:
            raise ValueError(f"need one label per crop: {features.shape[0]} crops, {y.shape[0]} labels")
        if np.unique(y).size < 2:
            raise ValueError("need at least two different labels to train")
        self.estimator_ = self._make_estimator()
        name = self.estimator_.steps[-1][0]
        if sample_weight is not None and self.learner != "mlp":
            self.estimator_.fit(features, y, **{f"{name}__sample_weight": np.asarray(sample_weight, dtype=float)})
        elif sample_weight is not None:
            # MLPClassifier has no sample weights: repeat heavy samples instead.
            reps = np.maximum(1, np.round(np.asarray(sample_weight, dtype=float))).astype(int)
            self.estimator_.fit(np.repeat(features, reps, axis=0), np.repeat(y, reps))
        else:
            self.estimator_.fit(features, y)
        self.classes_ = self.estimator_.classes_
        self.n_features_in_ = features.shape[1]
        return self

    def predict_proba_features(self, features: np.ndarray) -> np.ndarray:
        """``(K, D)`` features -> ``(K, n_classes)`` probabilities in ``classes_`` order."""
        check_is_fitted(self, "estimator_")
        return self.estimator_.predict_proba(features)

    def predict_proba(self, crops: Sequence[np.ndarray] | np.ndarray) -> np.ndarray:
        """``K`` crops -> ``(K, n_classes)`` probabilities in ``classes_`` order."""
        return self.predict_proba_features(self.transform_crops(crops))

    def predict(self, crops: Sequence[np.ndarray] | np.ndarray) -> np.ndarray:
        """``K`` crops -> ``(K,)`` string labels."""
        proba = self.predict_proba(crops)
        return self.classes_[np.argmax(proba, axis=1)]
