/**
 * The worker's V8 flags (decision 0897): a larger young generation. An alert pass allocates short-lived
 * rows and strings by the hundred megabytes; with 64 MB semi-spaces they die young instead of being
 * copied and promoted, measured 15-25% off a repeat pass (bench/alerts). docker-compose.yml and the
 * package.json "worker" script pass the same flag.
 */
export const WORKER_NODE_FLAGS = ["--max-semi-space-size=64"];
