/**
 * Browser storage keys in one place, so logout can clear what belongs to the session and keep
 * what belongs to the browser (device id, remembered email).
 */
export const STORAGE_KEYS = {
  sessionToken: 'portal.sessionToken',
  /** The signed-in user's email beside the token, so index.html's first script finds the stored cart (src/early/). */
  sessionEmail: 'portal.sessionEmail',
  branchNumber: 'portal.branchNumber',
  destinationState: 'portal.destinationState',
  rememberedEmail: 'portal.email',
  deviceId: 'portal.deviceId',
} as const;

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage may be full or disabled (private mode); the app keeps working for this page view.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readStored(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeStored(key, value === null || value === undefined ? null : JSON.stringify(value));
}
