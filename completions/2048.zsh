#compdef 2048-new 2048-move 2048-spawn 2048-eval 2048-solve 2048-play 2048-learn 2048-table 2048-review
# zsh completion for 2048-tools: options, the values of options that take
# one of a fixed set, and files.  Installed once per tool as
# share/zsh/vendor-completions/_TOOL.  Every tool's options below are
# checked against its --help by tests/96-completion.bats.

local -a common
common=(
  '(- *)'{-h,--help}'[show the help and exit]'
  '(- *)--version[show the version and exit]'
)

case $service in
2048-new)
  _arguments -s -S $common \
    '(-s --seed)'{-s+,--seed=}'[seed of the first game]:seed:' \
    '(-n --count)'{-n+,--count=}'[games]:count:' \
    '(-f --four)'{-f+,--four=}'[probability of a 4]:probability:' \
    '--size=[rows x columns, 2 to 8 each]:size:(2x2 2x3 2x4 3x3 3x4 4x4 5x5 6x6 7x7 8x8)' \
    '(-c --compact)'{-c,--compact}'[one line a board]'
  ;;
2048-move)
  _arguments -s -S $common \
    '(-c --compact)'{-c,--compact}'[one line a board]' \
    '(-q --quiet)'{-q,--quiet}'[no message for an illegal move]' \
    '--strict[a board of another size is an error]' \
    '1:direction:(up down left right)' \
    '*:board file:_files'
  ;;
2048-spawn)
  _arguments -s -S $common \
    '(-s --seed)'{-s+,--seed=}'[seed of the run]:seed:' \
    '(-f --four)'{-f+,--four=}'[probability of a 4]:probability:' \
    '--at=[cell]:row,col:' \
    '--value=[tile]:value:(2 4)' \
    '(-a --all)'{-a,--all}'[every outcome]' \
    '(-c --compact)'{-c,--compact}'[one line a board]' \
    '(-q --quiet)'{-q,--quiet}'[no message for a full board]' \
    '*:board file:_files'
  ;;
2048-eval)
  _arguments -s -S $common \
    '(-J --json)'{-J,--json}'[JSON Lines]' \
    '(-k --field)'{-k+,--field=}'[one value]:key:(score moves max empty legal over won total)' \
    '(-q --quiet)'{-q,--quiet}'[exit status only]' \
    '(-t --target)'{-t+,--target=}'[winning tile]:tile:' \
    '(-H --heuristic)'{-H+,--heuristic=}'[heuristic]:heuristic:(lines xu)' \
    '(-w --weights)'{-w+,--weights=}'[weights]:k=v,...:' \
    '--list[list the weights]' \
    '--net=[n-tuple network]:net file:_files' \
    '*:board file:_files'
  ;;
2048-solve)
  _arguments -s -S $common \
    '--algo=[search]:algorithm:(expectimax minimax greedy random exact)' \
    '(-d --depth)'{-d+,--depth=}'[depth]:depth:' \
    '--time=[milliseconds a move]:ms:' \
    '--fast[the fast setting]' \
    '--adaptive=[depth from the board]:MIN,SUB,MAX:' \
    '(-H --heuristic)'{-H+,--heuristic=}'[heuristic]:heuristic:(lines xu)' \
    '(-w --weights)'{-w+,--weights=}'[weights]:k=v,...:' \
    '--net=[n-tuple network]:net file:_files' \
    '(-j --threads)'{-j+,--threads=}'[threads]:threads:' \
    '(-s --seed)'{-s+,--seed=}'[seed]:seed:' \
    '(-e --explain)'{-e,--explain}'[values and cost of each move]' \
    '(-p --play)'{-p,--play}'[play every board to the end]' \
    '(-g --games)'{-g+,--games=}'[play new games]:games:' \
    '--size=[size of the new games]:size:(2x2 2x3 2x4 3x3 3x4 4x4 5x5 6x6 7x7 8x8)' \
    '(-f --four)'{-f+,--four=}'[probability of a 4 in the new games]:probability:' \
    '--moves=[moves a game at most]:moves:' \
    '--until=[stop a game at this tile]:tile:(0 2048 4096 8192 16384 32768 65536)' \
    '--final[only the last board of a game]' \
    '(-S --summary)'{-S,--summary}'[table of the games]' \
    '(-T --tally)'{-T,--tally}'[table of finished games]' \
    '(-J --json)'{-J,--json}'[JSON Lines]' \
    '--log=[every decision]:log file:_files' \
    '--pack-chain=[the chain states held, packed at the end]:packed file:_files' \
    '(-c --compact)'{-c,--compact}'[one line a board]' \
    '(-q --quiet)'{-q,--quiet}'[no message, no status line]' \
    '--strict[a board of another size is an error]' \
    '--cutoff=[probability cutoff]:probability:' \
    '--crowded=[cutoff on crowded boards]:N,P:' \
    '--prune=[a board this far under the searched one is a leaf]:M:' \
    '--corner[value lines as falling from one corner, the best one]' \
    '--no-corner[value lines falling either way]' \
    '--deepen=[search again]:R,SUB,MAX,P:' \
    '--no-deepen[never search again]' \
    '--tt-bits=[transposition table]:bits:' \
    '--no-lost[no loss for a board that cannot move]' \
    '--tables=[exact tables]:tables directory:_files -/' \
    '--table-min=[least probability a table decides at]:probability:' \
    '--table-from=[least tile the tables decide at]:tile:' \
    '--no-tables[consult no table]' \
    '--chain[play by the chain tables first]' \
    '--chain-min=[least probability the chain tables decide at]:probability:' \
    '--no-chain[not the chain tables]' \
    '--cache=[the chain cache]:cache directory:_files -/' \
    '--no-cache[no chain cache: the digest alone]' \
    '--downgrade=[tile-downgrading]:tile:' \
    '--no-bitboard[move cell by cell]' \
    '*:board file:_files'
  ;;
2048-play)
  _arguments -s -S $common \
    '(-s --seed)'{-s+,--seed=}'[seed]:seed:' \
    '--size=[board of a new game]:size:(2x2 2x3 2x4 3x3 3x4 4x4 5x5 6x6 7x7 8x8)' \
    '(-f --four)'{-f+,--four=}'[probability of a 4]:probability:' \
    '(-l --load)'{-l+,--load=}'[resume a saved game]:saved game:_files' \
    '(-r --resume)'{-r,--resume}'[resume the save file]' \
    '(-o --save)'{-o+,--save=}'[save file]:save file:_files' \
    '(-A --no-anim)'{-A,--no-anim}'[no animation]' \
    '--colors=[colours]:mode:(none 8 256 truecolor)'
  ;;
2048-learn)
  _arguments -s -S $common \
    '--net=[structure]:structure:(4x6 5x6 8x6)' \
    '--stages=[stages]:tiles:' \
    '(-l --load)'{-l+,--load=}'[go on training]:net file:_files' \
    '(-o --save)'{-o+,--save=}'[net file]:net file:_files' \
    '--export=[net for play]:net file:_files' \
    '(-g --games)'{-g+,--games=}'[games]:games:' \
    '--alpha=[learning rate]:alpha:' \
    '--lambda=[TD(lambda)]:lambda:' \
    '--tc[temporal coherence]' \
    '--optimistic=[initial value]:value:' \
    '--restart=[restart tiles]:tiles:' \
    '--halves[next game from the middle of the last]' \
    '(-s --seed)'{-s+,--seed=}'[seed]:seed:' \
    '(-j --threads)'{-j+,--threads=}'[threads]:threads:' \
    '--every=[save every N games]:games:' \
    '--block=[games a progress line]:games:' \
    '--log=[learning curve]:log file:_files' \
    '(-q --quiet)'{-q,--quiet}'[no progress]'
  ;;
2048-table)
  _arguments -s -S $common \
    '(-o --save)'{-o+,--save=}'[build into]:table file:_files' \
    '--size=[a small board]:size:(2x2 2x3 2x4 3x3)' \
    '--pattern=[an endgame pattern]:pattern:(44 431 432 L3 442 LL 444 L3o 442o 442i 441o 441i 432o 431o 431i 44o)' \
    '(-t --target)'{-t+,--target=}'[the tile to make]:tile:' \
    '--objective=[what to maximise]:objective:(prob score)' \
    '(-f --four)'{-f+,--four=}'[probability of a 4]:probability:' \
    '(-j --threads)'{-j+,--threads=}'[threads]:threads:' \
    '--work=[work directory]:directory:_files -/' \
    '(-q --quiet)'{-q,--quiet}'[no progress]' \
    '--table=[query a table]:table file:_files' \
    '--cells=[a small board]:ranks:' \
    '(-J --json)'{-J,--json}'[JSON]' \
    '--info=[describe a table]:table file:_files' \
    '--check=[check every block of a table]:table file:_files' \
    '--upgrade=[give an older table, chain file or digest this format]:file:_files' \
    '--list[list the patterns]' \
    '--chain=[build the chain tables]:directory:_files -/' \
    '--distill=[write a chain digest]:digest file:_files' \
    '--tables=[the chain tables to distil]:directory:_files -/' \
    '--states=[the states a digest keeps]:states:' \
    '--pack=[write packed chain tables of the chain cache]:packed file:_files' \
    '--cache=[the chain cache to pack]:directory:_files -/' \
    '*:board file:_files'
  ;;
2048-review)
  _arguments -s -S $common \
    '(-J --json)'{-J,--json}'[JSON Lines]' \
    '(-c --compact)'{-c,--compact}'[one line a board]' \
    '(-q --quiet)'{-q,--quiet}'[no status line]' \
    '--only-mistakes[only the mistakes and blunders]' \
    '--threshold=[only the moves losing this share or more]:share:' \
    '--inaccuracy=[a loss up to this share is still best]:share:' \
    '--mistake=[least share a mistake loses]:share:' \
    '--blunder=[least share a blunder loses]:share:' \
    '--largest=[largest losses in the summary]:count:' \
    '--every=[value one move in N]:N:' \
    '--algo=[search]:algorithm:(expectimax minimax greedy random exact)' \
    '(-d --depth)'{-d+,--depth=}'[depth]:depth:' \
    '--time=[milliseconds a move]:ms:' \
    '--fast[the fast setting]' \
    '--adaptive=[depth from the board]:MIN,SUB,MAX:' \
    '(-H --heuristic)'{-H+,--heuristic=}'[heuristic]:heuristic:(lines xu)' \
    '(-w --weights)'{-w+,--weights=}'[weights]:k=v,...:' \
    '--net=[n-tuple network]:net file:_files' \
    '(-j --threads)'{-j+,--threads=}'[threads]:threads:' \
    '--cutoff=[probability cutoff]:probability:' \
    '--crowded=[cutoff on crowded boards]:N,P:' \
    '--prune=[a board this far under the searched one is a leaf]:M:' \
    '--corner[value lines as falling from one corner, the best one]' \
    '--no-corner[value lines falling either way]' \
    '--deepen=[search again]:R,SUB,MAX,P:' \
    '--no-deepen[never search again]' \
    '--tt-bits=[transposition table]:bits:' \
    '--no-lost[no loss for a board that cannot move]' \
    '--tables=[exact tables]:tables directory:_files -/' \
    '--table-min=[least probability a table decides at]:probability:' \
    '--table-from=[least tile the tables decide at]:tile:' \
    '--no-tables[consult no table]' \
    '--chain[play by the chain tables first]' \
    '--chain-min=[least probability the chain tables decide at]:probability:' \
    '--no-chain[not the chain tables]' \
    '--cache=[the chain cache]:cache directory:_files -/' \
    '--no-cache[no chain cache: the digest alone]' \
    '--downgrade=[tile-downgrading]:tile:' \
    '--no-bitboard[move cell by cell]' \
    '*:game file:_files'
  ;;
esac
