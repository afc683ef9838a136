import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways inside its frame below `minWidth` (small screens), never the page.
 * The frame is a named, focusable region: keyboard users can scroll it too.
 */
export function ScrollTable({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
