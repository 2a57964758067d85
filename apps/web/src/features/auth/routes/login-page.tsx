import { useState } from 'react';
import { Anchor, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { deviceId } from '@/lib/device-id';
import { lazyResolver } from '@/lib/lazy-resolver';
import { setSession, useSessionState } from '@/lib/session-store';
import { readStored, STORAGE_KEYS, writeStored } from '@/lib/storage';
import { login } from '../api/login';

type LoginForm = { email: string; password: string };

// The first page most visitors load: its validation (zod and the shared schema) loads on first focus.
const loginValidation = lazyResolver<LoginForm>(async () => (await import('../components/login-form-resolver')).loginFormResolver);

/** /login (spec 2, 5): errors only after a submit attempt; server messages under their field, focused. */
export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { token } = useSessionState();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<LoginForm>({
    resolver: loginValidation.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: params.get('email') ?? readStored(STORAGE_KEYS.rememberedEmail) ?? '', password: '' },
  });
  const { errors } = form.formState;

  if (token) return <Navigate to="/dashboard" replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setSubmitting(true);
    try {
      const session = await login({ ...values, deviceId: deviceId() });
      writeStored(STORAGE_KEYS.rememberedEmail, values.email.trim());
      setSession(session);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/dashboard', { replace: true });
    } catch (error) {
      const messages = error instanceof ApiError ? error.body.messages : [];
      const first = messages[0] ?? { field: 'password', message: 'The server encountered an error. Please try again later.' };
      messages.forEach((m, i) => {
        const field = m.field === 'email' ? 'email' : 'password';
        form.setError(field, { type: 'server', message: m.message }, { shouldFocus: i === 0 });
      });
      if (messages.length === 0) form.setError('password', { type: 'server', message: first.message }, { shouldFocus: true });
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <form onSubmit={onSubmit} onFocus={loginValidation.prefetch} noValidate>
          <Stack>
            <Title order={1} size="h2">
              Dealer Portal Login
            </Title>
            <TextInput label="Email" type="email" autoComplete="username" error={errors.email?.message} {...form.register('email')} />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <Button type="submit" loading={submitting}>
              Login
            </Button>
            <Anchor component={Link} to="/password/reset" size="sm">
              Reset Password
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
