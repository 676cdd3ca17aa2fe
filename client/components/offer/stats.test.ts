import { describe, expect, it } from 'vitest';
import type { PortalApi } from '../../../shared/portal-api';
import { sendOfferStat } from './stats';

// An offer page's statistics go through the page's PortalApi: out of the progress bar, and
// still sent when the visitor leaves right after the click.

function recordingApi() {
  const sent: { name: string; body: unknown; options: unknown }[] = [];
  const api: PortalApi = {
    get: () => Promise.reject(new Error('no reads here')),
    send: async (name, body, options) => {
      sent.push({ name, body, options });
      return { id: 1 } as never;
    },
  };
  return { api, sent };
}

describe('offer statistics', () => {
  it('sends the type and the offer id as a background call that outlives the page', async () => {
    const { api, sent } = recordingApi();
    await sendOfferStat(api, 'telephone', 42);
    expect(sent).toEqual([
      {
        name: 'stat',
        body: { type: 'telephone', id: 42 },
        options: { background: true, keepalive: true },
      },
    ]);
  });

  it.each([null, undefined, 0, -3, 1.5])('sends nothing without an offer id (%j)', async (id) => {
    const { api, sent } = recordingApi();
    await expect(sendOfferStat(api, 'detail', id)).rejects.toThrow(/offer id/);
    expect(sent).toEqual([]);
  });
});
