// Platform icons are generated monograms: brand logos are trademarks we do not ship, and a
// monogram on the platform's colour is recognisable enough in cards and tables.
import type { PlatformIcon } from "./types.js";

function textColourFor(background: string): string {
  const hex = background.replace("#", "");
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  // Relative luminance (ITU-R BT.601 weights) decides black or white text.
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? "#111827" : "#ffffff";
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A 64×64 SVG document of the monogram. */
export function monogramSvg(icon: PlatformIcon): string {
  const size = icon.monogram.length > 2 ? 22 : 26;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img">` +
    `<rect width="64" height="64" rx="14" fill="${escapeXml(icon.color)}"/>` +
    `<text x="32" y="33" text-anchor="middle" dominant-baseline="middle" font-family="Inter,Arial,sans-serif" ` +
    `font-weight="700" font-size="${size}" fill="${textColourFor(icon.color)}">${escapeXml(icon.monogram)}</text></svg>`
  );
}

export function svgDataUri(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
