import { Anchor, Stack, Text, Title, TypographyStylesProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import classes from './legal-page.module.css';

/** Shared frame of the legal pages: title, date, readable text width. */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{title}</Title>
      <Text size="sm" c="dimmed">
        Dernière mise à jour : {updated}
      </Text>
      <TypographyStylesProvider p={0} className={classes.text}>
        {children}
      </TypographyStylesProvider>
    </Stack>
  );
}

export function SupportLink({ children = 'page Support' }: { children?: ReactNode }) {
  return (
    <Anchor component={Link} to={paths.support}>
      {children}
    </Anchor>
  );
}
