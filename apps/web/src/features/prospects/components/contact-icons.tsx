import { ActionIcon, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  type Icon,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
  IconMail,
  IconPhone,
  IconWorld,
} from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { type LinkKind, linkKind, linkName, telHref } from '../utils/format';

const linkIcons: Record<LinkKind, Icon> = {
  linkedin: IconBrandLinkedin,
  instagram: IconBrandInstagram,
  facebook: IconBrandFacebook,
  x: IconBrandX,
  youtube: IconBrandYoutube,
  tiktok: IconBrandTiktok,
  web: IconWorld,
};

/** At most this many link icons in a row; the rest as "+2". */
const MAX_LINKS = 3;

/** A click on an icon opens the link, not the row it sits in. */
const stop = (event: MouseEvent) => event.stopPropagation();

/** A prospect's e-mail, phone and links as icons (mailto:, tel:, new tab), each named. */
export function ContactIcons({
  fullName,
  email,
  phone,
  contactLinks,
}: {
  fullName: string;
  email: string | null;
  phone: string | null;
  contactLinks: string[];
}) {
  const links = contactLinks.slice(0, MAX_LINKS);
  const more = contactLinks.length - links.length;
  if (!email && !phone && contactLinks.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={2} wrap="nowrap">
      {email && (
        <Tooltip label={email}>
          <ActionIcon
            component="a"
            href={`mailto:${email}`}
            variant="subtle"
            color="gray"
            aria-label={`Écrire à ${fullName} (${email})`}
            onClick={stop}
          >
            <IconMail size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {phone && (
        <Tooltip label={phone}>
          <ActionIcon
            component="a"
            href={telHref(phone)}
            variant="subtle"
            color="gray"
            aria-label={`Appeler ${fullName} (${phone})`}
            onClick={stop}
          >
            <IconPhone size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {links.map((link) => {
        const LinkIcon = linkIcons[linkKind(link)];
        return (
          <Tooltip key={link} label={link}>
            <ActionIcon
              component="a"
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              color="gray"
              aria-label={`${linkName(link)} de ${fullName} (nouvel onglet)`}
              onClick={stop}
            >
              <LinkIcon size={18} />
            </ActionIcon>
          </Tooltip>
        );
      })}
      {more > 0 && (
        <Text size="xs" c="dimmed">
          +{more}
          <VisuallyHidden> lien{more > 1 ? 's' : ''}</VisuallyHidden>
        </Text>
      )}
    </Group>
  );
}
