/**
 * How `npm run backup` reaches the server that holds the embedded database
 * (whose directory nobody else may open): a Unix socket in the data
 * directory, readable and writable by the server's own user only, so no
 * password is typed and nobody else on the machine can ask. One request:
 * POST /backup {"file": "/absolute/path"} → the backup written there.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AppContext } from "../../lib/context";
import { rowTotal } from "./format";
import { makeBackup } from "./service";
import type { WrittenBackup } from "./write";

export const commandSocketPath = (dataDir: string) => path.join(dataDir, "paydesk.sock");

/** Unix sockets' paths are short (108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;

export interface CommandBackupReply {
  file: string;
  size_bytes: number;
  rows: number;
  tables: number;
  migration: string | null;
}

/** What the command prints of a backup, whoever wrote it (the server, or the command itself). */
export function commandReply(file: string, written: WrittenBackup): CommandBackupReply {
  const { manifest } = written;
  return { file, size_bytes: written.size_bytes, rows: rowTotal(manifest), tables: manifest.tables.length, migration: manifest.migration.tag };
}

async function readBody(request: http.IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > 10_000) throw new Error("request too long");
  }
  return JSON.parse(text);
}

function handler(ctx: AppContext): http.RequestListener {
  return async (request, response) => {
    const reply = (status: number, body: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (request.method !== "POST" || request.url !== "/backup") return reply(404, { error: "only POST /backup" });
    try {
      const body = (await readBody(request)) as { file?: unknown };
      if (typeof body.file !== "string" || !path.isAbsolute(body.file)) return reply(400, { error: "file must be an absolute path" });
      const made = await makeBackup(ctx, { trigger: "command", requestedBy: null, file: body.file });
      reply(200, commandReply(made.file, made.written));
    } catch (error) {
      reply(500, { error: (error as Error).message });
    }
  };
}

/** Listens until the returned function closes it. A stale socket file (a crashed server's) is replaced: the data directory's lock says this process is its only server. */
export async function openCommandSocket(ctx: AppContext, socketPath: string): Promise<() => Promise<void>> {
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    ctx.log.warn({ socketPath }, "the data directory's path is too long for the backup command's socket: npm run backup needs the server stopped");
    return async () => {};
  }
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer(handler(ctx));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Created with no access for others: the umask applies to the socket file itself.
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, () => {
        fs.chmodSync(socketPath, 0o600);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}
