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

say "unit and integration tests"
npx vitest run

say "end-to-end tests (Playwright, Chromium)"
npx playwright test

echo "all test suites passed"
