import type { ProfileUpdate, Session } from '@portal/domain';
import { api } from '@/lib/api-client';

/** `PUT /api/users/{id}?type=profile` (spec 7 notes): name, phone and subscriptions. */
export function saveProfile(userId: number, profile: ProfileUpdate): Promise<void> {
  return api<void>(`/api/users/${userId}`, { method: 'PUT', query: { type: 'profile' }, body: profile });
}

/** After a save the session is refreshed (spec 7 notes), so the shell and the form show what was stored. */
export function refreshSession(): Promise<Session> {
  return api<Session>('/api/users/session/refresh');
}
