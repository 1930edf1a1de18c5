/**
 * Which image bytes pdfkit can embed: JPEG and PNG only (a WebP or SVG logo
 * is left out of the document rather than failing it). A PNG is inflated
 * once here because pdfkit decodes some PNGs (alpha, interlace) in a
 * callback, where a corrupt stream would throw past every try/catch and end
 * the process.
 */
import { inflateSync } from "node:zlib";
import { fitImage, LOGO_SHOWN_AT, sniffImageType } from "../images";

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

/** Logos made bounded, by their stored hash: a run's PDFs, and the next request's, share one. */
const bounded = new Map<string, Promise<Buffer | null>>();

/**
 * The logo as a PDF may draw it: never more pixels than it is shown at. A
 * logo stored before uploads were checked is fitted as an upload is, once,
 * off the event loop, or left out beyond the pixel budget: pdfkit
 * decodes an image on the event loop, and a 13,000-pixel square took 28 s a
 * payslip with every other request waiting.
 */
export function pdfLogo(logo: { content: Buffer; sha256: string } | null): Promise<Buffer | null> {
  if (!logo) return Promise.resolve(null);
  let found = bounded.get(logo.sha256);
  if (!found) {
    // The upload's own check and scaling: an unreadable logo or one beyond the budget is left out.
    found = fitImage(logo.content, sniffImageType(logo.content) ?? "image/png", LOGO_SHOWN_AT).then(
      (fitted) => fitted.content,
      () => null,
    );
    // A handful of logos at most over a server's life: the oldest goes past a few.
    if (bounded.size >= 4) bounded.delete(bounded.keys().next().value!);
    bounded.set(logo.sha256, found);
  }
  return found;
}
