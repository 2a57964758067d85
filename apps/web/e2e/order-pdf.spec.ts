import { readFile } from 'node:fs/promises';
import { pdfText } from '../../server/src/test-support/pdf-text';
import { apiFromPage, expect, login, test, USERS } from './fixtures';

/** Issue 20 "Order documents": 'Download PDF' on Order Details saves the order as a PDF with its number and SKUs. */
test.describe('order PDF', () => {
  test('Download PDF saves the order document with the order number, its SKUs and tracking numbers', async ({ page }) => {
    await login(page, USERS.admin, { branch: '101 Denver' });
    const { body: order } = await apiFromPage<{
      lines: { vendorProduct: string }[];
      shipments: { packages: { trackingNumber: string }[] }[];
    }>(page, 'GET', '/api/orders/detail/3910111?branchNumber=101');
    await page.goto('/orders/details/3910111');
    await expect(page.getByRole('heading', { name: 'Order 3910111', level: 1 })).toBeVisible();

    const downloadStarted = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe('order-3910111.pdf');
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = pdfText(bytes);
    expect(text).toContain('Order 3910111');
    expect(order.lines.length).toBeGreaterThan(0);
    for (const line of order.lines) expect(text).toContain(line.vendorProduct);
    for (const p of order.shipments.flatMap((s) => s.packages)) expect(text).toContain(p.trackingNumber);
  });

  test("an invoiced order's PDF carries its invoice", async ({ page }) => {
    await login(page, USERS.admin, { branch: '101 Denver' });
    await page.goto('/orders/details/3910119');
    const downloadStarted = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const text = pdfText(await readFile((await (await downloadStarted).path())!));
    expect(text).toContain('Order 3910119');
    expect(text).toContain('Invoice Total');
  });
});
