import type {
  ChangePasswordBody,
  ForgotPasswordBody,
  ResetPasswordBody,
  User,
  VerifyEmailBody,
} from '#core/schemas/auth';
import type { DeleteAccountBody } from '#core/schemas/leaving';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { USER_QUERY_KEY } from '../../lib/auth';

interface Message {
  message: string;
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => api.post<Message>('/api/auth/forgot-password', body),
  });
}

/** The server signs this browser in with the new password: the user query takes it. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api.post<User>('/api/auth/reset-password', body),
    onSuccess: async (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api.post<undefined>('/api/auth/change-password', body),
  });
}

export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: () => api.post<undefined>('/api/auth/sign-out-everywhere'),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyEmailBody) => api.post<Message>('/api/auth/verify-email', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Message>('/api/auth/resend-verification'),
    // Already verified (409) elsewhere: the banner goes once the user is fetched again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}

/** Closes the account (docs/leaving.md); the session ends with it. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => api.post<undefined>('/api/auth/delete-account', body),
  });
}
