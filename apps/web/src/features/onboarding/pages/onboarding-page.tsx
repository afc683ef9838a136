import { userType } from '@closia/shared';
import { Center, Loader } from '@mantine/core';
import { Navigate } from 'react-router';
import { onboardingResumePath } from '../../../lib/onboarding';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { TypeChoice } from '../components/type-choice';

/**
 * `/onboarding`: where the user stands. Without a sub-profile, the type choice; otherwise the track's
 * start page, or the step after the last one saved (leaving and coming back resumes there).
 */
export function OnboardingPage() {
  const { data: user } = useCurrentUser();
  if (!user) {
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    );
  }
  if (userType(user) === 'unknown') return <TypeChoice user={user} />;
  return <Navigate to={onboardingResumePath(user)} replace />;
}
