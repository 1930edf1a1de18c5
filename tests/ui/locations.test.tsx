/**
 * The work locations screen: the list with radius and status, the create
 * dialog sending numbers and the server's 422 on its field, and no buttons
 * for someone who may only look.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import { setupUser } from "./user";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LocationRecord } from "../../contracts/locations";
import { renderAt } from "./render";
import { meAs, signedInAs } from "./session";

const OFFICE: LocationRecord = {
  id: 4,
  name: "Makati head office",
  address: "1 Ayala Avenue",
  latitude: 14.5547,
  longitude: 121.0244,
  radius_m: 1500,
  active: true,
  created_at: "2026-11-20T09:00:00Z",
  updated_at: "2026-11-20T09:00:00Z",
};

const page = (rows: LocationRecord[]) => [200, { data: rows, meta: { current_page: 1, per_page: 20, total: rows.length, last_page: 1, total_capped: false } }] as const;

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/locations")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => localStorage.clear());

describe("work locations", () => {
  it("lists each location with its radius and status, and edit and delete for an attendance administrator", async () => {
    const fake = signedInAs(meAs(5, 2, "Harper HR", ["attendance_admin_access"]));
    fake.on("GET", "/locations", [...page([OFFICE])]);
    renderAt("/attendance/locations");
    const row = (await screen.findByText("Makati head office")).closest("tr")!;
    expect(within(row).getByText("1,500 m")).toBeInTheDocument();
    expect(within(row).getByText("Active")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Edit work location" })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Delete work location" })).toBeInTheDocument();
  }, 40_000);

  it("creates a location from the dialog, sending coordinates and radius as numbers, and shows the server's 422 on its field", async () => {
    const user = setupUser();
    const fake = signedInAs(meAs(1, 0, "Alex Admin"));
    fake.on("GET", "/locations", [...page([])]);
    fake.on("POST", "/locations", [422, { message: "Another work location already has this name.", errors: { name: ["Another work location already has this name."] } }]);
    renderAt("/attendance/locations");
    // Role queries over antd's whole page are slow in jsdom: find the button by its text.
    await user.click(await screen.findByText("New work location", { selector: "button span" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Name").closest("form")).toHaveAttribute("novalidate");
    await user.type(within(dialog).getByLabelText("Name"), "Cebu branch");
    await user.type(within(dialog).getByLabelText("Latitude"), "10.3157");
    await user.type(within(dialog).getByLabelText("Longitude"), "123.8854");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST")).toBe(true));
    expect(fake.calls.find((call) => call.method === "POST")!.body).toMatchObject({ name: "Cebu branch", latitude: 10.3157, longitude: 123.8854, radius_m: 100, active: true });
    expect(await within(dialog).findByText("Another work location already has this name.")).toBeInTheDocument();
  }, 60_000);

  it("keeps a dialog's fields in the page only while it is open, and fills the edit dialog with the record", async () => {
    const user = setupUser();
    const fake = signedInAs(meAs(1, 0, "Alex Admin"));
    fake.on("GET", "/locations", [...page([OFFICE])]);
    fake.on("GET", `/locations/${OFFICE.id}`, [200, { data: OFFICE }]);
    renderAt("/attendance/locations");
    const row = (await screen.findByText("Makati head office")).closest("tr")!;
    expect(screen.queryByLabelText("Name", { selector: "input" })).toBeNull();

    await user.click(within(row).getByRole("button", { name: "Edit work location" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(within(dialog).getByLabelText("Name")).toHaveValue("Makati head office"));
    expect(within(dialog).getByLabelText("Name").id).toBe("locations-edit_name");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByLabelText("Name", { selector: "input" })).toBeNull());

    await user.click(await screen.findByText("New work location", { selector: "button span" }));
    const creating = await screen.findByRole("dialog");
    expect(within(creating).getByLabelText("Name")).toHaveValue("");
    expect(screen.getAllByLabelText("Name", { selector: "input" }).map((field) => field.id)).toEqual(["locations-create_name"]);
  }, 60_000);

  it("refuses the screen to an employee", async () => {
    const fake = signedInAs(meAs(3, 1, "Emery Employee", ["attendance_admin_access"]));
    renderAt("/attendance/locations");
    expect(await screen.findByText("Access restricted")).toBeInTheDocument();
    expect(fake.calls.some((call) => call.url === "/locations")).toBe(false);
  });
});
