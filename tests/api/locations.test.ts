/**
 * Work locations (/api/locations): attendance administrators set them up;
 * everyone else is refused. Validation of the circle (coordinates, radius),
 * names unique whatever the case, the list engine, and the activity log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/api";
import { activitiesAfter, ADMIN, call, EMPLOYEE, HR, lastActivityId, staffWith, unique } from "../support/people";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
});
afterAll(() => t.close());

const office = (overrides: Record<string, unknown> = {}) => ({
  name: unique("Office "),
  address: "1 Ayala Avenue, Makati",
  latitude: 14.5547,
  longitude: 121.0244,
  radius_m: 150,
  ...overrides,
});

async function create(token: string, body: Record<string, unknown> = office()) {
  return call(t, token, { method: "POST", url: "/api/locations", payload: body });
}

describe("who may", () => {
  it("answers 401 to anonymous callers and 403 to an employee, on every call", async () => {
    const employee = await t.tokenFor(EMPLOYEE.email);
    for (const [method, url] of [["GET", "/api/locations"], ["POST", "/api/locations"], ["GET", "/api/locations/1"], ["PUT", "/api/locations/1"], ["DELETE", "/api/locations/1"]] as const) {
      expect((await call(t, null, { method, url, payload: method === "POST" || method === "PUT" ? office() : undefined })).statusCode).toBe(401);
      expect((await call(t, employee, { method, url, payload: method === "POST" || method === "PUT" ? office() : undefined })).statusCode).toBe(403);
    }
  });

  it("lets the HR officer (attendance_admin_access) and the administrator manage them, and refuses staff without it", async () => {
    const hr = await t.tokenFor(HR.email);
    const created = await create(hr);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect((await call(t, admin, { method: "PUT", url: `/api/locations/${id}`, payload: { radius_m: 200 } })).json().data.radius_m).toBe(200);
    const reports = await staffWith(t, admin, ["attendance_access", "attendance_reports_access"]);
    expect((await call(t, reports.token, { method: "GET", url: "/api/locations" })).statusCode).toBe(403);
    expect((await call(t, reports.token, { method: "DELETE", url: `/api/locations/${id}` })).statusCode).toBe(403);
    expect((await call(t, hr, { method: "DELETE", url: `/api/locations/${id}` })).statusCode).toBe(200);
    expect((await call(t, hr, { method: "GET", url: `/api/locations/${id}` })).statusCode).toBe(404);
  });
});

describe("the record", () => {
  it("creates, reads back, changes only what is sent, and answers in the record's shape", async () => {
    const body = office({ active: false });
    const created = await create(admin, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ data: { ...body, id: expect.any(Number) }, message: "Work location created." });
    const id = created.json().data.id;
    const read = (await call(t, admin, { method: "GET", url: `/api/locations/${id}` })).json().data;
    expect(Object.keys(read).sort()).toEqual(["active", "address", "created_at", "id", "latitude", "longitude", "name", "radius_m", "updated_at"]);
    const changed = await call(t, admin, { method: "PUT", url: `/api/locations/${id}`, payload: { active: true } });
    expect(changed.json().data).toMatchObject({ ...body, active: true });
  });

  it("is active unless said otherwise, and a blank address is none", async () => {
    const created = (await create(admin, office({ address: "  " }))).json().data;
    expect(created).toMatchObject({ active: true, address: null });
  });

  it.each([
    ["latitude", 90.0001, "Enter a latitude from -90 to 90 degrees."],
    ["latitude", -91, "Enter a latitude from -90 to 90 degrees."],
    ["longitude", 180.5, "Enter a longitude from -180 to 180 degrees."],
    ["radius_m", 9, "Enter a radius in whole metres, from 10 to 50,000."],
    ["radius_m", 50_001, "Enter a radius in whole metres, from 10 to 50,000."],
    ["radius_m", 12.5, "Enter a radius in whole metres, from 10 to 50,000."],
    ["latitude", "14.5", "Value has the wrong type"],
    ["name", "", "Value is required"],
  ])("refuses %s = %j (422 on the field) and stores nothing", async (field, value, message) => {
    const name = unique("Refused ");
    const response = await create(admin, office({ name: field === "name" ? value : name, [field]: value }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect((await call(t, admin, { method: "GET", url: `/api/locations?filter[name][equals]=${encodeURIComponent(name)}` })).json().data).toEqual([]);
  });

  it("keeps names unique whatever the case (422 on name), on create and on update", async () => {
    const name = unique("Head Office ");
    await create(admin, office({ name }));
    const again = await create(admin, office({ name: name.toUpperCase() }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.name).toEqual(["Another work location already has this name."]);
    const other = (await create(admin)).json().data.id;
    expect((await call(t, admin, { method: "PUT", url: `/api/locations/${other}`, payload: { name: name.toLowerCase() } })).statusCode).toBe(422);
  });
});

describe("the list", () => {
  it("filters, sorts and searches through the list engine, and refuses unknown filters", async () => {
    const tag = unique("Branch ");
    for (const [suffix, radius] of [["A", 50], ["B", 500], ["C", 5000]] as const) await create(admin, office({ name: `${tag} ${suffix}`, radius_m: radius }));
    const list = await call(t, admin, { method: "GET", url: `/api/locations?search=${encodeURIComponent(tag)}&filter[radius_m][gte]=100&sort=-name` });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { name: string }) => row.name)).toEqual([`${tag} C`, `${tag} B`]);
    expect(list.json().meta).toMatchObject({ current_page: 1, total: 2 });
    expect((await call(t, admin, { method: "GET", url: "/api/locations?filter[latitude][equals]=1" })).statusCode).toBe(422);
  });
});

describe("the activity log", () => {
  it("records each change once, with what changed", async () => {
    const since = await lastActivityId(t, admin);
    const id = (await create(admin)).json().data.id;
    await call(t, admin, { method: "PUT", url: `/api/locations/${id}`, payload: { radius_m: 75 } });
    await call(t, admin, { method: "DELETE", url: `/api/locations/${id}` });
    const rows = await activitiesAfter(t, admin, since);
    expect(rows.map((row) => row.action)).toEqual(["location.created", "location.updated", "location.deleted"]);
    expect(rows[1].changes).toEqual({ radius_m: { from: 150, to: 75 } });
  });
});
