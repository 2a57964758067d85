/**
 * /sema, the event badge scan (spec 2 "Scan QR Code"; only for organizations with allowBadgeScan,
 * spec 6): Scan opens the camera; a decoded badge is followed by the marketing question, and the
 * answer saves the badge as a lead (`POST /api/event/badgescan`) and adds it to the table of this
 * visit's scans. Below, the organization's leads as the server keeps them (`GET /api/event/leads`)
 * and 'Export Leads CSV' (issue 34; interface-contract.md "Everyday screens").
 */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconQrcode } from '@tabler/icons-react';
import { BADGE_MESSAGES } from '@portal/domain/rules';
import { NotAllowed } from '@/components/not-allowed';
import { notifyBadgeFailure, QrScanModal } from '@/components/qr-scan-modal';
import { useSession } from '@/lib/session-store';
import { saveBadgeScan } from '../api/badge-scan';
import { downloadLeadsExport, LEADS_KEY, useLeads } from '../api/leads';
import { LeadsTable, ScannedBadgesTable, type ScannedBadge } from '../components/scanned-badges-table';

export function BadgeScanPage() {
  const { organization } = useSession();
  const [cameraOpen, setCameraOpen] = useState(false);
  /** The decoded QR text waiting for the visitor's answer to the marketing question. */
  const [pendingBadge, setPendingBadge] = useState<string | null>(null);
  const [scanned, setScanned] = useState<ScannedBadge[]>([]);
  const nextKey = useRef(1);
  const queryClient = useQueryClient();
  const leads = useLeads(organization.allowBadgeScan);
  const [exporting, setExporting] = useState(false);

  if (!organization.allowBadgeScan) return <NotAllowed what="the badge scan" />;

  async function answer(allowMarketing: boolean) {
    const badge = pendingBadge;
    setPendingBadge(null);
    if (!badge) return;
    try {
      const details = await saveBadgeScan({ badge, allowMarketing });
      setScanned((current) => [{ key: nextKey.current++, details }, ...current]);
      void queryClient.invalidateQueries({ queryKey: LEADS_KEY });
    } catch (error) {
      notifyBadgeFailure(error);
    }
  }

  async function exportLeads() {
    setExporting(true);
    try {
      await downloadLeadsExport();
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack>
      <Title order={1}>Scan QR Code</Title>
      <Text size="sm" c="dimmed">
        Scan an attendee&apos;s event badge to save them as a lead of your organization.
      </Text>
      <Group>
        <Button leftSection={<IconQrcode size={18} aria-hidden />} onClick={() => setCameraOpen(true)}>
          Scan
        </Button>
      </Group>
      <ScannedBadgesTable badges={scanned} />

      <Group justify="space-between" align="flex-end" mt="md">
        <Title order={2} size="h3">
          Leads
        </Title>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting}
          onClick={() => void exportLeads()}
        >
          Export Leads CSV
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Every badge your organization has scanned, the latest first.
      </Text>
      <LeadsTable leads={leads.data?.leads ?? []} loading={leads.isPending} />

      <QrScanModal opened={cameraOpen} onClose={() => setCameraOpen(false)} onDecoded={setPendingBadge} />

      {/* The visitor answers before the badge is saved; closing without an answer drops the scan. */}
      <Modal opened={pendingBadge !== null} onClose={() => setPendingBadge(null)} title={BADGE_MESSAGES.marketingQuestion} centered>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void answer(false)}>
            No
          </Button>
          <Button onClick={() => void answer(true)} data-autofocus>
            Yes
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
