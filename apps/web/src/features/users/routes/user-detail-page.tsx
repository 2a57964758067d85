import { useEffect, useState } from 'react';
import { Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { USER_MESSAGES } from '@portal/domain/rules';
import type { ManagedUser, UserForm } from '@portal/domain';
import { NotAllowed } from '@/components/not-allowed';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { setSession, useSession } from '@/lib/session-store';
import { showServerErrors } from '@/lib/server-errors';
import { refreshSession, updateUser, userQuery, usersKey } from '../api/users';
import { userFormResolver } from '../components/user-form-resolver';
import { formValuesOf, permissionPayload, UserFormFields } from '../components/user-form-fields';
import { userStatus } from '../components/user-status';

const FIELD_MAP = {
  id: 'email',
  email: 'email',
  firstName: 'firstName',
  lastName: 'lastName',
  phone: 'phone',
  branches: 'branchNumbers',
  roles: 'roleKeys',
} as const;

/** The stored identity of a user: what an Activate/Deactivate call sends besides the new status. */
const identityOf = (user: ManagedUser) => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone,
});

/**
 * /organization/users/{id} (spec 2, 4 "User detail", 6): Activate/Deactivate (not for oneself),
 * options, branches and roles with their 'All' boxes; one's own permissions are read-only.
 */
export function UserDetailPage() {
  const { id } = useParams();
  const userId = Number(id);
  const validId = Number.isInteger(userId) && userId > 0;
  const { user: me, organization } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({ ...userQuery(userId), enabled: validId && me.roles.manageUsers });
  const [saving, setSaving] = useState(false);
  const [toggling, setToggling] = useState(false);
  const form = useForm<UserForm>({
    resolver: userFormResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: formValuesOf(undefined, organization),
  });
  const user = query.data;
  const isSelf = user?.id === me.id;

  useEffect(() => {
    if (user) form.reset(formValuesOf(user, organization));
  }, [user, organization, form]);

  // Spec 8: user not found → navigates back.
  const notFound = !validId || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));
  useEffect(() => {
    if (!notFound) return;
    notify.warning(USER_MESSAGES.notFound);
    const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    if (canGoBack) navigate(-1);
    else navigate('/organization/users', { replace: true });
  }, [notFound, navigate]);

  async function afterChange(saved: ManagedUser) {
    await Promise.all([query.refetch(), queryClient.invalidateQueries({ queryKey: usersKey, exact: true })]);
    // The shell shows one's own name from the session.
    if (saved.id === me.id) setSession(await refreshSession());
  }

  const onSubmit = form.handleSubmit(async (values) => {
    if (!user) return;
    setSaving(true);
    try {
      await updateUser(user.id, {
        id: user.id,
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone,
        // One's own permissions are not sent at all: the server would refuse any change anyway.
        ...(isSelf ? {} : permissionPayload(values, organization)),
      });
      notify.success(USER_MESSAGES.saved);
      await afterChange(user);
    } catch (error) {
      showServerErrors(form, error, { fields: FIELD_MAP });
    } finally {
      setSaving(false);
    }
  });

  /** Spec 4: Activate/Deactivate toggles isActive, then refetches. */
  async function toggleActive() {
    if (!user) return;
    setToggling(true);
    try {
      await updateUser(user.id, { ...identityOf(user), isActive: !user.isActive });
      notify.success(user.isActive ? USER_MESSAGES.deactivated : USER_MESSAGES.activated);
      await afterChange(user);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : 'The server encountered an error. Please try again later.');
    } finally {
      setToggling(false);
    }
  }

  if (!me.roles.manageUsers) return <NotAllowed what="User Administration" />;
  if (!user) {
    return (
      <Center p="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }

  const status = userStatus(user);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={900}>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1}>User Details</Title>
            <Text c="dimmed">
              {`${user.firstName} ${user.lastName}`.trim()} · {user.email}
            </Text>
          </div>
          <Group>
            <Badge color={status.color} variant="light" size="lg">
              {status.label}
            </Badge>
            {!isSelf && (
              <Button
                variant={user.isActive ? 'light' : 'filled'}
                color={user.isActive ? 'red' : 'teal'}
                loading={toggling}
                onClick={() => void toggleActive()}
              >
                {user.isActive ? 'Deactivate' : 'Activate'}
              </Button>
            )}
          </Group>
        </Group>
        <UserFormFields form={form} organization={organization} permissionsLocked={isSelf} />
        <Group>
          <Button type="submit" loading={saving}>
            Save
          </Button>
          <Button variant="default" onClick={() => form.reset(formValuesOf(user, organization))}>
            Reset
          </Button>
          <Button variant="subtle" component={Link} to="/organization/users">
            Back to Users
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
