/** The zod-free rules of saved-carts.ts (its API schemas stay there); exported through src/rules.ts. */

export const SAVED_CART_NAME_MAX = 100;

export const SAVED_CART_MESSAGES = {
  nameRequired: 'The name is required.',
  nameTooLong: `The name may have at most ${SAVED_CART_NAME_MAX} characters.`,
  itemsRequired: 'The cart is empty.',
  duplicateSku: 'Each SKU may appear only once in a saved cart.',
  notInCatalog: 'The product is not in this catalog.',
  notFound: 'The saved cart was not found.',
  notOwner: 'Only its owner or a user administrator may change this saved cart.',
  saved: (name: string) => `Saved the cart as ${name}.`,
  renamed: (name: string) => `Renamed the saved cart to ${name}.`,
  deleted: (name: string) => `Deleted the saved cart ${name}.`,
} as const;
