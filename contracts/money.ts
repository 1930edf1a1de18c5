import { numberFormat } from "./intl";
/**
 * Money is integer minor units everywhere (cents, centavos, yen); these turn
 * it into the major-unit text people read and type, without floats.
 */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat("en", { style: "currency", currency: code });
    return true;
  } catch {
    return false;
  }
}

/** Digits after the decimal point: 2 for USD, 0 for JPY; 2 for a code the runtime does not know. */
export function minorDigits(currency: string): number {
  if (!isCurrencyCode(currency)) return 2;
  return numberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export function formatMoney(minor: number, currency: string, locale?: string): string {
  const digits = minorDigits(currency);
  // Division only for display: the value stored and sent stays an integer.
  return numberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits }).format(minor / 10 ** digits);
}

/** "1,234.5" → 123450 for USD; null when the text is not an amount with at most the currency's decimals. */
export function parseMajorToMinor(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const cleaned = text.replace(/[\s,]/g, "");
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || (match[2] ?? "").length > digits) return null;
  const minor = BigInt(match[1]) * 10n ** BigInt(digits) + BigInt((match[2] ?? "").padEnd(digits, "0") || "0");
  return minor <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minor) : null;
}

/** 123450 → "1234.50" for an input box (no grouping: the box parses it back). */
export function minorToMajorText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, "0");
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
