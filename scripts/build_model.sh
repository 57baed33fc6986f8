#!/usr/bin/env bash
# Rebuild the shipped tile model (models/zen-garden.skops) from synthetic photos with fixed seeds.
#   scripts/build_model.sh            # 400 photos, seed 1 -> models/zen-garden.skops
# Data goes to data/ (git-ignored). Deterministic for a given seed and library versions.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
COUNT=${COUNT:-400}
SEED=${SEED:-1}
DATA=data/train-classic
OUT=${OUT:-models/zen-garden.skops}
if [ "$(ls "$DATA"/*.json 2>/dev/null | wc -l)" -lt "$COUNT" ]; then
  "$PY" -m scorer.cli synth --out "$DATA" --count "$COUNT" --seed "$SEED" --difficulty mixed --style classic
fi
"$PY" -m scorer.cli train --data "$DATA" --out "$OUT"
