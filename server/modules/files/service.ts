import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { files } from "../../db/schema";

export async function storeFile(db: Db, input: { kind: string; mimeType: string; content: Buffer; createdBy: number | null; at: Date }): Promise<number> {
  const [row] = await db
    .insert(files)
    .values({
      kind: input.kind,
      mime_type: input.mimeType,
      size_bytes: input.content.length,
      sha256: crypto.createHash("sha256").update(input.content).digest("hex"),
      content: input.content,
      created_by: input.createdBy,
      created_at: input.at,
    })
    .returning({ id: files.id });
  return row.id;
}

export async function readFile(db: Db, id: number) {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

export async function deleteFile(db: Db, id: number): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}
