import axios, { AxiosError, type AxiosResponse } from "axios";
import i18next from "i18next";
import { readToken } from "../auth/storage";

export const HTTP_TIMEOUT_MS = 100_000;

/** The one HTTP client: every call carries JSON, the bearer token and the user's language. */
export const http = axios.create({
  baseURL: "/api",
  timeout: HTTP_TIMEOUT_MS,
  headers: { "Content-Type": "application/json", Accept: "application/json" },
});

http.interceptors.request.use((config) => {
  const token = readToken();
  if (token) config.headers.set("Authorization", `Bearer ${token}`);
  config.headers.set("Accept-Language", i18next.language || "en");
  return config;
});

export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
}

/**
 * A failed call as callers see it: the status (0 when no answer came), a readable message, field errors,
 * and for a refusal to try again later (429) the seconds to wait (Retry-After).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly retryAfterSeconds?: number,
    /** The reply's own message, where `message` is a field's (a 422): what the refusal as a whole says. */
    readonly summary?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Refine reads statusCode, and puts `errors` on the form's fields. */
  get statusCode(): number {
    return this.status;
  }
}

/** The spec's catalogue: what each status means to a person. */
export function describeFailure(status: number, body: ApiErrorBody | undefined, t: (key: string) => string): string {
  switch (status) {
    case 0:
      return t("errors.network");
    case 401:
      return body?.message ?? t("errors.unauthenticated");
    case 403:
      return body?.message ?? t("errors.forbidden");
    case 404:
      return body?.message ?? t("errors.notFound");
    case 419:
      return t("errors.expired");
    case 422:
      return Object.values(body?.errors ?? {})[0]?.[0] ?? body?.message ?? t("validation.invalid");
    case 500:
      return t("errors.server");
    default:
      return body?.message ?? t("errors.other");
  }
}

/** Retry-After as the server sends it: whole seconds. */
function retryAfterSeconds(header: unknown): number | undefined {
  const seconds = Number(header);
  return typeof header === "string" && header !== "" && Number.isFinite(seconds) ? seconds : undefined;
}

/** The API's error body; a file download's refusal arrives as a blob holding it. */
async function errorBody(data: ApiErrorBody | Blob | undefined): Promise<ApiErrorBody | undefined> {
  if (!(data instanceof Blob)) return data;
  try {
    return JSON.parse(await data.text()) as ApiErrorBody;
  } catch {
    return undefined;
  }
}

let onUnauthorized: () => void = () => {};

/** The router registers what a 401 does: forget the session and go to the sign-in page. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

http.interceptors.response.use(
  (response: AxiosResponse) => response,
  async (error: AxiosError<ApiErrorBody | Blob>) => {
    const status = error.response?.status ?? 0;
    const body = await errorBody(error.response?.data);
    const message = describeFailure(status, body, (key) => i18next.t(key));
    console.warn(`[api] ${error.config?.method?.toUpperCase()} ${error.config?.url}: ${message}`);
    if (status === 401) onUnauthorized();
    return Promise.reject(new ApiError(status, message, body?.errors, retryAfterSeconds(error.response?.headers["retry-after"]), body?.message));
  },
);

/** React Query's retry rule for reads: a refusal (4xx) is final; a lost connection or a server error is tried again, three times at most. */
export const retryTransient = (failures: number, error: { statusCode: number }) => (error.statusCode === 0 || error.statusCode >= 500) && failures < 3;

/** React Query's defaults for every read of the app (Refine's client): retryTransient; an error without a status (a bug) is final. */
export const QUERY_DEFAULTS = { defaultOptions: { queries: { retry: (failures: number, error: unknown) => retryTransient(failures, { statusCode: (error as { statusCode?: number } | null)?.statusCode ?? -1 }) } } };
