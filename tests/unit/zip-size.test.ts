/**
 * A ZIP's unpacked size from its central directory: a workbook's real
 * entries, a directory that does not read, a size held by a ZIP64 record.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { unpackedSize, zipEntrySizes } from "../../server/lib/zip-size";

describe("unpackedSize", () => {
  it("adds up a workbook's entries, more than the file itself", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("All");
    for (let row = 0; row < 2_000; row++) sheet.addRow([`E-${row}`, "Someone with a name", 12345.67]);
    const zip = Buffer.from(await workbook.xlsx.writeBuffer());
    const sizes = zipEntrySizes(zip)!;
    expect(sizes.length).toBeGreaterThan(5);
    expect(unpackedSize(zip)).toBe(sizes.reduce((total, size) => total + size, 0));
    // 2,000 rows of XML pack several times smaller than they are.
    expect(unpackedSize(zip)!).toBeGreaterThan(3 * zip.length);
  });

  it("is null without a directory that reads, and Infinity where a ZIP64 record holds a size", async () => {
    expect(unpackedSize(Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(40)]))).toBeNull();
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("All").addRow(["x"]);
    const zip = Buffer.from(await workbook.xlsx.writeBuffer());
    const entry = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const cut = Buffer.from(zip);
    cut.writeUInt32LE(0, entry); // the first directory entry's signature gone
    expect(unpackedSize(cut)).toBeNull();
    const zip64 = Buffer.from(zip);
    zip64.writeUInt32LE(0xffffffff, entry + 24);
    expect(unpackedSize(zip64)).toBe(Infinity);
  });
});
