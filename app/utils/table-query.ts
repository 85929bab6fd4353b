/** Server-side table state from the URL (spec 3 §2.11: search, sortable columns, page sizes 5, 10, 20). */
export const PAGE_SIZES = [5, 10, 20] as const;

export type TableQuery<S extends string> = { search: string; sort: S; dir: "asc" | "desc"; page: number; size: number };

export function parseTableQuery<S extends string>(url: URL, sortable: readonly S[], defaults: { sort: S; dir?: "asc" | "desc"; size?: number }): TableQuery<S> {
  const p = url.searchParams;
  const sort = sortable.includes(p.get("sort") as S) ? (p.get("sort") as S) : defaults.sort;
  const dir = p.get("dir") === "asc" || p.get("dir") === "desc" ? (p.get("dir") as "asc" | "desc") : (defaults.dir ?? "asc");
  const sizeParam = Number(p.get("size"));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : (defaults.size ?? 10);
  const page = Math.max(1, Math.floor(Number(p.get("page")) || 1));
  return { search: (p.get("q") ?? "").trim().slice(0, 200), sort, dir, page, size };
}

export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
