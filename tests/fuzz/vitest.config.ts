/**
 * `npm run test:fuzz`: the OpenAPI fuzzer, apart from `npm test` (it takes
 * minutes, the suite has a 90 s budget). Same plugins and database templates
 * as the API project; TEST_DATABASE_URL runs it on PostgreSQL as test:pg does.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import root from "../../vitest.config.ts";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  plugins: root.plugins,
  test: {
    globals: true,
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    execArgv: root.test?.execArgv,
    projects: [
      {
        extends: true,
        test: {
          name: "fuzz",
          include: ["tests/fuzz/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 120_000,
          globalSetup: ["tests/support/database-templates.ts"],
        },
      },
    ],
  },
});
