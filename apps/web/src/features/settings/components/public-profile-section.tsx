import { type CurrentUser, type UserUpdateInput, userUpdateSchema } from '@closia/shared';
import {
  ActionIcon,
  Button,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconBrandLoom,
  IconExternalLink,
  IconLink,
  IconMapPin,
  IconPencil,
  IconPlus,
  IconVideo,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error';
import { paths } from '../../../config/paths';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useUpdateUser } from '../api/update-user';
import { currentRole } from '../utils/account-role';
import { SettingsSection } from './settings-section';

const MAX_SOCIAL_LINKS = 10;

interface PresentationValues {
  location: string;
  available: boolean;
  socialLinks: string[];
  videoUrl: string;
  loom: string;
}

const presentationSchema = userUpdateSchema.pick({
  location: true,
  available: true,
  socialLinks: true,
  videoUrl: true,
  loom: true,
});

function initialValues(user: CurrentUser): PresentationValues {
  return {
    location: user.location ?? '',
    available: user.available,
    socialLinks: user.socialLinks,
    videoUrl: user.videoUrl ?? '',
    loom: user.loom ?? '',
  };
}

/**
 * Where the professional profile is edited: the first onboarding step of the user's track (the
 * onboarding start page sends a finished profile back to the dashboard).
 */
function professionalProfilePath(user: CurrentUser): string {
  const role = currentRole(user);
  return role ? paths.onboarding.step(role, 'description') : paths.onboarding.root;
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** What `PUT /user` receives: blank fields are cleared (null), links trimmed. */
function toInput(values: PresentationValues): UserUpdateInput {
  return {
    location: blankToNull(values.location),
    available: values.available,
    socialLinks: values.socialLinks.map((link) => link.trim()),
    videoUrl: blankToNull(values.videoUrl),
    loom: blankToNull(values.loom),
  };
}

const validateInput = zodResolver(presentationSchema);

/** The shared schema's rules; blank link rows are not errors (they are dropped on save). */
function validate(values: PresentationValues): Record<string, string> {
  const errors = validateInput(toInput(values));
  values.socialLinks.forEach((link, index) => {
    if (link.trim() === '') delete errors[`socialLinks.${index}`];
  });
  return errors;
}

/** Location, availability, links and videos shown on the public profile (`PUT /user`). */
export function PublicProfileSection({ user }: { user: CurrentUser }) {
  const updateUser = useUpdateUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PresentationValues>({
    initialValues: initialValues(user),
    validate,
  });
  const links = form.values.socialLinks;

  const submit = form.onSubmit((values) => {
    setFormError(null);
    // Empty rows are dropped before sending, so that server errors keep their index.
    const cleaned = { ...values, socialLinks: values.socialLinks.filter((link) => link.trim() !== '') };
    form.setFieldValue('socialLinks', cleaned.socialLinks);
    updateUser.mutate(toInput(cleaned), {
      onSuccess: (saved) => {
        const next = initialValues(saved);
        form.setInitialValues(next);
        form.setValues(next);
        notifications.show({
          color: 'green',
          title: 'Présentation enregistrée',
          message: 'Votre profil public est à jour.',
        });
      },
      onError: (error) => {
        showSubmitError(form, error, setFormError);
      },
    });
  });

  return (
    <SettingsSection
      id="presentation"
      title="Présentation publique"
      description="Ce que les autres membres voient sur votre profil, en plus de votre parcours professionnel."
    >
      <Group gap="sm">
        <Button
          component={Link}
          to={paths.app.user(user.id)}
          variant="default"
          size="xs"
          leftSection={<IconExternalLink size={14} />}
        >
          Voir mon profil public
        </Button>
        <Button
          component={Link}
          to={professionalProfilePath(user)}
          variant="default"
          size="xs"
          leftSection={<IconPencil size={14} />}
        >
          Modifier mon profil professionnel
        </Button>
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{formError}</FormError>
          <TextInput
            label="Localisation"
            placeholder="Lyon, France"
            description="Ville ou région, pour les missions en présentiel."
            autoComplete="address-level2"
            leftSection={<IconMapPin size={16} aria-hidden="true" />}
            {...form.getInputProps('location')}
          />
          <Switch
            label="Disponible pour de nouvelles missions"
            description="Les infopreneurs voient ce statut dans la recherche de setters et closers."
            {...form.getInputProps('available', { type: 'checkbox' })}
          />
          <Stack gap="xs" role="group" aria-labelledby="social-links-label">
            <Stack gap={0}>
              <Text id="social-links-label" fw={500} size="sm">
                Liens (réseaux sociaux, site)
              </Text>
              <Text size="xs" c="dimmed">
                LinkedIn, Instagram, site personnel… jusqu’à {MAX_SOCIAL_LINKS} liens.
              </Text>
            </Stack>
            {links.length === 0 && (
              <Text size="sm" c="dimmed" fs="italic">
                Aucun lien pour l’instant.
              </Text>
            )}
            {links.map((_link, index) => (
              <Group
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows are plain strings edited in place
                key={index}
                gap="xs"
                wrap="nowrap"
                align="flex-start"
              >
                <TextInput
                  flex={1}
                  type="url"
                  placeholder="https://www.linkedin.com/in/…"
                  aria-label={`Lien ${index + 1}`}
                  leftSection={<IconLink size={16} aria-hidden="true" />}
                  {...form.getInputProps(`socialLinks.${index}`)}
                />
                <Tooltip label="Retirer ce lien">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    mt={1}
                    aria-label={`Retirer le lien ${index + 1}`}
                    onClick={() => form.removeListItem('socialLinks', index)}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
            <Group>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem('socialLinks', '')}
                disabled={links.length >= MAX_SOCIAL_LINKS}
              >
                Ajouter un lien
              </Button>
              {links.length >= MAX_SOCIAL_LINKS && (
                <Text size="xs" c="dimmed">
                  {MAX_SOCIAL_LINKS} liens maximum.
                </Text>
              )}
            </Group>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Vidéo de présentation"
              description="Lien YouTube ou Loom."
              type="url"
              placeholder="https://www.youtube.com/watch?v=…"
              leftSection={<IconVideo size={16} aria-hidden="true" />}
              {...form.getInputProps('videoUrl')}
            />
            <TextInput
              label="Lien Loom"
              description="Une vidéo Loom pour vous présenter ou montrer un appel."
              type="url"
              placeholder="https://www.loom.com/share/…"
              leftSection={<IconBrandLoom size={16} aria-hidden="true" />}
              {...form.getInputProps('loom')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={updateUser.isPending} disabled={!form.isDirty()}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
