/**
 * Whether a person has two-factor sign-in on, as those who manage people see
 * it: on the person's record (on since when, in the reader's language; the
 * reset offered only when it is on) and as a column of the employees list;
 * and whether a new person has chosen their password yet, with the way to
 * send their invitation again.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { UserRecord } from "../../contracts/users";
import { changeLanguage } from "../../src/i18n/setup";
import { renderAt } from "./render";
import { meAs, page, person, signedInAs, switchesLanguage } from "./session";
import { toasts } from "./toasts";
import { setupUser } from "./user";

switchesLanguage(() => [import("../../src/pages/users")]);

const ADMIN = meAs(1, 0, "Alex Admin", null);
const VIEWER = meAs(2, 2, "Harper", ["users_view"]);
const ON = { enabled: true, enabled_at: "2026-03-02T09:00:00Z" };
const OFF = { enabled: false, enabled_at: null };

const dana = (twoFactor?: UserRecord["two_factor"]): UserRecord => ({ ...person(9, "Dana", "Cruz"), ...(twoFactor && { two_factor: twoFactor }) });

function recordOf(reader: ReturnType<typeof meAs>, user: UserRecord, language?: "fr" | "jp") {
  const fake = signedInAs(reader, language ? { language } : {});
  fake.on("GET", "/users/9/profile", [200, { data: { user, recent_activity: [] } }]);
  return fake;
}

/** The value beside a label of the record's overview. */
async function detail(label: string): Promise<HTMLElement> {
  const labelCell = await screen.findByText(label, { selector: ".ant-descriptions-item-label" });
  return labelCell.closest<HTMLElement>(".ant-descriptions-item")!.querySelector<HTMLElement>(".ant-descriptions-item-content")!;
}

const resetButton = () => screen.queryByRole("button", { name: "Reset two-factor sign-in" });

describe("a person's record", () => {
  it("shows that two-factor sign-in is on and since when, and offers the reset; after it, off and no reset", async () => {
    const user = setupUser();
    const fake = recordOf(ADMIN, dana(ON));
    fake.on("POST", "/users/9/two-factor/reset", () => {
      fake.on("GET", "/users/9/profile", [200, { data: { user: dana(OFF), recent_activity: [] } }]);
      return [200, { data: { reset: true }, message: "Their two-factor sign-in was reset." }];
    });
    renderAt("/employee-profile/9");
    const state = await detail("Two-factor sign-in");
    expect(within(state).getByText("On")).toBeInTheDocument();
    const since = within(state).getByText(/^since /);
    expect(since).toHaveTextContent(/^since Mar [1-3], 2026 \d{1,2}:00 [AP]M$/);
    expect(since).toHaveAttribute("datetime", ON.enabled_at);

    await user.click(resetButton()!);
    const buttons = await screen.findAllByRole("button", { name: "Reset two-factor sign-in" });
    await user.click(buttons.at(-1)!);
    await waitFor(() => expect(toasts().some((text) => text.includes("Their two-factor sign-in was reset."))).toBe(true));
    // The record is read again: off now, and nothing left to reset.
    await waitFor(() => expect(within(document.body).queryByText(/^since /)).not.toBeInTheDocument());
    expect(within(await detail("Two-factor sign-in")).getByText("Off")).toBeInTheDocument();
    expect(resetButton()).not.toBeInTheDocument();
    expect(fake.calls.filter((call) => call.url === "/users/9/profile")).toHaveLength(2);
  }, 40_000);

  it("shows off, and no reset button, for someone who never set it up; the other actions stay", async () => {
    recordOf(ADMIN, dana(OFF));
    renderAt("/employee-profile/9");
    expect(within(await detail("Two-factor sign-in")).getByText("Off")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Sign out everywhere/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Edit/ })).toBeInTheDocument();
    expect(resetButton()).not.toBeInTheDocument();
  }, 40_000);

  it("reads the record again when the server answers that there is nothing to reset", async () => {
    const user = setupUser();
    const fake = recordOf(ADMIN, dana(ON));
    fake.on("POST", "/users/9/two-factor/reset", () => {
      // Another administrator's reset came first.
      fake.on("GET", "/users/9/profile", [200, { data: { user: dana(OFF), recent_activity: [] } }]);
      return [409, { message: "They do not have two-factor sign-in on: there is nothing to reset." }];
    });
    renderAt("/employee-profile/9");
    await user.click((await screen.findAllByRole("button", { name: "Reset two-factor sign-in" }))[0]);
    const buttons = await screen.findAllByRole("button", { name: "Reset two-factor sign-in" });
    await user.click(buttons.at(-1)!);
    await waitFor(() => expect(toasts().some((text) => text.includes("there is nothing to reset"))).toBe(true));
    await waitFor(() => expect(resetButton()).not.toBeInTheDocument());
    expect(within(await detail("Two-factor sign-in")).getByText("Off")).toBeInTheDocument();
  }, 40_000);

  it("writes the date as the reader's language does", async () => {
    recordOf(ADMIN, dana(ON), "fr");
    renderAt("/employee-profile/9");
    const state = await detail("Connexion en deux étapes");
    expect(within(state).getByText("Activée")).toBeInTheDocument();
    expect(within(state).getByText(/^depuis le/)).toHaveTextContent(/^depuis le [1-3] mars 2026 \d{2}:00$/);
    await changeLanguage("jp");
    const japanese = await detail("2 段階認証");
    expect(within(japanese).getByText("有効")).toBeInTheDocument();
    expect(within(japanese).getByText(/から$/)).toHaveTextContent(/^2026年3月[1-3]日 \d{1,2}:00 から$/);
  }, 40_000);

  it("shows nothing of it to a reader who does not manage people (the server sends no two_factor)", async () => {
    recordOf(VIEWER, dana());
    renderAt("/employee-profile/9");
    expect(await screen.findByText("dana@example.com")).toBeInTheDocument();
    expect(screen.queryByText("Two-factor sign-in")).not.toBeInTheDocument();
    expect(resetButton()).not.toBeInTheDocument();
  }, 40_000);
});

describe("the employees list", () => {
  it("has a two-factor column for the administrator, On or Off per person", async () => {
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/users", page([dana(ON), { ...person(11, "Kim", "Sato"), two_factor: OFF }]));
    renderAt("/employees");
    const row = (name: string) => screen.getByRole("link", { name }).closest("tr")!;
    expect(await screen.findByText("Kim Sato")).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: /Two-factor sign-in/ })).toBeInTheDocument();
    expect(within(row("Dana Cruz")).getByText("On")).toBeInTheDocument();
    expect(within(row("Kim Sato")).getByText("Off")).toBeInTheDocument();
  }, 40_000);

  it("has no such column for staff who only view people", async () => {
    const fake = signedInAs(VIEWER);
    fake.on("GET", "/users", page([dana()]));
    renderAt("/employees");
    expect(await screen.findByText("Dana Cruz")).toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: /Two-factor sign-in/ })).not.toBeInTheDocument();
  }, 40_000);
});

describe("a new person's invitation on their record", () => {
  it("says the invited person has no password yet and sends the invitation again; a chosen password shows as such", async () => {
    const user = setupUser();
    const fake = recordOf(ADMIN, { ...dana(OFF), password_set: false });
    fake.on("POST", "/users/9/invitation", [200, { data: { email: "dana@example.com", expires_at: "2026-03-09T09:00:00Z" }, message: "Invitation sent to dana@example.com." }]);
    renderAt("/employee-profile/9");
    const state = await detail("Sign-in");
    expect(within(state).getByText("Invited, no password chosen yet")).toBeInTheDocument();
    await user.click(within(state).getByRole("button", { name: "Send the invitation again" }));
    await waitFor(() => expect(toasts().some((text) => text.includes("Invitation sent to dana@example.com."))).toBe(true));
    expect(fake.calls.filter((call) => call.method === "POST" && call.url === "/users/9/invitation")).toHaveLength(1);
  });

  it("offers no resend to a reader who may not set the person's credentials", async () => {
    recordOf(VIEWER, { ...dana(OFF), password_set: false });
    renderAt("/employee-profile/9");
    const state = await detail("Sign-in");
    expect(within(state).getByText("Invited, no password chosen yet")).toBeInTheDocument();
    expect(within(state).queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows a chosen password as such", async () => {
    recordOf(ADMIN, { ...dana(OFF), password_set: true });
    renderAt("/employee-profile/9");
    expect(within(await detail("Sign-in")).getByText("Password chosen")).toBeInTheDocument();
  });
});
