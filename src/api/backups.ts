import { http } from "../lib/http";
import { attachmentName, saveBlob } from "./downloads";

/** Backups (level 0): a backup now (a job), and a file to download. */
export const backupsApi = {
  start: () => http.post<{ data: { job_id: number }; message: string }>("/system/backups"),
  download: async (id: number, fallbackName: string) => {
    const response = await http.get<Blob>(`/system/backups/${id}/download`, { responseType: "blob" });
    saveBlob(attachmentName(response.headers["content-disposition"], fallbackName), response.data);
  },
};
