/**
 * Global setup of the end-to-end project: what each journey file would
 * otherwise make again for itself.
 *
 * - The demo company: one real first start of the server (migrations, seed)
 *   on a data directory that each file's server then starts on a copy of
 *   (`startServer({ copyOf: inject("e2eDemoDataDir") })`); a first start is
 *   the slowest part of a server's start.
 * - One headless Chromium each file connects to
 *   (`launchBrowser(inject("e2eBrowserEndpoint"))`); a fresh context per test
 *   keeps the tests apart.
 */
import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { launchBrowserServer, makeTempDataDir, startServer } from "./e2e";

declare module "vitest" {
  export interface ProvidedContext {
    e2eDemoDataDir: string;
    e2eBrowserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const demoDataDir = await makeTempDataDir();
  const removeDemo = () => fs.promises.rm(demoDataDir, { recursive: true, force: true });
  try {
    const firstStart = await startServer({ dataDir: demoDataDir });
    await firstStart.stop();
  } catch (error) {
    await removeDemo();
    throw error;
  }
  const browser = await launchBrowserServer().catch(async (error: unknown) => {
    await removeDemo();
    throw error;
  });
  project.provide("e2eDemoDataDir", demoDataDir);
  project.provide("e2eBrowserEndpoint", browser.wsEndpoint());
  return async () => {
    await browser.close();
    await removeDemo();
  };
}
