import { queryOptions } from '@tanstack/react-query';
import type { ManagedUser, Session, UserInvite, UserUpdate } from '@portal/domain';
import { api, ApiError } from '@/lib/api-client';

export const usersKey = ['users'] as const;

/** `GET /api/users`. Spec 7: a failed list call yields an empty list. */
export const usersQuery = () =>
  queryOptions({
    queryKey: usersKey,
    queryFn: async () => {
      try {
        return await api<ManagedUser[]>('/api/users');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) throw error;
        return [];
      }
    },
  });

/** `GET /api/users/{id}`; a 404 is kept as an error so the page can go back (spec 8). */
export const userQuery = (id: number) =>
  queryOptions({
    queryKey: [...usersKey, id],
    queryFn: () => api<ManagedUser>(`/api/users/${id}`),
    staleTime: 0,
  });

/** `PUT /api/users/{id}`. */
export function updateUser(id: number, body: UserUpdate): Promise<void> {
  return api<void>(`/api/users/${id}`, { method: 'PUT', body });
}

/** `PUT /api/users` (invite). */
export function inviteUser(body: UserInvite): Promise<ManagedUser> {
  return api<ManagedUser>('/api/users', { method: 'PUT', body });
}

/** The session again, after editing oneself (the shell shows the name and roles from it). */
export function refreshSession(): Promise<Session> {
  return api<Session>('/api/users/session/refresh');
}
