import { HomeStatusScreen } from "../../components/common/StatusScreen";

export default function NotFoundPage() {
  return <HomeStatusScreen status="404" section="notFound" />;
}
