/**
 * The demo's built-in roles keep their description in English in the
 * database; the roles page shows it in the reader's language while it is
 * still the seeded text, and shows any other description as written.
 */
import { cleanup, configure, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { BUILT_IN_ROLE_DESCRIPTIONS } from "../../contracts/built-in-roles";
import type { RoleRecord } from "../../contracts/roles";
import { changeLanguage } from "../../src/i18n/setup";
import { renderAt } from "./render";
import { loadEveryLanguage, meAs, signedInAs } from "./session";

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/roles"), loadEveryLanguage()]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await changeLanguage("en");
});

const role = (id: number, name: string, description: string | null): RoleRecord => ({
  id,
  name,
  description,
  permissions: [],
  users_count: 1,
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
});

const ROLES = [
  role(1, "HR Officer", BUILT_IN_ROLE_DESCRIPTIONS.hrOfficer),
  role(2, "Payroll Officer", BUILT_IN_ROLE_DESCRIPTIONS.payrollOfficer),
  role(3, "Night shift", "Covers the warehouse at night"),
];

function showRoles() {
  const fake = signedInAs(meAs(1, 0, "Alex"));
  fake.on("GET", "/roles", [200, { data: ROLES, meta: { current_page: 1, per_page: 20, total: ROLES.length, last_page: 1, total_capped: false } }]);
  renderAt("/roles");
}

describe("built-in role descriptions", () => {
  it("read in English as seeded", async () => {
    showRoles();
    expect(await screen.findByText("Keeps employee records and runs attendance")).toBeInTheDocument();
    expect(screen.getByText("Covers the warehouse at night")).toBeInTheDocument();
  }, 40_000);

  it("read in French and Japanese; a description people wrote stays as written", async () => {
    await changeLanguage("fr");
    showRoles();
    expect(await screen.findByText("Tient les dossiers des salariés et gère les présences")).toBeInTheDocument();
    expect(screen.getByText("Prépare la paie et les bulletins, et voit les salaires")).toBeInTheDocument();
    expect(screen.queryByText(BUILT_IN_ROLE_DESCRIPTIONS.hrOfficer)).toBeNull();
    expect(screen.getByText("Covers the warehouse at night")).toBeInTheDocument();
    cleanup();

    await changeLanguage("jp");
    showRoles();
    expect(await screen.findByText("従業員の記録を管理し、勤怠を運用します")).toBeInTheDocument();
    expect(screen.getByText("Covers the warehouse at night")).toBeInTheDocument();
  }, 60_000);
});
