/**
 * Language and theme saved with the account: applied when the signed-in
 * shell opens, saved when changed in its header or on a whole-page message
 * shown to a signed-in person, never saved from the public screens.
 */
import { screen, waitFor } from "@testing-library/react";
import { setupUser } from "./user";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import type { UserPreferences } from "../../contracts/users";
import { syncFromStorage } from "../../src/auth/store";
import { fakeApi } from "./fake-api";
import { renderAt } from "./render";
import { meAs, signedInAs, switchesLanguage } from "./session";

const EMPLOYEE = meAs(7, 1, "Emery Santos");

switchesLanguage(() => [import("../../src/pages/user-dashboard")]);

function signedIn(saved: UserPreferences) {
  const fake = signedInAs(EMPLOYEE, saved);
  fake.on("PUT", "/me/profile", [200, { data: {}, message: "Profile updated." }]);
  return fake;
}

const saves = (fake: ReturnType<typeof fakeApi>) => fake.calls.filter((call) => call.method === "PUT" && call.url === "/me/profile").map((call) => call.body);

describe("preferences saved with the account", () => {
  it("applies the saved language, dark mode and preset when the signed-in shell opens", async () => {
    localStorage.setItem("theme_dark", "false");
    localStorage.setItem("theme_preset", "aura");
    const fake = signedIn({ language: "fr", dark_mode: true, theme_preset: "lara" });
    renderAt("/user-dashboard");
    await waitFor(() => expect(i18next.language).toBe("fr"));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe("dark"));
    await waitFor(() => expect(document.documentElement.lang).toBe("fr"));
    expect(localStorage.getItem("theme_preset")).toBe("lara");
    expect(await screen.findByRole("switch", { name: "Mode sombre" })).toBeChecked();
    // Applying what the account holds is not a change to save.
    expect(saves(fake)).toEqual([]);
  }, 40_000);

  it("keeps this browser's choices where the account holds none", async () => {
    localStorage.setItem("theme_dark", "true");
    const fake = signedIn({});
    renderAt("/user-dashboard");
    await waitFor(() => expect(fake.calls.some((call) => call.url === "/user/settings")).toBe(true));
    expect(await screen.findByRole("switch", { name: "Dark mode" })).toBeChecked();
    expect(i18next.language).toBe("en");
    expect(saves(fake)).toEqual([]);
  });

  it("saves a change of language, dark mode or preset made in the header", async () => {
    const user = setupUser();
    const fake = signedIn({});
    renderAt("/user-dashboard");
    await waitFor(() => expect(fake.calls.some((call) => call.url === "/user/settings")).toBe(true));
    await user.click(await screen.findByRole("switch", { name: "Dark mode" }));
    // Each look says what it is.
    expect(screen.getByTitle("Lara: denser indigo, tighter corners for long tables")).toHaveTextContent("Lara");
    await user.click(screen.getByText("Lara"));
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "jp");
    await waitFor(() =>
      expect(saves(fake)).toEqual([{ preferences: { dark_mode: true } }, { preferences: { theme_preset: "lara" } }, { preferences: { language: "jp" } }]),
    );
    // The language changes once its messages are in (each language loads when first chosen).
    await waitFor(() => expect(i18next.language).toBe("jp"));
  });

  it("says so when a change cannot be saved, and keeps it in this browser", async () => {
    const user = setupUser();
    const fake = signedIn({});
    fake.on("PUT", "/me/profile", "network-error");
    renderAt("/user-dashboard");
    await user.click(await screen.findByRole("switch", { name: "Dark mode" }));
    expect(await screen.findByText("Preference not saved")).toBeInTheDocument();
    expect(document.documentElement.dataset.theme).toBe("dark");
  });

  it("does not let saved choices that arrive late undo a change made meanwhile", async () => {
    const user = setupUser();
    const fake = signedIn({});
    let answer: (reply: [number, unknown]) => void = () => {};
    fake.on("GET", "/user/settings", () => new Promise((resolve) => (answer = resolve)));
    renderAt("/user-dashboard");
    await user.click(await screen.findByRole("switch", { name: "Dark mode" }));
    answer([200, { data: { dark_mode: false, language: "fr" } }]);
    await waitFor(() => expect(i18next.language).toBe("fr"));
    expect(screen.getByRole("switch", { name: "Mode sombre" })).toBeChecked();
  });

  // The shell opened on the next page would otherwise put back the account's older choice.
  it("saves a change made on a whole-page message while signed in", async () => {
    const user = setupUser();
    const fake = signedIn({});
    renderAt("/unauthorized");
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    await user.click(await screen.findByRole("switch", { name: "Dark mode" }));
    expect(document.documentElement.dataset.theme).toBe("dark");
    await waitFor(() => expect(saves(fake)).toEqual([{ preferences: { dark_mode: true } }]));
  });

  it("does not save from the public screens", async () => {
    const user = setupUser();
    localStorage.clear();
    syncFromStorage();
    const fake = fakeApi();
    fake.on("GET", "/public-config", [200, { data: {} }]);
    renderAt("/login");
    await user.selectOptions(await screen.findByRole("combobox", { name: "Language" }), "fr");
    await waitFor(() => expect(i18next.language).toBe("fr"));
    await user.click(screen.getByRole("switch", { name: "Mode sombre" }));
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(fake.calls.filter((call) => call.method !== "GET")).toEqual([]);
  });
});
