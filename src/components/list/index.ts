/** The list-page kit: declare columns, get filters, search, sorting, export and bulk actions. */
export { ListPage, type ListPageProps } from "./ListPage";
export type { Choice, FilterController, ListColumn } from "./types";
export { columnFilter, type ColumnFilterOptions, type ColumnFilterProps } from "./columnFilter";
export { matchModes, modeOf, type MatchMode } from "./matchModes";
export { applyFieldFilter, fieldFilter, withFieldFilter } from "./fieldFilters";
export { useListColumns } from "./useListColumns";
export { SearchBox } from "./SearchBox";
export { ExportButton, type ExportButtonProps } from "./ExportButton";
export { EXPORT_ROW_CAP, fetchAllRows } from "./fetchAllRows";
export { BulkBar } from "./BulkBar";
export { ListViews, type ListViewsProps } from "./ListViews";
export { RecordActions, type RecordActionsProps } from "./RecordActions";
export { CreateButton } from "./CreateButton";
export { useBulkSelection, type BulkSelection } from "./useBulkSelection";
export { columnValue, exportValue } from "./columnValue";
export { API_DATE_FORMAT, displayDateFormat, useDateInputFormats } from "./dateFormat";
