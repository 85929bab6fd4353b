#!/usr/bin/env bash
# Installs what the product needs to run: npm packages and the Temporal CLI.
source "$(dirname "$0")/lib.sh"
ensure_node
ensure_node_modules
ensure_temporal_cli
say "ready"
