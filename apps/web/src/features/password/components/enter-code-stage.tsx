import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CHALLENGE_MESSAGES, PASSWORD_NOTICES } from '@portal/domain/rules';
import { requestCode, verifyCode } from '../api/secure-challenge';
import { showServerErrors } from '@/lib/server-errors';
import { useResendLock } from './use-resend-lock';

type Props = {
  email: string;
  /** A code from the URL (an emailed link): submitted at once (spec 4). */
  linkCode: string;
  sentAt: number | null;
  onResent: () => void;
  onVerified: (token: string) => void;
  onLinkCodeUsed: () => void;
  onChangeEmail: () => void;
};

// The code as typed: the server strips non-alphanumerics (spec 5), here only "required" is checked.
const codeFormSchema = z.object({
  challenge: z.string().refine((v) => v.replace(/[^A-Za-z0-9]/g, '').length > 0, { error: CHALLENGE_MESSAGES.codeRequired }),
});
type CodeForm = z.infer<typeof codeFormSchema>;

/** Stage 2 (spec 4): enter the code; resend is locked for 30 s after a code was sent. */
export function EnterCodeStage({ email, linkCode, sentAt, onResent, onVerified, onLinkCodeUsed, onChangeEmail }: Props) {
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const lockSeconds = useResendLock(sentAt);
  const autoSubmitted = useRef(false);
  const verified = useRef(false);
  const form = useForm<CodeForm>({
    resolver: zodResolver(codeFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { challenge: linkCode },
  });

  const onSubmit = form.handleSubmit(async ({ challenge }) => {
    setVerifying(true);
    try {
      const { challenge: token } = await verifyCode({ email, challenge });
      verified.current = true;
      onVerified(token);
    } catch (error) {
      showServerErrors(form, error, { fields: {}, fallbackField: 'challenge' });
    } finally {
      setVerifying(false);
    }
  });

  useEffect(() => {
    if (!linkCode || autoSubmitted.current) return;
    autoSubmitted.current = true;
    // A refused code leaves the address bar, so a reload does not submit it again (a verified one
    // is replaced by the token anyway).
    void onSubmit().then(() => {
      if (!verified.current) onLinkCodeUsed();
    });
  }, [linkCode, onSubmit, onLinkCodeUsed]);

  async function resend() {
    setResending(true);
    try {
      await requestCode(email);
      form.clearErrors();
      onResent();
    } catch (error) {
      showServerErrors(form, error, { fields: {}, fallbackField: 'challenge' });
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {sentAt !== null && (
          <Alert color="blue" role="status">
            {PASSWORD_NOTICES.codeSent(email)}
          </Alert>
        )}
        <Text size="sm">
          Email: <strong>{email}</strong>{' '}
          <Anchor component="button" type="button" size="sm" onClick={onChangeEmail}>
            Change Email
          </Anchor>
        </Text>
        <TextInput
          label="Code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          error={form.formState.errors.challenge?.message}
          {...form.register('challenge')}
        />
        <Group grow>
          <Button type="submit" loading={verifying}>
            Verify Code
          </Button>
          <Button variant="default" onClick={() => void resend()} disabled={lockSeconds > 0} loading={resending}>
            {lockSeconds > 0 ? `Resend Code (${lockSeconds})` : 'Resend Code'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
