# tests/helper.bash - loaded by every bats file: the tools under test come
# first in PATH (BIN_DIR, set by make check; bin/ of this tree otherwise).
TESTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT_DIR=$(dirname "$TESTS_DIR")
FIXTURES=$TESTS_DIR/fixtures
PATH=${BIN_DIR:-$ROOT_DIR/bin}:$PATH
# the tools' default net (make net) would change the AI's play: tests that
# want a net say which
G2048_NET=
export PATH FIXTURES G2048_NET

# board ROW1 ROW2 ROW3 ROW4: a bare grid on stdout
board() {
	printf '%s\n' "$@"
}

# rows: print only the grid rows of the boards on stdin, spacing folded
rows() {
	grep -v '^[a-z]' | grep -v '^$' | tr -s ' ' | sed 's/^ //'
}
