"""vision.lean: pandas kept out of a process that only reads photos (run in fresh interpreters, so
that the test process's own libraries stay as they are)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _python(code: str, path: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``code`` run by a fresh interpreter in the project's folder (``path``: also importable from)."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(path), str(ROOT), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, capture_output=True, text=True,
                          timeout=180, check=False, env=env)


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
    done = _python("""
        import zengarden.cli
        from vision.lean import keep_pandas_out
        try:
            zengarden.cli.main(["read", "--help"])
        except SystemExit as exc:
            assert exc.code == 0, exc.code
        assert keep_pandas_out() is True  # main() had not refused it
        print("ok")
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("ok")


def test_a_worker_holds_scikit_learn_without_pandas(tmp_path: Path) -> None:
    """A worker of vision.workers keeps pandas out before it unpickles the model (and scikit-learn),
    whatever its parent holds: here a parent that has imported pandas itself."""
    (tmp_path / "libraries_probe.py").write_text(textwrap.dedent("""
        import os
        import sys

        def libraries(_model, item):
            return os.getpid(), "pandas" in sys.modules, "pyarrow" in sys.modules, "sklearn" in sys.modules
    """))
    done = _python("""
        import os
        import pandas  # noqa: F401  (the parent keeps what it has)
        from libraries_probe import libraries
        from vision.read import resolve_model
        from vision.workers import ModelPool
        with ModelPool(resolve_model(None), 2) as pool:
            seen = pool.map(libraries, range(4))
        workers = [flags for pid, *flags in seen if pid != os.getpid()]
        assert workers and all(flags == [False, False, True] for flags in workers), seen
        print("ok")
    """, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
