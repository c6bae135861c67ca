# tests/zsh-complete.zsh DIR LINE... - used by 96-completion.bats: a zsh on
# a pseudo-terminal (zpty) with the completion files in DIR on fpath types
# each LINE, then Tab, and prints what the terminal showed after it (the
# completed line and any list), one LINE after another.
zmodload zsh/zpty || exit 77
dir=$1
shift
zpty z 'zsh -f -i'
zpty -w z "PS1='%% '; fpath=($dir \$fpath); autoload -Uz compinit; compinit -u -d $dir/.zcompdump; print RE''ADY"
# compinit is done when READY is printed (its echo reads RE''ADY): a
# loaded machine takes seconds
zpty -r z junk '*READY*'
for line in "$@"; do
	zpty -rt z junk
	while zpty -rt z junk; do :; done
	zpty -wn z $'\C-u'"$line"$'\t'
	out= tries=0
	# what the Tab drew, until the terminal is quiet for a second (for
	# three before its first byte)
	while (( tries < 30 )); do
		if zpty -rt z chunk; then
			out+=$chunk
			tries=20
		else
			sleep 0.1
			(( tries++ ))
		fi
	done
	print -r -- "== $line"
	print -r -- "$out" | tr -d '\033' | tr '\r' '\n'
done
zpty -d z
