import { type RegistrationRole, registerSchema, registrationRoles } from '@closia/shared';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { InvitationLinkNotice } from '../../teams/components/invitation-notices';
import { useRegister } from '../api/register';
import { AuthHeader } from '../components/auth-header';
import { FormAlert } from '../components/form-alert';
import { PasswordStrength } from '../components/password-strength';
import { RolePicker } from '../components/role-picker';
import { authErrorMessage } from '../utils/auth-errors';

interface SignUpValues {
  role: RegistrationRole | '';
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  affiliationCode: string;
  acceptCgu: boolean;
}

/** The API payload from the form values (empty optional fields left out). */
function toPayload(values: SignUpValues) {
  return {
    email: values.email,
    password: values.password,
    firstName: values.firstName,
    lastName: values.lastName,
    affiliationCode: values.affiliationCode.trim() || undefined,
    role: values.role || undefined,
  };
}

const validateSchema = zodResolver(registerSchema);

/** `?role=` preselects a card (links from the landing page). */
function roleFromQuery(value: string | null): RegistrationRole | '' {
  return (registrationRoles as readonly string[]).includes(value ?? '') ? (value as RegistrationRole) : '';
}

/**
 * `/auth/sign-up`. `?role=` preselects a card, `?ref=` the referral code; the link of an e-mail
 * invitation adds `?invitation=<token>&email=<address>`: the address is prefilled, the invitation
 * shown, and carried to "check your inbox" — it is the account that verifies this address that
 * finds it in « Équipes ».
 */
export function SignUpPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const register = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const invitation = searchParams.get('invitation');
  const invitedEmail = invitation ? (searchParams.get('email')?.trim() ?? '') : '';

  const form = useForm<SignUpValues>({
    initialValues: {
      role: roleFromQuery(searchParams.get('role')),
      firstName: '',
      lastName: '',
      email: invitedEmail,
      password: '',
      affiliationCode: searchParams.get('ref') ?? '',
      acceptCgu: false,
    },
    validate: (values) => ({
      ...validateSchema(toPayload(values)),
      ...(values.role ? {} : { role: 'Choisissez votre profil' }),
      ...(values.acceptCgu ? {} : { acceptCgu: 'Vous devez accepter les CGU pour continuer' }),
    }),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    register.mutate(registerSchema.parse(toPayload(values)), {
      onSuccess: () =>
        navigate(
          invitation
            ? `${paths.auth.verifyEmail}?${new URLSearchParams({ invitation })}`
            : paths.auth.verifyEmail,
          { replace: true },
        ),
      onError: (error) => {
        showSubmitError(form, error, setFormError, authErrorMessage);
      },
    });
  });

  return (
    <>
      <AuthHeader title="Créer mon compte">
        Rejoignez Closia gratuitement : trouvez des missions ou recrutez votre équipe de vente.
      </AuthHeader>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {invitation && <InvitationLinkNotice token={invitation} step="sign-up" />}
          <RolePicker
            value={form.values.role}
            onChange={(role) => form.setFieldValue('role', role)}
            error={form.errors.role}
          />
          <Group grow align="flex-start" gap="sm" preventGrowOverflow={false}>
            <TextInput
              label="Prénom"
              autoComplete="given-name"
              required
              {...form.getInputProps('firstName')}
            />
            <TextInput label="Nom" autoComplete="family-name" required {...form.getInputProps('lastName')} />
          </Group>
          <TextInput
            label="Adresse e-mail"
            type="email"
            autoComplete="email"
            placeholder="vous@exemple.fr"
            required
            description={
              invitedEmail && form.values.email.trim().toLowerCase() !== invitedEmail.toLowerCase()
                ? `L’invitation est adressée à ${invitedEmail} : inscrivez-vous avec cette adresse pour la retrouver.`
                : undefined
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('email')}
          />
          <Stack gap={6}>
            <PasswordInput
              label="Mot de passe"
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordStrength password={form.values.password} id="password-strength" />
          </Stack>
          <TextInput
            label="Code de parrainage (facultatif)"
            autoComplete="off"
            {...form.getInputProps('affiliationCode')}
          />
          <Checkbox
            label={
              <>
                J’accepte les{' '}
                <Anchor component={Link} to={paths.cgu} target="_blank" inherit>
                  conditions générales d’utilisation
                </Anchor>{' '}
                et la{' '}
                <Anchor component={Link} to={paths.privacyPolicy} target="_blank" inherit>
                  politique de confidentialité
                </Anchor>
              </>
            }
            {...form.getInputProps('acceptCgu', { type: 'checkbox' })}
          />
          <FormAlert>{formError}</FormAlert>
          <Button type="submit" fullWidth size="md" loading={register.isPending}>
            Créer mon compte
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Déjà inscrit ?{' '}
            <Anchor component={Link} to={paths.auth.signIn} fw={600}>
              Se connecter
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
