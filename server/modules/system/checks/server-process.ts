/** The server itself: its version, the Node.js it runs on, and how long it has been up. */
import packageJson from "../../../../package.json" with { type: "json" };
import { fact, verdict, when, type Outcome } from "./outcome";

/** "20.19.0" as [20, 19, 0]. */
const versionParts = (version: string) => version.replace(/^[^\d]*/, "").split(".").map((part) => Number.parseInt(part, 10) || 0);

/** Whether a Node.js version meets a ">=major.minor[.patch]" range (the only form package.json's engines uses). */
export function meetsEngine(nodeVersion: string, range: string): boolean {
  const minimum = /^>=\s*(\S+)$/.exec(range.trim());
  if (!minimum) return true;
  const have = versionParts(nodeVersion);
  const need = versionParts(minimum[1]);
  for (let index = 0; index < 3; index++) {
    if ((have[index] ?? 0) !== (need[index] ?? 0)) return (have[index] ?? 0) > (need[index] ?? 0);
  }
  return true;
}

export function checkServer(now: Date, uptimeSeconds: number = process.uptime(), nodeVersion: string = process.version): Outcome {
  const uptimeMs = uptimeSeconds * 1000;
  return verdict(
    [
      fact.text("version", packageJson.version),
      fact.text("node", nodeVersion),
      fact.duration("uptime", uptimeMs),
      fact.datetime("startedAt", new Date(now.getTime() - uptimeMs)),
    ],
    [when(!meetsEngine(nodeVersion, packageJson.engines.node), "warn", "nodeTooOld")],
  );
}
