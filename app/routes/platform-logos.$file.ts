// /platform-logos/{platform}.svg (issue 19): the logo <PlatformIcon> shows, public and cacheable.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { platformLogoResponse } from "~/services/platform-logos.server";

export function loader({ params }: LoaderFunctionArgs) {
  return platformLogoResponse(params.file);
}
