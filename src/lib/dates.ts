import dayjs from "dayjs";

/** The spec's display format for moments: 'MMM D, YYYY hA', in the active dayjs locale. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format("MMM D, YYYY hA");
}
