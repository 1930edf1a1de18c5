/**
 * /user-payslips: the signed-in person's own released payslips a year at a
 * time (the year's totals, each payslip with its money and PDF), a payslip
 * opened in full with its download history, the release notification's link
 * (?run=) opening that run's payslip whichever year it is in, and nothing
 * yet said in words; amounts and dates in the reader's language.
 */
import { screen, waitFor, within } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { http } from "../../src/lib/http";
import { catchDownloads } from "./downloads";
import { documentOf, HISTORY, ownRow, ownYear } from "./payslip-documents";
import { renderAt } from "./render";
import { meAs, signedInAs, switchesLanguage } from "./session";
import { setupUser } from "./user";

switchesLanguage(() => [import("../../src/pages/user-payslips")]);

const DANA = meAs(11, 1, "Dana Reyes", []);

const OWN = "/payslips/user-payslips";

const YEARS = {
  2026: ownYear(2026, [2026, 2025], [ownRow(31, 2, "2026-10", 5_204_750), ownRow(30, 1, "2026-09", 5_100_000)]),
  2025: ownYear(2025, [2026, 2025], [ownRow(19, 7, "2025-12", 4_900_000)]),
};

/** The year each call to the list asked for (the fake answers by path alone). */
let askedYears: (string | undefined)[] = [];
let recorder = -1;
beforeEach(() => {
  askedYears = [];
  recorder = http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    if (config.url === OWN) askedYears.push(config.params?.year === undefined ? undefined : String(config.params.year));
    return config;
  });
});
afterEach(() => {
  http.interceptors.request.eject(recorder);
  vi.restoreAllMocks();
});

/** Dana signed in with two years of payslips; the list answers the year asked for, the latest when none. */
function session(language?: "jp" | "fr") {
  const fake = signedInAs(DANA, language ? { language } : {});
  fake.on("GET", OWN, () => {
    const year = askedYears.at(-1);
    return [200, { data: YEARS[year === "2025" ? 2025 : 2026] }];
  });
  fake.on("GET", "/payslips/31/document", [200, { data: documentOf() }]);
  fake.on("GET", "/payslips/31/downloads", [200, { data: HISTORY }]);
  fake.on("GET", "/payslips/19/document", [200, { data: documentOf({ id: 19, run: { ...documentOf().run, id: 7, name: "Payroll 2025-12-01 – 2025-12-31", period_start: "2025-12-01", period_end: "2025-12-31", pay_date: "2025-12-28" } }) }]);
  fake.on("GET", "/payslips/19/downloads", [200, { data: [] }]);
  return fake;
}

/** Text with its spaces as one plain space each (Intl writes thin and no-break spaces). */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\s\u2009\u202f\u00a0]+/g, " ").trim();

/** An open antd select's option, by its label. */
const option = (label: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-dropdown .ant-select-item-option[title="${label}"]`);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });

const location = () => screen.getByTestId("location").textContent;

/** The year's list, and Dana's payslip of one period in it. */
const list = () => screen.findByRole("list", { name: /^Payslips of/ });
const item = (scope: HTMLElement, period: RegExp) => within(scope).getByRole("link", { name: period }).closest("li")!;

describe("my payslips", () => {
  it("shows the latest year's totals and payslips, and another year on choosing it", async () => {
    const user = setupUser();
    session();
    renderAt("/user-payslips");
    const payslips = await list();
    expect(askedYears).toEqual([undefined]);
    const totals = screen.getByRole("region", { name: "Totals for 2026" });
    expect(within(totals).getByText("Gross pay").closest("div")).toHaveTextContent("₱105,047.50");
    expect(within(totals).getByText("Deductions").closest("div")).toHaveTextContent("₱2,000.00");
    expect(within(totals).getByText("Net pay").closest("div")).toHaveTextContent("₱103,047.50");

    const october = item(payslips, /Oct 1/);
    expect(october).toHaveTextContent("Payroll Oct 1 – 31, 2026");
    expect(october).toHaveTextContent("Pay date: Oct 28, 2026");
    expect(within(october).getByText("Net pay").nextElementSibling).toHaveTextContent("₱52,047.50");
    expect(within(october).getByText("Gross pay").nextElementSibling).toHaveTextContent("₱53,047.50");
    expect(within(payslips).getAllByRole("listitem")).toHaveLength(2);

    // The year picker is labelled; the year chosen is kept in the address.
    await user.click(screen.getByRole("combobox", { name: "Year" }));
    await user.click(await option("2025"));
    await waitFor(() => expect(screen.getByRole("region", { name: "Totals for 2025" })).toBeInTheDocument());
    expect(askedYears.at(-1)).toBe("2025");
    expect(location()).toBe("/user-payslips?year=2025");
    const earlier = await screen.findByRole("list", { name: "Payslips of 2025" });
    expect(within(earlier).getAllByRole("listitem")).toHaveLength(1);
    expect(within(screen.getByRole("region", { name: "Totals for 2025" })).getByText("Net pay").closest("div")).toHaveTextContent("₱49,000.00");
  }, 40_000);

  it("opens a payslip in full with its PDF and its download history, and leads back to its year", async () => {
    const user = setupUser();
    session();
    renderAt("/user-payslips");
    const october = within(item(await list(), /Oct 1/)).getByRole("link", { name: /Oct 1/ });
    // A real link: the keyboard opens it.
    october.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(location()).toBe("/user-payslips?payslip=31"));
    expect(await screen.findByRole("article", { name: "Payslip" })).toBeInTheDocument();
    // The keyboard starts again at the payslip's title, not lost with the link it left.
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveFocus());
    expect(plain(screen.getByRole("heading", { level: 1 }).textContent)).toBe("Payslip for Oct 1 – 31, 2026");
    expect(screen.getByRole("button", { name: "Download PDF" })).toBeInTheDocument();

    const history = await screen.findByRole("table", { name: "Download history" });
    const rows = within(history).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Download link");
    expect(rows[0]).toHaveTextContent("203.0.113.7");
    expect(rows[1]).toHaveTextContent("Signed in");
    expect(screen.getByText(/If you see a download that was not you, tell the payroll office/)).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "All my payslips" }));
    await waitFor(() => expect(location()).toBe("/user-payslips?year=2026"));
  }, 40_000);

  it("downloads a payslip's PDF with the token, saved under the name the server gives", async () => {
    const user = setupUser();
    const fake = session();
    const pdf = new Blob(["%PDF-1.7"], { type: "application/pdf" });
    fake.on("GET", "/payslip/generate-pdf/31", [200, pdf, { "content-disposition": "attachment; filename=\"payslip-2026-10-dana-reyes.pdf\"" }]);
    renderAt("/user-payslips");
    const october = item(await list(), /Oct 1/);
    const { saved, names } = catchDownloads();
    const button = within(october).getByRole("button", { name: /^Download PDF: Oct 1/ });
    expect(button).toHaveTextContent("Download PDF");
    await user.click(button);
    await waitFor(() => expect(saved).toEqual([pdf]));
    expect(names).toEqual(["payslip-2026-10-dana-reyes.pdf"]);
    expect(fake.calls.filter((call) => call.url.startsWith("/payslip/generate-pdf/")).map((call) => call.url)).toEqual(["/payslip/generate-pdf/31"]);
  }, 40_000);

  it("opens the payslip of the run a release notification links to, in whichever year it is", async () => {
    session();
    renderAt("/user-payslips?run=7");
    // Not among the latest year's: the year before holds it.
    await waitFor(() => expect(location()).toBe("/user-payslips?payslip=19"));
    expect(askedYears).toEqual([undefined, "2025"]);
    expect(plain((await screen.findByRole("heading", { level: 1 })).textContent)).toBe("Payslip for Dec 1 – 31, 2025");
    expect(await screen.findByRole("article", { name: "Payslip" })).toBeInTheDocument();
  }, 40_000);

  it("opens a payslip of the latest year at once", async () => {
    session();
    renderAt("/user-payslips?run=2");
    await waitFor(() => expect(location()).toBe("/user-payslips?payslip=31"));
    expect(askedYears).toEqual([undefined]);
  }, 40_000);

  it("says so when no year holds a payslip of the run linked to, and shows the list", async () => {
    session();
    renderAt("/user-payslips?run=99");
    expect(await screen.findByText("The payslip of that payroll run is not available. It may have been withdrawn: ask the payroll office.")).toBeInTheDocument();
    expect(askedYears).toEqual([undefined, "2025"]);
    expect(location()).toBe("/user-payslips?year=2025");
    expect(await screen.findByRole("list", { name: "Payslips of 2025" })).toBeInTheDocument();
  }, 40_000);

  it("says that there is no payslip yet, and that a release will be announced", async () => {
    const fake = signedInAs(DANA);
    fake.on("GET", OWN, [200, { data: ownYear(null, [], []) }]);
    renderAt("/user-payslips");
    expect(await screen.findByText("No payslips yet. You will be notified when one is released.")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Year" })).toBeNull();
  }, 40_000);

  it("says a payslip is unavailable when it is not one's own or no longer stands", async () => {
    const fake = signedInAs(DANA);
    fake.on("GET", "/payslips/44/document", [403, { message: "You may not do this." }]);
    renderAt("/user-payslips?payslip=44");
    expect(await screen.findByText("This payslip is not available. It may have been withdrawn, or it is not yours.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Download PDF/ })).toBeNull();
    expect(fake.calls.filter((call) => call.url === "/payslips/44/document")).toHaveLength(1);
  }, 40_000);

  it("reads in Japanese: the year's totals, periods and pay dates in Japanese", async () => {
    session("jp");
    renderAt("/user-payslips");
    const payslips = await screen.findByRole("list", { name: "2026年の給与明細" });
    const totals = screen.getByRole("region", { name: "2026年の合計" });
    expect(plain(within(totals).getByText("差引支給額").nextElementSibling?.textContent)).toBe("PHP 103,047.50");
    const october = item(payslips, /2026年10月1日/);
    expect(plain(within(october).getByRole("link").textContent)).toBe("2026年10月1日～31日");
    expect(plain(october.textContent)).toContain("2026年10月28日");
    expect(within(october).getByRole("button", { name: /^PDF をダウンロード：2026年10月1日/ })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "年" })).toBeInTheDocument();
  }, 40_000);
});
