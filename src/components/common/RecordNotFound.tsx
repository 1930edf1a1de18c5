import { ArrowLeftOutlined } from "@ant-design/icons";
import { Result } from "antd";
import { LinkButton } from "./LinkButton";
import { PageTitle } from "./PageTitle";

/** A record page whose record does not exist, or is not the reader's: said at once as the page's h1, with the way back to its list. */
export function RecordNotFound({ message, back }: { message: string; back?: { to: string; label: string } }) {
  return (
    <Result
      status="404"
      title={<PageTitle style={{ margin: 0 }}>{message}</PageTitle>}
      extra={
        back && (
          <LinkButton to={back.to} icon={<ArrowLeftOutlined />}>
            {back.label}
          </LinkButton>
        )
      }
    />
  );
}
