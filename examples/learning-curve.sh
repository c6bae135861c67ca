#!/bin/sh
# learning-curve.sh CURVE.tsv [OUT.png] - draw the learning curve that
# `2048-learn --log CURVE.tsv` wrote: the mean score of each block of games
# (left axis) and the share of games reaching 2048 ... 32768 (right axis),
# against the games played.  Needs gnuplot (Debian: gnuplot-nox).
set -eu
[ $# -ge 1 ] || { echo "usage: $0 CURVE.tsv [OUT.png]" >&2; exit 2; }
curve=$1
out=${2:-${curve%.tsv}.png}
command -v gnuplot >/dev/null 2>&1 || {
	echo "$0: gnuplot is not installed (apt-get install gnuplot-nox)" >&2
	exit 2
}
[ -r "$curve" ] || { echo "$0: cannot read $curve" >&2; exit 2; }
head -n 1 "$curve" | grep -q '^games	moves	moves_per_s	mean	max	2048' || {
	echo "$0: $curve is not a 2048-learn --log file" >&2
	exit 2
}
[ "$(wc -l < "$curve")" -ge 2 ] || { echo "$0: $curve has no blocks yet" >&2; exit 2; }
gnuplot <<GNUPLOT
set terminal pngcairo size 960,540 font ",10"
set output "$out"
set datafile separator "\t"
set key autotitle columnhead left top
set title "2048-learn: $(basename "$curve")"
set xlabel "games"
set ylabel "mean score of the block"
set y2label "games reaching the tile (%)"
set ytics nomirror
set y2tics
set y2range [0:100]
set grid
plot "$curve" using 1:4 with lines lw 2 title "mean score", \
     "" using 1:6 axes x1y2 with lines title "2048", \
     "" using 1:7 axes x1y2 with lines title "4096", \
     "" using 1:8 axes x1y2 with lines title "8192", \
     "" using 1:9 axes x1y2 with lines title "16384", \
     "" using 1:10 axes x1y2 with lines title "32768"
GNUPLOT
echo "$out"
