import type { ArticleTocEntry } from '@closia/shared';
import { Box, Collapse, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconListDetails } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import classes from './article-toc.module.css';

function TocLinks({
  toc,
  active,
  onPick,
}: {
  toc: readonly ArticleTocEntry[];
  active: string | null;
  onPick: (id: string) => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const minDepth = Math.min(...toc.map((entry) => entry.depth));
  return (
    <ul className={classes.list}>
      {toc.map((entry) => (
        <li key={entry.id}>
          <a
            href={`#${entry.id}`}
            className={classes.link}
            data-active={entry.id === active || undefined}
            aria-current={entry.id === active ? 'location' : undefined}
            style={{ paddingLeft: `calc(${entry.depth - minDepth} * 0.85rem + 0.75rem)` }}
            onClick={(event) => {
              event.preventDefault();
              onPick(entry.id);
              // The router scrolls to the heading named by the hash (ScrollRestoration), below the header.
              navigate(
                { pathname: location.pathname, search: location.search, hash: entry.id },
                { replace: true, preventScrollReset: true },
              );
            }}
          >
            {entry.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The table of contents of an article (its `##` to `####` headings): beside the text on wide
 * screens, sticky, the heading being read highlighted; above the text, folded, on small ones.
 */
export function ArticleToc({
  toc,
  active,
  onPick,
  variant,
}: {
  toc: readonly ArticleTocEntry[];
  active: string | null;
  onPick: (id: string) => void;
  variant: 'aside' | 'collapsible';
}) {
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  if (toc.length === 0) return null;

  if (variant === 'aside') {
    return (
      <Box component="nav" aria-label="Sommaire" className={classes.aside} data-testid="article-toc">
        <Text fw={700} size="sm" mb="xs" tt="uppercase" c="dimmed" style={{ letterSpacing: '0.04em' }}>
          Sommaire
        </Text>
        <TocLinks toc={toc} active={active} onPick={onPick} />
      </Box>
    );
  }

  return (
    <Paper component="nav" aria-label="Sommaire" withBorder radius="md" data-testid="article-toc-mobile">
      <UnstyledButton
        className={classes.toggle}
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={() => setOpened((value) => !value)}
      >
        <IconListDetails size={18} aria-hidden="true" />
        <Text fw={600} size="sm" style={{ flex: 1 }}>
          Sommaire
        </Text>
        <Text size="xs" c="dimmed">
          {toc.length} partie{toc.length > 1 ? 's' : ''}
        </Text>
        <IconChevronDown
          size={18}
          aria-hidden="true"
          style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
        />
      </UnstyledButton>
      <Collapse in={opened} id={panelId}>
        <Stack gap={0} px="xs" pb="sm">
          <TocLinks
            toc={toc}
            active={active}
            onPick={(id) => {
              onPick(id);
              setOpened(false);
            }}
          />
        </Stack>
      </Collapse>
    </Paper>
  );
}
