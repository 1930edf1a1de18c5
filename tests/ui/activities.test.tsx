/**
 * The system activity log screen: who did what to which record, with each
 * change's field named in the reader's language.
 */
import { configure, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ActivityRecord } from "../../contracts/activities";
import { changeLanguage } from "../../src/i18n/setup";
import { renderAt } from "./render";
import { loadEveryLanguage, meAs, signedInAs } from "./session";

const ADMIN = meAs(1, 0, "Alex");

const ROWS: ActivityRecord[] = [
  {
    id: 3,
    actor_id: 1,
    actor_name: "Alex Admin",
    action: "role.updated",
    subject_type: "role",
    subject_id: 3,
    changes: { description: { from: null, to: "Runs payroll" }, permissions: { from: ["users_view"], to: ["users_view", "payroll_view"] } },
    ip: "127.0.0.1",
    created_at: "2026-11-20T09:00:00Z",
  },
  {
    id: 2,
    actor_id: 7,
    actor_name: "Emery Santos",
    action: "profile.picture_changed",
    subject_type: "user",
    subject_id: 7,
    changes: { profile_picture: { from: null, to: 12 }, type: "image/png", bytes: 2048 },
    ip: "127.0.0.1",
    created_at: "2026-11-20T08:00:00Z",
  },
];

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/activities"), loadEveryLanguage()]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(async () => {
  localStorage.clear();
  await changeLanguage("en");
});

function showLog(preferences = {}) {
  const fake = signedInAs(ADMIN, preferences);
  fake.on("GET", "/dashboard/system-activities", [200, { data: ROWS, meta: { current_page: 1, per_page: 20, total: 2, last_page: 1, total_capped: false } }]);
  renderAt("/dashboard/system-activities");
}

describe("system activities", () => {
  it("names the record and every changed field, the role's and the upload's too", async () => {
    showLog();
    const roleRow = (await screen.findByText("Changed a role")).closest("tr")!;
    expect(within(roleRow).getByText("Role #3")).toBeInTheDocument();
    expect(within(roleRow).getByText(/^Description/)).toBeInTheDocument();
    expect(within(roleRow).getByText(/^Permissions/)).toBeInTheDocument();
    // Lists read as lists, not as JSON.
    expect(within(roleRow).getByText("users_view, payroll_view")).toBeInTheDocument();
    const pictureRow = screen.getByText("Changed own picture").closest("tr")!;
    expect(within(pictureRow).getByText("Person #7")).toBeInTheDocument();
    expect(within(pictureRow).getByText(/^File type/)).toBeInTheDocument();
    expect(within(pictureRow).getByText(/^Size in bytes/)).toBeInTheDocument();
  }, 40_000);

  it("says it in the reader's language", async () => {
    showLog({ language: "fr" });
    const roleRow = (await screen.findByText("Rôle #3")).closest("tr")!;
    expect(within(roleRow).getByText(/^Autorisations/)).toBeInTheDocument();
    expect(screen.getByText("Personne #7")).toBeInTheDocument();
    expect(screen.getByText(/^Type de fichier/)).toBeInTheDocument();
  });
});
