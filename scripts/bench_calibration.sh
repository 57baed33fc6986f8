#!/usr/bin/env bash
# Calibration to a different art style, measured: out of the box (the bundled model), then after
# retraining with 3 and with 6 labelled photos of the "alt" style. Retraining mixes them with 400
# synthetic classic photos (seed 1, the first 400 of the bundled model's set) and renders 200 more
# photos from the calibration photos' own tiles (vision.synth.exemplar).
#   scripts/bench_calibration.sh          # ~11 min on 2 cores; data and models go to data/ (git-ignored)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
ZG="$PY -m zengarden.cli"
TEST=${TEST:-100}
SYNTH=${SYNTH:-data/synth-400}
mkdir -p data/models
[ -d "$SYNTH" ] || $ZG synth --out "$SYNTH" --count 400 --seed 1 --difficulty mixed --style classic
[ -d data/alt-test ] || $ZG synth --out data/alt-test --count "$TEST" --seed 888001 --style alt --difficulty mixed
[ -d data/calib-6 ] || $ZG synth --out data/calib-6 --count 6 --seed 555001 --style alt --difficulty mixed
if [ ! -d data/calib-3 ]; then
  mkdir -p data/calib-3
  for f in 00000 00001 00002; do cp data/calib-6/$f.jpg data/calib-6/$f.json data/calib-3/; done
fi
echo "== alt style, bundled model (out of the box)"
$ZG bench --data data/alt-test --csv data/alt-bench-0.csv 2>/dev/null
for n in 3 6; do
  [ -f data/models/calib-$n.skops ] || $ZG train --data "$SYNTH" --data data/calib-$n \
      --out data/models/calib-$n.skops 2>/dev/null
  echo "== alt style, calibrated with $n photos"
  $ZG bench --data data/alt-test --model data/models/calib-$n.skops --csv data/alt-bench-$n.csv 2>/dev/null
done
