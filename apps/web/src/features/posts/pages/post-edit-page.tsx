import type { Post } from '@closia/shared';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { usePost } from '../api/get-post';
import { useDeletePostCover, useUploadPostCover } from '../api/post-cover';
import { useCreatePost, useUpdatePost } from '../api/save-post';
import { PostForm, type PostFormValues } from '../components/post-form';
import { usePostId } from './post-page';

/** After the post is saved: its cover, when one was chosen (a failure leaves the post saved, and says so). */
function useSaveCover() {
  const upload = useUploadPostCover();
  return {
    pending: upload.isPending,
    save: async (post: Post, cover: File | null) => {
      if (!cover) return;
      try {
        await upload.mutateAsync({ id: post.id, file: cover });
      } catch (error) {
        notifications.show({
          color: 'orange',
          title: 'Image de couverture non enregistrée',
          message: `La publication est enregistrée, mais pas son image : ${errorMessage(error, {
            tooLarge: 'l’image est trop lourde.',
          })}`,
        });
      }
    },
  };
}

function savedNotice(post: Post, creating: boolean) {
  notifications.show({
    color: 'green',
    title:
      post.status === 'draft'
        ? 'Brouillon enregistré'
        : creating
          ? 'Publication publiée'
          : 'Publication enregistrée',
    message:
      post.status === 'draft'
        ? 'Il n’est visible que par vous.'
        : 'Elle apparaît dans le fil de la communauté.',
  });
}

/** `/app/posts/create`: write a post. */
export function PostCreatePage() {
  const navigate = useNavigate();
  const create = useCreatePost();
  const cover = useSaveCover();
  return (
    <Stack gap="lg" maw={820} mx="auto" w="100%">
      <BackLink to={paths.app.posts}>Toutes les publications</BackLink>
      <PageHeader
        title="Nouvelle publication"
        description="Partagez une expérience, une question ou un conseil avec la communauté."
      />
      <PostForm
        post={null}
        submitting={create.isPending || cover.pending}
        onSave={async (values: PostFormValues, file) => {
          const post = await create.mutateAsync(values);
          await cover.save(post, file);
          savedNotice(post, true);
          navigate(paths.app.post(post.id));
        }}
      />
    </Stack>
  );
}

/** `/app/posts/edit/{id}`: change a post (its author, or an admin). */
export function PostEditPage() {
  const id = usePostId();
  const query = usePost(id);
  const navigate = useNavigate();
  const update = useUpdatePost();
  const removeCover = useDeletePostCover();
  const cover = useSaveCover();

  if (query.isPending) {
    return (
      <Stack gap="lg" maw={820} mx="auto" w="100%" aria-busy="true" aria-label="Chargement de la publication">
        <Skeleton height={36} width="50%" />
        <Skeleton height={420} radius="lg" />
      </Stack>
    );
  }
  if (query.isError) {
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
  const post = query.data;
  // Someone else's post: the API would refuse the change (403); the page is not theirs either.
  if (!post.canEdit) throw new Response('Forbidden', { status: 403, statusText: 'Forbidden' });

  return (
    <Stack gap="lg" maw={820} mx="auto" w="100%">
      <BackLink to={paths.app.post(post.id)}>Retour à la publication</BackLink>
      <PageHeader title="Modifier la publication" />
      <PostForm
        post={post}
        submitting={update.isPending || cover.pending}
        removingCover={removeCover.isPending}
        onRemoveCover={async () => {
          try {
            await removeCover.mutateAsync(post.id);
          } catch (error) {
            notifications.show({ color: 'red', title: 'Action impossible', message: errorMessage(error) });
          }
        }}
        onSave={async (values, file) => {
          const saved = await update.mutateAsync({ id: post.id, input: values });
          await cover.save(saved, file);
          savedNotice(saved, false);
          navigate(paths.app.post(saved.id));
        }}
      />
    </Stack>
  );
}
