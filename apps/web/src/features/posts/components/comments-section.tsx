import { type Comment, commentSchema, postLimits } from '@closia/shared';
import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconFlag, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormError } from '../../../components/form-error';
import { LoadError } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useComments, useCreateComment, useDeleteComment } from '../api/comments';
import type { ReportTarget } from '../api/report-content';
import { LoadMore } from './load-more';
import { HiddenBadge, PostAuthorLine } from './post-author';

function CommentForm({ postId }: { postId: number }) {
  const create = useCreateComment();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { body: '' },
    validate: zodResolver(commentSchema),
  });
  const length = form.getValues().body.length;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((input) => {
        setMessage(null);
        create.mutate(
          { postId, input },
          {
            onSuccess: () => form.reset(),
            onError: (error) => showSubmitError(form, error, setMessage, describeFor(form)),
          },
        );
      })}
    >
      <Stack gap="xs">
        <FormError>{message}</FormError>
        <Textarea
          label="Votre commentaire"
          placeholder="Réagissez, posez une question…"
          autosize
          minRows={2}
          maxRows={10}
          maxLength={postLimits.commentMax}
          {...form.getInputProps('body')}
        />
        <Group justify="space-between" gap="sm">
          <Text size="xs" c={length > postLimits.commentMax ? 'red' : 'dimmed'} aria-live="polite">
            {length} / {postLimits.commentMax} caractères
          </Text>
          <Button type="submit" loading={create.isPending} disabled={form.getValues().body.trim() === ''}>
            Commenter
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CommentItem({
  comment,
  mine,
  onDelete,
  onReport,
}: {
  comment: Comment;
  mine: boolean;
  onDelete: () => void;
  onReport: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="comment">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <PostAuthorLine author={comment.author} date={comment.createdAt} size={32} />
          <Group gap={4} wrap="nowrap">
            {comment.hidden && <HiddenBadge />}
            {!mine && (
              <Tooltip label="Signaler">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label="Signaler le commentaire"
                  onClick={onReport}
                >
                  <IconFlag size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            {comment.canDelete && (
              <Tooltip label="Supprimer">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label="Supprimer le commentaire"
                  onClick={onDelete}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.body}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The comments of a post, oldest first, a page at a time ("Voir plus"), and the form to add one. */
export function CommentsSection({
  postId,
  commentCount,
  meId,
  canComment,
  onReport,
}: {
  postId: number;
  commentCount: number;
  meId: number | null;
  canComment: boolean;
  onReport: (target: ReportTarget) => void;
}) {
  const comments = useComments(postId);
  const remove = useDeleteComment();
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const list = comments.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Section title={`Commentaires (${commentCount})`}>
      <Stack gap="md">
        {comments.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Chargement des commentaires">
            <Skeleton height={72} radius="md" />
            <Skeleton height={72} radius="md" />
          </Stack>
        ) : comments.isError && !comments.data ? (
          <LoadError error={comments.error} onRetry={() => comments.refetch()} />
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            Aucun commentaire pour le moment : soyez le premier à réagir.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                mine={comment.author.id === meId}
                onDelete={() => setDeleting(comment)}
                onReport={() => onReport({ kind: 'comment', id: comment.id })}
              />
            ))}
          </Stack>
        )}
        {comments.data && (
          <LoadMore
            label="Voir plus"
            hasMore={comments.hasNextPage}
            loading={comments.isFetchingNextPage}
            onLoad={() => void comments.fetchNextPage()}
          />
        )}
        {canComment && <CommentForm postId={postId} />}
      </Stack>
      <ConfirmModal
        opened={deleting !== null}
        title="Supprimer le commentaire"
        confirmLabel="Supprimer"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id, postId },
            {
              onSuccess: () => {
                setDeleting(null);
                notifications.show({
                  color: 'green',
                  title: 'Commentaire supprimé',
                  message: 'Il n’apparaît plus sous la publication.',
                });
              },
            },
          )
        }
      >
        Ce commentaire sera définitivement supprimé.
      </ConfirmModal>
    </Section>
  );
}
