/**
 * /user-attendance: a person picked by a search (kept in the address), their
 * days, a day's records, and an attendance administrator's entries,
 * corrections and removals with a reason, in the company's zone (Manila in
 * the test company); the server's refusals shown; the employee profile's
 * Attendance tab for those who may read it.
 */
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AxiosAdapter, InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AttendanceRecord } from "../../contracts/attendance";
import type { AttendanceDay } from "../../contracts/attendance-reports";
import { http } from "../../src/lib/http";
import { renderAt } from "./render";
import { meAs, page, person, signedInAs } from "./session";
import { settle, toasts } from "./toasts";
import { setupUser } from "./user";
import { attendanceDay } from "./attendance-days";

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/user-attendance"), import("../../src/pages/users")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

const ADMIN = meAs(1, 0, "Alex Admin");
/** May see anyone's days and pick anyone, not correct them, nor read the employee list. */
const VIEWER = meAs(4, 2, "Vic Viewer", ["attendance_reports_access"]);
const DANA = person(11, "Dana", "Reyes");
/** Dana as GET /users/lookup names her. */
const DANA_NAMED = { id: DANA.id, name: DANA.name, employee_number: DANA.employee_number, department: DANA.department };

const day = (date: string, changes: Partial<AttendanceDay> = {}) => attendanceDay(date, { user_id: 11, ...changes });

// 01:00 UTC is 09:00 in Manila.
const RECORD: AttendanceRecord = {
  id: 70,
  user_id: 11,
  work_date: "2026-11-24",
  clock_in_at: "2026-11-24T01:00:00.000Z",
  clock_out_at: "2026-11-24T10:05:00.000Z",
  remote: false,
  source: "clock",
  in_location: { id: 4, name: "Makati head office" },
  in_distance_m: 1200,
  out_location: null,
  out_distance_m: null,
  breaks: [{ id: 1, started_at: "2026-11-24T04:00:00.000Z", ended_at: "2026-11-24T05:00:00.000Z" }],
  worked_minutes: 485,
};

/** The query strings the app sent, by path: the fake API answers by path alone. */
let sent: { url: string; params: Record<string, unknown> }[] = [];
let recorder: number;
beforeEach(() => {
  sent = [];
  recorder = http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const params = config.params instanceof URLSearchParams ? Object.fromEntries(config.params) : { ...config.params };
    sent.push({ url: config.url ?? "", params });
    return config;
  });
});
afterEach(() => {
  http.interceptors.request.eject(recorder);
  localStorage.clear();
});
const paramsOf = (url: string) => sent.filter((call) => call.url === url).map((call) => call.params);

/** A signed-in person looking at Dana's days, with her records of 24 November. */
function danaAs(me = ADMIN, records: AttendanceRecord[] = [RECORD]) {
  const fake = signedInAs(me);
  fake.on("GET", "/users/lookup", [200, { data: [DANA_NAMED] }]);
  fake.on("GET", "/users/11", [200, { data: DANA }]);
  fake.on("GET", "/attendance/user-attendance", page([day("2026-11-24", { first_in: RECORD.clock_in_at, last_out: RECORD.clock_out_at, worked_minutes: 485 }), day("2026-11-23", { status: "absent" })]));
  fake.on("GET", "/attendance/records", [200, { data: records }]);
  return fake;
}

/** Types a value into the picker labelled `label` (a date or a time) and confirms it with Enter. */
function pick(scope: HTMLElement, label: string, text: string) {
  const input = within(scope).getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: "Enter", code: "Enter", keyCode: 13 });
}

/** The dialog of a title (the tests' ids are all one, so aria-labelledby names every dialog after the first). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  return (await screen.findByText(title, { selector: ".ant-modal-title" })).closest<HTMLElement>('[role="dialog"]')!;
}

async function openRecords(date = "Tue, Nov 24, 2026") {
  const user = setupUser();
  await user.click(await screen.findByRole("button", { name: `Records of ${date}` }));
  return dialogTitled(`Records of ${date}`);
}

describe("choosing a person", () => {
  it("asks for a person, searches as the name is typed, and keeps the choice in the address", async () => {
    const user = setupUser();
    const fake = danaAs(VIEWER);
    renderAt("/user-attendance");
    expect(await screen.findByText("Choose an employee to see their days, their records and any corrections.")).toBeInTheDocument();
    expect(fake.calls.some((call) => call.url === "/attendance/user-attendance")).toBe(false);
    const picker = screen.getByLabelText("Employee");
    await user.type(picker, "Dan");
    // One search once typing pauses, not one a key.
    await waitFor(() => expect(paramsOf("/users/lookup").some((params) => params.search === "Dan")).toBe(true));
    expect(paramsOf("/users/lookup").filter((params) => params.search !== undefined)).toHaveLength(1);
    await user.click(await screen.findByText("Dana Reyes · E-11 · Finance", { selector: ".ant-select-item-option-content" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/user-attendance?user_id=11"));
    expect(await screen.findByText("Absent", { selector: ".ant-tag" })).toBeInTheDocument();
    expect(paramsOf("/attendance/user-attendance")[0]).toMatchObject({ user_id: "11", sort: "-date" });
  }, 40_000);

  it("shows the person of the address by name, with their days in the company's zone", async () => {
    danaAs();
    // Only the lookup by id names her: she is not among the first people a bare search finds.
    const answer = http.defaults.adapter as AxiosAdapter;
    http.defaults.adapter = (config) =>
      config.url === "/users/lookup" && !config.params?.ids ? Promise.resolve({ status: 200, statusText: "OK", data: { data: [] }, headers: {}, config }) : answer(config);
    renderAt("/user-attendance?user_id=11");
    const row = (await screen.findByText("Present", { selector: ".ant-tag" })).closest("tr")!;
    expect(within(row).getByText("9:00 AM")).toBeInTheDocument();
    expect(within(row).getByText("6:05 PM")).toBeInTheDocument();
    expect(within(row).getByText("8:05")).toBeInTheDocument();
    // The address gives an id: the picker asks the lookup to name it.
    expect(await screen.findByText("Dana Reyes · E-11 · Finance", { selector: ".ant-select-selection-item" })).toBeInTheDocument();
    expect(paramsOf("/users/lookup")).toContainEqual({ ids: "11" });
  }, 40_000);

  it("is refused to someone who may not see anyone's attendance", async () => {
    const fake = signedInAs(meAs(9, 2, "Pat Payroll", ["users_view"]));
    renderAt("/user-attendance?user_id=11");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/unauthorized"));
    expect(fake.calls.some((call) => call.url.startsWith("/attendance"))).toBe(false);
  }, 40_000);
});

describe("a day's records", () => {
  it("lists them with times in the company's zone, breaks, where they were clocked, and no correcting for a viewer", async () => {
    danaAs(VIEWER);
    renderAt("/user-attendance?user_id=11");
    const dialog = await openRecords();
    expect(await within(dialog).findByText("9:00 AM – 6:05 PM")).toBeInTheDocument();
    expect(within(dialog).getByText("12:00 PM – 1:00 PM")).toBeInTheDocument();
    expect(within(dialog).getByText("Makati head office (1,200 m away)")).toBeInTheDocument();
    expect(within(dialog).getByText("Clocked")).toBeInTheDocument();
    expect(paramsOf("/attendance/records")[0]).toEqual({ user_id: 11, from: "2026-11-24", to: "2026-11-24" });
    expect(within(dialog).queryByRole("button", { name: /Edit|Delete|Add entry/ })).toBeNull();
    expect(screen.queryByText("Add entry")).toBeNull();
  }, 40_000);
});

describe("corrections", () => {
  it("adds an entry for the day with a break and a reason, sending instants in the company's zone", async () => {
    const user = setupUser();
    const fake = danaAs(ADMIN, []);
    let body: unknown;
    fake.on("POST", "/attendance/manual", (sentBody) => ((body = sentBody), [201, { data: RECORD, message: "Day entered." }]));
    renderAt("/user-attendance?user_id=11");
    const records = await openRecords();
    expect(await within(records).findByText("Nothing was recorded on this day.")).toBeInTheDocument();
    await user.click(within(records).getByRole("button", { name: /Add entry/ }));
    const dialog = await dialogTitled("Add an attendance entry");
    expect(within(dialog).getByLabelText("Date")).toHaveValue("11/24/2026");
    pick(dialog, "Clock-in", "22:00");
    pick(dialog, "Clock-out", "6:30 AM");
    await user.click(within(dialog).getByRole("button", { name: /Add a break/ }));
    pick(dialog, "Break 1 start", "01:00");
    pick(dialog, "Break 1 end", "01:30");
    // Without a reason the form says so and sends nothing.
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Value is required")).toBeInTheDocument();
    expect(body).toBeUndefined();
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Forgot to clock in" } });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(body).toBeDefined());
    // A night shift: the times before 22:00 fall on the next day.
    expect(body).toEqual({
      user_id: 11,
      clock_in_at: "2026-11-24T22:00:00+08:00",
      clock_out_at: "2026-11-25T06:30:00+08:00",
      breaks: [{ started_at: "2026-11-25T01:00:00+08:00", ended_at: "2026-11-25T01:30:00+08:00" }],
      reason: "Forgot to clock in",
    });
    await waitFor(() => expect(screen.queryByText("Add an attendance entry", { selector: ".ant-modal-title" })).toBeNull());
    await settle();
    expect(toasts().join(" ")).toContain("Day entered.");
    // The day's records and the days are read again.
    expect(paramsOf("/attendance/records").length).toBeGreaterThan(1);
    expect(paramsOf("/attendance/user-attendance").length).toBeGreaterThan(1);
  }, 60_000);

  it("corrects a record from its times on the company's clock, with a reason", async () => {
    const user = setupUser();
    const fake = danaAs();
    let body: unknown;
    fake.on("PUT", "/attendance/70", (sentBody) => ((body = sentBody), [200, { data: RECORD, message: "Day corrected." }]));
    renderAt("/user-attendance?user_id=11");
    const records = await openRecords();
    await user.click(await within(records).findByRole("button", { name: "Edit the record 9:00 AM – 6:05 PM" }));
    const dialog = await dialogTitled("Correct an attendance record");
    expect(within(dialog).getByLabelText("Clock-in")).toHaveValue("9:00 AM");
    expect(within(dialog).getByLabelText("Break 1 start")).toHaveValue("12:00 PM");
    pick(dialog, "Clock-out", "19:15");
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Stayed for the stock count" } });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toEqual({
      clock_in_at: "2026-11-24T09:00:00+08:00",
      clock_out_at: "2026-11-24T19:15:00+08:00",
      breaks: [{ started_at: "2026-11-24T12:00:00+08:00", ended_at: "2026-11-24T13:00:00+08:00" }],
      reason: "Stayed for the stock count",
    });
    await settle();
    expect(toasts().join(" ")).toContain("Day corrected.");
  }, 60_000);

  it("shows the server's refusals: a 422 on its field, a 409 above the form", async () => {
    const user = setupUser();
    const fake = danaAs();
    fake.on("PUT", "/attendance/70", [422, { message: "A day cannot end in the future.", errors: { clock_out_at: ["A day cannot end in the future."] } }]);
    renderAt("/user-attendance?user_id=11");
    const records = await openRecords();
    await user.click(await within(records).findByRole("button", { name: "Edit the record 9:00 AM – 6:05 PM" }));
    const dialog = await dialogTitled("Correct an attendance record");
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Stayed late" } });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const message = await within(dialog).findByText("A day cannot end in the future.");
    expect(message.closest(".ant-form-item")).toContainElement(within(dialog).getByLabelText("Clock-out"));

    const overlap = "This overlaps the person's time on 2026-11-24. Correct that day instead.";
    fake.on("PUT", "/attendance/70", [409, { message: overlap }]);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(overlap);
    expect(screen.getByText("Correct an attendance record", { selector: ".ant-modal-title" })).toBeInTheDocument();
  }, 60_000);

  it("deletes a record with a reason", async () => {
    const user = setupUser();
    const fake = danaAs();
    let body: unknown;
    fake.on("DELETE", "/attendance/70", (sentBody) => ((body = sentBody), [200, { message: "Day removed." }]));
    renderAt("/user-attendance?user_id=11");
    const records = await openRecords();
    await user.click(await within(records).findByRole("button", { name: "Delete the record 9:00 AM – 6:05 PM" }));
    const dialog = await dialogTitled("Delete this attendance record?");
    expect(within(dialog).getByText(/^Tue, Nov 24, 2026, 9:00 AM – 6:05 PM\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByText("Value is required")).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Entered twice" } });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(body).toEqual({ reason: "Entered twice" }));
    await settle();
    expect(toasts().join(" ")).toContain("Day removed.");
  }, 60_000);
});

describe("the employee profile", () => {
  const profileOf = (me = ADMIN) => {
    const fake = danaAs(me);
    fake.on("GET", "/users/11/profile", [200, { data: { user: DANA, recent_activity: null } }]);
    return fake;
  };

  it("has an Attendance tab with the person's recent days and a link to all of them", async () => {
    const user = setupUser();
    profileOf();
    renderAt("/employee-profile/11");
    await user.click(await screen.findByRole("tab", { name: "Attendance" }));
    expect(await screen.findByText("Absent", { selector: ".ant-tag" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All days and corrections" })).toHaveAttribute("href", "/user-attendance?user_id=11");
    expect(paramsOf("/attendance/user-attendance")[0]).toMatchObject({ user_id: "11", per_page: "7" });
  }, 40_000);

  it("has no Attendance tab for someone who may not read anyone's attendance", async () => {
    const fake = profileOf(meAs(9, 2, "Pat People", ["users_view"]));
    renderAt("/employee-profile/11");
    expect(await screen.findByText("Dana Reyes")).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Attendance" })).toBeNull();
    expect(fake.calls.some((call) => call.url.startsWith("/attendance"))).toBe(false);
  }, 40_000);
});
