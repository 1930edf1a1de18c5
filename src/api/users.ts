import type { RemovalPreview, UserRecord } from "../../contracts/users";
import { http } from "../lib/http";

type Saved<T> = { data: T; message: string };

/** People beside their list (/api/users…): what a delete would do, and bringing an archived person back. */
export const usersApi = {
  /** Each person a delete would concern: deleted, archived (with the records that keep them) or refused (and why). */
  removalPreview: async (ids: readonly number[]) => (await http.get<{ data: RemovalPreview[] }>("/users/removal-preview", { params: { ids: ids.join(",") } })).data.data,
  restore: async (id: number) => (await http.post<Saved<UserRecord>>(`/users/${id}/restore`)).data,
};
