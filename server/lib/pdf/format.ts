/**
 * Amounts, numbers and dates as a PDF in one language prints them. Built once
 * per language, currency and time zone and kept: a run's thousand PDFs share
 * their formatters instead of building ~40 Intl objects each.
 */
import { minorDigits } from "../../../contracts/money";
import { drawsAll } from "./fonts";

export interface PdfFormats {
  /** 2530050 → "₱25,300.50"; the ISO code instead of a symbol the font cannot draw ("PHP 25,300.50"). */
  money(minor: number): string;
  /** Days, hours: at most two decimals. */
  number(value: number): string;
  /** A calendar date (YYYY-MM-DD), worded without a time-zone shift: "October 31, 2026", "2026年10月31日". */
  date(date: string): string;
  /** A pay period: "October 1 – 31, 2026", "2026年10月1日～2026年10月31日". */
  period(start: string, end: string): string;
  /** The calendar day of a moment in the company's time zone. */
  day(moment: string): string;
}

/** Japanese and Chinese ranges come out all in digits ("2026/10/01～2026/10/31"): two worded dates joined as each language joins them. */
const RANGE_JOINS: Record<string, string> = { ja: "～", zh: "至" };

const utc = (date: string) => {
  const [year, month, day] = date.split("-").map(Number);
  return Date.UTC(year, month - 1, day);
};

function build(currency: string, locale: string, timeZone: string): PdfFormats {
  const digits = minorDigits(currency);
  const currencyFormat = (currencyDisplay: "symbol" | "code") =>
    new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay, minimumFractionDigits: digits, maximumFractionDigits: digits });
  const symbolic = currencyFormat("symbol");
  const money = drawsAll(symbolic.format(1234567.89).replace(/\s/g, "")) ? symbolic : currencyFormat("code");
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const calendar = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  const zoned = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone });
  const join = RANGE_JOINS[locale.split("-")[0]];
  return {
    // Division only for display: amounts stay integers everywhere else.
    money: (minor) => money.format(minor / 10 ** digits),
    number: (value) => numbers.format(value),
    date: (date) => calendar.format(utc(date)),
    period: (start, end) =>
      start === end ? calendar.format(utc(start)) : join ? `${calendar.format(utc(start))}${join}${calendar.format(utc(end))}` : calendar.formatRange(utc(start), utc(end)),
    day: (moment) => zoned.format(new Date(moment)),
  };
}

const cache = new Map<string, PdfFormats>();

export function pdfFormats(currency: string, locale: string, timeZone: string): PdfFormats {
  const key = `${currency}|${locale}|${timeZone}`;
  let formats = cache.get(key);
  if (!formats) {
    formats = build(currency, locale, timeZone);
    cache.set(key, formats);
  }
  return formats;
}
