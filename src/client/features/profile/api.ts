import type { ProfileRole } from '#core/constants';
import type { Profile, User } from '#core/schemas/auth';
import type {
  FarmProfileUpdateBody,
  ProfileCreateBody,
  RestaurantProfileUpdateBody,
} from '#core/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { USER_QUERY_KEY } from '../../lib/auth';

/** The profile path of each role: a farmer's profile is their farm. */
export const PROFILE_PATH: Record<ProfileRole, string> = {
  farmer: '/api/profile/farm',
  restaurant: '/api/profile/restaurant',
};

export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      role,
      body,
    }: {
      role: ProfileRole;
      body: ProfileCreateBody & { deliveryZone?: string | null };
    }) => api.post<Profile>(PROFILE_PATH[role], body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}

export type ProfileUpdate =
  | { role: 'farmer'; body: FarmProfileUpdateBody }
  | { role: 'restaurant'; body: RestaurantProfileUpdateBody };

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ role, body }: ProfileUpdate) => api.put<Profile>(PROFILE_PATH[role], body),
    onSuccess: async (profile) => {
      // The navigation bar shows the new name at once; the refetch confirms it.
      queryClient.setQueryData<User | null>(USER_QUERY_KEY, (user) =>
        user ? { ...user, profile } : user,
      );
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}

/** Switches the account type; the caller reloads the page, which fetches the user again. */
export function useSwitchRole() {
  return useMutation({
    mutationFn: (role: ProfileRole) => api.post<User>('/api/auth/switch-role', { role }),
  });
}
