/** Shared by the share cards' tests. */

/** Width and height from a PNG's IHDR chunk (bytes 16-23, big-endian); throws when it is not a PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.length < 24 || signature.some((byte, i) => png[i] !== byte)) throw new Error("not a PNG");
  if (Buffer.from(png.subarray(12, 16)).toString("latin1") !== "IHDR") throw new Error("no IHDR first");
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
