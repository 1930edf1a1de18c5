/**
 * npm run dev: the API (restarted on change) and Vite with HMR side by side.
 * Vite serves the app on PORT (default 5173) and proxies /api to API_PORT.
 */
import { spawn } from "node:child_process";
import { createServer } from "vite";

const apiPort = process.env.API_PORT ?? "3001";
process.env.API_PORT = apiPort;

const api = spawn(process.execPath, ["--import", "tsx", "--watch", "server/main.ts"], {
  stdio: "inherit",
  env: { ...process.env, PORT: apiPort, APP_URL: process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 5173}` },
});

const vite = await createServer({ server: { port: Number(process.env.PORT ?? 5173) } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill("SIGTERM");
  await vite.close();
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
api.once("exit", (code) => {
  if (code) console.error(`The API stopped with code ${code}.`);
});
