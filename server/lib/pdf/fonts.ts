/**
 * The one type family every PDF prints with: Noto Sans SC from a registry
 * package (no download at run time), whose glyphs cover the five languages'
 * scripts: Latin with accents, kana, and the Han characters of Chinese and
 * Japanese alike. pdfkit embeds only the glyphs a document uses.
 *
 * Parsed once per process and handed to every document as a font object:
 * fontkit reads a 10 MB file lazily, and a reused object costs a few
 * milliseconds a document where re-reading it costs tens. Its shaping and
 * glyph outlines are shared too (see `sharingLayouts` and `decodingOnce`).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type * as fontkit from "fontkit";

const FILES = {
  regular: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  bold: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
} as const;

export type FontWeight = keyof typeof FILES;

/** Enough for every label, name and amount of a large run in five languages; past it the cache starts again. */
const MAX_SHARED_RUNS = 20_000;

interface SharedRun {
  glyphs: unknown[];
  positions: fontkit.GlyphPosition[];
  /** In font units. */
  advanceWidth: number;
}

/**
 * A font whose shaping is done once for all documents. Shaping a string
 * (OpenType substitutions and positioning over the CJK font's large tables)
 * is most of what a page costs; pdfkit caches it per document only, and not
 * at all when features are asked for, yet the same text shapes the same in
 * every document.
 */
interface SharedFont {
  /** What pdfkit is handed: the fontkit font with `layout` answered from the shared cache and glyphs decoded once. */
  font: fontkit.Font;
  /** The run of a text, shaped once. */
  run(text: string, features?: string[]): SharedRun;
}

const decodedOnce = new WeakSet<object>();

/**
 * The subset pdfkit embeds in each document (fontkit's TTFSubset) decodes
 * every glyph's outline again only to learn whether it is made of others;
 * the outline of a glyph never changes, so it is decoded once per process.
 * `_decode` is fontkit's own; a version without it is left as it is.
 */
function decodingOnce<Glyph extends object>(glyph: Glyph): Glyph {
  const decodable = glyph as Glyph & { _decode?: () => unknown };
  if (decodedOnce.has(glyph) || typeof decodable._decode !== "function") return glyph;
  const decode = decodable._decode.bind(glyph);
  let outline: { value: unknown } | null = null;
  decodable._decode = () => (outline ??= { value: decode() }).value;
  decodedOnce.add(glyph);
  return glyph;
}

function sharingLayouts(font: fontkit.Font): SharedFont {
  const runs = new Map<string, SharedRun>();
  const run = (text: string, features?: string[]) => {
    const key = features ? `${features.join(",")}\u0000${text}` : text;
    let shaped = runs.get(key);
    if (!shaped) {
      if (runs.size >= MAX_SHARED_RUNS) runs.clear();
      const { glyphs, positions } = font.layout(text, features);
      shaped = { glyphs, positions, advanceWidth: positions.reduce((sum, position) => sum + position.xAdvance, 0) };
      runs.set(key, shaped);
    }
    return shaped;
  };
  // pdfkit scales the positions it is handed in place, by 1000 / unitsPerEm: harmless on a
  // 1000-unit font like this one, which can share them; any other gets its own copies.
  const layout =
    font.unitsPerEm === 1000
      ? run
      : (text: string, features?: string[]) => {
          const shaped = run(text, features);
          return { ...shaped, positions: shaped.positions.map((position) => ({ ...position })) };
        };
  const getGlyph = (id: number, codePoints?: number[]) => decodingOnce(font.getGlyph(id, codePoints));
  const replaced: Record<string, unknown> = { layout, getGlyph };
  return { font: new Proxy(font, { get: (target, property) => (typeof property === "string" && property in replaced ? replaced[property] : Reflect.get(target, property)) }), run };
}

let fonts: Record<FontWeight, SharedFont> | null = null;
let engine: typeof fontkit | null = null;

/** fontkit (a quarter of a second to load) comes with the first PDF, not with every start of the server. */
export async function loadPdfFonts(): Promise<void> {
  engine ??= await import("fontkit");
}

function shared(): Record<FontWeight, SharedFont> {
  if (!fonts) {
    if (!engine) throw new Error("the PDF fonts are used before loadPdfFonts()");
    const { create } = engine;
    const open = (file: string) => sharingLayouts(create(readFileSync(createRequire(import.meta.url).resolve(file))));
    fonts = { regular: open(FILES.regular), bold: open(FILES.bold) };
  }
  return fonts;
}

/** The fonts to register with each document. */
export function pdfFonts(): Record<FontWeight, fontkit.Font> {
  const { regular, bold } = shared();
  return { regular: regular.font, bold: bold.font };
}

/** A text's width in points, from the shared shaping (pdfkit's own measure would shape it again in every document). */
export function widthOf(text: string, weight: FontWeight, size: number, features?: string[]): number {
  const font = shared()[weight];
  return (font.run(text, features).advanceWidth * size) / font.font.unitsPerEm;
}

const covered = new Map<number, boolean>();

/** Whether the family draws this character (both weights have the same glyph set). */
function draws(codePoint: number): boolean {
  let known = covered.get(codePoint);
  if (known === undefined) {
    known = pdfFonts().regular.hasGlyphForCodePoint(codePoint);
    covered.set(codePoint, known);
  }
  return known;
}

export const drawsAll = (text: string): boolean => [...text].every((char) => draws(char.codePointAt(0)!));

/**
 * Text as the font can draw it. A character it lacks would print as an
 * empty box and extract as nothing: a space of another width (French
 * numbers group digits with U+202F) becomes a no-break space, a letter its
 * decomposition or at least its base letter (ﬁ → fi, ő → o); anything else
 * is left for the box to show.
 */
export function printable(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let result = "";
  for (const char of text) {
    if (draws(char.codePointAt(0)!)) result += char;
    else if (/\s/.test(char)) result += "\u00a0";
    else {
      const decomposed = char.normalize("NFKD");
      const base = decomposed.replace(/\p{M}/gu, "");
      result += [decomposed, base].find((candidate) => candidate !== char && candidate !== "" && drawsAll(candidate)) ?? char;
    }
  }
  return result;
}
