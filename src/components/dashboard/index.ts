/** What both dashboards are made of: the card, and the staff widgets each shown only to whom its call is granted. */
export { AttendanceExceptionsCard } from "./AttendanceExceptionsCard";
export { AwaitingApprovalCard } from "./AwaitingApprovalCard";
export { CardHeading, DashboardCard, type DashboardCardProps } from "./DashboardCard";
export { NewHiresCard } from "./NewHiresCard";
export { useWidget } from "./useWidget";
