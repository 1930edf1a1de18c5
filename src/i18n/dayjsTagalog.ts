import dayjs from "dayjs";
import tagalog from "dayjs/locale/tl-ph";

/**
 * dayjs' Filipino (tl-ph) words under the name antd's picker derives from its
 * own "tl_PH" locale ("tl"), with the spec's Sunday-first weeks (calendars in
 * the Philippines start on Sunday too) and a two-digit-day short date.
 */
export const DAYJS_TAGALOG = "tl";

dayjs.locale({ ...tagalog, name: DAYJS_TAGALOG, weekStart: 0, formats: { ...tagalog.formats, L: "MM/DD/YYYY" } }, undefined, true);
