import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_OFFICE } from "../../server/db/seed-attendance";
import { journeyHooks, message, signIn, waitForLocation } from "../support/journey";

/**
 * Clocking end to end, against the built app and the real server in headless
 * Chromium with the browser's position granted and mocked: the demo employee,
 * whose demo attendance stops at yesterday, is refused outside the office (the
 * distance shown), clocks in inside it, takes a break, clocks out, and the day
 * shows on their attendance page.
 */

const EMPLOYEE = { email: "employee@example.com", password: "Employee123!" };
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
    await press("clockIn");
    await page.getByTestId("clock-failure").getByText(/^You are 1\d{3} m from Makati head office, outside its 150 m area\./).waitFor();
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

    const timeline = await page.getByTestId("day-timeline").innerText();
    for (const event of ["clockIn", "breakStart", "breakEnd", "clockOut"]) expect(timeline).toContain(message(`attendanceUi.timeline.${event}`));
    expect(timeline).toContain("Makati head office");

    // The day on one's attendance page: clocked in and out at the office, no longer in.
    await page.goto("/attendance");
    const today = page.getByTestId("today-records");
    await today.getByText("Makati head office").waitFor();
    expect(await today.locator("tbody tr.ant-table-row").count()).toBe(1);
    expect(await today.getByText(message("attendanceUi.overview.stillIn")).count()).toBe(0);
  });
});
