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
 * its static imports, every language catalogue (loaded before the first
 * render) and the login page's chunk with its own static imports.
 */
export function loginRouteJavaScript(distDir: string): { files: string[]; gzipBytes: number; rawBytes: number } {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error("the build has no entry chunk");
  visit(entry);
  for (const key of Object.keys(manifest)) {
    if (/^locales\/\w+\.json\?startup$/.test(key) || key === "src/pages/login/LoginPage.tsx") visit(key);
  }
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
