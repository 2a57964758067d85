import { useEffect, useRef } from 'react';
import { Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { USER_MESSAGES } from '@portal/domain/rules';
import type { ManagedUser, SessionOrganization, UserForm } from '@portal/domain';
import { NotAllowed } from '@/components/not-allowed';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { userQuery } from '../api/users';
import { userFormResolver } from '../components/user-form-resolver';
import { formValuesOf, UserFormFields } from '../components/user-form-fields';
import { userStatus } from '../components/user-status';
import { useUserChanges } from './use-user-changes';

/** Spec 8: a user not found says so and goes back (to the list when there is no page to go back to). */
function useLeaveWhenNotFound(notFound: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!notFound) return;
    notify.warning(USER_MESSAGES.notFound);
    const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    if (canGoBack) navigate(-1);
    else navigate('/organization/users', { replace: true });
  }, [notFound, navigate]);
}

/** The user's name, email and status, and Activate/Deactivate (not for oneself). */
function UserDetailHeader({
  user,
  isSelf,
  toggling,
  onToggleActive,
}: {
  user: ManagedUser;
  isSelf: boolean;
  toggling: boolean;
  onToggleActive: () => void;
}) {
  const status = userStatus(user);
  return (
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
            onClick={onToggleActive}
          >
            {user.isActive ? 'Deactivate' : 'Activate'}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/**
 * /organization/users/{id} (spec 2, 4 "User detail", 6): Activate/Deactivate (not for oneself),
 * options, branches and roles with their 'All' boxes; one's own permissions are read-only.
 */
export function UserDetailPage() {
  const { id } = useParams();
  const userId = Number(id);
  const validId = Number.isInteger(userId) && userId > 0;
  const { user: me, organization } = useSession();
  const query = useQuery({ ...userQuery(userId), enabled: validId && me.roles.manageUsers });
  const user = query.data;

  // Spec 8: user not found → navigates back.
  const notFound = !validId || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));
  useLeaveWhenNotFound(notFound);

  if (!me.roles.manageUsers) return <NotAllowed what="User Administration" />;
  if (!user) {
    return (
      <Center p="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const reload = async () => (await query.refetch()).data;
  return <UserDetailForm key={user.id} user={user} myId={me.id} organization={organization} reload={reload} />;
}

/**
 * The form of a loaded user. It is drawn only once the user has loaded, with the user's values as
 * its first values (issue 31): no reset after the fields show, so nothing typed the moment they
 * appear is overwritten. A later answer (the organization refreshed, the user read again) replaces
 * the values only while nothing has been typed; after a save or an Activate/Deactivate the form
 * shows what was stored (useUserChanges).
 */
function UserDetailForm({
  user,
  myId,
  organization,
  reload,
}: {
  user: ManagedUser;
  myId: number;
  organization: SessionOrganization;
  reload: () => Promise<ManagedUser | undefined>;
}) {
  const form = useForm<UserForm>({
    resolver: userFormResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: formValuesOf(user, organization),
  });
  // Read while drawing, so the form state tracks it (react-hook-form's formState proxy).
  const { isDirty } = form.formState;
  const shown = useRef({ user, organization });
  useEffect(() => {
    if (shown.current.user === user && shown.current.organization === organization) return;
    shown.current = { user, organization };
    if (!isDirty) form.reset(formValuesOf(user, organization));
  }, [user, organization, isDirty, form]);
  const isSelf = user.id === myId;
  const { saving, toggling, onSubmit, toggleActive } = useUserChanges({ form, user, myId, organization, reload });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={900}>
        <UserDetailHeader user={user} isSelf={isSelf} toggling={toggling} onToggleActive={() => void toggleActive()} />
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
