// Counts what one request or run read per account (rows, bytes, dates) and writes one connection
// log per account through recordConnectionLogs when it ends, in one transaction for them all. The
// query URL uses it for every request; data-stream activities can use it for every extraction step (or call
// recordConnectionLog directly with their own figures).
import type { DB } from "../db/connection.js";
import { recordConnectionLogs } from "../db/repositories/connection-logs.js";

export type RecordedAccount = {
  dataSourceId: number;
  /** Account-local days read, when known. */
  dateStart?: string | null;
  dateEnd?: string | null;
};

/** daysFrom*: how many of the range's days came from the platform and from the read cache (decision 0890). */
export type AccountReadStats = { rows: number; bytes: number; daysFromPlatform: number; daysFromCache: number };

export type RecorderInit = {
  requestId: string;
  userId?: number | null;
  destinationType: string;
  destinationId?: number | null;
  fields: string[];
  accounts: RecordedAccount[];
  startedAt?: Date;
};

export class ConnectionRecorder {
  readonly startedAt: Date;
  readonly stats: AccountReadStats[];
  private current = 0;

  constructor(
    private readonly db: DB,
    private readonly companyId: number,
    private readonly init: RecorderInit,
  ) {
    this.startedAt = init.startedAt ?? new Date();
    this.stats = init.accounts.map(() => ({ rows: 0, bytes: 0, daysFromPlatform: 0, daysFromCache: 0 }));
  }

  /** Rows and bytes counted from now on belong to this account (by index in init.accounts). */
  switchTo(index: number): void {
    if (index >= 0 && index < this.stats.length) this.current = index;
  }

  countRow(n = 1): void {
    if (this.stats.length) this.stats[this.current].rows += n;
  }

  countBytes(n: number): void {
    if (this.stats.length) this.stats[this.current].bytes += n;
  }

  /**
   * Writes one log per account. `stats` overrides the counted figures (a request that shared
   * another's read reports that read's rows with fromCache). An account whose days all came
   * from the read cache is fromCache too.
   */
  async finish(outcome: {
    success: boolean;
    httpStatus?: number;
    message?: string | null;
    fromCache?: boolean;
    stats?: AccountReadStats[];
    bytesOverride?: number;
  }): Promise<void> {
    const endedAt = new Date();
    const stats = outcome.stats ?? this.stats;
    const memoryFootprint = process.memoryUsage().rss;
    await recordConnectionLogs(
      this.db,
      this.companyId,
      this.init.accounts.map((account, index) => ({
        dataSourceId: account.dataSourceId,
        destinationType: this.init.destinationType,
        destinationId: this.init.destinationId ?? null,
        requestId: this.init.requestId,
        userId: this.init.userId ?? null,
        startedAt: this.startedAt,
        endedAt,
        dateStart: account.dateStart ?? null,
        dateEnd: account.dateEnd ?? null,
        success: outcome.success,
        httpStatus: outcome.httpStatus ?? null,
        message: outcome.message ?? null,
        numberRow: stats[index]?.rows ?? 0,
        size: outcome.bytesOverride !== undefined ? (index === 0 ? outcome.bytesOverride : 0) : (stats[index]?.bytes ?? 0),
        memoryFootprint,
        fromCache: outcome.fromCache === true || ((stats[index]?.daysFromPlatform ?? 0) === 0 && (stats[index]?.daysFromCache ?? 0) > 0),
        daysFromPlatform: stats[index]?.daysFromPlatform ?? null,
        daysFromCache: stats[index]?.daysFromCache ?? null,
        fields: this.init.fields,
      })),
    );
  }
}
