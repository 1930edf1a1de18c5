import { Children, type ReactNode } from "react";
import { Col, Row } from "antd";

/**
 * Fields side by side from a small tablet up, one under the other on a phone.
 * `spans` are the fields' shares of the 24-column grid (equal shares by default).
 */
export function FieldRow({ children, spans }: { children: ReactNode; spans?: number[] }) {
  const fields = Children.toArray(children);
  return (
    <Row gutter={12}>
      {fields.map((field, index) => (
        <Col key={index} xs={24} sm={spans?.[index] ?? Math.floor(24 / fields.length)}>
          {field}
        </Col>
      ))}
    </Row>
  );
}
