# MinIO (Go module proxy, pinned to a commit's pseudo-version: MinIO tags are RELEASE.* names that
# are not Go semver, so the proxy serves them only as pseudo-versions) for the S3 destination tests.
# Building it takes about 11 minutes on this project's 2-core machines (measured); once per machine.
MINIO_MODULE_VERSION="v0.0.0-20260212201848-7aac2a2c5b7c"
export MINIO_BIN="${MINIO_BIN:-$CACHE_DIR/minio-20260212/minio}"
ensure_minio() {
  [ -x "$MINIO_BIN" ] && return
  command -v go >/dev/null || { say "Go is needed to build MinIO for the S3 tests"; return 1; }
  say "building MinIO ($MINIO_MODULE_VERSION) with Go (once per machine, about 11 minutes)"
  GOBIN="$(dirname "$MINIO_BIN")" go install "github.com/minio/minio@$MINIO_MODULE_VERSION" \
    || { say "could not build MinIO"; return 1; }
}
ensure_minio
