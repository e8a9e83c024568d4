/** The pure parts of the pipeline: judging the type from the first bytes, choosing the widths, the queue. */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createLimiter } from "./limit.js";
import { MAX_VARIANT_HEIGHT, contentHash, sniffImageFormat, variantWidths } from "./process.js";

describe("sniffImageFormat", () => {
  it("names JPEG, PNG, GIF, WebP and AVIF by their first bytes, whatever else they claim", async () => {
    const blank = () => sharp({ create: { width: 8, height: 8, channels: 3, background: "#123" } });
    expect(sniffImageFormat(await blank().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageFormat(await blank().png().toBuffer())).toBe("png");
    expect(sniffImageFormat(await blank().gif().toBuffer())).toBe("gif");
    expect(sniffImageFormat(await blank().webp().toBuffer())).toBe("webp");
    expect(sniffImageFormat(await blank().avif().toBuffer())).toBe("avif");
  });

  it("takes nothing else: TIFF, SVG, HEIC, text, a few bytes", async () => {
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123" } }).tiff().toBuffer();
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic")]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const bytes of [tiff, heic, svg, Buffer.from("GIF8"), Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(0)]) {
      expect(sniffImageFormat(bytes)).toBeUndefined();
    }
  });
});

describe("variantWidths", () => {
  it("keeps the widths up to the image's own, and the image's own width when it is narrower than all", () => {
    expect(variantWidths(4000, 3000)).toEqual([320, 640, 1024, 1600]);
    expect(variantWidths(1600, 900)).toEqual([320, 640, 1024, 1600]);
    expect(variantWidths(1599, 900)).toEqual([320, 640, 1024]);
    expect(variantWidths(320, 320)).toEqual([320]);
    expect(variantWidths(200, 100)).toEqual([200]);
    expect(variantWidths(1, 1)).toEqual([1]);
  });

  it(`leaves out widths at which a tall image would be over ${MAX_VARIANT_HEIGHT} px high`, () => {
    expect(variantWidths(2000, 10_000)).toEqual([320, 640]);
    // A strip too tall even at 320: one variant, as wide as fits.
    expect(variantWidths(400, 40_000)).toEqual([40]);
    expect(variantWidths(40_000, 10)).toEqual([320, 640, 1024, 1600]);
  });
});

describe("contentHash", () => {
  it("is the first 32 hex digits of the bytes' sha256", () => {
    expect(contentHash(Buffer.from("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223");
  });
});

describe("createLimiter", () => {
  it("runs at most n tasks at once, in order of arrival, and goes on after a failure", async () => {
    const limiter = createLimiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates = Array.from({ length: 5 }, () => {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      return { promise, resolve };
    });
    const tasks = gates.map((gate, i) =>
      limiter.run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(i);
        await gate.promise;
        running -= 1;
        if (i === 1) throw new Error("task 1 fails");
        return i;
      }),
    );
    const settled = Promise.allSettled(tasks);
    expect(limiter.size).toBe(5);
    for (const gate of gates) {
      gate.resolve();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const results = await settled;
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled"]);
    expect(limiter.size).toBe(0);
  });
});
