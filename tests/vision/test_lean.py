"""vision.lean: pandas kept out of a process that only reads photos (run in fresh interpreters, so
that the test process's own libraries stay as they are)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)


def test_scikit_learn_then_goes_without_pandas_and_still_predicts() -> None:
    done = _python("""
        import sys
        from vision.lean import keep_pandas_out
        assert keep_pandas_out() is True
        assert keep_pandas_out() is False  # refused once is enough
        import numpy as np
        from sklearn.linear_model import LogisticRegression
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
        x = np.array([[0.0], [1.0], [2.0], [3.0]])
        model = make_pipeline(StandardScaler(), LogisticRegression()).fit(x, [0, 0, 1, 1])
        assert model.predict([[0.2], [2.8]]).tolist() == [0, 1]
        assert "pandas" not in sys.modules and "pyarrow" not in sys.modules
        try:
            import pandas  # noqa: F401
        except ModuleNotFoundError as exc:
            assert "kept out" in str(exc)
        else:
            raise AssertionError("pandas was imported")
        print("ok")
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_a_process_that_has_pandas_or_scikit_learn_keeps_what_it_has() -> None:
    done = _python("""
        import sklearn
        from vision.lean import keep_pandas_out
        assert keep_pandas_out() is False
        import pandas
        print(pandas.__name__)
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "pandas"


def test_the_console_script_reads_without_pandas() -> None:
    """``zengarden`` (zengarden.cli:run) keeps pandas out before any vision command imports
    scikit-learn; zengarden.cli.main, as the tests and the app call it, leaves the process alone."""
    done = _python("""
        import sys
        import zengarden.cli
        assert "sklearn" not in sys.modules and "pandas" not in sys.modules
        from vision.lean import keep_pandas_out
        sys.argv = ["zengarden", "read", "--help"]
        try:
            zengarden.cli.run()
        except SystemExit as exc:
            assert exc.code == 0, exc.code
        assert keep_pandas_out() is False  # run() refused it already
        import vision.read  # noqa: F401
        assert "sklearn" in sys.modules and "pandas" not in sys.modules
        print("ok")
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("ok")
