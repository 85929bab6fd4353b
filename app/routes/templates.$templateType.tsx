import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-box";
import { googleDriveDirectDownload } from "~/utils/bi-links";

/** Spec 3 §2.8 template preview (public): "Download template" and "Use with my data". */
export const meta = () => [{ title: "Template · Signalpost" }];

export const TEMPLATE_NAMES: Record<string, string> = { LOOKER_STUDIO: "Looker Studio", POWER_BI: "Power BI", GOOGLE_SHEETS: "Google Sheets", MICROSOFT_EXCEL: "Microsoft Excel" };
const TOOL_PAGES: Record<string, string> = {
  LOOKER_STUDIO: "/data-connector/looker-studio",
  POWER_BI: "/data-connector/power-bi",
  GOOGLE_SHEETS: "/data-connector/google-sheets",
  MICROSOFT_EXCEL: "/data-connector/microsoft-excel",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const templateType = (params.templateType ?? "").toUpperCase();
  const templateLink = new URL(request.url).searchParams.get("templateLink") ?? "";
  const download = templateLink ? googleDriveDirectDownload(templateLink) : null;
  return json({
    templateType,
    toolName: TEMPLATE_NAMES[templateType] ?? templateType.replace(/[_-]+/g, " ").toLowerCase(),
    toolPage: TOOL_PAGES[templateType] ?? "/data-connector/looker-studio",
    templateLink,
    downloadUrl: download?.ok ? download.url : null,
    // No link at all (someone opened the page by hand) is not an error: the page says where templates come from.
    problem: !templateLink ? ("no-template" as const) : download && !download.ok ? ("bad-link" as const) : null,
  });
}

export default function TemplatePreview() {
  const { templateType, toolName, toolPage, templateLink, downloadUrl, problem } = useLoaderData<typeof loader>();
  const useHref = `/templates/${encodeURIComponent(templateType)}/use?${new URLSearchParams({ templateLink })}`;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <p className="text-2xl font-bold text-brand-700">Signalpost</p>
      <h1 className="mt-4 text-xl font-semibold text-slate-800">{toolName} template</h1>
      <p className="mt-2 text-sm text-slate-600">Download the template as it is, or fill it with the accounts of your company.</p>
      {problem === "no-template" ? (
        <div className="mt-4 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-slate-700" data-testid="template-missing">
          This page opens from a template&apos;s link, shared from {toolName} or from our {toolName} add-on. No template was given here, so there is nothing to download yet.
        </div>
      ) : null}
      {problem === "bad-link" ? (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="template-bad-link">
          This link is not a Google Drive share link, so the template cannot be downloaded. Ask whoever shared it for the link from Google Drive&apos;s Share button (https://drive.google.com/file/d/…).
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        {downloadUrl ? <a href={downloadUrl} className="rounded-md border border-brand-600 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">Download template</a> : null}
        {templateLink ? <Link to={useHref} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">Use with my data</Link> : null}
        <Link to={toolPage} className="rounded-md border border-slate-300 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50">{toolName} in Signalpost</Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
