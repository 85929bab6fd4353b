import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-box";
import { googleDriveDirectDownload } from "~/utils/bi-links";

/** Spec 3 §2.8 template preview (public): "Download template" and "Use with my data". */
export const meta = () => [{ title: "Template · Signalpost" }];

export const TEMPLATE_NAMES: Record<string, string> = { LOOKER_STUDIO: "Looker Studio", POWER_BI: "Power BI", GOOGLE_SHEETS: "Google Sheets", MICROSOFT_EXCEL: "Microsoft Excel" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const templateType = (params.templateType ?? "").toUpperCase();
  const templateLink = new URL(request.url).searchParams.get("templateLink") ?? "";
  const download = templateLink ? googleDriveDirectDownload(templateLink) : { ok: false as const, error: "Invalid Google Drive share URL" };
  return json({
    templateType,
    toolName: TEMPLATE_NAMES[templateType] ?? templateType.replace(/[_-]+/g, " ").toLowerCase(),
    templateLink,
    downloadUrl: download.ok ? download.url : null,
    error: download.ok ? null : download.error,
  });
}

export default function TemplatePreview() {
  const { templateType, toolName, templateLink, downloadUrl, error } = useLoaderData<typeof loader>();
  const useHref = `/templates/${encodeURIComponent(templateType)}/use?${new URLSearchParams({ templateLink })}`;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <p className="text-2xl font-bold text-brand-700">Signalpost</p>
      <h1 className="mt-4 text-xl font-semibold text-slate-800">{toolName} template</h1>
      <p className="mt-2 text-sm text-slate-600">Download the template as it is, or fill it with the accounts of your company.</p>
      {error ? <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">{error}</p> : null}
      <div className="mt-6 flex gap-3">
        {downloadUrl ? (
          <a href={downloadUrl} className="rounded-md border border-brand-600 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">Download template</a>
        ) : (
          <button type="button" disabled className="rounded-md border border-slate-300 px-4 py-2 text-sm text-slate-400">Download template</button>
        )}
        <Link to={useHref} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">Use with my data</Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
