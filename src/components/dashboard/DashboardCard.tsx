import type { ReactNode } from "react";
import { Alert, Card, Skeleton, Typography } from "antd";

/** A card's title as a heading one level under the page's title (an h2 on every page of the app). */
export function CardHeading({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={2} style={{ margin: 0, fontSize: 16, whiteSpace: "normal" }}>
      {children}
    </Typography.Title>
  );
}

export interface DashboardCardProps {
  title: ReactNode;
  /** A link on to the page the card sums up. */
  extra?: ReactNode;
  loading?: boolean;
  /** Why the figures could not be read, in the reader's words. */
  error?: string;
  testId?: string;
  children?: ReactNode;
}

/**
 * One card of a dashboard: its title a heading, a link on, and its content
 * once loaded (a skeleton before, the failure in words instead). Both
 * dashboards are made of these, so they read and behave alike.
 */
export function DashboardCard({ title, extra, loading = false, error, testId, children }: DashboardCardProps) {
  return (
    <Card title={<CardHeading>{title}</CardHeading>} extra={extra} data-testid={testId}>
      {/* A skeleton without its title: antd draws that as an empty h3 among the page's headings. */}
      {error ? <Alert type="error" showIcon message={error} /> : loading ? <Skeleton active title={false} paragraph={{ rows: 3 }} /> : children}
    </Card>
  );
}
