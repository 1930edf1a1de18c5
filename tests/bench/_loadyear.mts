import fs from "node:fs";
import { loadBulkUsers } from "../support/bulk-users";
import { loadAttendance } from "./attendance-load";
const dir = "/tmp/bench-year";
fs.rmSync(dir, { recursive: true, force: true }); fs.mkdirSync(dir);
await loadBulkUsers({ dataDir: dir }, 10_000, 5_000);
const r = await loadAttendance({ dataDir: dir }, { from: "2025-11-27", to: "2026-11-26" });
console.log(r);
