import { type Article, type ArticleKind, articleKinds } from '@closia/shared';
import { Alert, Anchor, Button, Group, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconExternalLink, IconEye } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import {
  useAdminArticle,
  useCreateArticle,
  useDeleteArticleCover,
  useUpdateArticle,
  useUploadArticleCover,
} from '../api/admin-articles';
import { ArticleForm } from '../components/article-form';
import { ArticleStatusBadge } from '../components/article-status-badge';
import { useOpenPreview } from '../components/use-open-preview';
import { type ArticleFormValues, toCreateInput, toUpdateInput } from '../utils/article-form';

/** After the article is saved: its cover, when one was chosen (a failure leaves the article saved, and says so). */
function useSaveCover() {
  const upload = useUploadArticleCover();
  return {
    pending: upload.isPending,
    save: async (article: Article, cover: File | null) => {
      if (!cover) return;
      try {
        await upload.mutateAsync({ id: article.id, file: cover });
      } catch (error) {
        notifications.show({
          color: 'orange',
          title: 'Image de couverture non enregistrée',
          message: `L’article est enregistré, mais pas son image : ${errorMessage(error, {
            tooLarge: 'elle dépasse 5 Mo.',
          })}`,
        });
      }
    },
  };
}

function savedNotice(article: Article) {
  const titles = {
    draft: 'Brouillon enregistré',
    scheduled: 'Article programmé',
    published: 'Article publié',
  };
  const messages = {
    draft: 'Il n’est visible que des administrateurs et par un lien d’aperçu.',
    scheduled: 'Il sera en ligne à la date choisie.',
    published: 'Il est en ligne.',
  };
  notifications.show({ color: 'green', title: titles[article.status], message: messages[article.status] });
}

const back = <BackLink to={paths.admin.articles}>Tous les articles</BackLink>;

/** `/admin/articles/new?kind=tutorial`: write an article. */
export function ArticleCreatePage() {
  const navigate = useNavigate();
  const create = useCreateArticle();
  const cover = useSaveCover();
  const [params] = useSearchParams();
  const asked = params.get('kind');
  const kind: ArticleKind = (articleKinds as readonly string[]).includes(asked ?? '')
    ? (asked as ArticleKind)
    : 'blog';
  return (
    <Stack gap="lg">
      <PageHeader
        above={back}
        title="Nouvel article"
        description="Écrivez en Markdown : l’aperçu à côté montre le texte tel que les lecteurs le verront."
      />
      <ArticleForm
        article={null}
        defaultKind={kind}
        submitting={create.isPending || cover.pending}
        onSave={async (values: ArticleFormValues, file) => {
          const article = await create.mutateAsync(toCreateInput(values));
          await cover.save(article, file);
          savedNotice(article);
          navigate(paths.admin.article(article.id), { replace: true });
        }}
      />
    </Stack>
  );
}

/** The `:id` of the address, or the 404 page when it is not a positive whole number. */
function useArticleId(): number {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
    throw new Response('Page not found', { status: 404, statusText: 'Not Found' });
  return id;
}

/** `/admin/articles/{id}`: change an article, preview it, open its public page. */
export function ArticleEditPage() {
  const id = useArticleId();
  const query = useAdminArticle(id);
  const update = useUpdateArticle();
  const removeCover = useDeleteArticleCover();
  const cover = useSaveCover();
  const preview = useOpenPreview();

  if (query.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Chargement de l’article">
        <Skeleton height={36} width="50%" />
        <Skeleton height={420} radius="lg" />
      </Stack>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) throw query.error;
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Article indisponible">
        <Stack gap="sm" align="flex-start">
          {errorMessage(query.error)}
          <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
            Réessayer
          </Button>
        </Stack>
      </Alert>
    );
  }
  const article = query.data;
  return (
    <Stack gap="lg">
      <PageHeader
        above={back}
        title={article.title}
        description={
          <Group gap="xs">
            <ArticleStatusBadge status={article.status} />
            {article.status === 'published' ? (
              <Anchor component={Link} to={article.path} size="sm">
                <Group gap={4} component="span">
                  {article.path}
                  <IconExternalLink size={14} aria-hidden="true" />
                </Group>
              </Anchor>
            ) : (
              <span>{article.path}</span>
            )}
          </Group>
        }
        actions={
          <Button
            variant="default"
            leftSection={<IconEye size={16} />}
            loading={preview.pending}
            onClick={() => void preview.open(article.path)}
          >
            Aperçu
          </Button>
        }
      />
      <ArticleForm
        // A new form when another article is opened (its own slug, its own values).
        key={article.id}
        article={article}
        submitting={update.isPending || cover.pending}
        removingCover={removeCover.isPending}
        onRemoveCover={async () => {
          try {
            await removeCover.mutateAsync(article.id);
          } catch (error) {
            notifications.show({ color: 'red', title: 'Action impossible', message: errorMessage(error) });
          }
        }}
        onSave={async (values, file) => {
          const saved = await update.mutateAsync({ id: article.id, input: toUpdateInput(values) });
          await cover.save(saved, file);
          savedNotice(saved);
        }}
      />
    </Stack>
  );
}
