import type { ArticleRender } from '@closia/shared';
import { Alert, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/error-message';
import { renderArticle } from '../api/admin-articles';
import { readingTimeText } from '../utils/format';
import { ArticleBody } from './article-body';

/** Time to wait after the last key before asking the server (it renders 60 times a minute at most). */
const RENDER_DELAY_MS = 600;

/**
 * The editor's live preview: the Markdown rendered by the server exactly as the page will show it
 * (`POST /admin/articles/render`, after a pause in typing), with its reading time and headings.
 * `saved` is the article as stored: its HTML stands for its own Markdown without a request.
 */
export function MarkdownPreview({
  body,
  saved,
}: {
  body: string;
  saved: (ArticleRender & { body: string }) | null;
}) {
  const [debounced] = useDebouncedValue(body, RENDER_DELAY_MS);
  const fromSaved = saved !== null && debounced === saved.body;
  const render = useQuery({
    queryKey: ['articles', 'render', debounced],
    queryFn: ({ signal }) => renderArticle(debounced, signal),
    enabled: debounced.trim() !== '' && !fromSaved,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  const shown = fromSaved ? saved : debounced.trim() === '' ? null : (render.data ?? null);
  const busy = !fromSaved && (render.isFetching || debounced !== body);

  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid="live-preview">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            Aperçu en direct
          </Text>
          <Group gap="xs" c="dimmed" fz="xs">
            {busy && <Loader size={12} aria-label="Mise à jour de l’aperçu" />}
            {shown && (
              <span>
                {readingTimeText(shown.readingMinutes)} · {shown.toc.length} intertitre
                {shown.toc.length > 1 ? 's' : ''}
              </span>
            )}
          </Group>
        </Group>
        {render.isError && !fromSaved && (
          <Alert color="red" variant="light" role="alert">
            L’aperçu n’a pas pu être mis à jour : {errorMessage(render.error)}
          </Alert>
        )}
        {shown ? (
          <ScrollArea.Autosize mah={720} type="auto" offsetScrollbars>
            <ArticleBody html={shown.html} testId="live-preview-body" />
          </ScrollArea.Autosize>
        ) : (
          <Text size="sm" c="dimmed">
            Écrivez le texte en Markdown : il s’affiche ici tel que les lecteurs le verront (intertitres ##,
            listes, tableaux, code, citations…).
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
