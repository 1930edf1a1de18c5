import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { http } from "../../src/lib/http";

type Reply = [status: number, body?: unknown, headers?: Record<string, string>] | "network-error";
type Handler = (body: unknown) => Reply | Promise<Reply>;

/**
 * Answers the app's HTTP client in UI tests: the real interceptors run, only
 * the network is replaced. A call with no answer fails as a lost connection
 * would, and the client's log names it ("[api] GET /path: ...").
 */
export function fakeApi() {
  const handlers = new Map<string, Handler>();
  const calls: { method: string; url: string; body: unknown }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? "get").toUpperCase();
    const url = config.url ?? "";
    const body = typeof config.data === "string" ? JSON.parse(config.data) : config.data;
    calls.push({ method, url, body });
    const handler = handlers.get(`${method} ${url}`);
    if (!handler) throw new AxiosError(`No fake answer for ${method} ${url}`, AxiosError.ERR_NETWORK, config);
    const reply = await handler(body);
    if (reply === "network-error") throw new AxiosError("Network Error", AxiosError.ERR_NETWORK, config);
    const [status, data, headers = {}] = reply;
    const response: AxiosResponse = { status, statusText: String(status), data, headers, config };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
    return response;
  };
  http.defaults.adapter = adapter;
  return {
    calls,
    on(method: string, url: string, handler: Handler | Reply) {
      handlers.set(`${method} ${url}`, typeof handler === "function" ? handler : () => handler);
    },
  };
}
