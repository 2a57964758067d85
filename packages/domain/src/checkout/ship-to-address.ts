/**
 * The ship-to address of a checkout (spec 3 "Ship-to address": name, street1-3, city, state,
 * postalCode, country, phone, email) and the completeness rule the checkout form, the tax
 * recalculation and the server share (spec 5 "Checkout form", spec 4 "Tax recalculation").
 */
import { z } from 'zod';
import { nullAs } from '../api/common.js';
import { safeString } from '../validators.js';

const text = (max: number) => safeString().trim().max(max);

/** Every field is a string; completeness is a rule of its own so a draft can be stored and sent. */
export const shipToAddressSchema = z.object({
  name: text(100),
  street1: text(100),
  street2: text(100).default(''),
  street3: text(100).default(''),
  city: text(60),
  state: text(2),
  postalCode: text(10),
  country: text(2),
  phone: text(40),
  email: text(254),
});
export type ShipToAddress = z.infer<typeof shipToAddressSchema>;

/**
 * The ship-to address in a request body: the same fields, and the optional lines may be null (a card
 * provider's address element answers null for an empty second line).
 */
export const shipToAddressInputSchema = shipToAddressSchema.extend({
  street2: nullAs(text(100).default(''), ''),
  street3: nullAs(text(100).default(''), ''),
});
