import { faqListQuerySchema } from '@closia/shared';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconHelpCircle, IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { z } from 'zod';
import { EmptyState, ListPagination, LoadError } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import { Section } from '../../../components/section';
import { urlState, useUrlState } from '../../../lib/url-state';
import { useFaq } from '../api/faq';
import { searchWords } from '../utils/highlight';
import { FaqAccordion } from './faq-accordion';

const PER_PAGE = 100;

/** The words searched and the page in the address (`/support?query=facture`), by the API's rules. */
const faqState = urlState(
  z.object({ query: faqListQuerySchema.shape.query, page: faqListQuerySchema.shape.page }),
  { query: '', page: 1 },
);

/** The FAQ of `/support`: searched from the address (`?query=`), a page of 100 at a time. */
export function FaqSection() {
  const [state, update] = useUrlState(faqState);
  const query = state.query ?? '';
  const page = state.page;
  const faq = useFaq({ query: query || undefined, page, perPage: PER_PAGE });
  const words = useMemo(() => (query ? searchWords(query) : []), [query]);
  const entries = faq.data?.data ?? [];
  const total = faq.data?.meta.total ?? 0;

  return (
    <Section
      title="Questions fréquentes"
      description="Tapez quelques mots : les réponses qui les contiennent s’affichent, mots surlignés."
    >
      <SearchField
        label="Rechercher dans la FAQ"
        placeholder="Ex. : facture, mot de passe, importer des prospects"
        value={query}
        onCommit={(text) => update({ query: text })}
        loading={faq.isFetching && !faq.isPending}
      />
      {faq.isError && !faq.data ? (
        <LoadError error={faq.error} onRetry={() => faq.refetch()} />
      ) : faq.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Chargement de la FAQ">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={52} radius="md" />
          ))}
        </Stack>
      ) : entries.length === 0 ? (
        query ? (
          <EmptyState icon={IconSearch} title="Aucune réponse ne correspond à votre recherche">
            Essayez d’autres mots, ou posez-nous directement votre question avec le formulaire ci-dessous.
          </EmptyState>
        ) : (
          <EmptyState icon={IconHelpCircle} title="La FAQ est en préparation">
            Posez-nous votre question avec le formulaire ci-dessous : nous vous répondons par e-mail.
          </EmptyState>
        )
      ) : (
        <Stack gap="md">
          {query && (
            <Group gap="xs">
              <Text size="sm" c="dimmed" role="status">
                {total === 1 ? '1 réponse' : `${total} réponses`} pour « {query} »
              </Text>
            </Group>
          )}
          <FaqAccordion entries={entries} words={words} />
          <ListPagination
            page={page}
            lastPage={faq.data?.meta.lastPage ?? 1}
            onChange={(next) => update({ page: next })}
          />
        </Stack>
      )}
    </Section>
  );
}
