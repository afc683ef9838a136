import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type OnboardingTrack, paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { applyServerErrors, type FormErrorTarget, fieldErrorFr } from '../../../lib/form-errors';
import { type OnboardingStep, pathAfterStep } from '../../../lib/onboarding';
import { type ProfileUpdateInput, useUpdateProfile } from '../api/update-profile';

/** A failed save in French: the 422 messages no field could show, else the error's own text. */
function saveErrorText(error: unknown, unmatched: ReturnType<typeof applyServerErrors>): string {
  if (unmatched && unmatched.length > 0) return unmatched.map(fieldErrorFr).join(', ');
  if (isApiError(error) && error.status === 404) {
    return 'Votre type de compte a changé entre-temps : rechargez la page pour reprendre.';
  }
  return `L’enregistrement a échoué : ${errorText(error)}`;
}

/**
 * "Suivant": saves the step's fields with `onboardingStep` (so that the onboarding resumes after it),
 * then — only then — moves to the next step. Server validation errors land on the form's fields.
 */
export function useSaveStep(track: OnboardingTrack, step: OnboardingStep, finished: boolean) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);

  function save(input: ProfileUpdateInput, form: FormErrorTarget) {
    setFormError(null);
    update.mutate(
      // A finished profile keeps its step: this page only edits a field.
      { track, input: finished ? input : ({ ...input, onboardingStep: step } as ProfileUpdateInput) },
      {
        onSuccess: () => {
          if (finished) {
            notifications.show({
              color: 'green',
              title: 'Profil mis à jour',
              message: 'Vos modifications sont enregistrées.',
            });
            navigate(paths.dashboard.root);
            return;
          }
          navigate(pathAfterStep(track, step));
        },
        onError: (error) => {
          const unmatched = applyServerErrors(form, error);
          if (unmatched?.length === 0) return;
          setFormError(saveErrorText(error, unmatched));
        },
      },
    );
  }

  return { save, saving: update.isPending, formError };
}
