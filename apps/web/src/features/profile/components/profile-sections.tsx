import { formatEuro, missionTypeLabels, type PublicUser } from '@closia/shared';
import {
  ActionIcon,
  Anchor,
  AspectRatio,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
  IconBriefcase,
  IconCertificate,
  IconChartBar,
  IconClockHour4,
  IconExternalLink,
  IconLink,
  IconSchool,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { type SectionProps, Section as SharedSection } from '../../../components/section';
import { paths } from '../../../config/paths';
import { formatRate } from '../../../lib/format';
import {
  displayHost,
  type SocialPlatform,
  socialPlatform,
  socialPlatformLabels,
} from '../utils/social-links';
import { videoEmbed } from '../utils/video-embed';

/** A titled card of the profile page: its content sits closer together than on other pages. */
export function Section(props: Omit<SectionProps, 'gap'>) {
  return <SharedSection gap="sm" {...props} />;
}

/** "Moins d’un an", "1 an", "3 ans" d’expérience. */
export function experienceText(years: number): string {
  if (years < 1) return 'Moins d’un an d’expérience';
  return `${years} an${years > 1 ? 's' : ''} d’expérience`;
}

/** Experience and conversion rate, side by side. */
export function KeyFigures({ years, rate }: { years: number | null; rate: number | null }) {
  if (years === null && rate === null) return null;
  return (
    <Section title="En chiffres">
      <Stack gap="md">
        {years !== null && (
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
              <IconClockHour4 size={20} />
            </ThemeIcon>
            <Text fw={600} data-testid="experience">
              {experienceText(years)}
            </Text>
          </Group>
        )}
        {rate !== null && (
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
              <IconChartBar size={20} />
            </ThemeIcon>
            <Stack gap={0}>
              <Text fw={600} data-testid="conversion-rate">
                {formatRate(rate)}/10
              </Text>
              <Text size="xs" c="dimmed">
                taux de conversion (ventes sur 10 appels)
              </Text>
            </Stack>
          </Group>
        )}
      </Stack>
    </Section>
  );
}

/** Names as badges (skills, work sectors). */
export function BadgeList({ items, color }: { items: string[]; color?: string }) {
  return (
    <Group gap={8}>
      {items.map((item) => (
        <Badge key={item} variant="light" color={color} size="lg" radius="md" tt="none" fw={600}>
          {item}
        </Badge>
      ))}
    </Group>
  );
}

const externalLink = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Formations followed: the name, a link opening in a new tab when there is one. */
export function FormationList({ formations }: { formations: { name: string; link?: string | null }[] }) {
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {formations.map((formation) => (
        <Group component="li" key={`${formation.name}-${formation.link ?? ''}`} gap="sm" wrap="nowrap">
          <IconCertificate size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
          {formation.link ? (
            <Anchor href={formation.link} {...externalLink} fw={600}>
              {formation.name}
              <IconExternalLink size={14} aria-hidden="true" style={{ marginLeft: 4, verticalAlign: -2 }} />
            </Anchor>
          ) : (
            <Text fw={600}>{formation.name}</Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}

const platformIcons: Record<SocialPlatform, ComponentType<{ size?: number }>> = {
  linkedin: IconBrandLinkedin,
  instagram: IconBrandInstagram,
  youtube: IconBrandYoutube,
  tiktok: IconBrandTiktok,
  x: IconBrandX,
  facebook: IconBrandFacebook,
  link: IconLink,
};

/** Social links as icon buttons, recognised by domain. */
export function SocialLinks({ links }: { links: string[] }) {
  return (
    <Group gap="xs">
      {links.map((link) => {
        const platform = socialPlatform(link);
        const Icon = platformIcons[platform];
        const label =
          platform === 'link'
            ? displayHost(link)
            : `${socialPlatformLabels[platform]} (${displayHost(link)})`;
        return (
          <Tooltip key={link} label={label}>
            <ActionIcon
              component="a"
              href={link}
              {...externalLink}
              variant="light"
              size="xl"
              radius="md"
              aria-label={label}
              data-platform={platform}
            >
              <Icon size={22} />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}

/** A presentation video: YouTube (no-cookie) and Loom embedded, anything else a plain link. */
export function Video({ url, title }: { url: string; title: string }) {
  const embed = videoEmbed(url);
  if (!embed) return null;
  if (embed.kind === 'link') {
    return (
      <Anchor href={embed.url} {...externalLink}>
        <Group gap={6} component="span" wrap="nowrap">
          <IconExternalLink size={16} aria-hidden="true" />
          Voir la vidéo ({displayHost(embed.url)})
        </Group>
      </Anchor>
    );
  }
  return (
    <AspectRatio ratio={16 / 9}>
      <iframe
        src={embed.embedUrl}
        title={title}
        loading="lazy"
        allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ border: 0, borderRadius: 'var(--mantine-radius-md)' }}
      />
    </AspectRatio>
  );
}

/** An infopreneur's approved training offers: name, price, commission. */
export function ServiceList({ services }: { services: PublicUser['services'] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {services.map((service) => (
        <Card key={service.id} padding="md" radius="md" withBorder>
          <Stack gap={6}>
            <Group gap="xs" wrap="nowrap">
              <IconSchool size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
              <Anchor component={Link} to={paths.app.job(service.id)} fw={700} lineClamp={2}>
                {service.name}
              </Anchor>
            </Group>
            <Group gap="xs">
              <Badge variant="light" color="gray" size="lg" tt="none">
                {formatEuro(service.price)}
              </Badge>
              <Badge variant="light" size="lg" tt="none">
                Commission {formatRate(service.commissionRate)} %
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              soit {formatEuro(Math.round(service.price * service.commissionRate) / 100)} par vente
            </Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** An infopreneur's open missions: title and the profile sought. */
export function MissionList({ missions }: { missions: PublicUser['missions'] }) {
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {missions.map((mission) => (
        <Group component="li" key={mission.id} gap="sm" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconBriefcase size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
            <Anchor component={Link} to={paths.app.mission(mission.id)} fw={600} truncate>
              {mission.title}
            </Anchor>
          </Group>
          <Badge variant="light" color="blue" tt="none" style={{ flexShrink: 0 }}>
            {missionTypeLabels[mission.missionType as keyof typeof missionTypeLabels] ?? mission.missionType}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
