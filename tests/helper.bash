# tests/helper.bash - loaded by every bats file: the tools under test come
# first in PATH (BIN_DIR, set by make check; bin/ of this tree otherwise).
TESTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT_DIR=$(dirname "$TESTS_DIR")
FIXTURES=$TESTS_DIR/fixtures
PATH=${BIN_DIR:-$ROOT_DIR/bin}:$PATH
# the tools' default net (make net), tables (make tables) and chain cache
# (computed, minutes and GB) would change the AI's play: tests that want
# them say which
G2048_NET=
G2048_TABLES=
G2048_CACHE=
export PATH FIXTURES G2048_NET G2048_TABLES G2048_CACHE
# a suite run by a make that another make started (debian/rules, make -C,
# MAKEFLAGS=-w) would hand its flags to the tests' own makes, and they
# would say the directories they enter: they start afresh
unset MAKEFLAGS MFLAGS MAKELEVEL GNUMAKEFLAGS

# board ROW1 ROW2 ROW3 ROW4: a bare grid on stdout
board() {
	printf '%s\n' "$@"
}

# rows: print only the grid rows of the boards on stdin, spacing folded
rows() {
	grep -v '^[a-z]' | grep -v '^$' | tr -s ' ' | sed 's/^ //'
}

# The fault shim (tests/shim/fault.c, built by make check): `faulty
# VAR=VALUE... CMD ARGS...` runs CMD with it preloaded and the FAULT_*
# variables given (a full, failing or slow disk for the files it writes).
# ASan (make check SAN=1) wants its runtime first; here it comes second.
FAULT_SHIM=${FAULT_SHIM:-$ROOT_DIR/obj/tests/shim/fault.so}
FAULT_ENV="LD_PRELOAD=$FAULT_SHIM ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export FAULT_SHIM FAULT_ENV
faulty() {
	[ -f "$FAULT_SHIM" ] || {
		echo "no fault shim at $FAULT_SHIM (make check builds it)" >&2
		return 2
	}
	# shellcheck disable=SC2086 # FAULT_ENV: words VAR=VALUE
	env $FAULT_ENV "$@"
}

# tools: the tools this tree builds, one name a line
tools() {
	local c
	# a tool is cmd/NAME.c or a directory cmd/NAME/
	for c in "$ROOT_DIR"/cmd/2048-*.c "$ROOT_DIR"/cmd/2048-*/; do
		basename "$c" .c
	done
}

# option_map TOOL: "LETTER LONG TOOL" for every option that TOOL's --help
# defines ("  -X, --long" or "      --long"), LETTER "-" for none
option_map() {
	"$1" --help | sed -nE \
	    -e "s/^  -([A-Za-z0-9]), --([a-z][a-z-]*).*/\1 \2 $1/p" \
	    -e "s/^      --([a-z][a-z-]*).*/- \1 $1/p"
}

# fake_bin: the folder of the tools of `make FAKE=1` (built once), whose
# player has a kind of table that no tool has heard of, added in the
# player's room alone (PLAYER_FAKE_TABLE in lib/engine/player/): it
# decides every 4x4 board, the first legal move 0.75 sure, by fake.tbl.
# SAN=0: a sanitized suite's make passes SAN=1 down; the lock: the plain
# and the sanitized suites may both build it at once.
fake_bin() {
	mkdir -p "$ROOT_DIR/fake"
	flock "$ROOT_DIR/fake/.lock" make -s --no-print-directory \
	    -C "$ROOT_DIR" SAN=0 FAKE=1 \
	    fake/bin/2048-solve fake/bin/2048-review fake/bin/2048-play >&2 ||
	    return 1
	echo "$ROOT_DIR/fake/bin"
}
