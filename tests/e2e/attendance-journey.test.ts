import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { AttendanceDay } from "../../contracts/attendance-reports";
import { DEMO_OFFICE } from "../../server/db/seed-attendance";
import { apiToken } from "../support/e2e";
import { journeyHooks, message, signIn, waitForLocation } from "../support/journey";

/**
 * Clocking end to end, against the built app and the real server in headless
 * Chromium with the browser's position granted and mocked: the demo employee,
 * whose demo attendance stops at yesterday, is refused outside the office (the
 * distance shown), clocks in inside it, takes a break, clocks out, and the day
 * shows on their attendance page, in their history and in the administrator's
 * report.
 */

const EMPLOYEE = { email: "employee@example.com", password: "Employee123!" };
const ADMIN = { email: "admin@example.com", password: "Admin123!" };
/** About 1.2 km north of the office, and about 30 m. */
const FAR = { latitude: DEMO_OFFICE.latitude + 0.0108, longitude: DEMO_OFFICE.longitude, accuracy: 10 };
const NEAR = { latitude: DEMO_OFFICE.latitude + 0.0003, longitude: DEMO_OFFICE.longitude, accuracy: 10 };

const journey = journeyHooks({ geolocation: FAR, permissions: ["geolocation"] });
let page: Page;
beforeEach(() => {
  page = journey.page;
});

const clockState = () => page.getByTestId("clock-state");
const press = (key: string) => page.getByRole("button", { name: message(`attendanceUi.actions.${key}`), exact: true }).click();
const stateIs = (state: string) => clockState().getByText(message(`attendanceUi.states.${state}`), { exact: true }).waitFor();

describe("clocking in and out at a work location", () => {
  it("refuses outside the fence with the distance, then clocks in inside, breaks, clocks out, and the day shows", async () => {
    await signIn(page, EMPLOYEE.email, EMPLOYEE.password);
    await waitForLocation(page, (url) => url.pathname !== "/login", "signed in");
    await page.goto("/attendance/clock");
    await stateIs("out");

    // Allowed before: the position is checked on opening; about 1.2 km away.
    const check = page.getByTestId("location-check");
    await check.getByText(/the nearest, Makati head office, is 1,\d{3} m away/).waitFor();
    // The check has said no: clock-in waits, saying why, until a new position is checked.
    const clockIn = page.getByRole("button", { name: message("attendanceUi.actions.clockIn"), exact: true });
    await expect.poll(() => clockIn.isDisabled()).toBe(true);
    expect(await clockIn.getAttribute("aria-describedby")).toBe("clock-blocked");
    expect(await page.locator("#clock-blocked").innerText()).toBe(message("attendanceUi.clock.blocked.outside"));
    await stateIs("out");

    await journey.session.context.setGeolocation(NEAR);
    await page.getByRole("button", { name: message("attendanceUi.location.recheck"), exact: true }).click();
    await check.getByText("You are at Makati head office.", { exact: true }).waitFor();

    await press("clockIn");
    await stateIs("in");
    expect(await page.getByTestId("clock-failure").count()).toBe(0);
    await expect.poll(() => page.getByRole("timer").innerText()).toMatch(/^0:00:0[1-9]$/);

    await press("startBreak");
    await stateIs("on_break");
    await press("endBreak");
    await stateIs("in");
    await press("clockOut");
    await stateIs("out");

    // The state and the day's timeline are separate calls, refreshed together: the timeline may come a moment later.
    const dayTimeline = page.getByTestId("day-timeline");
    await dayTimeline.getByText(message("attendanceUi.timeline.clockOut"), { exact: false }).waitFor();
    const timeline = await dayTimeline.innerText();
    for (const event of ["clockIn", "breakStart", "breakEnd", "clockOut"]) expect(timeline).toContain(message(`attendanceUi.timeline.${event}`));
    expect(timeline).toContain("Makati head office");

    // The day on one's attendance page: clocked in and out at the office, no longer in.
    await page.goto("/attendance");
    const today = page.getByTestId("today-records");
    await today.getByText("Makati head office").waitFor();
    expect(await today.locator("tbody tr.ant-table-row").count()).toBe(1);
    expect(await today.getByText(message("attendanceUi.overview.stillIn")).count()).toBe(0);

    // In one's history, today comes first, as the server derives it: on a working day a few seconds'
    // work is under half the shift, a half day; on a weekend or holiday the journey may run on, a day off worked.
    const token = await apiToken(journey.server, EMPLOYEE.email, EMPLOYEE.password);
    const reply = await fetch(`${journey.server.url}/api/attendance/history?per_page=1`, { headers: { authorization: `Bearer ${token}` } });
    const day = ((await reply.json()) as { data: AttendanceDay[] }).data[0];
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Manila" }).format(new Date());
    expect(day.date).toBe(date);
    expect(day.status).toBe(day.scheduled_minutes > 0 ? "half_day" : day.holiday ? "holiday" : "rest_day");
    await page.goto("/attendance/history");
    await page.locator("tbody tr.ant-table-row").first().getByText(message(`attendanceReports.statuses.${day.status}`), { exact: true }).waitFor();

    // And in the administrator's report for today: on a working day one day due, present, a half day; never absent.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, ADMIN.email, ADMIN.password);
    await waitForLocation(page, (url) => url.pathname !== "/login", "signed in as the administrator");
    await page.goto(`/attendance/reports?from=${date}&to=${date}`);
    const search = page.getByLabel(message("list.search.label"), { exact: true });
    // The demo employee's number: their e-mail address is part of another demo person's.
    await search.fill("E-0003");
    await search.press("Enter");
    const row = page.locator("tbody tr.ant-table-row", { hasText: "E-0003" });
    await row.waitFor();
    // Name, number, department; days scheduled, present, late (after 09:10, or not), half, absent.
    const working = day.scheduled_minutes > 0 ? "1" : "0";
    expect((await row.innerText()).split("\t").slice(0, 8)).toEqual(["Emery Santos", "E-0003", "Operations", working, working, expect.any(String), working, "0"]);
  });
});
