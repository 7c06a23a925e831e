import type { OfficialAuthReply } from '@simshop/contract/iot-account';
import { get } from '../../../lib/request.ts';

/**
 * GET /api/iot/simOfficialAuth, or deviceOfficialAuth for a SIM of the device: the carrier's
 * real-name page with the card's ICCID; the browser goes there and comes back to `back`.
 */
export async function openOfficialAuth(opts: { device: boolean; simNo?: string; back: string }): Promise<void> {
  const reply = await get<OfficialAuthReply>(opts.device ? '/api/iot/deviceOfficialAuth' : '/api/iot/simOfficialAuth', {
    simNo: opts.simNo,
    back: `/shop/#${opts.back}`,
  });
  window.location.assign(reply.url);
}
