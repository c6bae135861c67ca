#!/usr/bin/env bats
# 98-readme.bats - the commands of README.md run as written, in order, in
# a new directory, with the PATH line README gives (no "command not found"
# after make, no boards.txt never made, no million-board example that
# prints 55,000 messages).
load helper

setup() {
	T=$BATS_TEST_TMPDIR
	# the sh blocks' command lines: prompts ("$ ") dropped, the lines of
	# output shown after them left out
	awk '/^```sh/ { f = 1; next } /^```/ { f = 0 } f' "$ROOT_DIR/README.md" |
	    sed 's/^\$ //' | grep -E '^(2048-|printf |export |make |apt-get |dpkg-buildpackage |cc )' \
	    > "$T/commands"
}

# long: a line that plays or trains for minutes; it is started, and
# stopped after 3 s (2048-learn after 10: it saves its net on SIGTERM
# once training, and the next lines use it)
long() {
	[[ "$1" == *"--games 100 "* || "$1" == *"--games 100000 "* ||
	    "$1" == *"--play --final"* || "$1" == *"--net my.net"* ]]
}

@test "README says how to run the tools by name after make" {
	# shellcheck disable=SC2016 # the line as README writes it
	grep -qxF 'export PATH="$PWD/bin:$PATH"' <(sed 's/  *#.*//' "$T/commands")
}

@test "every pipeline of README.md runs as written, after make and README's PATH line" {
	local line status n=0 bin=${BIN_DIR:-$ROOT_DIR/bin}
	command -v jq >/dev/null || skip "jq is not installed"
	mkdir "$T/work"
	cd "$T/work"
	# as after make, from the checkout: only README's export line puts
	# the tools in PATH (BIN_DIR is the tree's bin/ under make check)
	PATH=$(echo "$PATH" | tr ':' '\n' | grep -vxF "$bin" | paste -sd:)
	if command -v 2048-new >/dev/null; then
		skip "2048-tools are installed in PATH"
	fi
	PATH=$bin:$PATH
	while IFS= read -r line; do
		case $line in
		# the build, the package and the game for a person are
		# tested elsewhere (90-install, 70-play, .ci/run)
		make* | apt-get* | dpkg-buildpackage* | cc* | export*) continue ;;
		2048-play* | *"| 2048-play"*) continue ;;
		esac
		n=$((n + 1))
		status=0
		if long "$line"; then
			timeout "$([[ $line == 2048-learn* ]] && echo 10 || echo 3)" \
			    bash -c "$line" > out 2> err || status=$?
			echo "long: $line: $status"
			# stopped (124), or interrupted and saved (2048-learn: 1)
			[ "$status" -le 1 ] || [ "$status" -eq 124 ] ||
			    { cat err; return 1; }
		else
			timeout 120 bash -c "$line" > out 2> err || status=$?
			echo "$line: $status"
			# 0, or a documented "no" (1): a move that is not legal
			[ "$status" -le 1 ] || { cat err; return 1; }
		fi
		run grep -c 'not found' err
		[ "$output" = 0 ]
	done < "$T/commands"
	[ "$n" -ge 15 ]
	# the million boards: made, moved, quietly
	[ "$(grep -c '^score' boards.txt)" -eq 1000000 ]
	[ "$(grep -c '^score' moved.txt)" -eq 1000000 ]
	timeout 120 2048-move -q left < boards.txt > /dev/null 2> err || true
	[ ! -s err ]
	[ -s my.net ]
}
