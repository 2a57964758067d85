import type { LoginRequest, Session } from '@portal/domain';
import { api } from '@/lib/api-client';

/** `POST /api/users/session/login`; a 401 here is a wrong password, not a dead session. */
export function login(request: LoginRequest): Promise<Session> {
  return api<Session>('/api/users/session/login', { method: 'POST', body: request, expectUnauthorized: true });
}
