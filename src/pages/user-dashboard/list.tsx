import { IdentityPage } from "../../components/common/IdentityPage";

export default function UserDashboardPage() {
  return <IdentityPage titleKey="userDashboard.title" />;
}
