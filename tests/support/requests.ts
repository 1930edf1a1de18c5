/**
 * Requests to a file's test app by method and URL, as the payroll API tests
 * make them: sent as is, expected to answer a status (giving the reply's
 * data), or refused (giving what the refusal says).
 */
import type { InjectOptions } from "fastify";
import { expect } from "vitest";
import type { TestApp } from "./api";
import { call } from "./people";

/** The requests to the app `app()` returns when called: a file's `t`, set in its beforeAll. */
export function requestsTo(app: () => TestApp) {
  /** A request as `token`'s holder (anonymously with null), a JSON body when `payload` is given. */
  const send = (token: string | null, method: InjectOptions["method"], url: string, payload?: unknown) =>
    call(app(), token, { method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  /** A request expected to answer `status`; its data. */
  async function must(token: string | null, method: InjectOptions["method"], url: string, payload?: unknown, status = 200) {
    const response = await send(token, method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return response.json().data;
  }

  /** A refused request: its status, message and field errors. */
  async function refusal(token: string | null, method: InjectOptions["method"], url: string, payload?: unknown) {
    const response = await send(token, method, url, payload);
    const body = response.json();
    return { status: response.statusCode, message: body.message as string, ...(body.errors ? { errors: body.errors } : {}) };
  }

  return { send, must, refusal };
}
