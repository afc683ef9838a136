import {
  type Article,
  type ArticleKind,
  type ArticleStatus,
  articleCategoriesByKind,
  articleCreateSchema,
  articleKindSegments,
  articleLimits,
  errorReasonText,
  slugify,
} from '@closia/shared';
import {
  Button,
  Card,
  Grid,
  Group,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendarClock, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { DateTimeField } from '../../../components/date-time-field';
import { FormError } from '../../../components/form-error';
import { isApiError } from '../../../lib/api-client';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import {
  type ArticleFormValues,
  articleFormValues,
  categoryForKind,
  scheduleError,
  toCreateInput,
} from '../utils/article-form';
import { categoryLabel } from '../utils/format';
import { normalizeSlug, slugAfterEdit, slugAfterTitle } from '../utils/slug-follow';
import { CoverField } from './cover-field';
import { MarkdownPreview } from './markdown-preview';

const validateInput = zodResolver(articleCreateSchema);

/** The reasons the API gives with a field, put back under that field. */
const reasonFields: Partial<Record<string, keyof ArticleFormValues>> = {
  ARTICLE_SLUG_TAKEN: 'slug',
  ARTICLE_CATEGORY_MISMATCH: 'category',
  ARTICLE_SCHEDULE_DATE_INVALID: 'publishedAt',
  ARTICLE_PUBLISHED_IN_FUTURE: 'publishedAt',
};

const statusOptions: { value: ArticleStatus; label: string }[] = [
  { value: 'draft', label: 'Brouillon' },
  { value: 'scheduled', label: 'Programmé' },
  { value: 'published', label: 'Publié' },
];

const statusHints: Record<ArticleStatus, string> = {
  draft: 'Visible des administrateurs seulement, et de qui a un lien d’aperçu.',
  scheduled: 'En ligne tout seul à la date choisie, sans autre intervention.',
  published: 'En ligne dès l’enregistrement, dans le blog ou les tutoriels, le plan du site et le flux RSS.',
};

function FormCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function counter(length: number, max: number, min?: number) {
  return `${length} / ${max} caractères${min && length < min ? ` (au moins ${min})` : ''}`;
}

export interface ArticleFormProps {
  /** The article edited, or null for a new one. */
  article: Article | null;
  /** A new article's kind at first (`?kind=tutorial`). */
  defaultKind?: ArticleKind;
  submitting: boolean;
  /** Saves the article (and then the cover, when one was chosen); rejects with the API's error. */
  onSave: (values: ArticleFormValues, cover: File | null) => Promise<void>;
  onRemoveCover?: () => void;
  removingCover?: boolean;
}

/**
 * The article's editor: kind, title and its slug (made from the title until written by hand),
 * description, the Markdown beside its live preview, category and tags, cover, and publication
 * (draft, scheduled at a date, published). The API's 422 errors land under their fields.
 */
export function ArticleForm({
  article,
  defaultKind = 'blog',
  submitting,
  onSave,
  onRemoveCover,
  removingCover,
}: ArticleFormProps) {
  const [followsTitle, setFollowsTitle] = useState(article === null);
  const [cover, setCover] = useState<File | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<ArticleFormValues>({
    mode: 'controlled',
    initialValues: articleFormValues(article, defaultKind),
    validate: (values) => {
      const errors = validateInput(toCreateInput(values));
      if (!values.category) errors.category = 'Choisissez une catégorie.';
      const schedule = scheduleError(values);
      if (schedule) errors.publishedAt = schedule;
      return errors;
    },
  });
  const values = form.getValues();
  const tagsError =
    form.errors.tags ?? Object.entries(form.errors).find(([key]) => key.startsWith('tags.'))?.[1] ?? null;

  const setTitle = (title: string) => {
    form.setFieldValue('title', title);
    const next = slugAfterTitle({ slug: values.slug, followsTitle }, title);
    if (next.slug !== values.slug) form.setFieldValue('slug', next.slug);
  };
  const setSlug = (typed: string) => {
    setFollowsTitle(slugAfterEdit(values.title, typed).followsTitle);
    form.setFieldValue('slug', typed);
  };

  const submit = form.onSubmit(async (input) => {
    setMessage(null);
    try {
      await onSave(input, cover);
      setCover(null);
      form.resetDirty();
    } catch (error) {
      const field = isApiError(error) && error.reason ? reasonFields[error.reason] : undefined;
      const text = isApiError(error) ? errorReasonText(error.reason) : null;
      if (field && text) form.setFieldError(field, text);
      else showSubmitError(form, error, setMessage, describeFor(form));
    }
  });

  const published = article?.status === 'published';
  const submitLabel =
    values.status === 'draft'
      ? 'Enregistrer le brouillon'
      : values.status === 'scheduled'
        ? 'Programmer'
        : published
          ? 'Enregistrer'
          : 'Publier';
  const SubmitIcon =
    values.status === 'draft'
      ? IconDeviceFloppy
      : values.status === 'scheduled'
        ? IconCalendarClock
        : IconSend;

  return (
    <form onSubmit={submit} noValidate aria-label={article ? 'Modifier l’article' : 'Nouvel article'}>
      <Stack gap="lg">
        <FormError>{message}</FormError>

        <FormCard title="L’essentiel">
          <Stack gap={6}>
            <Text size="sm" fw={500} id="article-kind-label">
              Type
            </Text>
            {article ? (
              <Text size="sm">{article.kind === 'tutorial' ? 'Tutoriel' : 'Article du blog'}</Text>
            ) : (
              <SegmentedControl
                aria-labelledby="article-kind-label"
                value={values.kind}
                onChange={(kind) => {
                  form.setFieldValue('kind', kind as ArticleKind);
                  form.setFieldValue('category', categoryForKind(kind as ArticleKind, values.category));
                }}
                data={[
                  { value: 'blog', label: 'Article du blog' },
                  { value: 'tutorial', label: 'Tutoriel' },
                ]}
                w={{ base: '100%', xs: 320 }}
              />
            )}
          </Stack>
          <TextInput
            label="Titre"
            required
            maxLength={articleLimits.titleMax}
            description={counter(values.title.length, articleLimits.titleMax, articleLimits.titleMin)}
            {...form.getInputProps('title')}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <TextInput
            label="Adresse (slug)"
            description={`La page : /${articleKindSegments[values.kind]}/${values.slug || '…'}${
              followsTitle ? ' — faite à partir du titre' : ''
            }. Des segments séparés par « / » sont possibles.`}
            maxLength={articleLimits.slugMax}
            {...form.getInputProps('slug')}
            onChange={(event) => setSlug(event.currentTarget.value)}
            onBlur={() => {
              const slug = normalizeSlug(values.slug) || (followsTitle ? slugify(values.title) : '');
              if (slug !== values.slug) form.setFieldValue('slug', slug);
              form.validateField('slug');
            }}
          />
          <Textarea
            label="Description"
            required
            autosize
            minRows={2}
            maxRows={6}
            maxLength={articleLimits.descriptionMax}
            description={`${counter(
              values.description.length,
              articleLimits.descriptionMax,
              articleLimits.descriptionMin,
            )} — ce que montrent les moteurs de recherche et les aperçus de liens.`}
            {...form.getInputProps('description')}
          />
        </FormCard>

        <FormCard title="Contenu">
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Textarea
                label="Texte (Markdown)"
                required
                autosize
                minRows={18}
                maxRows={40}
                maxLength={articleLimits.bodyMax}
                description="## Intertitre, **gras**, [lien](https://…), listes, tableaux, ```code```, > citation"
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 14 } }}
                {...form.getInputProps('body')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <MarkdownPreview body={values.body} saved={article} />
            </Grid.Col>
          </Grid>
        </FormCard>

        <FormCard title="Classement">
          <Select
            label="Catégorie"
            required
            placeholder="Choisir une catégorie"
            data={articleCategoriesByKind[values.kind].map((value) => ({
              value,
              label: categoryLabel(value),
            }))}
            allowDeselect={false}
            w={{ base: '100%', sm: 320 }}
            {...form.getInputProps('category')}
          />
          <TagsInput
            label="Étiquettes"
            description={`Jusqu’à ${articleLimits.tagsMax} étiquettes (${articleLimits.tagMin} à ${articleLimits.tagMax} caractères), validées par Entrée ou une virgule ; elles relient les articles entre eux.`}
            placeholder={values.tags.length < articleLimits.tagsMax ? 'closing, relance…' : undefined}
            maxTags={articleLimits.tagsMax}
            splitChars={[',', ';']}
            clearable
            value={values.tags}
            onChange={(tags) => {
              form.setFieldValue(
                'tags',
                tags.map((tag) => tag.replace(/^#+/, '').trim().toLowerCase()),
              );
              for (const key of Object.keys(form.errors))
                if (key.startsWith('tags')) form.clearFieldError(key);
            }}
            error={tagsError}
            clearButtonProps={{ 'aria-label': 'Retirer toutes les étiquettes' }}
          />
        </FormCard>

        <FormCard title="Image de couverture">
          <CoverField
            kind={values.kind}
            category={values.category}
            currentUrl={article?.coverUrl ?? null}
            file={cover}
            onFile={setCover}
            onRemove={onRemoveCover}
            removing={removingCover}
          />
        </FormCard>

        <FormCard title="Publication">
          <Stack gap={6}>
            <Text size="sm" fw={500} id="article-status-label">
              Statut
            </Text>
            <SegmentedControl
              aria-labelledby="article-status-label"
              value={values.status}
              onChange={(status) => {
                form.setFieldValue('status', status as ArticleStatus);
                form.clearFieldError('publishedAt');
              }}
              data={statusOptions}
              w={{ base: '100%', xs: 380 }}
            />
            <Text size="xs" c="dimmed">
              {statusHints[values.status]}
            </Text>
          </Stack>
          {values.status === 'scheduled' && (
            <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
              <DateTimeField
                label="Date et heure de publication"
                required
                minDate={new Date()}
                w={{ base: '100%', sm: 320 }}
                {...form.getInputProps('publishedAt')}
              />
            </DatesProvider>
          )}
          <FormError>{values.status !== 'scheduled' ? (form.errors.publishedAt ?? null) : null}</FormError>
        </FormCard>

        <Group justify="flex-end">
          <Button type="submit" loading={submitting} leftSection={<SubmitIcon size={16} />}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
