// Platform icons are generated monograms: brand logos are trademarks we do not ship, and a
// monogram on the platform's colour is recognisable enough in cards and tables.
import type { PlatformIcon } from "./types.js";

const DARK_TEXT = "#111827";
const LIGHT_TEXT = "#ffffff";

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * The text colour (near-black or white) with the higher WCAG contrast on `background`, so a
 * monogram on a bright brand colour (Spotify's green, Snapchat's yellow) stays readable.
 */
function textColourFor(background: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(background)) return LIGHT_TEXT;
  const bg = luminance(background);
  const contrast = (fg: number) => (Math.max(bg, fg) + 0.05) / (Math.min(bg, fg) + 0.05);
  return contrast(luminance(DARK_TEXT)) >= contrast(1) ? DARK_TEXT : LIGHT_TEXT;
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
