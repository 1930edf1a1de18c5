import { IdentityPage } from "./IdentityPage";

export default function DashboardPage() {
  return <IdentityPage titleKey="dashboard.title" />;
}
