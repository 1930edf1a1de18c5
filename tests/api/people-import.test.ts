/**
 * People from a spreadsheet: the template, every cell checked before anything
 * is saved (a 422 naming each cell), names resolved (roles, schedules, work
 * locations, managers in the workspace or in the file), what the importer may
 * set, and a saved import's people with their invitations and activity rows.
 */
import ExcelJS from "exceljs";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE_IMPORT_COLUMNS } from "../../contracts/people-import";
import { mailOutbox, payRates, scheduleAssignments, users, userWorkLocations } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/api";
import { activitiesAfter, ADMIN, call, EMPLOYEE, lastActivityId, multipart, staffWith, unique } from "../support/people";
import { SAMPLES } from "../support/samples";

let t: TestApp;
let admin: string;
let scheduleName: string;
let locationName: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email, ADMIN.password);
  scheduleName = unique("Shift ");
  locationName = unique("Site ");
  const schedule = await call(t, admin, { method: "POST", url: "/api/schedules", payload: { ...SAMPLES.schedules.create(), name: scheduleName } });
  expect(schedule.statusCode, schedule.body).toBe(201);
  const location = await call(t, admin, { method: "POST", url: "/api/locations", payload: { ...SAMPLES.locations.create(), name: locationName } });
  expect(location.statusCode, location.body).toBe(201);
});
afterAll(() => t.close());

/** A CSV file of the given rows under a header of bare keys. */
function csv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return [header, ...rows].map((row) => row.map(quote).join(",")).join("\n") + "\n";
}

const upload = (token: string | null, content: Buffer | string, filename = "people.csv") => {
  const body = multipart([{ name: "file", filename, contentType: "text/csv", content }]);
  return call(t, token, { method: "POST", url: "/api/users/import", headers: body.headers, payload: body.payload });
};

async function countUsers(): Promise<number> {
  return (await t.database.db.select({ id: users.id }).from(users)).length;
}

describe("GET /api/users/import-template", () => {
  it("gives the header row, each title ending with its key, in XLSX and CSV; refused to the anonymous caller and an employee", async () => {
    const xlsx = await call(t, admin, { method: "GET", url: "/api/users/import-template?format=xlsx" });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toContain("people-import-template.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const header = (workbook.worksheets[0].getRow(1).values as string[]).slice(1);
    expect(workbook.worksheets[0].name).toBe("People");
    expect(header.map((title) => /\[(\w+)\]$/.exec(title)?.[1])).toEqual([...PEOPLE_IMPORT_COLUMNS]);
    expect(header[2]).toBe("E-mail [email]");

    const text = await call(t, admin, { method: "GET", url: "/api/users/import-template?format=csv" });
    expect(text.statusCode).toBe(200);
    expect(text.body.replace(/^\uFEFF/, "").split(/\r?\n/)[0]).toContain("First name [first_name],Last name [last_name],E-mail [email]");

    expect((await call(t, null, { method: "GET", url: "/api/users/import-template" })).statusCode).toBe(401);
    const employee = await t.tokenFor(EMPLOYEE.email, EMPLOYEE.password);
    expect((await call(t, employee, { method: "GET", url: "/api/users/import-template" })).statusCode).toBe(403);
  });
});

describe("POST /api/users/import", () => {
  it("creates everyone, resolving names and managers, with an invitation and an activity row each", async () => {
    const tag = unique("imp");
    const before = await lastActivityId(t, admin);
    const file = csv(
      ["First name [first_name]", "last_name", "email", "employee_number", "department", "role", "manager", "hire_date", "pay_basis", "base_rate", "currency", "work_locations", "schedule"],
      [
        ["Lena", "Head", `lena.${tag}@example.com`, `H-${tag}`, "Sales", "HR Officer", ADMIN.email, "2026-01-05", "monthly", "45,000.00", "PHP", locationName, scheduleName],
        ["Mark", "Team", `mark.${tag}@example.com`, `T1-${tag}`, "Sales", "", `H-${tag}`, "2026-02-02", "daily", "850.50", "PHP", "", ""],
        // The manager may come further down the file, by e-mail.
        ["Nina", "Early", `nina.${tag}@example.com`, "", "Sales", "", `olga.${tag}@example.com`, "", "", "", "", "", ""],
        ["Olga", "Late", `Olga.${tag}@Example.com`, "", "", "", "", "", "", "", "", "", ""],
      ],
    );
    const response = await upload(admin, file, "sales-team.csv");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { created: 4 }, message: "Imported 4 people: each has an invitation to choose a password on its way." });

    const rows = await t.database.db.select().from(users).where(inArray(users.email, ["lena", "mark", "nina", "olga"].map((name) => `${name}.${tag}@example.com`)));
    const byName = new Map(rows.map((row) => [row.first_name, row]));
    const [adminRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
    expect(byName.get("Lena")).toMatchObject({ manager_id: adminRow.id, department: "Sales", hire_date: "2026-01-05", base_rate: 4_500_000, currency: "PHP", password_hash: null, access_level: 1 });
    expect(byName.get("Mark")).toMatchObject({ manager_id: byName.get("Lena")!.id, pay_basis: "daily", base_rate: 85_050 });
    expect(byName.get("Nina")!.manager_id).toBe(byName.get("Olga")!.id);
    const lena = byName.get("Lena")!.id;
    expect(await t.database.db.select({ location: userWorkLocations.location_id }).from(userWorkLocations).where(eq(userWorkLocations.user_id, lena))).toHaveLength(1);
    expect(await t.database.db.select({ from: scheduleAssignments.effective_from }).from(scheduleAssignments).where(eq(scheduleAssignments.user_id, lena))).toEqual([{ from: "2026-01-05" }]);
    expect(await t.database.db.select({ from: payRates.effective_from, rate: payRates.rate }).from(payRates).where(eq(payRates.user_id, lena))).toEqual([{ from: "2026-01-05", rate: 4_500_000 }]);

    await t.app.ctx.jobs.idle();
    const mails = await t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.to_address, rows.map((row) => row.email)));
    expect(mails).toHaveLength(4);
    expect(mails.every((mail) => mail.body_text.includes("/reset-password?token="))).toBe(true);

    const created = (await activitiesAfter(t, admin, before)).filter((row) => row.action === "user.created");
    expect(created).toHaveLength(4);
    expect(created.find((row) => row.subject_id === lena)?.changes).toMatchObject({ import: "sales-team.csv", invitation: "sent", email: `lena.${tag}@example.com` });
    // The new manager's team waits for their approval.
    const lenaRecord = await call(t, admin, { method: "GET", url: `/api/users/${lena}` });
    expect(lenaRecord.json().data.password_set).toBe(false);
  });

  it("refuses the whole file with every problem named by its cell, and saves nothing", async () => {
    const tag = unique("bad");
    const before = await countUsers();
    const file = csv(
      ["first_name", "last_name", "email", "employee_number", "role", "manager", "employment_type", "hire_date", "end_date", "base_rate", "work_locations", "schedule"],
      [
        ["Ok", "Person", `ok.${tag}@example.com`, `N-${tag}`, "", "", "", "", "", "", "", ""],
        ["", "Nameless", "not-an-email", `N-${tag}`, "Astronaut", "nobody@example.com", "seasonal", "2026-02-30", "", "-5", "Moon base", "Night owls"],
        ["Dup", "Mail", `OK.${tag}@example.com`, "E-0001", "", "", "", "2026-03-01", "2026-02-01", "12.345", "", ""],
        ["Taken", "Mail", ADMIN.email, "", "", "", "", "", "", "", "", ""],
      ],
    );
    const response = await upload(admin, file);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toMatch(/^The file has \d+ errors: nothing was imported/);
    expect(body.errors).toMatchObject({
      "CSV!A3": ["Value is required"],
      "CSV!C3": ["Value is not a valid email address"],
      "CSV!D3": [`This is already in the file, at CSV!D2.`],
      "CSV!E3": ['No role is named "Astronaut".'],
      "CSV!F3": ['No one in the workspace or in this file has the e-mail or employee number "nobody@example.com".'],
      "CSV!G3": ["Use one of: full_time, part_time, contract, intern."],
      "CSV!H3": ["Enter a date as YYYY-MM-DD."],
      "CSV!J3": ["The amount cannot be negative."],
      "CSV!K3": ['No active work location is named "Moon base".'],
      "CSV!L3": ['No active work schedule is named "Night owls".'],
      "CSV!C4": ["This is already in the file, at CSV!C2."],
      "CSV!D4": ["This employee number is already in use"],
      "CSV!I4": ["The end date cannot be before the hire date."],
      "CSV!C5": ["This email address is already in use"],
    });
    expect(body.errors["CSV!J4"][0]).toMatch(/decimal/);
    expect(await countUsers()).toBe(before);
  });

  it("says what is wrong with the file itself: no layout, a required column missing, no people, not a spreadsheet", async () => {
    expect((await upload(admin, csv(["name", "mail"], [["A", "a@example.com"]]))).json().errors).toEqual({
      "CSV!A1": ["[name] is not a column of the people import: start from the template."],
      "CSV!B1": ["[mail] is not a column of the people import: start from the template."],
      file: ["This file is not in the people import's layout: its header names no column by its key in brackets. Start from the template."],
    });
    expect((await upload(admin, csv(["first_name", "email"], [["A", "a@example.com"]]))).json().errors).toEqual({ file: ["The file has no [last_name] column: it is required."] });
    expect((await upload(admin, csv(["first_name", "last_name", "email"], []))).json().errors).toEqual({ file: ["The file has no one to import: add a row per person under the header row."] });
    expect((await upload(admin, Buffer.from([0, 1, 2, 3]), "x.csv")).json().errors).toEqual({ file: ["This is not an XLSX or CSV file."] });
  });

  it("reads an XLSX file's first worksheet, date cells and number cells included", async () => {
    const tag = unique("xl");
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("People");
    sheet.addRow(["First name [first_name]", "Last name [last_name]", "E-mail [email]", "Hire date [hire_date]", "Base rate [base_rate]"]);
    sheet.addRow(["Xia", "Lin", `xia.${tag}@example.com`, new Date(Date.UTC(2026, 2, 2)), 30000]);
    const response = await upload(admin, Buffer.from(await workbook.xlsx.writeBuffer()), "people.xlsx");
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, `xia.${tag}@example.com`));
    expect(row).toMatchObject({ hire_date: "2026-03-02", base_rate: 3_000_000 });
  });

  it("lets someone import only what they may set: pay columns need the pay permission, roles the powers they give", async () => {
    const manager = await staffWith(t, admin, ["users_view", "users_manage"]);
    const before = await countUsers();
    const tag = unique("pol");
    const refused = await upload(manager.token, csv(["first_name", "last_name", "email", "base_rate", "role"], [["Pat", "Pay", `pat.${tag}@example.com`, "100.00", "HR Officer"]]));
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(["CSV!D1", "CSV!E2"]);
    expect(await countUsers()).toBe(before);
    // Without those columns the same person is imported.
    const accepted = await upload(manager.token, csv(["first_name", "last_name", "email"], [["Pat", "Pay", `pat.${tag}@example.com`]]));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const employee = await t.tokenFor(EMPLOYEE.email, EMPLOYEE.password);
    expect((await upload(employee, csv(["first_name", "last_name", "email"], [["A", "B", `ab.${tag}@example.com`]]))).statusCode).toBe(403);
    expect((await upload(null, csv(["first_name", "last_name", "email"], [["A", "B", `ab.${tag}@example.com`]]))).statusCode).toBe(401);
    const [pat] = await t.database.db.select({ created_by: users.created_by }).from(users).where(and(eq(users.email, `pat.${tag}@example.com`)));
    expect(pat.created_by).toBe(manager.id);
  });
});
