/**
 * The project's folder: where package.json is, above this file. The server
 * runs from its sources (server/, through tsx: tests, `npm run dev`) or from
 * its bundle (dist-server/, `npm start`), so files it reads beside the code
 * (migrations, the favicon, package.json) are found from here, never from
 * the module's own location.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const ROOT_DIR = projectRoot(path.dirname(fileURLToPath(import.meta.url)));

export const MIGRATIONS_FOLDER = path.join(ROOT_DIR, "server", "db", "migrations");
