import { Badge, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { unreadText } from '../lib/format';

export interface ShellNavItem {
  to: string;
  label: string;
  icon: Icon;
  /** Also active on sub-paths (e.g. a team's pages under "Équipes"). */
  matchPrefix?: boolean;
  /** An unread count (shown when above 0). */
  badge?: number;
}

export interface ShellNavSection {
  title: string;
  items: ShellNavItem[];
}

function isActive(pathname: string, item: ShellNavItem): boolean {
  if (pathname === item.to) return true;
  return item.matchPrefix === true && pathname.startsWith(`${item.to}/`);
}

/** Sidebar of the dashboard and admin shells: sections of links with Tabler icons. */
export function ShellNav({
  sections,
  label,
  onNavigate,
}: {
  sections: ShellNavSection[];
  label: string;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <ScrollArea type="scroll" h="100%">
      <Stack component="nav" aria-label={label} gap="md" p="sm">
        {sections.map((section) => (
          <Stack key={section.title} gap={2}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
              {section.title}
            </Text>
            {section.items.map((item) => {
              const active = isActive(pathname, item);
              return (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  variant="light"
                  leftSection={<item.icon size={18} stroke={1.6} aria-hidden="true" />}
                  rightSection={
                    item.badge ? (
                      <Badge size="sm" circle aria-label={unreadText(item.badge)}>
                        {item.badge}
                      </Badge>
                    ) : undefined
                  }
                  onClick={onNavigate}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
            })}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}
