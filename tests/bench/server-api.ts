/**
 * The bench's calls to a running server's API as the administrator: one JSON
 * request, and a payroll run's calculation waited for.
 */
import type { RunningServer } from "../support/e2e";

/** One request with `token`, a JSON body when given; the reply's data, or an error naming the call. */
export async function api(server: RunningServer, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: Record<string, unknown> };
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

/** The run once calculated, read every 25 ms: a recalculation is done once the job it queued is no longer queued or running. */
export async function untilCalculated(server: RunningServer, token: string, runId: unknown) {
  for (;;) {
    const current = await api(server, token, "GET", `/api/payroll/${runId}`);
    if (current.status === "calculated" && current.progress === null) return current;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
