#!/bin/sh
# bench/ai.sh - the strength and speed of 2048-solve (`make bench-ai`):
#  1. the fast setting over FAST_GAMES seeded games (default 100),
#  2. the default setting over GAMES seeded games (default 10), then its
#     time per move as a user sees it: one game searched on all cores,
#  3. the effect of each switch on the fast setting's strength, over
#     ABL_GAMES games each (default 20): fixed depths instead of the
#     adaptive one, a lost board scored by its heuristic,
#  4. the cost of each switch, side by side on the same positions
#     (bench/ai-switches, one thread): table, cutoff, depth, bitboard,
#  5. with a net (NET=FILE, else the one `make net` built, if any), over
#     NET_GAMES games (default 100): the net's 1-ply player (--depth 1),
#     --fast and NET_SETTINGS (default: depth 2 with no cutoff, the
#     cheaper search that --fast with a net is measured against).
# Sections 1-4 use the hand-made heuristic whether or not a net exists.
# Games are played on all cores (THREADS to change), one game per thread,
# so the time per move is one thread's.  Seeds start at SEED (default 1).
# The tables: see 2048-solve(1), --summary.  bench/AI.md has the figures.
set -eu
cd "$(dirname "$0")/.."
: "${BIN_DIR:=$PWD/bin}" "${BENCH_DIR:=$PWD/obj/bench}"
: "${GAMES:=10}" "${FAST_GAMES:=100}" "${ABL_GAMES:=20}" "${SEED:=1}"
: "${NET_GAMES:=100}" "${NET_SETTINGS:=--depth 2 --cutoff 0}"
: "${NET:=$(ls "$PWD/net/2048.net" 2>/dev/null || true)}"
PATH=$BIN_DIR:$PATH
export G2048_NET=	# the heuristic unless a section names the net
threads=${THREADS:+--threads $THREADS}

games() {
	n=$1
	shift
	# shellcheck disable=SC2086
	2048-solve --games "$n" --seed "$SEED" $threads --summary "$@" |
	    sed 's/^/  /'
}

echo "== 2048-solve --fast, $FAST_GAMES games (seeds $SEED...)"
games "$FAST_GAMES" --fast
echo
echo "== 2048-solve (the default setting), $GAMES games (seeds $SEED...)"
games "$GAMES"
echo
echo "== the default setting's time per move: game $SEED alone, on all cores"
# shellcheck disable=SC2086
2048-new --seed "$SEED" | 2048-solve --play --final --summary $threads |
    sed 's/^/  /'
echo
for sw in "--depth 3" "--depth 4" "--no-lost"; do
	echo "== 2048-solve --fast $sw, $ABL_GAMES games"
	# shellcheck disable=SC2086
	games "$ABL_GAMES" --fast $sw
	echo
done
echo "== the cost of each switch on positions of two fast games"
2048-solve --games 2 --seed "$SEED" --fast --compact | awk 'NR % 25 == 0' \
    > "${TMPDIR:-/tmp}/ai-positions.$$"
"$BENCH_DIR/ai-switches" < "${TMPDIR:-/tmp}/ai-positions.$$"
rm -f "${TMPDIR:-/tmp}/ai-positions.$$"
echo
if [ -z "$NET" ]; then
	echo "== no net (make net, or NET=FILE): the net's sections skipped"
	exit 0
fi
for setting in "--depth 1" "--fast" "$NET_SETTINGS"; do
	echo "== 2048-solve --net $NET $setting, $NET_GAMES games"
	# shellcheck disable=SC2086 # the setting's words
	games "$NET_GAMES" --net "$NET" $setting
	echo
done
