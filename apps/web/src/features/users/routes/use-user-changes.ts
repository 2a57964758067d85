/**
 * The changes User Details makes (spec 4 "User detail"): Save sends the form (one's own permissions
 * left out), Activate/Deactivate toggles isActive; after either the user and the list are read again.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { USER_MESSAGES } from '@portal/domain/rules';
import type { ManagedUser, SessionOrganization, UserForm } from '@portal/domain';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { setSession } from '@/lib/session-store';
import { showServerErrors } from '@/lib/server-errors';
import { refreshSession, updateUser, usersKey } from '../api/users';
import { formValuesOf, permissionPayload, USER_FORM_FIELDS_OF_SERVER } from '../components/user-form-fields';

/** The stored identity of a user: what an Activate/Deactivate call sends besides the new status. */
const identityOf = (user: ManagedUser) => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone,
});

export function useUserChanges({
  form,
  user,
  myId,
  organization,
  reload,
}: {
  form: UseFormReturn<UserForm>;
  /** The user shown, once loaded. */
  user: ManagedUser | undefined;
  /** The signed-in user's id: changing oneself also refreshes the session. */
  myId: number;
  organization: SessionOrganization;
  /** Reads the user shown again; answers the stored user. */
  reload: () => Promise<ManagedUser | undefined>;
}) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [toggling, setToggling] = useState(false);
  const isSelf = user?.id === myId;

  async function afterChange(saved: ManagedUser) {
    const [stored] = await Promise.all([reload(), queryClient.invalidateQueries({ queryKey: usersKey, exact: true })]);
    // The form shows what is stored now (typed values included), no longer changed.
    if (stored) form.reset(formValuesOf(stored, organization));
    // The shell shows one's own name from the session.
    if (saved.id === myId) setSession(await refreshSession());
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
      showServerErrors(form, error, { fields: USER_FORM_FIELDS_OF_SERVER });
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

  return { saving, toggling, onSubmit, toggleActive };
}
