/**
 * The backups card of the system settings page (level 0 alone): every backup
 * made, with its time and size in the reader's language, who made it, its
 * state, its file to download while it is kept, why a failed one failed; the
 * daily schedule, or why Back up now cannot work on a server without a backup
 * folder; and a backup now followed to its end, after which the list is
 * asked again.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BackupRecord, BackupsReply } from "../../contracts/backups";
import type { JobRecord } from "../../contracts/jobs";
import { catchDownloads } from "./downloads";
import { renderAt } from "./render";
import { meAs, page, signedInAs, switchesLanguage } from "./session";
import { toasts } from "./toasts";
import { setupUser } from "./user";
import { SYSTEM_SETTINGS } from "./system-settings";
import { jobRecord } from "./job-records";

switchesLanguage(() => [import("../../src/pages/settings")]);

const ADMIN = meAs(1, 0, "Alex Admin");


const LONG_NAME = "paydesk-backup-2026-11-20T09-05-12-345Z-manual-with-a-rather-long-name.jsonl.gz";

function backup(overrides: Partial<BackupRecord> & Pick<BackupRecord, "id">): BackupRecord {
  return {
    trigger: "scheduled",
    status: "completed",
    file_name: `paydesk-backup-${overrides.id}.jsonl.gz`,
    size_bytes: 2048,
    rows: 120,
    requested_by: null,
    started_at: "2026-11-20T02:00:00Z",
    finished_at: "2026-11-20T02:00:04Z",
    error: null,
    downloadable: true,
    removed: false,
    ...overrides,
  };
}

/** Newest first, as the server lists them: one of each kind the card tells apart. */
const BACKUPS: BackupRecord[] = [
  backup({ id: 5, trigger: "manual", requested_by: { id: 1, name: "Alex Admin" }, file_name: LONG_NAME, size_bytes: 1_572_864, started_at: "2026-11-20T09:05:00Z" }),
  backup({ id: 4, status: "failed", size_bytes: null, rows: null, downloadable: false, error: "The backup failed: no space left on the backup disk.", started_at: "2026-11-20T02:10:00Z" }),
  backup({ id: 3, trigger: "command", size_bytes: 900, started_at: "2026-11-19T02:20:00Z" }),
  backup({ id: 2, size_bytes: 3 * 1024 * 1024, downloadable: false, removed: true, started_at: "2026-11-01T02:30:00Z" }),
];

const SCHEDULE: BackupsReply["schedule"] = { directory: "/var/backups/paydesk", next_at: "2026-11-21T02:00:00Z" };

const backupsReply = (backups: BackupRecord[], schedule = SCHEDULE): [number, unknown] => [200, { data: { backups, schedule } }];

/** The system settings page as `who` sees it, its backups answered with `reply`. */
function systemSettingsAs(who = ADMIN, reply = backupsReply(BACKUPS), preferences = {}) {
  const fake = signedInAs(who, preferences);
  fake.on("GET", "/settings/system", [200, { data: SYSTEM_SETTINGS }]);
  fake.on("GET", "/settings/system/outbox", page([]));
  fake.on("GET", "/system/backups", reply);
  renderAt("/settings/system-settings");
  return fake;
}

const backupsAsked = (fake: ReturnType<typeof signedInAs>) => fake.calls.filter((call) => call.method === "GET" && call.url === "/system/backups").length;
/** A backup's row, found by a text only it shows among the rows (the header names the signed-in person too). */
const rowOf = (text: string | RegExp) =>
  waitFor(() => {
    const rows = screen.queryAllByText(text).flatMap((element) => element.closest<HTMLElement>("tbody tr") ?? []);
    expect(rows).toHaveLength(1);
    return rows[0];
  });
const backUpNow = () => screen.getByRole("button", { name: /Back up now/ });
/** The followed job's state (the page has other live regions). */
const jobStatus = () => within(backUpNow().closest<HTMLElement>(".ant-card")!).getByRole("status");

const job = (overrides: Partial<JobRecord> = {}): JobRecord => jobRecord({ id: 9, kind: "backup.manual", max_attempts: 1, created_at: "2026-11-20T10:00:00Z", updated_at: "2026-11-20T10:00:00Z", ...overrides });

describe("the backups card", () => {
  it("lists every backup: when, who, its state and size, a download only while the file is kept", async () => {
    const user = setupUser();
    const fake = systemSettingsAs();
    const manual = await rowOf("Alex Admin");
    // Times to the minute, as the reader's language writes them (the hour depends on the machine's zone).
    expect(within(manual).getByText(/^Nov 20, 2026 \d{1,2}:05 [AP]M$/)).toBeInTheDocument();
    expect(within(manual).getByText("Completed")).toBeInTheDocument();
    expect(within(manual).getByText("1.50 MB")).toBeInTheDocument();

    const failed = await rowOf("The backup failed: no space left on the backup disk.");
    expect(within(failed).getByText("Daily schedule")).toBeInTheDocument();
    expect(within(failed).getByText("Failed")).toBeInTheDocument();
    expect(within(failed).getByText(/^Nov 20, 2026 \d{1,2}:10 [AP]M$/)).toBeInTheDocument();
    expect(within(failed).getByText("—")).toBeInTheDocument();
    expect(within(failed).queryByRole("button", { name: /Download/ })).toBeNull();

    const command = await rowOf("Command line (npm run backup)");
    expect(within(command).getByText("900 Bytes")).toBeInTheDocument();
    expect(within(command).getByText(/^Nov 19, 2026 \d{1,2}:20 [AP]M$/)).toBeInTheDocument();

    // Retention deleted the file: the row stays, saying so, with nothing to download.
    const removed = await rowOf("File removed (older than the backups kept)");
    expect(within(removed).getByText("3.00 MB")).toBeInTheDocument();
    expect(within(removed).queryByText("Completed")).toBeNull();
    expect(within(removed).queryByRole("button", { name: /Download/ })).toBeNull();

    // A download button, named by its file, only on the rows whose file is there.
    expect(screen.getAllByRole("button", { name: /^Download/ })).toHaveLength(2);
    expect(within(manual).getByRole("button", { name: `Download ${LONG_NAME}` })).toBeInTheDocument();
    expect(within(command).getByRole("button", { name: "Download paydesk-backup-3.jsonl.gz" })).toBeInTheDocument();

    // The schedule: where the daily backup goes and when it runs next.
    expect(screen.getByText("/var/backups/paydesk")).toBeInTheDocument();
    expect(screen.getByText(/^Nov 21, 2026 \d{1,2}:00 [AP]M$/)).toBeInTheDocument();
    expect(backUpNow()).toBeEnabled();

    // The file comes by the signed-in client, under the name the server gave.
    const file = new Blob(["gzip"]);
    fake.on("GET", "/system/backups/5/download", [200, file, { "content-disposition": `attachment; filename="${LONG_NAME}"` }]);
    const { saved, names } = catchDownloads();
    await user.click(within(manual).getByRole("button", { name: `Download ${LONG_NAME}` }));
    await waitFor(() => expect(saved).toEqual([file]));
    expect(names).toEqual([LONG_NAME]);
  }, 60_000);

  it("says why a download was refused, for a file removed since the list was read", async () => {
    const user = setupUser();
    const fake = systemSettingsAs();
    const command = await rowOf("Command line (npm run backup)");
    fake.on("GET", "/system/backups/3/download", [409, { message: "This backup's file is no longer on the server (removed as an old backup, or by hand)." }]);
    await user.click(within(command).getByRole("button", { name: /Download/ }));
    expect(await screen.findByText("This backup's file is no longer on the server (removed as an old backup, or by hand).")).toBeInTheDocument();
  }, 60_000);

  it("speaks the reader's language: times, sizes, states and who made it", async () => {
    systemSettingsAs(ADMIN, backupsReply(BACKUPS), { language: "fr" });
    expect(await screen.findByText("Fichier supprimé (au-delà des sauvegardes conservées)")).toBeInTheDocument();
    const manual = await rowOf("Alex Admin");
    expect(await within(manual).findByText(/^20 nov\. 2026 \d{2}:05$/)).toBeInTheDocument();
    expect(within(manual).getByText("1,50 Mo")).toBeInTheDocument();
    expect(within(manual).getByText("Terminée")).toBeInTheDocument();
    expect(within(await rowOf("Échec")).getByText("Planification quotidienne")).toBeInTheDocument();
    expect(within(await rowOf("Ligne de commande (npm run backup)")).getByText("900 octets")).toBeInTheDocument();
    expect(screen.getByText(/^21 nov\. 2026 \d{2}:00$/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Sauvegarder maintenant/ })).toBeEnabled();
  }, 60_000);

  it("says when nothing was backed up yet", async () => {
    systemSettingsAs(ADMIN, backupsReply([]));
    expect(await screen.findByText("No backup made yet. Back up now makes the first one.")).toBeInTheDocument();
  }, 60_000);

  it("without a backup folder on the server, says so and offers no Back up now the server would refuse", async () => {
    const fake = systemSettingsAs(ADMIN, backupsReply(BACKUPS.slice(2), { directory: null, next_at: null }));
    expect(await screen.findByText("None (BACKUP_DIR is not set)")).toBeInTheDocument();
    expect(screen.getByText("Not scheduled")).toBeInTheDocument();
    // The command line's backups are still listed, and still downloadable.
    expect(await screen.findByText("Command line (npm run backup)")).toBeInTheDocument();
    // The server's own words for its 409, beside the button they explain.
    const reason = "This server has no backup folder (BACKUP_DIR): make backups with npm run backup.";
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(backUpNow()).toBeDisabled();
    expect(backUpNow()).toHaveAccessibleDescription(reason);
    expect(fake.calls.some((call) => call.method === "POST")).toBe(false);
  }, 60_000);

  it("without a backup folder and no backup yet, does not point at the button it disabled", async () => {
    systemSettingsAs(ADMIN, backupsReply([], { directory: null, next_at: null }));
    expect(await screen.findByText("No backup made yet.")).toBeInTheDocument();
    expect(screen.queryByText(/Back up now makes the first one/)).toBeNull();
  }, 60_000);

  it("shows the server's refusal of Back up now", async () => {
    const user = setupUser();
    const fake = systemSettingsAs();
    await rowOf("Alex Admin");
    // BACKUP_DIR unset since the page was read (a restart): the 409 says what to do.
    fake.on("POST", "/system/backups", [409, { message: "This server has no backup folder (BACKUP_DIR): make backups with npm run backup." }]);
    await user.click(backUpNow());
    expect(await screen.findByRole("alert")).toHaveTextContent("This server has no backup folder (BACKUP_DIR): make backups with npm run backup.");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(backUpNow()).toBeEnabled();
  }, 60_000);

  it("backs up now: posts, follows the job to its end, then lists the new backup", async () => {
    const user = setupUser();
    const fake = systemSettingsAs();
    await rowOf("Alex Admin");
    const made = backup({ id: 6, trigger: "manual", requested_by: { id: 1, name: "Alex Admin" }, file_name: "paydesk-backup-6.jsonl.gz", size_bytes: 5 * 1024, started_at: "2026-11-20T10:00:00Z" });
    const states = [job(), job({ status: "running", attempts: 1 }), job({ status: "running", attempts: 1 }), job({ status: "completed", attempts: 1, result: { backup_id: 6 }, finished_at: "2026-11-20T10:00:05Z" })];
    let polls = 0;
    fake.on("GET", "/jobs/9", () => {
      const state = states[Math.min(polls++, states.length - 1)];
      // The list holds the backup this job makes: running while it runs, made once it is done.
      fake.on("GET", "/system/backups", backupsReply([{ ...made, status: state.status === "completed" ? "completed" : "running", size_bytes: state.status === "completed" ? made.size_bytes : null, downloadable: state.status === "completed" }, ...BACKUPS]));
      return [200, { data: state }];
    });
    fake.on("POST", "/system/backups", () => [202, { data: { job_id: 9 }, message: "Backup started: it is listed below while it runs." }]);
    const before = backupsAsked(fake);
    await user.click(backUpNow());

    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST" && call.url === "/system/backups")).toBe(true));
    await waitFor(() => expect(toasts().join()).toContain("Backup started: it is listed below while it runs."));
    // Followed while it runs: the bar, its state, the button waiting for it, and the list asked again.
    expect(await screen.findByRole("progressbar", { name: "Progress" })).toBeInTheDocument();
    await waitFor(() => expect(jobStatus()).toHaveTextContent("In progress"));
    expect(backUpNow()).toHaveClass("ant-btn-loading");
    const whileRunning = backupsAsked(fake);
    expect(whileRunning).toBeGreaterThan(before);
    await waitFor(() => expect(jobStatus()).toHaveTextContent("Done"));
    // Done: the list is asked again and shows the new backup, the button free again.
    const fresh = await rowOf(/^Nov 20, 2026 \d{1,2}:00 [AP]M$/);
    expect(within(fresh).getByText("5.00 KB")).toBeInTheDocument();
    expect(within(fresh).getByRole("button", { name: "Download paydesk-backup-6.jsonl.gz" })).toBeInTheDocument();
    expect(backupsAsked(fake)).toBeGreaterThan(whileRunning);
    await waitFor(() => expect(backUpNow()).not.toHaveClass("ant-btn-loading"));
  }, 60_000);

  it("shows a backup job that failed, and frees the button", async () => {
    const user = setupUser();
    const fake = systemSettingsAs();
    await rowOf("Alex Admin");
    fake.on("POST", "/system/backups", [202, { data: { job_id: 9 }, message: "Backup started: it appears in the list once it is done." }]);
    fake.on("GET", "/jobs/9", [200, { data: job({ status: "failed", attempts: 1, last_error: "The backup failed: no space left on the backup disk.", finished_at: "2026-11-20T10:00:05Z" }) }]);
    await user.click(backUpNow());
    await waitFor(() => expect(jobStatus()).toHaveTextContent("Failed"));
    expect(jobStatus()).toHaveTextContent("Last error: The backup failed: no space left on the backup disk.");
    await waitFor(() => expect(backUpNow()).not.toHaveClass("ant-btn-loading"));
  }, 60_000);

  it("frees the button when the job's progress cannot be read", async () => {
    const user = setupUser();
    const fake = systemSettingsAs();
    await rowOf("Alex Admin");
    fake.on("POST", "/system/backups", [202, { data: { job_id: 9 }, message: "Backup started: it appears in the list once it is done." }]);
    fake.on("GET", "/jobs/9", [404, { message: "Not found." }]);
    await user.click(backUpNow());
    await waitFor(() => expect(jobStatus()).toHaveTextContent("The progress of this task could not be loaded."));
    await waitFor(() => expect(backUpNow()).not.toHaveClass("ant-btn-loading"));
  }, 60_000);

  it("on a phone, keeps each row's time, state and download in sight, with who made it and the size under the time", async () => {
    window.innerWidth = 390;
    systemSettingsAs();
    const manual = await rowOf(/^Nov 20, 2026 \d{1,2}:05 [AP]M$/);
    expect(within(manual).getByText("Alex Admin")).toBeInTheDocument();
    expect(within(manual).getByText("1.50 MB")).toBeInTheDocument();
    expect(within(manual).getByText("Completed")).toBeInTheDocument();
    // The button shows its icon alone; its name still says which file.
    const download = within(manual).getByRole("button", { name: `Download ${LONG_NAME}` });
    expect(download).not.toHaveTextContent("Download");
    // Three columns: who made it and the size have none of their own.
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual(expect.arrayContaining(["Started", "Status", "File"]));
    expect(screen.queryByRole("columnheader", { name: "Made by" })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "Size" })).toBeNull();
  }, 60_000);

  it("is the super administrator's alone: staff who manage the settings see the page without it", async () => {
    const fake = systemSettingsAs(meAs(4, 2, "Sam Settings", ["settings_manage"]));
    await waitFor(() => expect(screen.getByLabelText("Session lifetime (hours)")).toHaveValue("12"));
    // The form's own schedule fields stay; the card, its list and its button do not, nor is the list asked for.
    expect(screen.getByLabelText("Back up every day")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Back up now/ })).toBeNull();
    expect(screen.queryByText("Backup folder on the server")).toBeNull();
    expect(backupsAsked(fake)).toBe(0);
  }, 60_000);
});
