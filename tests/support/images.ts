/**
 * Images for the upload and PDF tests: real ones made by libvips (sharp),
 * and the decompression bomb of the outsider's report, a PNG whose few
 * bytes decode to far more pixels than anyone would upload.
 */
import { deflateSync } from "node:zlib";
import sharp from "sharp";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A whole, valid PNG of `width` × `height` blank pixels: every row
 * compresses to almost nothing (6,000 × 6,000 greyscale is about 35 KB on
 * disk and 36 million pixels decoded). With `alpha`, RGBA: the kind pdfkit
 * cannot embed as it is but decodes pixel by pixel on the event loop.
 */
export function pngBomb(width: number, height: number, alpha = false): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = alpha ? 6 : 0; // RGBA or greyscale
  // Each row: filter byte 0, then a zero byte a sample.
  const raw = Buffer.alloc((width * (alpha ? 4 : 1) + 1) * height);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

/**
 * The header of a PNG claiming `width` × `height` (the report's 13,000 ×
 * 13,000, 640 MB decoded) with one row of data: enough for anything that
 * trusts the header, without building the rest.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.alloc(width + 1))), chunk("IEND", Buffer.alloc(0))]);
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
