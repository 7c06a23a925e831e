/**
 * Device control of a portable Wi-Fi (MiFi): Wi-Fi name and password, visibility, restart, Wi-Fi
 * off/on, factory reset (POST /api/iot/iotDevice/*), the commands' states, switching the SIM in use
 * (simSwitchNet) and authorising the phones that join the Wi-Fi (deviceTerminalAuth*).
 */
import { z } from 'zod';
import { mobile } from './auth.ts';
import { msg } from './messages.ts';

export const WIFI_TYPES = ['2.4G', '5G'] as const;
export const wifiType = z.enum(WIFI_TYPES).describe('the Wi-Fi band: 2.4G, or 5G when the device has it');

/** Bytes of a string in UTF-8 (an SSID is 1–32 bytes, not characters). */
export const utf8Bytes = (s: string): number => new TextEncoder().encode(s).length;

/** SSID: 1 to 32 bytes of UTF-8, no control characters. */
export const ssid = z
  .string()
  .refine((s) => utf8Bytes(s) >= 1 && utf8Bytes(s) <= 32, msg('device.ssidLength'))
  .refine((s) => ![...s].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f), msg('device.ssidChars'));

/** WPA2 passphrase: 8 to 63 printable ASCII characters. */
export const wifiPassword = z.string().regex(/^[\x20-\x7e]{8,63}$/, msg('device.passwordRule'));

const payPassword = z.string().regex(/^\d{6}$/, msg('validation.sixDigits'));

/** POST /api/iot/iotDevice/setWiFiSsidPwd */
export const setWifiSsidPwdBody = z.object({ wifiType, wifiName: ssid, wifiPass: wifiPassword });
/** POST /api/iot/iotDevice/setWiFiDisplay: show (broadcast) or hide the SSID. */
export const setWifiDisplayBody = z.object({ wifiType, showWifi: z.boolean() });
/** POST /api/iot/iotDevice/restart */
export const restartBody = z.object({ wifiType: wifiType.optional() });
/** POST /api/iot/iotDevice/close: turns the band's Wi-Fi off (or on again with switchWifi true); turning it off needs the confirmation and pay password. */
export const closeBody = z.object({
  wifiType,
  switchWifi: z.boolean().default(false).describe('false: turn the band off (default); true: turn it on again'),
  confirm: z.boolean().optional().describe('must be true to turn the Wi-Fi off'),
  payPassword: payPassword.optional(),
});
/** POST /api/iot/iotDevice/reset: factory settings (the device's own Wi-Fi names and passwords), then a restart. */
export const resetBody = z.object({
  wifiType: wifiType.optional(),
  confirm: z.boolean().describe('must be true'),
  payPassword: payPassword.optional(),
});

export const COMMAND_KINDS = [
  'setWifi',
  'setDisplay',
  'restart',
  'wifiSwitch',
  'reset',
  'switchSim',
  'networkMode',
  'terminalAuth',
  'blockClient',
  'apIsolation',
  'wifiSchedule',
] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

/** sent: handed to the device; acked: the device has it; applied: the device reports it done; timedOut: no answer in time; failed: the device refused or could not be reached. */
export const COMMAND_STATES = ['pending', 'sent', 'acked', 'applied', 'timedOut', 'failed'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
export const FINAL_STATES: readonly CommandState[] = ['applied', 'timedOut', 'failed'];

export const deviceCommand = z.object({
  commandId: z.string(),
  kind: z.enum(COMMAND_KINDS),
  wifiType: z.string().describe('the band, or empty'),
  state: z.enum(COMMAND_STATES),
  error: z.string().describe('why it failed; empty otherwise'),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  expiresAt: z.number().int(),
});
export type DeviceCommand = z.infer<typeof deviceCommand>;

export const commandQuery = z.object({ commandId: z.string().min(1).max(64) });
export const commandListReply = z.object({ list: z.array(deviceCommand) });

/** GET /api/iot/iotDevice/status: the device's last report. */
export const deviceStatus = z.object({
  deviceNo: z.string(),
  online: z.boolean(),
  battery: z.number().int().describe('percent; -1 unknown'),
  signal: z.number().int().describe('0–5 bars; -1 unknown'),
  clients: z.number().int(),
  currentIccid: z.string(),
  trafficMb: z.number().describe("the device's own traffic meter (MB) this month"),
  reportedAt: z.number().int().nullable(),
  rebooting: z.boolean(),
});
export type DeviceStatus = z.infer<typeof deviceStatus>;

// ── Switching the SIM in use ───────────────────────────────────────────────────────────────────

export const switchNetSim = z.object({
  simNo: z.string(),
  iccid: z.string(),
  operatorType: z.number().int(),
  operatorTypeName: z.string(),
  slot: z.number().int(),
  inUse: z.boolean(),
  signal: z.number().int().describe('0–5 bars as the device last reported; -1 unknown'),
  surplusFlow: z.number().describe('data left (MB); -1 unlimited'),
  realnamed: z.boolean(),
  hasPackage: z.boolean(),
});
export const switchNetInfo = z.object({
  deviceNo: z.string(),
  deviceNetworkMode: z.number().int().describe('1 auto (the device picks the best SIM), 2 fixed (the chosen SIM)'),
  sims: z.array(switchNetSim),
  switching: deviceCommand.nullable().describe('the switch in flight or the last one'),
  targetSimNo: z.string().describe('the SIM of that switch'),
});
export type SwitchNetInfo = z.infer<typeof switchNetInfo>;

/** POST /api/iot/simSwitchNet: switch to a SIM of the device, and/or set the network mode. */
export const simSwitchNetBody = z
  .object({
    simNo: z.string().min(1).max(32).optional(),
    deviceNetworkMode: z.union([z.literal(1), z.literal(2)]).optional(),
  })
  .refine((b) => b.simNo !== undefined || b.deviceNetworkMode !== undefined, msg('device.switchNothing'));

// ── Terminal authorisation ─────────────────────────────────────────────────────────────────────

const mac = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/, msg('device.macFormat'));
export const terminalAuthSmsBody = z.object({ mobile, mac });
export const terminalAuthBody = z.object({ mobile, mac, code: z.string().regex(/^\d{6}$/, msg('validation.smsCode')) });
export const wirelessAuthListBody = z.object({});

export const terminal = z.object({
  mac: z.string(),
  name: z.string().describe('the name the phone gives itself'),
  mobile: z.string().describe('the phone number that authorised it, masked; empty when not authorised'),
  authorized: z.boolean(),
  authorizedAt: z.number().int().nullable(),
  seenAt: z.number().int(),
  commandState: z.string().describe("state of the device's command that lets it in; empty when none"),
});
export const wirelessAuthList = z.object({ deviceNo: z.string(), list: z.array(terminal) });
export type WirelessAuthList = z.infer<typeof wirelessAuthList>;

// ── Security centre: clients, AP isolation, the night schedule, the SIM's SMS inbox ─────────────

/** POST /api/iot/iotDevice/blockClient: the device refuses (block true) or lets in again a client of its Wi-Fi. */
export const blockClientBody = z.object({ mac, block: z.boolean() });
/** POST /api/iot/iotDevice/apIsolation: clients of the Wi-Fi cannot reach each other while on. */
export const apIsolationBody = z.object({ enabled: z.boolean() });

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, msg('device.clockFormat'));
/** The device's night schedule: Wi-Fi off from `off` to `on` (device time, UTC+8) on the days listed (1 Monday … 7 Sunday; a window past midnight belongs to the day it starts). */
export const wifiSchedule = z.object({
  enabled: z.boolean(),
  off: clock.describe('HH:MM when the Wi-Fi goes off'),
  on: clock.describe('HH:MM when it comes back'),
  days: z
    .array(z.number().int().min(1).max(7))
    .min(1, msg('device.scheduleDays'))
    .max(7)
    .refine((d) => new Set(d).size === d.length, msg('device.scheduleDays')),
});
export type WifiSchedule = z.infer<typeof wifiSchedule>;
/** POST /api/iot/iotDevice/wifiSchedule */
export const wifiScheduleBody = wifiSchedule.refine((s) => s.off !== s.on, msg('device.scheduleSame'));

export const securityClient = z.object({
  mac: z.string(),
  name: z.string(),
  band: z.string(),
  blocked: z.boolean().describe('the device refuses it (as its last state says)'),
  authorized: z
    .boolean()
    .nullable()
    .describe('authorised to use the Wi-Fi (the record Phone access shows); null when the device lets phones in without authorisation'),
  trafficMb: z.number().describe('what it used through the device this month (MB)'),
  seenAt: z.number().int(),
  commandState: z.string().describe('state of the latest block or unblock command for it; empty when none'),
});
/** GET /api/iot/iotDevice/security */
export const securityCentre = z.object({
  deviceNo: z.string(),
  apIsolation: z.boolean(),
  schedule: wifiSchedule,
  clients: z.array(securityClient),
  unreadSms: z.number().int(),
  /** The open or latest AP isolation and schedule commands. */
  apIsolationCommand: deviceCommand.nullable(),
  scheduleCommand: deviceCommand.nullable(),
});
export type SecurityCentre = z.infer<typeof securityCentre>;

export const deviceSms = z.object({
  id: z.number().int(),
  from: z.string().describe('the sender, e.g. the carrier service number'),
  text: z.string(),
  receivedAt: z.number().int().describe('when the device received it'),
  read: z.boolean(),
});
/** GET /api/iot/iotDevice/smsList: the messages the device's SIM received, newest first. */
export const deviceSmsList = z.object({ list: z.array(deviceSms), unread: z.number().int() });
export type DeviceSmsList = z.infer<typeof deviceSmsList>;
/** POST /api/iot/iotDevice/smsRead */
export const smsReadBody = z.object({ id: z.number().int().positive() });
