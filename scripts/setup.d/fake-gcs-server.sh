# fake-gcs-server (Go module proxy, pinned) for the Google Cloud Storage destination tests.
FAKE_GCS_VERSION="1.56.1"
export FAKE_GCS_SERVER="${FAKE_GCS_SERVER:-$CACHE_DIR/fake-gcs-server-$FAKE_GCS_VERSION/fake-gcs-server}"
ensure_fake_gcs_server() {
  [ -x "$FAKE_GCS_SERVER" ] && return
  command -v go >/dev/null || { say "Go is needed to build fake-gcs-server for the GCS tests"; return 1; }
  say "building fake-gcs-server $FAKE_GCS_VERSION with Go (once per machine, about a minute)"
  GOBIN="$(dirname "$FAKE_GCS_SERVER")" go install "github.com/fsouza/fake-gcs-server@v$FAKE_GCS_VERSION" \
    || { say "could not build fake-gcs-server"; return 1; }
}
ensure_fake_gcs_server
