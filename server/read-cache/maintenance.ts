// Housekeeping after a fill is stored: the company's stored bytes back under its limit (least
// recently read days first), and now and then the chunks of fills that died mid-way swept away.
// Both run in the background of the read that triggered them; commits that land while an
// eviction runs are covered by one more eviction after it, not one each. A failure only delays
// the work to the next fill.
import type { DB } from "../../db/connection.js";
import { evictReadCache, sweepAbandonedChunks } from "../../db/repositories/read-cache.js";
import type { ReadCacheSettings } from "./settings.js";

const SWEEP_EVERY_MS = 10 * 60_000;
/**
 * A company's stored bytes are summed at most this often: the sum reads every partition of the
 * company, and a pass filling thousands of days summed them after nearly every commit. The limit
 * may be overshot by what is committed in between, which eviction then takes back.
 */
const CHECK_EVERY_MS = 2_000;
/** A fill not committed after this long is dead (its process stopped): its chunks can go. */
const ABANDONED_AFTER_MS = 60 * 60_000;

type Eviction = { done: Promise<void>; again: boolean; limit: number };
const evictions = new Map<number, Eviction>();
/** When each company's last check started (this process). */
const lastCheck = new Map<number, number>();
let lastSweep = 0;

function evict(db: DB, companyId: number, limit: number): Eviction {
  const state: Eviction = { done: Promise.resolve(), again: false, limit };
  state.done = (async () => {
    do {
      state.again = false;
      const wait = (lastCheck.get(companyId) ?? 0) + CHECK_EVERY_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastCheck.set(companyId, Date.now());
      try {
        await evictReadCache(db, companyId, state.limit);
      } catch (error) {
        console.error("[read-cache] eviction failed:", error instanceof Error ? error.message : error);
      }
    } while (state.again);
    evictions.delete(companyId);
  })();
  return state;
}

export function afterCommit(db: DB, companyId: number, settings: ReadCacheSettings): void {
  const running = evictions.get(companyId);
  if (running) {
    running.again = true;
    running.limit = settings.maxBytesPerCompany;
  } else evictions.set(companyId, evict(db, companyId, settings.maxBytesPerCompany));
  const now = Date.now();
  if (now - lastSweep >= SWEEP_EVERY_MS) {
    lastSweep = now;
    void sweepAbandonedChunks(db, new Date(now - ABANDONED_AFTER_MS)).catch((error) =>
      console.error("[read-cache] sweeping abandoned chunks failed:", error instanceof Error ? error.message : error),
    );
  }
}

/** Waits for the company's eviction (tests and benches that check the limit right after a read). */
export async function settleMaintenance(companyId: number): Promise<void> {
  await evictions.get(companyId)?.done;
}
