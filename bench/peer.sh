#!/bin/sh
# bench/peer.sh CHECKOUT - our player beside macroxue/2048-ai's small
# player (its `2048`, the 2019 tables), on this machine in one run:
#  1. builds its `2048` from CHECKOUT, a checkout of
#     https://github.com/macroxue/2048-ai that you cloned (nothing of it is
#     kept in this tree), into PEER_DIR, with its makefile's flags;
#  2. the first time, has it build its tables in PEER_DIR/tables (its
#     first run: some 9 minutes of one core, 4.4 GB of memory, 2.6 GB of
#     disk; later runs map them);
#  3. plays GAMES games (default 20) at each of its depths PEER_DEPTHS
#     (default "3 4 5 6"; set empty, none) and each of our settings
#     OURS (set empty, none; default
#     "--depth 2;--fast;--depth 4;default": 2048-solve options, `;`
#     between settings, "default" for none), taking turns; a depth or
#     setting may end in @N for N games instead, and a setting in
#     " #LABEL" (before any @N) for the name its point has in the
#     picture (else its options).  Every game stops at
#     its first 32768 (its -R 15, our --until 32768): the rate of 32768
#     is what is compared.  Our games are those of seeds SEED... (default
#     900401, of the reserved seeds: bench/README.md); its games those of
#     its own generator's seeds SEED... (C rand() after srand(seed)), so
#     not the same boards.  Ours run without a net (G2048_NET=), on the
#     tables found as a user finds them (the digest in a checkout) unless
#     a setting says --tables;
#  4. writes OUT.tsv (default bench/peer.tsv), each setting's games,
#     32768 reached, its rate and 95% (Wilson) interval, moves, CPU and
#     wall seconds, moves per CPU second and per wall second, and its
#     label; OUT.png,
#     the two frontiers (the rate against moves per CPU second, the
#     intervals drawn; gnuplot); and the table in markdown on stdout.
#     `bench/peer.sh --plot` draws OUT.png and prints the table again
#     from OUT.tsv, playing nothing (TITLE: its title, as for a table
#     joined from several runs).
# Both play on THREADS cores (default 2): ours as `-j THREADS`, its games
# split among THREADS processes.  Speed is moves per CPU second (user +
# sys of the processes, table loading included), steady on a shared
# machine where wall time is not.  Run it niced: `nice bench/peer.sh DIR`.
set -eu
prog=bench/peer.sh
if [ $# -ne 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
	echo "usage: $prog CHECKOUT-OF-macroxue/2048-ai | --plot" >&2
	exit 2
fi
if [ "$1" != --plot ] && { [ ! -f "$1/2048.cc" ] || [ ! -f "$1/board.cc" ]; }; then
	echo "$prog: $1: not a checkout of macroxue/2048-ai (no 2048.cc)" >&2
	exit 2
fi
[ "$1" = --plot ] || src=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."
: "${BIN_DIR:=$PWD/bin}" "${GAMES:=20}" "${SEED:=900401}" "${THREADS:=2}"
: "${PEER_DIR:=${XDG_CACHE_HOME:-$HOME/.cache}/2048-tools-peer}"
# set but empty: none of that player's (the other one plays alone)
: "${PEER_DEPTHS=3 4 5 6}" "${OURS=--depth 2;--fast;--depth 4;default}"
: "${OUT:=bench/peer}"
case $OUT in /*) ;; *) OUT=$PWD/$OUT ;; esac
export G2048_NET=''	# ours out of the box: no net
tab=$(printf '\t')
work=$(mktemp -d "${TMPDIR:-/tmp}/peer.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# its makefile's `2048` target, out of its tree
build_peer() {
	mkdir -p "$PEER_DIR/tables"
	if [ -x "$PEER_DIR/2048" ] && [ -z "$(find "$src" -maxdepth 1 \
	    \( -name '*.cc' -o -name '*.h' \) -newer "$PEER_DIR/2048")" ]; then
		return
	fi
	echo "$prog: building $src/2048.cc into $PEER_DIR/2048" >&2
	g++ -std=c++0x -pthread -Wall -O3 -o "$PEER_DIR/2048" \
	    "$src/2048.cc" "$src/board.cc" 2>"$work/g++.log" || {
		cat "$work/g++.log" >&2
		exit 1
	}
}

# Its tables are files of its working directory, computed as its games
# reach them and saved at a run's end only if the file is new: a first
# run that stopped early would keep a table of little, and every later
# run compute the rest again.  So the first run is one whole game (its
# seed 1, depth 2), which computes nearly all of both (some 1.2 and
# 1.35 GB: a file of under 100 MB was kept by a run that stopped early).
build_peer_tables() {
	for t in tuple_moves.10a tuple_moves.11a; do
		[ -f "$PEER_DIR/tables/$t" ] || continue
		[ "$(wc -c <"$PEER_DIR/tables/$t")" -ge 100000000 ] && continue
		echo "$prog: $PEER_DIR/tables/$t holds little (a first run" \
		    "that stopped early): delete it to build it whole" >&2
		exit 1
	done
	[ -f "$PEER_DIR/tables/tuple_moves.10a" ] &&
	    [ -f "$PEER_DIR/tables/tuple_moves.11a" ] && return
	echo "$prog: macroxue's first run builds its tables in" \
	    "$PEER_DIR/tables: ~9 min, 4.4 GB of memory, 2.6 GB of disk" >&2
	(cd "$PEER_DIR/tables" && "$PEER_DIR/2048" -d 2 -i 1 1) \
	    >"$work/tables.log" || {
		cat "$work/tables.log" >&2
		exit 1
	}
}

# wilson K N: the rate and its 95% interval, in percent
wilson() {
	awk -v k="$1" -v n="$2" 'BEGIN {
		z = 1.959964; p = k / n; z2n = z * z / n
		mid = (p + z2n / 2) / (1 + z2n)
		half = z * sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n)
		lo = mid - half < 0 ? 0 : mid - half
		hi = mid + half > 1 ? 1 : mid + half
		printf "%.1f\t%.1f\t%.1f", 100 * p, 100 * lo, 100 * hi
	}'
}

# timed COMMAND...: runs it, its POSIX times (real, user, sys) to
# $work/times, its stdout to $work/out
timed() {
	/usr/bin/time -p "$@" >"$work/out" 2>"$work/times"
}

# per_second N SECONDS: N / SECONDS, whole; "-" where too short to time
per_second() {
	awk -v n="$1" -v t="$2" 'BEGIN {
		if (t > 0) printf "%.0f", n / t; else print "-"
	}'
}

# row PLAYER SETTING GAMES REACHED MOVES [LABEL]: a line of the table
# from the times of the run just made
row() {
	cpu=$(awk '$1 == "user" || $1 == "sys" { s += $2 } END { print s }' \
	    "$work/times")
	wall=$(awk '$1 == "real" { print $2 }' "$work/times")
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%.2f\t%.2f\t%s\t%s\t%s\n' "$1" \
	    "$2" "$3" "$4" "$(wilson "$4" "$3")" "$5" "$cpu" "$wall" \
	    "$(per_second "$5" "$cpu")" "$(per_second "$5" "$wall")" \
	    "${6:-$2}" >>"$OUT.tsv"
	tail -n 1 "$OUT.tsv" >&2
}

# peer DEPTH GAMES: its games of seeds SEED..., split among THREADS
# processes
peer() {
	cat >"$work/peer-run" <<-EOF
	cd "$PEER_DIR/tables" || exit 1
	i=0 first=$SEED
	while [ \$i -lt $THREADS ]; do
		n=\$(( ($2 + $THREADS - 1 - i) / $THREADS ))
		[ \$n -gt 0 ] && "$PEER_DIR/2048" -d $1 -i \$n -R 15 \$first \
		    >"$work/peer.\$i" &
		first=\$((first + n)) i=\$((i + 1))
	done
	wait
	cat "$work"/peer.*
	rm -f "$work"/peer.*
	EOF
	timed sh "$work/peer-run"
	# a game's last board is followed by "score S max T sum U", then
	# "game# G moves M seconds ...", then (of many games) "N-game
	# average A max T*K(P%) ..."
	set -- "$1" "$2" "$(awk '$1 == "score" && $3 == "max" &&
		    $4 >= 32768 { k++ } END { print k + 0 }' "$work/out")" \
	    "$(awk '$1 == "game#" { m += $4 } END { print m + 0 }' \
	    "$work/out")"
	played=$(grep -c '^game#' "$work/out" || true)
	if [ "$played" -ne "$2" ]; then
		echo "$prog: macroxue -d $1 played $played of $2 games" >&2
		exit 1
	fi
	row macroxue "-d $1" "$2" "$3" "$4"
}

# ours SETTING GAMES LABEL
ours() {
	opts=$1
	[ "$opts" = default ] && opts=
	# shellcheck disable=SC2086
	timed "$BIN_DIR/2048-solve" --games "$2" --seed "$SEED" \
	    -j "$THREADS" --until 32768 -q --summary $opts
	row ours "$1" "$2" \
	    "$(awk '$1 == 32768 { k = $2 } END { print k + 0 }' "$work/out")" \
	    "$(awk '$1 == "moves" { print $2 }' "$work/out")" "$3"
}

# a setting, its games and its label: "SETTING #LABEL@N", the label
# and the games optional
setting() {
	s=${1%@*}
	echo "${s% #*}"
}
label_of() {
	s=${1%@*}
	case $s in
	*" #"*) echo "${s##* #}" ;;
	*) echo "$s" ;;
	esac
}
games_of() {
	case $1 in
	*@*) echo "${1##*@}" ;;
	*) echo "$GAMES" ;;
	esac
}

plot() {
	for who in macroxue ours; do
		# a table of before the labels: each point named by its setting
		awk -F "$tab" -v OFS="$tab" -v who="$who" '$1 == who {
			if ($13 == "") $13 = $2
			print
		}' "$OUT.tsv" | sort -t "$tab" -k11,11g >"$work/$who.tsv"
		# its frontier: the points that no faster one matches
		sort -t "$tab" -k11,11gr "$work/$who.tsv" | awk -F "$tab" '
		    NR == 1 || $5 > best { best = $5; print }' \
		    >"$work/$who-front.tsv"
	done
	title=${TITLE:-"32768 rate against speed, one run on this machine; lines: each one's frontier"}
	gnuplot <<-EOF
	set terminal pngcairo size 760,480 font ",10"
	set output "$OUT.png"
	set datafile separator "\t"
	set logscale x
	set format x "%.0f"
	set xrange [20:200000]
	set xlabel "moves per CPU second (log scale)"
	set ylabel "games reaching 32768, % (95% interval)"
	set yrange [0:100]
	set grid
	set key top right
	set title "$title"
	plot "$work/macroxue.tsv" using 11:5:6:7 with yerrorbars lc 1 \
	    pt 7 title "macroxue/2048-ai 2048 (2019 tables)", \
	    "$work/macroxue-front.tsv" using 11:5 with lines lc 1 lw 2 notitle, \
	    "$work/macroxue.tsv" using 11:5:13 with labels offset 0,1.2 \
	    notitle, \
	    "$work/ours.tsv" using 11:5:6:7 with yerrorbars lc 2 pt 5 \
	    title "ours, 2048-solve", \
	    "$work/ours-front.tsv" using 11:5 with lines lc 2 lw 2 notitle, \
	    "$work/ours.tsv" using 11:5:13 with labels offset 0,-1.2 \
	    font ",9" notitle
	EOF
}

markdown() {
	echo "| player | setting | games | 32768 reached | % (95%) | moves | CPU s | wall s | moves / CPU s | moves / wall s |"
	echo "| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |"
	awk -F "$tab" 'NR > 1 {
		label = $13 != "" && $13 != $2 ? " (" $13 ")" : ""
		printf "| %s | `%s`%s | %s | %s | %s (%s-%s) | %s | %s | %s | %s | %s |\n",
		    $1, $2, label, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12
	}' "$OUT.tsv"
}

if [ "$1" = --plot ]; then
	plot
	markdown
	exit
fi
build_peer
build_peer_tables
printf 'player\tsetting\tgames\treached\tpercent\tlow\thigh\tmoves\tcpu_s\twall_s\tmoves_per_cpu_s\tmoves_per_wall_s\tlabel\n' \
    >"$OUT.tsv"
# take turns, its depth i then our setting i, so that both meet the
# same load
echo "$OURS" | tr ';' '\n' >"$work/ours-list"
i=1
for d in $PEER_DEPTHS; do
	peer "$(setting "$d")" "$(games_of "$d")"
	s=$(sed -n "${i}p" "$work/ours-list")
	[ -n "$s" ] && ours "$(setting "$s")" "$(games_of "$s")" \
	    "$(label_of "$s")"
	i=$((i + 1))
done
sed -n "$i,\$p" "$work/ours-list" | while IFS= read -r s; do
	ours "$(setting "$s")" "$(games_of "$s")" "$(label_of "$s")"
done
plot
markdown
