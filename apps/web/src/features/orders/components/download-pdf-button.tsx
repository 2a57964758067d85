import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSessionState } from '@/lib/session-store';
import { downloadOrderPdf } from '../api/order-pdf';

/** 'Download PDF' on Order Details (issue 20): the order document, with its invoice once invoiced. */
export function DownloadPdfButton({ documentNumber }: { documentNumber: number }) {
  const { branchNumber } = useSessionState();
  const [pending, setPending] = useState(false);
  async function download() {
    setPending(true);
    try {
      await downloadOrderPdf(documentNumber, branchNumber);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401))
        notify.error('The order PDF could not be downloaded. Please try again later.');
    } finally {
      setPending(false);
    }
  }
  return (
    <Button variant="outline" leftSection={<IconDownload size={16} aria-hidden />} loading={pending} onClick={() => void download()}>
      Download PDF
    </Button>
  );
}
