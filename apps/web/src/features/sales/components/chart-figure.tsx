import '@mantine/charts/styles.css';
import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A chart with its figures as a table for screen readers (a chart is a picture): `label` names it,
 * `columns` and `rows` are what it draws.
 */
export function ChartFigure({
  label,
  columns,
  rows,
  children,
}: {
  label: string;
  columns: string[];
  rows: (string | number)[][];
  children: ReactNode;
}) {
  return (
    <figure aria-label={label} style={{ margin: 0 }}>
      <div aria-hidden="true">{children}</div>
      <VisuallyHidden>
        <Table>
          <Table.Caption>{label}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={String(row[0])}>
                {row.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed column list
                  <Table.Td key={index}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
