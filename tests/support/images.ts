/**
 * Images for the upload and PDF tests: real ones made by libvips (sharp),
 * and the decompression bomb of the outsider's report, a PNG whose few
 * bytes decode to far more pixels than anyone would upload.
 */
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { pngFile } from "./png";

/**
 * A whole, valid PNG of `width` × `height` blank pixels: every row
 * compresses to almost nothing (6,000 × 6,000 greyscale is about 35 KB on
 * disk and 36 million pixels decoded). With `alpha`, RGBA: the kind pdfkit
 * cannot embed as it is but decodes pixel by pixel on the event loop.
 */
export function pngBomb(width: number, height: number, alpha = false): Buffer {
  // Each row: filter byte 0, then a zero byte a sample.
  const raw = Buffer.alloc((width * (alpha ? 4 : 1) + 1) * height);
  return pngFile(width, height, alpha ? 6 : 0, deflateSync(raw, { level: 9 }));
}

/**
 * The header of a PNG claiming `width` × `height` (the report's 13,000 ×
 * 13,000, 640 MB decoded) with one row of data: enough for anything that
 * trusts the header, without building the rest.
 */
export function pngClaiming(width: number, height: number): Buffer {
  return pngFile(width, height, 0, deflateSync(Buffer.alloc(width + 1)));
}

/** A real photo-like image of the size and type asked, with EXIF (a camera and a GPS position) when asked. */
export async function picture(width: number, height: number, type: "jpeg" | "png" | "webp", exif = false): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  if (exif) image = image.withExif({ IFD0: { Make: "PaydeskCam", Model: "Test" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "14/1 33/1 0/1" } });
  return image[type]().toBuffer();
}

/** Width, height, type and whether any EXIF is left, as libvips reads them. */
export async function describe(bytes: Buffer): Promise<{ width: number; height: number; format: string; exif: boolean }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? "", exif: meta.exif !== undefined };
}
