import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { USER_MESSAGES } from '@portal/domain/rules';
import type { UserForm } from '@portal/domain';
import { NotAllowed } from '@/components/not-allowed';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { showServerErrors } from '@/lib/server-errors';
import { inviteUser, usersKey } from '../api/users';
import { userFormResolver } from '../components/user-form-resolver';
import { formValuesOf, permissionPayload, USER_FORM_FIELDS_OF_SERVER, UserFormFields } from '../components/user-form-fields';

/** /organization/users/invite: a new user gets an email with an activation link (spec 2, 5). */
export function InviteUserPage() {
  const { user: me, organization } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const form = useForm<UserForm>({
    resolver: userFormResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: formValuesOf(undefined, organization),
  });

  if (!me.roles.manageUsers) return <NotAllowed what="User Administration" />;

  const onSubmit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      const created = await inviteUser({
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone,
        ...permissionPayload(values, organization),
      });
      await queryClient.invalidateQueries({ queryKey: usersKey });
      notify.success(USER_MESSAGES.invited(created.email));
      navigate('/organization/users');
    } catch (error) {
      showServerErrors(form, error, { fields: USER_FORM_FIELDS_OF_SERVER });
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={900}>
        <Title order={1}>Invite User</Title>
        <Text size="sm" c="dimmed">
          The new user receives an email with a link to activate the account and choose a password.
        </Text>
        <UserFormFields form={form} organization={organization} />
        <Group>
          <Button type="submit" loading={saving}>
            Send Invitation
          </Button>
          <Button variant="default" component={Link} to="/organization/users">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
