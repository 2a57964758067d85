import { useEffect, useState } from 'react';
import { Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { PROFILE_MESSAGES, SUBSCRIPTION_FIELDS, SUBSCRIPTION_OPTIONS } from '@portal/domain/rules';
import { profileUpdateSchema, type ProfileUpdate, type SessionUser, type SubscriptionValue } from '@portal/domain';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { setSession, useSession } from '@/lib/session-store';
import { refreshSession, saveProfile } from '../api/profile';
import { SavedCardsSection } from '../components/saved-cards-section';

const valuesOf = (user: SessionUser): ProfileUpdate => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone,
  subscriptions: { ...user.subscriptions },
});

/**
 * The profile form, from the session's user: Save stores it and reloads the refreshed session's
 * values; a failed save says why and reloads the saved values (spec 8).
 */
function useProfileForm(user: SessionUser) {
  const [saving, setSaving] = useState(false);
  const form = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    mode: 'all',
    defaultValues: valuesOf(user),
  });

  /** Back to the session's values, with their errors shown at once. */
  function reload(from: SessionUser) {
    form.reset(valuesOf(from));
    void form.trigger();
  }

  // Validate on arrival: a stored value that is invalid (say, no phone) shows its error style.
  useEffect(() => {
    void form.trigger();
  }, [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await saveProfile(user.id, values);
      const session = await refreshSession();
      setSession(session);
      reload(session.user);
      notify.success(PROFILE_MESSAGES.saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      const messages = error instanceof ApiError ? error.body.messages.map((m) => m.message).join(' ') : '';
      notify.error(messages ? `${PROFILE_MESSAGES.saveFailed} ${messages}` : PROFILE_MESSAGES.saveFailed);
      reload(await savedUserOr(user));
    } finally {
      setSaving(false);
    }
  });

  return { form, saving, reload, onSubmit };
}

/** The user as the server now has it (the session refreshed), or `loaded` when that cannot be read. */
async function savedUserOr(loaded: SessionUser): Promise<SessionUser> {
  try {
    const session = await refreshSession();
    setSession(session);
    return session.user;
  } catch {
    // Keep the values of the session already loaded.
    return loaded;
  }
}

/**
 * /account/profile (spec 2 "Profile", 5): invalid fields show their error style even untouched,
 * and save is blocked while any is invalid; after a save the session is refreshed; a failed save
 * reloads the saved values (spec 8).
 */
export function ProfilePage() {
  const { user } = useSession();
  const { form, saving, reload, onSubmit } = useProfileForm(user);
  const { errors, isValid } = form.formState;

  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <Stack maw={720}>
          <Title order={1}>Profile</Title>
          <Text>
            Account Email: <strong>{user.email}</strong>
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
            <TextInput label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
            <TextInput label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
          </SimpleGrid>
          <Fieldset legend="Email Subscriptions">
            <Stack gap="sm">
              {SUBSCRIPTION_FIELDS.map(({ key, label }) => (
                <Controller
                  key={key}
                  control={form.control}
                  name={`subscriptions.${key}`}
                  render={({ field }) => (
                    <NativeSelect
                      label={label}
                      data={SUBSCRIPTION_OPTIONS}
                      name={field.name}
                      ref={field.ref}
                      value={field.value}
                      onBlur={field.onBlur}
                      onChange={(event) => field.onChange(event.currentTarget.value as SubscriptionValue)}
                    />
                  )}
                />
              ))}
            </Stack>
          </Fieldset>
          <Group>
            <Button variant="default" onClick={() => reload(user)}>
              Reset
            </Button>
            <Button type="submit" loading={saving} disabled={!isValid}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      {user.roles.storedPayments && <SavedCardsSection />}
    </>
  );
}
