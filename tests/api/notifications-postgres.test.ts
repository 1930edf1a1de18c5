/**
 * Two servers on one PostgreSQL database, each with its own pool and its own
 * LISTEN connection, as two processes behind a load balancer: a broadcast
 * sent through one reaches a stream opened on the other within a second.
 *
 * Only PostgreSQL can be shared this way, so this file runs under
 * `npm run test:pg` (TEST_DATABASE_URL) and skips itself otherwise.
 */
import { describe, expect, it } from "vitest";
import { openEventStream } from "../support/event-stream";
import { ADMIN, EMPLOYEE } from "../support/people";
import { SHARED_POSTGRES, sharedPostgresServers, signInOn as signIn } from "../support/shared-postgres";

describe.skipIf(!SHARED_POSTGRES)("notifications across two servers on one PostgreSQL database", () => {
  const server = sharedPostgresServers("paydesk_live");

  it("delivers a broadcast sent through one server to a stream open on the other within a second", async () => {
    const [sending, streaming] = [await server(), await server()];
    const url = await streaming.listen({ port: 0, host: "127.0.0.1" });
    const employee = await signIn(streaming, EMPLOYEE);
    const ticket = (await streaming.inject({ method: "POST", url: "/api/notifications/stream-ticket", headers: { authorization: `Bearer ${employee}` } })).json().data.ticket;
    const stream = await openEventStream(`${url}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
    try {
      await stream.next((event) => event.event === "unread");
      const admin = await signIn(sending, ADMIN);
      const sentAt = performance.now();
      const sent = await sending.inject({
        method: "POST",
        url: "/api/notifications/system",
        headers: { authorization: `Bearer ${admin}` },
        payload: { title: "Payroll released", message: "March payslips are ready.", audience: { type: "all" } },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const arrived = await stream.next((event) => event.event === "notification", { timeoutMs: 1_000 });
      const elapsed = performance.now() - sentAt;
      expect(arrived.data).toMatchObject({ type: "system", title: "Payroll released", sender: { name: "Alex Admin" } });
      expect(await stream.next((event) => event.event === "unread" && (event.data as { count: number }).count > 0)).toBeTruthy();
      console.log(`broadcast through one server reached a stream on the other in ${elapsed.toFixed(0)} ms`);
      expect(elapsed).toBeLessThan(1_000);
    } finally {
      stream.close();
    }
  });

  it("closes a person's stream on the other server as soon as their sessions end on this one", async () => {
    const [acting, streaming] = [await server(), await server()];
    const url = await streaming.listen({ port: 0, host: "127.0.0.1" });
    const admin = await signIn(acting, ADMIN);
    const created = await acting.inject({
      method: "POST",
      url: "/api/users",
      headers: { authorization: `Bearer ${admin}` },
      payload: { first_name: "Stream", last_name: "Holder", email: "stream.holder@example.com", password: "Streaming123!", password_confirmation: "Streaming123!", access_level: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const holder = await signIn(streaming, { email: "stream.holder@example.com", password: "Streaming123!" });
    const ticket = (await streaming.inject({ method: "POST", url: "/api/notifications/stream-ticket", headers: { authorization: `Bearer ${holder}` } })).json().data.ticket;
    const stream = await openEventStream(`${url}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
    try {
      await stream.next((event) => event.event === "unread");
      const id = created.json().data.id;
      const deactivated = await acting.inject({ method: "PUT", url: `/api/users/${id}`, headers: { authorization: `Bearer ${admin}` }, payload: { is_active: false } });
      expect(deactivated.statusCode, deactivated.body).toBe(200);
      await stream.ended;
    } finally {
      stream.close();
    }
  });
});
