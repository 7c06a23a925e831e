import type { IotWifiCreateBody, SiteWifiCreateBody, WifiShareCreated } from '@simshop/contract/iot-codes';
import { post } from '../../../lib/request.ts';

/** POST /api/site/wifiCreate: a Wi-Fi card for a network typed in. */
export function postSiteWifiCreate(body: Partial<SiteWifiCreateBody> & { ssid: string }): Promise<WifiShareCreated> {
  return post<WifiShareCreated>('/api/site/wifiCreate', body);
}

/** POST /api/iot/wifiCreate: a Wi-Fi card for a band of the card's device. */
export function postIotWifiCreate(body: Partial<IotWifiCreateBody>): Promise<WifiShareCreated> {
  return post<WifiShareCreated>('/api/iot/wifiCreate', body);
}
