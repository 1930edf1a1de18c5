/** `npm start` builds only when the sources changed since the last build (scripts/build.mjs's fingerprint), or no build is there. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildNeeded, sourcesFingerprint } from "../../scripts/build.mjs";

let root: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
/** A checkout as the last build left it: both builds and the stamp of its sources. */
function built() {
  write("dist/index.html", "<!doctype html>");
  write("dist-server/main.mjs", "export {};");
  write("dist-server/sources.json", JSON.stringify({ fingerprint: sourcesFingerprint(root) }));
}

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("whether npm start builds first", () => {
  it("builds when there is no build, and not again once the sources are built", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-build-"));
    write("package.json", "{}");
    write("src/main.tsx", "export const a = 1;");
    write("server/main.ts", "export const b = 1;");
    expect(buildNeeded(root)).toBe("missing");
    built();
    expect(buildNeeded(root)).toBe(null);
    // A checkout's new timestamps alone change nothing: the fingerprint is of the content.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, "src/main.tsx"), later, later);
    expect(buildNeeded(root)).toBe(null);
  });

  it("builds again when a source changes, is added or is removed, and when part of the build is gone", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-build-"));
    write("package.json", "{}");
    write("locales/en.json", "{}");
    built();
    write("locales/en.json", '{"a":1}');
    expect(buildNeeded(root)).toBe("changed");
    built();
    write("contracts/new.ts", "export {};");
    expect(buildNeeded(root)).toBe("changed");
    built();
    fs.rmSync(path.join(root, "contracts/new.ts"));
    expect(buildNeeded(root)).toBe("changed");
    built();
    fs.rmSync(path.join(root, "dist-server/main.mjs"));
    expect(buildNeeded(root)).toBe("missing");
    built();
    // data/ and logs are no sources.
    write("data/pgdata/file", "x");
    expect(buildNeeded(root)).toBe(null);
  });
});
