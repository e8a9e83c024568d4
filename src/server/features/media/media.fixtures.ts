/** Uploads for the API tests: multipart bodies built by hand, a signed-in creator, generated images. */
import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { insertCreatorApplication } from "../../db/seed/factories.js";
import type { RequestOptions, TestApp } from "../../test/harness.js";

export interface Part {
  name: string;
  /** A file part when given; a plain field otherwise. */
  filename?: string;
  type?: string;
  data: Uint8Array | string;
}

/** A multipart/form-data body as a browser sends it, with its Content-Type. */
export function multipart(parts: Part[]): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----MaybeTestBoundary${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    const type = part.filename !== undefined ? `\r\nContent-Type: ${part.type ?? "application/octet-stream"}` : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.from(part.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const joined = Buffer.concat(chunks);
  return { body: new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength) as Uint8Array<ArrayBuffer>, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/studio/media with one file part named `file`. */
export function upload(
  t: TestApp,
  cookie: string | undefined,
  data: Uint8Array,
  file: { filename?: string; type?: string } = {},
  options: RequestOptions = {},
): Promise<Response> {
  const { body, contentType } = multipart([{ name: "file", filename: file.filename ?? "photo.jpg", type: file.type ?? "image/jpeg", data }]);
  return t.request("/api/studio/media", { method: "POST", cookie, body, ...options, headers: { "content-type": contentType, ...options.headers } });
}

/** A signed-in user who is a creator (as an approved application makes one). */
export async function signUpCreator(t: TestApp) {
  const account = await t.signUp();
  const rows = await insertCreatorApplication(t.database, { user_id: account.user.uid });
  return { ...account, creatorId: rows.creator.id };
}

/**
 * A JPEG whose upper half is red and lower half blue as stored, so where they end up after
 * auto-orientation shows which way it was turned.
 */
export async function twoToneJpeg(width: number, height: number, options: { orientation?: number; gps?: boolean } = {}): Promise<Buffer> {
  const half = Math.floor(height / 2);
  let image = sharp({ create: { width, height, channels: 3, background: "#0000ff" } }).composite([
    { input: { create: { width, height: half, channels: 3, background: "#ff0000" } }, top: 0, left: 0 },
  ]);
  // composite() runs last in a pipeline; flatten it to a JPEG first, then add the metadata.
  image = sharp(await image.jpeg({ quality: 90 }).toBuffer());
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: "MAYBE Test Phone", Model: "T1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 26/1 4600/100", GPSLongitudeRef: "W", GPSLongitude: "79/1 58/1 5600/100" },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.jpeg({ quality: 90 }).toBuffer();
}

/** Whether EXIF data carries a GPS IFD (tag 0x8825, either byte order). */
export function hasGpsIfd(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04])) || exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG whose header says `width` × `height` RGB pixels, with the
 * first rows of zeros deflated behind it (the rest a decoder would be left to expand). A few
 * kilobytes; nothing near width × height is ever allocated here.
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  // compression, filter, interlace: 0
  const rows = deflateSync(Buffer.alloc((1 + width * 3) * 16), { level: 9 });
  return Buffer.concat([
    Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
    pngChunk("IHDR", header),
    pngChunk("IDAT", rows),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
