#!/bin/sh
# `npm run lighthouse` (after its build): Lighthouse 13 needs Node 22.19 or later, so it is not among the
# project's own dependencies, whose engines Node 20.19 satisfies. It is installed on first use into
# bench/node_modules (bench/package.json) by Node 24's npm (scripts/node24.sh), and bench/lighthouse.ts runs
# on that Node. `--install` only installs (CI does, to type-check bench/lighthouse.ts).
set -e
cd "$(dirname "$0")/.."
node24="$(sh scripts/node24.sh)"
# npm's own CLI, run by Node 24 so that the engines it checks are Node 24's.
npm_cli="${npm_execpath:-$(dirname "$(readlink -f "$(command -v npm)")")/npm-cli.js}"
wanted="$(sed -n 's/^ *"lighthouse": "\([0-9.]*\)".*/\1/p' bench/package.json)"
installed="$("$node24" -p "try { require('./bench/node_modules/lighthouse/package.json').version } catch { '' }")"
if [ "$installed" != "$wanted" ]; then
  echo "Installing Lighthouse $wanted into bench/node_modules ..." >&2
  "$node24" "$npm_cli" ci --prefix bench --no-audit --no-fund >&2
fi
[ "$1" = "--install" ] && exit 0
exec "$node24" --import tsx bench/lighthouse.ts "$@"
