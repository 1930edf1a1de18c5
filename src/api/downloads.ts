import { http } from "../lib/http";

/** The file name the server gave (content-disposition), or `fallback`. */
export function attachmentName(header: unknown, fallback: string): string {
  const match = typeof header === "string" ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header) : null;
  return match ? decodeURIComponent(match[1]) : fallback;
}

/** Hands a fetched file to the browser as a download under its name. */
export function saveBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking in the same task can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a file the server makes (an export): by the bearer-token client,
 * as a blob, saved under the name from content-disposition (the HTTP client
 * reads a refusal's blob as the API's message).
 */
export async function downloadFromApi(path: string, params: URLSearchParams): Promise<void> {
  const response = await http.get<Blob>(`/${path}`, { params, responseType: "blob" });
  saveBlob(attachmentName(response.headers["content-disposition"], path.split("/").join("-")), response.data);
}
