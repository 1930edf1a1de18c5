import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
const g = globalThis as any;
if (!g.__prof) {
  g.__prof = new Session();
  g.__prof.connect();
  await g.__prof.post("Profiler.enable");
  await g.__prof.post("Profiler.start");
  g.__n = 0;
}
afterAll(async () => {
  const { profile } = await g.__prof.post("Profiler.stop");
  writeFileSync(`/tmp/prof/p${process.pid}-${g.__n++}.cpuprofile`, JSON.stringify(profile));
  await g.__prof.post("Profiler.start");
});
