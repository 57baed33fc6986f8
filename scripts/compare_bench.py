"""What changed between two benchmark runs, photo by photo: the per-photo CSVs of ``zengarden bench``.

    .venv/bin/python scripts/compare_bench.py OLD.csv NEW.csv

(``zengarden bench --data D --csv NEW.csv --against OLD.csv`` runs the new one and says the same.)
"""

from __future__ import annotations

import argparse
import sys

from vision.bench import compare_runs, read_bench_csv


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--moved", type=float, default=0.01,
                        help="an outline whose corner error changed by more than this many tiles counts as moved")
    args = parser.parse_args()
    try:
        lines = compare_runs(read_bench_csv(args.old), read_bench_csv(args.new), args.moved)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
