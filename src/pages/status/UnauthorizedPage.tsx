import { HomeStatusScreen } from "../../components/common/StatusScreen";

export default function UnauthorizedPage() {
  return <HomeStatusScreen status="403" section="unauthorized" />;
}
