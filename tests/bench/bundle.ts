import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The sign-in page's JavaScript budget, gzipped: the bench reports against it and an e2e test holds it. */
export const LOGIN_BUDGET_KB = 250;
/** The employee's clock page: what it adds to the sign-in page's, gzipped (see clockPageJavaScript). */
export const CLOCK_PAGE_BUDGET_KB = 350;

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
  const manifest = readManifest(distDir);
  const entry = entryOf(manifest);
  const catalogues = Object.keys(manifest).filter((key) => /^locales\/\w+\.json\?startup$/.test(key));
  const english = catalogues.find((key) => key.startsWith("locales/en.json"));
  if (!english) throw new Error("the build has no English startup messages");
  const readers = catalogues.map((key) => ({ language: /^locales\/(\w+)/.exec(key)![1], roots: [entry, "src/pages/login/LoginPage.tsx", english, key] }));
  const measured = readers.map(({ language, roots }) => ({ language, ...sizes(distDir, manifest, [...chunksOf(manifest, roots)]) }));
  return measured.reduce((heaviest, reader) => (reader.gzipBytes > heaviest.gzipBytes ? reader : heaviest));
}

/**
 * The JavaScript of the employee's clock page, for the heaviest reader: what
 * signing in adds to the sign-in page's (`afterSignIn`: the signed-in
 * messages, routes and shell, the clock page's chunk with its own imports;
 * the budget holds this), and the whole of it loaded afresh, signed in (a
 * phone's bookmark: `fresh`, for context).
 */
export function clockPageJavaScript(distDir: string): { language: string; afterSignIn: Measured; fresh: Measured } {
  const manifest = readManifest(distDir);
  const entry = entryOf(manifest);
  const languages = Object.keys(manifest).flatMap((key) => /^locales\/(\w+)\.json\?startup$/.exec(key)?.[1] ?? []);
  const signInRoots = (language: string) => [entry, "src/pages/login/LoginPage.tsx", "locales/en.json?startup", `locales/${language}.json?startup`];
  const clockRoots = (language: string) => [
    entry,
    "src/routing/SignedInRoutes.tsx",
    "src/SignedInApp.tsx",
    "src/pages/attendance/clock.tsx",
    ...["en", language].flatMap((code) => [`locales/${code}.json?startup`, `locales/${code}.json?signed-in`]),
  ];
  const measured = languages.map((language) => {
    const signIn = chunksOf(manifest, signInRoots(language));
    const clock = chunksOf(manifest, clockRoots(language));
    return { language, afterSignIn: sizes(distDir, manifest, [...clock].filter((key) => !signIn.has(key))), fresh: sizes(distDir, manifest, [...clock]) };
  });
  return measured.reduce((heaviest, reader) => (reader.afterSignIn.gzipBytes > heaviest.afterSignIn.gzipBytes ? reader : heaviest));
}

interface Measured {
  files: string[];
  gzipBytes: number;
  rawBytes: number;
}

function readManifest(distDir: string): Record<string, ManifestChunk> {
  return JSON.parse(fs.readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestChunk>;
}

function entryOf(manifest: Record<string, ManifestChunk>): string {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error("the build has no entry chunk");
  return entry;
}

/** The chunks the roots load before they run: themselves and their static imports, all the way down. */
function chunksOf(manifest: Record<string, ManifestChunk>, roots: readonly string[]): Set<string> {
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (!manifest[key]) throw new Error(`the build has no chunk for ${key}`);
    if (keys.has(key)) return;
    keys.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  for (const root of roots) visit(root);
  return keys;
}

function sizes(distDir: string, manifest: Record<string, ManifestChunk>, keys: readonly string[]): Measured {
  const files = keys.map((key) => manifest[key].file).filter((file) => file.endsWith(".js"));
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const content = fs.readFileSync(path.join(distDir, file));
    rawBytes += content.length;
    gzipBytes += zlib.gzipSync(content, { level: 9 }).length;
  }
  return { files, gzipBytes, rawBytes };
}
