# Azurite (Microsoft's Azure Storage emulator, npm) for the Azure Blob destination tests, pinned,
# installed outside the clone so CI's fresh clones reuse it.
AZURITE_VERSION="3.37.0"
export AZURITE_DIR="${AZURITE_DIR:-$CACHE_DIR/azurite-$AZURITE_VERSION}"
ensure_azurite() {
  [ -x "$AZURITE_DIR/node_modules/.bin/azurite-blob" ] && return
  say "installing azurite $AZURITE_VERSION into $AZURITE_DIR"
  mkdir -p "$AZURITE_DIR"
  (cd "$AZURITE_DIR" && npm install --no-audit --no-fund --loglevel=error --prefix "$AZURITE_DIR" "azurite@$AZURITE_VERSION" >/dev/null) \
    || { say "could not install azurite from npm"; return 1; }
}
ensure_azurite
