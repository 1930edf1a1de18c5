import { describe, expect, it } from "vitest";
import { BOM, csvCell, toCsv } from "../../contracts/csv";

describe("CSV writer", () => {
  it("starts with a byte order mark and ends every row with CRLF", () => {
    const csv = toCsv(["Name", "Rate"], [["Ana", 1], ["Ben", 2]]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1)).toBe("Name,Rate\r\nAna,1\r\nBen,2\r\n");
  });

  it("can leave the byte order mark out", () => {
    expect(toCsv(["a"], [], { bom: false })).toBe("a\r\n");
  });

  it("quotes cells with commas, quotes or line breaks and doubles inner quotes", () => {
    expect(csvCell("Santos, Maria")).toBe('"Santos, Maria"');
    expect(csvCell('the "boss"')).toBe('"the ""boss"""');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
    expect(csvCell("plain text")).toBe("plain text");
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe("\"'=HYPERLINK(\"\"http://evil\"\")\"");
    expect(csvCell("+1+2")).toBe("'+1+2");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe("\"'\r=1\"");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("writes numbers as numbers, negative ones included, and empties what is not a value", () => {
    expect(csvCell(1234.5)).toBe("1234.5");
    expect(csvCell(-250)).toBe("-250");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe("");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(true)).toBe("true");
  });

  it("keeps Japanese and Chinese text as it is", () => {
    expect(toCsv(["氏名"], [["田中 太郎"], ["王小明"]], { bom: false })).toBe("氏名\r\n田中 太郎\r\n王小明\r\n");
  });

  it("escapes the header row like any other", () => {
    expect(toCsv(["=cmd", "a,b"], [], { bom: false })).toBe("'=cmd,\"a,b\"\r\n");
  });
});
