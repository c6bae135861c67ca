#!/usr/bin/env bats
# The engine's rooms (HACKING.md): make check-includes, part of make lint,
# passes on this tree and fails on an include or a call its rule does not
# allow, planted in a copy.
load helper

setup() {
	T=$BATS_TEST_TMPDIR/tree
	mkdir -p "$T/tests"
	cp -R "$ROOT_DIR/lib" "$T/"
	cp "$ROOT_DIR/Makefile" "$T/"
	cp "$ROOT_DIR/tests/check-includes" "$T/tests/"
}

@test "make check-includes: the tree keeps its rooms' rule" {
	run make -s --no-print-directory -C "$T" check-includes
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "the test above passes under a make another make started (debian/rules, MAKEFLAGS=w)" {
	# bats again on that one test, as make check in a sub-make runs it
	run env MAKEFLAGS=w MAKELEVEL=1 bats --tap \
	    --filter "the tree keeps its rooms' rule" "$ROOT_DIR/tests/97-rooms.bats"
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" == "ok 1 make check-includes: the tree keeps its rooms' rule" ]]
}

@test "make check-includes fails on a room's header its rule does not allow" {
	# the search asks an evaluator; it never opens the net
	sed -i 's/^#include "search.h"/&\n#include "net.h"/' \
	    "$T/lib/engine/search/search.c"
	run make -s --no-print-directory -C "$T" check-includes
	[ "$status" -ne 0 ]
	[[ "$output" == *'lib/engine/search/search.c:'*'room search may not include "net.h"'* ]]
}

@test "make check-includes fails on a header of no room, and on a second header" {
	echo '#include "cli.h"' >> "$T/lib/engine/grid/move.c"
	touch "$T/lib/engine/text/other.h"
	run make -s --no-print-directory -C "$T" check-includes
	[ "$status" -ne 0 ]
	[[ "$output" == *'grid/move.c:'*'may not include "cli.h"'* ]]
	[[ "$output" == *'text/other.h: a second header in room text'* ]]
}

@test "make check-includes fails on a room without a rule" {
	mkdir "$T/lib/engine/attic"
	touch "$T/lib/engine/attic/attic.h"
	run make -s --no-print-directory -C "$T" check-includes
	[ "$status" -ne 0 ]
	[[ "$output" == *'lib/engine/attic/: a room without a rule'* ]]
}

@test "make check-includes fails on a call of another room's public function its rule does not allow" {
	# the search is the search alone: the tables are the player's
	printf '%s\n' 'int search_planted(void);' 'int' 'search_planted(void)' \
	    '{' '	return g2048_tableset_count(NULL);' '}' \
	    >> "$T/lib/engine/search/search.c"
	run make -s -C "$T" check-includes
	[ "$status" -ne 0 ]
	[[ "$output" == *'lib/engine/search/search.c:'*': room search may not call g2048_tableset_count of room exact (only its own and those of grid eval)'* ]]
}

@test "no tool, nor libcli, defines a name with an engine room's prefix" {
	local rooms
	rooms=$(sed -n 's/^ROOMS *= *//p' "$ROOT_DIR/Makefile" | tr ' ' '|')
	[ -n "$rooms" ]
	run grep -nE "^($rooms)_[a-z0-9_]*\(" "$ROOT_DIR"/cmd/*.c \
	    "$ROOT_DIR"/cmd/*/*.c "$ROOT_DIR"/lib/cli/*.c
	[ "$status" -eq 1 ]
	[ -z "$output" ]
}

@test "a source file over 500 lines says at its top why it is one file" {
	local f bad=""
	for f in "$ROOT_DIR"/lib/*/*.[ch] "$ROOT_DIR"/lib/engine/*/*.[ch] \
	    "$ROOT_DIR"/cmd/*.c "$ROOT_DIR"/cmd/*/*.[ch]; do
		[ "$(wc -l < "$f")" -le 500 ] && continue
		head -n 20 "$f" | grep -q 'One file of over 500 lines' ||
		    bad="$bad ${f#"$ROOT_DIR"/}"
	done
	echo "says not why:$bad"
	[ -z "$bad" ]
}
