import { afterEach, beforeEach } from "vitest";
import { http } from "../../src/lib/http";

/** The query parameters of each test's calls (the fake answers by path alone), from the hooks of the file or describe that calls this. */
export function recordParams() {
  const seen: { url: string; params: URLSearchParams }[] = [];
  let interceptor = -1;
  beforeEach(() => {
    seen.length = 0;
    interceptor = http.interceptors.request.use((config) => {
      seen.push({ url: config.url ?? "", params: new URLSearchParams(config.params as URLSearchParams) });
      return config;
    });
  });
  afterEach(() => http.interceptors.request.eject(interceptor));
  return seen;
}
