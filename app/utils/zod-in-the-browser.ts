import { z } from "zod";

// zod 4 probes `new Function("")` in the browser to decide whether to compile its object
// parsers. Our Content-Security-Policy has no 'unsafe-eval' (decision 0860), so the probe is
// refused and reported as a violation on every page, although zod falls back. jitless skips the
// probe. Imported first by the root, before any module defines a schema; the server keeps the
// compiled parsers.
if (typeof document !== "undefined") z.config({ jitless: true });
