#!/usr/bin/env bash
# The whole test suite from a fresh machine: installs what is needed, then typecheck, lint, unit and
# integration tests (real PostgreSQL and Temporal dev server), then Playwright in Debian's Chromium.
source "$(dirname "$0")/lib.sh"
ensure_node
ensure_node_modules
ensure_temporal_cli --always
ensure_chromium
ensure_postgres_can_traverse
for hook in "$ROOT"/scripts/setup.d/*.sh; do [ -e "$hook" ] && source "$hook"; done
cd "$ROOT"
generate_folder_indexes

say "typecheck"
npx tsc --noEmit

say "lint (typescript-eslint: floating promises, workflow determinism, layer arrows, env in one place)"
npx eslint .

# The production build first: a server-only module reaching the browser bundle fails here in
# seconds, not after twenty minutes of integration tests that each build the app.
say "production build (server-only modules kept out of the browser bundle)"
NODE_ENV=production npx remix build

# Side by side, in two processes: the integration files run one at a time and mostly wait (on
# PostgreSQL, Temporal, worker processes, heartbeats), the unit files are pure CPU. One after the
# other they took 680 s + 870 s of a CI run; together about the longer of the two. The unit
# output is kept apart and printed after, so neither log is interleaved with the other.
say "unit and integration tests (side by side)"
unit_log="$(mktemp)"
npx vitest run --project unit >"$unit_log" 2>&1 &
unit_pid=$!
integration_status=0
npx vitest run --project integration || integration_status=$?
unit_status=0
wait "$unit_pid" || unit_status=$?
say "unit tests (run alongside the integration tests above)"
cat "$unit_log"
rm -f "$unit_log"
if [ "$unit_status" -ne 0 ] || [ "$integration_status" -ne 0 ]; then
  echo "unit tests exited with $unit_status, integration tests with $integration_status" >&2
  exit 1
fi

say "end-to-end tests (Playwright, Chromium)"
npx playwright test

echo "all test suites passed"
