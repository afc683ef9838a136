import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBriefcase,
  IconCheck,
  IconCoin,
  IconLayoutKanban,
  IconSchool,
  IconTarget,
  IconUsersGroup,
  IconVideo,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import classes from './home-page.module.css';

const audiences = [
  {
    id: 'infopreneur',
    icon: IconSchool,
    eyebrow: 'Vous êtes infopreneur',
    title: 'Recrutez les commerciaux qui vendront vos formations',
    points: [
      'Publiez vos offres de formation et vos missions en quelques minutes',
      'Trouvez des setters et closers qualifiés, rémunérés à la commission',
      'Suivez chaque vente réalisée sur vos offres, en temps réel',
    ],
    cta: 'Recruter mes setters & closers',
    to: `${paths.auth.signUp}?role=infopreneur`,
  },
  {
    id: 'sales',
    icon: IconTarget,
    eyebrow: 'Vous êtes setter ou closer',
    title: 'Trouvez des missions et pilotez vos ventes',
    points: [
      'Accédez à des missions ouvertes sur des formations validées',
      'Gérez vos prospects et votre pipeline dans un CRM pensé pour vous',
      'Rejoignez une équipe et suivez vos commissions',
    ],
    cta: 'Trouver des missions',
    to: paths.auth.signUp,
  },
] as const;

const benefits = [
  {
    icon: IconBriefcase,
    title: 'Une marketplace de missions',
    text: 'Les infopreneurs publient leurs besoins, les freelances postulent : taux de conversion, expérience et secteurs sont visibles d’un coup d’œil.',
  },
  {
    icon: IconLayoutKanban,
    title: 'Un CRM taillé pour le closing',
    text: 'Prospects, relances, pipeline en kanban de la prospection au R2 : chaque étape et chaque changement sont historisés.',
  },
  {
    icon: IconUsersGroup,
    title: 'Des équipes qui collaborent',
    text: 'Messagerie en direct, discussions d’équipe, agenda partagé et passage de relais du setter au closer.',
  },
  {
    icon: IconCoin,
    title: 'Des commissions transparentes',
    text: 'Prix, taux de commission et montant par vente sont affichés dès l’offre. Vos statistiques montrent ce que vous avez gagné.',
  },
] as const;

const steps = [
  {
    title: 'Créez votre compte',
    text: 'Choisissez votre profil : setter, closer, setter & closer ou infopreneur.',
  },
  {
    title: 'Complétez votre profil',
    text: 'Expérience, compétences, secteurs : quelques minutes suffisent.',
  },
  {
    title: 'Lancez-vous',
    text: 'Publiez une mission ou postulez, puis suivez vos ventes dans votre tableau de bord.',
  },
] as const;

export function HomePage() {
  return (
    <>
      <Box component="section" className={classes.hero} aria-labelledby="home-title">
        <Container size="lg">
          <Stack gap="xl">
            <Stack gap="md" maw={760}>
              <Badge
                variant="light"
                size="lg"
                radius="sm"
                w="fit-content"
                classNames={{ root: classes.heroBadge, label: classes.heroBadgeLabel }}
              >
                Marketplace & CRM de la vente de formations
              </Badge>
              <Title order={1} id="home-title" className={classes.heroTitle}>
                Vendez plus de formations avec{' '}
                <span className={classes.highlight}>les bons setters et closers</span>
              </Title>
              <Text size="lg" c="dimmed" maw={640}>
                Closia réunit les infopreneurs et les commerciaux indépendants : trouvez vos partenaires de
                vente, suivez vos prospects et vos deals, et partagez les commissions en toute transparence.
              </Text>
              <Group gap="sm" mt="xs">
                <Button
                  component={Link}
                  to={paths.auth.signUp}
                  size="lg"
                  rightSection={<IconArrowRight size={18} />}
                >
                  Commencer gratuitement
                </Button>
                <Button component={Link} to={paths.pricing} size="lg" variant="default">
                  Voir les tarifs
                </Button>
              </Group>
            </Stack>
            <Box className={`${classes.grid} ${classes.twoFromMd}`}>
              {audiences.map((audience) => (
                <Card key={audience.id} padding="xl" className={classes.audienceCard}>
                  <Stack gap="md" h="100%">
                    <Group gap="sm">
                      <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
                        <audience.icon size={24} stroke={1.6} />
                      </ThemeIcon>
                      <Text fw={700} c="dimmed" size="sm" tt="uppercase">
                        {audience.eyebrow}
                      </Text>
                    </Group>
                    <Title order={2} fz="h3">
                      {audience.title}
                    </Title>
                    <List
                      spacing="xs"
                      icon={
                        <ThemeIcon size={20} radius="xl" variant="light" aria-hidden="true">
                          <IconCheck size={14} />
                        </ThemeIcon>
                      }
                    >
                      {audience.points.map((point) => (
                        <List.Item key={point}>{point}</List.Item>
                      ))}
                    </List>
                    <Button
                      component={Link}
                      to={audience.to}
                      variant="light"
                      mt="auto"
                      w="fit-content"
                      rightSection={<IconArrowRight size={16} />}
                    >
                      {audience.cta}
                    </Button>
                  </Stack>
                </Card>
              ))}
            </Box>
          </Stack>
        </Container>
      </Box>

      <Box
        component="section"
        className={`${classes.section} ${classes.muted}`}
        aria-labelledby="benefits-title"
      >
        <Container size="lg">
          <Stack gap="xl">
            <Stack gap="xs" maw={640}>
              <Title order={2} id="benefits-title">
                Tout ce qu’il faut pour vendre ensemble
              </Title>
              <Text c="dimmed">Du premier contact à la commission versée, une seule plateforme.</Text>
            </Stack>
            <Box className={`${classes.grid} ${classes.twoFromSm}`}>
              {benefits.map((benefit) => (
                <Card key={benefit.title} padding="lg">
                  <Group align="flex-start" wrap="nowrap" gap="md">
                    <ThemeIcon size={44} radius="md" aria-hidden="true">
                      <benefit.icon size={24} stroke={1.6} />
                    </ThemeIcon>
                    <Stack gap={6}>
                      <Title order={3} fz="h4">
                        {benefit.title}
                      </Title>
                      <Text c="dimmed" size="sm">
                        {benefit.text}
                      </Text>
                    </Stack>
                  </Group>
                </Card>
              ))}
            </Box>
          </Stack>
        </Container>
      </Box>

      <Box component="section" className={classes.section} aria-labelledby="steps-title">
        <Container size="lg">
          <Stack gap="xl">
            <Title order={2} id="steps-title">
              Comment ça marche ?
            </Title>
            <Box component="ol" className={`${classes.grid} ${classes.steps}`}>
              {steps.map((step, index) => (
                <Stack key={step.title} gap="sm" component="li">
                  <span className={classes.stepNumber} aria-hidden="true">
                    {index + 1}
                  </span>
                  <Title order={3} fz="h4">
                    {step.title}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {step.text}
                  </Text>
                </Stack>
              ))}
            </Box>
            <Group gap="md" c="dimmed">
              <IconVideo size={18} aria-hidden="true" />
              <Text size="sm" c="dimmed">
                Webinaires, replays et tutoriels vous accompagnent à chaque étape.
              </Text>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Box component="section" pb={{ base: 'xl', sm: 64 }} aria-labelledby="cta-title">
        <Container size="lg">
          <Stack className={classes.cta} align="center" ta="center" gap="md">
            <Title order={2} id="cta-title" c="white">
              Prêt à accélérer vos ventes ?
            </Title>
            <Text maw={560}>
              L’inscription est gratuite et ne prend qu’une minute. Vous choisirez votre formule plus tard.
            </Text>
            <Button component={Link} to={paths.auth.signUp} size="lg" variant="white" color="green.9">
              Créer mon compte
            </Button>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
