#!/usr/bin/env bats
# make install: the tools, the library, its header and the pages land under
# PREFIX (and DESTDIR), and a program builds against the installed files.
load helper
bats_require_minimum_version 1.5.0

setup() {
	prefix=$BATS_TEST_TMPDIR/prefix
}

# example_of PAGE: the program of PAGE's EXAMPLES (its first literal
# block), unescaped, into $BATS_TEST_TMPDIR/steps.c
example_of() {
	awk '/^\.Sh EXAMPLES/ { ex = 1 } ex && /^\.Bd -literal/ { on = 1; next }
	    on && /^\.Ed/ { exit } on' "$1" | sed 's/\\e/\\/g' \
	    > "$BATS_TEST_TMPDIR/steps.c"
	grep -q 'g2048_play_step' "$BATS_TEST_TMPDIR/steps.c"
}

# the tools alone: not a checkout's net, tables (gigabytes after make
# tables) and digest, which the test of INSTALL_NET, INSTALL_TABLES and
# INSTALL_DIGEST names itself
install_to() {
	make -s -C "$ROOT_DIR" install INSTALL_NET= INSTALL_TABLES= \
	    INSTALL_DIGEST= "$@" \
	    > "$BATS_TEST_TMPDIR/make.log" 2>&1 ||
	    { cat "$BATS_TEST_TMPDIR/make.log"; return 1; }
}

@test "make install PREFIX=dir: every tool, lib2048.a, 2048.h and lib2048.pc" {
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
	[ -f "$prefix/lib/pkgconfig/lib2048.pc" ]
	cmp "$ROOT_DIR/lib/include/2048.h" "$prefix/include/2048.h"
	# the front end is not installed
	[ ! -e "$prefix/lib/libcli.a" ]
	[ ! -e "$prefix/include/cli.h" ]
}

@test "make install: every page in man/, one for every tool" {
	local page tool
	[ -d "$ROOT_DIR/man" ] || skip "no man/ in this tree yet"
	install_to PREFIX="$prefix"
	for page in "$ROOT_DIR"/man/*.[1357]; do
		cmp "$page" "$prefix/share/man/man${page##*.}/${page##*/}"
	done
	for tool in "$ROOT_DIR"/cmd/2048-*.c "$ROOT_DIR"/cmd/2048-*/; do
		tool=$(basename "$tool" .c)
		[ -f "$prefix/share/man/man1/$tool.1" ]
	done
	[ -f "$prefix/share/man/man5/2048.5" ]
}

@test "make install puts the net and the tables it is given under share/2048-tools" {
	local d=$BATS_TEST_TMPDIR
	mkdir "$d/tables"
	printf 'a net\n' > "$d/some.net"
	printf 'a table\n' > "$d/tables/a.tbl"
	printf 'another\n' > "$d/tables/b.tbl"
	printf 'a digest\n' > "$d/some.digest"
	install_to PREFIX="$prefix" INSTALL_NET="$d/some.net" \
	    INSTALL_TABLES="$d/tables" INSTALL_DIGEST="$d/some.digest"
	cmp "$d/some.net" "$prefix/share/2048-tools/2048.net"
	cmp "$d/some.digest" "$prefix/share/2048-tools/tables/chain.digest"
	cmp "$d/tables/a.tbl" "$prefix/share/2048-tools/tables/a.tbl"
	cmp "$d/tables/b.tbl" "$prefix/share/2048-tools/tables/b.tbl"
	make -s -C "$ROOT_DIR" uninstall PREFIX="$prefix"
	[ ! -e "$prefix/share/2048-tools/2048.net" ]
	[ ! -e "$prefix/share/2048-tools/tables" ]
	# none given: none installed
	install_to PREFIX="$d/bare"
	[ ! -e "$d/bare/share/2048-tools" ]
}

@test "make install DESTDIR=dir PREFIX=/usr, then make uninstall" {
	install_to DESTDIR="$BATS_TEST_TMPDIR/stage" PREFIX=/usr
	[ -x "$BATS_TEST_TMPDIR/stage/usr/bin/2048-move" ]
	[ -f "$BATS_TEST_TMPDIR/stage/usr/include/2048.h" ]
	make -s -C "$ROOT_DIR" uninstall DESTDIR="$BATS_TEST_TMPDIR/stage" \
	    PREFIX=/usr
	[ -z "$(find "$BATS_TEST_TMPDIR/stage" -type f)" ]
}

@test "the example of lib2048(3) builds with pkg-config against the installed library" {
	local cflags="" page=$ROOT_DIR/man/lib2048.3
	command -v pkg-config >/dev/null || skip "pkg-config is not installed"
	install_to PREFIX="$prefix"
	cmp "$page" "$prefix/share/man/man3/lib2048.3"
	example_of "$page"
	# a sanitized build (make check SAN=1) installs a sanitized library
	[ "${SAN:-}" = 1 ] && cflags="-fsanitize=address,undefined"
	export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
	run pkg-config --cflags --libs lib2048
	[ "$status" -eq 0 ]
	[[ "$output" == *"-I$prefix/include"* ]]
	# shellcheck disable=SC2046,SC2086
	"${CC:-cc}" -std=c11 -Wall -Wextra -Wpedantic -Werror $cflags \
	    $(pkg-config --cflags lib2048) -o "$BATS_TEST_TMPDIR/steps" \
	    "$BATS_TEST_TMPDIR/steps.c" $(pkg-config --libs lib2048)
	run "$BATS_TEST_TMPDIR/steps"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 21 ]
	[ "$output" = "$(2048-new --seed 7 |
	    2048-solve --play --depth 2 --compact | head -n 21)" ]
}

@test "2048.h is C++ too: the example of lib2048(3) builds with a C++ compiler and links" {
	local cflags=""
	command -v "${CXX:-g++}" >/dev/null || skip "no C++ compiler"
	install_to PREFIX="$prefix"
	example_of "$ROOT_DIR/man/lib2048.3"
	[ "${SAN:-}" = 1 ] && cflags="-fsanitize=address,undefined"
	# shellcheck disable=SC2086
	"${CXX:-g++}" -x c++ -std=c++11 -Wall -Wextra -Werror $cflags \
	    -I"$prefix/include" -o "$BATS_TEST_TMPDIR/steps" \
	    "$BATS_TEST_TMPDIR/steps.c" -L"$prefix/lib" -l2048 -lm -pthread
	run "$BATS_TEST_TMPDIR/steps"
	[ "$status" -eq 0 ]
	[ "$output" = "$(2048-new --seed 7 |
	    2048-solve --play --depth 2 --compact | head -n 21)" ]
}
