import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The sign-in page's JavaScript budget, gzipped: the bench reports against it and an e2e test holds it. */
export const LOGIN_BUDGET_KB = 250;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The JavaScript a browser downloads to show the sign-in page: the entry and
 * its static imports, the login page's chunk with its own, and the
 * signed-out messages of the reader's language and of English (the
 * fallback), loaded before the first render. Counted for the reader whose
 * language weighs most: the figure holds for everyone.
 */
export function loginRouteJavaScript(distDir: string): { files: string[]; gzipBytes: number; rawBytes: number; language: string } {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error("the build has no entry chunk");
  const catalogues = Object.keys(manifest).filter((key) => /^locales\/\w+\.json\?startup$/.test(key));
  const english = catalogues.find((key) => key.startsWith("locales/en.json"));
  if (!english) throw new Error("the build has no English startup messages");
  const readers = catalogues.map((key) => ({ language: /^locales\/(\w+)/.exec(key)![1], roots: [entry, "src/pages/login/LoginPage.tsx", english, key] }));
  const measured = readers.map(({ language, roots }) => ({ language, ...measure(distDir, manifest, roots) }));
  return measured.reduce((heaviest, reader) => (reader.gzipBytes > heaviest.gzipBytes ? reader : heaviest));
}

function measure(distDir: string, manifest: Record<string, ManifestChunk>, roots: readonly string[]): { files: string[]; gzipBytes: number; rawBytes: number } {
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  for (const root of roots) visit(root);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith(".js"));
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const content = fs.readFileSync(path.join(distDir, file));
    rawBytes += content.length;
    gzipBytes += zlib.gzipSync(content, { level: 9 }).length;
  }
  return { files, gzipBytes, rawBytes };
}
