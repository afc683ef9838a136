import { type Post, type PostStatus, postLimits, postSchema } from '@closia/shared';
import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Image,
  SegmentedControl,
  Skeleton,
  Stack,
  Tabs,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDeviceFloppy, IconPhoto, IconRestore, IconSend } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { isApiError } from '../../../lib/api-client';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { clearDraft, differs, type PostDraft, readDraft, writeDraft } from '../utils/draft-storage';
import { PostBody } from './post-body';

// Tiptap is heavy: its chunk loads with the form, after the page has painted.
const PostEditor = lazy(() => import('./post-editor').then((m) => ({ default: m.PostEditor })));

export type PostFormValues = Omit<PostDraft, 'savedAt'>;

const COVER_TYPES = 'image/png,image/jpeg,image/webp';

function startValues(post: Post | null): PostFormValues {
  return post
    ? {
        title: post.title,
        body: post.body,
        tags: post.tags,
        status: post.status === 'draft' ? 'draft' : 'published',
      }
    : { title: '', body: '', tags: [], status: 'published' };
}

export interface PostFormProps {
  /** The post edited, or null for a new one. */
  post: Post | null;
  submitting: boolean;
  /** Saves the post (and then the cover, when one was chosen); resolves once done, rejects with the API's error. */
  onSave: (values: PostFormValues, cover: File | null) => Promise<void>;
  onRemoveCover?: () => Promise<void>;
  removingCover?: boolean;
}

/**
 * The post's form: title, rich text (with a preview), tags, cover and status. What is typed is kept
 * in the browser (draft-storage.ts) until the server has saved it, and offered back on return.
 */
export function PostForm({ post, submitting, onSave, onRemoveCover, removingCover }: PostFormProps) {
  const postId = post?.id ?? null;
  const initial = startValues(post);
  const [restored] = useState(() => {
    const draft = readDraft(postId);
    return draft && differs(draft, initial) ? draft : null;
  });
  const [editorKey, setEditorKey] = useState(0);
  const [cover, setCover] = useState<File | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [showRestored, setShowRestored] = useState(restored !== null);

  const keep = useDebouncedCallback((values: PostFormValues) => writeDraft(postId, values), {
    delay: 600,
    flushOnUnmount: true,
  });
  const form = useForm<PostFormValues>({
    mode: 'controlled',
    initialValues: restored
      ? { title: restored.title, body: restored.body, tags: restored.tags, status: restored.status }
      : initial,
    validate: zodResolver(postSchema),
    onValuesChange: (values) => keep(values),
  });
  const values = form.getValues();
  const tagsError =
    form.errors.tags ?? Object.entries(form.errors).find(([key]) => key.startsWith('tags.'))?.[1] ?? null;

  const discardDraft = () => {
    clearDraft(postId);
    form.setValues(initial);
    form.resetDirty(initial);
    setEditorKey((key) => key + 1);
    setShowRestored(false);
  };

  const submit = form.onSubmit(async (input) => {
    setMessage(null);
    try {
      keep.cancel();
      await onSave(input, cover);
      clearDraft(postId);
    } catch (error) {
      writeDraft(postId, input);
      if (isApiError(error) && error.reason === 'CONTENT_UNSAFE') {
        form.setFieldError('body', describeFor(form)(error));
      }
      showSubmitError(form, error, setMessage, describeFor(form));
    }
  });

  const creating = post === null;
  const submitLabel =
    values.status === 'draft' ? 'Enregistrer le brouillon' : creating ? 'Publier' : 'Enregistrer';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {showRestored && restored && (
          <Alert
            color="blue"
            variant="light"
            icon={<IconRestore size={18} />}
            title="Brouillon restauré"
            withCloseButton
            closeButtonLabel="Fermer"
            onClose={() => setShowRestored(false)}
            data-testid="draft-restored"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                Nous avons retrouvé ce que vous aviez écrit sans l’enregistrer. Vous pouvez continuer, ou
                repartir
                {creating ? ' de zéro' : ' de la version publiée'}.
              </Text>
              <Button size="xs" variant="light" onClick={discardDraft}>
                Abandonner le brouillon
              </Button>
            </Stack>
          </Alert>
        )}
        <FormError>{message}</FormError>

        <Card padding="lg">
          <Stack gap="md">
            <TextInput
              label="Titre"
              required
              maxLength={postLimits.titleMax}
              description={`${values.title.length} / ${postLimits.titleMax} caractères`}
              {...form.getInputProps('title')}
            />

            <Tabs defaultValue="write" keepMounted>
              <Tabs.List>
                <Tabs.Tab value="write">Rédiger</Tabs.Tab>
                <Tabs.Tab value="preview">Aperçu</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="write" pt="md">
                <Suspense
                  fallback={<Skeleton height={300} radius="md" aria-label="Chargement de l’éditeur" />}
                >
                  <PostEditor
                    key={editorKey}
                    label="Contenu de la publication"
                    initialContent={values.body}
                    onChange={(html) => form.setFieldValue('body', html)}
                    error={typeof form.errors.body === 'string' ? form.errors.body : null}
                  />
                </Suspense>
              </Tabs.Panel>
              <Tabs.Panel value="preview" pt="md" data-testid="post-preview">
                {values.body ? (
                  <PostBody html={values.body} />
                ) : (
                  <Text c="dimmed" size="sm">
                    Rien à afficher : écrivez d’abord votre publication.
                  </Text>
                )}
              </Tabs.Panel>
            </Tabs>

            <TagsInput
              label="Étiquettes"
              description={`Jusqu’à ${postLimits.tagsMax} étiquettes (${postLimits.tagMin} à ${postLimits.tagMax} caractères), validées par Entrée ou une virgule`}
              placeholder={values.tags.length < postLimits.tagsMax ? 'closing, prospection…' : undefined}
              maxTags={postLimits.tagsMax}
              splitChars={[',', ';']}
              clearable
              value={values.tags}
              onChange={(tags) => {
                form.setFieldValue('tags', tags);
                for (const key of Object.keys(form.errors))
                  if (key.startsWith('tags')) form.clearFieldError(key);
              }}
              error={tagsError}
              clearButtonProps={{ 'aria-label': 'Retirer toutes les étiquettes' }}
            />

            <Stack gap={6}>
              {post?.coverUrl && !cover && (
                <Group gap="sm" align="flex-end">
                  <Image
                    src={post.coverUrl}
                    alt="Image de couverture actuelle"
                    h={96}
                    w={160}
                    radius="md"
                    fit="cover"
                  />
                  {onRemoveCover && (
                    <Button
                      variant="default"
                      size="compact-sm"
                      loading={removingCover}
                      onClick={onRemoveCover}
                    >
                      Retirer l’image
                    </Button>
                  )}
                </Group>
              )}
              <FileInput
                label="Image de couverture"
                description={`PNG, JPEG ou WebP ; envoyée avec la publication${post?.coverUrl ? ', elle remplace l’image actuelle' : ''}`}
                accept={COVER_TYPES}
                clearable
                value={cover}
                onChange={setCover}
                leftSection={<IconPhoto size={16} aria-hidden="true" />}
                clearButtonProps={{ 'aria-label': 'Retirer l’image choisie' }}
              />
            </Stack>

            <Stack gap={6}>
              <Text size="sm" fw={500} id="post-status-label">
                Statut
              </Text>
              <SegmentedControl
                aria-labelledby="post-status-label"
                value={values.status}
                onChange={(status) => form.setFieldValue('status', status as PostStatus)}
                data={[
                  { value: 'published', label: 'Publier' },
                  { value: 'draft', label: 'Brouillon' },
                ]}
                w={{ base: '100%', xs: 280 }}
              />
              <Text size="xs" c="dimmed">
                {values.status === 'draft'
                  ? 'Un brouillon n’est visible que par vous.'
                  : 'La publication apparaît dans le fil de la communauté.'}
              </Text>
            </Stack>
          </Stack>
        </Card>

        <Group justify="flex-end">
          <Button
            type="submit"
            loading={submitting}
            leftSection={values.status === 'draft' ? <IconDeviceFloppy size={16} /> : <IconSend size={16} />}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
