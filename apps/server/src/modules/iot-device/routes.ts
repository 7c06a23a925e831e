import { envelope } from '@simshop/contract/envelope';
import {
  apIsolationBody,
  blockClientBody,
  closeBody,
  commandListReply,
  commandQuery,
  deviceCommand,
  deviceSmsList,
  deviceStatus,
  resetBody,
  restartBody,
  securityCentre,
  setWifiDisplayBody,
  setWifiSsidPwdBody,
  simSwitchNetBody,
  smsReadBody,
  switchNetInfo,
  terminalAuthBody,
  terminalAuthSmsBody,
  wifiScheduleBody,
  wirelessAuthList,
  wirelessAuthListBody,
} from '@simshop/contract/iot-device';
import { simLoginCodeReply } from '@simshop/contract/iot-login';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import type { Language } from '../../lib/messages.ts';
import type { App } from '../../lib/route.ts';
import { requireProven } from '../iot-auth/service.ts';
import type { Capability } from '../iot-capabilities/service.ts';
import type { Sims } from '../iot-sims/service.ts';
import type { Devices } from './service.ts';

const tags = ['iot-device'];
const security = [{ simToken: [] }];
const command = { 200: envelope(deviceCommand) };
/** The capabilities a call on a Wi-Fi band needs: the 5 GHz band needs its own. */
const wifiOf = (band: string): Capability[] => (band === '5G' ? ['wifiControl', 'fiveG'] : ['wifiControl']);
/**
 * The device's secrets (clients, messages) and controls need a session that proved possession of
 * the card (41003 otherwise, before the body is read): decision 0105. Its status and usage do not.
 */
const proven = async (req: FastifyRequest) => requireProven(req.sim);

/** Device control calls of the card's device (registered in the SIM-guarded scope). */
export async function deviceRoutes(app: App, devices: Devices, sims: Sims): Promise<void> {
  /** Refuses (40001) a call whose capabilities the card's device model or operator lacks. */
  const needs = async (req: { sim: { simId: number }; ctx: { language: Language } }, capabilities: readonly Capability[]) => {
    for (const c of capabilities) await sims.requireCapability(req.sim.simId, c, req.ctx.language);
  };
  app.post(
    '/api/iot/iotDevice/setWiFiSsidPwd',
    {
      onRequest: proven,
      schema: {
        tags,
        summary: "Set a band's Wi-Fi name (1–32 bytes) and WPA2 password (8–63 printable characters)",
        security,
        body: setWifiSsidPwdBody,
        response: command,
      },
    },
    async (req) => {
      await needs(req, wifiOf(req.body.wifiType));
      return ok(await devices.setWifi(req.sim.simId, req.body));
    },
  );
  app.post(
    '/api/iot/iotDevice/setWiFiDisplay',
    {
      onRequest: proven,
      schema: { tags, summary: "Show or hide a band's Wi-Fi name", security, body: setWifiDisplayBody, response: command },
    },
    async (req) => {
      await needs(req, wifiOf(req.body.wifiType));
      return ok(await devices.setDisplay(req.sim.simId, req.body));
    },
  );
  app.post(
    '/api/iot/iotDevice/restart',
    {
      onRequest: proven,
      schema: { tags, summary: 'Restart the device (off line for a few seconds)', security, body: restartBody, response: command },
    },
    async (req) => ok(await devices.restart(req.sim.simId)),
  );
  app.post(
    '/api/iot/iotDevice/close',
    {
      onRequest: proven,
      schema: {
        tags,
        summary: "Turn a band's Wi-Fi off (confirm and the pay password) or on again (switchWifi true)",
        security,
        body: closeBody,
        response: command,
      },
    },
    async (req) => {
      await needs(req, wifiOf(req.body.wifiType));
      return ok(await devices.close(req.sim.simId, req.body));
    },
  );
  app.post(
    '/api/iot/iotDevice/reset',
    {
      onRequest: proven,
      schema: {
        tags,
        summary: "Factory settings (the device's own Wi-Fi names and passwords), then a restart: confirm and the pay password",
        security,
        body: resetBody,
        response: command,
      },
    },
    async (req) => ok(await devices.reset(req.sim.simId, req.body)),
  );
  app.get(
    '/api/iot/iotDevice/command',
    { schema: { tags, summary: 'A command of the device and its state', security, querystring: commandQuery, response: command } },
    async (req) => ok(await devices.command(req.sim.simId, req.query.commandId)),
  );
  app.get(
    '/api/iot/iotDevice/commandList',
    { schema: { tags, summary: "The device's latest ten commands", security, response: { 200: envelope(commandListReply) } } },
    async (req) => ok({ list: await devices.commands(req.sim.simId) }),
  );
  app.get(
    '/api/iot/iotDevice/status',
    { schema: { tags, summary: "The device's last report", security, response: { 200: envelope(deviceStatus) } } },
    async (req) => ok(await devices.status(req.sim.simId)),
  );

  app.get(
    '/api/iot/simSwitchNetInfo',
    {
      schema: {
        tags,
        summary: "The device's SIMs (operator, signal, data left, real-name, package), its network mode and the latest switch",
        security,
        response: { 200: envelope(switchNetInfo) },
      },
    },
    async (req) => ok(await devices.switchNetInfo(req.sim.simId, req.ctx.language)),
  );
  app.post(
    '/api/iot/simSwitchNet',
    {
      onRequest: proven,
      schema: {
        tags,
        summary: 'Switch the device to another of its SIMs (real-named, with a package), or set its network mode (1 auto, 2 fixed)',
        security,
        body: simSwitchNetBody,
        response: command,
      },
    },
    async (req) => {
      await needs(req, [
        ...(req.body.simNo !== undefined ? (['switchSim'] as const) : []),
        ...(req.body.deviceNetworkMode !== undefined ? (['networkMode'] as const) : []),
      ]);
      return ok(await devices.switchNet(req.sim.simId, req.body));
    },
  );

  app.post(
    '/api/iot/deviceWirelessAuthList',
    {
      onRequest: proven,
      schema: {
        tags,
        summary: "Phones that joined the device's Wi-Fi and whether they are authorised",
        security,
        body: wirelessAuthListBody,
        response: { 200: envelope(wirelessAuthList) },
      },
    },
    async (req) => {
      await needs(req, ['terminalAuth']);
      return ok(await devices.wirelessAuthList(req.sim.simId));
    },
  );
  app.post(
    '/api/iot/deviceTerminalAuthSms',
    {
      onRequest: proven,
      schema: {
        tags,
        summary: "Send a code to the owner's phone of a phone that joined the Wi-Fi (the login-code limits apply)",
        security,
        body: terminalAuthSmsBody,
        response: { 200: envelope(simLoginCodeReply) },
      },
    },
    async (req) => {
      await needs(req, ['terminalAuth']);
      return ok(
        await devices.terminalAuthSms(req.sim.simId, req.body, {
          ip: req.ip,
          now: app.config.now(),
          language: req.ctx.language,
          log: req.log,
          echo: app.config.smsDevCode,
        }),
      );
    },
  );
  app.post(
    '/api/iot/deviceTerminalAuth',
    {
      onRequest: proven,
      schema: {
        tags,
        summary: 'Authorise a phone by its code: the device lets it through',
        security,
        body: terminalAuthBody,
        response: command,
      },
    },
    async (req) => {
      await needs(req, ['terminalAuth']);
      return ok(await devices.terminalAuth(req.sim.simId, req.body, req.ip));
    },
  );

  // ── Security centre (capability `securityCentre`) ──
  app.get(
    '/api/iot/iotDevice/security',
    {
      onRequest: proven,
      schema: {
        tags,
        summary: "The device's clients (blocked or not, their traffic), AP isolation, the night Wi-Fi schedule, unread messages",
        security,
        response: { 200: envelope(securityCentre) },
      },
    },
    async (req) => {
      await needs(req, ['securityCentre']);
      // Phones need authorising only on a device that gates them (Phone access): one record for both screens.
      const gated = await sims.hasCapability(req.sim.simId, 'terminalAuth', req.ctx.language);
      return ok(await devices.security(req.sim.simId, gated));
    },
  );
  app.post(
    '/api/iot/iotDevice/blockClient',
    {
      onRequest: proven,
      schema: {
        tags,
        summary: 'Block a client the device has seen (the device refuses it) or let it in again',
        security,
        body: blockClientBody,
        response: command,
      },
    },
    async (req) => {
      await needs(req, ['securityCentre']);
      return ok(await devices.blockClient(req.sim.simId, req.body));
    },
  );
  app.post(
    '/api/iot/iotDevice/apIsolation',
    {
      onRequest: proven,
      schema: {
        tags,
        summary: 'Turn AP isolation on or off (clients of the Wi-Fi cannot reach each other)',
        security,
        body: apIsolationBody,
        response: command,
      },
    },
    async (req) => {
      await needs(req, ['securityCentre']);
      return ok(await devices.setApIsolation(req.sim.simId, req.body.enabled));
    },
  );
  app.post(
    '/api/iot/iotDevice/wifiSchedule',
    {
      onRequest: proven,
      schema: {
        tags,
        summary: 'The night schedule the device keeps: Wi-Fi off from `off` to `on` (device time UTC+8) on the days chosen',
        security,
        body: wifiScheduleBody,
        response: command,
      },
    },
    async (req) => {
      await needs(req, ['securityCentre']);
      return ok(await devices.setWifiSchedule(req.sim.simId, req.body));
    },
  );
  app.get(
    '/api/iot/iotDevice/smsList',
    {
      onRequest: proven,
      schema: {
        tags,
        summary: "The text messages the device's SIM received (newest first, 50) and how many are unread",
        security,
        response: { 200: envelope(deviceSmsList) },
      },
    },
    async (req) => {
      await needs(req, ['securityCentre']);
      return ok(await devices.smsList(req.sim.simId));
    },
  );
  app.post(
    '/api/iot/iotDevice/smsRead',
    {
      onRequest: proven,
      schema: {
        tags,
        summary: 'Mark a message read; answers the inbox',
        security,
        body: smsReadBody,
        response: { 200: envelope(deviceSmsList) },
      },
    },
    async (req) => {
      await needs(req, ['securityCentre']);
      return ok(await devices.readSms(req.sim.simId, req.body.id));
    },
  );
}
