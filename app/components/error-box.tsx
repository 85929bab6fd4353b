import { isRouteErrorResponse, useRouteError } from "@remix-run/react";

export const GENERIC_ERROR_TITLE = "An error occurred";
export const GENERIC_ERROR_TEXT =
  "An error occurred. Do not worry, it's not you, it's us. Try again or contact your account manager to get help.";

export function ErrorBox({ title = GENERIC_ERROR_TITLE, text = GENERIC_ERROR_TEXT, detail }: { title?: string; text?: string; detail?: string }) {
  return (
    <div role="alert" className="m-6 rounded-lg border border-red-200 bg-red-50 p-5 text-red-800">
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="mt-1 text-sm">{text}</p>
      {detail ? <p className="mt-2 text-xs text-red-700">{detail}</p> : null}
    </div>
  );
}

/** Every route's ErrorBoundary: the spec's generic box; a 4xx keeps its own message. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    const detail = typeof error.data === "string" ? error.data : error.data?.message;
    return <ErrorBox title={error.status === 404 ? "Not available" : GENERIC_ERROR_TITLE} text={detail || GENERIC_ERROR_TEXT} />;
  }
  if (typeof document === "undefined") console.error(error);
  return <ErrorBox />;
}
