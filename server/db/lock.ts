import fs from "node:fs";
import path from "node:path";

/**
 * An exclusive lock on the embedded database's directory: two processes
 * opening the same PGlite directory corrupt it, so the second one must stop.
 * A lock left by a process that no longer runs is taken over.
 */
export function lockDataDirectory(dir: string): () => void {
  const file = path.join(dir, "paydesk.lock");
  const tryCreate = () => {
    const fd = fs.openSync(file, "wx");
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
  };
  try {
    tryCreate();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number(fs.readFileSync(file, "utf8").trim());
    if (holder && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `The data directory ${dir} is in use by process ${holder}. Stop that server first, or set DATA_DIR to another directory.`,
      );
    }
    fs.rmSync(file, { force: true });
    tryCreate();
  }
  return () => fs.rmSync(file, { force: true });
}

/** The running process holding the directory's lock (a server), or null. */
export function lockHolder(dir: string): number | null {
  let holder: number;
  try {
    holder = Number(fs.readFileSync(path.join(dir, "paydesk.lock"), "utf8").trim());
  } catch {
    return null;
  }
  return holder && holder !== process.pid && isRunning(holder) ? holder : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
