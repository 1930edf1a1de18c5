import dayjs from "dayjs";
import localizedFormat from "dayjs/plugin/localizedFormat";

dayjs.extend(localizedFormat);

/**
 * A moment (activity time, last change...) as the reader's language writes it,
 * to the minute: dayjs' localized short date and time ("lll") of the active
 * locale. English keeps the spec's 'MMM D, YYYY hA' shape with the minutes the
 * log needs ("Nov 23, 2026 10:05 AM"); Japanese reads "2026年11月23日 10:05",
 * French "23 nov. 2026 10:05", Tagalog "Nob 23, 2026 10:05".
 */
export function formatDateTime(iso: string, locale: string = dayjs.locale()): string {
  const moment = dayjs(iso);
  return moment.isValid() ? moment.locale(locale).format("lll") : iso;
}
