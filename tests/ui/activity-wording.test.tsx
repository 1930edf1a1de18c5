/**
 * Every kind of change the log records, read in words: the rows of
 * tests/fixtures/recorded-changes.json are one per subject and action as the
 * API suite recorded them, their ids moved to 900xx and their money amounts
 * set to 12345678 minor units, so that a bare id or a minor-unit amount
 * shown anywhere is found.
 */
import i18next from "i18next";
import { afterAll, describe, expect, it } from "vitest";
import { referenceKey, referencesIn, type ActivityReferenceKind } from "../../contracts/activities";
import { LANGUAGE_CODES } from "../../contracts/auth";
import recorded from "../fixtures/recorded-changes.json";
import { changeLines, type WordedRecord } from "../../src/pages/activities/changeWording";
import { changeLanguage } from "../../src/i18n/setup";

const nameOf = (kind: ActivityReferenceKind, id: number) => `${kind.replace(/_/g, " ")} named ${String.fromCharCode(65 + (id % 26))}`;

/** The names the server would send: every reference the row makes, named. */
function asServed(row: { subject_type: string; changes: unknown }): WordedRecord {
  const names: Record<string, string> = {};
  referencesIn(row.changes, (kind, id) => {
    names[referenceKey(kind, id)] = nameOf(kind, id);
  });
  return { subject_type: row.subject_type, changes: row.changes, names, currency: "PHP" };
}

const texts = (record: WordedRecord, language: string) =>
  changeLines(record, i18next.getFixedT(language), language).flatMap((line) => [line.label, line.value ?? "", line.from ?? "", line.to ?? ""]);

afterAll(() => changeLanguage("en"));

describe("the activity log's changes in words", () => {
  it.each([...LANGUAGE_CODES])("shows no id, minor-unit amount, raw date, field key or stored word in %s", async (language) => {
    await changeLanguage(language);
    const BARE = [
      /900\d\d/, // an id
      /12345678|12,345,678/, // an amount in minor units
      /(?<![\w-])\d{4}-\d{2}-\d{2}(?![\w-])/, // a date as stored (a file's name may hold one)
      /\b[a-z]+_[a-z_]+\b/, // a field key or a stored choice (full_time, special_non_working) that found no words
    ];
    const found = recorded.flatMap((row) =>
      texts(asServed(row), language)
        .filter((text) => BARE.some((pattern) => pattern.test(text)))
        .map((text) => `${row.action}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  it("names people, roles, locations and runs, and writes money in its currency", async () => {
    await changeLanguage("en");
    const person = recorded.find((row) => row.action === "user.updated")!;
    const lines = changeLines(asServed(person), i18next.getFixedT("en"), "en");
    const role = lines.find((line) => line.field === "role_id")!;
    expect(role.label).toBe("Role");
    expect(role.to).toBe(nameOf("role", (person.changes as { role_id: { to: number } }).role_id.to));
    expect(lines.find((line) => line.field === "work_location_ids")!.to).toMatch(/^location named ./);

    const raise = changeLines({ subject_type: "user", changes: { base_rate: { from: 3_000_000, to: 3_250_000 } }, names: {}, currency: "PHP" }, i18next.getFixedT("en"), "en");
    expect([raise[0].from, raise[0].to]).toEqual(["₱30,000.00", "₱32,500.00"]);

    const run = recorded.find((row) => row.action === "payroll.created")!;
    const runLines = changeLines(asServed(run), i18next.getFixedT("en"), "en");
    expect(runLines.find((line) => line.field === "name")!.value).toMatch(/^Payroll [A-Z][a-z]{2} \d/);
    expect(runLines.find((line) => line.field === "period_start")!.value).toMatch(/^[A-Z][a-z]{2} \d+, \d{4}$/);
  });

  it("says a record is gone rather than showing its id", async () => {
    await changeLanguage("fr");
    const lines = changeLines({ subject_type: "user", changes: { role_id: { from: 3, to: 4 } }, names: { "role:4": "Paie" }, currency: "PHP" }, i18next.getFixedT("fr"), "fr");
    expect(lines[0].from).not.toContain("3");
    expect(lines[0].to).toBe("Paie");
  });
});
