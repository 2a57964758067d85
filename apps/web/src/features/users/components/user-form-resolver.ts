import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { USER_MESSAGES } from '@portal/domain/rules';
import { userFormSchema, type UserForm } from '@portal/domain';

const fieldsResolver = zodResolver(userFormSchema);

/**
 * The user form's rules: the schema's field messages, plus the branch rule the server applies,
 * shown beside them even while another field (an empty email) is invalid.
 */
export const userFormResolver: Resolver<UserForm> = async (values, context, options) => {
  const result = await fieldsResolver(values, context, options);
  if (values.useOrganizationBranches || values.branchNumbers.length > 0) return result;
  return {
    values: {},
    errors: { ...result.errors, branchNumbers: { type: 'required', message: USER_MESSAGES.branchRequired } },
  };
};
