/**
 * The system check page (/settings-test): a card per check with its verdict
 * in words, its figures formatted for the reader, the advice of a check that
 * did not pass; run again on request; a test e-mail whose outcome (the
 * server's words, a refusal included) is shown with the way to the outbox.
 * Level 0 only: everyone else is refused without a call.
 */
import { screen, waitFor, within } from "@testing-library/react";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../contracts/permissions";
import { CHECK_ADVICE, CHECK_FACTS, CHECK_NOTES, CHECK_STATUSES, SYSTEM_CHECKS, type SystemCheckReply, type SystemCheckResult } from "../../contracts/system-check";
import { renderAt } from "./render";
import { meAs, signedInAs, switchesLanguage } from "./session";
import { setupUser } from "./user";

switchesLanguage(() => [import("../../src/pages/system-check")]);

const ADMIN = meAs(1, 0, "Alex Admin");
const pass = (key: SystemCheckResult["key"], facts: SystemCheckResult["facts"], note: SystemCheckResult["note"] = null): SystemCheckResult => ({ key, status: "pass", facts, advice: null, note });

const REPLY: SystemCheckReply = {
  status: "fail",
  checked_at: "2026-11-20T09:05:00Z",
  checks: [
    pass("database", [
      { name: "engine", kind: "text", value: "PGlite 0.5.16 (PostgreSQL 18.6)" },
      { name: "embedded", kind: "yesNo", value: true },
      { name: "roundTrip", kind: "duration", value: 3 },
    ]),
    pass("databaseSize", [{ name: "size", kind: "bytes", value: 10_276_044 }]),
    {
      key: "migrations",
      status: "fail",
      facts: [
        { name: "applied", kind: "count", value: 13 },
        { name: "onDisk", kind: "count", value: 14 },
        { name: "pending", kind: "count", value: 1 },
      ],
      advice: "migrationsPending",
      note: null,
    },
    pass("server", [
      { name: "version", kind: "text", value: "0.1.0" },
      { name: "uptime", kind: "duration", value: (3 * 24 + 4) * 3_600_000 + 120_000 },
      { name: "startedAt", kind: "datetime", value: "2026-11-17T05:03:00Z" },
    ]),
    pass("timeZone", [{ name: "companyZone", kind: "text", value: "Asia/Manila" }], "zonesDiffer"),
    pass("files", [{ name: "storedFiles", kind: "count", value: 1250 }]),
    { key: "signedLinks", status: "warn", facts: [{ name: "keyLength", kind: "count", value: 8 }], advice: "appKeyShort", note: null },
    pass("jobs", [{ name: "oldestWait", kind: "duration", value: 4250 }]),
    pass("mail", [{ name: "waiting", kind: "count", value: 0 }], "outboxOnly"),
  ],
};

const ALL_PASS: SystemCheckReply = { ...REPLY, status: "pass", checks: REPLY.checks.map((check) => ({ ...check, status: "pass", advice: null })) };

function showCheck(preferences = {}, reply: SystemCheckReply = REPLY) {
  const fake = signedInAs(ADMIN, preferences);
  fake.on("GET", "/system/check", [200, { data: reply }]);
  renderAt("/settings-test");
  return fake;
}

const card = (key: string) => screen.getByTestId(`check-${key}`);

describe("the system check", () => {
  it("shows each check's verdict in words, its figures formatted, and the advice of those that did not pass", async () => {
    showCheck();
    expect(await screen.findByRole("heading", { level: 1, name: "System check" })).toBeInTheDocument();
    expect(await screen.findByText("Something does not work: see the failed checks.")).toBeInTheDocument();
    expect(screen.getByText(/^Checked Nov 20, 2026/)).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "Database",
      "Database size",
      "Database migrations",
      "Server",
      "Clocks and time zones",
      "File storage",
      "Signed links",
      "Background jobs",
      "E-mail",
      "Test e-mail",
    ]);

    const migrations = within(card("migrations"));
    expect(migrations.getByText("Fail")).toBeInTheDocument();
    expect(migrations.getByText(/restart the server, which applies the migrations/)).toBeInTheDocument();
    expect(within(card("signedLinks")).getByText("Warning")).toBeInTheDocument();
    expect(within(card("signedLinks")).getByText(/APP_KEY is short enough to be guessed/)).toBeInTheDocument();
    const database = within(card("database"));
    expect(database.getByText("Pass")).toBeInTheDocument();
    expect(database.getByText("PGlite 0.5.16 (PostgreSQL 18.6)")).toBeInTheDocument();
    expect(database.getByText("Yes")).toBeInTheDocument();
    expect(database.getByText("3 ms")).toBeInTheDocument();
    expect(database.queryByRole("alert")).not.toBeInTheDocument();
    expect(within(card("databaseSize")).getByText("9.80 MB")).toBeInTheDocument();
    expect(within(card("server")).getByText("3 days, 4 hours")).toBeInTheDocument();
    expect(within(card("files")).getByText("1,250")).toBeInTheDocument();
    expect(within(card("jobs")).getByText("4.3 sec")).toBeInTheDocument();
    // A pass worth a word: said, without advice.
    expect(within(card("timeZone")).getByText(/That is fine: work dates and pay dates use the company's zone/)).toBeInTheDocument();
    expect(within(card("mail")).getByText(/reaches nobody's mailbox/)).toBeInTheDocument();
  }, 40_000);

  it("runs the checks again on request, from the keyboard too", async () => {
    const user = setupUser();
    const fake = showCheck();
    await screen.findByText("Something does not work: see the failed checks.");
    fake.on("GET", "/system/check", [200, { data: ALL_PASS }]);
    screen.getByRole("button", { name: "Run again" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Everything works.")).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.url === "/system/check")).toHaveLength(2);
    expect(within(card("migrations")).getByText("Pass")).toBeInTheDocument();
  }, 40_000);

  it("sends a test e-mail to oneself and says where it went, with the way to the outbox", async () => {
    const user = setupUser();
    const fake = showCheck({}, ALL_PASS);
    await screen.findByText("Everything works.");
    expect(screen.getByText(/your own address, alex@example.com/)).toBeInTheDocument();
    const message = "The test e-mail to alex@example.com is in the outbox. No SMTP server is set, so it goes no further.";
    fake.on("POST", "/system/check/test-mail", [200, { data: { transport: "outbox", delivered: true, to: "alex@example.com", outbox_id: 7, detail: null }, message }]);
    await user.click(screen.getByRole("button", { name: "Send test e-mail" }));
    const outcome = within(screen.getByTestId("test-mail-outcome"));
    expect(await outcome.findByText(message)).toBeInTheDocument();
    expect(outcome.getByText(/The outbox \(Settings › System settings\) lists every e-mail/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the outbox" })).toHaveAttribute("href", "/settings/system-settings");
  }, 40_000);

  it("shows the SMTP server's refusal as it was said", async () => {
    const user = setupUser();
    const fake = showCheck({}, ALL_PASS);
    await screen.findByText("Everything works.");
    const refusal = "The SMTP server mail.example.com:587 did not take the test e-mail: 535 5.7.8 Authentication failed";
    fake.on("POST", "/system/check/test-mail", [502, { message: refusal }]);
    await user.click(screen.getByRole("button", { name: "Send test e-mail" }));
    expect(await within(screen.getByTestId("test-mail-outcome")).findByText(refusal)).toBeInTheDocument();
  }, 40_000);

  it("says it in the reader's language, sizes and durations too", async () => {
    showCheck({ language: "fr" });
    expect(await screen.findByRole("heading", { level: 1, name: "Vérification du système" })).toBeInTheDocument();
    expect(await within(card("migrations")).findByText("Échec")).toBeInTheDocument();
    expect(within(card("database")).getByText("Réussi")).toBeInTheDocument();
    expect(within(card("signedLinks")).getByText("Avertissement")).toBeInTheDocument();
    expect(within(card("databaseSize")).getByText("9,80 Mo")).toBeInTheDocument();
    expect(within(card("server")).getByText("3 jours et 4 heures")).toBeInTheDocument();
    // French groups thousands with a narrow no-break space (Testing Library reads it as a space).
    expect(within(card("files")).getByText("1 250")).toBeInTheDocument();
    expect(screen.getByText(/^Vérifié le 20 nov\. 2026/)).toBeInTheDocument();
  }, 40_000);

  it("fits a phone: the cards stack, the buttons stay reachable", async () => {
    window.innerWidth = 390;
    showCheck();
    await screen.findByText("Something does not work: see the failed checks.");
    expect(screen.getByRole("button", { name: "Run again" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Send test e-mail" })).toBeEnabled();
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(10);
  }, 40_000);
});

describe("the words of the system check", () => {
  it("has a message for every check, status, figure, advice and note the server can send", () => {
    const keys = [
      ...SYSTEM_CHECKS.map((key) => `systemCheck.checks.${key}`),
      ...CHECK_STATUSES.map((status) => `systemCheck.statuses.${status}`),
      ...CHECK_STATUSES.map((status) => `systemCheck.summary.${status}`),
      ...CHECK_FACTS.map((name) => `systemCheck.facts.${name}`),
      ...CHECK_ADVICE.map((advice) => `systemCheck.advice.${advice}`),
      ...CHECK_NOTES.map((note) => `systemCheck.notes.${note}`),
    ];
    expect(keys.filter((key) => !i18next.exists(key, { lng: "en", fallbackLng: false }))).toEqual([]);
  });
});

describe("who sees the system check", () => {
  it.each([
    ["an employee", meAs(3, 1, "Emery Employee", ["attendance_access"])],
    ["staff holding every permission", meAs(2, 2, "Harper Staff", [...PERMISSIONS])],
  ])("refuses %s without asking the server", async (_, person) => {
    const fake = signedInAs(person);
    renderAt("/settings-test");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/unauthorized"));
    expect(fake.calls.some((call) => call.url === "/system/check")).toBe(false);
  }, 40_000);
});
