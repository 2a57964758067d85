// @vitest-environment happy-dom
/**
 * User Details keeps what the administrator types (issue 31): the form is drawn with the loaded
 * user's values, and a later answer for the same user (read again, or the organization refreshed)
 * replaces the values only while nothing has been typed.
 */
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagedUser } from '@portal/domain';

const { session } = vi.hoisted(() => ({
  session: {
    user: { id: 1, roles: { manageUsers: true } },
    organization: {
      roles: { checkout: true, orderHistory: true, manageUsers: true },
      allowCashSales: false,
      branches: [{ branchNumber: 101, name: 'Denver' }],
    },
  },
}));
vi.mock('@/lib/session-store', () => ({ useSession: () => session, setSession: vi.fn() }));
// The page's own reads stay unanswered: the test gives the answers (setQueryData).
vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: () => new Promise(() => {}) }));

const { UserDetailPage } = await import('./user-detail-page');
const { userQuery } = await import('../api/users');

const stored: ManagedUser = {
  id: 7,
  organizationId: 1,
  email: 'vera@summitlift.example.com',
  firstName: 'Vera',
  lastName: 'Viewer',
  phone: '3035550100',
  isActive: true,
  isVerified: true,
  restrictedPricing: false,
  limitOrderHistory: false,
  allowCashSales: false,
  subscriptions: {} as ManagedUser['subscriptions'],
  useOrganizationBranches: true,
  useOrganizationRoles: true,
  branches: [{ branchNumber: 101, name: 'Denver' }] as ManagedUser['branches'],
  roles: { checkout: true, orderHistory: true, manageUsers: false } as ManagedUser['roles'],
  lastLoginTime: null,
};

let unmount = () => {};
afterEach(() => unmount());

async function renderPage() {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(userQuery(stored.id).queryKey, stored);
  const router = createMemoryRouter([{ path: '/organization/users/:id', element: createElement(UserDetailPage) }], {
    initialEntries: [`/organization/users/${stored.id}`],
  });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      createElement(
        MantineProvider,
        null,
        createElement(QueryClientProvider, { client: queryClient }, createElement(RouterProvider, { router })),
      ),
    ),
  );
  unmount = () => {
    act(() => root.unmount());
    container.remove();
  };
  const field = (label: string) => {
    const id = [...container.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(label))?.htmlFor;
    return container.querySelector<HTMLInputElement>(`#${CSS.escape(id ?? '')}`)!;
  };
  // The query cache tells its observers on a later task: the act waits for it.
  const answerAgain = (changes: Partial<ManagedUser>) =>
    act(async () => {
      queryClient.setQueryData(userQuery(stored.id).queryKey, { ...stored, ...changes });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  return { field, answerAgain };
}

/** Types as a browser does: the input's value, then its input event (React's onChange). */
function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('User Details', () => {
  it('shows the loaded user at once, and a later answer does not overwrite what was typed', async () => {
    const { field, answerAgain } = await renderPage();
    expect(field('First Name').value).toBe('Vera');
    type(field('First Name'), 'Veronica');
    await answerAgain({ lastName: 'Changed Elsewhere' });
    expect(field('First Name').value).toBe('Veronica');
    expect(field('Last Name').value).toBe('Viewer');
  });

  it('shows a later answer while nothing has been typed', async () => {
    const { field, answerAgain } = await renderPage();
    await answerAgain({ lastName: 'Changed Elsewhere' });
    expect(field('Last Name').value).toBe('Changed Elsewhere');
  });
});
