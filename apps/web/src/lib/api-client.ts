/**
 * The one way the web app talks to the server (spec 7): bearer token, the XSRF double-submit
 * header on non-GET calls, the busy overlay while a request is pending, and a 401 anywhere but the
 * login call clears the session and returns to /login.
 */
import type { ErrorBody } from '@portal/domain';
import { beginRequest } from './busy';
import { takeEarlyResponse } from './early-responses';
import { clearSession, sessionStore } from './session-store';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.messages.map((m) => m.message).join(' ') || `Request failed (${status})`);
  }

  get code(): number | undefined {
    return this.body.code;
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Skip the busy overlay (background polls, spec 7 "the status call bypasses the global request handling"). */
  silent?: boolean;
  /** Return the raw response (downloads). */
  raw?: boolean;
  /** A 401 from this call is an answer, not a dead session (the login call). */
  expectUnauthorized?: boolean;
  signal?: AbortSignal;
};

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};

/** The router registers client-side navigation here, so a 401 does not reload the page. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** The server sets XSRF-TOKEN on any response; ask for one before the first non-GET if needed. */
async function xsrfToken(): Promise<string> {
  let token = readCookie('XSRF-TOKEN');
  if (!token) {
    await fetch('/api/health', { credentials: 'same-origin' });
    token = readCookie('XSRF-TOKEN');
  }
  return token ?? '';
}

function urlOf(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function errorBodyOf(response: Response): Promise<ErrorBody> {
  try {
    const body = (await response.json()) as Partial<ErrorBody>;
    if (Array.isArray(body.messages)) return body as ErrorBody;
  } catch {
    // not JSON: fall through to a generic message
  }
  return { messages: [{ field: '', message: 'The server encountered an error. Please try again later.' }] };
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const endBusy = options.silent ? () => {} : beginRequest();
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = sessionStore.get().token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (method !== 'GET') headers['x-xsrf-token'] = await xsrfToken();
    if (options.body !== undefined) headers['content-type'] = 'application/json';

    const url = urlOf(path, options.query);
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    // The same call may already be under way, sent by index.html's first script (issue 21).
    const response = await (takeEarlyResponse(method, url, body, token ?? null) ??
      fetch(url, { method, headers, body, credentials: 'same-origin', signal: options.signal }));

    if (!response.ok) {
      const body = await errorBodyOf(response);
      if (response.status === 401 && !options.expectUnauthorized) {
        clearSession();
        onUnauthorized();
      }
      throw new ApiError(response.status, body);
    }
    if (options.raw) return response as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } finally {
    endBusy();
  }
}

/**
 * A download that needs the session (a plain link cannot carry the bearer token): fetches `path`
 * through `api` and has the browser save the answer as `fileName`. Throws as `api` does.
 */
export async function downloadFile(path: string, fileName: string, options: Omit<RequestOptions, 'raw'> = {}): Promise<void> {
  const response = await api<Response>(path, { ...options, raw: true });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
