import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDate, hasRoles, SAVED_CART_MESSAGES } from '@portal/domain/rules';
import { savedCartNameSchema, type SavedCartSummary } from '@portal/domain';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { NameDialog } from '@/components/name-dialog';
import { NotAllowed } from '@/components/not-allowed';
import { ApiError } from '@/lib/api-client';
import { DIFFERENT_CATALOG_WARNING, useCartActions } from '@/app/providers/cart';
import { notify } from '@/lib/notify';
import { addedText, cartNoticeState } from '@/lib/priced-lines';
import { useSession, useSessionState } from '@/lib/session-store';
import { deleteSavedCart, loadSavedCart, renameSavedCart, SAVED_CARTS_KEY, useSavedCarts } from '../api/saved-carts';

type Dialog = { kind: 'rename' | 'delete'; cart: SavedCartSummary } | null;

/** The table's columns; the last holds each cart's buttons, named by the cart (aria-describedby). */
function savedCartColumns({
  catalogLabel,
  loadingId,
  onAdd,
  onManage,
}: {
  catalogLabel: (catalogId: string) => string;
  /** The cart being added to the cart: its button shows it loading. */
  loadingId: number | null;
  onAdd: (cart: SavedCartSummary) => void;
  /** Rename or Delete chosen: the page opens that dialog. */
  onManage: (dialog: Dialog) => void;
}): StackedColumn<SavedCartSummary>[] {
  return [
    { header: 'Name', stacked: 'title', cell: (c) => c.name },
    { header: 'Catalog', cell: (c) => catalogLabel(c.catalog) },
    { header: 'Owner', cell: (c) => c.owner.name },
    { header: 'Date', nowrap: true, cell: (c) => formatDate(c.updatedAt) },
    { header: 'Items', align: 'right', cell: (c) => `${c.lineCount} (${c.unitCount} ${c.unitCount === 1 ? 'unit' : 'units'})` },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (c) => (
        <Group gap="xs" wrap="wrap">
          <Button size="xs" loading={loadingId === c.id} onClick={() => onAdd(c)} aria-describedby={`saved-cart-${c.id}`}>
            Add To Cart
          </Button>
          {c.canManage && (
            <>
              <Button size="xs" variant="default" onClick={() => onManage({ kind: 'rename', cart: c })}>
                Rename
              </Button>
              <Button size="xs" variant="outline" color="red" onClick={() => onManage({ kind: 'delete', cart: c })}>
                Delete
              </Button>
            </>
          )}
          <span id={`saved-cart-${c.id}`} hidden>
            {c.name}
          </span>
        </Group>
      ),
    },
  ];
}

/**
 * Saved Carts (issue 20, route /saved-carts): the organization's saved carts of the current branch
 * with owner and date. Each can be added to the cart (priced today) and, by its owner or a user
 * administrator, renamed or deleted.
 */
export function SavedCartsPage() {
  const { user } = useSession();
  const { branchNumber, destinationState } = useSessionState();
  const query = useSavedCarts(branchNumber);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addPricedLines } = useCartActions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [loadingId, setLoadingId] = useState<number | null>(null);

  if (!hasRoles(user.roles, 'checkout')) return <NotAllowed what="the saved carts" />;

  const catalogLabel = (id: string) => user.catalogs.find((c) => c.id === id)?.label ?? id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [SAVED_CARTS_KEY] });

  async function addToCart(cart: SavedCartSummary) {
    if (branchNumber === null) return;
    setLoadingId(cart.id);
    try {
      const answer = await loadSavedCart(cart.id, branchNumber, destinationState);
      const result = addPricedLines(answer);
      if (result.differentCatalog) {
        notify.warning(DIFFERENT_CATALOG_WARNING);
        return;
      }
      navigate('/shopping-cart', {
        state: cartNoticeState({ message: `${cart.name}: ${addedText(result.addedLines, result.addedUnits)}`, rejected: result.rejected }),
      });
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : 'The saved cart could not be loaded. Please try again later.');
      if (error instanceof ApiError && error.status === 404) void refresh();
    } finally {
      setLoadingId(null);
    }
  }

  const columns = savedCartColumns({
    catalogLabel,
    loadingId,
    onAdd: (cart) => void addToCart(cart),
    onManage: setDialog,
  });

  const rows = query.data ?? [];
  return (
    <Stack gap="lg">
      <Title order={1}>Saved Carts</Title>
      {branchNumber === null ? (
        <Text>Select a branch to see its saved carts.</Text>
      ) : query.isError ? (
        <Text role="alert">The saved carts could not be loaded. Please try again later.</Text>
      ) : (
        <StackedTable
          aria-label="Saved carts"
          columns={columns}
          rows={rows}
          rowKey={(c) => c.id}
          minWidth={760}
          striped
          caption={
            query.isPending ? 'Loading saved carts...' : `${rows.length} saved ${rows.length === 1 ? 'cart' : 'carts'} of this branch`
          }
          emptyText={query.isPending ? 'Loading...' : 'No saved carts yet. Use Save Cart on the shopping cart to keep one.'}
        />
      )}
      {dialog?.kind === 'rename' && branchNumber !== null && (
        <RenameDialog cart={dialog.cart} branchNumber={branchNumber} onClose={() => setDialog(null)} onDone={refresh} />
      )}
      {dialog?.kind === 'delete' && branchNumber !== null && (
        <DeleteDialog cart={dialog.cart} branchNumber={branchNumber} onClose={() => setDialog(null)} onDone={refresh} />
      )}
    </Stack>
  );
}

type DialogProps = { cart: SavedCartSummary; branchNumber: number; onClose: () => void; onDone: () => Promise<unknown> };

function RenameDialog({ cart, branchNumber, onClose, onDone }: DialogProps) {
  async function rename(name: string) {
    await renameSavedCart(cart.id, branchNumber, name);
    notify.success(SAVED_CART_MESSAGES.renamed(name));
    await onDone();
  }
  return (
    <NameDialog
      title="Rename Saved Cart"
      initialName={cart.name}
      schema={savedCartNameSchema}
      onSave={rename}
      failureText="The saved cart could not be renamed. Please try again later."
      onClose={onClose}
    />
  );
}

function DeleteDialog({ cart, branchNumber, onClose, onDone }: DialogProps) {
  const [pending, setPending] = useState(false);

  async function remove() {
    setPending(true);
    try {
      await deleteSavedCart(cart.id, branchNumber);
      notify.warning(SAVED_CART_MESSAGES.deleted(cart.name));
      await onDone();
      onClose();
    } catch (e) {
      notify.error(e instanceof ApiError ? e.message : 'The saved cart could not be deleted. Please try again later.');
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title="Delete Saved Cart" size="sm" centered>
      <Text>Are you sure you want to delete the saved cart {cart.name}?</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" loading={pending} onClick={() => void remove()}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
