import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LogoMark } from '../components/logo';
import { paths } from '../config/paths';
import classes from './default-layout.module.css';

const footerLinks = [
  { to: paths.pricing, label: 'Tarifs' },
  { to: paths.blog.list, label: 'Blog' },
  { to: paths.tutorials.list, label: 'Tutoriels' },
  { to: paths.roadMap, label: 'Feuille de route' },
  { to: paths.support, label: 'Support' },
  { to: paths.cgu, label: 'CGU' },
  { to: paths.privacyPolicy, label: 'Politique de confidentialité' },
];

export function Footer() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="xl">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="lg">
            <Stack gap={6} maw={360}>
              <Group gap={8}>
                <LogoMark size={24} />
                <Text fw={800}>Closia</Text>
              </Group>
              <Text size="sm" c="dimmed">
                La marketplace et le CRM qui réunissent infopreneurs, setters et closers.
              </Text>
            </Stack>
            <Group component="nav" aria-label="Liens du pied de page" gap="md">
              {footerLinks.map((link) => (
                <Anchor
                  key={link.to}
                  component={Link}
                  to={link.to}
                  className={classes.footerLink}
                  underline="hover"
                >
                  {link.label}
                </Anchor>
              ))}
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Closia. Tous droits réservés.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
