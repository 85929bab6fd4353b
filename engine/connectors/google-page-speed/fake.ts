// A local PageSpeed Insights API v5: GET /pagespeedonline/v5/runPagespeed (url, strategy,
// category, key) answering a lighthouseResult with categories.performance.score and audits'
// numericValue, Google's error envelope (400 API_KEY_INVALID for a bad key).
// Wire format: https://developers.google.com/speed/docs/insights/rest/v5/pagespeedapi/runpagespeed
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { seeded } from "../../../tests/fakes/support/seeded.js";

export const PSI_KEY = "AIzaSyFakePageSpeedKey0123456789";
export const PSI_APP = { extra: { apiKey: PSI_KEY } };
export const PSI_CREDENTIAL = { type: "api-key" as const, key: "1", options: { urls: ["https://www.acme.example/", "https://www.acme.example/pricing"] } };
export const PSI_AT = "2025-03-02T09:15:00.000Z";
export const PSI_BAD_KEY: FakeReply = { status: 400, json: { error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT", details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID" }] } } };

export function psiRun(url: string, strategy: string) {
  const r = seeded(`${url}|${strategy}`);
  return { score: Math.round((0.5 + r * 0.5) * 100) / 100, fcp: 800 + Math.round(r * 1000), lcp: 1500 + Math.round(r * 2000), tbt: Math.round(r * 300), cls: Math.round(r * 20) / 100, si: 1200 + Math.round(r * 1500) };
}

export async function startPageSpeedFake(): Promise<PlatformFake> {
  const server = await startFakeServer();
  server.route("GET", "/pagespeedonline/v5/runPagespeed", (req) => {
    if (req.query.get("key") !== PSI_KEY) return PSI_BAD_KEY;
    const url = req.query.get("url");
    const strategy = req.query.get("strategy") ?? "desktop";
    if (!url) return { status: 400, json: { error: { code: 400, message: "Invalid value at 'url'", status: "INVALID_ARGUMENT" } } };
    const x = psiRun(url, strategy.toLowerCase());
    return {
      json: {
        kind: "pagespeedonline#result",
        id: url,
        analysisUTCTimestamp: PSI_AT,
        lighthouseResult: {
          requestedUrl: url,
          finalUrl: url,
          configSettings: { formFactor: strategy },
          categories: { performance: { id: "performance", score: x.score } },
          audits: {
            "first-contentful-paint": { numericValue: x.fcp },
            "largest-contentful-paint": { numericValue: x.lcp },
            "total-blocking-time": { numericValue: x.tbt },
            "cumulative-layout-shift": { numericValue: x.cls },
            "speed-index": { numericValue: x.si },
          },
        },
      },
    };
  });
  return { server, baseUrl: `${server.url}/pagespeedonline/v5`, credential: PSI_CREDENTIAL, app: PSI_APP, close: () => server.close() };
}
