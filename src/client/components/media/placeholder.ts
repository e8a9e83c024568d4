/**
 * The ThumbHash placeholder of an uploaded image (ImageSchema.placeholder, base64) as a PNG data
 * URL, painted behind the image until it loads. The CSP allows `data:` images (img-src 'self'
 * data: blob:). Decoded once per hash: the same image shows on several pages.
 */
import { thumbHashToDataURL } from "thumbhash";

const decoded = new Map<string, string | null>();

/** A data URL for the hash, or null when there is none or it cannot be read. */
export function placeholderUrl(base64: string | null | undefined): string | null {
  if (!base64) return null;
  const known = decoded.get(base64);
  if (known !== undefined) return known;
  let url: string | null;
  try {
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    url = thumbHashToDataURL(bytes);
  } catch {
    url = null;
  }
  decoded.set(base64, url);
  return url;
}
