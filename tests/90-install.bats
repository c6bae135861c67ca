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
	make -s --no-print-directory -C "$ROOT_DIR" install INSTALL_NET= \
	    INSTALL_TABLES= INSTALL_DIGEST= "$@" \
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

@test "make install puts the net and the tables of make tables, chain-tables and pattern-tables it is given under share/2048-tools, and says so" {
	local d=$BATS_TEST_TMPDIR
	mkdir "$d/tables"
	printf 'a net\n' > "$d/some.net"
	printf 'a table\n' > "$d/tables/2x2.tbl"
	printf 'another\n' > "$d/tables/L3o-16.tbl"
	printf 'a chain\n' > "$d/tables/chain-six.chain"
	printf 'packed\n' > "$d/tables/chain.packed"
	# a table of one's own (2048-play(1) builds one), not of make tables
	printf 'my own\n' > "$d/tables/3x3-four02.tbl"
	printf 'a digest\n' > "$d/some.digest"
	install_to PREFIX="$prefix" INSTALL_NET="$d/some.net" \
	    INSTALL_TABLES="$d/tables" INSTALL_DIGEST="$d/some.digest"
	cmp "$d/some.net" "$prefix/share/2048-tools/2048.net"
	cmp "$d/some.digest" "$prefix/share/2048-tools/tables/chain.digest"
	cmp "$d/tables/2x2.tbl" "$prefix/share/2048-tools/tables/2x2.tbl"
	cmp "$d/tables/L3o-16.tbl" "$prefix/share/2048-tools/tables/L3o-16.tbl"
	cmp "$d/tables/chain-six.chain" \
	    "$prefix/share/2048-tools/tables/chain-six.chain"
	cmp "$d/tables/chain.packed" \
	    "$prefix/share/2048-tools/tables/chain.packed"
	[ ! -e "$prefix/share/2048-tools/tables/3x3-four02.tbl" ]
	run cat "$BATS_TEST_TMPDIR/make.log"
	[ "${#lines[@]}" -eq 3 ]
	[[ "${lines[0]}" == "make install: the net $d/some.net as $prefix/share/2048-tools/2048.net ("*"; INSTALL_NET= for none)" ]]
	[[ "${lines[1]}" == "make install: 4 tables of $d/tables/ into $prefix/share/2048-tools/tables ("*"; INSTALL_TABLES= for none)" ]]
	[ "${lines[2]}" = "make install: not $d/tables/3x3-four02.tbl, not of make tables (INSTALL_TABLE_FILES names the files to install)" ]
	# named, one's own table goes too
	install_to PREFIX="$prefix" INSTALL_TABLES="$d/tables" \
	    INSTALL_TABLE_FILES=3x3-four02.tbl
	cmp "$d/tables/3x3-four02.tbl" \
	    "$prefix/share/2048-tools/tables/3x3-four02.tbl"
	make -s --no-print-directory -C "$ROOT_DIR" uninstall PREFIX="$prefix"
	[ ! -e "$prefix/share/2048-tools/2048.net" ]
	[ ! -e "$prefix/share/2048-tools/tables" ]
	# none given: none installed, nothing said
	install_to PREFIX="$d/bare"
	[ ! -e "$d/bare/share/2048-tools" ]
	[ ! -s "$BATS_TEST_TMPDIR/make.log" ]
}

@test "debian/rules installs only what the packages list, whatever net and tables the checkout built" {
	local d=$BATS_TEST_TMPDIR f pattern listed
	[ -f /usr/share/dpkg/architecture.mk ] || skip "dpkg-dev is not installed"
	mkdir "$d/tables"
	printf 'a table\n' > "$d/tables/2x2.tbl"
	printf 'my own\n' > "$d/tables/3x3-four02.tbl"
	printf 'a net\n' > "$d/some.net"
	# as make tables and make net leave them: the Makefile's defaults
	# (?=) taken from the environment; the package's install in $d
	cd "$ROOT_DIR"
	INSTALL_TABLES=$d/tables INSTALL_NET=$d/some.net \
	    make -s --no-print-directory -f debian/rules \
	    override_dh_auto_install CURDIR="$d" > "$d/rules.log" 2>&1 ||
	    { cat "$d/rules.log"; return 1; }
	# what dh_missing checks: every file installed is in a package
	cd "$d/debian/tmp"
	[ -x usr/bin/2048-solve ]
	for f in $(find . -type f | sed 's|^\./||'); do
		listed=0
		while read -r pattern; do
			# shellcheck disable=SC2053 # the pattern is a glob
			[[ "$f" == $pattern || "$f" == $pattern/* ]] && listed=1
		done < <(cat "$ROOT_DIR"/debian/*.install)
		[ "$listed" = 1 ] || { echo "not in a package: $f"; return 1; }
	done
}

@test "make install DESTDIR=dir PREFIX=/usr, then make uninstall" {
	install_to DESTDIR="$BATS_TEST_TMPDIR/stage" PREFIX=/usr
	[ -x "$BATS_TEST_TMPDIR/stage/usr/bin/2048-move" ]
	[ -f "$BATS_TEST_TMPDIR/stage/usr/include/2048.h" ]
	make -s --no-print-directory -C "$ROOT_DIR" uninstall \
	    DESTDIR="$BATS_TEST_TMPDIR/stage" PREFIX=/usr
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
	    2048-solve --play --depth 2 --no-tables --compact | head -n 21)" ]
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

@test "the description of the package 2048-tools names every tool" {
	local t
	for t in $(tools); do
		sed -n '/^Package: 2048-tools$/,/^$/p' "$ROOT_DIR/debian/control" |
		    grep -qw -- "$t" || { echo "not described: $t"; return 1; }
	done
}

@test "CI builds the packages with their check step, which runs every bats file that runs make" {
	local f part
	run grep -n 'nocheck' "$ROOT_DIR/.ci/run"
	[ "$status" -eq 1 ]
	part=$(sed -n '/^pkg_tests=/,/}$/p' "$ROOT_DIR/.ci/run")
	[ -n "$part" ]
	for f in "$ROOT_DIR"/tests/*.bats; do
		grep -qE '(^|[[:space:]])make -' "$f" || continue
		[[ "$part" == *"tests/${f##*/}"* ]] ||
		    { echo "not in the package's check: ${f##*/}"; return 1; }
	done
	# shellcheck disable=SC2016 # make's $(PKG_TESTS)
	grep -q 'TESTS="$(PKG_TESTS)"' "$ROOT_DIR/debian/rules"
}

@test "make install PREFIX=dir: the module g2048 in Debian's python3's site directory for dir, which imports it" {
	local site
	[ -x /usr/bin/python3 ] || skip "no /usr/bin/python3"
	install_to PREFIX="$prefix"
	site=$(/usr/bin/python3 "$ROOT_DIR/python/site-dir.py" "$prefix")
	[ "$site" = "$prefix/lib/python3.$(/usr/bin/python3 -c \
	    'import sys; print(sys.version_info[1])')/site-packages" ]
	[ -f "$site/g2048/__init__.py" ]
	cd "$BATS_TEST_TMPDIR"
	# a sanitized module imports with its runtimes first, as python-run
	# loads them
	local preload=
	[ "${SANITIZED:-0}" = 1 ] && preload="$(${CC:-cc} -print-file-name=libasan.so) $(${CC:-cc} -print-file-name=libubsan.so)"
	run env PYTHONPATH="$site" LD_PRELOAD="$preload" \
	    ASAN_OPTIONS=detect_leaks=0 /usr/bin/python3 -c \
	    'import g2048; e = g2048.Env(); e.reset(seed=7); print(e.render(), end="")'
	[ "$status" -eq 0 ]
	[ "$output" = "$(2048-new --seed 7)" ]
	make -s --no-print-directory -C "$ROOT_DIR" uninstall PREFIX="$prefix"
	[ ! -e "$site/g2048" ]
}

@test "make install PYTHON= installs no module" {
	install_to PREFIX="$prefix" PYTHON=
	[ -x "$prefix/bin/2048-new" ]
	[ -z "$(find "$prefix" -name 'g2048*' -path '*python*')" ]
}
