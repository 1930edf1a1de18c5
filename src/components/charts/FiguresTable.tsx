import type { CSSProperties, ReactNode } from "react";
import type { ColumnType, ColumnsType } from "antd/es/table";

/**
 * A chart's figures as a plain table, out of sight, for screen readers: the
 * same columns the visible table shows, without antd's table machinery (its
 * measuring and rows of wrappers cost a dashboard a third of its drawing).
 */
export function FiguresTable<Row extends object>({ caption, rows, columns, rowKey, style }: { caption: string; rows: readonly Row[]; columns: ColumnsType<Row>; rowKey: (row: Row) => string; style: CSSProperties }) {
  const cells = columns as ColumnType<Row>[];
  // Hidden by its wrapper: a table is never narrower than its cells, whatever width it is given.
  return (
    <div style={style}>
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {cells.map((column, index) => (
            <th key={String(column.key ?? index)} scope="col">
              {column.title as ReactNode}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={rowKey(row)}>
            {cells.map((column, index) => {
              const value = column.dataIndex === undefined ? undefined : (row as Record<string, unknown>)[String(column.dataIndex)];
              return <td key={String(column.key ?? index)}>{column.render ? (column.render(value, row, rowIndex) as ReactNode) : (value as ReactNode)}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
