# shellcheck shell=sh
# examples/lib/tools.sh - sourced by the examples: the tools of this
# checkout come first in PATH (bin/, after make), and a command an example
# needs that is missing stops it loudly, rather than giving a wrong result.
#   . "$(dirname "$0")/lib/tools.sh"; need 2048-new 2048-solve ...

checkout=$(cd "$(dirname "$0")/.." && pwd)
[ -d "$checkout/bin" ] && PATH=$checkout/bin:$PATH
export PATH

# need COMMAND ...: exit 2 with a message unless each is in PATH
need() {
	for c in "$@"; do
		command -v "$c" >/dev/null 2>&1 && continue
		case $c in
		2048-*) echo "$0: $c not found: run make in the checkout" \
		    "(it builds the tools into bin/), or put 2048-tools in PATH" >&2 ;;
		*) echo "$0: $c not found: install it (e.g. apt-get install $c)" >&2 ;;
		esac
		exit 2
	done
}
