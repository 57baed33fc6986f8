#!/usr/bin/env bash
# Rebuild the shipped tile model (models/zen-garden.skops) from synthetic photos with fixed seeds.
#   scripts/build_model.sh            # readers from 2400 classic photos (seed 1), 1200 photos of
#                                     # random art on train-family scenes (seed 12) and 1200 classic-art
#                                     # photos on train-family scenes (seed 2), then the tile map from
#                                     # those 1200 train-family photos, the random-art photos and the
#                                     # first 600 classic, then the tile map's second stage from
#                                     # 1100 train-family photos the map never saw (seeds 22, 23, 24),
#                                     # then the tileness learner (seeds 41 and 42, 300 photos each)
#   MAP_FROM=M scripts/build_model.sh # the readers alone, from the same photos, on the tile map
#                                     # (both stages) of model M (zengarden train --readers-only --base M)
#   CONTEXT_ONLY=1 scripts/build_model.sh # the tile map's second stage alone, learned again for the
#                                     # model at OUT (README, Model)
#   TILENESS_ONLY=1 scripts/build_model.sh # the tileness learner alone (300 classic and 300 random-art
#                                     # train-family photos, seeds 41 and 42) learned again for the
#                                     # model at OUT: how the shipped model was last made (README, Model)
# Data goes to data/ (git-ignored). Deterministic for a given seed and library versions. Photos
# already rendered are kept (photo i depends only on the seed and i); the missing ones are rendered
# by two processes at once.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
COUNT=${COUNT:-2400}
SEED=${SEED:-1}
DATA=${DATA:-data/train-classic}
FAMILY_COUNT=${FAMILY_COUNT:-1200}
FAMILY_SEED=${FAMILY_SEED:-2}
FAMILY_DATA=${FAMILY_DATA:-data/train-family}
RANDOM_COUNT=${RANDOM_COUNT:-1200}
RANDOM_SEED=${RANDOM_SEED:-12}
RANDOM_DATA=${RANDOM_DATA:-data/train-random}
MASK_CLASSIC=${MASK_CLASSIC:-600}
OUT=${OUT:-models/zen-garden.skops}

# render photos START..COUNT-1 of a dataset that are not there yet, in two processes
render() {  # dir count seed family style [difficulty, default mixed]
  local dir=$1 count=$2 seed=$3 family=$4 style=$5 difficulty=${6:-mixed} have=0
  mkdir -p "$dir"
  while [ "$have" -lt "$count" ] && [ -f "$dir/$(printf %05d "$have").json" ]; do have=$((have + 1)); done
  if [ "$have" -lt "$count" ]; then
    local half=$(( (count - have + 1) / 2 ))
    "$PY" -m zengarden.cli synth --out "$dir" --start "$have" --count "$half" --seed "$seed" --difficulty "$difficulty" \
        --style "$style" --family "$family" &
    local first=$!
    "$PY" -m zengarden.cli synth --out "$dir" --start $((have + half)) --count $((count - have - half)) \
        --seed "$seed" --difficulty "$difficulty" --style "$style" --family "$family" &
    local second=$!
    wait "$first"
    wait "$second"
  fi
  # only the first COUNT photos are used, whatever else the directory holds
  if [ "$(ls "$dir"/*.json | wc -l)" -ne "$count" ]; then
    echo "error: $dir holds other photos than 0..$((count - 1)); use a fresh directory" >&2
    exit 2
  fi
}

# the tile map's second stage: from photos of the training looks its first stage was not trained on
context() {
  render data/ctx-train-22 400 22 train classic
  render data/ctx-random-23 400 23 train random
  render data/ctx-hard-24 300 24 train classic hard
  "$PY" -m zengarden.cli train --context-only --base "$OUT" --data data/ctx-train-22 --data data/ctx-random-23 \
      --data data/ctx-hard-24 --out "$OUT"
}
if [ -n "${CONTEXT_ONLY:-}" ]; then context; exit 0; fi

# the tileness learner: whole tiles against the cells of blocks shifted, grown or shrunk, on
# train-family photos of classic and of random art
tileness() {
  render data/tl-train-41 300 41 train classic
  render data/tl-random-42 300 42 train random
  "$PY" -m zengarden.cli train --tileness-only --base "$OUT" --data data/tl-train-41 --data data/tl-random-42 \
      --out "$OUT"
}
if [ -n "${TILENESS_ONLY:-}" ]; then tileness; exit 0; fi

render "$DATA" "$COUNT" "$SEED" classic classic
render "$FAMILY_DATA" "$FAMILY_COUNT" "$FAMILY_SEED" train classic
render "$RANDOM_DATA" "$RANDOM_COUNT" "$RANDOM_SEED" train random
# the readers (tile art) from the classic photos, the random-art photos and the classic art in the
# train family's light (coloured, harsh, shadowed)
KEEP_MAP=()
if [ -n "${MAP_FROM:-}" ]; then KEEP_MAP=(--readers-only --base "$MAP_FROM"); fi
"$PY" -m zengarden.cli train "${KEEP_MAP[@]}" --data "$DATA" --data "$RANDOM_DATA" --data "$FAMILY_DATA" --out "$OUT"
if [ -n "${MAP_FROM:-}" ]; then exit 0; fi  # the map of MAP_FROM kept
# the tile map again, from random boards, tables, light and art and the first classic photos (linked)
SUBSET="$DATA-first-$MASK_CLASSIC"
mkdir -p "$SUBSET"
for ((i = 0; i < MASK_CLASSIC; i++)); do
  name=$(printf %05d "$i")
  ln -sf "$(realpath "$DATA/$name.jpg")" "$SUBSET/$name.jpg"
  ln -sf "$(realpath "$DATA/$name.json")" "$SUBSET/$name.json"
done
"$PY" -m zengarden.cli train --mask-only --base "$OUT" --data "$FAMILY_DATA" --data "$RANDOM_DATA" --data "$SUBSET" --out "$OUT"
context
tileness
