# bash completion for 2048-tools: options, the values of options that
# take one of a fixed set, and files.  Installed once per tool as
# share/bash-completion/completions/TOOL.  Every option list below is
# checked against the tool's --help by tests/96-completion.bats.

# _2048_options TOOL: every option of TOOL, one word each
_2048_options()
{
	case $1 in
	2048-new)   echo "-s --seed -n --count -f --four --size -c --compact -h --help --version" ;;
	2048-move)  echo "-c --compact -q --quiet --strict -h --help --version" ;;
	2048-spawn) echo "-s --seed -f --four --at --value -a --all -c --compact -q --quiet -h --help --version" ;;
	2048-eval)  echo "-J --json -k --field -q --quiet -t --target -H --heuristic -w --weights --list --net -h --help --version" ;;
	2048-solve) echo "--algo -d --depth --time --fast --adaptive -H --heuristic -w --weights --net -j --threads -s --seed -e --explain -p --play -g --games --size -f --four --moves --until --final -S --summary -T --tally -J --json --log -c --compact -q --quiet --strict --cutoff --crowded --prune --corner --no-corner --deepen --no-deepen --tt-bits --no-lost --tables --table-min --table-from --no-tables --chain --chain-min --no-chain --cache --no-cache --pack-chain --downgrade --no-bitboard -h --help --version" ;;
	2048-play)  echo "-s --seed --size -f --four -l --load -r --resume -o --save -A --no-anim --colors -h --help --version" ;;
	2048-learn) echo "--net --stages -l --load -o --save --export -g --games --alpha --lambda --tc --optimistic --restart --halves -s --seed -j --threads --every --block --log -q --quiet -h --help --version" ;;
	2048-table) echo "-o --save --size --pattern -t --target --objective -f --four -j --threads --work -q --quiet --table --cells -J --json --info --check --upgrade --list --chain --distill --tables --states --pack --cache -h --help --version" ;;
	2048-review) echo "-J --json -c --compact -q --quiet --only-mistakes --threshold --inaccuracy --mistake --blunder --largest --every --algo -d --depth --time --fast --adaptive -H --heuristic -w --weights --net -j --threads --cutoff --crowded --prune --corner --no-corner --deepen --no-deepen --tt-bits --no-lost --tables --table-min --table-from --no-tables --chain --chain-min --no-chain --cache --no-cache --downgrade --no-bitboard -h --help --version" ;;
	esac
}

# _2048_valued TOOL: the options of TOOL that take a value
_2048_valued()
{
	case $1 in
	2048-new)   echo "-s --seed -n --count -f --four --size" ;;
	2048-move)  echo "" ;;
	2048-spawn) echo "-s --seed -f --four --at --value" ;;
	2048-eval)  echo "-k --field -t --target -H --heuristic -w --weights --net" ;;
	2048-solve) echo "--algo -d --depth --time --adaptive -H --heuristic -w --weights --net -j --threads -s --seed -g --games --size -f --four --moves --until --log --cutoff --crowded --prune --deepen --tt-bits --tables --table-min --table-from --chain-min --cache --pack-chain --downgrade" ;;
	2048-play)  echo "-s --seed --size -f --four -l --load -o --save --colors" ;;
	2048-learn) echo "--net --stages -l --load -o --save --export -g --games --alpha --lambda --optimistic --restart -s --seed -j --threads --every --block --log" ;;
	2048-table) echo "-o --save --size --pattern -t --target --objective -f --four -j --threads --work --table --cells --info --check --upgrade --chain --distill --tables --states --pack --cache" ;;
	2048-review) echo "--threshold --inaccuracy --mistake --blunder --largest --every --algo -d --depth --time --adaptive -H --heuristic -w --weights --net -j --threads --cutoff --crowded --prune --deepen --tt-bits --tables --table-min --table-from --chain-min --cache --downgrade" ;;
	esac
}

# _2048_values TOOL OPTION: the fixed set OPTION's value is one of, or
# "FILE" for a file name, "DIR" for a folder's, or nothing (a number: no
# completion)
_2048_values()
{
	case $1:$2 in
	2048-solve:--algo | 2048-review:--algo) echo "expectimax minimax greedy random exact" ;;
	*:-H | *:--heuristic) echo "lines xu" ;;
	2048-learn:--net) echo "4x6 5x6 8x6" ;;
	2048-table:--pattern) echo "44 431 432 L3 442 LL 444 L3o 442o 442i 441o 441i 432o 431o 431i 44o" ;;
	2048-table:--size) echo "2x2 2x3 2x4 3x3" ;;
	2048-new:--size | 2048-solve:--size | 2048-play:--size)
		echo "2x2 2x3 2x4 3x3 3x4 4x4 5x5 6x6 7x7 8x8" ;;
	2048-table:--objective) echo "prob score" ;;
	2048-table:--table | 2048-table:--info | 2048-table:--check | 2048-table:--upgrade | 2048-table:--distill | \
	    2048-table:--pack)
		echo FILE ;;
	2048-table:--work | 2048-table:--chain | *:--tables | *:--cache) echo DIR ;;
	*:--net | *:-l | *:--load | *:-o | *:--save | *:--export | *:--log | \
	    2048-solve:--pack-chain)
		echo FILE ;;
	2048-eval:-k | 2048-eval:--field)
		echo "score moves max empty legal over won total" ;;
	2048-play:--colors) echo "none 8 256 truecolor" ;;
	2048-spawn:--value) echo "2 4" ;;
	esac
}

# whether 2048-move's command line has its direction before the cursor
_2048_has_dir()
{
	local i
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		up | down | left | right) return 0 ;;
		esac
	done
	return 1
}

_2048_complete()
{
	local tool=${COMP_WORDS[0]##*/} cur=${COMP_WORDS[COMP_CWORD]}
	local prev="" values word
	COMPREPLY=()
	[ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD - 1]}
	# --opt=value: bash splits at "=" (COMP_WORDBREAKS)
	if [ "$cur" = "=" ]; then
		cur=""
	elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -gt 1 ]; then
		prev=${COMP_WORDS[COMP_CWORD - 2]}
	fi
	for word in $(_2048_valued "$tool"); do
		[ "$word" = "$prev" ] || continue
		values=$(_2048_values "$tool" "$prev")
		if [ "$values" = FILE ]; then
			mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		elif [ "$values" = DIR ]; then
			mapfile -t COMPREPLY < <(compgen -d -- "$cur")
		elif [ -n "$values" ]; then
			mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
		fi
		return 0
	done
	if [[ $cur == -* ]]; then
		mapfile -t COMPREPLY < <(compgen -W "$(_2048_options "$tool")" -- "$cur")
	elif [ "$tool" = 2048-move ] && ! _2048_has_dir; then
		mapfile -t COMPREPLY < <(compgen -W "up down left right" -- "$cur")
	else
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
	fi
	return 0
}

complete -o filenames -F _2048_complete 2048-new 2048-move 2048-spawn \
    2048-eval 2048-solve 2048-play 2048-learn 2048-table 2048-review
