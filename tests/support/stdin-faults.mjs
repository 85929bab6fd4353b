// Preloaded (node --import) into a real entry point by tests/integration/process-guards.test.ts:
// a line on stdin makes the process fail the way one bad run or request would ("reject": a promise
// nobody handles, "throw": an exception out of a callback), "ping" answers "pong" while it lives.
// Plain JavaScript and main thread only: Temporal's workflow thread inherits the --import flags.
import readline from "node:readline";
import { isMainThread } from "node:worker_threads";

if (isMainThread)
  readline.createInterface({ input: process.stdin }).on("line", (line) => {
    if (line === "reject") void Promise.reject(new Error("run 7 failed: postgres://loader:pa55w0rd-secret@db.example/wh"));
    if (line === "throw")
      setImmediate(() => {
        throw new Error("listener failed: postgres://loader:pa55w0rd-secret@db.example/wh");
      });
    if (line === "ping") process.stdout.write("pong\n");
  });
