import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** The Closia mark: a rounded green square with a "C". */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-green-7)" />
      <path
        d="M21.5 11.2a7 7 0 1 0 0 9.6"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Logo button to the home page. */
export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <UnstyledButton component={Link} to={paths.home} onClick={onClick} aria-label="Closia, accueil">
      <Group gap={8} wrap="nowrap">
        <LogoMark />
        <Text component="span" fw={800} fz="xl" lh={1} style={{ letterSpacing: '-0.02em' }}>
          Closia
        </Text>
      </Group>
    </UnstyledButton>
  );
}
