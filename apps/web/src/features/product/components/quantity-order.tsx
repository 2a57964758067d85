import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { cartItemInputOf, productQuantityOf } from '@portal/domain/rules';
import type { Product } from '@portal/domain';
import { useCartActions, useCartQuantity } from '@/app/providers/cart';

/**
 * Quantity box with 'Add To Cart' or, once the product is in the cart, 'Update Cart' (spec 2, for
 * the checkout role). Digits only: anything else puts back the cart quantity, or 1 (spec 5).
 */
export function QuantityOrder({ product }: { product: Product }) {
  const inCart = useCartQuantity(product.sku);
  const { addToCart, setCartQuantity } = useCartActions();
  const [text, setText] = useState(String(inCart > 0 ? inCart : 1));
  const [shownInCart, setShownInCart] = useState(inCart);
  if (shownInCart !== inCart) {
    setShownInCart(inCart);
    setText(String(inCart > 0 ? inCart : 1));
  }

  const normalize = () => {
    const quantity = productQuantityOf(text, inCart);
    setText(String(quantity));
    return quantity;
  };

  const submit = () => {
    const quantity = normalize();
    const item = cartItemInputOf(product);
    if (inCart > 0) setCartQuantity(product.catalog, item, quantity);
    else addToCart(product.catalog, item, quantity);
  };

  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label="Quantity"
        value={text}
        inputMode="numeric"
        w={96}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={normalize}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit();
        }}
      />
      <Button onClick={submit}>{inCart > 0 ? 'Update Cart' : 'Add To Cart'}</Button>
    </Group>
  );
}
