import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ADDRESS_MESSAGES, formatPhone, formatZip } from '@portal/domain/rules';
import type { SavedAddress, ShipToAddress } from '@portal/domain';
import { NotAllowed } from '@/components/not-allowed';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { addressesKey, addressesQuery, createAddress, deleteAddress, updateAddress } from '../api/addresses';
import { AddressFormModal } from '../components/address-form-modal';

const streetText = (a: SavedAddress) => [a.street1, a.street2, a.street3].filter(Boolean).join(', ');
const cityText = (a: SavedAddress) => `${a.city}, ${a.state} ${formatZip(a.postalCode)}`;

/** The address book's table, each row with its 'Edit' and 'Delete'. */
function addressColumns({
  onEdit,
  onDelete,
}: {
  onEdit: (address: SavedAddress) => void;
  onDelete: (address: SavedAddress) => void;
}): StackedColumn<SavedAddress>[] {
  return [
    { header: 'Name', stacked: 'title', cell: (a) => a.name },
    { header: 'Street', cell: streetText },
    { header: 'City', cell: cityText },
    { header: 'Phone', nowrap: true, cell: (a) => formatPhone(a.phone) },
    { header: 'Email', cell: (a) => <span style={{ overflowWrap: 'anywhere' }}>{a.email}</span> },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (a) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" aria-label={`Edit ${a.name}`} onClick={() => onEdit(a)}>
            Edit
          </Button>
          <Button size="xs" variant="default" color="red" aria-label={`Delete ${a.name}`} onClick={() => onDelete(a)}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];
}

/** The page's title, with 'Refresh' and 'Add Address' beside it. */
function AddressesHeader({ refreshing, onRefresh, onAdd }: { refreshing: boolean; onRefresh: () => void; onAdd: () => void }) {
  return (
    <Group justify="space-between">
      <Title order={1}>Addresses</Title>
      <Group gap="xs">
        <Tooltip label="Refresh">
          <ActionIcon variant="default" size="lg" aria-label="Refresh" onClick={onRefresh} loading={refreshing}>
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Add Address">
          <ActionIcon size="lg" aria-label="Add Address" onClick={onAdd}>
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/** 'Delete Address': asks before the address given is deleted; closed while there is none. */
function DeleteAddressModal({
  address,
  onCancel,
  onConfirm,
}: {
  address: SavedAddress | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={address !== null} onClose={onCancel} title="Delete Address">
      <Stack>
        <Text>Delete {address?.name}?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /organization/addresses (issue 20, manageUsers): the organization's ship-to addresses. */
export function AddressesPage() {
  const { user: me } = useSession();
  const queryClient = useQueryClient();
  const addresses = useQuery({ ...addressesQuery(), enabled: me.roles.manageUsers });
  const [editing, setEditing] = useState<SavedAddress | null>(null);
  const [formOpened, setFormOpened] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);

  if (!me.roles.manageUsers) {
    return <NotAllowed what="the address book" />;
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: addressesKey });
  const openForm = (address: SavedAddress | null) => {
    setEditing(address);
    setFormKey((k) => k + 1);
    setFormOpened(true);
  };
  async function save(fields: ShipToAddress) {
    if (editing) await updateAddress(editing.id, fields);
    else await createAddress(fields);
    setFormOpened(false);
    notify.success(ADDRESS_MESSAGES.saved);
    await refresh();
  }
  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteAddress(deleting.id);
      notify.success(ADDRESS_MESSAGES.deleted);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401))
        notify.error(error instanceof ApiError ? error.message : ADDRESS_MESSAGES.notFound);
    }
    setDeleting(null);
    await refresh();
  }

  const columns = addressColumns({ onEdit: openForm, onDelete: setDeleting });

  return (
    <Stack>
      <AddressesHeader refreshing={addresses.isFetching} onRefresh={() => void addresses.refetch()} onAdd={() => openForm(null)} />
      <Text c="dimmed" size="sm">
        Ship-to addresses everyone who checks out can choose with &lsquo;Choose Saved Address&rsquo;.
      </Text>
      {addresses.isError && <Text role="alert">The addresses could not be loaded. Please try again later.</Text>}
      <StackedTable
        aria-label="Addresses"
        columns={columns}
        rows={addresses.data ?? []}
        rowKey={(a) => a.id}
        minWidth={860}
        emptyText={addresses.isFetching ? undefined : 'No saved addresses.'}
        striped
      />
      <AddressFormModal key={formKey} opened={formOpened} address={editing} onClose={() => setFormOpened(false)} onSave={save} />
      <DeleteAddressModal address={deleting} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
    </Stack>
  );
}
