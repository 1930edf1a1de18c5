/**
 * Following a background job: useJob polls GET /api/jobs/{id} until the job
 * ends (or cannot be read) and stops when the screen goes away; JobProgress
 * shows the bar, the status in the reader's language and the last error,
 * with the status in a live region.
 */
import { Refine } from "@refinedev/core";
import { render, screen, waitFor, within } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, describe, expect, it } from "vitest";
import type { JobRecord } from "../../contracts/jobs";
import { AppFrame } from "../../src/App";
import { JobProgress } from "../../src/components/jobs";
import { changeLanguage } from "../../src/i18n/setup";
import { dataProvider } from "../../src/providers/data";
import { createI18nProvider } from "../../src/providers/i18n";
import { fakeApi } from "./fake-api";
import { jobRecord } from "./job-records";
import { QUERY_DEFAULTS } from "../../src/lib/http";

const POLL_MS = 20;


/** GET /jobs/5 answers with each of `states` in turn, then keeps giving the last one. */
function jobApi(...states: JobRecord[]) {
  const fake = fakeApi();
  let asked = 0;
  fake.on("GET", "/jobs/5", () => [200, { data: states[Math.min(asked++, states.length - 1)] }]);
  return { fake, polls: () => fake.calls.filter((call) => call.url === "/jobs/5").length };
}

function renderProgress() {
  return render(
    <AppFrame>
      <Refine dataProvider={dataProvider} i18nProvider={createI18nProvider(i18next)} options={{ disableTelemetry: true, reactQuery: { clientConfig: QUERY_DEFAULTS } }}>
        <JobProgress jobId={5} intervalMs={POLL_MS} />
      </Refine>
    </AppFrame>,
  );
}

const bar = () => screen.getByRole("progressbar", { name: "Progress" });
const live = () => screen.getByRole("status");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  await changeLanguage("en");
});

describe("JobProgress", () => {
  it("follows a job to its end, then stops asking", async () => {
    const running = jobRecord({ status: "running", attempts: 1, progress: { done: 2, total: 4 } });
    // Each state is seen twice, so none passes between two looks at the screen.
    const { polls } = jobApi(
      jobRecord(),
      jobRecord(),
      running,
      running,
      jobRecord({ status: "completed", attempts: 1, progress: { done: 4, total: 4 }, result: { rows: 4 }, finished_at: "2026-03-02T09:01:00.000Z" }),
    );
    renderProgress();
    await waitFor(() => expect(live()).toHaveTextContent("Waiting to start"));
    await waitFor(() => expect(live()).toHaveTextContent("In progress"));
    expect(bar()).toHaveAttribute("aria-valuenow", "50");
    expect(screen.getByText("2 of 4")).toBeInTheDocument();
    // The count changes with every step: it stays out of the live region.
    expect(within(live()).queryByText(/2 of 4/)).toBeNull();
    await waitFor(() => expect(live()).toHaveTextContent("Done"));
    expect(bar()).toHaveAttribute("aria-valuenow", "100");
    const asked = polls();
    await pause(POLL_MS * 6);
    expect(polls()).toBe(asked);
  });

  it("says a job is waiting to retry, and why the last attempt failed", async () => {
    jobApi(jobRecord({ status: "queued", attempts: 1, last_error: "The e-mail could not be delivered." }));
    renderProgress();
    await waitFor(() => expect(live()).toHaveTextContent("Attempt 1 of 5 failed; it will be tried again shortly"));
    expect(live()).toHaveTextContent("Last error: The e-mail could not be delivered.");
  });

  it("shows a failed job with its error, and stops asking", async () => {
    const { polls } = jobApi(jobRecord({ status: "failed", attempts: 5, last_error: "The server stopped while the task was running.", finished_at: "2026-03-02T09:05:00.000Z" }));
    renderProgress();
    await waitFor(() => expect(live()).toHaveTextContent("Failed"));
    expect(live()).toHaveTextContent("Last error: The server stopped while the task was running.");
    expect(bar().className).toContain("exception");
    await pause(POLL_MS * 6);
    expect(polls()).toBe(1);
  });

  it("speaks the reader's language", async () => {
    await changeLanguage("fr");
    jobApi(jobRecord({ status: "running", attempts: 1, progress: { done: 1, total: 3 } }));
    renderProgress();
    await waitFor(() => expect(live()).toHaveTextContent("En cours"));
    expect(screen.getByRole("progressbar", { name: "Progression" })).toHaveAttribute("aria-valuenow", "33");
    expect(screen.getByText("1 sur 3")).toBeInTheDocument();
  });

  it("says when the job cannot be read, without asking again", async () => {
    const fake = fakeApi();
    fake.on("GET", "/jobs/5", [403, { message: "You do not have permission." }]);
    renderProgress();
    await waitFor(() => expect(live()).toHaveTextContent("The progress of this task could not be loaded."));
    await pause(POLL_MS * 6);
    expect(fake.calls.filter((call) => call.url === "/jobs/5")).toHaveLength(1);
  });

  it("stops asking once it is no longer shown", async () => {
    const { polls } = jobApi(jobRecord({ status: "running", attempts: 1 }));
    const view = renderProgress();
    await waitFor(() => expect(polls()).toBeGreaterThanOrEqual(2));
    view.unmount();
    const asked = polls();
    await pause(POLL_MS * 6);
    expect(polls()).toBe(asked);
  });
});
