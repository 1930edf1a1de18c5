import dayjs from "dayjs";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { cellValue, columnValue } from "../../src/components/list/columnValue";
import type { ListColumn } from "../../src/components/list";

type Row = { id: number; [field: string]: unknown };
const t = ((key: string) => `«${key}»`) as unknown as TFunction;
const row: Row = { id: 1, hired_on: "2025-01-15", created_at: "2026-11-20T09:05:07Z", status: "on_leave", rate: "150000" };

const HIRED: ListColumn<Row> = { field: "hired_on", titleKey: "hired", kind: "date" };
const WHEN: ListColumn<Row> = { field: "created_at", titleKey: "when", kind: "date", withTime: true };

describe("a list column's value on screen and in the CSV", () => {
  it("writes a day as the spec's YYYY-MM-DD in both", () => {
    expect(columnValue(HIRED, row, t)).toBe("2025-01-15");
    expect(cellValue(HIRED, row, t)).toBe("2025-01-15");
  });

  it("keeps a moment's time to the second in the CSV, in a form spreadsheets read", () => {
    const written = columnValue(WHEN, row, t);
    expect(written).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Read back as the browser's local time, it is the same instant.
    expect(dayjs(String(written)).toISOString()).toBe("2026-11-20T09:05:07.000Z");
  });

  it("shows a moment in the reader's words, to the minute", () => {
    const shown = String(cellValue(WHEN, row, t));
    expect(shown).toMatch(/^Nov \d{1,2}, 2026 \d{1,2}:\d{2} [AP]M$/);
    expect(shown).toContain(`:${dayjs(row.created_at as string).format("mm")}`);
  });

  it("labels a choice and keeps a number a number", () => {
    expect(columnValue({ field: "status", titleKey: "s", kind: "choice", choices: [{ value: "on_leave", labelKey: "statuses.on_leave" }] }, row, t)).toBe("«statuses.on_leave»");
    expect(columnValue({ field: "rate", titleKey: "r", kind: "number" }, row, t)).toBe(150000);
  });
});
