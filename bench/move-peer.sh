#!/bin/sh
# bench/move-peer.sh PEER_DIR [BOARDS] - lib2048's public move,
# g2048_move, against nneonneo/2048-ai's execute_move, in one process on
# the same packed boards (bench/PYTHON.md).  PEER_DIR is a checkout of
# https://github.com/nneonneo/2048-ai, which is never copied here: its
# 2048.cpp is included from there into a harness built in a temporary
# directory (with main renamed), linked with this tree's lib/lib2048.a
# (make first).  Both move the same random boards of ranks up to 14 (where
# the two rules agree: nneonneo's caps 32768 + 32768 at 32768) toward each
# direction; the results are compared board for board, then each is timed,
# the median of 7 rounds of BOARDS x 4 moves (1,000,000 boards by default).
# g2048_move also returns the score and whether the board moved;
# execute_move returns the board alone, as lib2048's lean g2048_slide
# does (timed too).
set -eu
cd "$(dirname "$0")/.."
peer=${1:?usage: bench/move-peer.sh PEER_DIR [BOARDS]}
boards=${2:-1000000}
[ -f "$peer/2048.cpp" ] || { echo "$peer/2048.cpp: not found" >&2; exit 2; }
[ -f lib/lib2048.a ] || { echo "lib/lib2048.a: run make first" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/harness.cpp" <<'HARNESS'
#include OUR_HEADER
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <vector>
#include <algorithm>

/* 2048.cpp's, compiled apart */
extern "C" void init_tables();
extern "C" uint64_t execute_move(int move, uint64_t board);

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t
next(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return *s >> 33;
}

int
main(int argc, char **argv)
{
	size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000, i;
	std::vector<uint64_t> b(n);
	uint64_t seed = 2048, sink = 0;
	std::vector<double> ours, peer, lean;
	int round, d;

	init_tables();
	for (i = 0; i < n; i++) {
		uint64_t g = 0;
		for (int c = 0; c < 16; c++) {
			uint64_t r = next(&seed) % 3 ? next(&seed) % 15 : 0;
			g |= r << (4 * c);
		}
		b[i] = g;
	}
	for (i = 0; i < n; i++)
		for (d = 0; d < 4; d++) {
			g2048_grid g = { b[i], 0 };
			uint64_t theirs = execute_move(d, b[i]);
			g2048_move(&g, (enum g2048_dir)d);
			if (g.lo != theirs || g2048_slide(g2048_grid{ b[i], 0 },
			    (enum g2048_dir)d).lo != theirs) {
				fprintf(stderr, "board %zu, move %d: %016llx, "
				    "theirs %016llx\n", i, d,
				    (unsigned long long)g.lo,
				    (unsigned long long)theirs);
				return 1;
			}
		}
	for (round = 0; round < 7; round++) {
		double t = now();
		for (i = 0; i < n; i++)
			for (d = 0; d < 4; d++) {
				g2048_grid g = { b[i], 0 };
				sink += (uint64_t)g2048_move(&g, (enum g2048_dir)d);
				sink ^= g.lo;
			}
		ours.push_back(now() - t);
		t = now();
		for (i = 0; i < n; i++)
			for (d = 0; d < 4; d++)
				sink ^= execute_move(d, b[i]);
		peer.push_back(now() - t);
		t = now();
		for (i = 0; i < n; i++)
			for (d = 0; d < 4; d++) {
				g2048_grid g = { b[i], 0 };
				sink ^= g2048_slide(g, (enum g2048_dir)d).lo;
			}
		lean.push_back(now() - t);
	}
	std::sort(ours.begin(), ours.end());
	std::sort(peer.begin(), peer.end());
	std::sort(lean.begin(), lean.end());

	printf("boards %zu, moves %zu each, the same results (sink %llu)\n",
	    n, 4 * n, (unsigned long long)(sink & 1));
	printf("g2048_move     %6.2f ns a move\n", ours[3] * 1e9 / (4.0 * n));
	printf("execute_move   %6.2f ns a move\n", peer[3] * 1e9 / (4.0 * n));
	printf("g2048_slide    %6.2f ns a move\n", lean[3] * 1e9 / (4.0 * n));
	printf("ratio move     %6.2f\n", ours[3] / peer[3]);
	printf("ratio slide    %6.2f\n", lean[3] / peer[3]);
	return 0;
}
HARNESS
${CXX:-g++} -O2 -w -I"$peer" -Dmain=peer_main -c -o "$dir/peer.o" \
    "$peer/2048.cpp"
${CXX:-g++} -O2 -w -DOUR_HEADER="\"$PWD/lib/include/2048.h\"" \
    -o "$dir/harness" "$dir/harness.cpp" "$dir/peer.o" lib/lib2048.a -lm -pthread
"$dir/harness" "$boards"
