import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiToken, newSession } from "../support/e2e";
import { describe as describeImage } from "../support/images";
import { chooseOption, journeyHooks, message, signIn as signInWith, signOut, waitForLocation, waitForPath } from "../support/journey";

/**
 * The people screens end to end, against the built app served by the real
 * server, in headless Chromium: the administrator makes a role and a staff
 * member holding it; the staff member sees only what the role allows, sets a
 * picture and changes their password. One server for the file; each test after
 * the first starts from a staff member of its own, made through the API, so
 * every test runs alone or in any order (each in a fresh browser context).
 */

const ADMIN = { email: "admin@example.com", password: "Admin123!", name: "Alex Admin" };
const ROLE = { name: "Payroll clerk", description: "Looks people up for payroll", permission: "users_view" };
const CLERK = {
  firstName: "Casey",
  lastName: "Clerk",
  name: "Casey Clerk",
  email: "clerk@example.com",
  password: "Clerk#Start2026",
  newPassword: "Clerk#Changed2026",
};

// 1×1 transparent PNG.
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const journey = journeyHooks();
let page: Page;
let tempDir: string;

beforeAll(async () => {
  tempDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "paydesk-e2e-files-"));
});

afterAll(async () => {
  if (tempDir) await fs.promises.rm(tempDir, { recursive: true, force: true });
});

beforeEach(() => {
  page = journey.page;
});

const at = (pathname: string) => waitForPath(page, pathname);

const signIn = (email: string, password: string) => signInWith(page, email, password);

/**
 * A staff member like CLERK (same name and password) with an e-mail of its own, holding a new
 * role with only ROLE's permission, made by the administrator through the API.
 */
async function clerkViaApi(): Promise<typeof CLERK> {
  const tag = crypto.randomUUID().slice(0, 8);
  const token = await apiToken(journey.server, ADMIN.email, ADMIN.password);
  const create = async (pathname: string, body: Record<string, unknown>): Promise<number> => {
    const response = await fetch(`${journey.server.url}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`POST ${pathname} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: { id: number } }).data.id;
  };
  const roleId = await create("/api/roles", { name: `${ROLE.name} ${tag}`, description: ROLE.description, permissions: [ROLE.permission] });
  const clerk = { ...CLERK, email: `clerk-${tag}@example.com` };
  await create("/api/users", {
    first_name: clerk.firstName,
    last_name: clerk.lastName,
    email: clerk.email,
    access_level: 2,
    role_id: roleId,
    password: clerk.password,
    password_confirmation: clerk.password,
  });
  return clerk;
}

/** Opens an antd Select by its form label and picks the option with exactly this text. */
const choose = (label: string, option: string) => chooseOption(page, label, option);

/** The sidebar's entries, once `expected` shows (entries appear as access control answers). */
async function menuEntries(expected: string): Promise<string[]> {
  // Groups other than the current page's start folded: open them all to read every entry.
  const folded = page.locator(".ant-layout-sider .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title");
  while ((await folded.count()) > 0) await folded.first().click();
  const items = page.locator(".ant-layout-sider .ant-menu-item");
  await items.filter({ hasText: expected }).waitFor();
  return (await items.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

/** The column titles of the page's table once it shows rows. */
async function tableHeaders(): Promise<string[]> {
  await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();
  return (await page.locator(".ant-table-thead th").allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

describe("people, roles and one's own profile", () => {
  it("the administrator creates the role 'Payroll clerk' and a staff member holding it", async () => {
    await signIn(ADMIN.email, ADMIN.password);
    await at("/dashboard");

    // The role: only "View people".
    await page.goto("/roles");
    await page.getByRole("button", { name: message("roles.create") }).click();
    const dialog = page.getByRole("dialog").filter({ has: page.getByLabel(message("roles.fields.name"), { exact: true }) });
    await dialog.getByLabel(message("roles.fields.name"), { exact: true }).fill(ROLE.name);
    await dialog.getByLabel(message("roles.fields.description"), { exact: true }).fill(ROLE.description);
    const viewPeople = dialog.getByRole("checkbox", { name: message(`permissions.names.${ROLE.permission}`), exact: true });
    await viewPeople.check();
    expect(await dialog.getByRole("checkbox", { checked: true }).count()).toBe(1);
    await dialog.getByRole("button", { name: message("common.save") }).click();
    await dialog.waitFor({ state: "hidden" });
    const roleRow = page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: ROLE.name });
    await roleRow.waitFor();
    expect(await roleRow.innerText()).toContain(message(`permissions.names.${ROLE.permission}`));

    // The administrator sees pay: the list has its Base rate column (the staff member's list must not).
    await page.goto("/employees");
    expect(await tableHeaders()).toContain(message("employees.fields.base_rate"));

    // The person: staff level, the new role.
    await page.getByRole("link", { name: message("employees.create") }).or(page.getByRole("button", { name: message("employees.create") })).first().click();
    await at("/employees/create");
    const field = (name: string) => page.getByLabel(message(`employees.fields.${name}`), { exact: true });
    await field("first_name").fill(CLERK.firstName);
    await field("last_name").fill(CLERK.lastName);
    await field("email").fill(CLERK.email);
    await choose(message("employees.fields.access_level"), message("accessLevel.2"));
    await choose(message("employees.fields.role"), ROLE.name);
    // The form's default is an e-mailed invitation; the administrator types a first password instead.
    await page.getByRole("radio", { name: message("employees.signIn.password") }).check();
    await field("password").fill(CLERK.password);
    await field("password_confirmation").fill(CLERK.password);
    await page.getByRole("button", { name: message("common.save") }).click();

    await waitForLocation(page, (url) => /^\/employee-profile\/\d+$/.test(url.pathname), "/employee-profile/:id");
    await page.getByRole("heading", { name: CLERK.name, exact: true }).waitFor();
    const overview = await page.locator(".ant-descriptions").first().innerText();
    expect(overview).toContain(CLERK.email);
    expect(overview).toContain(message("accessLevel.2"));
    expect(overview).toContain(ROLE.name);

    await signOut(page);
  });

  it("the staff member sees Employees, but not Roles, System activities, creating people or pay", async () => {
    const clerk = await clerkViaApi();
    await signIn(clerk.email, clerk.password);
    // Staff are not super administrators: home leads to their own dashboard.
    await at("/user-dashboard");
    await page.getByTestId("identity").getByText(CLERK.name).waitFor();

    const entries = await menuEntries(message("menu.employees"));
    expect(entries).toContain(message("menu.employees"));
    expect(entries).not.toContain(message("menu.roles"));
    expect(entries).not.toContain(message("menu.systemActivities"));

    // The page's own request: the server leaves pay out of the rows, not only the table its column.
    const listed = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/users" && response.request().method() === "GET");
    await page.goto("/employees");
    await at("/employees");
    const rows = ((await (await listed).json()) as { data: Record<string, unknown>[] }).data;
    expect(rows.length).toBeGreaterThan(3);
    // Everyone else's pay stays out (one's own pay is one's own to see).
    const others = rows.filter((row) => row.email !== clerk.email);
    expect(others.filter((row) => "base_rate" in row || "bank_account" in row || "tax_id" in row).map((row) => row.email)).toEqual([]);
    const headers = await tableHeaders();
    const names = await page.locator(".ant-table-tbody tr.ant-table-row").allInnerTexts();
    expect(names.join("\n")).toContain(ADMIN.name);
    expect(names.join("\n")).toContain(CLERK.name);
    expect(headers).toContain(message("employees.fields.name"));
    expect(headers).not.toContain(message("employees.fields.base_rate"));
    expect(await page.getByText(message("employees.create"), { exact: true }).count()).toBe(0);

    // Typed in the address bar: the route guard refuses it, not only the menu.
    await page.goto("/roles");
    await at("/unauthorized");
    await page.getByText(message("unauthorized.title"), { exact: true }).waitFor();

    await page.goto("/employees/create");
    await at("/unauthorized");
  });

  it("the staff member sets a picture, changes the password, and only the new one signs in", async () => {
    const clerk = await clerkViaApi();
    await signIn(clerk.email, clerk.password);
    await at("/user-dashboard");

    await page.goto("/profile");
    await page.getByRole("heading", { name: message("profile.title") }).waitFor();

    // The picture: through the upload's file input (the button only opens the file chooser).
    const picture = path.join(tempDir, "avatar.png");
    await fs.promises.writeFile(picture, TINY_PNG);
    await page.locator("input[type=file]").setInputFiles(picture);
    await page.getByText(message("profile.pictureUpdated"), { exact: true }).waitFor();
    // The header's avatar follows at once, from the refreshed session: a signed /api/files/ link.
    const headerAvatar = page.getByTestId("user-menu").locator("img");
    await headerAvatar.waitFor();
    expect((await headerAvatar.getAttribute("src")) ?? "").toMatch(/^\/api\/files\/\d+\?/);
    // The page's own avatar previews the chosen file; after a reload it shows the stored picture.
    await page.reload();
    const avatar = page.getByTestId("picture-preview").locator("img");
    await avatar.waitFor();
    const src = (await avatar.getAttribute("src")) ?? "";
    expect(src.startsWith("/api/files/"), `avatar src ${src}`).toBe(true);
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toContain("image/png");
    // Kept as decoded and encoded again, at its own size (it is smaller than where it is shown).
    const [kept, sent] = await Promise.all([describeImage(Buffer.from(await served.body())), describeImage(TINY_PNG)]);
    expect(kept).toEqual({ ...sent, exif: false });

    // The password.
    await page.getByLabel(message("profile.currentPassword"), { exact: true }).fill(clerk.password);
    await page.getByLabel(message("reset.newPassword"), { exact: true }).fill(clerk.newPassword);
    await page.getByLabel(message("reset.confirmPassword"), { exact: true }).fill(clerk.newPassword);
    await page.getByRole("button", { name: message("profile.changePassword") }).click();
    await page.getByText(message("profile.passwordChanged"), { exact: true }).waitFor();

    await signOut(page);

    await page.locator("#login-email").fill(clerk.email);
    await page.locator("#login-password").fill(clerk.password);
    await page.locator("form button[type=submit]").click();
    const banner = page.getByTestId("login-error");
    await banner.waitFor();
    expect(await banner.innerText()).toContain("Invalid credentials");
    expect(new URL(page.url()).pathname).toBe("/login");

    await page.locator("#login-password").fill(clerk.newPassword);
    await page.locator("form button[type=submit]").click();
    await at("/user-dashboard");
    await page.getByTestId("identity").getByText(CLERK.name).waitFor();
  });

  it("the staff member's language and dark mode follow them into another browser", async () => {
    const clerk = await clerkViaApi();
    await signIn(clerk.email, clerk.password);
    await at("/user-dashboard");
    const saved = (count: number) => {
      let seen = 0;
      return page.waitForResponse((response) => new URL(response.url()).pathname === "/api/me/profile" && response.status() === 200 && ++seen === count);
    };
    const bothSaved = saved(2);
    await page.getByTestId("dark-mode-switch").click();
    await page.getByTestId("language-select").selectOption("jp");
    await bothSaved;

    const elsewhere = await newSession(journey.browser, journey.server);
    try {
      const other = elsewhere.page;
      await other.goto("/login");
      // A new browser starts in its own language and light theme...
      expect(await other.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
      await other.locator("#login-email").fill(clerk.email);
      await other.locator("#login-password").fill(clerk.password);
      await other.locator("form button[type=submit]").click();
      await other.waitForURL((url) => url.pathname === "/user-dashboard");
      // ...and takes the account's once signed in.
      await other.waitForFunction(() => document.documentElement.lang === "ja" && document.documentElement.dataset.theme === "dark");
      // The page's lang changes first; the select follows once the language's messages are in.
      await expect.poll(() => other.getByTestId("language-select").inputValue()).toBe("jp");
    } finally {
      await elsewhere.context.close();
    }
  });
});
