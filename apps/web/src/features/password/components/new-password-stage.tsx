import { useState } from 'react';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { newPasswordFormSchema, type NewPasswordForm } from '@portal/domain';
import { ApiError } from '@/lib/api-client';
import { completeChallenge } from '../api/secure-challenge';
import { showServerErrors } from '@/lib/server-errors';

type Props = { email: string; token: string; onDone: () => void; onStartOver: () => void };

/** Stage 3 (spec 4): the new password, twice. */
export function NewPasswordStage({ email, token, onDone, onStartOver }: Props) {
  const [saving, setSaving] = useState(false);
  const [tokenRefused, setTokenRefused] = useState(false);
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setSaving(true);
    try {
      await completeChallenge({ email, password, challenge: token });
      onDone();
    } catch (error) {
      // Spec 8: the new-password step's messages default to the password field.
      showServerErrors(form, error, { fields: { password: 'password', confirmPassword: 'confirmPassword' }, fallbackField: 'password' });
      setTokenRefused(error instanceof ApiError && error.body.messages.some((m) => m.field === 'challenge'));
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <PasswordInput label="New Password" autoComplete="new-password" error={errors.password?.message} {...form.register('password')} />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" loading={saving}>
          Set Password
        </Button>
        {tokenRefused && (
          <Anchor component="button" type="button" size="sm" onClick={onStartOver}>
            Request a new code
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
