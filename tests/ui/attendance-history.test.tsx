/**
 * /attendance/history: one's own days, newest first, with the status, the
 * times in the company's zone and the figures as H:MM; refused to someone
 * whose role gives no attendance_access.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { renderAt } from "./render";
import { meAs, page, signedInAs } from "./session";
import { attendanceDay } from "./attendance-days";

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/attendance")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

const day = attendanceDay;

describe("my attendance", () => {
  it("lists the days with their weekday and date, status, times in the company's zone and figures as H:MM", async () => {
    const fake = signedInAs(meAs(3, 1, "Emery Santos", ["attendance_access"]));
    fake.on("GET", "/attendance/history", page([
      // 01:20 UTC is 09:20 in Manila (the company's zone in the test company).
      day("2026-11-24", { status: "late", first_in: "2026-11-24T01:20:00Z", last_out: "2026-11-24T10:05:00Z", worked_minutes: 465, late_minutes: 20 }),
      day("2026-11-23", { status: "absent" }),
    ]));
    renderAt("/attendance/history");
    const late = (await screen.findByText("Late", { selector: ".ant-tag" })).closest("tr")!;
    expect(within(late).getByText("Tue, Nov 24, 2026")).toBeInTheDocument();
    expect(within(late).getByText("9:20 AM")).toBeInTheDocument();
    expect(within(late).getByText("6:05 PM")).toBeInTheDocument();
    expect(within(late).getByText("7:45")).toBeInTheDocument();
    expect(within(late).getByText("0:20")).toBeInTheDocument();
    expect(screen.getByText("Absent", { selector: ".ant-tag" })).toBeInTheDocument();
    const call = fake.calls.find((entry) => entry.url === "/attendance/history");
    expect(call).toBeDefined();
  }, 40_000);

  it("is refused to someone whose role gives no attendance_access", async () => {
    const fake = signedInAs(meAs(9, 1, "Nobody Clocks", []));
    renderAt("/attendance/history");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/unauthorized"));
    expect(fake.calls.some((entry) => entry.url === "/attendance/history")).toBe(false);
  }, 40_000);
});
