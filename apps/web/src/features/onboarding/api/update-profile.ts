import type {
  CurrentUser,
  InfopreneurProfile,
  InfopreneurProfileInput,
  SalesProfile,
  SalesProfileUpdateInput,
} from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingTrack } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { profileKeyOfTrack } from '../../../lib/onboarding';
import { currentUserQueryKey } from '../../auth/api/get-current-user';

export type ProfileUpdateInput = SalesProfileUpdateInput | InfopreneurProfileInput;

export interface UpdateProfileVariables {
  track: OnboardingTrack;
  input: ProfileUpdateInput;
}

/** The answer's key per track: `{ newSetter }`, `{ newCloser }`, `{ newSetterCloser }`, `{ newInfopreneur }`. */
const answerKey = {
  setter: 'newSetter',
  closer: 'newCloser',
  'setter-closer': 'newSetterCloser',
  infopreneur: 'newInfopreneur',
} as const satisfies Record<OnboardingTrack, string>;

type ProfileAnswer = Partial<Record<(typeof answerKey)[OnboardingTrack], SalesProfile | InfopreneurProfile>>;

/**
 * `PUT /user/{setter|closer|setter-closer|infopreneur}` with the fields to change (partial update) →
 * the saved sub-profile. Without a profile yet, this creates the profile of that kind (type choice);
 * a profile of another kind answers 404 "User type not found".
 */
export async function updateProfile({
  track,
  input,
}: UpdateProfileVariables): Promise<SalesProfile | InfopreneurProfile> {
  const answer = await api.put<ProfileAnswer>(`/user/${track}`, input);
  const profile = answer[answerKey[track]];
  if (!profile) throw new Error('Réponse inattendue du serveur');
  return profile;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { handlesError: true },
    onSuccess: async (profile, { track }) => {
      const user = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey);
      const key = profileKeyOfTrack[track];
      if (user?.[key]) {
        queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, { ...user, [key]: profile });
      } else {
        // The profile was just created (type choice): the user's role changed too.
        await queryClient.refetchQueries({ queryKey: currentUserQueryKey });
      }
      void queryClient.invalidateQueries({ queryKey: ['user', 'activities'] });
      if (user) void queryClient.invalidateQueries({ queryKey: ['users', user.id] });
    },
  });
}
