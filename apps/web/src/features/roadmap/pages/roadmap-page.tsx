import {
  type RoadmapPublicStatus,
  type RoadmapSort,
  roadmapPublicStatuses,
  roadmapSortLabels,
  roadmapSorts,
  roadmapStatusLabels,
} from '@closia/shared';
import { Button, Group, SegmentedControl, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBulb } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { getRoadmapColumnQueryOptions } from '../api/get-roadmap';
import { columnDescriptions, RoadmapColumn } from '../components/roadmap-column';
import { SignInPrompt } from '../components/sign-in-prompt';
import { SuggestIdeaModal } from '../components/suggest-idea-modal';

const readSort = (value: string | null): RoadmapSort => (value === 'recent' ? 'recent' : 'votes');

/** The idea named by the address's `#idee-{id}` (a notification's link), if any. */
function useLinkedIdea(): number | null {
  const { hash } = useLocation();
  const match = /^#idee-(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/**
 * Once its column is loaded, the linked idea comes into view; on a small screen its column's tab
 * is opened first. Returns the column it is in.
 */
function useScrollToIdea(id: number | null, sort: RoadmapSort): RoadmapPublicStatus | null {
  const queryClient = useQueryClient();
  const [found, setFound] = useState<RoadmapPublicStatus | null>(null);
  useEffect(() => {
    if (id === null) return;
    const look = () => {
      for (const status of roadmapPublicStatuses) {
        const column = queryClient.getQueryData(getRoadmapColumnQueryOptions({ status, sort }).queryKey);
        if (column?.pages.some((page) => page.data.some((item) => item.id === id))) return status;
      }
      return null;
    };
    let done = false;
    const check = () => {
      const status = done ? null : look();
      if (!status) return false;
      done = true;
      setFound(status);
      // Once the tab (on a small screen) shows it.
      setTimeout(
        () => document.getElementById(`idee-${id}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
        100,
      );
      return true;
    };
    if (check()) return;
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (check()) unsubscribe();
    });
    return unsubscribe;
  }, [id, sort, queryClient]);
  return found;
}

/**
 * `/road-map`: what is planned, in progress and shipped (three columns; tabs on a small screen),
 * most voted or newest first. Members vote and suggest ideas; a visitor sees the counts and is
 * asked to sign in to take part.
 */
export function RoadmapPage() {
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = readSort(searchParams.get('sort'));
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const linked = useLinkedIdea();
  const linkedColumn = useScrollToIdea(linked, sort);
  const [tab, setTab] = useState<RoadmapPublicStatus>('planned');
  const [suggesting, setSuggesting] = useState(false);
  const [prompting, setPrompting] = useState(false);

  useEffect(() => {
    if (linkedColumn) setTab(linkedColumn);
  }, [linkedColumn]);

  const setSort = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'votes') next.delete('sort');
    else next.set('sort', value);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };
  const column = (status: RoadmapPublicStatus, heading: boolean) => (
    <RoadmapColumn
      status={status}
      sort={sort}
      signedIn={signedIn}
      highlightedId={linked}
      onSignIn={() => setPrompting(true)}
      heading={heading}
    />
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Feuille de route"
        description="Les nouveautés que nous préparons pour Closia, celles en cours et celles déjà livrées. Votez pour ce que vous attendez : les idées les plus demandées passent en priorité."
        actions={
          <Button
            leftSection={<IconBulb size={18} />}
            onClick={() => (signedIn ? setSuggesting(true) : setPrompting(true))}
          >
            Proposer une idée
          </Button>
        }
      />
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label="Trier les idées"
          value={sort}
          onChange={setSort}
          data={roadmapSorts.map((value) => ({ value, label: roadmapSortLabels[value] }))}
        />
        {!signedIn && user !== undefined && (
          <Text size="sm" c="dimmed">
            Connectez-vous pour voter et proposer vos idées.
          </Text>
        )}
      </Group>

      {wide ? (
        <SimpleGrid cols={3} spacing="lg" style={{ alignItems: 'start' }}>
          {roadmapPublicStatuses.map((status) => (
            <div key={status}>{column(status, true)}</div>
          ))}
        </SimpleGrid>
      ) : (
        <Tabs
          value={tab}
          onChange={(value) => value && setTab(value as RoadmapPublicStatus)}
          keepMounted={false}
        >
          <Tabs.List grow aria-label="Colonnes de la feuille de route">
            {roadmapPublicStatuses.map((status) => (
              <Tabs.Tab key={status} value={status}>
                {roadmapStatusLabels[status]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {roadmapPublicStatuses.map((status) => (
            <Tabs.Panel key={status} value={status} pt="md">
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  {columnDescriptions[status]}
                </Text>
                {column(status, false)}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}

      <SuggestIdeaModal opened={suggesting} onClose={() => setSuggesting(false)} />
      <SignInPrompt opened={prompting} onClose={() => setPrompting(false)} />
    </Stack>
  );
}
