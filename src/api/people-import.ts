import { http } from "../lib/http";
import { downloadFromApi } from "./downloads";

/** The people import (contracts/people-import.ts) and its template. */
export const peopleImportApi = {
  /** Creates everyone in the file (.xlsx or .csv), each invited by e-mail; refused whole, a 422 lists every cell in error. */
  import: async (file: File) => {
    const body = new FormData();
    body.append("file", file);
    // The browser writes the multipart boundary itself.
    return (await http.post<{ data: { created: number }; message: string }>("/users/import", body, { headers: { "Content-Type": "multipart/form-data" } })).data;
  },
  template: (format: "xlsx" | "csv") => downloadFromApi("users/import-template", new URLSearchParams({ format })),
};
