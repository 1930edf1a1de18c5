import type { PayRateBody, PayRateRecord } from "../../contracts/payroll";
import { http } from "../lib/http";

type Saved<T> = { data: T; message: string };

/**
 * A person's pay history (/api/users/{id}/pay-rates): the read the profile
 * follows with Refine's useCustom (its path), and the two writes, each
 * answering the whole history as it is now with the server's message.
 */
export const payRatesPaths = {
  history: (userId: number) => `/users/${userId}/pay-rates`,
};

export const payRatesApi = {
  /** Records a rate from a date on; the person's record follows the rate in force today. */
  add: async (userId: number, body: PayRateBody) => (await http.post<Saved<PayRateRecord[]>>(payRatesPaths.history(userId), body)).data,
  remove: async (userId: number, rateId: number) => (await http.delete<Saved<PayRateRecord[]>>(`${payRatesPaths.history(userId)}/${rateId}`)).data,
};

export type { PayRateBody, PayRateRecord };
