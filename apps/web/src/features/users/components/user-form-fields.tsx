import { Checkbox, Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { offeredRoles, ROLE_LABELS, USER_OPTION_LABELS, type RoleKey } from '@portal/domain/rules';
import type { ManagedUser, SessionOrganization, UserForm, UserInvite } from '@portal/domain';
import { CheckGroup } from './check-group';

/** Form values of a user (or an empty invite). Roles and branches are the effective ones (spec 6). */
/** The form field each field of a users call's error messages belongs to (`id`: the user's email). */
export const USER_FORM_FIELDS_OF_SERVER = {
  id: 'email',
  email: 'email',
  firstName: 'firstName',
  lastName: 'lastName',
  phone: 'phone',
  branches: 'branchNumbers',
  roles: 'roleKeys',
} as const;

export function formValuesOf(user: ManagedUser | undefined, organization: SessionOrganization): UserForm {
  const offered = offeredRoles(organization.roles);
  return {
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    phone: user?.phone ?? '',
    restrictedPricing: user?.restrictedPricing ?? false,
    limitOrderHistory: user?.limitOrderHistory ?? false,
    allowCashSales: user?.allowCashSales ?? false,
    useOrganizationBranches: user?.useOrganizationBranches ?? false,
    useOrganizationRoles: user?.useOrganizationRoles ?? false,
    branchNumbers: user?.branches.map((b) => b.branchNumber) ?? [],
    roleKeys: offered.filter((key) => user?.roles[key] === true),
  };
}

/** The permission part of a payload: only offered roles are sent, so storedPayments is never touched. */
export function permissionPayload(values: UserForm, organization: SessionOrganization) {
  const roles: Partial<Record<RoleKey, boolean>> = {};
  for (const key of offeredRoles(organization.roles)) roles[key] = values.roleKeys.includes(key);
  return {
    restrictedPricing: values.restrictedPricing,
    limitOrderHistory: values.limitOrderHistory,
    // Spec 6: offered only if the organization allows cash sales.
    ...(organization.allowCashSales ? { allowCashSales: values.allowCashSales } : {}),
    useOrganizationBranches: values.useOrganizationBranches,
    useOrganizationRoles: values.useOrganizationRoles,
    branches: values.branchNumbers.map((branchNumber) => ({ branchNumber })),
    roles,
  } satisfies Partial<UserInvite>;
}

type Props = {
  form: UseFormReturn<UserForm>;
  organization: SessionOrganization;
  /** One's own permissions are shown but cannot be changed (spec 6). */
  permissionsLocked?: boolean;
};

/** The fields of the user detail and invite pages (spec 2, 5, 6). */
export function UserFormFields({ form, organization, permissionsLocked = false }: Props) {
  const { errors } = form.formState;
  const [useOrganizationBranches, useOrganizationRoles, branchNumbers, roleKeys] = useWatch({
    control: form.control,
    name: ['useOrganizationBranches', 'useOrganizationRoles', 'branchNumbers', 'roleKeys'],
  });
  const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  const setAllBranches = (value: boolean) => form.setValue('useOrganizationBranches', value, options);
  const setAllRoles = (value: boolean) => form.setValue('useOrganizationRoles', value, options);
  const setBranches = (value: number[]) => form.setValue('branchNumbers', value, options);
  const setRoles = (value: RoleKey[]) => form.setValue('roleKeys', value, options);

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Email" type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
        <TextInput label="Phone" type="tel" autoComplete="off" error={errors.phone?.message} {...form.register('phone')} />
        <TextInput label="First Name" autoComplete="off" error={errors.firstName?.message} {...form.register('firstName')} />
        <TextInput label="Last Name" autoComplete="off" error={errors.lastName?.message} {...form.register('lastName')} />
      </SimpleGrid>
      {permissionsLocked && (
        <Text size="sm" c="dimmed">
          You cannot change your own permissions.
        </Text>
      )}
      <Fieldset legend="Options">
        <Stack gap="xs">
          <OptionBox form={form} name="restrictedPricing" disabled={permissionsLocked} />
          <OptionBox form={form} name="limitOrderHistory" disabled={permissionsLocked} />
          {organization.allowCashSales && <OptionBox form={form} name="allowCashSales" disabled={permissionsLocked} />}
        </Stack>
      </Fieldset>
      <CheckGroup
        legend="Branches"
        all={useOrganizationBranches}
        onAllChange={setAllBranches}
        items={organization.branches.map((b) => ({ value: b.branchNumber, label: `${b.branchNumber} ${b.name}` }))}
        selected={branchNumbers}
        onSelectedChange={setBranches}
        disabled={permissionsLocked}
        error={errors.branchNumbers?.message}
      />
      <CheckGroup
        legend="Roles"
        all={useOrganizationRoles}
        onAllChange={setAllRoles}
        items={offeredRoles(organization.roles).map((key) => ({ value: key, label: ROLE_LABELS[key] }))}
        selected={roleKeys}
        onSelectedChange={setRoles}
        disabled={permissionsLocked}
        error={errors.roleKeys?.message}
      />
    </Stack>
  );
}

type OptionName = keyof typeof USER_OPTION_LABELS;

/** One of the user options of spec 6, labelled as the spec describes it. */
function OptionBox({ form, name, disabled }: { form: UseFormReturn<UserForm>; name: OptionName; disabled: boolean }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Checkbox
          label={USER_OPTION_LABELS[name]}
          name={field.name}
          ref={field.ref}
          checked={field.value}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          disabled={disabled}
        />
      )}
    />
  );
}
