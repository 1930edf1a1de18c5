import type { FastifyBaseLogger } from "fastify";

/**
 * Work that runs after the reply is sent (mail delivery, slow lookups that
 * must not show in response timing). Failures are logged, never lost
 * silently; tests and shutdown wait for idle().
 */
export interface Jobs {
  run(name: string, work: () => Promise<unknown>): void;
  idle(): Promise<void>;
}

export function createJobs(log: FastifyBaseLogger): Jobs {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, work) {
      const job = new Promise((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => log.error({ err: error, job: name }, "background job failed"))
        .finally(() => running.delete(job));
      running.add(job);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
