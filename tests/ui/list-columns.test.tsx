/**
 * Lists that fit (issue 9, points 2–4): a person chooses the columns they see
 * and the choice is kept with their preferences; a phone starts with the
 * essential ones; column filters open from the keyboard.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { renderAt } from "./render";
import { meAs, page, person, signedInAs } from "./session";
import { setupUser } from "./user";

const ADMIN = meAs(1, 0, "Alex");
const headers = () => screen.getAllByRole("columnheader").map((header) => header.textContent?.trim()).filter(Boolean);

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/users")]);
}, 60_000);

function employees(preferences = {}) {
  const fake = signedInAs(ADMIN, preferences);
  fake.on("GET", "/users", page([person(11, "Dana", "Reyes")]));
  fake.on("PUT", "/me/profile", [200, { data: person(1, "Alex", "Admin"), message: "Profile updated." }]);
  renderAt("/employees");
  return fake;
}

describe("list columns", () => {
  it("hides a column the person unticks, keeps the name column, and saves the choice with their preferences", async () => {
    const user = setupUser();
    const fake = employees();
    expect(await screen.findByText("Dana Reyes")).toBeInTheDocument();
    expect(headers()).toContain("E-mail");
    await user.click(screen.getByRole("button", { name: /Columns/ }));
    const group = await screen.findByRole("group", { name: "Columns shown" });
    expect(within(group).getByRole("checkbox", { name: "Name" })).toBeDisabled();
    // The keyboard is already in the list of columns.
    expect(within(group).getByRole("checkbox", { name: "Employee no." })).toHaveFocus();
    await user.click(within(group).getByRole("checkbox", { name: "E-mail" }));
    await waitFor(() => expect(headers()).not.toContain("E-mail"));
    expect(headers()).toContain("Name");
    await waitFor(() => expect(fake.calls.filter((call) => call.method === "PUT")).toEqual([{ method: "PUT", url: "/me/profile", body: { preferences: { hidden_columns: { users: ["email"] } } } }]));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.getByRole("button", { name: /Columns/ })).toHaveFocus());
  });

  it("shows the columns saved with the account, in another browser too", async () => {
    employees({ hidden_columns: { users: ["department", "position"] } });
    expect(await screen.findByText("Dana Reyes")).toBeInTheDocument();
    await waitFor(() => expect(headers()).not.toContain("Department"));
    expect(headers()).not.toContain("Position");
    expect(headers()).toContain("E-mail");
  });

  it("starts a phone with the name, the essential columns and the row's buttons", async () => {
    window.innerWidth = 390;
    employees();
    expect(await screen.findByText("Dana Reyes")).toBeInTheDocument();
    expect(headers()).toEqual(["Name", "Status", "Department", "Actions"]);
  });

  it("opens a column's filter from the keyboard", async () => {
    const user = setupUser();
    employees();
    expect(await screen.findByText("Dana Reyes")).toBeInTheDocument();
    const trigger = screen.getByRole("button", { name: "Filter by Name" });
    expect(trigger).toHaveAttribute("tabindex", "0");
    trigger.focus();
    await user.keyboard("{Enter}");
    // Opened (jsdom never ends antd's opening animation, so it stays see-through here).
    const dropdown = await waitFor(() => document.querySelector<HTMLElement>(".ant-table-filter-dropdown") ?? Promise.reject(new Error("filter not open")));
    expect(within(dropdown).getByRole("button", { name: "Apply" })).toBeInTheDocument();
  });
});
