import "~/utils/zod-in-the-browser";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import stylesheet from "~/tailwind.css";
import { readToast } from "~/services/toast.server";
import { Toaster } from "~/components/toaster";
import { NavigationProgress } from "~/components/spinner";
import { ErrorBox } from "~/components/error-box";
import { useNonce } from "~/utils/nonce";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export const meta: MetaFunction = () => [{ title: "Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, setCookie } = await readToast(request);
  // A toast id lets the client tell two identical consecutive toasts apart.
  return json({ toast: toast ? { ...toast, id: Date.now() } : null }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

function Document({ children }: { children: React.ReactNode }) {
  // Remix's inline scripts (route data, module imports, scroll restoration) run under the
  // document's Content-Security-Policy only with its nonce.
  const nonce = useNonce();
  return (
    <html lang="en" className="h-full bg-slate-50">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="h-full text-slate-800 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <Document>
      <NavigationProgress busy={navigation.state !== "idle"} />
      <Outlet />
      <Toaster toast={toast} />
    </Document>
  );
}

export function ErrorBoundary() {
  // The root boundary replaces the whole document, so it cannot rely on the root loader's data.
  useRouteLoaderData("root");
  return (
    <Document>
      <ErrorBox />
    </Document>
  );
}
