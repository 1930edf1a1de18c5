/**
 * The backup file: gzip-compressed JSON lines, the same for the embedded
 * database and PostgreSQL, so a backup of one restores into the other.
 *
 *   line 1        the manifest (what made it, when, the schema's migration, rows per table, sequences)
 *   per table     {"table":"public.users"} and then exactly its manifest count of rows,
 *                 each the row as PostgreSQL's row_to_json wrote it (exact: never parsed by JavaScript)
 *   last line     {"end":true}: a file cut short (a full disk, a killed copy) has no end and is refused
 *
 * Stored files (pictures, logos, documents) live in the database, so they are rows here too.
 */
import { z } from "zod";

export const BACKUP_FORMAT = "paydesk-backup";
export const BACKUP_FORMAT_VERSION = 1;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  app_version: z.string(),
  created_at: z.string(),
  database: z.enum(["pglite", "postgres"]),
  /** The last migration applied to the backed-up database: its drizzle timestamp, hash and file tag. */
  migration: z.object({ created_at: z.number(), hash: z.string(), tag: z.string().nullable(), count: z.number().int() }),
  /** In the order their rows follow in the file. */
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().nonnegative() })),
  /** Each sequence's last value (null: never used), so ids are never handed out twice after a restore. */
  sequences: z.record(z.string(), z.union([z.number(), z.string()]).nullable()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export const END_LINE = JSON.stringify({ end: true });
export const tableLine = (name: string) => JSON.stringify({ table: name });

/**
 * paydesk-backup-2026-11-28T02-00-00Z.jsonl.gz: sorts by time, and holds no characters a file system refuses.
 * A second backup in the same second is told apart by a number (…Z-2.jsonl.gz).
 */
export function backupFileName(at: Date, copy = 1): string {
  return `paydesk-backup-${at.toISOString().slice(0, 19).replace(/:/g, "-")}Z${copy > 1 ? `-${copy}` : ""}.jsonl.gz`;
}

/** Total rows of a manifest. */
export const rowTotal = (manifest: Pick<BackupManifest, "tables">): number => manifest.tables.reduce((sum, table) => sum + table.rows, 0);
