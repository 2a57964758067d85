import { readStored, STORAGE_KEYS, writeStored } from './storage';

/** A random id generated once per browser and sent with every login (spec 4 "Session"). */
export function deviceId(): string {
  const existing = readStored(STORAGE_KEYS.deviceId);
  if (existing) return existing;
  const created = crypto.randomUUID();
  writeStored(STORAGE_KEYS.deviceId, created);
  return created;
}
