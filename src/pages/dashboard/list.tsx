import { IdentityPage } from "../../components/common/IdentityPage";

export default function DashboardPage() {
  return <IdentityPage titleKey="dashboard.title" />;
}
