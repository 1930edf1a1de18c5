import { apiToken, launchBrowser, newSession, startServer } from "./tests/support/e2e";
import { signIn } from "./tests/support/journey";

const server = await startServer();
const browser = await launchBrowser();
try {
  const employee = await apiToken(server, "employee@example.com", "Employee123!");
  const types = await (await fetch(`${server.url}/api/leave-balances`, { headers: { authorization: `Bearer ${employee}` } })).json();
  console.log(JSON.stringify(types.data.lines.map((line: { leave_type: { code: string }; available: number }) => [line.leave_type.code, line.available])));
  const vl = types.data.lines.find((line: { leave_type: { code: string } }) => line.leave_type.code === "VL").leave_type.id;
  const asked = await fetch(`${server.url}/api/leave-requests`, { method: "POST", headers: { authorization: `Bearer ${employee}`, "content-type": "application/json" }, body: JSON.stringify({ leave_type_id: vl, start_date: "2026-12-07", end_date: "2026-12-09", reason: "Family trip to Cebu" }) });
  console.log(asked.status, (await asked.text()).slice(0, 300));
  for (const [who, password, path, file, width] of [
    ["employee@example.com", "Employee123!", "/leave", "leave-own", 1280],
    ["employee@example.com", "Employee123!", "/leave", "leave-own-phone", 390],
    ["manager@example.com", "Manager123!", "/leave/approvals", "leave-approvals", 1280],
    ["manager@example.com", "Manager123!", "/leave/calendar?month=2026-12", "leave-calendar", 1280],
    ["admin@example.com", "Admin123!", "/leave/balances?user=3", "leave-balances", 1280],
  ] as const) {
    const session = await newSession(browser, server, { viewport: { width, height: 900 } });
    await signIn(session.page, who, password);
    await session.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await session.page.goto(path);
    await session.page.waitForTimeout(2500);
    await session.page.screenshot({ path: `/tmp/${file}.png`, fullPage: true });
    if (session.pageErrors.length) console.log(file, session.pageErrors);
    await session.context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
