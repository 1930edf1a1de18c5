/**
 * The time clock: the buttons of each state, the position asked of the
 * browser and checked against the work locations (found, refused, outside
 * the fence), the server's 422 and 409 in its words, and the worked time and
 * the day's events at the company's time of day.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AttendanceRecord, ClockState, LocationCheck } from "../../contracts/attendance";
import { renderAt } from "./render";
import { meAs, signedInAs } from "./session";
import { setupUser } from "./user";

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/attendance/clock")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, "geolocation");
});

const EMPLOYEE = meAs(7, 1, "Emma Employee", ["attendance_access"]);
const OFFICE = { id: 4, name: "Makati head office", radius_m: 150 };
const HERE = { latitude: 14.5547, longitude: 121.0244, accuracy: 12 };

/** The browser's geolocation: a position, or a refusal with its code (1 denied, 2 unavailable, 3 timeout). */
function geolocation(answer: typeof HERE | 1 | 2 | 3) {
  const getCurrentPosition = vi.fn((found: PositionCallback, failed?: PositionErrorCallback | null, options?: PositionOptions) => {
    void options;
    if (typeof answer === "number") failed?.({ code: answer, message: "no", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    else found({ coords: { ...answer, altitude: null, altitudeAccuracy: null, heading: null, speed: null }, timestamp: Date.now() } as GeolocationPosition);
  });
  Object.defineProperty(navigator, "geolocation", { configurable: true, value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() } });
  return getCurrentPosition;
}

const record = (over: Partial<AttendanceRecord> = {}): AttendanceRecord => ({
  id: 31,
  user_id: 7,
  work_date: "2026-11-23",
  clock_in_at: "2026-11-23T00:05:00Z",
  clock_out_at: null,
  remote: false,
  source: "clock",
  in_location: OFFICE,
  in_distance_m: 40,
  out_location: null,
  out_distance_m: null,
  breaks: [],
  worked_minutes: 0,
  ...over,
});

/** A server of one person's clock: its state and record move with the calls. */
function clockServer(initial: { state: ClockState; record: AttendanceRecord | null }, check: LocationCheck) {
  const fake = signedInAs(EMPLOYEE);
  let now = initial;
  const answer = () => [200, { data: now }] as [number, unknown];
  fake.on("GET", "/attendance/status", answer);
  fake.on("GET", "/attendance/today", () => [200, { data: now.record ? [now.record] : [] }]);
  fake.on("POST", "/attendance/validate-location", [200, { data: check }]);
  // The overview's week: nothing worked yet (tests/ui/attendance-week.test.tsx reads it).
  const nothing = { days_scheduled: 0, days_present: 0, days_late: 0, days_half: 0, days_absent: 0, late_minutes: 0, worked_minutes: 0, overtime_minutes: 0, undertime_minutes: 0 };
  fake.on("GET", "/attendance/weekly-summary", [200, { data: { from: "2026-11-23", to: "2026-11-29", totals: nothing, days: [] } }]);
  const move = (state: ClockState, next: AttendanceRecord | null, message: string, status = 200) => () => {
    now = { state, record: next };
    return [status, { data: next, message }] as [number, unknown];
  };
  return {
    fake,
    set: (state: ClockState, next: AttendanceRecord | null) => (now = { state, record: next }),
    move,
    posted: (url: string) => fake.calls.filter((call) => call.method === "POST" && call.url === url).map((call) => call.body),
  };
}

const CHECK = { clock_policy: "onsite", accuracy_m: 12, max_accuracy_m: 1000 } as const;
const INSIDE: LocationCheck = { ...CHECK, allowed: true, reason: "inside", location: OFFICE, distance_m: 40, nearest: { ...OFFICE, distance_m: 40 } };
const OUTSIDE: LocationCheck = { ...CHECK, allowed: false, reason: "outside", location: null, distance_m: null, nearest: { ...OFFICE, distance_m: 1200 } };
const IMPRECISE: LocationCheck = { ...CHECK, allowed: false, reason: "imprecise", location: null, distance_m: null, nearest: null, accuracy_m: 2400 };
const ANYWHERE: LocationCheck = { ...CHECK, clock_policy: "anywhere", allowed: true, reason: "anywhere", location: null, distance_m: null, nearest: { ...OFFICE, distance_m: 5300 } };

const button = (name: string) => screen.getByRole("button", { name });
const buttonNames = () => screen.queryAllByRole("button").map((element) => element.textContent?.trim());

describe("the time clock", () => {
  it("clocks in with the position, then offers a break and clock-out, then ending the break", async () => {
    const user = setupUser();
    const locate = geolocation(HERE);
    const server = clockServer({ state: "out", record: null }, INSIDE);
    const open = record();
    server.fake.on("POST", "/attendance/clock-in", server.move("in", open, "Clocked in.", 201));
    const onBreak = record({ breaks: [{ id: 1, started_at: "2026-11-23T04:00:00Z", ended_at: null }] });
    server.fake.on("POST", "/attendance/break/start", server.move("on_break", onBreak, "Break started."));
    renderAt("/attendance/clock");

    expect(await screen.findByRole("heading", { name: "Time clock" })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId("clock-state")).getByText("Clocked out")).toBeInTheDocument());
    expect(button("Clock in")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Clock out" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Start break" })).toBeNull();
    // Not asked for a position before the person does anything.
    expect(locate).not.toHaveBeenCalled();
    expect(screen.getByText("Nothing recorded today yet.")).toBeInTheDocument();

    await user.click(button("Clock in"));
    await waitFor(() => expect(server.posted("/attendance/clock-in")).toEqual([HERE]));
    expect(locate.mock.calls[0][2]).toMatchObject({ enableHighAccuracy: true, timeout: expect.any(Number) });
    expect(await screen.findByText("You are at Makati head office.")).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId("clock-state")).getByText("Clocked in")).toBeInTheDocument());
    expect(within(screen.getByTestId("clock-state")).getByText("Clocked in at 8:05 AM")).toBeInTheDocument();
    expect(within(screen.getByTestId("clock-state")).getByText("Clocked in.")).toBeInTheDocument();
    expect(buttonNames()).toEqual(expect.arrayContaining(["Clock out", "Start break"]));
    expect(screen.queryByRole("button", { name: "Clock in" })).toBeNull();

    await user.click(button("Start break"));
    await waitFor(() => expect(within(screen.getByTestId("clock-state")).getByText("On a break")).toBeInTheDocument());
    expect(server.posted("/attendance/break/start")).toHaveLength(1);
    expect(button("End break")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Start break" })).toBeNull();
    expect(within(screen.getByTestId("day-timeline")).getByText(/Break started/)).toBeInTheDocument();
  }, 60_000);

  it("shows how far the nearest location is, and keeps clock-in closed with the reason until a new position is inside", async () => {
    const user = setupUser();
    geolocation(HERE);
    const server = clockServer({ state: "out", record: null }, OUTSIDE);
    renderAt("/attendance/clock");

    await user.click(await screen.findByRole("button", { name: "Check my location" }));
    expect(await screen.findByText("You are not at a work location: the nearest, Makati head office, is 1,200 m away.")).toBeInTheDocument();
    expect(screen.getByText(/Its area reaches 150 m from its centre/)).toBeInTheDocument();
    const clockIn = button("Clock in");
    expect(clockIn).toBeDisabled();
    expect(clockIn).toHaveAccessibleDescription("Clock-in opens at a work location: check your position again when you are there.");

    server.fake.on("POST", "/attendance/validate-location", [200, { data: INSIDE }]);
    await user.click(button("Check again"));
    expect(await screen.findByText("You are at Makati head office.")).toBeInTheDocument();
    expect(button("Clock in")).toBeEnabled();
    expect(button("Clock in")).not.toHaveAccessibleDescription();
  }, 60_000);

  it("shows the server's refusal of a position once, in the location check, and closes clock-in", async () => {
    const user = setupUser();
    geolocation(HERE);
    const server = clockServer({ state: "out", record: null }, OUTSIDE);
    const refusal = "You are 1,200 m from Makati head office, outside its 150 m area. Clock in when you are there.";
    server.fake.on("POST", "/attendance/clock-in", [422, { message: refusal, errors: { latitude: [refusal] } }]);
    renderAt("/attendance/clock");

    // Pressed before any check: the server refuses, and the check of the same position says why.
    await user.click(await screen.findByRole("button", { name: "Clock in" }));
    expect(await screen.findByText("You are not at a work location: the nearest, Makati head office, is 1,200 m away.")).toBeInTheDocument();
    expect(screen.queryByTestId("clock-failure")).toBeNull();
    expect(await screen.findByRole("button", { name: "Clock in" })).toBeDisabled();
    expect(within(screen.getByTestId("clock-state")).getByText("Clocked out")).toBeInTheDocument();
  }, 60_000);

  it("says why a check fails when the position is too imprecise, and that an anywhere person may clock in from here", async () => {
    const user = setupUser();
    geolocation(HERE);
    const server = clockServer({ state: "out", record: null }, IMPRECISE);
    renderAt("/attendance/clock");
    await user.click(await screen.findByRole("button", { name: "Check my location" }));
    expect(await screen.findByText(/Your position is only known to within 2,400 m \(more than 1,000 m\)/)).toBeInTheDocument();
    server.fake.on("POST", "/attendance/validate-location", [200, { data: ANYWHERE }]);
    await user.click(button("Check again"));
    expect(await screen.findByText(/You may clock in from anywhere/)).toBeInTheDocument();
    expect(screen.getByText("The nearest work location, Makati head office, is 5,300 m away.")).toBeInTheDocument();
  }, 60_000);

  it("says what to do when location is refused, and clocks in without a position (the server decides)", async () => {
    const user = setupUser();
    geolocation(1);
    const server = clockServer({ state: "out", record: null }, INSIDE);
    const needed = "Your position is needed to clock in here. Allow location access and try again.";
    let onsite = true;
    server.fake.on("POST", "/attendance/clock-in", (body) => {
      void body;
      if (onsite) return [422, { message: needed, errors: { latitude: [needed] } }];
      return server.move("in", record({ remote: true, in_location: null }), "Clocked in.", 201)();
    });
    renderAt("/attendance/clock");

    await user.click(await screen.findByRole("button", { name: "Clock in" }));
    expect(await screen.findByText("Location access is blocked")).toBeInTheDocument();
    expect(screen.getByText(/allow location for this site in your browser's settings/)).toBeInTheDocument();
    expect(await screen.findByRole("alert")).toHaveTextContent(needed);
    expect(server.posted("/attendance/clock-in")).toEqual([{}]);
    expect(server.posted("/attendance/validate-location")).toEqual([]);

    // Someone who may clock in from anywhere is let in without one.
    onsite = false;
    await user.click(button("Clock in"));
    await waitFor(() => expect(within(screen.getByTestId("clock-state")).getByText("Clocked in")).toBeInTheDocument());
    expect(within(screen.getByTestId("day-timeline")).getByText(/remote/)).toBeInTheDocument();
  }, 60_000);

  it("says when the device cannot find its position", async () => {
    const user = setupUser();
    geolocation(2);
    clockServer({ state: "out", record: null }, INSIDE);
    renderAt("/attendance/clock");
    await user.click(await screen.findByRole("button", { name: "Check my location" }));
    expect(await screen.findByText("Your position is unavailable")).toBeInTheDocument();
  }, 60_000);

  it("shows the 409 in the server's words and the state as it now is", async () => {
    const user = setupUser();
    const server = clockServer({ state: "in", record: record() }, INSIDE);
    server.fake.on("POST", "/attendance/break/start", () => {
      server.set("out", null);
      return [409, { message: "You are clocked out: clock in first." }];
    });
    renderAt("/attendance/clock");
    await user.click(await screen.findByRole("button", { name: "Start break" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You are clocked out: clock in first.");
    await waitFor(() => expect(button("Clock in")).toBeInTheDocument());
  }, 60_000);

  it("ticks the time worked today, breaks taken off, and shows the day in the company's zone", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T06:00:00Z"));
    // 08:05 to 14:00 in Manila, a break of 30 minutes: 5:25:00 worked.
    const day = record({ breaks: [{ id: 1, started_at: "2026-11-23T04:00:00Z", ended_at: "2026-11-23T04:30:00Z" }] });
    clockServer({ state: "in", record: day }, INSIDE);
    renderAt("/attendance/clock");
    await waitFor(() => expect(screen.getByRole("timer", { name: "Worked today" })).toHaveTextContent("5:25:00"));
    vi.setSystemTime(new Date("2026-11-23T06:00:03Z"));
    await waitFor(() => expect(screen.getByRole("timer", { name: "Worked today" })).toHaveTextContent("5:25:03"));

    const timeline = within(screen.getByTestId("day-timeline"));
    expect(timeline.getByText("8:05 AM")).toBeInTheDocument();
    expect(timeline.getByText("12:00 PM")).toBeInTheDocument();
    expect(timeline.getByText("12:30 PM")).toBeInTheDocument();
  }, 60_000);
});

describe("one's attendance page", () => {
  it("shows today's records at the company's time of day, with breaks, time worked and where, and leads to the clock", async () => {
    const day = record({
      clock_out_at: "2026-11-23T09:00:00Z",
      out_location: OFFICE,
      breaks: [{ id: 1, started_at: "2026-11-23T04:00:00Z", ended_at: "2026-11-23T04:30:00Z" }],
    });
    clockServer({ state: "out", record: null }, INSIDE).fake.on("GET", "/attendance/today", [200, { data: [day] }]);
    renderAt("/attendance");
    expect(await screen.findByRole("heading", { name: "My attendance" })).toBeInTheDocument();
    const row = (await within(await screen.findByTestId("today-records")).findByText("Makati head office")).closest("tr")!;
    // 08:05 to 17:00 in Manila, 30 minutes of break: 8:25 worked.
    expect(row).toHaveTextContent(/8:05 AM.*5:00 PM.*30 min.*8:25.*Makati head office/);
    expect(screen.getByRole("timer", { name: "Worked today" })).toHaveTextContent("8:25:00");
    expect(screen.getByRole("link", { name: "Open the time clock" })).toHaveAttribute("href", "/attendance/clock");
  }, 60_000);

  it("says when nothing is recorded today", async () => {
    clockServer({ state: "out", record: null }, INSIDE);
    renderAt("/attendance");
    expect(await screen.findByText("No attendance recorded today.")).toBeInTheDocument();
  }, 60_000);
});
