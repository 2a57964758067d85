import { z } from 'zod';
import { useClientConfig } from '@/lib/client-config';

/** The payment part of `GET /api/client-config`: which gateway, Stripe's publishable key, the sales address. */
const paymentConfigSchema = z.object({
  paymentGateway: z.enum(['simulated', 'stripe']).catch('simulated'),
  stripePublishableKey: z.string().nullable().catch(null),
  salesEmail: z.string().catch(''),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export function usePaymentConfig(): PaymentConfig | null {
  const { data } = useClientConfig();
  return data ? paymentConfigSchema.parse(data) : null;
}
