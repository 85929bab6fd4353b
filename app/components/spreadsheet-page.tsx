import { Link } from "@remix-run/react";
import { PageHeader } from "~/components/empty-state";

export type HelpCard = { title: string; text: string; href: string; external?: boolean };

/** The Google Sheets and Microsoft Excel pages (spec 2 §2): install and demo links, then help cards. */
export function SpreadsheetPage({ title, intro, installHref, installLabel, demoHref, demoLabel, cards }: { title: string; intro: string; installHref: string; installLabel: string; demoHref: string; demoLabel: string; cards: HelpCard[] }) {
  return (
    <div>
      <PageHeader title={title} />
      <section className="mb-6 rounded-lg bg-white p-6 shadow-sm">
        <p className="max-w-2xl text-sm text-slate-600">{intro}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={installHref} target="_blank" rel="noreferrer" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">{installLabel}</a>
          <a href={demoHref} target="_blank" rel="noreferrer" className="rounded-md border border-brand-600 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">{demoLabel}</a>
        </div>
      </section>
      <ul className="grid gap-4 md:grid-cols-3">
        {cards.map((c) => (
          <li key={c.title} className="rounded-lg bg-white p-5 shadow-sm">
            <h2 className="text-sm font-semibold text-slate-800">{c.title}</h2>
            <p className="mt-1 text-sm text-slate-600">{c.text}</p>
            {c.external ? (
              <a href={c.href} target="_blank" rel="noreferrer" className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">Read more</a>
            ) : (
              <Link to={c.href} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">Open</Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
