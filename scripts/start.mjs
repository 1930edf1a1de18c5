// @ts-check
/**
 * `npm start`: builds the app and the server only when their sources changed
 * since the last build (or none is there), then runs the built server in
 * this process. A start on a built checkout spends about 50 ms on the check.
 */
import { pathToFileURL } from "node:url";
import { build, buildNeeded, SERVER_BUNDLE } from "./build.mjs";

const reason = buildNeeded();
if (reason) {
  console.log(reason === "missing" ? "Building the app and the server (first start)..." : "The sources changed since the last build: building the app and the server...");
  const started = performance.now();
  await build();
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
await import(pathToFileURL(SERVER_BUNDLE).href);
