/**
 * The signed-in state the whole app shares: token, session answer, chosen branch and destination
 * state. Persisted in localStorage so a reload refreshes the stored session (spec 4).
 */
import type { Session } from '@portal/domain';
import type { StateCode } from '@portal/domain/rules';
import { isStateCode } from '@portal/domain/rules';
import { createStore, useStore } from './external-store';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

export type SessionState = {
  token: string | null;
  session: Session | null;
  branchNumber: number | null;
  destinationState: StateCode | null;
  /** A screen asked for a destination state (e.g. the catalog); the shell opens the chooser. */
  destinationStateRequested: boolean;
};

function initialState(): SessionState {
  const storedBranch = Number(readStored(STORAGE_KEYS.branchNumber));
  const storedState = readStored(STORAGE_KEYS.destinationState);
  return {
    token: readStored(STORAGE_KEYS.sessionToken),
    session: null,
    branchNumber: Number.isInteger(storedBranch) && storedBranch > 0 ? storedBranch : null,
    destinationState: isStateCode(storedState) ? storedState : null,
    destinationStateRequested: false,
  };
}

export const sessionStore = createStore<SessionState>(initialState());

export function useSessionState(): SessionState {
  return useStore(sessionStore);
}

/** The session of a signed-in screen; the route guard renders those screens only once it is loaded. */
export function useSession(): Session {
  const { session } = useSessionState();
  if (!session) throw new Error('useSession outside a signed-in route');
  return session;
}

/** After login or refresh: keep the token, and pick the branch (a single branch is chosen for the user). */
export function setSession(session: Session): void {
  writeStored(STORAGE_KEYS.sessionToken, session.id);
  writeStored(STORAGE_KEYS.sessionEmail, session.user.email);
  sessionStore.set((state) => {
    const branches = session.user.branches;
    const stillValid = branches.some((b) => b.branchNumber === state.branchNumber);
    const branchNumber = stillValid ? state.branchNumber : branches.length === 1 ? branches[0]!.branchNumber : null;
    writeStored(STORAGE_KEYS.branchNumber, branchNumber === null ? null : String(branchNumber));
    return { ...state, token: session.id, session, branchNumber };
  });
}

export function chooseBranch(branchNumber: number): void {
  writeStored(STORAGE_KEYS.branchNumber, String(branchNumber));
  sessionStore.set((state) => ({ ...state, branchNumber }));
}

export function chooseDestinationState(code: StateCode | null): void {
  writeStored(STORAGE_KEYS.destinationState, code);
  sessionStore.set((state) => ({ ...state, destinationState: code, destinationStateRequested: false }));
}

export function requestDestinationState(requested = true): void {
  sessionStore.set((state) => ({ ...state, destinationStateRequested: requested }));
}

/** Logout or a dead session: forget everything that belongs to the session (spec 4). */
export function clearSession(): void {
  writeStored(STORAGE_KEYS.sessionToken, null);
  writeStored(STORAGE_KEYS.sessionEmail, null);
  writeStored(STORAGE_KEYS.branchNumber, null);
  writeStored(STORAGE_KEYS.destinationState, null);
  sessionListeners.forEach((listener) => listener());
  sessionStore.set({ token: null, session: null, branchNumber: null, destinationState: null, destinationStateRequested: false });
}

/** Features that keep per-session data (the cart, the stored checkout) register here to be cleared at logout. */
const sessionListeners = new Set<() => void>();
export function onSessionCleared(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}
