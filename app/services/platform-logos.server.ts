import { findPlatform, getPlatformIconSvg } from "../../engine/index.js";

/** GET /platform-logos/{platform id}.svg: the platform's logo (brand mark, or monogram tile). */
export function platformLogoResponse(file: string | undefined): Response {
  const id = /^([a-z0-9-]{1,64})\.svg$/.exec(file ?? "")?.[1];
  const platform = id ? findPlatform(id) : undefined;
  if (!platform) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(getPlatformIconSvg(platform.id), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // Logos change only with a deploy; a day of caching keeps the 100-platform catalogue cheap.
      "Cache-Control": "public, max-age=86400",
      // An SVG opened on its own is a document: no script, no outside resource.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
