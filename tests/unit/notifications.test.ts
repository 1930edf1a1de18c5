/**
 * The notifications module's pure parts: stream tickets (signed, bound to a
 * person and a language, a minute long), the signals between processes, and
 * the wording of a notification and its e-mail.
 */
import { describe, expect, it } from "vitest";
import { translator } from "../../server/lib/i18n";
import { parseSignal, signalFor } from "../../server/modules/notifications/signal";
import { issueTicket, TICKET_SECONDS, verifyTicket } from "../../server/modules/notifications/ticket";
import { emailOf, languageOf, wordingOf } from "../../server/modules/notifications/wording";

const NOW = new Date("2026-03-02T09:00:00Z");
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe("stream tickets", () => {
  const { ticket, expiresAt } = issueTicket("key", 42, "fr", NOW);

  it("names its holder and language until it expires", () => {
    expect(expiresAt).toEqual(later(TICKET_SECONDS));
    expect(verifyTicket("key", ticket, later(TICKET_SECONDS - 1))).toEqual({ userId: 42, language: "fr", expiresAt });
    expect(verifyTicket("key", ticket, later(TICKET_SECONDS))).toBeNull();
  });

  it("refuses one signed with another key, changed in any part, or malformed", () => {
    expect(verifyTicket("other key", ticket, NOW)).toBeNull();
    const [user, language, expires, signature] = ticket.split(".");
    expect(verifyTicket("key", [43, language, expires, signature].join("."), NOW)).toBeNull();
    expect(verifyTicket("key", [user, "en", expires, signature].join("."), NOW)).toBeNull();
    expect(verifyTicket("key", [user, language, Number(expires) + 3600, signature].join("."), NOW)).toBeNull();
    for (const bad of [undefined, "", "42.fr", `${ticket}x`, ticket.replace(/.$/, "!")]) expect(verifyTicket("key", bad, NOW)).toBeNull();
  });
});

describe("signals", () => {
  it("name up to 500 people, and everyone beyond (a NOTIFY payload is under 8,000 bytes)", () => {
    expect(signalFor([3, 3, 4])).toEqual({ users: [3, 4] });
    expect(signalFor(Array.from({ length: 500 }, (_, i) => 2_000_000_000 + i))).toMatchObject({ users: expect.any(Array) });
    expect(JSON.stringify(signalFor(Array.from({ length: 500 }, (_, i) => 2_000_000_000 + i))).length).toBeLessThan(8000);
    expect(signalFor(Array.from({ length: 501 }, (_, i) => i))).toEqual({ all: true });
    expect(signalFor(null)).toEqual({ all: true });
  });

  it("are read back, and anything else is ignored", () => {
    expect(parseSignal(JSON.stringify({ users: [1, 2] }))).toEqual({ users: [1, 2] });
    expect(parseSignal(JSON.stringify({ all: true }))).toEqual({ all: true });
    expect(parseSignal(JSON.stringify({ signedOut: [7] }))).toEqual({ signedOut: [7] });
    for (const other of ["", "not json", "{}", '{"users":["1"]}', '{"all":1}', '{"signedOut":[1.5]}', "null"]) expect(parseSignal(other)).toBeNull();
  });
});

describe("wording", () => {
  it("words a type in the reader's language, and a sender's own text as typed", () => {
    expect(wordingOf(translator("jp"), "password_reset", {}).title).toBe("パスワードがリセットされました");
    expect(wordingOf(translator("en"), "system", { title: "{{message}}", message: "Hi {{title}}" })).toEqual({ title: "{{message}}", message: "Hi {{title}}" });
  });

  it("words a run, its days and its numbers as the reader's language writes them; a typed run name stays as typed", () => {
    // Intl spaces its ranges and French punctuation with thin and narrow no-break spaces: compared as plain spaces.
    const message = (language: Parameters<typeof translator>[0], type: string, params: Record<string, unknown>) => wordingOf(translator(language), type, params).message.replace(/[\u2009\u202f\u00a0]/g, " ");
    const released = { name: "Payroll 2026-11-01 – 2026-11-30", period_start: "2026-11-01", period_end: "2026-11-30", pay_date: "2026-12-05" };
    expect(message("en", "payslip_released", released)).toBe("Your payslip of Payroll Nov 1 – 30, 2026 is ready. Pay date: Dec 5, 2026.");
    expect(message("fr", "payslip_released", released)).toBe("Votre bulletin de paie de « Paie 1–30 nov. 2026 » est disponible. Date de paiement : 5 déc. 2026.");
    expect(message("jp", "payslip_released", released)).toBe("給与 2026年11月1日～30日の給与明細が発行されました。支給日：2026年12月5日");
    const typed = { ...released, name: "November payroll" };
    expect(message("en", "payslip_released", typed)).toContain("Your payslip of November payroll (Nov 1 – 30, 2026) is ready.");
    const leave = { name: "Ana Cruz", type: "Vacation", from: "2026-12-21", to: "2026-12-23", days: 2.5 };
    expect(message("fr", "leave_requested", leave)).toContain("21 déc. 2026");
    expect(message("fr", "leave_requested", leave)).toContain("2,5");
  });

  it("builds the e-mail: subject from the title, the message, the link when there is one, why it came", () => {
    const t = translator("en");
    const withLink = emailOf(t, "system", { title: "Payday", message: "Payslips are out." }, "http://paydesk.test/payslips");
    expect(withLink.subject).toBe("Paydesk: Payday");
    expect(withLink.text).toBe(
      "Payslips are out.\n\nOpen it in Paydesk: http://paydesk.test/payslips\n\nYou receive this e-mail because of your notification settings in Paydesk. You can choose which notifications reach you by e-mail in your preferences.\n",
    );
    expect(emailOf(t, "account_deactivated", {}, null).text).not.toContain("Open it");
  });

  it("reads an unknown stored language as English", () => {
    expect(languageOf("cn")).toBe("cn");
    for (const other of [undefined, null, "de", 3]) expect(languageOf(other)).toBe("en");
  });
});
