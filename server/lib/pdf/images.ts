/**
 * Which image bytes pdfkit can embed: JPEG and PNG only (a WebP or SVG logo
 * is left out of the document rather than failing it). A PNG is inflated
 * once here because pdfkit decodes some PNGs (alpha, interlace) in a
 * callback, where a corrupt stream would throw past every try/catch and end
 * the process.
 */
import { inflateSync } from "node:zlib";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngDecodes(bytes: Buffer): boolean {
  const data: Buffer[] = [];
  let offset = PNG_SIGNATURE.length;
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    if (offset + 12 + length > bytes.length) return false;
    if (type === "IDAT") data.push(bytes.subarray(offset + 8, offset + 8 + length));
    if (type === "IEND") break;
    offset += 12 + length;
  }
  if (data.length === 0) return false;
  try {
    inflateSync(Buffer.concat(data));
    return true;
  } catch {
    return false;
  }
}

/** One answer per logo buffer: a run's thousand PDFs share the one the request read. */
const verdicts = new WeakMap<Buffer, boolean>();

export function embeddable(image: Buffer): boolean {
  let verdict = verdicts.get(image);
  if (verdict === undefined) {
    const jpeg = image.length > 3 && image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff;
    verdict = jpeg || (image.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE) && pngDecodes(image));
    verdicts.set(image, verdict);
  }
  return verdict;
}
