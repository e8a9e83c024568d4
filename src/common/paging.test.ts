import { describe, expect, it } from "vitest";
import { decodeCursor, decodeDatedCursor, encodeCursor } from "./paging.js";

describe("keyset cursors", () => {
  it("round-trip, ids in any script included, and spell what Node's base64url spells", () => {
    for (const cursor of [
      { key: "2026-11-24T12:00:00.123456Z", id: "prod-1" },
      { key: null, id: "story-ñandú-東京" },
    ]) {
      const text = encodeCursor(cursor);
      expect(text).toBe(Buffer.from(JSON.stringify([cursor.key, cursor.id]), "utf8").toString("base64url"));
      expect(decodeCursor(text)).toEqual(cursor);
    }
  });

  it("refuse text this API never handed out", () => {
    const bad = [
      "",
      "not base64!",
      "A",
      Buffer.from("[1,2]").toString("base64url"),
      Buffer.from('["2026-02-30T00:00:00Z","x"]').toString("base64url"),
      Buffer.from([0xff, 0xfe, 0x5b]).toString("base64url"),
      Buffer.from('["2026-01-01T00:00:00Z","a\\u0000b"]').toString("base64url"),
    ];
    for (const text of bad) expect(decodeCursor(text), text).toBeUndefined();
    expect(decodeDatedCursor(encodeCursor({ key: null, id: "x" }))).toBeUndefined();
  });
});
