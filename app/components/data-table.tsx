import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { PAGE_SIZES, lastPage } from "~/utils/table-query";

export type Column<T> = { key: string; label: string; sortable?: boolean; render: (row: T) => ReactNode; className?: string };

/**
 * The shared table (DESIGN §6): search, sortable columns, page sizes 5/10/20 and first/previous/
 * next/last paging, all as URL parameters so it works without JavaScript; with JavaScript the
 * search box submits itself after `debounceMs` of quiet.
 */
export function DataTable<T>({
  rows,
  total,
  columns,
  rowKey,
  query,
  searchLabel = "Search",
  debounceMs = 200,
  empty = "No data",
}: {
  rows: T[];
  total: number;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  query: { search: string; sort: string; dir: "asc" | "desc"; page: number; size: number };
  searchLabel?: string;
  debounceMs?: number;
  empty?: string;
}) {
  const location = useLocation();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const href = (change: Record<string, string | number>) => {
    const params = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(change)) params.set(k, String(v));
    return `${location.pathname}?${params}`;
  };
  const last = lastPage(total, query.size);
  const from = total === 0 ? 0 : (query.page - 1) * query.size + 1;
  const to = Math.min(total, query.page * query.size);
  return (
    <div className="rounded-lg bg-white shadow">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <Form method="get" role="search" className="flex w-full items-center gap-2 sm:w-auto" onChange={(e) => {
          const form = e.currentTarget;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), debounceMs);
        }}>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
          <input type="hidden" name="size" value={query.size} />
          <label className="sr-only" htmlFor="table-search">{searchLabel}</label>
          <input id="table-search" type="search" name="q" defaultValue={query.search} placeholder={searchLabel} className="w-full rounded-md border sm:w-64 border-slate-300 px-3 py-1.5 text-sm" />
          <noscript><button className="rounded-md border border-slate-300 px-3 py-1.5 text-sm">Search</button></noscript>
        </Form>
        <div className="flex items-center gap-1 text-sm text-slate-600">
          Rows per page:
          {PAGE_SIZES.map((s) => (
            <Link key={s} to={href({ size: s, page: 1 })} aria-current={s === query.size ? "true" : undefined} className={`rounded px-2 py-0.5 ${s === query.size ? "bg-brand-600 text-white" : "hover:bg-slate-100"}`}>{s}</Link>
          ))}
        </div>
      </div>
      <table className="table-cards w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs uppercase text-slate-500">
          <tr>
            {columns.map((c) => (
              <th key={c.key} className={`px-4 py-2 ${c.className ?? ""}`} aria-sort={query.sort === c.key ? (query.dir === "asc" ? "ascending" : "descending") : undefined}>
                {c.sortable ? (
                  <Link to={href({ sort: c.key, dir: query.sort === c.key && query.dir === "asc" ? "desc" : "asc", page: 1 })} className="hover:text-slate-800">
                    {c.label}{query.sort === c.key ? (query.dir === "asc" ? " ▲" : " ▼") : ""}
                  </Link>
                ) : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr><td colSpan={columns.length} className="px-4 py-8 text-center text-slate-500">{empty}</td></tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="border-t border-slate-100">
                {columns.map((c) => <td key={c.key} data-label={c.label || undefined} className={`px-4 py-2 ${c.className ?? ""}`}>{c.render(row)}</td>)}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-3 text-sm text-slate-600">
        <span>Showing {from} to {to} of {total} results</span>
        <span className="flex flex-wrap gap-1">
          <PageLink to={href({ page: 1 })} disabled={query.page <= 1}>First</PageLink>
          <PageLink to={href({ page: query.page - 1 })} disabled={query.page <= 1}>Previous</PageLink>
          <span className="px-2 py-0.5">Page {query.page} of {last}</span>
          <PageLink to={href({ page: query.page + 1 })} disabled={query.page >= last}>Next</PageLink>
          <PageLink to={href({ page: last })} disabled={query.page >= last}>Last</PageLink>
        </span>
      </nav>
    </div>
  );
}

function PageLink({ to, disabled, children }: { to: string; disabled: boolean; children: ReactNode }) {
  if (disabled) return <span aria-disabled="true" className="rounded px-2 py-0.5 text-slate-300">{children}</span>;
  return <Link to={to} className="rounded px-2 py-0.5 hover:bg-slate-100">{children}</Link>;
}
