import { PROFILE_PICTURE_TYPES } from "../../contracts/users";
import { HttpError } from "./errors";

export type ImageType = (typeof PROFILE_PICTURE_TYPES)[number];

/**
 * The most pixels an uploaded image may decode to: 25 million (5,000 ×
 * 5,000, more than any logo or portrait needs). A small file can claim
 * far more (a 652 KB PNG of 13,000 × 13,000 decodes to 640 MB), so the
 * size on disk says nothing: the header's dimensions are checked before
 * anything is decoded.
 */
export const PIXEL_BUDGET = 25_000_000;

/** The box an image is shown in, in pixels (twice its largest use, for sharp screens and print): it is stored no larger. */
export interface ShownAt {
  width: number;
  height: number;
  /** The types it is kept in as uploaded; any other becomes PNG (a PDF draws a logo only as JPEG or PNG). */
  keeps: readonly ImageType[];
}

export const LOGO_SHOWN_AT: ShownAt = { width: 600, height: 240, keeps: ["image/jpeg", "image/png"] };
export const PICTURE_SHOWN_AT: ShownAt = { width: 256, height: 256, keeps: ["image/jpeg", "image/png", "image/webp"] };

/**
 * The image type a file really is, read from its first bytes: the name and
 * the browser's declared type are the sender's say, the bytes are not.
 */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.length >= 12 && bytes.toString("ascii", 0, 4) === "RIFF" && bytes.toString("ascii", 8, 12) === "WEBP") return "image/webp";
  return null;
}

/**
 * An uploaded image made safe to keep and show: its dimensions read from
 * its header and refused beyond the pixel budget (422 on `file`), then
 * decoded (by libvips, off the event loop), turned upright, scaled down to
 * the box it is shown in, stripped of its metadata (a phone photo's GPS
 * position) and encoded again.
 */
export async function fitImage(bytes: Buffer, type: ImageType, box: ShownAt): Promise<{ content: Buffer; mimeType: ImageType }> {
  const { default: sharp } = await import("sharp");
  const unreadable = () => new HttpError(422, "profile.pictureUnreadable", {}, { file: [{ key: "profile.pictureUnreadable" }] });
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const { width = 0, height = 0 } = meta;
  if (width * height > PIXEL_BUDGET) {
    const params = { width, height, max: PIXEL_BUDGET / 1_000_000 };
    throw new HttpError(422, "profile.pictureTooManyPixels", params, { file: [{ key: "profile.pictureTooManyPixels", params }] });
  }
  try {
    const image = sharp(bytes, { limitInputPixels: PIXEL_BUDGET, failOn: "error" })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: "inside", withoutEnlargement: true });
    const kept = box.keeps.includes(type) ? type : "image/png";
    if (kept === "image/jpeg") return { content: await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), mimeType: kept };
    if (kept === "image/webp") return { content: await image.webp({ quality: 85 }).toBuffer(), mimeType: kept };
    return { content: await image.png({ compressionLevel: 9 }).toBuffer(), mimeType: "image/png" };
  } catch {
    throw unreadable();
  }
}
