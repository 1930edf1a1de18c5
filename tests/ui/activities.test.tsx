/**
 * The system activity log screen: who did what to which record, with each
 * change's field named in the reader's language.
 */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ActivityRecord } from "../../contracts/activities";
import { renderAt } from "./render";
import { meAs, signedInAs, switchesLanguage } from "./session";

const ADMIN = meAs(1, 0, "Alex");

const ROWS: ActivityRecord[] = [
  {
    id: 3,
    actor_id: 1,
    actor_name: "Alex Admin",
    action: "role.updated",
    subject_type: "role",
    subject_id: 3,
    subject_name: "Payroll officer",
    names: {},
    currency: "PHP",
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
    subject_name: "Emery Santos",
    names: {},
    currency: "PHP",
    changes: { profile_picture: { from: null, to: 12 }, type: "image/png", bytes: 2048 },
    ip: "127.0.0.1",
    created_at: "2026-11-20T08:00:00Z",
  },
];

/** A person's record changed by an administrator, and a language and theme switch. */
const PERSON_ROWS: ActivityRecord[] = [
  {
    id: 5,
    actor_id: 1,
    actor_name: "Alex Admin",
    action: "user.updated",
    subject_type: "user",
    subject_id: 7,
    subject_name: "Emery Santos",
    names: {},
    currency: "PHP",
    changes: { is_active: { from: true, to: false }, employment_type: { from: "full_time", to: "part_time" }, pay_basis: { from: "monthly", to: "daily" } },
    ip: "127.0.0.1",
    created_at: "2026-11-20T10:05:00Z",
  },
  {
    id: 4,
    actor_id: 7,
    actor_name: "Emery Santos",
    action: "profile.preferences_changed",
    subject_type: "user",
    subject_id: 7,
    subject_name: "Emery Santos",
    names: {},
    currency: "PHP",
    changes: { preferences: { from: { language: "en", dark_mode: false }, to: { language: "fr", dark_mode: false } } },
    ip: "127.0.0.1",
    created_at: "2026-11-20T10:50:00Z",
  },
];

switchesLanguage(() => [import("../../src/pages/activities")]);

function showLog(preferences = {}, rows = ROWS) {
  const fake = signedInAs(ADMIN, preferences);
  fake.on("GET", "/dashboard/system-activities", [200, { data: rows, meta: { current_page: 1, per_page: 20, total: rows.length, last_page: 1, total_capped: false } }]);
  renderAt("/dashboard/system-activities");
}

describe("system activities", () => {
  it("names the record and every changed field, the role's and the upload's too", async () => {
    showLog();
    const roleRow = (await screen.findByText("Changed a role")).closest("tr")!;
    expect(within(roleRow).getByText("Role · Payroll officer")).toBeInTheDocument();
    expect(within(roleRow).getByText(/^Description/)).toBeInTheDocument();
    expect(within(roleRow).getByText(/^Permissions/)).toBeInTheDocument();
    // Lists read as lists, not as JSON, each permission by the name the role form gives it.
    expect(within(roleRow).getByText("View people, View payroll runs")).toBeInTheDocument();
    const pictureRow = screen.getByText("Changed own picture").closest("tr")!;
    expect(within(pictureRow).getByText("Person · Emery Santos")).toBeInTheDocument();
    // An uploaded file is "Image", never its id; its size in the spec's units.
    expect(within(pictureRow).getByTestId("activity-changes")).toHaveTextContent("Picture: (empty) → Image");
    expect(within(pictureRow).getByTestId("activity-changes")).toHaveTextContent("Size: 2.00 KB");
    expect(within(pictureRow).getByText(/^File type/)).toBeInTheDocument();
      }, 40_000);

  it("says it in the reader's language", async () => {
    showLog({ language: "fr" });
    const roleRow = (await screen.findByText("Rôle · Payroll officer")).closest("tr")!;
    expect(within(roleRow).getByText(/^Autorisations/)).toBeInTheDocument();
    expect(screen.getByText("Personne · Emery Santos")).toBeInTheDocument();
    expect(screen.getByText(/^Type de fichier/)).toBeInTheDocument();
  });

  it("shows values with the forms' labels, not as stored (false, full_time, monthly)", async () => {
    showLog({}, PERSON_ROWS);
    const personRow = (await screen.findByText("Changed a person")).closest("tr")!;
    const changes = within(personRow).getByTestId("activity-changes");
    expect(changes).toHaveTextContent("Active (may sign in): Yes → No");
    expect(changes).toHaveTextContent("Employment type: Full-time → Part-time");
    expect(changes).toHaveTextContent("Pay basis: Monthly → Daily");
    expect(changes).not.toHaveTextContent(/false|full_time|monthly/);
    // A language switch is a preference change, showing only what changed.
    const preferenceRow = screen.getByText("Changed own preferences (language, theme)").closest("tr")!;
    expect(within(preferenceRow).getByTestId("activity-changes")).toHaveTextContent("Preferences: Language: English → Language: Français");
    // Two events in one hour are told apart: times carry minutes.
    expect(within(personRow).getByText(/^Nov 20, 2026 \d{1,2}:05 [AP]M$/)).toBeInTheDocument();
    expect(within(preferenceRow).getByText(/^Nov 20, 2026 \d{1,2}:50 [AP]M$/)).toBeInTheDocument();
  }, 40_000);

  it("shows those labels in the reader's language", async () => {
    showLog({ language: "fr" }, PERSON_ROWS);
    const personRow = (await screen.findByText("Modification d'une personne")).closest("tr")!;
    const changes = within(personRow).getByTestId("activity-changes");
    expect(changes).toHaveTextContent("Actif (peut se connecter): Oui → Non");
    expect(changes).toHaveTextContent("Temps plein → Temps partiel");
    expect(changes).toHaveTextContent("Mensuelle → Journalière");
    expect(screen.getByText("Changement de ses préférences (langue, thème)")).toBeInTheDocument();
    expect(within(personRow).getByText(/^20 nov\. 2026 \d{2}:05$/)).toBeInTheDocument();
  }, 40_000);
});
