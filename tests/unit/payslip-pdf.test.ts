/**
 * The payslip PDF read back as a reader would (pdf.js): in each of the five
 * languages it names the person, shows the amounts formatted for the
 * language, its labels and the net in words; the logo is an image on the
 * page when there is a readable one and the document still comes out when
 * there is not; it stays under 100 KB; a password keeps it shut; a
 * withdrawn payslip says so; typed text cannot push the layout apart.
 */
import { deflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { amountInWords } from "../../contracts/amount-in-words";
import type { LanguageCode } from "../../contracts/auth";
import type { PayslipDocument } from "../../contracts/payslips";
import { intlLocale, translator } from "../../server/lib/i18n";
import { drawsAll, loadPdfFonts } from "../../server/lib/pdf/fonts";
import { renderPayslipPdf } from "../../server/lib/pdf/payslip";
import { compact, readPdf } from "../support/pdf-text";
import { PNG_1X1, WEBP_TINY } from "../support/people";
import { pngFile } from "../support/png";

/** An RGBA PNG (alpha makes pdfkit decode it in a callback, the path a broken file must not crash). */
function rgbaPng(size: number, idat?: Buffer): Buffer {
  const scanline = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 4, 0x80)]);
  return pngFile(size, size, 6, idat ?? deflateSync(Buffer.concat(Array.from({ length: size }, () => scanline))));
}

const CURRENCY: Record<LanguageCode, string> = { en: "PHP", tl: "PHP", fr: "EUR", jp: "JPY", cn: "CNY" };
const NAME: Record<LanguageCode, string> = { en: "Maria Santos", tl: "Juan dela Cruz", fr: "Élodie Lefèvre", jp: "山田 花子", cn: "王小明" };

/** 25,300.50 net, 31,205.50 gross (in yen, which has no minor unit, rounded: 25,301 and 31,206). */
function sample(language: LanguageCode, overrides: Partial<PayslipDocument> = {}): PayslipDocument {
  const currency = CURRENCY[language];
  const unit = currency === "JPY" ? 1 : 100;
  const major = (amount: number) => Math.round(amount * unit);
  return {
    id: 4821,
    language,
    currency,
    company: { name: "Paydesk Demo Corporation", address: ["12 Ayala Avenue", "Makati City, 1226", "Philippines"], registration_number: "CS201912345", tax_number: "123-456-789-000", has_logo: true },
    person: { id: 7, name: NAME[language], employee_number: "EMP-0042", department: "Finance", position: "Accountant", tax_id: "987-654-321", bank_name: "BDO Unibank", bank_account_masked: "•••• 4321" },
    run: { id: 3, name: "October", kind: "regular", status: "released", period_start: "2026-10-01", period_end: "2026-10-31", pay_date: "2026-10-31" },
    lines: [
      { code: "BASIC", name: "Basic pay", kind: "earning", amount: major(28_000) },
      { code: "OT", name: "Overtime pay", kind: "earning", amount: major(3_205.5) },
      { code: "SSS", name: "SSS contribution", kind: "deduction", amount: major(1_350) },
      { code: "TAX", name: "Withholding tax", kind: "deduction", amount: major(4_555) },
      { code: "SSS", name: "SSS contribution", kind: "employer", amount: major(2_850) },
    ],
    gross: major(31_205.5),
    deductions: major(5_905),
    net: major(25_300.5),
    employer_cost: major(34_055.5),
    taxable: major(29_855.5),
    inputs: { pay_basis: "monthly", rate: major(28_000), days_worked: 21, hours_worked: 168.5, overtime_hours: 1.32, worked_minutes: 10_110, overtime_minutes: 79, late_minutes: 25, undertime_minutes: 10, absences: 1 },
    year_to_date: {
      gross: major(312_055),
      deductions: major(59_050),
      net: major(253_005),
      taxable: major(298_555),
      lines: [
        { code: "BASIC", name: "Basic pay", kind: "earning", amount: major(280_000) },
        { code: "BONUS", name: "Mid-year bonus", kind: "earning", amount: major(28_000) },
        { code: "OT", name: "Overtime pay", kind: "earning", amount: major(4_055) },
        { code: "SSS", name: "SSS contribution", kind: "deduction", amount: major(13_500) },
        { code: "TAX", name: "Withholding tax", kind: "deduction", amount: major(45_550) },
        { code: "SSS", name: "SSS contribution", kind: "employer", amount: major(28_500) },
      ],
    },
    note: "Overtime for the October closing is included.",
    withdrawn: null,
    ...overrides,
  };
}

const render = (document: PayslipDocument, options: { logo?: Buffer | null; password?: string | null } = {}) =>
  renderPayslipPdf(document, { logo: options.logo ?? null, password: options.password ?? null, t: translator(document.language), locale: intlLocale(document.language), timeZone: "Asia/Manila" });

/** What each language prints, written out here rather than computed by the code under test. */
/** `printed`: whether a payslip in the language writes the net out (French and Japanese ones show figures only). */
const EXPECTED: Record<LanguageCode, { net: string; gross: string; payDate: string; words: string; printed: boolean }> = {
  // The font has no ₱: the peso shows by its code.
  en: { net: "PHP 25,300.50", gross: "PHP 31,205.50", payDate: "October 31, 2026", words: "Twenty-five thousand three hundred pesos and 50/100", printed: true },
  tl: { net: "PHP 25,300.50", gross: "PHP 31,205.50", payDate: "Oktubre 31, 2026", words: "dalawampu't limang libo tatlondaang piso at limampung sentimo", printed: true },
  fr: { net: "25 300,50 €", gross: "31 205,50 €", payDate: "31 octobre 2026", words: "vingt-cinq mille trois cents euros et cinquante centimes", printed: false },
  jp: { net: "￥25,301", gross: "￥31,206", payDate: "2026年10月31日", words: "金二万五千三百一円", printed: false },
  cn: { net: "¥25,300.50", gross: "¥31,205.50", payDate: "2026年10月31日", words: "人民币贰万伍仟叁佰元伍角整", printed: true },
};

/** The start of a JPEG and nothing else: SOI, an APP0/JFIF segment, EOI. */
const EMPTY_JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

// drawsAll below reads the fonts directly; a PDF's rendering loads them itself.
beforeAll(() => loadPdfFonts());

describe("the payslip PDF in each language", () => {
  const LANGUAGES: LanguageCode[] = ["en", "jp", "cn", "tl", "fr"];

  it("draws with a font that has every script the languages need", () => {
    expect(drawsAll("あいうえおアイウエオ工资单给与給与明細書金額éèçñÑàôœ")).toBe(true);
  });

  it.each(LANGUAGES)("%s: names the person, shows the amounts, labels and net in words where customary, with the logo, under 100 KB", async (language) => {
    const document = sample(language);
    const pdf = await render(document, { logo: PNG_1X1 });
    const content = await readPdf(pdf);
    const text = compact(content.text);
    const t = translator(language);
    const expected = EXPECTED[language];

    expect(content.pages).toBe(1);
    expect(text).toContain(compact(NAME[language]));
    expect(text).toContain(compact(expected.net));
    expect(text).toContain(compact(expected.gross));
    expect(text).toContain(compact(expected.payDate));
    if (expected.printed) expect(text).toContain(compact(expected.words));
    else expect(text).not.toContain(compact(expected.words));
    expect(amountInWords(document.net, document.currency, language)).toBe(expected.words);
    expect(text).toContain(compact(t("payslipPdf.title")));
    expect(text).toContain(compact(t("payslipPdf.net")));
    if (language !== "en") expect(t("payslipPdf.title")).not.toBe(translator("en")("payslipPdf.title"));
    expect(text).toContain(compact(document.note!));
    // A character the font lacks extracts as U+0000; French groups digits with one (U+202F).
    expect(content.text).not.toContain("\u0000");
    expect(content.images).toBe(1);
    expect(pdf.length).toBeLessThanOrEqual(100 * 1024);
  });

  it("prints the year-to-date figures and the lines only the year has", async () => {
    const text = compact((await readPdf(await render(sample("en")))).text);
    expect(text).toContain(compact("PHP 312,055.00"));
    expect(text).toContain(compact("Year to date: PHP 253,005.00"));
    expect(text).toContain("Mid-yearbonus");
    expect(text).toContain(compact("PHP 28,000.00 per month"));
  });

  it("prints hours exact to the minute as h:mm, and a payslip from before minutes were kept with its hours as kept", async () => {
    const exact = compact((await readPdf(await render(sample("en")))).text);
    expect(exact).toContain(compact("Hours worked 168:30"));
    expect(exact).toContain(compact("Overtime hours 1:19"));
    const { worked_minutes: _worked, overtime_minutes: _overtime, ...kept } = sample("en").inputs;
    const older = compact((await readPdf(await render(sample("en", { inputs: kept })))).text);
    expect(older).toContain(compact("Overtime hours 1.32"));
  });

  it("says an off-cycle payment is one", async () => {
    const regular = compact((await readPdf(await render(sample("en")))).text);
    const offCycle = compact((await readPdf(await render(sample("en", { run: { ...sample("en").run, kind: "off_cycle" } })))).text);
    expect(regular).not.toContain("Off-cyclepayment");
    expect(offCycle).toContain("Off-cyclepayment");
  });

  it("prints no words for an amount that has none", async () => {
    const text = compact((await readPdf(await render(sample("en", { net: -500 })))).text);
    expect(text).not.toContain("Netpayinwords");
    expect(text).toContain(compact("-PHP 5.00"));
  });
});

describe("the logo", () => {
  it("is an image on the page when readable, PNG with transparency as well as plain", async () => {
    expect((await readPdf(await render(sample("en"), { logo: rgbaPng(8) }))).images).toBe(1);
    expect((await readPdf(await render(sample("en")))).images).toBe(0);
  });

  it.each([
    ["WebP", WEBP_TINY],
    ["a JPEG with no image in it", EMPTY_JPEG],
    ["a PNG whose pixels do not inflate", rgbaPng(8, Buffer.from("not deflate data"))],
  ])("is left out when it is %s, and the payslip still comes out", async (_, logo) => {
    const content = await readPdf(await render(sample("en"), { logo }));
    expect(content.images).toBe(0);
    expect(compact(content.text)).toContain("MariaSantos");
  });
});

describe("a password", () => {
  it("keeps the PDF shut without it, opens it with it, and lets it be printed but not changed", async () => {
    const pdf = await render(sample("jp"), { password: "19900101EMP0042" });
    await expect(readPdf(pdf)).rejects.toMatchObject({ name: "PasswordException" });
    await expect(readPdf(pdf, "19900101EMP004")).rejects.toMatchObject({ name: "PasswordException" });
    expect(compact((await readPdf(pdf, "19900101EMP0042")).text)).toContain("山田花子");
    // AES-256: encryption dictionary version 5.
    expect(pdf.toString("latin1")).toMatch(/\/Encrypt \d+ 0 R/);
    expect(pdf.toString("latin1")).toMatch(/\/V 5/);
    const { getDocument, PermissionFlag } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const opened = await getDocument({ data: new Uint8Array(pdf), password: "19900101EMP0042", verbosity: 0 }).promise;
    const permissions = (await opened.getPermissions()) ?? [];
    await opened.destroy();
    expect(permissions).toContain(PermissionFlag.PRINT_HIGH_QUALITY);
    expect(permissions).not.toContain(PermissionFlag.MODIFY_CONTENTS);
  });

  it("gets a fresh owner password each time, so no shared one lifts the restrictions", async () => {
    const owner = (pdf: Buffer) => /\/O <([0-9a-f]+)>/.exec(pdf.toString("latin1"))?.[1];
    const [first, second] = await Promise.all([render(sample("en"), { password: "secret" }), render(sample("en"), { password: "secret" })]);
    expect(owner(first)).toBeDefined();
    expect(owner(first)).not.toBe(owner(second));
  });

  it("is not asked for when there is none", async () => {
    const pdf = await render(sample("en"));
    expect(pdf.toString("latin1")).not.toContain("/Encrypt");
  });
});

describe("a withdrawn payslip", () => {
  it("is marked withdrawn, with the day (in the company's time zone) and the reason", async () => {
    // 23:30 UTC on Dec 31 is Jan 1 in Manila.
    const withdrawn = { at: "2026-12-31T23:30:00.000Z", reason: "Overtime counted twice" };
    const text = compact((await readPdf(await render(sample("en", { withdrawn })))).text);
    expect(text).toContain("WITHDRAWN");
    expect(text).toContain(compact("withdrawn on January 1, 2027"));
    expect(text).toContain("Overtimecountedtwice");
    expect(compact((await readPdf(await render(sample("en")))).text)).not.toContain("WITHDRAWN");
  });

  it("is marked in the reader's language", async () => {
    const text = compact((await readPdf(await render(sample("cn", { withdrawn: { at: "2026-11-03T01:00:00.000Z", reason: "金额有误" } })))).text);
    expect(text).toContain("已撤回");
    expect(text).toContain("金额有误");
  });
});

describe("typed text and the layout", () => {
  it("cuts a very long name with an ellipsis instead of running it over the next column", async () => {
    const name = `Maximiliano Alejandro Bartolome ${"de los Santos ".repeat(20)}III`;
    const content = await readPdf(await render(sample("en", { person: { ...sample("en").person, name } })));
    expect(content.pages).toBe(1);
    expect(content.text).toContain("Maximiliano Alejandro Bartolome");
    expect(content.text).not.toContain("III");
    expect(content.text).toMatch(/Maximiliano[^\n]*…/);
    // The columns beside it are still there, whole.
    expect(content.text).toContain("EMP-0042");
    expect(content.text).toContain("Finance");
  });

  it("keeps a long note to a few lines", async () => {
    const note = `${"Ten words of a note that goes on and on and on. ".repeat(40)}THE END`;
    const content = await readPdf(await render(sample("en", { note })));
    expect(content.pages).toBe(1);
    expect(content.text).not.toContain("THE END");
  });

  it("goes on to a second page when the lines do not fit, the tables' headings repeated", async () => {
    const many = Array.from({ length: 60 }, (_, index) => ({ code: `A${index}`, name: `Allowance ${index}`, kind: "earning" as const, amount: 100 }));
    const content = await readPdf(await render(sample("en", { lines: [...many, ...sample("en").lines] })));
    expect(content.pages).toBe(2);
    expect(content.text.match(/^Earnings$/gm)).toHaveLength(2);
    expect(content.text).toContain("Allowance 59");
    expect(content.text).toContain("Net pay");
  });

  it("prints letters the font lacks by their base letter, and spaces it lacks as spaces", async () => {
    const text = (await readPdf(await render(sample("en", { note: "Gőz\u2009Tamás" })))).text;
    expect(text).toContain("Goz");
    expect(text).toContain("Tamás");
    expect(text).not.toContain("\u0000");
  });
});
