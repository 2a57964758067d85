import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema } from '@portal/domain';

/** The login form's fields of the shared login request (the device id is added on submit). */
export const loginFormResolver = zodResolver(loginRequestSchema.omit({ deviceId: true }));
