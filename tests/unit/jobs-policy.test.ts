/**
 * Who may follow a job: its owner, level 0, and staff holding a permission
 * its kind names in JOB_FOLLOWERS, however much else they hold.
 */
import { describe, expect, it } from "vitest";
import { JOB_FOLLOWERS } from "../../contracts/jobs";
import { permissionMap, PERMISSIONS, type Permission } from "../../contracts/permissions";
import { can, mayAttempt, type Actor } from "../../contracts/policies";

const actor = (id: number, access_level: number, permissions: readonly Permission[] = []): Actor => ({ id, access_level, permissions: permissionMap(permissions) });

// A kind a later module would declare, e.g. payroll calculation followed by payroll readers.
(JOB_FOLLOWERS as Record<string, readonly Permission[]>)["test.followed"] = ["payroll_view", "payroll_manage"];

const OWNER = 7;
const job = (kind: string, owner_id: number | null = OWNER) => ({ kind, owner_id });

describe("jobs.view", () => {
  it("lets every signed-in person ask: the job decides once loaded", () => {
    expect(mayAttempt(actor(1, 1), "jobs.view")).toBe(true);
    expect(mayAttempt(actor(2, 2), "jobs.view")).toBe(true);
  });

  it("shows a job to its owner and to level 0", () => {
    expect(can(actor(OWNER, 1), "jobs.view", job("test.private"))).toBe(true);
    expect(can(actor(1, 0), "jobs.view", job("test.private"))).toBe(true);
    expect(can(actor(1, 0), "jobs.view", job("mail.deliver", null))).toBe(true);
  });

  it("shows a followed kind to staff holding one of its permissions, and only that kind", () => {
    expect(can(actor(3, 2, ["payroll_view"]), "jobs.view", job("test.followed"))).toBe(true);
    expect(can(actor(3, 2, ["payroll_manage"]), "jobs.view", job("test.followed"))).toBe(true);
    expect(can(actor(3, 2, ["payroll_view"]), "jobs.view", job("test.private"))).toBe(false);
  });

  it("refuses everyone else, whatever else they hold", () => {
    const everythingButPayroll = PERMISSIONS.filter((name) => !name.startsWith("payroll_"));
    expect(can(actor(3, 2, everythingButPayroll), "jobs.view", job("test.followed"))).toBe(false);
    expect(can(actor(3, 2, PERMISSIONS), "jobs.view", job("mail.deliver", null))).toBe(false);
    // Level 1 follows no one else's job, even holding a follower permission through a role.
    expect(can(actor(4, 1, ["payroll_view"]), "jobs.view", job("test.followed"))).toBe(false);
    expect(can(actor(4, 1), "jobs.view", job("test.private"))).toBe(false);
  });
});
