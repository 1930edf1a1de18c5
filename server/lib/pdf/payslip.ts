/**
 * A payslip as the payroll office issues it, on one A4 page: the company
 * with its logo, the period and pay date, the person, earnings and
 * deductions side by side with their year-to-date amounts, employer
 * contributions and the summary, the net set apart with the amount in
 * words, the attendance and rate behind the figures, the office's note,
 * and a WITHDRAWN marking across a withdrawn one. Rows that do not fit go
 * on to a second page with their table's heading repeated.
 *
 * Everything a user typed (company, names, lines, note, reason) is drawn as
 * text and cut or wrapped to its box; it never changes the layout around it.
 */
import { randomBytes } from "node:crypto";
import { netPayInWords } from "../../../contracts/amount-in-words";
import { hoursMinutes } from "../../../contracts/durations";
import type { LineKind } from "../../../contracts/payroll";
import type { PayslipDocument } from "../../../contracts/payslips";
import type { PAY_BASES } from "../../../contracts/users";
import type { Translate } from "../i18n";
import { loadPdfFonts, pdfFonts, printable } from "./fonts";
import { pdfFormats, type PdfFormats } from "./format";
import { embeddable } from "./images";
import { box, COLORS, figure, line, measure, paragraph, rule, shaping, useStyle, type Doc, type TextStyle } from "./layout";

export interface PayslipPdfOptions {
  /** The company's logo (PNG or JPEG; anything else is left out). */
  logo: Buffer | null;
  /** Opens the PDF (AES-256); the owner password is random, so nobody can lift the restrictions. */
  password: string | null;
  /** The labels, in the document's language (`translator(document.language)`). */
  t: Translate;
  /** The Intl locale of that language (`intlLocale(document.language)`): amounts and dates. */
  locale: string;
  /** The company's time zone, for the day a withdrawal happened; UTC when left out. */
  timeZone?: string;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const CONTENT = PAGE.width - 2 * MARGIN;
const GAP = 14;
const HALF = (CONTENT - GAP) / 2;
/** Content stops here; the footer sits below. */
const BOTTOM = PAGE.height - 50;

const LABEL: TextStyle = { size: 7, color: COLORS.muted };
const CELL: TextStyle = { size: 8.5 };
const DASH = "—";

type PayBasis = (typeof PAY_BASES)[number];

const BASIS_KEYS: Record<PayBasis, string> = {
  monthly: "payslipPdf.basis.monthly",
  daily: "payslipPdf.basis.daily",
  hourly: "payslipPdf.basis.hourly",
};

interface Row {
  name: string;
  amount: number | null;
  ytd: number | null;
}

interface TableSpec {
  x: number;
  width: number;
  title: string;
  rows: Row[];
  total: Row | null;
}

/** The drawing state: where the next block starts, and what every block needs. */
interface Sheet {
  doc: Doc;
  t: Translate;
  f: PdfFormats;
  document: PayslipDocument;
  y: number;
}

/** A kind's lines this period with their year-to-date amounts, then the year's lines this period does not have. */
function rowsOf(document: PayslipDocument, kind: LineKind): Row[] {
  const current = document.lines.filter((entry) => entry.kind === kind);
  const ytd = new Map(document.year_to_date.lines.filter((entry) => entry.kind === kind).map((entry) => [entry.code, entry]));
  const rows: Row[] = current.map((entry) => ({ name: entry.name, amount: entry.amount, ytd: ytd.get(entry.code)?.amount ?? null }));
  const codes = new Set(current.map((entry) => entry.code));
  for (const entry of ytd.values()) if (!codes.has(entry.code)) rows.push({ name: entry.name, amount: null, ytd: entry.amount });
  return rows;
}

function footerAndMarks(sheet: Sheet): void {
  const { doc, t, document } = sheet;
  rule(doc, MARGIN, PAGE.height - 40, CONTENT);
  line(doc, t("payslipPdf.footer", { id: document.id }), MARGIN, PAGE.height - 34, CONTENT, { size: 7, color: COLORS.muted });
  if (document.withdrawn) {
    // Faint and across the whole page, over the figures: a printed or forwarded copy still says it is void.
    const stamp = printable(t("payslipPdf.withdrawnStamp"));
    const style: TextStyle = { size: 76, weight: "bold", color: COLORS.alert };
    doc.save().rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
    useStyle(doc, style);
    doc.fillOpacity(0.13).text(stamp, PAGE.width / 2 - measure(stamp, style) / 2, PAGE.height / 2 - 50, { lineBreak: false, ...shaping(stamp) });
    doc.restore();
  }
}

function newPage(sheet: Sheet): void {
  footerAndMarks(sheet);
  sheet.doc.addPage();
  sheet.y = MARGIN;
}

/** Makes room for `height` more points, on a new page when this one is full. */
function room(sheet: Sheet, height: number): void {
  if (sheet.y + height > BOTTOM) newPage(sheet);
}

/** "Pay date  October 31, 2026", right-aligned: the value bold, its label in the room before it. */
function labelledRight(doc: Doc, label: string, value: string, x: number, y: number, width: number): void {
  const style: TextStyle = { size: 9, weight: "bold" };
  const labelWidth = width - measure(printable(value), style) - 6;
  line(doc, value, x, y, width, style, "right");
  // A value that takes the whole line goes without its label rather than with a lone ellipsis.
  if (labelWidth >= 20) line(doc, label, x, y + 1, labelWidth, { size: 7.5, color: COLORS.muted }, "right");
}

function drawLogo(doc: Doc, logo: Buffer | null, x: number, y: number): boolean {
  if (!logo || !embeddable(logo)) return false;
  try {
    doc.image(logo, x, y, { fit: [96, 44] });
    return true;
  } catch {
    // A JPEG pdfkit cannot parse: the payslip is worth more than the logo.
    return false;
  }
}

function header(sheet: Sheet, logo: Buffer | null): void {
  const { doc, t, f, document } = sheet;
  const { company, run } = document;
  const top = sheet.y;
  const hasLogo = drawLogo(doc, logo, MARGIN, top);
  const left = hasLogo ? MARGIN + 108 : MARGIN;
  const leftWidth = CONTENT * 0.58 - (left - MARGIN);
  line(doc, company.name, left, top, leftWidth, { size: 12.5, weight: "bold", color: COLORS.accent });
  let y = top + 18;
  for (const address of company.address.slice(0, 4)) {
    line(doc, address, left, y, leftWidth, { size: 8, color: COLORS.muted });
    y += 10.5;
  }
  const numbers: [string, string | null][] = [
    [t("payslipPdf.registrationNumber"), company.registration_number],
    [t("payslipPdf.taxNumber"), company.tax_number],
  ];
  const ids = numbers.flatMap(([label, value]) => (value ? [`${label} ${value}`] : []));
  const idStyle: TextStyle = { size: 7.5, color: COLORS.muted };
  const together = ids.join("   ");
  // On one line when both fit, else one line each.
  for (const text of measure(printable(together), idStyle) <= leftWidth ? [together] : ids) {
    if (!text) continue;
    line(doc, text, left, y, leftWidth, idStyle);
    y += 10.5;
  }

  const right = MARGIN + CONTENT * 0.6;
  const rightWidth = CONTENT * 0.4;
  line(doc, t("payslipPdf.title"), right, top - 3, rightWidth, { size: 18, weight: "bold", color: COLORS.accent }, "right");
  let rightY = top + 25;
  if (run.kind === "off_cycle") {
    line(doc, t("payslipPdf.offCycle"), right, rightY, rightWidth, { size: 8.5, weight: "bold", color: COLORS.accent }, "right");
    rightY += 13;
  }
  labelledRight(doc, t("payslipPdf.period"), f.period(run.period_start, run.period_end), right, rightY, rightWidth);
  labelledRight(doc, t("payslipPdf.payDate"), f.date(run.pay_date), right, rightY + 13, rightWidth);

  sheet.y = Math.max(y, rightY + 26, hasLogo ? top + 46 : 0) + 4;
  rule(doc, MARGIN, sheet.y, CONTENT, COLORS.accent);
  sheet.y += 10;
}

function withdrawnBanner(sheet: Sheet, withdrawn: NonNullable<PayslipDocument["withdrawn"]>): void {
  const { doc, t, f } = sheet;
  const height = 34;
  box(doc, MARGIN, sheet.y, CONTENT, height, COLORS.alertFill, COLORS.alert);
  line(doc, t("payslipPdf.withdrawnStamp"), MARGIN + 8, sheet.y + 9, 112, { size: 11, weight: "bold", color: COLORS.alert });
  const notice = t("payslipPdf.withdrawnNotice", { date: f.day(withdrawn.at), reason: withdrawn.reason });
  paragraph(doc, notice, MARGIN + 124, sheet.y + 5, CONTENT - 132, { size: 8, color: COLORS.alert }, 2);
  sheet.y += height + 10;
}

function personBlock(sheet: Sheet): void {
  const { doc, t, document } = sheet;
  const { person } = document;
  const column = CONTENT / 4;
  const rowHeight = 27;
  const cells: { label: string; value: string | null; span: number; bold?: boolean }[][] = [
    [
      { label: t("payslipPdf.name"), value: person.name, span: 2, bold: true },
      { label: t("payslipPdf.employeeNumber"), value: person.employee_number, span: 1 },
      { label: t("payslipPdf.department"), value: person.department, span: 1 },
    ],
    [
      { label: t("payslipPdf.position"), value: person.position, span: 1 },
      { label: t("payslipPdf.taxId"), value: person.tax_id, span: 1 },
      { label: t("payslipPdf.bank"), value: person.bank_name, span: 1 },
      { label: t("payslipPdf.account"), value: person.bank_account_masked, span: 1 },
    ],
  ];
  box(doc, MARGIN, sheet.y, CONTENT, rowHeight * cells.length + 4, COLORS.fill, COLORS.rule);
  cells.forEach((row, index) => {
    let x = MARGIN;
    const y = sheet.y + 4 + index * rowHeight;
    for (const cell of row) {
      const width = column * cell.span - 16;
      line(doc, cell.label, x + 8, y + 2, width, LABEL);
      line(doc, cell.value || DASH, x + 8, y + 11, width, { size: cell.bold ? 10.5 : 9, weight: cell.bold ? "bold" : "regular" });
      x += column * cell.span;
    }
  });
  sheet.y += rowHeight * cells.length + 16;
}

const ROW = 13.5;
const HEAD = 16;
const AMOUNT_WIDTH = 68;

function tableHead(sheet: Sheet, table: TableSpec): void {
  const { doc, t } = sheet;
  box(doc, table.x, sheet.y, table.width, HEAD, COLORS.accentFill);
  const description = table.width - 2 * AMOUNT_WIDTH - 12;
  line(doc, table.title, table.x + 5, sheet.y + 3.5, description, { size: 8.5, weight: "bold", color: COLORS.accent });
  const headStyle: TextStyle = { size: 7, weight: "bold", color: COLORS.muted };
  figure(doc, t("payslipPdf.thisPeriod"), table.x + table.width - 2 * AMOUNT_WIDTH - 5, sheet.y + 5, AMOUNT_WIDTH - 4, headStyle);
  figure(doc, t("payslipPdf.yearToDate"), table.x + table.width - AMOUNT_WIDTH - 5, sheet.y + 5, AMOUNT_WIDTH, headStyle);
}

function tableRow(sheet: Sheet, table: TableSpec, row: Row, style: TextStyle): void {
  const { doc, f } = sheet;
  const description = table.width - 2 * AMOUNT_WIDTH - 12;
  line(doc, row.name, table.x + 5, sheet.y + 2.5, description, style);
  const money = (value: number | null) => (value === null ? DASH : f.money(value));
  figure(doc, money(row.amount), table.x + table.width - 2 * AMOUNT_WIDTH - 5, sheet.y + 2.5, AMOUNT_WIDTH - 4, style);
  figure(doc, money(row.ytd), table.x + table.width - AMOUNT_WIDTH - 5, sheet.y + 2.5, AMOUNT_WIDTH, style);
}

/** Tables side by side, row by row, so a page break cuts them at the same line and repeats both headings. */
function tables(sheet: Sheet, specs: TableSpec[]): void {
  const { doc, t } = sheet;
  const bodies = specs.map((table) => (table.rows.length ? table.rows : [{ name: t("payslipPdf.none"), amount: null, ytd: null }]));
  const count = Math.max(...bodies.map((rows) => rows.length));
  room(sheet, HEAD + ROW * Math.min(count, 3));
  specs.forEach((table) => tableHead(sheet, table));
  sheet.y += HEAD;
  for (let index = 0; index < count; index++) {
    if (sheet.y + ROW > BOTTOM) {
      newPage(sheet);
      specs.forEach((table) => tableHead(sheet, table));
      sheet.y += HEAD;
    }
    specs.forEach((table, column) => {
      const row = bodies[column][index];
      if (!row) return;
      const empty = table.rows.length === 0;
      tableRow(sheet, table, row, empty ? { ...CELL, color: COLORS.muted } : CELL);
      rule(doc, table.x, sheet.y + ROW, table.width);
    });
    sheet.y += ROW;
  }
  if (specs.some((table) => table.total)) {
    room(sheet, HEAD);
    for (const table of specs) {
      if (!table.total) continue;
      rule(doc, table.x, sheet.y, table.width, COLORS.accent);
      tableRow(sheet, table, table.total, { size: 8.5, weight: "bold" });
    }
    sheet.y += HEAD;
  }
  sheet.y += 8;
}

/** The employer's side (rows without a total) and the period's figures against the year's. */
function contributionsAndSummary(sheet: Sheet): void {
  const { t, document } = sheet;
  const ytd = document.year_to_date;
  const employerYtd = ytd.lines.filter((entry) => entry.kind === "employer").reduce((sum, entry) => sum + entry.amount, 0);
  tables(sheet, [
    { x: MARGIN, width: HALF, title: t("payslipPdf.employer"), rows: rowsOf(document, "employer"), total: null },
    {
      x: MARGIN + HALF + GAP,
      width: HALF,
      title: t("payslipPdf.summary"),
      rows: [
        { name: t("payslipPdf.gross"), amount: document.gross, ytd: ytd.gross },
        { name: t("payslipPdf.totalDeductions"), amount: document.deductions, ytd: ytd.deductions },
        { name: t("payslipPdf.taxable"), amount: document.taxable, ytd: ytd.taxable },
        // Employer cost is gross pay plus the employer's contributions, the year's as the period's.
        { name: t("payslipPdf.employerCost"), amount: document.employer_cost, ytd: ytd.gross + employerYtd },
      ],
      total: null,
    },
  ]);
}

function netBand(sheet: Sheet): void {
  const { doc, t, f, document } = sheet;
  const words = netPayInWords(document.net, document.currency, document.language);
  const wordsStyle: TextStyle = { size: 8.5, weight: "bold" };
  const wordsWidth = CONTENT - 20;
  useStyle(doc, wordsStyle);
  const shownWords = words ? printable(words) : "";
  const wordsHeight = words ? Math.min(doc.heightOfString(shownWords, { width: wordsWidth, ...shaping(shownWords) }), 2 * doc.currentLineHeight(true)) : 0;
  const height = 44 + (words ? 14 + wordsHeight + 4 : 0);
  room(sheet, height);
  const top = sheet.y;
  box(doc, MARGIN, top, CONTENT, height, COLORS.accentFill, COLORS.accent);
  line(doc, t("payslipPdf.net"), MARGIN + 10, top + 8, HALF, { size: 12, weight: "bold", color: COLORS.accent });
  line(doc, t("payslipPdf.netYearToDate", { amount: f.money(document.year_to_date.net) }), MARGIN + 10, top + 27, HALF, { size: 7.5, color: COLORS.muted });
  figure(doc, f.money(document.net), MARGIN + HALF, top + 9, HALF - 10, { size: 18, weight: "bold", color: COLORS.accent });
  if (words) {
    rule(doc, MARGIN + 10, top + 42, CONTENT - 20);
    line(doc, t("payslipPdf.inWords"), MARGIN + 10, top + 46, wordsWidth, LABEL);
    paragraph(doc, words, MARGIN + 10, top + 56, wordsWidth, wordsStyle, 2);
  }
  sheet.y = top + height + 12;
}

function attendance(sheet: Sheet): void {
  const { doc, t, f, document } = sheet;
  const { inputs } = document;
  const basisKey = inputs.pay_basis && inputs.pay_basis in BASIS_KEYS ? BASIS_KEYS[inputs.pay_basis as PayBasis] : null;
  const rate = inputs.rate === null ? DASH : basisKey ? t(basisKey, { amount: f.money(inputs.rate) }) : f.money(inputs.rate);
  const cells: [string, string][] = [
    [t("payslipPdf.daysWorked"), f.number(inputs.days_worked)],
    [t("payslipPdf.hoursWorked"), inputs.worked_minutes === undefined ? f.number(inputs.hours_worked) : hoursMinutes(inputs.worked_minutes)],
    [t("payslipPdf.overtimeHours"), inputs.overtime_minutes === undefined ? f.number(inputs.overtime_hours) : hoursMinutes(inputs.overtime_minutes)],
    [t("payslipPdf.lateMinutes"), f.number(inputs.late_minutes)],
    [t("payslipPdf.undertimeMinutes"), f.number(inputs.undertime_minutes)],
    [t("payslipPdf.absences"), f.number(inputs.absences)],
  ];
  const rateWidth = CONTENT * 0.25;
  const width = (CONTENT - rateWidth) / cells.length;
  const height = 44;
  room(sheet, height + 16);
  line(doc, t("payslipPdf.attendance"), MARGIN, sheet.y, CONTENT, { size: 8.5, weight: "bold", color: COLORS.accent });
  sheet.y += 14;
  box(doc, MARGIN, sheet.y, CONTENT, height, COLORS.fill, COLORS.rule);
  cells.forEach(([label, value], index) => {
    const x = MARGIN + index * width + 6;
    paragraph(doc, label, x, sheet.y + 4, width - 10, LABEL, 2);
    figure(doc, value, x, sheet.y + 27, width - 12, { size: 9.5, weight: "bold" }, "left");
  });
  const rateX = MARGIN + cells.length * width + 6;
  line(doc, t("payslipPdf.rate"), rateX, sheet.y + 4, rateWidth - 12, LABEL);
  figure(doc, rate, rateX, sheet.y + 27, rateWidth - 12, { size: 9.5, weight: "bold" }, "left");
  sheet.y += height + 12;
}

function note(sheet: Sheet, text: string): void {
  const { doc, t } = sheet;
  const lines = 5;
  room(sheet, 13 + lines * 12.5);
  line(doc, t("payslipPdf.note"), MARGIN, sheet.y, CONTENT, { size: 8.5, weight: "bold", color: COLORS.accent });
  sheet.y += 13;
  sheet.y += paragraph(doc, text, MARGIN, sheet.y, CONTENT, CELL, lines) + 8;
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}

/** The payslip's PDF: drawn synchronously, then pdfkit's stream collected (about 6-8 ms of CPU a page). */
export async function renderPayslipPdf(document: PayslipDocument, options: PayslipPdfOptions): Promise<Buffer> {
  const { t, locale } = options;
  await loadPdfFonts();
  const f = pdfFormats(document.currency, locale, options.timeZone ?? "UTC");
  const title = `${t("payslipPdf.title")} ${document.person.name} ${f.period(document.run.period_start, document.run.period_end)}`;
  const protection: PDFKit.PDFDocumentOptions = options.password
    ? {
        pdfVersion: "1.7ext3",
        userPassword: options.password,
        ownerPassword: randomBytes(24).toString("base64url"),
        permissions: { printing: "highResolution", modifying: false, annotating: false, fillingForms: false, documentAssembly: false, copying: true, contentAccessibility: true },
      }
    : {};
  // font "": no Helvetica loaded and parsed for each document only to be replaced.
  // pdfkit is loaded with the first PDF, not with the server (0.3 s of every start).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 0, font: "", lang: locale, displayTitle: true, info: { Title: title, Author: document.company.name, Creator: "Paydesk" }, ...protection });
  const done = collect(doc);
  const fonts = pdfFonts();
  // pdfkit takes a parsed fontkit font as well as bytes (its types say bytes only): the one parsed per process.
  doc.registerFont("regular", fonts.regular as unknown as Buffer);
  doc.registerFont("bold", fonts.bold as unknown as Buffer);

  const sheet: Sheet = { doc, t, f, document, y: MARGIN };
  header(sheet, options.logo);
  if (document.withdrawn) withdrawnBanner(sheet, document.withdrawn);
  personBlock(sheet);
  tables(sheet, [
    { x: MARGIN, width: HALF, title: t("payslipPdf.earnings"), rows: rowsOf(document, "earning"), total: { name: t("payslipPdf.gross"), amount: document.gross, ytd: document.year_to_date.gross } },
    {
      x: MARGIN + HALF + GAP,
      width: HALF,
      title: t("payslipPdf.deductions"),
      rows: rowsOf(document, "deduction"),
      total: { name: t("payslipPdf.totalDeductions"), amount: document.deductions, ytd: document.year_to_date.deductions },
    },
  ]);
  contributionsAndSummary(sheet);
  netBand(sheet);
  attendance(sheet);
  if (document.note) note(sheet, document.note);
  footerAndMarks(sheet);
  doc.end();
  return done;
}
