#!/usr/bin/env bash
# One command from a fresh machine to a running product (see README.md).
source "$(dirname "$0")/lib.sh"
ensure_node
ensure_node_modules
generate_folder_indexes
ensure_temporal_cli
ensure_postgres_can_traverse
cd "$ROOT"
exec node --import tsx scripts/runtime/start.ts
