/**
 * What a ZIP unpacks to, read from its central directory without unpacking
 * anything: a few kilobytes of a file can claim gigabytes (a "zip bomb"),
 * which a reader that unpacks the whole archive would try to hold.
 */

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes, then a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;
/** Counts and sizes at their maximum mean "see the ZIP64 record": larger than anything checked here. */
const ZIP64_MARK = 0xffffffff;

/** Each entry's uncompressed size (Infinity when a ZIP64 record holds it); null when there is no directory that reads right. */
export function zipEntrySizes(zip: Buffer): number[] | null {
  const from = Math.max(0, zip.length - END_SEARCH);
  let end = -1;
  for (let at = zip.length - 22; at >= from; at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const entries = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  if (entries === 0xffff || offset === ZIP64_MARK) return [Infinity];
  const sizes: number[] = [];
  for (let index = 0; index < entries; index++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== DIRECTORY_ENTRY) return null;
    const size = zip.readUInt32LE(offset + 24);
    sizes.push(size === ZIP64_MARK ? Infinity : size);
    offset += 46 + zip.readUInt16LE(offset + 28) + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return sizes;
}

/** The sum of the entries' uncompressed sizes; null when the directory does not read right. */
export function unpackedSize(zip: Buffer): number | null {
  return zipEntrySizes(zip)?.reduce((total, size) => total + size, 0) ?? null;
}
