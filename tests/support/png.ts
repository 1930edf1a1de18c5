/** PNG files written byte by byte for tests: the signature, IHDR, one IDAT and IEND, each chunk with its CRC. */
import { crc32 } from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** 0 greyscale, 2 truecolour (RGB), 6 truecolour with alpha (RGBA); 8 bits a sample. */
export type PngColour = 0 | 2 | 6;

/** A PNG of this size and colour type whose IDAT holds `pixels` (already deflated): what it decodes to is the caller's say. */
export function pngFile(width: number, height: number, colour: PngColour, pixels: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = colour;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}
