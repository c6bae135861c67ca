#!/bin/sh
# tournament.sh - a large tournament with GNU parallel: a stream of seeds is
# cut into chunks, each chunk's games are played by its own 2048-solve (on
# this machine's cores, or on several machines with SSHLOGIN), and the
# chunks' results, the final boards, are merged into one summary table: the
# table of `2048-solve --games GAMES --seed SEED --summary`, but for the
# timing, which is the tournament's own.  A game of --fast on the digest
# alone is about 14 s of a core (`2048-solve --games 10 --seed 1 --fast
# --no-cache`: 142 s of CPU, 2026-11-29; with --no-chain 35 s, `--games 4
# --seed 1 --fast --no-chain -j 1`: 141 s of CPU): 1000 of them, about
# 2 h of two cores.  With the chain cache (the default when no
# chain files are built) the first games wait while it fills, some 15 min
# of CPU (bench/CACHE.md).
#   usage: examples/tournament.sh GAMES [SEED] [-- 2048-solve OPTIONS ...]
#   JOBS (default: one per core), CHUNK (seeds per job, default 10) and
#   SSHLOGIN (e.g. "8/host1,8/host2,:"; 2048-tools must be in PATH there)
#   in the environment.  FINALS=FILE keeps the final boards.
set -eu
# shellcheck source=examples/lib/tools.sh
. "$(dirname "$0")/lib/tools.sh"
need 2048-new 2048-solve parallel
[ $# -ge 1 ] || { echo "usage: $0 GAMES [SEED] [-- 2048-solve options]" >&2; exit 2; }
games=$1
seed=${2:-1}
shift
[ $# -ge 1 ] && [ "$1" != "--" ] && shift
[ $# -ge 1 ] && [ "$1" = "--" ] && shift
finals=${FINALS:-$(mktemp)}
[ -n "${FINALS:-}" ] || trap 'rm -f "$finals"' EXIT

# the options, quoted for the shell parallel starts
opts=
for o in "$@"; do
	opts="$opts '$(printf '%s' "$o" | sed "s/'/'\\\\''/g")'"
done

start=$(date +%s.%N)
seq "$seed" $((seed + games - 1)) |
	parallel --pipe -N "${CHUNK:-10}" -j "${JOBS:-100%}" \
	    ${SSHLOGIN:+--sshlogin "$SSHLOGIN"} \
	    "xargs -n1 2048-new --compact --seed |
	     2048-solve --play --final --compact --threads 1 $opts" > "$finals"
end=$(date +%s.%N)
# a job whose 2048-new failed (not in PATH on a remote host) still ends
# well, with no games: count them
finished=$(wc -l < "$finals")
[ "$finished" -eq "$games" ] || {
	echo "$0: $finished of $games games finished (is 2048-tools in PATH on every host?)" >&2
	exit 2
}

# the merged table, with the tournament's wall time and moves per second
2048-solve --tally "$finals" |
	awk -v start="$start" -v end="$end" '
	{ print }
	/^moves / { printf "moves/s       %.1f\n", $2 / (end - start) }'
