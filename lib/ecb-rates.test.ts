import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ecbXml, startEcbFake, workingDayRates, type EcbFake } from "../tests/fakes/ecb/server.js";
import { EcbRatesError, fetchEcbRates, parseEcbRates } from "./ecb-rates.js";

describe("parseEcbRates", () => {
  it("reads every day and currency of the ECB's XML", () => {
    const table = workingDayRates("2025-01-02", "2025-01-08");
    const rates = parseEcbRates(ecbXml(table));
    // 2025-01-04 and 05 are a week-end: five working days, six currencies each.
    expect(new Set(rates.map((r) => r.day))).toEqual(new Set(["2025-01-02", "2025-01-03", "2025-01-06", "2025-01-07", "2025-01-08"]));
    expect(rates).toHaveLength(30);
    for (const r of rates) expect(r.rate).toBe(table[r.day][r.currency]);
  });

  it("reads the file as the ECB writes it (double or single quotes, namespaces, whitespace)", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>
    <Cube time="2025-03-14">
      <Cube currency="USD" rate="1.0857" />
      <Cube  currency='JPY'   rate='161.53'/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;
    expect(parseEcbRates(xml)).toEqual([
      { day: "2025-03-14", currency: "USD", rate: 1.0857 },
      { day: "2025-03-14", currency: "JPY", rate: 161.53 },
    ]);
  });

  it.each([
    ["an HTML error page", "<html><body>Service unavailable</body></html>", /not an ECB reference rate file/],
    ["a rate outside a day", `<x xmlns="eurofxref"><Cube><Cube currency='USD' rate='1.1'/></Cube></x>`, /outside a day/],
    ["a day that is not a date", `<x xmlns="eurofxref"><Cube time='2025-13-45'><Cube currency='USD' rate='1.1'/></Cube></x>`, /not a date/],
    ["a currency that is not a code", `<x xmlns="eurofxref"><Cube time='2025-01-02'><Cube currency='usd; drop' rate='1.1'/></Cube></x>`, /ISO 4217/],
    ["a negative rate", `<x xmlns="eurofxref"><Cube time='2025-01-02'><Cube currency='USD' rate='-1'/></Cube></x>`, /positive number/],
    ["a rate that is not a number", `<x xmlns="eurofxref"><Cube time='2025-01-02'><Cube currency='USD' rate='1e400'/></Cube></x>`, /positive number/],
    ["no rates at all", `<x xmlns="eurofxref"><Cube></Cube></x>`, /no rates/],
  ])("refuses %s instead of storing half of it", (_name, xml, message) => {
    expect(() => parseEcbRates(xml)).toThrow(EcbRatesError);
    expect(() => parseEcbRates(xml)).toThrow(message);
  });
});

describe("fetchEcbRates", () => {
  let fake: EcbFake;
  beforeAll(async () => {
    fake = await startEcbFake(workingDayRates("2024-01-01", "2025-01-10"));
  });
  afterAll(() => fake.close());

  it("downloads the daily, 90-day and full files from the base URL", async () => {
    const daily = await fetchEcbRates(`${fake.url}/`, "daily");
    expect(new Set(daily.map((r) => r.day))).toEqual(new Set(["2025-01-10"]));
    const recent = await fetchEcbRates(fake.url, "last90Days");
    expect(recent.every((r) => r.day > "2024-10-12")).toBe(true);
    const all = await fetchEcbRates(fake.url, "history");
    expect(all.some((r) => r.day === "2024-01-01")).toBe(true);
    expect(fake.requests.map((r) => r.path)).toEqual(["/eurofxref-daily.xml", "/eurofxref-hist-90d.xml", "/eurofxref-hist.xml"]);
  });

  it("fails on an answer that is not 200", async () => {
    fake.once("GET", "/eurofxref-daily.xml", { status: 503, body: "maintenance" });
    await expect(fetchEcbRates(fake.url, "daily")).rejects.toThrow("The ECB answered 503");
  });
});
