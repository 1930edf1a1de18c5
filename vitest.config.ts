import os from "node:os";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { localeSections } from "./locales/sections";

export default defineConfig({
  plugins: [localeSections(), react()],
  test: {
    globals: true,
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    // Vitest's default (one fewer than the cores) left one of this machine's two cores idle; the suites are CPU-bound.
    maxWorkers: os.availableParallelism(),
    // Rendering (React, jsdom) and query results make many short-lived objects: a larger young generation has the
    // garbage collector stop less often (UI project 117 -> 109 s, API project 108 -> 104 s here, 16 MB -> 64 MB).
    execArgv: ["--max-semi-space-size=64"],
    projects: [
      // isolate: false (node, ui): a worker loads the modules (and the UI's jsdom) once for all its
      // files instead of once per file, which halved the UI suite's time. Each API file still gets its own
      // database and app; tests/ui/setup.ts puts back what a test may change in the shared window.
      // The unit tests share the API tests' Node workers: a project of their own started two more
      // workers at the end of the run for half a second of tests.
      {
        extends: true,
        test: {
          name: "node",
          include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts"],
          environment: "node",
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // Migrates (and seeds) the template databases each file copies, once per run.
          globalSetup: ["tests/support/database-templates.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "ui",
          include: ["tests/ui/**/*.test.tsx"],
          environment: "jsdom",
          isolate: false,
          setupFiles: ["tests/ui/setup.ts"],
          testTimeout: 20_000,
          // One copy of react-router for Refine and the app alike.
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A condition polled waits as long as Playwright waits for an element (tests/support/e2e.ts, 15 s):
          // Vitest's own second is shorter than a page load while the other files' browsers keep both cores busy.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // Files run side by side, each on its own server (e2e 94 s -> 73-85 s). One first start of the
          // server (its data directory copied per file) and one Chromium for the run.
          globalSetup: ["tests/support/e2e-run.ts"],
        },
      },
    ],
  },
});
