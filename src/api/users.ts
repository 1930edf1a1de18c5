import type { RemovalPreview, UserRecord } from "../../contracts/users";
import { http } from "../lib/http";

type Saved<T> = { data: T; message: string };

/** People beside their list (/api/users…): what a delete would do, bringing an archived person back, and a bulk edit. */
export const usersApi = {
  /** Each person a delete would concern: deleted, archived (with the records that keep them) or refused (and why). */
  removalPreview: async (ids: readonly number[]) => (await http.get<{ data: RemovalPreview[] }>("/users/removal-preview", { params: { ids: ids.join(",") } })).data.data,
  restore: async (id: number) => (await http.post<Saved<UserRecord>>(`/users/${id}/restore`)).data,
  /** The same changes for everyone listed (contracts/users.ts bulkUpdateBody). */
  bulkUpdate: async (ids: readonly number[], changes: Record<string, unknown>) =>
    (await http.post<Saved<{ updated: number; unchanged: number }>>("/users/bulk-update", { user_ids: ids, changes })).data,
};
