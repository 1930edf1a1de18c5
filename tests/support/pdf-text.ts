/**
 * What a PDF shows, read back with pdf.js as a reader would: its pages'
 * text and the images drawn on them. A protected PDF opens with its
 * password; without it (or with a wrong one) reading fails with pdf.js's
 * PasswordException, so a test can tell "protected" from "broken".
 */
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PdfContent {
  pages: number;
  /** Each page's text runs, one per line, pages one after the other. */
  text: string;
  /** Image XObjects painted on the pages (a logo). */
  images: number;
}

export async function readPdf(pdf: Buffer, password?: string): Promise<PdfContent> {
  // pdf.js takes ownership of the bytes it is given: a copy leaves the caller's buffer intact.
  const task = getDocument({ data: new Uint8Array(pdf), password, useSystemFonts: false, verbosity: 0 });
  const document = await task.promise;
  try {
    const texts: string[] = [];
    let images = 0;
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items) if ("str" in item && item.str.trim() !== "") texts.push(item.str);
      const operators = await page.getOperatorList();
      images += operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
    }
    return { pages: document.numPages, text: texts.join("\n"), images };
  } finally {
    await task.destroy();
  }
}

/** Text without any spacing, for finding words that a line break may have split where the PDF wraps them. */
export const compact = (text: string): string => text.replace(/\s+/g, "");
