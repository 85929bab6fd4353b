# MariaDB server for the MySQL destination's integration tests (tests/integration/destinations-mysql).
# Debian's package; the tests start their own server on a free port under a temp dir
# (tests/support/mariadb.ts), so the system service is never used.
ensure_mariadb() {
  if command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ]; then return; fi
  say "installing Debian's mariadb-server for the MySQL destination tests"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mariadb-server >/dev/null \
    || { say "could not install mariadb-server with apt-get"; return 1; }
  # Debian starts the packaged service on install; our tests run their own instance.
  as_root service mariadb stop >/dev/null 2>&1 || true
}
ensure_mariadb
