import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBriefcase,
  IconReportMoney,
  IconSchool,
  IconSearch,
  IconSettings,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import classes from './shortcuts.module.css';

interface Shortcut {
  to: string;
  label: string;
  hint: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
}

const infopreneurShortcuts: Shortcut[] = [
  {
    to: paths.dashboard.services,
    label: 'Mes offres',
    hint: 'Publiez et gérez vos formations',
    icon: IconSchool,
    color: 'green',
  },
  {
    to: paths.app.search,
    label: 'Recherche Setter & Closer',
    hint: 'Trouvez vos futurs vendeurs',
    icon: IconSearch,
    color: 'blue',
  },
];

const commonShortcuts: Shortcut[] = [
  {
    to: paths.app.missions,
    label: 'Missions',
    hint: 'Les missions ouvertes des infopreneurs',
    icon: IconBriefcase,
    color: 'indigo',
  },
  {
    to: paths.dashboard.prospects,
    label: 'Prospects',
    hint: 'Vos contacts et prochaines actions',
    icon: IconUsers,
    color: 'cyan',
  },
  {
    to: paths.dashboard.sales,
    label: 'Ventes',
    hint: 'Votre pipeline, de la prospection au closing',
    icon: IconReportMoney,
    color: 'teal',
  },
  {
    to: paths.dashboard.teams,
    label: 'Équipes',
    hint: 'Travaillez à plusieurs',
    icon: IconUsersGroup,
    color: 'grape',
  },
  {
    to: paths.dashboard.settings,
    label: 'Paramètres',
    hint: 'Photo, liens, compte',
    icon: IconSettings,
    color: 'gray',
  },
];

/** Cards to the main sections; infopreneurs get their offers and the seller search first. */
export function Shortcuts({ infopreneur }: { infopreneur: boolean }) {
  const shortcuts = infopreneur ? [...infopreneurShortcuts, ...commonShortcuts] : commonShortcuts;
  return (
    <section aria-labelledby="shortcuts-title">
      <Title order={2} fz="h4" mb="sm" id="shortcuts-title">
        Raccourcis
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: infopreneur ? 4 : 5 }} spacing="sm">
        {shortcuts.map(({ to, label, hint, icon: Icon, color }) => (
          <Card key={to} component={Link} to={to} padding="sm" radius="lg" className={classes.shortcut}>
            <Stack gap={8}>
              <ThemeIcon size={38} radius="md" variant="light" color={color} aria-hidden="true">
                <Icon size={22} stroke={1.7} />
              </ThemeIcon>
              <div>
                <Text fw={700} lh={1.3}>
                  {label}
                </Text>
                <Text size="xs" c="dimmed" mt={2} visibleFrom="sm">
                  {hint}
                </Text>
              </div>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
