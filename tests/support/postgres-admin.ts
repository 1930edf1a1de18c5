import type pg from "pg";

/** One short session on the server TEST_DATABASE_URL names, for creating and dropping databases. */
export async function withAdminClient<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const { default: pgModule } = await import("pg");
  const admin = new pgModule.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the same server as `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
