import { vi } from "vitest";

/** Stands in for the browser's download: the blobs saved and the names they were saved under (tests/ui/setup.ts puts the window's own back). */
export function catchDownloads() {
  const saved: Blob[] = [];
  const names: string[] = [];
  Object.defineProperty(URL, "createObjectURL", { configurable: true, writable: true, value: (blob: Blob) => (saved.push(blob), "blob:download") });
  Object.defineProperty(URL, "revokeObjectURL", { configurable: true, writable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { saved, names };
}
