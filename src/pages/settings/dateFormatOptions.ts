import dayjs from "dayjs";
import { DATE_FORMATS } from "../../../contracts/company";

/** A date format's choice, shown with today written in it ("DD/MM/YYYY — 25/11/2026"), so nobody must decode the letters. */
export function dateFormatOptions(): { value: string; label: string }[] {
  const today = dayjs();
  return DATE_FORMATS.map((format) => ({ value: format, label: `${format} — ${today.format(format)}` }));
}
