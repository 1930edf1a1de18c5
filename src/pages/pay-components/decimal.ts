/**
 * Decimal text as the pay set-up API takes it ("1500.00", "0.045"), turned
 * into what people type and read (a rate as a percentage, "4.5") and back,
 * by moving the decimal point in the text: no float ever holds a rate.
 */
import { DECIMAL_TEXT } from "../../../contracts/payroll";

/** A percentage as people type it: the API's 6 decimals of a fraction are 4 of a percentage. */
export const PERCENT_TEXT = /^-?\d{1,13}(\.\d{1,4})?$/;
/** A non-negative amount or threshold, as the API takes it. */
export const AMOUNT_TEXT = /^\d{1,15}(\.\d{1,6})?$/;

export const isDecimalText = (text: unknown): text is string => typeof text === "string" && DECIMAL_TEXT.test(text.trim());

/** "0.045" moved two places right is "4.5"; "4.5" moved two places left is "0.045". */
export function shiftPoint(text: string, places: number): string {
  const trimmed = text.trim();
  const negative = trimmed.startsWith("-");
  const [whole = "0", fraction = ""] = trimmed.replace(/^[-+]/, "").split(".");
  const digits = whole + fraction;
  let point = whole.length + places;
  let padded = digits;
  if (point < 0) {
    padded = "0".repeat(-point) + padded;
    point = 0;
  }
  if (point > padded.length) padded = padded + "0".repeat(point - padded.length);
  const intPart = padded.slice(0, point).replace(/^0+(?=\d)/, "") || "0";
  const fracPart = padded.slice(point).replace(/0+$/, "");
  const result = fracPart ? `${intPart}.${fracPart}` : intPart;
  return negative && /[1-9]/.test(result) ? `-${result}` : result;
}

/** The API's fraction as a percentage people read and type: "0.045" → "4.5". */
export const fractionToPercent = (fraction: string): string => shiftPoint(fraction, 2);
/** A typed percentage as the API's fraction: "4.5" → "0.045". */
export const percentToFraction = (percent: string): string => shiftPoint(percent, -2);
