import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBriefcase,
  IconChartBar,
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

/** An infopreneur publishes offers and missions, recruits sellers and follows what they sell. */
const infopreneurShortcuts: Shortcut[] = [
  {
    to: paths.dashboard.services,
    label: 'Mes offres et missions',
    hint: 'Publiez vos formations et recrutez',
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
  {
    to: `${paths.dashboard.sales}?as=infopreneur`,
    label: 'Ventes sur mes offres',
    hint: 'Ce que vendent vos setters et closers',
    icon: IconReportMoney,
    color: 'teal',
  },
  {
    to: paths.dashboard.stats,
    label: 'Statistiques',
    hint: 'Vos ventes et les commissions à payer',
    icon: IconChartBar,
    color: 'indigo',
  },
];

/** A setter, closer or setter-closer finds missions and works their prospects and sales. */
const freelancerShortcuts: Shortcut[] = [
  {
    to: paths.app.missions,
    label: 'Missions',
    hint: 'Trouvez une offre à vendre',
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
    to: paths.dashboard.stats,
    label: 'Statistiques',
    hint: 'Vos ventes et vos commissions',
    icon: IconChartBar,
    color: 'orange',
  },
];

const commonShortcuts: Shortcut[] = [
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

/**
 * Cards to the main sections, worded for the role: an infopreneur's offers and missions, the seller
 * search and the sales on their offers; a freelancer's missions to sell, prospects and pipeline.
 */
export function Shortcuts({ infopreneur }: { infopreneur: boolean }) {
  const shortcuts = [...(infopreneur ? infopreneurShortcuts : freelancerShortcuts), ...commonShortcuts];
  return (
    <section aria-labelledby="shortcuts-title">
      <Title order={2} fz="h4" mb="sm" id="shortcuts-title">
        Raccourcis
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
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
