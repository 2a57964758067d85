import { describe, expect, it, vi, beforeEach } from 'vitest';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { showServerErrors } from './server-errors';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

type Values = { email: string; branchNumbers: number[]; password: string };

function fakeForm() {
  const setError = vi.fn();
  return { form: { setError } as unknown as UseFormReturn<Values>, setError };
}

const refused = (...messages: { field: string; message: string }[]) => new ApiError(400, { messages });

describe('showServerErrors (spec 8)', () => {
  beforeEach(() => vi.mocked(notify.error).mockClear());

  it('puts each message under the field it names, by its first segment, and focuses the first', () => {
    const { form, setError } = fakeForm();
    showServerErrors(form, refused({ field: 'email', message: 'Taken.' }, { field: 'branches.0', message: 'Unknown branch.' }), {
      fields: { email: 'email', branches: 'branchNumbers' },
    });
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Taken.' }, { shouldFocus: true }],
      ['branchNumbers', { type: 'server', message: 'Unknown branch.' }, { shouldFocus: false }],
    ]);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('toasts a message for no field of the form when there is no fallback field', () => {
    const { form, setError } = fakeForm();
    showServerErrors(form, new ApiError(403, { messages: [{ field: '', message: 'You do not have permission to do that.' }] }), {
      fields: { email: 'email' },
    });
    expect(setError).not.toHaveBeenCalled();
    expect(notify.error).toHaveBeenCalledWith('You do not have permission to do that.');
  });

  it('puts a message for no field of the form under the fallback field', () => {
    const { form, setError } = fakeForm();
    showServerErrors(form, refused({ field: 'challenge', message: 'The code has expired.' }), { fields: {}, fallbackField: 'password' });
    expect(setError).toHaveBeenCalledWith('password', { type: 'server', message: 'The code has expired.' }, { shouldFocus: true });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('says the server failed when the error carries no messages', () => {
    const { form, setError } = fakeForm();
    showServerErrors(form, new TypeError('Failed to fetch'), { fields: {}, fallbackField: 'email' });
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'The server encountered an error. Please try again later.' },
      { shouldFocus: true },
    );
  });
});
