import { useCallback, useState } from 'react';
import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { PASSWORD_NOTICES, PASSWORD_REASONS, PASSWORD_TITLES, type PasswordReason } from '@portal/domain/rules';
import { notify } from '@/lib/notify';
import { EnterCodeStage } from '../components/enter-code-stage';
import { NewPasswordStage } from '../components/new-password-stage';
import { RequestCodeStage } from '../components/request-code-stage';

const isReason = (value: string | undefined): value is PasswordReason => PASSWORD_REASONS.includes(value as PasswordReason);

/**
 * /password/{activate|reset} (spec 2, 4): three stages kept in the URL query, so an emailed link can
 * open any of them: no query → stage 1; `email` → stage 2 (a `code` with it is submitted at once);
 * `email` and `token` → stage 3.
 */
export function PasswordPage() {
  const { reason } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [sentAt, setSentAt] = useState<number | null>(null);
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token') ?? '';
  const linkCode = params.get('code') ?? '';

  const dropLinkCode = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('code');
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  if (!isReason(reason)) return <Navigate to="/password/reset" replace />;
  const stage = email && token ? 3 : email ? 2 : 1;

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={440}>
        <Stack>
          <Title order={1} size="h2">
            {PASSWORD_TITLES[reason]}
          </Title>
          <Text size="sm" c="dimmed">
            Step {stage} of 3
          </Text>
          {stage === 1 && (
            <RequestCodeStage
              reason={reason}
              defaultEmail={params.get('for') ?? ''}
              onSent={(sentTo) => {
                setSentAt(Date.now());
                setParams({ email: sentTo });
              }}
            />
          )}
          {stage === 2 && (
            <EnterCodeStage
              key={email}
              email={email}
              linkCode={linkCode}
              sentAt={sentAt}
              onResent={() => setSentAt(Date.now())}
              onVerified={(verified) => setParams({ email, token: verified }, { replace: !!linkCode })}
              onLinkCodeUsed={dropLinkCode}
              onChangeEmail={() => setParams({ for: email })}
            />
          )}
          {stage === 3 && (
            <NewPasswordStage
              email={email}
              token={token}
              onStartOver={() => setParams({ for: email })}
              onDone={() => {
                notify.success(reason === 'activate' ? PASSWORD_NOTICES.activated : PASSWORD_NOTICES.reset);
                navigate(`/login?${new URLSearchParams({ email })}`, { replace: true });
              }}
            />
          )}
          <Anchor component={Link} to="/login" size="sm">
            Back to Login
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
