import { chooseDestinationState, expect, LIFTS_SKU, login, seedCart, test, USERS } from './fixtures';
import { withFakeCameraShowing } from './fake-camera';

/**
 * 'Scan QR Code' on the checkout page (spec 2 "Checkout page", spec 9 "Badge scanner"): Chromium's
 * fake camera plays a video of a seeded badge's QR code (apps/server/src/seed/badges.ts), the
 * scanner decodes it, the badge lookup answers the registration, and the form is filled.
 */

const BADGE_ID = 'SEMA-1002';
withFakeCameraShowing(BADGE_ID);

test('Scan QR Code fills the shipping address and email from an event badge', async ({ page }) => {
  // Keeps the camera tracks the page opens, to prove the scanner stops the camera when it closes.
  await page.addInitScript(() => {
    // Tracks, not streams: the scanner removes the tracks from its stream when it stops them.
    const tracks: MediaStreamTrack[] = [];
    (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks = tracks;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      tracks.push(...stream.getTracks());
      return stream;
    };
  });
  await login(page, USERS.admin, { branch: '101 Denver' });
  await chooseDestinationState(page, 'Colorado');
  await seedCart(page, USERS.admin, [[LIFTS_SKU.smallParcel, 1]], { branchNumber: 101 });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(USERS.admin);

  await page.getByRole('button', { name: 'Scan QR Code' }).click();
  const modal = page.getByRole('dialog', { name: 'Scan QR Code' });
  await expect(modal).toBeVisible();
  // The badge is decoded from the camera, looked up, and the modal closes (stopping the camera).
  await expect(modal).toBeHidden({ timeout: 20_000 });
  const trackStates = () =>
    page.evaluate(() => (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks.map((t) => t.readyState));
  await expect.poll(trackStates).toEqual(['ended']);

  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('alicia.fuentes@fuentestire.example.com');
  await expect(page.getByLabel('Full Name')).toHaveValue('Alicia Fuentes');
  await expect(page.getByLabel('Address Line 1')).toHaveValue('918 S Flores St');
  await expect(page.getByLabel('Address Line 2')).toHaveValue('Suite 4');
  await expect(page.getByLabel('City')).toHaveValue('San Antonio');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('TX');
  await expect(page.getByLabel('ZIP Code')).toHaveValue('78204');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expect(page.getByLabel('Phone')).toHaveValue('2105550178');
});
