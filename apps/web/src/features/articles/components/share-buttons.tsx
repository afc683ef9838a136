import { Button, Group, Text } from '@mantine/core';
import { IconBrandLinkedin, IconBrandX, IconLink, IconMail } from '@tabler/icons-react';
import { shareLinks } from '../utils/format';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** « Partager » : LinkedIn, X, e-mail, and the address copied with a toast. */
export function ShareButtons({
  url,
  title,
  description,
}: {
  url: string;
  title: string;
  description: string;
}) {
  const links = shareLinks(url, title, description);
  const external = { component: 'a', target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <Group gap="xs" data-testid="share-buttons">
      <Text size="sm" fw={600} mr={4}>
        Partager
      </Text>
      <Button
        {...external}
        href={links.linkedIn}
        variant="default"
        size="xs"
        leftSection={<IconBrandLinkedin size={16} aria-hidden="true" />}
        aria-label="Partager sur LinkedIn (nouvel onglet)"
      >
        LinkedIn
      </Button>
      <Button
        {...external}
        href={links.x}
        variant="default"
        size="xs"
        leftSection={<IconBrandX size={16} aria-hidden="true" />}
        aria-label="Partager sur X (nouvel onglet)"
      >
        X
      </Button>
      <Button
        component="a"
        href={links.email}
        variant="default"
        size="xs"
        leftSection={<IconMail size={16} aria-hidden="true" />}
        aria-label="Partager par e-mail"
      >
        E-mail
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconLink size={16} aria-hidden="true" />}
        onClick={async () => {
          const copied = await copy(url);
          // The toasts load at the first one (lib/toast-host.ts): not with the page.
          const { notifications } = await import('@mantine/notifications');
          notifications.show(
            copied
              ? { color: 'green', title: 'Lien copié', message: 'Collez-le où vous voulez le partager.' }
              : {
                  color: 'orange',
                  title: 'Copie impossible',
                  message: 'Votre navigateur l’a refusée : copiez l’adresse depuis la barre d’adresse.',
                },
          );
        }}
      >
        Copier le lien
      </Button>
    </Group>
  );
}
