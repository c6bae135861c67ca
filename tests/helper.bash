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
