// A local European Central Bank: the three reference-rate files of
// https://www.ecb.europa.eu/stats/eurofxref/ in the ECB's own XML (gesmes envelope, three levels of
// <Cube>, single-quoted attributes, newest day first), from a table a test controls. Weekends carry
// no rates, as at the ECB.
import { addDays } from "../../../engine/index.js";
import { startFakeServer, type FakeServer } from "../support/fake-server.js";

/** Day -> currency -> units of the currency per euro. */
export type RateTable = Record<string, Record<string, number>>;

/** Currencies the demo accounts use, plus a few the ECB publishes. */
const BASE: Record<string, number> = { USD: 1.0832, GBP: 0.8514, JPY: 161.37, CHF: 0.9412, SEK: 11.284, CAD: 1.4721 };

/** Deterministic rates for the working days between two days (each day's rate moves a little). */
export function workingDayRates(from: string, to: string, currencies: Record<string, number> = BASE): RateTable {
  const table: RateTable = {};
  for (let day = from, i = 0; day <= to; day = addDays(day, 1), i++) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    table[day] = Object.fromEntries(
      Object.entries(currencies).map(([c, base]) => {
        const rate = base * (1 + 0.01 * Math.sin(i / 3 + c.charCodeAt(0)));
        return [c, Number(rate.toFixed(base >= 100 ? 2 : 4))];
      }),
    );
  }
  return table;
}

export function ecbXml(table: RateTable, days = Object.keys(table)): string {
  const cubes = [...days]
    .sort()
    .reverse()
    .map((day) => [`\t\t<Cube time='${day}'>`, ...Object.entries(table[day]).map(([c, r]) => `\t\t\t<Cube currency='${c}' rate='${r}'/>`), "\t\t</Cube>"].join("\n"))
    .join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">',
    "\t<gesmes:subject>Reference rates</gesmes:subject>",
    "\t<gesmes:Sender>",
    "\t\t<gesmes:name>European Central Bank</gesmes:name>",
    "\t</gesmes:Sender>",
    "\t<Cube>",
    cubes,
    "\t</Cube>",
    "</gesmes:Envelope>",
    "",
  ].join("\n");
}

export interface EcbFake extends FakeServer {
  /** The rates it publishes; tests may change it between fetches. */
  table: RateTable;
}

export async function startEcbFake(table: RateTable): Promise<EcbFake> {
  const server = (await startFakeServer()) as EcbFake;
  server.table = table;
  const xml = (days: string[]) => ({ status: 200, headers: { "content-type": "text/xml" }, body: ecbXml(server.table, days) });
  const all = () => Object.keys(server.table).sort();
  server.route("GET", "/eurofxref-daily.xml", () => xml(all().slice(-1)));
  server.route("GET", "/eurofxref-hist-90d.xml", () => {
    const days = all();
    const last = days[days.length - 1];
    return xml(days.filter((d) => d > addDays(last, -90)));
  });
  server.route("GET", "/eurofxref-hist.xml", () => xml(all()));
  return server;
}
