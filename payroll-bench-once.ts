import fs from "node:fs";
import { loadBulkUsers } from "./tests/support/bulk-users";
import { apiToken, makeTempDataDir, startServer } from "./tests/support/e2e";
import { loadAttendanceMonth } from "./tests/bench/attendance-load";
import { measurePayroll } from "./tests/bench/payroll";

const dir = await makeTempDataDir();
await loadBulkUsers({ dataDir: dir }, 10_000, 5_000);
const loaded = await loadAttendanceMonth({ dataDir: dir });
console.log("loaded", loaded.people, loaded.records);
const server = await startServer({ dataDir: dir });
try {
  const token = await apiToken(server, "admin@example.com", "Admin123!");
  console.log(JSON.stringify(await measurePayroll(server, token, 3)));
  const size = (p: string): number => fs.statSync(p).isDirectory() ? fs.readdirSync(p).reduce((s, f) => s + size(`${p}/${f}`), 0) : fs.statSync(p).size;
  console.log("data dir MB", (size(dir) / 1e6).toFixed(1));
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
