#!/usr/bin/env bash
# Rebuild the shipped tile model (models/zen-garden.skops) from synthetic photos with fixed seeds.
#   scripts/build_model.sh            # 2400 photos, seed 1 -> models/zen-garden.skops
# Data goes to data/ (git-ignored). Deterministic for a given seed and library versions. Photos
# already rendered are kept (photo i depends only on the seed and i); the missing ones are rendered
# by two processes at once.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
COUNT=${COUNT:-2400}
SEED=${SEED:-1}
DATA=${DATA:-data/train-classic}
OUT=${OUT:-models/zen-garden.skops}
mkdir -p "$DATA"
HAVE=0
while [ "$HAVE" -lt "$COUNT" ] && [ -f "$DATA/$(printf %05d "$HAVE").json" ]; do HAVE=$((HAVE + 1)); done
if [ "$HAVE" -lt "$COUNT" ]; then
  HALF=$(( (COUNT - HAVE + 1) / 2 ))
  "$PY" -m scorer.cli synth --out "$DATA" --start "$HAVE" --count "$HALF" --seed "$SEED" --difficulty mixed \
      --style classic &
  FIRST=$!
  "$PY" -m scorer.cli synth --out "$DATA" --start $((HAVE + HALF)) --count $((COUNT - HAVE - HALF)) \
      --seed "$SEED" --difficulty mixed --style classic &
  SECOND=$!
  wait "$FIRST"
  wait "$SECOND"
fi
# only the first COUNT photos are used, whatever else the directory holds
if [ "$(ls "$DATA"/*.json | wc -l)" -ne "$COUNT" ]; then
  echo "error: $DATA holds other photos than 0..$((COUNT - 1)); use a fresh DATA directory" >&2
  exit 2
fi
"$PY" -m scorer.cli train --data "$DATA" --out "$OUT"
