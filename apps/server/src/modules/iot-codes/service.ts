/**
 * Wi-Fi cards and machine codes. A Wi-Fi card shows one network to whoever holds its link until it
 * ends or its owner withdraws it; a card of a device's band stops working once the device's name or
 * password changes (changing the password is how a holder shuts guests out). A machine code opens
 * the recharge page of a device (its card in use) or of a plain SIM without a login: the page shows
 * the masked number, the operator and the top-up offers, and allows a balance top-up, nothing else.
 */
import { createHash, randomBytes } from 'node:crypto';
import type {
  IotWifiCreateBody,
  MyOneCode,
  OneCodeBlock,
  OneCodeBlockType,
  OneCodeInfo,
  OneCodeOrder,
  OneCodeRechargeBody,
  OneCodeRechargeReply,
  SiteWifiCreateBody,
  WifiCode,
  WifiEncryption,
  WifiShareCreated,
} from '@simshop/contract/iot-codes';
import { ONE_CODE_BLOCKS } from '@simshop/contract/iot-codes';
import type { IotOrderView } from '@simshop/contract/iot-money';
import { utf8Bytes, wifiPasswordProblem, wifiQrText } from '@simshop/contract/wifi-qr';
import type { Db } from '../../db/kysely.ts';
import type { Shopper } from '../../lib/context.ts';
import { invalid } from '../../lib/errors.ts';
import { DAY_MS } from '../../lib/flow-math.ts';
import type { Language } from '../../lib/messages.ts';
import { textsFor } from '../i18n-texts/service.ts';
import type { MoneyTopups } from '../iot-money/service.ts';
import type { Sims } from '../iot-sims/service.ts';
import { qrDataUrl } from './qr.ts';
import * as repo from './repository.ts';

export interface CodesDeps {
  db: Db;
  sims: Sims;
  topups: MoneyTopups;
  now: () => number;
}

/** The app page a machine code opens. */
export const machineCodePage = (code: string) => `/pages-sub/iot/machineCode/index?code=${code}`;

const newToken = () => randomBytes(16).toString('base64url');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The encryption of a device's Wi-Fi as the QR format names it. */
export function encryptionOf(deviceEncrypt: string, password: string): WifiEncryption {
  if (!password || /^(none|open)$/i.test(deviceEncrypt)) return 'nopass';
  return /wep/i.test(deviceEncrypt) ? 'WEP' : 'WPA';
}

/** The blocks a recharge page shows when the promoter configured none. */
const DEFAULT_BLOCKS: OneCodeBlockType[] = ['RechargeNo', 'BtnRecharge', 'ScanRecharge', 'OnlineService'];

export class Codes {
  constructor(private readonly deps: CodesDeps) {}

  // ── Wi-Fi cards ───────────────────────────────────────────────────────────────────────────

  private async saveShare(row: {
    source: 'site' | 'device';
    deviceId: number | null;
    wifiType: string;
    ssid: string;
    password: string;
    encryption: WifiEncryption;
    hidden: boolean;
    title: string;
    days: number;
  }): Promise<WifiShareCreated> {
    const now = this.deps.now();
    const token = newToken();
    const ownerKey = newToken();
    const expiresAt = now + row.days * DAY_MS;
    await repo.insertShare(this.deps.db.db, {
      token_hash: sha256(token),
      owner_key_hash: sha256(ownerKey),
      source: row.source,
      device_id: row.deviceId,
      wifi_type: row.wifiType,
      ssid: row.ssid,
      password: row.encryption === 'nopass' ? '' : row.password,
      encryption: row.encryption,
      hidden: row.hidden ? 1 : 0,
      title: row.title,
      created_at: now,
      expires_at: expiresAt,
      revoked_at: null,
    });
    return { token, ownerKey, ssid: row.ssid, expiresAt };
  }

  /** POST /api/site/wifiCreate: a card for a network typed in (a shop's guest Wi-Fi). */
  async createSiteShare(body: SiteWifiCreateBody): Promise<WifiShareCreated> {
    if (utf8Bytes(body.ssid) > 32) throw invalid('ssid', 'wifi.ssidTooLong');
    const problem = wifiPasswordProblem(body.encryption, body.password);
    if (problem === 'wpa') throw invalid('password', 'wifi.passwordWpa');
    if (problem === 'wep') throw invalid('password', 'wifi.passwordWep');
    if (problem === 'nopass') throw invalid('password', 'wifi.passwordNopass');
    return this.saveShare({ source: 'site', deviceId: null, wifiType: '', ...body, title: body.title.trim() });
  }

  /** POST /api/iot/wifiCreate: a card for a band of the session's device, as it is now. */
  async createDeviceShare(simId: number, body: IotWifiCreateBody): Promise<WifiShareCreated> {
    const device = await this.deps.sims.deviceWifis(simId);
    if (!device) throw invalid('wifiType', 'wifi.noDevice');
    const wifi = device.wifis.find((w) => w.wifiType === body.wifiType);
    if (!wifi?.wifiName) throw invalid('wifiType', 'wifi.noBand', { band: body.wifiType });
    return this.saveShare({
      source: 'device',
      deviceId: device.deviceId,
      wifiType: wifi.wifiType,
      ssid: wifi.wifiName,
      password: wifi.wifiPass,
      encryption: encryptionOf(device.encrypt, wifi.wifiPass),
      hidden: !wifi.showWifi,
      title: body.title.trim(),
      days: body.days,
    });
  }

  /** POST /api/site/wifiRevoke: the owner withdraws a card; its link stops working at once. */
  async revokeShare(token: string, ownerKey: string): Promise<void> {
    const share = await repo.shareByTokenHash(this.deps.db.db, sha256(token));
    if (!share) throw invalid('token', 'wifi.shareGone');
    if (share.owner_key_hash !== sha256(ownerKey)) throw invalid('ownerKey', 'wifi.wrongOwnerKey');
    await repo.revokeShare(this.deps.db.db, share.id, this.deps.now());
  }

  /** GET /api/site/getWifiCode?token=: the network of a card in force. */
  async shareCode(token: string): Promise<WifiCode> {
    const now = this.deps.now();
    const share = await repo.shareByTokenHash(this.deps.db.db, sha256(token));
    if (!share || share.revoked_at !== null || share.expires_at <= now) throw invalid('token', 'wifi.shareGone');
    if (share.source === 'device' && share.device_id !== null) {
      const live = (await this.deps.sims.wifisOfDevice(share.device_id)).find((w) => w.wifiType === share.wifi_type);
      if (!live || live.wifiName !== share.ssid || (share.encryption !== 'nopass' && live.wifiPass !== share.password)) {
        throw invalid('token', 'wifi.shareChanged');
      }
    }
    const encryption = share.encryption as WifiEncryption;
    return this.code({ ssid: share.ssid, password: share.password, encryption, hidden: share.hidden === 1 }, share.title, share.expires_at);
  }

  /** GET /api/site/getWifiCode?wifiType= (SIM session): a band of the card's own device. */
  async deviceCode(simId: number, band: '2.4G' | '5G'): Promise<WifiCode> {
    const device = await this.deps.sims.deviceWifis(simId);
    if (!device) throw invalid('wifiType', 'wifi.noDevice');
    const wifi = device.wifis.find((w) => w.wifiType === band);
    if (!wifi?.wifiName) throw invalid('wifiType', 'wifi.noBand', { band });
    const encryption = encryptionOf(device.encrypt, wifi.wifiPass);
    return this.code(
      { ssid: wifi.wifiName, password: encryption === 'nopass' ? '' : wifi.wifiPass, encryption, hidden: !wifi.showWifi },
      '',
      null,
    );
  }

  private async code(
    n: { ssid: string; password: string; encryption: WifiEncryption; hidden: boolean },
    title: string,
    expiresAt: number | null,
  ): Promise<WifiCode> {
    const qrText = wifiQrText(n);
    return { ...n, title, qrText, qrSvg: await qrDataUrl(qrText), expiresAt };
  }

  // ── Machine codes ─────────────────────────────────────────────────────────────────────────

  private async machineKeyOf(simId: number) {
    const machine = await this.deps.sims.machineOf(simId);
    if (!machine) throw invalid('code', 'oneCode.unknown');
    return { machine, key: machine.deviceId !== null ? `d:${machine.deviceId}` : `s:${machine.simId}` };
  }

  /** GET /api/site/generalOneCodeById (SIM session): the code of the card's machine, made on first ask. */
  async myCode(simId: number): Promise<MyOneCode> {
    const { db } = this.deps.db;
    const { machine, key } = await this.machineKeyOf(simId);
    let row = await repo.codeInUse(db, key);
    if (!row) {
      await repo.insertCodeIfNone(db, {
        code: newToken(),
        machine_key: key,
        device_id: machine.deviceId,
        sim_id: machine.deviceId === null ? machine.simId : null,
        promo_code: machine.promoCode,
        created_at: this.deps.now(),
        revoked_at: null,
      });
      row = await repo.codeInUse(db, key);
    }
    if (!row) throw invalid('code', 'oneCode.unknown');
    return { code: row.code, page: machineCodePage(row.code), createdAt: row.created_at };
  }

  /** POST /api/iot/oneCodeRenew: the old code stops working and the machine gets a new one (a lost sticker). */
  async renewCode(simId: number): Promise<MyOneCode> {
    const { key } = await this.machineKeyOf(simId);
    await repo.retireCode(this.deps.db.db, key, this.deps.now());
    return this.myCode(simId);
  }

  private async target(code: string, language: Language) {
    const row = await repo.codeByValue(this.deps.db.db, code);
    if (!row) throw invalid('code', 'oneCode.unknown');
    const target = await this.deps.sims.rechargeTarget({ deviceId: row.device_id, simId: row.sim_id }, language);
    if (!target) throw invalid('code', 'oneCode.noCard');
    return target;
  }

  /** GET /api/site/getOneCode: the recharge page of a code. */
  async codeInfo(code: string, language: Language): Promise<OneCodeInfo> {
    const target = await this.target(code, language);
    const [choose, blocks] = await Promise.all([this.deps.topups.choose(target.simId, language), this.blocks(target.promoCode, language)]);
    return {
      code,
      maskedNo: target.maskedNo,
      maskedDeviceNo: target.maskedDeviceNo,
      operatorTypeName: target.operatorTypeName,
      blocks,
      offers: choose.offers,
      allowCustom: choose.allowCustom,
      minAmount: choose.minAmount,
      maxAmount: choose.maxAmount,
      payMethods: choose.payMethods,
    };
  }

  private async blocks(promoCode: string, language: Language): Promise<OneCodeBlock[]> {
    const { db } = this.deps.db;
    const rows = (await repo.blocksOf(db, promoCode)).filter((r) => (ONE_CODE_BLOCKS as readonly string[]).includes(r.type));
    if (rows.length === 0) {
      return DEFAULT_BLOCKS.map((type, i) => ({ id: -(i + 1), type, title: '', content: '', url: '', phone: '' }));
    }
    const texts = await textsFor(
      db,
      language,
      'iot_one_code_block',
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      type: r.type as OneCodeBlockType,
      title: texts.text(r.id, 'title', r.title),
      content: texts.text(r.id, 'content', r.content),
      url: r.url,
      phone: r.phone,
    }));
  }

  /** POST /api/site/oneCodeRecharge: a balance top-up of the code's card, paid at the cashier. */
  async recharge(body: OneCodeRechargeBody, idempotencyKey: string, language: Language, shopper: Shopper): Promise<OneCodeRechargeReply> {
    const target = await this.target(body.code, language);
    const { code, ...topup } = body;
    const reply = await this.deps.topups.create(
      { simId: target.simId, simNo: '', idempotencyKey, shopper },
      topup,
      (orderNo) => `/shop/#${machineCodePage(code)}&orderNo=${orderNo}`,
    );
    // A top-up is always paid online (a balance cannot pay for itself), so it has a payment.
    return { order: payerView(reply.order), payment: reply.payment! };
  }

  /** GET /api/site/oneCodeOrder: a top-up of the code's card, as its payer sees it. */
  async order(code: string, orderNo: string, language: Language): Promise<OneCodeOrder> {
    const target = await this.target(code, language);
    const reply = await this.deps.topups.details(target.simId, orderNo, language);
    if (reply.order.kind !== 'balance') throw invalid('orderNo', 'iotOrders.noSuchOrder');
    return payerView(reply.order);
  }
}

const payerView = (o: IotOrderView): OneCodeOrder => ({
  orderNo: o.orderNo,
  status: o.status,
  payAmount: o.payAmount,
  creditBalance: o.creditBalance,
  arrearsSettled: o.arrearsSettled,
});
