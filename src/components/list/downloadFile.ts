import { saveBlob } from "../../api/downloads";

/** Hands text to the browser as a file download, without a round trip to the server. */
export function downloadFile(filename: string, content: string, type = "text/csv;charset=utf-8"): void {
  saveBlob(filename, new Blob([content], { type }));
}
