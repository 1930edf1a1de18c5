/**
 * `npm run test:pg`: runs the API suite against a real PostgreSQL.
 *
 * Creates a throwaway cluster in a temporary directory, starts it on a free
 * port, runs the API tests (`npx vitest run --project node tests/api`, or what a
 * given `--config` selects) with TEST_DATABASE_URL pointing at
 * it (the harness migrates template databases once and gives each test file a
 * copy, dropped afterwards), then stops the server and removes the directory
 * whatever the outcome. Exits with vitest's code. Extra arguments go to vitest
 * (e.g. a file filter). The cluster is scripts/pg-cluster.ts's.
 */
import { spawn } from "node:child_process";
import { startCluster, type Cluster } from "./pg-cluster";

function runVitest(databaseUrl: string, extraArgs: string[]): Promise<number> {
  return new Promise((resolve) => {
    // The API tests by default; a caller naming its own config (the fuzz suite) or files picks its own.
    const namesFiles = extraArgs.some((arg) => !arg.startsWith("-"));
    const selection = extraArgs.includes("--config") ? [] : ["--project", "node", ...(namesFiles ? [] : ["tests/api"])];
    const child = spawn("npx", ["vitest", "run", ...selection, ...extraArgs], {
      stdio: "inherit",
      // Test files run in parallel, each with its own pool: keep the pools small.
      env: { ...process.env, TEST_DATABASE_URL: databaseUrl, PG_POOL_SIZE: process.env.PG_POOL_SIZE ?? "4" },
    });
    // Ctrl-C reaches vitest through the terminal; a signal sent to us alone is passed on.
    // Either way we wait for it to end, then clean up.
    const forward = (signal: NodeJS.Signals) => () => {
      if (child.exitCode === null) child.kill(signal);
    };
    const onInt = forward("SIGINT");
    const onTerm = forward("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    child.on("error", (error) => {
      console.error(`vitest could not start: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function main(): Promise<number> {
  // Until the server is stopped, a signal must not kill us before cleanup.
  const hold = () => {};
  process.on("SIGINT", hold);
  process.on("SIGTERM", hold);
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster();
    console.log(`PostgreSQL (${cluster.version}) on port ${new URL(cluster.url).port}; running the API suite against it.`);
    return await runVitest(cluster.url, process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    cluster?.stop();
    process.off("SIGINT", hold);
    process.off("SIGTERM", hold);
  }
}

process.exitCode = await main();
