/**
 * /attendance/schedules: the schedules with their days in the company's week
 * order and overnight shifts marked; creating one from the dialog; the people
 * drawer (assign several from a date, remove one); company holidays by year.
 */
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AssignmentRecord, HolidayRecord, ScheduleRecord } from "../../contracts/schedules";
import type { UserRecord } from "../../contracts/users";
import { todayIn } from "../../src/i18n/calendar";
import { renderAt } from "./render";
import { recordParams } from "./request-params";
import { COMPANY, meAs, page, person, signedInAs } from "./session";
import { settle, toasts } from "./toasts";
import { setupUser } from "./user";

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/schedules")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => localStorage.clear());

const schedule = (id: number, name: string, changes: Partial<ScheduleRecord> = {}): ScheduleRecord => ({
  id,
  name,
  working_days: [1, 2, 3, 4, 5],
  start_time: "09:00",
  end_time: "18:00",
  unpaid_break_minutes: 60,
  grace_minutes: 10,
  overtime_after_minutes: 480,
  active: true,
  people_count: 0,
  created_at: "2026-11-01T00:00:00Z",
  updated_at: "2026-11-01T00:00:00Z",
  ...changes,
});

const OFFICE = schedule(3, "Office hours", { people_count: 12 });
const NIGHT = schedule(7, "Night shift", { working_days: [0, 6], start_time: "22:00", end_time: "06:00", people_count: 1 });

const ASSIGNED: AssignmentRecord = { id: 31, user_id: 11, user_name: "Dana Reyes", schedule_id: 7, effective_from: "2026-11-02", created_at: "2026-11-01T00:00:00Z" };

/** Runs attendance, and may not read the employee list: the people picker names people all the same. */
const ADMIN = meAs(5, 2, "Harper HR", ["attendance_admin_access"]);

/** People as GET /users/lookup answers them. */
const lookup = (...people: UserRecord[]) => [200, { data: people.map(({ id, name, employee_number, department }) => ({ id, name, employee_number, department })) }] as [number, unknown];

/** The signed-in attendance administrator, the company's week starting on `firstDay`, and the schedules listed. */
function session(firstDay: number) {
  const fake = signedInAs(ADMIN);
  fake.on("GET", "/company-profile", [200, { data: { ...COMPANY, first_day_of_week: firstDay } }]);
  fake.on("GET", "/schedules", page([NIGHT, OFFICE]));
  return fake;
}

const checkboxLabels = (scope: HTMLElement) => within(scope).getAllByRole("checkbox").map((box) => box.closest("label")!.textContent);

describe("work schedules", () => {
  it("lists each schedule's days in the company's week order and marks a shift that ends the next day", async () => {
    session(1);
    renderAt("/attendance/schedules");
    const night = (await screen.findByText("Night shift")).closest("tr")!;
    // A week from Monday puts Saturday before Sunday.
    expect(within(night).getByText("Sat, Sun")).toBeInTheDocument();
    expect(within(night).getByText("10:00 PM – 6:00 AM")).toBeInTheDocument();
    expect(within(night).getByText("ends next day")).toBeInTheDocument();
    const office = screen.getByText("Office hours").closest("tr")!;
    expect(within(office).getByText("Mon, Tue, Wed, Thu, Fri")).toBeInTheDocument();
    expect(within(office).queryByText("ends next day")).toBeNull();
    expect(within(office).getByText("8:00 h")).toBeInTheDocument();
    expect(within(office).getByText("12")).toBeInTheDocument();
  }, 40_000);

  it("creates a schedule from the dialog, its working days offered from the company's first day of the week", async () => {
    const user = setupUser();
    const fake = session(0);
    fake.on("POST", "/schedules", [201, { data: schedule(9, "Weekend desk"), message: "Schedule created." }]);
    renderAt("/attendance/schedules");
    await user.click(await screen.findByText("New schedule", { selector: "button span" }));
    const dialog = await screen.findByRole("dialog");
    const days = within(dialog).getByRole("group", { name: "Working days" });
    await waitFor(() => expect(checkboxLabels(days)).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]));
    // An office week, 9 to 6 with an hour's break, to start from.
    expect(within(dialog).getByText("A shift of 9:00 h, from 9:00 AM to 6:00 PM. 8:00 h paid after the unpaid break.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Name"), "Weekend desk");
    await user.click(within(days).getByLabelText("Sat"));
    await user.click(within(days).getByLabelText("Mon"));
    await user.clear(within(dialog).getByLabelText("Grace period"));
    await user.type(within(dialog).getByLabelText("Grace period"), "15");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST")).toBe(true));
    expect(fake.calls.find((call) => call.method === "POST")!.body).toEqual({
      name: "Weekend desk",
      working_days: [2, 3, 4, 5, 6],
      start_time: "09:00",
      end_time: "18:00",
      unpaid_break_minutes: 60,
      grace_minutes: 15,
      overtime_after_minutes: 480,
      active: true,
    });
    await settle();
    expect(toasts()).toContain("Schedule created.");
  }, 60_000);

  it("says in the edit dialog that a shift ends the next day", async () => {
    const user = setupUser();
    const fake = session(1);
    fake.on("GET", `/schedules/${NIGHT.id}`, [200, { data: NIGHT }]);
    renderAt("/attendance/schedules");
    const night = (await screen.findByText("Night shift")).closest("tr")!;
    await user.click(within(night).getByRole("button", { name: "Edit schedule" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(within(dialog).getByLabelText("Name")).toHaveValue("Night shift"));
    expect(within(dialog).getByText("Overnight shift: from 10:00 PM to 6:00 AM the next day, 8:00 h.")).toBeInTheDocument();
    expect(checkboxLabels(within(dialog).getByRole("group", { name: "Working days" }))).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
  }, 40_000);
});

describe("people on a schedule", () => {
  const params = recordParams();

  it("assigns the people found by a search from one date, and lists them", async () => {
    const user = setupUser();
    const fake = session(1);
    fake.on("GET", `/schedules/${NIGHT.id}/assignments`, page([ASSIGNED]));
    fake.on("GET", "/users/lookup", lookup(person(12, "Kim", "Sato"), person(14, "Kim", "Lee")));
    fake.on("POST", `/schedules/${NIGHT.id}/assignments`, [201, { data: [], message: "Schedule assigned to 2 people." }]);
    renderAt("/attendance/schedules");
    const night = (await screen.findByText("Night shift")).closest("tr")!;
    await user.click(within(night).getByRole("button", { name: "People on Night shift" }));
    const drawer = await screen.findByRole("dialog", { name: "People on Night shift" });
    expect(await within(drawer).findByText("Dana Reyes")).toBeInTheDocument();
    expect(within(drawer).getByText("Mon, Nov 2, 2026")).toBeInTheDocument();

    const picker = within(drawer).getByRole("combobox", { name: "People to assign" });
    await user.click(picker);
    await user.type(picker, "kim");
    // The search goes to the server once typing pauses.
    await waitFor(() => expect(params.some((call) => call.url === "/users/lookup" && call.params.get("search") === "kim")).toBe(true));
    expect(params.filter((call) => call.url === "/users/lookup" && call.params.get("search")?.startsWith("k")).map((call) => call.params.get("search"))).toEqual(["kim"]);
    await user.click(await option("Kim Sato · E-12 · Finance"));
    await user.click(await option("Kim Lee · E-14 · Finance"));
    await user.click(within(drawer).getByRole("button", { name: "Assign" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST")).toBe(true));
    expect(fake.calls.find((call) => call.method === "POST")!.body).toEqual({ user_ids: [12, 14], effective_from: todayIn(COMPANY.time_zone) });
    await settle();
    expect(toasts()).toContain("Schedule assigned to 2 people.");
  }, 60_000);

  it("removes an assignment after asking", async () => {
    const user = setupUser();
    const fake = session(1);
    fake.on("GET", `/schedules/${NIGHT.id}/assignments`, page([ASSIGNED]));
    fake.on("GET", "/users/lookup", lookup());
    fake.on("DELETE", `/schedules/${NIGHT.id}/assignments/${ASSIGNED.id}`, [200, { data: { id: ASSIGNED.id, outcome: "deleted" }, message: "Assignment removed." }]);
    renderAt("/attendance/schedules");
    const night = (await screen.findByText("Night shift")).closest("tr")!;
    await user.click(within(night).getByRole("button", { name: "People on Night shift" }));
    const drawer = await screen.findByRole("dialog", { name: "People on Night shift" });
    await user.click(await within(drawer).findByRole("button", { name: "Remove the assignment of Dana Reyes" }));
    expect(await screen.findByText("Remove Dana Reyes's assignment from Mon, Nov 2, 2026?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "DELETE" && call.url === `/schedules/${NIGHT.id}/assignments/${ASSIGNED.id}`)).toBe(true));
    await settle();
    expect(toasts()).toContain("Assignment removed.");
  }, 60_000);
});

describe("company holidays", () => {
  const params = recordParams();
  const CHRISTMAS: HolidayRecord = { id: 2, date: "2026-12-25", name: "Christmas Day", kind: "regular", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z" };

  it("lists one year's holidays with their weekday, another year on choosing it, and creates one", async () => {
    const user = setupUser();
    const fake = session(1);
    fake.on("GET", "/holidays", page([CHRISTMAS]));
    fake.on("POST", "/holidays", [201, { data: { ...CHRISTMAS, id: 3, date: "2026-12-30", name: "Rizal Day" }, message: "Holiday created." }]);
    renderAt("/attendance/schedules?tab=holidays");
    const row = (await screen.findByText("Christmas Day")).closest("tr")!;
    expect(within(row).getByText("Fri, Dec 25, 2026")).toBeInTheDocument();
    expect(within(row).getByText("Regular holiday")).toBeInTheDocument();
    const year = Number(todayIn(COMPANY.time_zone).slice(0, 4));
    const holidayCalls = () => params.filter((call) => call.url === "/holidays");
    expect(holidayCalls().at(-1)!.params.get("filter[date][dateAfter]")).toBe(`${year - 1}-12-31`);
    expect(holidayCalls().at(-1)!.params.get("filter[date][dateBefore]")).toBe(`${year + 1}-01-01`);

    await user.click(screen.getByRole("combobox", { name: "Year" }));
    await user.click(await option(String(year - 1)));
    await waitFor(() => expect(holidayCalls().at(-1)!.params.get("filter[date][dateAfter]")).toBe(`${year - 2}-12-31`));

    await user.click(screen.getByText("New holiday", { selector: "button span" }));
    const dialog = await screen.findByRole("dialog");
    const date = within(dialog).getByLabelText("Date");
    fireEvent.focus(date);
    fireEvent.change(date, { target: { value: "2026-12-30" } });
    fireEvent.keyDown(date, { key: "Enter", code: "Enter", keyCode: 13 });
    await user.type(within(dialog).getByLabelText("Name"), "Rizal Day");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === "POST")?.body).toEqual({ date: "2026-12-30", name: "Rizal Day", kind: "regular" }));
    // Saved, the dialog closes and the page stays on its holidays tab (Refine would go to the resource's list route).
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await settle();
    expect(screen.getByRole("tab", { name: "Holidays" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("Christmas Day")).toBeInTheDocument();
  }, 60_000);

  it("is refused to an employee", async () => {
    const fake = signedInAs(meAs(3, 1, "Emery Employee", ["attendance_admin_access"]));
    renderAt("/attendance/schedules?tab=holidays");
    expect(await screen.findByText("Access restricted")).toBeInTheDocument();
    expect(fake.calls.some((call) => call.url === "/holidays" || call.url === "/schedules")).toBe(false);
  }, 40_000);
});

/** An open antd select's option, by its label. */
const option = (label: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-dropdown .ant-select-item-option[title="${label}"]`);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
