/**
 * Drawing primitives for documents laid out by hand on a fixed page: one
 * line cut to its width, a figure shrunk rather than cut, a paragraph held
 * to a number of lines. Every text passes through `printable` first, so a
 * character the font lacks never prints as an empty box when a substitute
 * exists. Widths come from the fonts' shared shaping and positions are
 * computed here: pdfkit's measuring and line wrapping would shape each text
 * again in every document.
 */
import { printable, widthOf, type FontWeight } from "./fonts";

export type Doc = PDFKit.PDFDocument;

export const COLORS = {
  text: "#1f2933",
  muted: "#5f6b7a",
  rule: "#d5dbe3",
  fill: "#f2f5f9",
  accent: "#1d3b6e",
  accentFill: "#e7eef8",
  alert: "#b42318",
  alertFill: "#fdeceb",
} as const;

export interface TextStyle {
  size: number;
  weight?: FontWeight;
  color?: string;
}

export function useStyle(doc: Doc, style: TextStyle): void {
  doc.font(style.weight ?? "regular").fontSize(style.size).fillColor(style.color ?? COLORS.text);
}

const ELLIPSIS = "…";

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const PROPORTIONAL: PDFKit.Mixins.OpenTypeFeatures[] = ["pwid", "palt"];

/**
 * The font is Chinese first: its quotes, apostrophe and bullet are
 * full-width ("d’ immatriculation"). Text without Han or kana takes their
 * proportional forms; Chinese and Japanese text keeps its own.
 */
export const shaping = (text: string): { features?: PDFKit.Mixins.OpenTypeFeatures[] } => (CJK.test(text) ? {} : { features: PROPORTIONAL });

/** The width of printable text in a style, shaped as it will be drawn. */
export const measure = (text: string, style: TextStyle): number => widthOf(text, style.weight ?? "regular", style.size, shaping(text).features);

/** The longest start of the text that fits the width with an ellipsis, when the whole does not. */
function cut(text: string, width: number, style: TextStyle): string {
  if (measure(text, style) <= width) return text;
  const chars = [...text];
  let low = 0;
  let high = chars.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(chars.slice(0, middle).join("") + ELLIPSIS, style) <= width) low = middle;
    else high = middle - 1;
  }
  return chars.slice(0, low).join("").trimEnd() + ELLIPSIS;
}

/** One line in a box `width` wide: a long name ends in an ellipsis instead of running into the next column. */
export function line(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle, align: "left" | "right" = "left"): void {
  useStyle(doc, style);
  const shown = cut(printable(text), width, style);
  const left = align === "right" ? x + width - measure(shown, style) : x;
  doc.text(shown, left, y, { lineBreak: false, ...shaping(shown) });
}

/** A figure, never cut: set smaller when its box is too narrow, on the same baseline. */
export function figure(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle, align: "left" | "right" = "right"): void {
  const shown = printable(text);
  const natural = measure(shown, style);
  const size = natural > width ? (style.size * width) / natural : style.size;
  useStyle(doc, { ...style, size });
  const left = align === "right" ? x + width - Math.min(natural, width) : x;
  doc.text(shown, left, y + (style.size - size) * 0.9, { lineBreak: false, ...shaping(shown) });
}

/** Wrapped text of at most `lines` lines (an ellipsis ends what does not fit); returns the height used. */
export function paragraph(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle, lines: number): number {
  useStyle(doc, style);
  const shown = printable(text);
  doc.text(shown, x, y, { width, height: lines * doc.currentLineHeight(true), ellipsis: true, ...shaping(shown) });
  return doc.y - y;
}

export function rule(doc: Doc, x: number, y: number, width: number, color: string = COLORS.rule): void {
  doc.moveTo(x, y).lineTo(x + width, y).lineWidth(0.6).strokeColor(color).stroke();
}

export function box(doc: Doc, x: number, y: number, width: number, height: number, fill: string, stroke?: string): void {
  doc.rect(x, y, width, height);
  if (stroke) doc.lineWidth(0.6).fillAndStroke(fill, stroke);
  else doc.fill(fill);
}
