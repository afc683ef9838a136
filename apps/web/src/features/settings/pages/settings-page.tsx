import { Box, Center, Grid, Loader, Stack, TableOfContents, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { AccountTypeSection } from '../components/account-type-section';
import { AppearanceSection } from '../components/appearance-section';
import { BillingSection } from '../components/billing-section';
import { DataSection } from '../components/data-section';
import { EmailSection } from '../components/email-section';
import { IdentitySection } from '../components/identity-section';
import { NotificationsSection } from '../components/notifications-section';
import { PasswordSection } from '../components/password-section';
import { PhotosSection } from '../components/photos-section';
import { PublicProfileSection } from '../components/public-profile-section';

/** The sections, in page order: the table of contents reads them before the headings are in the DOM. */
const sections = [
  { id: 'identite', label: 'Identité' },
  { id: 'photos', label: 'Photos' },
  { id: 'presentation', label: 'Présentation publique' },
  { id: 'email', label: 'Adresse e-mail' },
  { id: 'mot-de-passe', label: 'Mot de passe' },
  { id: 'apparence', label: 'Apparence' },
  { id: 'type-de-compte', label: 'Type de compte' },
  { id: 'abonnement', label: 'Abonnement et factures' },
  { id: 'donnees', label: 'Mes données' },
];

const HEADER_OFFSET = 80;

function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** `/dashboard/settings`: one page of sections with a table of contents (sticky from md). */
export function SettingsPage() {
  const { data: user } = useCurrentUser();
  const { hash } = useLocation();

  // `/dashboard/settings#donnees` opens at that section.
  useEffect(() => {
    if (!user || !hash) return;
    const id = decodeURIComponent(hash.slice(1));
    requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
  }, [hash, user]);

  if (!user) {
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    );
  }

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1}>Paramètres</Title>
        <Text c="dimmed">Votre profil, votre compte et vos données.</Text>
      </Stack>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          <Box component="nav" aria-label="Sections des paramètres" pos="sticky" top={HEADER_OFFSET + 8}>
            <TableOfContents
              variant="light"
              size="sm"
              radius="md"
              minDepthToOffset={2}
              initialData={sections.map((section) => ({
                id: `${section.id}-title`,
                value: section.label,
                depth: 2,
              }))}
              scrollSpyOptions={{ selector: '[data-settings-heading]', offset: HEADER_OFFSET + 16 }}
              getControlProps={({ data }) => ({
                onClick: () => scrollToSection(data.id.replace(/-title$/, '')),
                children: data.value,
              })}
            />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="lg">
            <IdentitySection user={user} />
            <PhotosSection user={user} />
            <PublicProfileSection user={user} />
            <EmailSection user={user} />
            <PasswordSection />
            <NotificationsSection />
            <AppearanceSection />
            <AccountTypeSection user={user} />
            <BillingSection />
            <DataSection user={user} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
