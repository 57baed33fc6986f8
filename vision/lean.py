"""Keep pandas out of a process that only reads photos.

scikit-learn imports pandas whenever it is installed (``sklearn.utils.fixes``), and pandas imports
pyarrow: neither is used to read a photo or to learn a copy, and together they hold about 90 MB of
every such process's memory. Streamlit, which the app needs, installs them. The ``zengarden``
command (:func:`zengarden.cli.run`) and the worker processes (:mod:`vision.workers`) keep them out
before scikit-learn is first imported; the app's own process, whose tables are pandas', keeps them,
and so does a spawned worker whose parent's main module, imported again in the worker, brings them.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from types import ModuleType


class _RefusePandas(MetaPathFinder):
    """An import finder, first on ``sys.meta_path``, that refuses pandas as if it were not installed
    (nothing is left in ``sys.modules``: scikit-learn tells a pandas frame by pandas being there)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> ModuleSpec | None:
        if fullname == "pandas" or fullname.startswith("pandas."):
            raise ModuleNotFoundError(f"No module named {fullname!r} (kept out of this process: vision.lean)",
                                      name=fullname)
        return None


def keep_pandas_out() -> bool:
    """Make ``import pandas`` raise ``ModuleNotFoundError`` in this process, so that scikit-learn
    goes without it, unless pandas or scikit-learn is imported already (or it is refused already)
    -> whether it did."""
    if "pandas" in sys.modules or "sklearn" in sys.modules or any(
            isinstance(finder, _RefusePandas) for finder in sys.meta_path):
        return False
    sys.meta_path.insert(0, _RefusePandas())
    return True
