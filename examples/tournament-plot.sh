#!/bin/sh
# tournament-plot.sh SUMMARY.json [OUT.png] - draw a tournament: the
# distribution of its scores, and the share of games reaching each tile
# with the 95% interval of the table (Wilson).  SUMMARY.json is the line
# `2048-solve --summary --json` (or `--tally --json`) writes; "-" reads it
# from stdin.  Needs jq and gnuplot (Debian: jq, gnuplot-nox).
#   2048-solve --games 100 --seed 1 --fast --summary --json > t.json
#   examples/tournament-plot.sh t.json            # writes t.png
set -eu
[ $# -ge 1 ] || { echo "usage: $0 SUMMARY.json [OUT.png]" >&2; exit 2; }
in=$1
case $in in
-) out=${2:-tournament.png} ;;
*) out=${2:-${in%.json}.png} ;;
esac
for c in jq gnuplot; do
	command -v "$c" >/dev/null 2>&1 || {
		echo "$0: $c is not installed (apt-get install $c)" >&2
		exit 2
	}
done
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat -- "$in" > "$dir/summary.json"
jq -e 'has("tiles") and has("scores") and .games > 0' "$dir/summary.json" \
    >/dev/null 2>&1 || {
	echo "$0: $in is not the JSON table of a tournament with games" \
	    "(2048-solve --summary --json)" >&2
	exit 2
}
jq -r '.scores[]' "$dir/summary.json" > "$dir/scores"
# the tiles up to the first that no game reached
jq -r '.tiles | (map(.games > 0) | index(false)) as $k
    | .[: (if $k == null then length else $k + 1 end)][]
    | "\(.tile)\t\(.percent)\t\(.ci_low)\t\(.ci_high)"' \
    "$dir/summary.json" > "$dir/tiles"
title=$(jq -r '"\(.games) games" + (if .evaluator then ", " + .evaluator
    else "" end) + ", mean score \(.score_mean)"' "$dir/summary.json")
gnuplot <<GNUPLOT
set terminal pngcairo size 960,400 font ",10"
set output "$out"
set datafile separator "\t"
set multiplot layout 1,2 title "2048-solve: $title"
stats "$dir/scores" using 1 nooutput
width = STATS_max > 0 ? STATS_max / 20.0 : 1
set title "score distribution"
set xlabel "score"
set ylabel "games"
set style fill solid 0.5 border -1
set boxwidth width * 0.9
set xrange [0:*]
set yrange [0:*]
set offsets 0, 0, graph 0.1, 0
set grid ytics
plot "$dir/scores" using (width * (floor(\$1 / width) + 0.5)):(1) \
    smooth frequency with boxes notitle
set title "games reaching each tile, with 95% intervals"
set xlabel "tile"
set ylabel "games (%)"
set offsets 0, 0, 0, 0
set xrange [-0.6:*]
set yrange [0:105]
set boxwidth 0.6
plot "$dir/tiles" using 0:2:xticlabels(1) with boxes notitle, \
     "" using 0:2:3:4 with yerrorbars lw 1.5 pt 0 lc rgb "black" notitle
unset multiplot
GNUPLOT
echo "$out"
