import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';

type NameDialogProps = {
  title: string;
  description?: ReactNode;
  initialName: string;
  /** The name's rule (a domain schema); its first message shows under the field. */
  schema: z.ZodType<string>;
  /** Saves the checked name; an ApiError's message shows under the field, anything else `failureText`. */
  onSave: (name: string) => Promise<void>;
  failureText: string;
  onClose: () => void;
};

/**
 * A dialog asking for one name (Save Cart, Rename Saved Cart): checked with the domain's schema
 * before anything is sent, saved, then closed; mount it while it should show.
 */
export function NameDialog({ title, description, initialName, schema, onSave, failureText, onClose }: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function save() {
    const parsed = schema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? failureText);
      return;
    }
    setPending(true);
    try {
      await onSave(parsed.data);
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : failureText);
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextInput
          label="Name"
          description={description}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
          maxLength={100}
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
