import { describe, expect, it } from "vitest";
import { idField, isRowId, MAX_ROW_ID, parseId } from "./ids.js";

describe("parseId", () => {
  it("accepts the ids a row can have", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
    expect(parseId(7)).toBe(7);
  });

  it.each(["", "0", "-1", "1.5", "1e3", "1e309", "0x10", "12abc", " 1", "１", String(MAX_ROW_ID + 1), "9007199254740993", "00000000001"])("refuses %j", (raw) => {
    expect(parseId(raw)).toBeNull();
  });

  it("refuses numbers that are not row ids and other types", () => {
    for (const raw of [0, -1, 1.5, NaN, Infinity, MAX_ROW_ID + 1, null, undefined, {}, ["1"]]) {
      expect(parseId(raw)).toBeNull();
      expect(isRowId(raw)).toBe(false);
    }
    expect(isRowId(MAX_ROW_ID)).toBe(true);
  });
});

describe("idField", () => {
  it("is a field error, not a query error, past the largest row id", () => {
    expect(idField("Pick one").safeParse("12").data).toBe(12);
    const tooLarge = idField("Pick one").safeParse(String(MAX_ROW_ID + 1));
    expect(tooLarge.success).toBe(false);
    expect(tooLarge.error?.issues[0]?.message).toBe("Pick one");
    expect(idField().safeParse("9007199254740993").success).toBe(false);
  });
});
