import { accessibilityViolations, expect, open, test } from './helpers';
import { offerWithMedia } from './seed-data';

// The offer's video and 3D tour, beside the gallery: links that work without JavaScript; with it,
// the consent asked once for both, then each player at the gallery's full width.

const PLAYER = '<!doctype html><title>Player</title><p>Player</p>';

test('the video and the 3D tour start beside the gallery, at its width, with one consent (FR)', async ({
  page,
  request,
}) => {
  const media = await offerWithMedia(request, 'fr');
  await page.route(/https:\/\/(video|visite)\.example\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: PLAYER }),
  );
  await open(page, media.path);
  const gallery = page.getByRole('region', { name: 'Photos du bien' });
  const video = gallery.getByRole('link', { name: 'Vidéo', exact: true });
  const tour = gallery.getByRole('link', { name: 'Visite 3D', exact: true });
  await expect(video).toHaveAttribute('href', media.video);
  await expect(tour).toHaveAttribute('href', media.tour);

  await video.click();
  const consent = page.locator('.offer-media__consent');
  await expect(consent).toBeFocused();
  await expect(consent).toContainText(
    'La vidéo et la visite virtuelle sont fournies par des services tiers, qui peuvent déposer des cookies.',
  );
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Accepter et lancer' }).click();

  const player = page.getByRole('region', { name: 'Vidéo du bien' });
  await expect(player).toBeFocused();
  const frame = player.locator('iframe');
  await expect(frame).toHaveAttribute('src', media.video);
  const [frameBox, galleryBox] = [await frame.boundingBox(), await gallery.boundingBox()];
  expect(frameBox!.width).toBeGreaterThan(galleryBox!.width * 0.95);

  // The tour was accepted with the video: it starts at once, in the player's place.
  await tour.click();
  await expect(page.getByRole('button', { name: 'Accepter et lancer' })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Visite virtuelle 3D' }).locator('iframe'),
  ).toHaveAttribute('src', media.tour);
  await expect(page.locator('iframe')).toHaveCount(1);
  await page.getByRole('button', { name: 'Fermer : Visite virtuelle 3D' }).click();
  await expect(page.locator('iframe')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the video and the 3D tour are links beside the gallery (EN)', async ({ page, request }) => {
    const media = await offerWithMedia(request, 'en');
    await page.goto(media.path);
    const gallery = page.getByRole('region', { name: 'Photos of the property' });
    await expect(gallery.getByRole('link', { name: 'Video', exact: true })).toHaveAttribute(
      'href',
      media.video,
    );
    await expect(gallery.getByRole('link', { name: '3D tour', exact: true })).toHaveAttribute(
      'href',
      media.tour,
    );
  });
});
