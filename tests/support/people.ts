import type { ActivityRecord } from "../../contracts/activities";
/**
 * Helpers for the People API tests (users, roles, own profile, activities):
 * calls as a given caller, fresh people and roles made through the API, the
 * activity log read back, and multipart bodies with real image bytes.
 */
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Permission } from "../../contracts/permissions";
import { authorized, type TestApp } from "./api";
import { pngFile } from "./png";

export const ADMIN = { email: "admin@example.com", password: "Admin123!" };
export const HR = { email: "hr@example.com", password: "Hr123456!" };
export const EMPLOYEE = { email: "employee@example.com", password: "Employee123!" };

/** A password every rule accepts. */
export const GOOD_PASSWORD = "Valid123!pass";

/** One request as `token`'s holder, or anonymously with null. */
export function call(t: TestApp, token: string | null, options: InjectOptions): Promise<LightMyRequestResponse> {
  return t.app.inject(token ? authorized(token, options) : options);
}

let serial = 0;
/** A string no other call in this process returns: unique e-mails, names and numbers. */
export const unique = (prefix = "p") => `${prefix}${Date.now().toString(36)}${(serial++).toString(36)}`;

/** A complete, valid employee for POST /api/users. */
export function employeePayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const tag = unique();
  return {
    first_name: "Jordan",
    last_name: `Tester ${tag}`,
    email: `${tag}@example.com`,
    password: GOOD_PASSWORD,
    password_confirmation: GOOD_PASSWORD,
    access_level: 1,
    role_id: null,
    is_active: true,
    employee_number: `EMP-${tag}`,
    phone: "+1 555 0100",
    department: "Finance",
    position: "Analyst",
    employment_type: "full_time",
    employment_status: "active",
    hire_date: "2025-01-15",
    end_date: null,
    birth_date: "1990-06-30",
    address: "1 Main Street",
    pay_basis: "monthly",
    base_rate: 420000,
    currency: "USD",
    bank_name: "First Bank",
    bank_account: "0011223344",
    tax_id: "TX-998877",
    social_insurance_id: "SI-5544",
    emergency_contact_name: "Casey Tester",
    emergency_contact_phone: "+1 555 0199",
    ...overrides,
  };
}

export interface Person {
  id: number;
  email: string;
  password: string;
}

/** Creates a person as `adminToken`'s holder and expects 201. */
export async function createPerson(t: TestApp, adminToken: string, overrides: Record<string, unknown> = {}): Promise<Person> {
  const payload = employeePayload(overrides);
  const response = await call(t, adminToken, { method: "POST", url: "/api/users", payload });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().data.id, email: String(payload.email).toLowerCase(), password: String(payload.password) };
}

/** Creates a role as `token`'s holder and expects 201. */
export async function createRole(t: TestApp, token: string, permissions: readonly Permission[], name = unique("Role ")): Promise<number> {
  const response = await call(t, token, { method: "POST", url: "/api/roles", payload: { name, permissions } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

/** A fresh staff member (level 2) holding a new role with exactly `permissions`, signed in. */
export async function staffWith(t: TestApp, adminToken: string, permissions: readonly Permission[]): Promise<Person & { token: string; roleId: number }> {
  const roleId = await createRole(t, adminToken, permissions);
  const person = await createPerson(t, adminToken, { access_level: 2, role_id: roleId });
  return { ...person, roleId, token: await t.tokenFor(person.email, person.password) };
}

/** A fresh employee (level 1), signed in. */
export async function employeeSignedIn(t: TestApp, adminToken: string, overrides: Record<string, unknown> = {}): Promise<Person & { token: string }> {
  const person = await createPerson(t, adminToken, { access_level: 1, ...overrides });
  return { ...person, token: await t.tokenFor(person.email, person.password) };
}

/** The API's activity record, with its changes read as an object. */
export type ActivityRow = Omit<ActivityRecord, "changes"> & { changes: Record<string, unknown> | null };

/** Every activity row with an id above `afterId`, oldest first, read through the API as `adminToken`'s holder. */
export async function activitiesAfter(t: TestApp, adminToken: string, afterId: number): Promise<ActivityRow[]> {
  const rows: ActivityRow[] = [];
  for (let page = 1; ; page++) {
    const response = await call(t, adminToken, { method: "GET", url: `/api/dashboard/system-activities?per_page=100&page=${page}` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const fresh = (body.data as ActivityRow[]).filter((row) => row.id > afterId);
    rows.push(...fresh);
    if (fresh.length < body.data.length || page >= body.meta.last_page) break;
  }
  return rows.sort((a, b) => a.id - b.id);
}

/** The id of the newest activity row (0 when the log is empty). */
export async function lastActivityId(t: TestApp, adminToken: string): Promise<number> {
  const response = await call(t, adminToken, { method: "GET", url: "/api/dashboard/system-activities?per_page=1" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data[0]?.id ?? 0;
}

/** A multipart/form-data body built by hand, as a browser would send it. */
export function multipart(parts: { name: string; filename?: string; contentType?: string; content: Buffer | string }[], boundary = "----PaydeskTestBoundary7MA4YWxkTrZu0gW") {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ""}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) };
}

/** A valid 1×1 PNG (one red pixel), built byte by byte with its CRCs. */
export const PNG_1X1: Buffer = (() => {
  // One scanline: filter byte 0, then R G B; zlib-deflated (stored block) by hand.
  const raw = Buffer.from([0x00, 0xff, 0x00, 0x00]);
  let a = 1;
  let b = 0;
  for (const byte of raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((b << 16) | a) >>> 0);
  return pngFile(1, 1, 2, Buffer.concat([Buffer.from([0x78, 0x01, 0x01, raw.length, 0x00, ~raw.length & 0xff, 0xff]), raw, adler]));
})();

/** A 2×2 red JPEG (written by libvips): the server decodes what it keeps, so a fixture must be a real image. */
export const JPEG_TINY = Buffer.from(
  "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCAAHlhf//Z",
  "base64",
);

/** A 2×2 red WebP (lossy, written by libvips). */
export const WEBP_TINY = Buffer.from("UklGRjoAAABXRUJQVlA4IC4AAACwAQCdASoCAAIAAUAmJaACdLoABDAAAP7x3I/4DdfFtMv/vYL/3YL/3YL/WwAA", "base64");
