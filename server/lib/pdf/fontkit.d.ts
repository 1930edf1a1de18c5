/** The part of fontkit (pdfkit's own font engine, untyped) this folder uses. */
declare module "fontkit" {
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: unknown[];
    positions: GlyphPosition[];
  }
  export interface Font {
    unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: string[]): GlyphRun;
    getGlyph(id: number, codePoints?: number[]): object;
  }
  export function create(buffer: Uint8Array): Font;
}
