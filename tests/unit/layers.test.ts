/**
 * Who may import whom: the server and the contracts never reach into the app's code (src/), and the contracts
 * into neither side. Code both sides use lives in contracts/. Read from the files' import statements.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The folders of the project each of a file's relative imports lands in. */
function importedFolders(file: string): { specifier: string; folder: string }[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map(([, specifier]) => ({
    specifier,
    folder: path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), specifier)).split(path.sep)[0],
  }));
}

const crossings = (dir: string, forbidden: readonly string[]) =>
  sourceFiles(dir).flatMap((file) => importedFolders(file).filter((found) => forbidden.includes(found.folder)).map((found) => `${file} imports ${found.specifier}`));

describe("layers", () => {
  it("keeps the server out of the app's code", () => {
    expect(crossings("server", ["src"])).toEqual([]);
  });

  it("keeps the contracts free of either side", () => {
    expect(crossings("contracts", ["src", "server"])).toEqual([]);
  });
});
