# fakesnow (PyPI, pinned with its whole dependency set) for the Snowflake destination tests
# (tests/integration/destinations-snowflake): its server mode speaks Snowflake's HTTP protocol to
# the official Node driver. Installed into a virtualenv under $CACHE_DIR, outside the clone.
# snowflake-connector-python is pinned below 5: fakesnow 0.12.1 imports snowflake.connector.converter,
# which 5.0 removed (the unpinned install fails at import time).
FAKESNOW_VERSION="0.12.1"
FAKESNOW_REQUIREMENTS="fakesnow[server]==$FAKESNOW_VERSION snowflake-connector-python==4.8.1"
# Every transitive package pinned too (the versions the tests passed with).
FAKESNOW_CONSTRAINTS="$ROOT/scripts/setup.d/fakesnow-constraints.txt"
export FAKESNOW_DIR="${FAKESNOW_DIR:-$CACHE_DIR/fakesnow-$FAKESNOW_VERSION}"
ensure_fakesnow() {
  local stamp="$FAKESNOW_DIR/.signalpost-requirements" want
  want="$FAKESNOW_REQUIREMENTS $(sha256sum "$FAKESNOW_CONSTRAINTS" | cut -d' ' -f1)"
  if [ -x "$FAKESNOW_DIR/bin/fakesnow" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then return; fi
  if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
    say "installing Debian's python3-venv for fakesnow"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv >/dev/null \
      || { say "could not install python3-venv with apt-get"; return 1; }
  fi
  say "installing fakesnow $FAKESNOW_VERSION from PyPI into $FAKESNOW_DIR"
  rm -rf "$FAKESNOW_DIR"
  # shellcheck disable=SC2086 # the requirements are words on purpose
  python3 -m venv "$FAKESNOW_DIR" && "$FAKESNOW_DIR/bin/pip" install -q --disable-pip-version-check -c "$FAKESNOW_CONSTRAINTS" $FAKESNOW_REQUIREMENTS \
    || { say "could not install fakesnow from PyPI"; rm -rf "$FAKESNOW_DIR"; return 1; }
  "$FAKESNOW_DIR/bin/fakesnow" --help >/dev/null || { say "fakesnow $FAKESNOW_VERSION does not start"; return 1; }
  echo "$want" > "$stamp"
}
ensure_fakesnow
