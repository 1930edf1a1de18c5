/**
 * People in bulk, end to end in headless Chromium against the real server:
 * the administrator downloads nothing but the template's layout, imports a
 * CSV of two people (one named the other's manager), sees them in the list;
 * an imported person opens the e-mailed invitation, chooses a password on
 * the welcome screen and signs in; and the administrator moves two people
 * of the list to another department and role in one bulk edit.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiToken, resetLinkIn } from "../support/e2e";
import { closeToasts, journeyHooks, message, signIn, signOut, waitForLocation, waitForPath } from "../support/journey";

const ADMIN = { email: "admin@example.com", password: "Admin123!" };
const PASSWORD = "Welcome#Aboard26";

const journey = journeyHooks();
let page: Page;
let tempDir: string;

beforeAll(async () => {
  tempDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "paydesk-e2e-import-"));
});
afterAll(async () => {
  if (tempDir) await fs.promises.rm(tempDir, { recursive: true, force: true });
});
beforeEach(() => {
  page = journey.page;
});

describe("importing people, who then set their own password", () => {
  it("imports a CSV from the Employees page; an imported person sets their password from the e-mailed link and signs in", async () => {
    const server = journey.server;
    const file = path.join(tempDir, "new-team.csv");
    await fs.promises.writeFile(
      file,
      [
        "First name [first_name],Last name [last_name],E-mail [email],Employee number [employee_number],Department [department],Manager [manager]",
        "Rosa,Lead,rosa.lead@example.com,IMP-001,Field sales,",
        "Tomas,Rep,tomas.rep@example.com,IMP-002,Field sales,IMP-001",
      ].join("\n") + "\n",
    );

    await signIn(page, ADMIN.email, ADMIN.password);
    await waitForLocation(page, (url) => url.pathname !== "/login", "a page after sign-in");
    await page.goto("/employees");
    await page.getByRole("button", { name: "Import people" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Import people from a spreadsheet", { exact: true }).filter({ visible: true }).waitFor();
    const mailsBefore = server.mails().length;
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByText("new-team.csv").waitFor();
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByText("Imported 2 people: each has an invitation to choose a password on its way.").waitFor();
    await dialog.waitFor({ state: "hidden" });
    // The list is read again: the new people are in it.
    const search = page.getByPlaceholder("Search...");
    await search.fill("IMP-00");
    await search.press("Enter");
    await page.getByRole("link", { name: "Tomas Rep" }).first().waitFor();
    await page.getByRole("link", { name: "Rosa Lead" }).first().waitFor();

    const mail = await server.waitForMail((candidate) => candidate.to === "tomas.rep@example.com", { afterCount: mailsBefore });
    expect(mail.subject).toMatch(/invites you to Paydesk$/);
    const link = resetLinkIn(mail);
    await closeToasts(page);
    await signOut(page);

    await page.goto(link);
    await page.getByText("Welcome! Choose your password").waitFor();
    await page.locator("#password").fill(PASSWORD);
    await page.locator("#password_confirmation").fill(PASSWORD);
    await page.getByRole("button", { name: "Set my password" }).click();
    await page.getByText("Your password is set", { exact: true }).waitFor();
    await page.getByRole("link", { name: message("reset.goToLogin") }).click();
    await waitForPath(page, "/login");

    await signIn(page, "tomas.rep@example.com", PASSWORD);
    await waitForLocation(page, (url) => url.pathname !== "/login", "a page after sign-in");
    await page.getByText("Tomas Rep", { exact: true }).first().waitFor();
  });

  it("edits two selected people at once from the Employees list, confirmed in words, one activity row each", async () => {
    const server = journey.server;
    await signIn(page, ADMIN.email, ADMIN.password);
    await waitForLocation(page, (url) => url.pathname !== "/login", "a page after sign-in");
    await page.goto("/employees");
    const rows = page.locator(".ant-table-tbody tr.ant-table-row");
    await rows.first().waitFor();
    const names = [await rows.nth(0).locator("a").first().innerText(), await rows.nth(1).locator("a").first().innerText()];
    await rows.nth(0).getByRole("checkbox").check();
    await rows.nth(1).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Edit selected" }).click();
    const dialog = page.getByRole("dialog").filter({ hasText: "Change 2 people" });
    await dialog.getByLabel("Department", { exact: true }).fill("Field operations");
    await dialog.getByLabel("Position", { exact: true }).fill("Coordinator");
    await dialog.getByRole("button", { name: "Review" }).click();
    const confirm = page.getByRole("dialog").filter({ hasText: "Change 2 people?" });
    await confirm.getByText("Field operations").waitFor();
    await confirm.getByRole("button", { name: "Change 2 people" }).click();
    await page.getByText("2 people changed.").waitFor();

    const token = await apiToken(server, ADMIN.email, ADMIN.password);
    const listed = await fetch(`${server.url}/api/users?filter[department][equals]=${encodeURIComponent("Field operations")}&per_page=50`, { headers: { authorization: `Bearer ${token}` } });
    const people = ((await listed.json()) as { data: { id: number; name: string; position: string }[] }).data;
    expect(people.map((person) => person.name).sort()).toEqual([...names].sort());
    expect(people.every((person) => person.position === "Coordinator")).toBe(true);
    const log = await fetch(`${server.url}/api/dashboard/system-activities?per_page=10`, { headers: { authorization: `Bearer ${token}` } });
    const activity = ((await log.json()) as { data: { action: string; subject_id: number | null }[] }).data.filter((row) => row.action === "user.updated");
    expect(activity.map((row) => row.subject_id).sort()).toEqual(people.map((person) => person.id).sort());
  });
});
