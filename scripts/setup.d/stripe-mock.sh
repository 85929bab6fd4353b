# stripe-mock (https://github.com/stripe/stripe-mock): Stripe's official API mock, used by the
# billing tests (Checkout sessions, Billing Portal, subscriptions). Built from the Go module proxy
# at a pinned version into $CACHE_DIR, outside the clone, once per machine.
STRIPE_MOCK_VERSION="0.203.0"
export STRIPE_MOCK_BIN="${STRIPE_MOCK_BIN:-$CACHE_DIR/stripe-mock-$STRIPE_MOCK_VERSION/stripe-mock}"

ensure_stripe_mock() {
  [ -x "$STRIPE_MOCK_BIN" ] && return
  if ! command -v go >/dev/null; then
    say "stripe-mock $STRIPE_MOCK_VERSION is missing and Go is not installed to build it (https://go.dev/dl)."
    return 1
  fi
  say "building stripe-mock $STRIPE_MOCK_VERSION with Go (once per machine)"
  GOBIN="$(dirname "$STRIPE_MOCK_BIN")" GOFLAGS=-mod=mod go install "github.com/stripe/stripe-mock@v$STRIPE_MOCK_VERSION" \
    || { say "could not build stripe-mock (is the Go module proxy reachable?)"; return 1; }
}

ensure_stripe_mock
