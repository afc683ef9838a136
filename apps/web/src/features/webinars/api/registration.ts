import type { MyRegistration, WebinarRegistrationInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webinarKeys } from './webinar-keys';

/*
 * The caller's registration to a webinar: one path, three methods
 * (`/webinars/{id}/registrations`: POST registers, PATCH changes the consent, DELETE unregisters).
 */

export interface RegistrationVariables {
  webinarId: number;
  input: WebinarRegistrationInput;
}

/** `POST` → 201 the registration | 409 already | 422 closed, full, over or paid. */
export function registerToWebinar({ webinarId, input }: RegistrationVariables): Promise<MyRegistration> {
  return api.post<MyRegistration>(`/webinars/${webinarId}/registrations`, input);
}

/** `PATCH` → the registration with its new consent | 404 not registered. */
export function updateRegistration({ webinarId, input }: RegistrationVariables): Promise<MyRegistration> {
  return api.patch<MyRegistration>(`/webinars/${webinarId}/registrations`, input);
}

/** `DELETE` → 204 | 404 not registered. */
export function unregisterFromWebinar(webinarId: number): Promise<void> {
  return api.delete<void>(`/webinars/${webinarId}/registrations`);
}

function useRegistrationMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webinarKeys.all });
    },
  });
}

export const useRegisterToWebinar = () => useRegistrationMutation(registerToWebinar);
export const useUpdateRegistration = () => useRegistrationMutation(updateRegistration);
export const useUnregisterFromWebinar = () => useRegistrationMutation(unregisterFromWebinar);
