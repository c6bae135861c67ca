#!/usr/bin/env bats
# make install: the tools, the library, its header and the pages land under
# PREFIX (and DESTDIR), and a program builds against the installed files.
load helper
bats_require_minimum_version 1.5.0

setup() {
	prefix=$BATS_TEST_TMPDIR/prefix
}

install_to() {
	make -s -C "$ROOT_DIR" install "$@" > "$BATS_TEST_TMPDIR/make.log" 2>&1 ||
	    { cat "$BATS_TEST_TMPDIR/make.log"; return 1; }
}

@test "make install PREFIX=dir: every tool, lib2048.a and 2048.h" {
	local c tool
	install_to PREFIX="$prefix"
	# a tool is cmd/NAME.c or a directory cmd/NAME/
	for c in "$ROOT_DIR"/cmd/2048-*.c "$ROOT_DIR"/cmd/2048-*/; do
		tool=$(basename "$c" .c)
		[ -x "$prefix/bin/$tool" ]
		run "$prefix/bin/$tool" --version
		[ "$output" = "$tool (2048-tools) $(sed -n \
		    's/^#define G2048_VERSION "\(.*\)"/\1/p' "$ROOT_DIR/lib/include/2048.h")" ]
	done
	[ -f "$prefix/lib/lib2048.a" ]
	cmp "$ROOT_DIR/lib/include/2048.h" "$prefix/include/2048.h"
	# the front end is not installed
	[ ! -e "$prefix/lib/libcli.a" ]
	[ ! -e "$prefix/include/cli.h" ]
}

@test "make install: every page in man/, one for every tool" {
	local page tool
	[ -d "$ROOT_DIR/man" ] || skip "no man/ in this tree yet"
	install_to PREFIX="$prefix"
	for page in "$ROOT_DIR"/man/*.[157]; do
		cmp "$page" "$prefix/share/man/man${page##*.}/${page##*/}"
	done
	for tool in "$ROOT_DIR"/cmd/2048-*.c "$ROOT_DIR"/cmd/2048-*/; do
		tool=$(basename "$tool" .c)
		[ -f "$prefix/share/man/man1/$tool.1" ]
	done
	[ -f "$prefix/share/man/man5/2048.5" ]
}

@test "make install DESTDIR=dir PREFIX=/usr, then make uninstall" {
	install_to DESTDIR="$BATS_TEST_TMPDIR/stage" PREFIX=/usr
	[ -x "$BATS_TEST_TMPDIR/stage/usr/bin/2048-move" ]
	[ -f "$BATS_TEST_TMPDIR/stage/usr/include/2048.h" ]
	make -s -C "$ROOT_DIR" uninstall DESTDIR="$BATS_TEST_TMPDIR/stage" \
	    PREFIX=/usr
	[ -z "$(find "$BATS_TEST_TMPDIR/stage" -type f)" ]
}

@test "a program builds against the installed header and library" {
	local cflags=""
	install_to PREFIX="$prefix"
	cat > "$BATS_TEST_TMPDIR/game.c" <<'EOF'
#include <stdio.h>
#include <2048.h>

/* a new game of seed 7, moved left: what 2048-new | 2048-move prints */
int
main(void)
{
	char text[G2048_TEXT_MAX];
	g2048_board b;

	g2048_new_game(&b, 7, G2048_FOUR_DEFAULT);
	if (g2048_board_move(&b, G2048_LEFT) < 0)
		return 1;
	if (g2048_format(&b, text, sizeof text) < 0)
		return 1;
	fputs(text, stdout);
	return 0;
}
EOF
	# a sanitized build (make check SAN=1) installs a sanitized library
	[ "${SAN:-}" = 1 ] && cflags="-fsanitize=address,undefined"
	# shellcheck disable=SC2086
	"${CC:-cc}" -std=c11 -Wall -Wextra -Wpedantic -Werror $cflags \
	    -I"$prefix/include" -o "$BATS_TEST_TMPDIR/game" \
	    "$BATS_TEST_TMPDIR/game.c" -L"$prefix/lib" -l2048 -lm
	run "$BATS_TEST_TMPDIR/game"
	[ "$status" -eq 0 ]
	[ "$output" = "$(2048-new --seed 7 | 2048-move left)" ]
}
