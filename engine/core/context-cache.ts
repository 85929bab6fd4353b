// Per-context memoisation: a read resolves lookups (the manager an account is reached through, the
// region a profile lives in) once per connector context instead of once per account or page.
// Keyed on the context's http client, which lives exactly as long as the context.
import type { ConnectorContext } from "./types.js";

const caches = new WeakMap<object, Map<string, Promise<unknown>>>();

/** The value of `load` for this context and name, computed on first use; a failure is not cached. */
export function memoForContext<T>(ctx: ConnectorContext, name: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(ctx.http);
  if (!cache) caches.set(ctx.http, (cache = new Map()));
  let value = cache.get(name) as Promise<T> | undefined;
  if (!value) {
    value = load();
    cache.set(name, value);
    value.catch(() => cache!.delete(name));
  }
  return value;
}
