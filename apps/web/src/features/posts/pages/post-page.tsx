import { type Post, postStatusLabels } from '@closia/shared';
import { Alert, Badge, Button, Card, Group, Image, Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFlag, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ConfirmModal } from '../../../components/confirm-modal';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { usePost } from '../api/get-post';
import type { ReportTarget } from '../api/report-content';
import { useDeletePost } from '../api/save-post';
import { CommentsSection } from '../components/comments-section';
import { LikeButton } from '../components/like-button';
import { HiddenBadge, PostAuthorLine } from '../components/post-author';
import { PostBody } from '../components/post-body';
import { ReportModal } from '../components/report-modal';

/** The `:id` of the URL, or the 404 page when it is not a positive whole number. */
export function usePostId(): number {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
    throw new Response('Page not found', { status: 404, statusText: 'Not Found' });
  return id;
}

function PostSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Chargement de la publication" maw={820} mx="auto" w="100%">
      <Skeleton height={16} width={180} />
      <Skeleton height={36} width="70%" />
      <Skeleton height={40} width={240} />
      <Skeleton height={280} radius="lg" />
    </Stack>
  );
}

/** `/app/posts/{id}`: the post, its likes and comments; edit, delete or report it. */
export function PostPage() {
  const id = usePostId();
  const query = usePost(id);
  if (query.isPending) return <PostSkeleton />;
  if (query.isError) {
    // Missing, someone else's draft, or hidden: the error page.
    if (isApiError(query.error) && query.error.status === 404) throw query.error;
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title="Publication indisponible"
      >
        <Stack gap="sm" align="flex-start">
          {errorMessage(query.error)}
          <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
            Réessayer
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <PostView post={query.data} />;
}

function PostView({ post }: { post: Post }) {
  const { data: me } = useCurrentUser();
  const navigate = useNavigate();
  const remove = useDeletePost();
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const mine = me?.id === post.author.id;
  const published = post.status === 'published';

  return (
    <Stack gap="lg" maw={820} mx="auto" w="100%">
      <BackLink to={paths.app.posts}>Toutes les publications</BackLink>
      <Card padding="lg" component="article" aria-labelledby="post-title">
        {post.coverUrl && (
          <Card.Section mb="lg">
            <Image src={post.coverUrl} alt="" mah={360} fit="cover" />
          </Card.Section>
        )}
        <Stack gap="md">
          <Group gap={6}>
            {!published && (
              <Badge variant="outline" color="gray">
                {postStatusLabels[post.status]}
              </Badge>
            )}
            {post.hidden && <HiddenBadge />}
          </Group>
          <Title order={1} id="post-title" style={{ overflowWrap: 'anywhere' }}>
            {post.title}
          </Title>
          <PostAuthorLine author={post.author} date={post.publishedAt ?? post.createdAt} />
          {post.tags.length > 0 && (
            <Group gap={6}>
              {post.tags.map((tag) => (
                <Badge
                  key={tag}
                  component={Link}
                  to={`${paths.app.posts}?tag=${encodeURIComponent(tag)}`}
                  variant="light"
                  style={{ textTransform: 'none', cursor: 'pointer' }}
                >
                  #{tag}
                </Badge>
              ))}
            </Group>
          )}
          <PostBody html={post.body} />
          <Group justify="space-between" gap="sm">
            <LikeButton post={post} disabled={!published} />
            <Group gap="xs">
              {!mine && (
                <Button
                  variant="default"
                  size="compact-sm"
                  leftSection={<IconFlag size={16} />}
                  onClick={() => setReporting({ kind: 'post', id: post.id })}
                >
                  Signaler
                </Button>
              )}
              {post.canEdit && (
                <>
                  <Button
                    component={Link}
                    to={paths.app.postEdit(post.id)}
                    variant="default"
                    size="compact-sm"
                    leftSection={<IconPencil size={16} />}
                  >
                    Modifier
                  </Button>
                  <Button
                    variant="default"
                    size="compact-sm"
                    leftSection={<IconTrash size={16} color="var(--mantine-color-red-7)" />}
                    onClick={() => setDeleting(true)}
                  >
                    Supprimer
                  </Button>
                </>
              )}
            </Group>
          </Group>
        </Stack>
      </Card>

      <CommentsSection
        postId={post.id}
        commentCount={post.commentCount}
        meId={me?.id ?? null}
        canComment={published}
        onReport={setReporting}
      />

      <ReportModal target={reporting} onClose={() => setReporting(null)} />
      <ConfirmModal
        opened={deleting}
        title="Supprimer la publication"
        confirmLabel="Supprimer"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
        onConfirm={() =>
          remove.mutate(post.id, {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                title: 'Publication supprimée',
                message: 'Elle n’apparaît plus dans le fil.',
              });
              navigate(paths.app.posts);
            },
          })
        }
      >
        « {post.title} » et ses commentaires seront définitivement supprimés.
      </ConfirmModal>
    </Stack>
  );
}
