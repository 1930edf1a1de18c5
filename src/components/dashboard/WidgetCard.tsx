import type { ReactNode } from "react";
import { DashboardCard, type DashboardCardProps } from "./DashboardCard";
import { useWidget } from "./useWidget";

/** A dashboard card reading its own call: a skeleton while it loads, the failure in words, else what `children` draws of the reply. */
export function WidgetCard<T>({ path, children, ...card }: Omit<DashboardCardProps, "loading" | "error" | "children"> & { path: string; children: (data: T) => ReactNode }) {
  const { data, loading, error } = useWidget<T>(path);
  return (
    <DashboardCard {...card} loading={loading} error={error}>
      {data && children(data)}
    </DashboardCard>
  );
}
