import { useState } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { challengeRequestSchema, type ChallengeRequest } from '@portal/domain';
import type { PasswordReason } from '@portal/domain/rules';
import { requestCode } from '../api/secure-challenge';
import { showServerErrors } from '@/lib/server-errors';

type Props = { reason: PasswordReason; defaultEmail: string; onSent: (email: string) => void };

/** Stage 1 (spec 4): enter the email and send a code. */
export function RequestCodeStage({ reason, defaultEmail, onSent }: Props) {
  const [sending, setSending] = useState(false);
  const form = useForm<ChallengeRequest>({
    resolver: zodResolver(challengeRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setSending(true);
    try {
      await requestCode(email);
      onSent(email);
    } catch (error) {
      showServerErrors(form, error, { fields: {}, fallbackField: 'email' });
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">
          {reason === 'activate'
            ? 'Enter the email address of your account to receive an activation code.'
            : 'Enter the email address of your account to receive a code for a new password.'}
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" loading={sending}>
          Send Code
        </Button>
      </Stack>
    </form>
  );
}
