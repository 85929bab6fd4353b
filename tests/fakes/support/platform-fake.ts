// Small pieces every REST platform fake repeats: routes behind the platform's own credential
// check, and slicing a deterministic record list into the page a request asks for.
import type { FakeHandler, FakeReply, FakeServer, RecordedRequest } from "./fake-server.js";

/** A route registrar whose handlers run only when `authorized` accepts the request, else `deny`. */
export function guardedRoutes(server: FakeServer, authorized: (req: RecordedRequest) => boolean, deny: (req: RecordedRequest) => FakeReply) {
  return (method: string, pattern: string | RegExp, handler: FakeHandler): void => {
    server.route(method, pattern, (req) => (authorized(req) ? handler(req) : deny(req)));
  };
}

/** Items of 1-based page `page` of size `size`, and the page count. */
export function pageOf<T>(items: readonly T[], page: number, size: number): { items: T[]; pages: number } {
  return { items: items.slice((page - 1) * size, page * size), pages: Math.max(1, Math.ceil(items.length / size)) };
}

/** "YYYY-MM-DD HH:mm:ss" in UTC (the SQL datetime many PHP platforms answer with). */
export function sqlUtc(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}
