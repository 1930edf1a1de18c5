/**
 * The work location dialog's "Use my current position": the browser's
 * position fills latitude and longitude and its accuracy is said (a warning
 * when vaguer than the radius); a refusal is explained and nothing is filled.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderAt } from "./render";
import { fakeGeolocation } from "./geolocation";
import { meAs, page, signedInAs } from "./session";
import { setupUser } from "./user";

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/locations")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  localStorage.clear();
  Reflect.deleteProperty(navigator, "geolocation");
});

async function openNewLocation() {
  const user = setupUser();
  const fake = signedInAs(meAs(5, 2, "Harper HR", ["attendance_admin_access"]));
  fake.on("GET", "/locations", page([]));
  renderAt("/attendance/locations");
  await user.click(await screen.findByText("New work location", { selector: "button span" }));
  return { user, dialog: await screen.findByRole("dialog") };
}

describe("use my current position", () => {
  it("fills the coordinates from the browser and says how accurate they are", async () => {
    const locate = fakeGeolocation({ latitude: 14.55471234, longitude: 121.02443219, accuracy: 18.4 });
    const { user, dialog } = await openNewLocation();
    // Nothing is asked of the browser before the button is pressed.
    expect(locate).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Use my current position" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Latitude")).toHaveValue("14.554712"));
    expect(within(dialog).getByLabelText("Longitude")).toHaveValue("121.024432");
    expect(within(dialog).getByText("Position filled in, accurate to 18 m.")).toBeInTheDocument();
    expect(within(dialog).getByText("Before saving, check that this is the place where people will clock in.")).toBeInTheDocument();
  }, 40_000);

  it("warns when the position is vaguer than the radius", async () => {
    fakeGeolocation({ latitude: 14.5547, longitude: 121.0244, accuracy: 1250 });
    const { user, dialog } = await openNewLocation();
    await user.click(within(dialog).getByRole("button", { name: "Use my current position" }));
    expect(await within(dialog).findByText("Position filled in, accurate to 1,250 m.")).toBeInTheDocument();
    expect(within(dialog).getByText(/only sure to within 1,250 m, more than the radius of 100 m/)).toBeInTheDocument();
  }, 40_000);

  it("explains a refused permission and fills nothing", async () => {
    fakeGeolocation(1);
    const { user, dialog } = await openNewLocation();
    await user.click(within(dialog).getByRole("button", { name: "Use my current position" }));
    expect(await within(dialog).findByText("Location access is blocked")).toBeInTheDocument();
    expect(within(dialog).getByText(/Allow location for it in the browser's settings/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Latitude")).toHaveValue("");
  }, 40_000);

  it("says when no position is available", async () => {
    fakeGeolocation(2);
    const { user, dialog } = await openNewLocation();
    await user.click(within(dialog).getByRole("button", { name: "Use my current position" }));
    expect(await within(dialog).findByText("Your position is unavailable")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Longitude")).toHaveValue("");
  }, 40_000);
});
