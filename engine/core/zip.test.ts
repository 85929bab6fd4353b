import { describe, expect, it } from "vitest";
import { readZip, writeZip, ZipFormatError } from "./zip.js";

describe("zip", () => {
  it("round-trips deflated entries", () => {
    const csv = Buffer.from('"TimePeriod","Impressions"\n"2025-01-01","10"\n'.repeat(50));
    const zip = writeZip([{ name: "report.csv", data: csv }, { name: "b.txt", data: Buffer.from("hi") }]);
    const entries = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(["report.csv", "b.txt"]);
    expect(entries[0].data.equals(csv)).toBe(true);
    expect(entries[1].data.toString()).toBe("hi");
    // Deflate really happened (the archive is smaller than the repeated text).
    expect(zip.length).toBeLessThan(csv.length);
  });

  it("reads sizes from the central directory when the local header defers them", () => {
    const zip = writeZip([{ name: "r.csv", data: Buffer.from("a,b\n1,2\n") }]);
    // Zero the local header's sizes as a streaming writer (flag bit 3) does.
    zip.writeUInt32LE(0, 18);
    zip.writeUInt32LE(0, 22);
    expect(readZip(zip)[0].data.toString()).toBe("a,b\n1,2\n");
  });

  it("rejects something that is not a zip", () => {
    expect(() => readZip(Buffer.from("<html>error</html>".padEnd(40)))).toThrow(ZipFormatError);
  });
});
